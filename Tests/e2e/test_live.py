"""Live pages in a real browser and through nginx: pages open on /rankings and /matches follow a
match saved elsewhere within a second, without a reload; a hidden tab closes its stream and opens
it again when shown; SIGTERM ends open streams at once; events cross nginx unbuffered, under its
path prefix too."""

import os
import re
import socket
import tempfile
import time
import unittest
import urllib.parse

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from nginx_support import Nginx
from support import (App, chromium, fill_match_form, open_streams, request, sign_in,
                     sign_in_browser, wait_for)


def element(driver, id, what="textContent"):
    """A property of the element with this id, read in one step: a pushed element replaces the
    old one at any moment, so a reference found earlier may be gone."""
    return driver.execute_script(
        "var e = document.getElementById(arguments[0]); return e && e[arguments[1]];", id, what)


def busy(driver):
    return driver.execute_script(
        "return document.getElementById('users').getAttribute('aria-busy')")


def loading_state(driver):
    """Whether Refresh and Clear cache are enabled and the list says it is being made, read in
    one step from one version of the element."""
    return driver.execute_script(
        "var users = document.getElementById('users');"
        "var enabled = label => Array.from(users.querySelectorAll('button'))"
        "  .filter(b => b.textContent.trim() === label).map(b => !b.disabled)[0];"
        "return [enabled('Refresh'), enabled('Clear cache'),"
        "  users.textContent.includes('Making a new set of users')];")


class EventStream:
    """A raw Server-Sent Events reader: what EventSource sends, and the events as they come."""

    def __init__(self, port, path, cookie=None):
        self.socket = socket.create_connection(("127.0.0.1", port))
        self.socket.settimeout(5)
        # A signed-in browser's EventSource sends its session cookie, and sees a member's page.
        session = f"Cookie: {cookie}\r\n" if cookie else ""
        self.socket.sendall(
            f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nAccept: text/event-stream\r\n"
            f"{session}\r\n".encode())
        self.received = b""
        self.head = self.read_until(b"\r\n\r\n")

    def read_until(self, marker):
        while marker not in self.received:
            chunk = self.socket.recv(65536)
            if not chunk:
                raise EOFError(self.received.decode(errors="replace"))
            self.received += chunk
        head, _, self.received = self.received.partition(marker)
        return head.decode()

    def read_data_containing(self, text):
        """Reads until an event whose data holds `text` has arrived; returns the bytes so far."""
        while text.encode() not in self.received:
            chunk = self.socket.recv(65536)
            if not chunk:
                raise EOFError(self.received.decode(errors="replace"))
            self.received += chunk
        return self.received.decode(errors="replace")

    def close(self):
        self.socket.close()


class LiveInBrowser(unittest.TestCase):
    """The pages are watched signed out (reading is everyone's) unless the test needs a member's
    links; matches are saved by a signed-in member, as League writes must be."""

    def setUp(self):
        self.app = App()
        self.addCleanup(self.app.stop)
        self.member = sign_in(self.app, "mo")

    def browser(self, path, base=None, signed_in=False):
        driver = chromium()
        self.addCleanup(driver.quit)
        if signed_in:
            sign_in_browser(driver, base or self.app.base_url, self.member)
        driver.get((base or self.app.base_url) + path)
        # A marker that a reload or navigation would wipe out.
        driver.execute_script("window.notReloaded = true")
        return driver

    def editor(self):
        """A member's browser, to save matches in."""
        driver = chromium()
        self.addCleanup(driver.quit)
        sign_in_browser(driver, self.app.base_url, self.member)
        return driver

    def save_match(self, driver, home, away, home_goals, away_goals):
        """The match form, filled and sent as a person does it."""
        driver.get(self.app.base_url + "/matches/new")
        fill_match_form(driver, home, away, home_goals, away_goals)
        driver.find_element(By.XPATH, "//button[normalize-space()='Save']").click()

    def test_a_saved_match_reaches_open_rankings_and_matches_within_a_second(self):
        rankings = self.browser("/rankings")
        matches = self.browser("/matches")
        self.assertTrue(wait_for(lambda: open_streams(self.app) == 2))
        table_before = element(rankings, "rankings", "outerHTML")
        editor = self.editor()

        self.save_match(editor, "Dev", "Bruno", 9, 8)
        saved = time.monotonic()
        WebDriverWait(matches, 1.0).until(lambda d: "9 : 8" in element(d, "matches"))
        remaining = max(0.05, 1.0 - (time.monotonic() - saved))
        WebDriverWait(rankings, remaining).until(
            lambda d: element(d, "rankings", "outerHTML") != table_before)
        for driver in (rankings, matches):
            self.assertTrue(driver.execute_script("return window.notReloaded === true"))
        # The pushed table is the one a reload shows.
        rankings.refresh()
        self.assertNotEqual(element(rankings, "rankings", "outerHTML"), table_before)

    def test_a_saved_match_adds_its_row_and_leaves_a_focused_row_as_it_is(self):
        """Keyed rows (m:key): the new match's row appears at the top; every row that was there
        keeps its node, and the focused one its focus. The watcher is a member, whose rows have
        links to focus."""
        matches = self.browser("/matches", signed_in=True)
        self.assertTrue(wait_for(lambda: open_streams(self.app) == 1))
        matches.execute_script(
            "window.rowsBefore = Array.from(document.querySelectorAll('#matches tr[data-key]'));"
            "window.tableBefore = document.querySelector('#matches table');"
            "window.rowsBefore[1].querySelector('a').focus();"
            "window.focusedBefore = document.activeElement;")
        count = matches.execute_script("return window.rowsBefore.length")
        self.assertGreaterEqual(count, 2)
        editor = self.editor()
        self.save_match(editor, "Dev", "Bruno", 9, 8)
        WebDriverWait(matches, 2).until(lambda d: "9 : 8" in element(d, "matches"))
        state = matches.execute_script(
            "var rows = Array.from(document.querySelectorAll('#matches tr[data-key]'));"
            "return {count: rows.length,"
            " first: rows[0].textContent,"
            " newIsFirst: window.rowsBefore.indexOf(rows[0]) < 0,"
            " kept: window.rowsBefore.every(function (r, i) { return rows[i + 1] === r; }),"
            " table: document.querySelector('#matches table') === window.tableBefore,"
            " focused: document.activeElement === window.focusedBefore"
            "   && window.rowsBefore[1].contains(document.activeElement)};")
        self.assertEqual(state["count"], count + 1)
        self.assertIn("9 : 8", state["first"])
        self.assertTrue(state["newIsFirst"])
        self.assertTrue(state["kept"], "a row that did not change was rebuilt")
        self.assertTrue(state["table"], "the table around the rows was rebuilt")
        self.assertTrue(state["focused"], "the focused row lost its focus")
        self.assertTrue(matches.execute_script("return window.notReloaded === true"))
        # What the browser made of the row operations is what a reload shows.
        shown = element(matches, "matches", "outerHTML")
        matches.refresh()
        self.assertEqual(element(matches, "matches", "outerHTML"), shown)

    def test_a_full_page_of_matches_follows_a_save_as_a_reload_shows_it(self):
        """A full first page: a saved match adds its row, the last row goes to page 2 and the
        count above the list changes (the markup outside the rows): the page ends as a reload
        shows it, and the rows that stayed keep their nodes."""
        form = request("127.0.0.1", self.app.port, "GET", "/matches/new",
                       headers={"Cookie": self.member}).text
        players = re.findall(r'name="home" value="([0-9a-f-]{36})"', form)
        for n in range(55):
            self.assertEqual(self.app_post("/matches/new", [
                ("home", players[n % len(players)]), ("away", players[(n + 1) % len(players)]),
                ("homeGoals", str(n % 5)), ("awayGoals", "1")]).status, 303)
        matches = self.browser("/matches")
        self.assertTrue(wait_for(lambda: open_streams(self.app) == 1))
        matches.execute_script(
            "window.rowsBefore = Array.from(document.querySelectorAll('#matches tr[data-key]'));")
        subtitle = matches.execute_script(
            "return document.querySelector('#matches .subtitle').textContent")
        self.assertEqual(self.app_post("/matches/new", [
            ("home", players[0]), ("away", players[1]), ("homeGoals", "9"),
            ("awayGoals", "8")]).status, 303)
        WebDriverWait(matches, 2).until(lambda d: "9 : 8" in element(d, "matches"))
        WebDriverWait(matches, 2).until(lambda d: d.execute_script(
            "return document.querySelector('#matches .subtitle').textContent") != subtitle)
        kept = matches.execute_script(
            "var rows = Array.from(document.querySelectorAll('#matches tr[data-key]'));"
            "return window.rowsBefore.slice(0, -1).every(function (r, i) {"
            "  return rows[i + 1] === r; }) && !window.rowsBefore[49].isConnected;")
        self.assertTrue(kept)
        shown = element(matches, "matches", "outerHTML")
        self.assertTrue(matches.execute_script("return window.notReloaded === true"))
        matches.refresh()
        self.assertEqual(element(matches, "matches", "outerHTML"), shown)

    def test_an_open_edit_form_shows_the_stored_match_and_keeps_what_is_typed(self):
        driver = self.browser("/matches", signed_in=True)
        driver.find_element(By.LINK_TEXT, "Edit").click()
        WebDriverWait(driver, 5).until(lambda d: d.title == "Edit Match · MVVMWeb")
        driver.execute_script("window.notReloaded = true")
        stored_before = element(driver, "stored-match")
        self.assertTrue(stored_before.startswith("Saved as: "))
        goals = driver.find_element(By.ID, "homeGoals")
        goals.clear()
        goals.send_keys("4")
        # Someone else saves the same match with other goals.
        path = urllib.parse.urlsplit(driver.current_url).path
        someone = {"Cookie": sign_in(self.app, "someone")}
        form = request("127.0.0.1", self.app.port, "GET", path, headers=someone).text
        players = re.findall(r'name="(home|away)" value="([0-9a-f-]{36})" checked', form)
        saved = request("127.0.0.1", self.app.port, "POST", path,
                        body=players + [("homeGoals", "13"), ("awayGoals", "12")],
                        headers={"Origin": self.app.base_url, **someone})
        self.assertEqual(saved.status, 303)
        WebDriverWait(driver, 2).until(lambda d: " 13 : 12 " in element(d, "stored-match"))
        # What this person typed, and where, is untouched.
        self.assertEqual(driver.execute_script("return document.activeElement.id"), "homeGoals")
        self.assertEqual(driver.find_element(By.ID, "homeGoals").get_attribute("value"), "4")
        self.assertTrue(driver.execute_script("return window.notReloaded === true"))

    def test_a_hidden_tab_closes_its_stream_and_reopens_it_when_shown(self):
        driver = self.browser("/rankings")
        self.assertTrue(wait_for(lambda: open_streams(self.app) == 1))
        page = driver.current_window_handle
        driver.switch_to.new_window("tab")  # The rankings tab is now hidden.
        driver.get(self.app.base_url + "/playlist")  # A page without live parts.
        self.assertTrue(wait_for(lambda: open_streams(self.app) == 0))
        # A change while hidden is caught up on when the tab is shown again.
        self.assertEqual(
            self.app_post("/players/new", {"name": "Hidden Hana"}).status, 303)
        driver.switch_to.window(page)
        self.assertTrue(wait_for(lambda: open_streams(self.app) == 1))
        WebDriverWait(driver, 2).until(lambda d: "Hidden Hana" in element(d, "rankings"))
        self.assertTrue(driver.execute_script("return window.notReloaded === true"))

    def test_a_refresh_shows_the_loading_state_then_the_new_users_everywhere(self):
        # A longer refresh than the default, so a busy machine still sees its loading state.
        slow = App("--users-latency", "2")
        self.addCleanup(slow.stop)
        watcher = self.browser("/users", base=slow.base_url)
        actor = self.browser("/users", base=slow.base_url)
        first_before = watcher.find_element(By.CSS_SELECTOR, ".user-list li").text
        actor.find_element(By.XPATH, "//button[normalize-space()='Refresh']").click()
        # Seen by the other open list, read in one step: busy, both buttons disabled, the words.
        WebDriverWait(watcher, 2).until(lambda d: busy(d) == "true")
        self.assertEqual(loading_state(watcher), [False, False, True])
        WebDriverWait(watcher, 5).until(lambda d: busy(d) is None)
        self.assertEqual(loading_state(watcher), [True, True, False])
        self.assertNotEqual(
            watcher.find_element(By.CSS_SELECTOR, ".user-list li").text, first_before)
        self.assertTrue(watcher.execute_script("return window.notReloaded === true"))

    def app_post(self, path, form):
        return request("127.0.0.1", self.app.port, "POST", path, body=form,
                       headers={"Origin": self.app.base_url, "Cookie": self.member})


class LiveStreamsEnd(unittest.TestCase):
    def test_sigterm_ends_every_stream_at_once(self):
        app = App("--drain-timeout", "30")
        streams = [EventStream(app.port, "/rankings") for _ in range(3)]
        for stream in streams:
            self.assertIn("200 OK", stream.head)
            stream.read_data_containing("data: rankings")
        started = time.monotonic()
        self.assertEqual(app.stop(), 0)
        self.assertLess(time.monotonic() - started, 5)  # Far inside the 30 s drain deadline.
        for stream in streams:
            self.assertTrue(stream.read_data_containing("0\r\n\r\n").endswith("0\r\n\r\n"))
            stream.close()


class LiveThroughNginx(unittest.TestCase):
    def setUp(self):
        socket_dir = tempfile.mkdtemp(prefix="mvvmweb-sock-")
        path = os.path.join(socket_dir, "app.sock")
        self.app = App(unix_socket=path)
        self.addCleanup(self.app.stop)
        self.nginx = Nginx(upstream_socket=path)
        self.addCleanup(self.nginx.stop)
        # Players are added by a signed-in member.
        self.member = sign_in(self.app, "mo")

    def test_events_cross_nginx_unbuffered_at_the_root_and_under_the_prefix(self):
        root = EventStream(self.nginx.port, "/rankings")
        # A member's list, whose rows link to their edit forms.
        prefixed = EventStream(self.nginx.port, "/league/matches", cookie=self.member)
        for stream in (root, prefixed):
            self.addCleanup(stream.close)
            self.assertIn("200 OK", stream.head)
            self.assertIn("Content-Type: text/event-stream", stream.head)
        root.read_data_containing("data: rankings")
        # Under the prefix, the pushed links carry it like the page's own.
        self.assertIn('href="/league/matches/', prefixed.read_data_containing("data: matches"))
        self.assertEqual(self.nginx.post("/players/new", {"name": "Proxied Paz"},
                                         headers={"Cookie": self.member}).status, 303)
        self.assertIn("<td>Proxied Paz</td>", root.read_data_containing("Proxied Paz"))

    def test_a_browser_behind_nginx_follows_the_rankings(self):
        driver = chromium()
        self.addCleanup(driver.quit)
        driver.get(f"http://127.0.0.1:{self.nginx.port}/league/rankings")
        driver.execute_script("window.notReloaded = true")
        self.assertEqual(self.nginx.post("/league/players/new", {"name": "Nginx Nell"},
                                         headers={"Cookie": self.member}).status, 303)
        WebDriverWait(driver, 2).until(lambda d: "Nginx Nell" in element(d, "rankings"))
        self.assertTrue(driver.execute_script("return window.notReloaded === true"))


if __name__ == "__main__":
    unittest.main()
