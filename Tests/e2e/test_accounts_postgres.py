"""Accounts on two mvvmweb instances sharing one PostgreSQL database (issues 53 and 54): a session
ended on one instance is ended on both within a second (their live streams close, the old cookie
is refused on the other), by a sign-out or by `mvvmweb accounts end-sessions` run against the
database; and the sign-in throttle counts failures for both instances, so 20 wrong passwords from
20 addresses slow down after 5 on either, and the right password works once the wait is over. On
SQLite, the same command run beside the one server closes its streams through the file."""

import re
import subprocess
import time
import unittest

from accounts_support import PASSWORD, SessionStream, get, post
from support import ROOT, App, binary_path, sign_in, two_instances_on_postgres


class TwoInstancesShareSessions(unittest.TestCase):
    def setUp(self):
        self.postgres, self.first, self.second = two_instances_on_postgres(self)
        self.store = ("--database", self.postgres.url)

    def follow_matches_on_both(self, cookie):
        streams = []
        for app in (self.first, self.second):
            stream = SessionStream(app.port, "/matches", cookie)
            self.addCleanup(stream.close)
            self.assertEqual(stream.status, 200, stream.head)
            stream.read_data_containing("data: matches")
            streams.append(stream)
        return streams

    def assert_refused_on(self, app, cookie):
        """The cookie no longer signs anyone in on `app`: its account page and a write are sent
        to the sign-in page, and nothing is written."""
        account = get(app, "/account", cookie)
        self.assertEqual(account.status, 303, account.text)
        self.assertEqual(account.headers["location"], "/sign-in?return=%2Faccount")
        before = self.postgres.scalar("SELECT count(*) FROM match")
        form = get(self.first, "/matches/new", self.fresh_member_cookie).text
        players = re.findall(r'name="home" value="([0-9a-f-]{36})"', form)
        self.assertGreaterEqual(len(players), 2)
        write = post(app, "/matches/new", {"token": "after-the-end", "home": players[0],
                                           "away": players[1], "homeGoals": "3",
                                           "awayGoals": "0"}, cookie)
        self.assertEqual(write.status, 303, write.text)
        self.assertTrue(write.headers["location"].startswith("/sign-in?"),
                        write.headers["location"])
        self.assertEqual(self.postgres.scalar("SELECT count(*) FROM match"), before)

    def test_signing_out_on_one_instance_closes_both_streams_within_a_second(self):
        cookie = sign_in(self.first, "ada", "member", PASSWORD, *self.store)
        self.fresh_member_cookie = sign_in(self.first, "bruno", "member", PASSWORD, *self.store)
        # The session works on B before it ends.
        self.assertEqual(get(self.second, "/account", cookie).status, 200)
        streams = self.follow_matches_on_both(cookie)

        for stream in streams:
            stream.watch(2.0)
        started = time.monotonic()
        signed_out = post(self.first, "/sign-out", {}, cookie)
        self.assertEqual(signed_out.status, 303)
        self.assertEqual(signed_out.headers["location"], "/sign-in")
        ends = [stream.ended() for stream in streams]
        self.assertNotIn(None, ends, "a stream was still open 2 s after the sign-out")
        took = [end - started for end in ends]
        print(f"\n  sign-out on A: stream on A ended after {took[0] * 1000:.1f} ms, "
              f"on B after {took[1] * 1000:.1f} ms")
        self.assertLess(max(took), 1.0)

        self.assert_refused_on(self.second, cookie)
        self.assert_refused_on(self.first, cookie)

    def test_ending_sessions_from_the_command_line_closes_both_instances_streams(self):
        cookie = sign_in(self.first, "ada", "member", PASSWORD, *self.store)
        self.fresh_member_cookie = sign_in(self.first, "bruno", "member", PASSWORD, *self.store)
        streams = self.follow_matches_on_both(cookie)
        # Another person's stream stays open: only Ada's sessions end.
        bystander = SessionStream(self.second.port, "/matches", self.fresh_member_cookie)
        self.addCleanup(bystander.close)
        bystander.read_data_containing("data: matches")

        for stream in streams:
            stream.watch(32.0)
        started = time.monotonic()
        ended = subprocess.run([binary_path(), "accounts", "end-sessions", "ada", *self.store],
                               cwd=ROOT, capture_output=True, text=True, timeout=30)
        returned = time.monotonic()
        self.assertEqual(ended.returncode, 0, ended.stderr)
        ends = [stream.ended() for stream in streams]
        self.assertNotIn(None, ends, "a stream was still open 32 s after the command started")
        print(f"\n  accounts end-sessions: the command took {(returned - started) * 1000:.1f} ms;"
              f" streams ended {(ends[0] - started) * 1000:.1f} ms (A) and "
              f"{(ends[1] - started) * 1000:.1f} ms (B) after it started")
        # Within a second of the command's end (its own start-up is not the instances' doing).
        self.assertLess(max(end - returned for end in ends), 1.0)
        self.assertIsNone(bystander.wait_for_end(0.3), "another account's stream was closed")

        self.assert_refused_on(self.first, cookie)
        self.assert_refused_on(self.second, cookie)


class TheCommandBesideAServerOnSQLite(unittest.TestCase):
    """With SQLite, `accounts` runs as another process on the server's file: what it ends reaches
    the running server through the file's notices, which the server reads twice a second."""

    def setUp(self):
        self.app = App()
        self.addCleanup(self.app.stop)

    def test_ending_sessions_from_the_command_line_closes_the_servers_streams(self):
        cookie = sign_in(self.app, "ada", "member", PASSWORD)
        other = sign_in(self.app, "bruno", "member", PASSWORD)
        streams = []
        for session in (cookie, other):
            stream = SessionStream(self.app.port, "/matches", session)
            self.addCleanup(stream.close)
            self.assertEqual(stream.status, 200, stream.head)
            stream.read_data_containing("data: matches")
            streams.append(stream)
        streams[0].watch(32.0)
        ended = subprocess.run([binary_path(), "accounts", "end-sessions", "ada", "--data",
                                self.app.data], cwd=ROOT, capture_output=True, text=True,
                               timeout=30)
        returned = time.monotonic()
        self.assertEqual(ended.returncode, 0, ended.stderr)
        end = streams[0].ended()
        self.assertIsNotNone(end, "Ada's stream was still open 32 s after the command started")
        print(f"\n  accounts end-sessions on SQLite: the stream ended "
              f"{(end - returned) * 1000:.1f} ms after the command returned")
        self.assertLess(end - returned, 1.0)
        self.assertIsNone(streams[1].wait_for_end(0.3), "another account's stream was closed")
        account = get(self.app, "/account", cookie)
        self.assertEqual(account.status, 303, account.text)


class TheThrottleCountsForBothInstances(unittest.TestCase):
    def setUp(self):
        self.postgres, self.first, self.second = two_instances_on_postgres(self)
        sign_in(self.first, "cleo", "member", PASSWORD, "--database", self.postgres.url)

    def test_twenty_wrong_passwords_from_twenty_addresses_slow_down_after_five_on_both(self):
        answers = []
        for n in range(20):
            app = (self.first, self.second)[n % 2]
            answer = post(app, "/sign-in", {"name": "cleo", "password": f"wrong guess {n}",
                                           "return": "/"}, client=f"203.0.113.{n + 1}")
            answers.append((app is self.first and "A" or "B", answer))
        statuses = [answer.status for _, answer in answers]
        self.assertEqual(statuses, [422] * 5 + [429] * 15,
                         "the answers to 20 wrong passwords, in order")
        for where, answer in answers[5:]:
            self.assertRegex(answer.headers.get("retry-after", ""), r"^[1-9][0-9]*$", where)
            self.assertIn("Too many wrong tries for this account or from this address: wait",
                          answer.text)
        self.assertEqual({where for where, _ in answers[5:]}, {"A", "B"})
        for _, answer in answers[:5]:
            self.assertIn("The name or the password is wrong.", answer.text)
            self.assertNotIn("set-cookie", answer.headers)

        # The right password, from an address never seen, waits too: the account is throttled.
        early = post(self.second, "/sign-in", {"name": "cleo", "password": PASSWORD,
                                               "return": "/"}, client="198.51.100.7")
        self.assertEqual(early.status, 429)
        self.assertNotIn("set-cookie", early.headers)
        wait = int(early.headers["retry-after"])
        print(f"\n  Retry-After after 5 failures: {wait} s")
        time.sleep(wait)  # What the answer asks for, and what a person would do.

        right = post(self.second, "/sign-in", {"name": "cleo", "password": PASSWORD,
                                               "return": "/matches"}, client="198.51.100.7")
        self.assertEqual(right.status, 303, right.text)
        self.assertEqual(right.headers["location"], "/matches")
        self.assertRegex(right.headers["set-cookie"],
                         r"^mvvmweb-session=[A-Za-z0-9_-]{43}; ")
        # The new session works on the other instance too.
        cookie = right.headers["set-cookie"].split(";", 1)[0]
        self.assertEqual(get(self.first, "/account", cookie).status, 200)


if __name__ == "__main__":
    unittest.main()
