"""Two mvvmweb instances on one PostgreSQL database behind one nginx upstream: posts spread over
both and land exactly once, a double submit reaching both instances records one match, a live
page open on one instance follows a save made through the other, and killing an instance under
load loses no acknowledged write while nginx keeps serving from the other."""

import concurrent.futures
import os
import re
import shutil
import signal
import subprocess
import tempfile
import time
import unittest
import uuid

from nginx_support import Nginx
from support import (ROOT, App, Postgres, binary_path, request, sign_in,
                     two_instances_on_postgres)
from test_live import EventStream


def player_ids(app, member):
    """The players the match form offers, to the member whose session `member` is."""
    form = request("127.0.0.1", app.port, "GET", "/matches/new", headers={"Cookie": member}).text
    return re.findall(r'name="home" value="([0-9a-f-]{36})"', form)


def posted_to(app):
    """How many match posts this instance answered, from its own /metrics."""
    text = request("127.0.0.1", app.port, "GET", "/metrics").text
    return sum(float(line.rsplit(" ", 1)[1]) for line in text.split("\n")
               if line.startswith('http_requests_total{') and 'route="/matches/new"' in line
               and 'status="303"' in line)


class TwoInstancesOnPostgres(unittest.TestCase):
    def setUp(self):
        self.postgres, self.first, self.second = two_instances_on_postgres(self)
        self.nginx = Nginx(upstream_ports=[self.first.port, self.second.port])
        self.addCleanup(self.nginx.stop)
        # One member's session, kept in the shared database, holds on both instances.
        self.member = sign_in(self.first, "mo", "member", "a long and unusual passphrase",
                              "--database", self.postgres.url)
        self.players = player_ids(self.first, self.member)

    def match_form(self, token, home_goals=1):
        return {"token": token, "home": self.players[0], "away": self.players[1],
                "homeGoals": str(home_goals), "awayGoals": "0"}

    def matches(self):
        return int(self.postgres.scalar("SELECT count(*) FROM match"))

    def test_fifty_concurrent_posts_through_nginx_land_exactly_once_on_both(self):
        before = self.matches()
        with concurrent.futures.ThreadPoolExecutor(max_workers=10) as pool:
            answers = list(pool.map(
                lambda n: self.nginx.post("/matches/new", self.match_form(f"post-{n}", n % 10),
                                          headers={"Cookie": self.member}),
                range(50)))
        self.assertEqual([answer.status for answer in answers], [303] * 50)
        self.assertEqual(self.matches(), before + 50)
        # nginx spread them: each instance answered some.
        self.assertGreater(posted_to(self.first), 0)
        self.assertGreater(posted_to(self.second), 0)
        # The standings agree with the matches, whichever instance wrote them.
        self.assertEqual(
            self.postgres.scalar("SELECT sum(played) FROM player"),
            self.postgres.scalar("SELECT count(*) FROM match_player"))

    def test_a_double_submit_landing_on_both_instances_records_one_match(self):
        before = self.matches()
        form = self.match_form(str(uuid.uuid4()))
        with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
            answers = list(pool.map(
                lambda app: request("127.0.0.1", app.port, "POST", "/matches/new", body=form,
                                    headers={"Origin": app.base_url, "Cookie": self.member}),
                [self.first, self.second]))
        self.assertEqual([answer.status for answer in answers], [303, 303])
        self.assertEqual(self.matches(), before + 1)

    def test_a_live_page_on_one_instance_follows_a_save_through_the_other(self):
        stream = EventStream(self.second.port, "/matches")
        self.addCleanup(stream.close)
        stream.read_data_containing("data: matches")
        saved = request("127.0.0.1", self.first.port, "POST", "/matches/new",
                        body=self.match_form(str(uuid.uuid4()), home_goals=9),
                        headers={"Origin": self.first.base_url, "Cookie": self.member})
        self.assertEqual(saved.status, 303)
        started = time.monotonic()
        self.assertIn("9 : 0", stream.read_data_containing("9 : 0"))
        self.assertLess(time.monotonic() - started, 1.0)

    def test_killing_an_instance_under_load_loses_no_acknowledged_write(self):
        acknowledged = []

        def post(n):
            try:
                answer = self.nginx.post("/matches/new", self.match_form(f"load-{n}"),
                                         headers={"Cookie": self.member})
                if answer.status == 303:
                    acknowledged.append(f"load-{n}")
            except OSError:
                pass

        with concurrent.futures.ThreadPoolExecutor(max_workers=8) as pool:
            futures = [pool.submit(post, n) for n in range(120)]
            time.sleep(0.2)
            self.first.process.send_signal(signal.SIGKILL)
            concurrent.futures.wait(futures)
        tokens = set(self.postgres.scalar(
            "SELECT string_agg(token, ',') FROM match WHERE token LIKE 'load-%'").split(","))
        self.assertGreater(len(acknowledged), 0)
        self.assertEqual(set(acknowledged) - tokens, set())  # Every 303 is in the database.
        # nginx passes over the dead instance: the site keeps answering.
        for _ in range(4):
            self.assertEqual(self.nginx.get("/rankings").status, 200)


def migrate_data(*args):
    return subprocess.run([binary_path(), "migrate-data", *args], capture_output=True, text=True,
                          timeout=120)


def table(html):
    """The page's main content: the same league shows the same table on any store."""
    return re.search(r"<main.*</main>", html, re.S).group(0)


class MovingASQLiteLeagueIntoPostgres(unittest.TestCase):
    """`mvvmweb migrate-data`, the README's way from one SQLite file to a shared database."""

    def setUp(self):
        self.postgres = Postgres()
        self.addCleanup(self.postgres.stop)
        self.folder = tempfile.mkdtemp(prefix="mvvmweb-e2e-move-")
        self.addCleanup(shutil.rmtree, self.folder, True)
        self.data = os.path.join(self.folder, "data")
        # A site on SQLite with the demo league and a match posted through its form.
        site = App(data=self.data)
        member = sign_in(site, "mo")
        self.member = member
        players = player_ids(site, member)
        form = {"token": "posted-before-the-move", "home": players[0], "away": players[1],
                "homeGoals": "4", "awayGoals": "0"}
        self.assertEqual(request("127.0.0.1", site.port, "POST", "/matches/new", form,
                                 headers={"Cookie": member}).status, 303)
        self.pages = {path: table(request("127.0.0.1", site.port, "GET", path).text)
                      for path in ("/rankings", "/matches")}
        self.assertEqual(site.stop(), 0)

    def test_the_league_moves_whole_and_a_second_run_changes_nothing(self):
        moved = migrate_data("--from", f"sqlite:{self.data}", "--to", self.postgres.url)
        self.assertEqual(moved.returncode, 0, moved.stderr)
        self.assertEqual(moved.stderr, "")
        self.assertRegex(
            moved.stdout,
            r"^Copied 6 players, 9 matches and 1098 memories from sqlite:\S+/mvvmweb.sqlite to "
            + re.escape(self.postgres.url) + r" in \d+\.\d s\.\n"
            + r"Copied 2 accounts, 0 passkeys and 1 session\.\nThe memories' pictures stay")
        self.assertEqual(self.postgres.scalar("SELECT count(*) FROM match"), "9")
        self.assertEqual(self.postgres.scalar("SELECT string_agg(name, ',' ORDER BY name) "
                                              "FROM mvvmweb_account"), "admin,mo")

        app = App("--database", self.postgres.url, demo=False)
        self.addCleanup(app.stop)
        for path, html in self.pages.items():
            self.assertEqual(table(request("127.0.0.1", app.port, "GET", path).text), html, path)
        # Whoever was signed in before the move still is, on the new database.
        account = request("127.0.0.1", app.port, "GET", "/account",
                          headers={"Cookie": self.member})
        self.assertEqual(account.status, 200)
        self.assertIn("Signed in as <strong>mo</strong> (member)", account.text)

        again = migrate_data("--from", f"sqlite:{self.data}/mvvmweb.sqlite", "--to",
                             self.postgres.url)
        self.assertEqual(again.returncode, 0, again.stderr)
        self.assertEqual(again.stderr, "")  # No NOTICE from the migrations that find their tables.
        self.assertTrue(again.stdout.startswith(
            f"{self.postgres.url} already had this league; 1098 memories copied again."),
            again.stdout)
        self.assertEqual(self.postgres.scalar("SELECT count(*) FROM match"), "9")

    def test_accounts_copy_moves_the_accounts_alone_and_keeps_people_signed_in(self):
        copy = [binary_path(), "accounts", "copy", "--data", self.data,
                "--to-database", self.postgres.url]
        for _ in range(2):  # A second run finds them there and changes nothing.
            copied = subprocess.run(copy, capture_output=True, text=True, timeout=120)
            self.assertEqual(copied.returncode, 0, copied.stderr)
            self.assertEqual(copied.stdout, "Copied 2 accounts, 0 passkeys and 1 session from "
                             f"{self.data} to {self.postgres.url}.\n")
        self.assertEqual(self.postgres.scalar("SELECT count(*) FROM mvvmweb_account"), "2")
        app = App("--database", self.postgres.url, demo=False)
        self.addCleanup(app.stop)
        account = request("127.0.0.1", app.port, "GET", "/account",
                          headers={"Cookie": self.member})
        self.assertEqual(account.status, 200)
        self.assertIn("Signed in as <strong>mo</strong> (member)", account.text)

    def test_a_database_holding_another_league_is_refused_untouched(self):
        other = self.postgres.new_database("other")
        App("--database", other).stop()  # Seeds its own demo league.
        refused = migrate_data("--from", f"sqlite:{self.data}", "--to", other)
        self.assertEqual(refused.returncode, 1)
        self.assertEqual(refused.stdout, "")
        self.assertIn("the target already has a league (6 players, 8 matches)", refused.stderr)
        self.assertEqual(len(refused.stderr.strip().split("\n")), 1, refused.stderr)

    def test_bad_places_get_one_line(self):
        cases = [
            (["--from", "mysql://db/league", "--to", self.postgres.url], 64,
             "mvvmweb: --from takes sqlite:PATH or a postgres:// URL, not mysql://db/league"),
            (["--from", f"sqlite:{self.folder}/missing.sqlite", "--to", self.postgres.url], 1,
             f"mvvmweb: there is no SQLite database at {self.folder}/missing.sqlite"),
            (["--from", f"sqlite:{self.data}", "--to",
              "postgres://ann:secret@127.0.0.1:1/league"], 1,
             "mvvmweb: cannot open the database postgres://ann:***@127.0.0.1:1/league: "),
        ]
        # An argument out of place is quoted back without its password.
        cases.append((["postgres://ann:secret@db/x", "--from", f"sqlite:{self.data}", "--to",
                       self.postgres.url], 64, "mvvmweb: Unexpected argument"))
        for args, code, line in cases:
            answer = migrate_data(*args)
            self.assertEqual(answer.returncode, code, answer.stderr)
            self.assertTrue(answer.stderr.startswith(line), answer.stderr)
            self.assertEqual(answer.stderr.count("\n"), 1, answer.stderr)
            self.assertNotIn("secret", answer.stderr)


class StartingOnADatabaseThatCannotBeOpened(unittest.TestCase):
    """A bad URL, a server nobody answers on, or credentials the server refuses: one line naming
    the database and the reason, exit 1, at start."""

    def test_each_gets_one_line_and_exit_1(self):
        postgres = Postgres()
        self.addCleanup(postgres.stop)
        cases = [
            ("postgres://ann:secret@[::1/league", "the database URL is not valid"),
            ("postgres://ann:secret@127.0.0.1:1/league",
             'connection to server at "127.0.0.1", port 1 failed: Connection refused'),
            (f"postgresql:///league?host={postgres.folder}&user=nobody",
             'role "nobody" does not exist'),
            # libpq would quote the part it cannot read: here, the password.
            ("postgres://ann:se%zzsecret@db/league", "the database URL is not valid"),
        ]
        for url, reason in cases:
            started = time.monotonic()
            answer = subprocess.run(
                [binary_path(), "serve", "--port", "0", "--database", url, "--data",
                 tempfile.mkdtemp(prefix="mvvmweb-e2e-bad-db-")],
                cwd=ROOT, capture_output=True, text=True, timeout=60)
            self.assertEqual(answer.returncode, 1, answer.stderr)
            self.assertLess(time.monotonic() - started, 15)
            lines = answer.stderr.strip().split("\n")
            self.assertEqual(len(lines), 1, answer.stderr)
            self.assertTrue(lines[0].startswith("mvvmweb: cannot open the database "), lines[0])
            self.assertIn(reason, lines[0])
            self.assertNotIn("secret", lines[0])


if __name__ == "__main__":
    unittest.main()
