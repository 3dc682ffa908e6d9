"""The test kit's page model (MVVMWebTesting: a TestPage that a live stream's events are applied
to, as live.js applies them) against live.js itself in headless Chromium: the same page and the
same events go to both, and after every event the page's live elements must be the same, markup
for markup; an event one gives up on, the other must give up on too.

The events are recorded from the demo's own streams of /rankings and /matches while a player and
matches are added, edited and deleted, so that rows are added, moved, changed and dropped and the
markup around them changes in part (a count) and whole (the pager coming and going). Pages of our
own add what the demo never sends: markup around the rows the server could not split (applied
along the path to the rows), live elements inside live elements, events for elements a page does
not have, and events that do not fit, which the script gives up on (it opens its stream again)
and the model refuses. The model runs as the LiveReplay executable ($LIVE_REPLAY_BIN, which
scripts/test builds, or the debug build folder's); the browser gets the recording from a small
server that plays it back."""

import http.client
import json
import os
import re
import subprocess
import threading
import unittest
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from selenium.webdriver.support.ui import WebDriverWait

from support import ROOT, App, chromium, request, sign_in

LIVE_JS = os.path.join(ROOT, "Sources", "MVVMWeb", "Live", "live.js")
LIVE_JS_PATH = "/static/mvvmweb/live.js"
# The played-back page's step marker, swapped by a plain event after each event played: as it
# lands, the page notes its live elements, which are then what every event before it made.
STEP_MARKER = '<p id="replay-step">0</p>'
NOTE_STEPS = """<script>
window.steps = [];
new MutationObserver(function (records) {
  records.forEach(function (record) {
    record.addedNodes.forEach(function (node) {
      if (node.id !== 'replay-step' || node.textContent === '0') return;
      window.steps.push(Array.prototype.map.call(document.querySelectorAll('[data-live]'),
        function (element) { return element.outerHTML; }));
    });
  });
}).observe(document, {childList: true, subtree: true});
</script>"""


def step(number):
    return {"event": None, "data": f'replay-step\n<p id="replay-step">{number}</p>'}


def replay_path():
    path = os.environ.get("LIVE_REPLAY_BIN") or os.path.join(ROOT, ".build", "debug", "LiveReplay")
    if not os.path.exists(path):
        raise RuntimeError(f"no LiveReplay at {path}: run 'swift build --product LiveReplay' first")
    return path


def in_the_model(path, page, events):
    """The page model's outcome: {"steps": [the live elements' markup after each event]}, and
    "failure" (words) when an event did not fit."""
    replay = json.dumps({"path": path, "page": page, "events": events}).encode()
    done = subprocess.run(
        [replay_path()], input=replay, capture_output=True, timeout=60, check=True)
    return json.loads(done.stdout)


def sse(event):
    """One event as a stream writes it."""
    lines = [f"id: {event['id']}"] if event.get("id") else []
    if event.get("event"):
        lines.append(f"event: {event['event']}")
    lines += [f"data: {line}" for line in event["data"].split("\n")]
    return ("\n".join(lines) + "\n\n").encode()


class Playback:
    """A page and its stream played back on a port of its own: the page (with the step marker
    and the script that notes the steps) and live.js, and at the page's address asked for
    text/event-stream, each event followed by a step. A page whose script gave up opens its
    stream again: that stream is counted and answered 204, which ends it for good."""

    def __init__(self, path, page, events):
        self.path = path
        self.page = page.replace("</head>", NOTE_STEPS + "</head>").replace(
            "</body>", STEP_MARKER + "</body>")
        self.events = events
        self.streams = 0
        self.finished = threading.Event()
        playback = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self):
                if self.path == LIVE_JS_PATH:
                    with open(LIVE_JS, "rb") as script:
                        self.answer(200, "text/javascript; charset=utf-8", script.read())
                elif self.path.split("?")[0] != playback.path:
                    self.answer(404, "text/plain", b"not here")
                elif "text/event-stream" not in self.headers.get("Accept", ""):
                    self.answer(200, "text/html; charset=utf-8", playback.page.encode())
                else:
                    playback.stream(self)

            def answer(self, status, kind, body):
                self.send_response(status)
                self.send_header("Content-Type", kind)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *arguments):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    @property
    def url(self):
        return f"http://127.0.0.1:{self.server.server_address[1]}{self.path}"

    def stream(self, handler):
        self.streams += 1
        if self.streams > 1:
            handler.send_response(204)
            handler.end_headers()
            return
        handler.send_response(200)
        handler.send_header("Content-Type", "text/event-stream")
        handler.send_header("Cache-Control", "no-cache")
        handler.end_headers()
        for number, event in enumerate(self.events, start=1):
            handler.wfile.write(sse(event) + sse(step(number)))
        handler.wfile.flush()
        # Open until the test ends: a stream that ends is opened again by the browser.
        self.finished.wait(60)

    def close(self):
        self.finished.set()
        self.server.shutdown()
        self.server.server_close()


def in_the_browser(driver, path, page, events):
    """What live.js in Chromium makes of the events, as the model says it: {"steps": [the live
    elements' outerHTML after each event]}, and "gave up" when it opened its stream again (the
    steps are those before)."""
    playback = Playback(path, page, events)
    try:
        driver.get(playback.url)
        WebDriverWait(driver, 20).until(lambda d: playback.streams > 1 or d.execute_script(
            "return window.steps.length") == len(events))
        outcome = {"steps": driver.execute_script("return window.steps")}
        if playback.streams > 1:
            outcome["gave up"] = True
        return outcome
    finally:
        playback.close()


def same(test, path, page, events):
    """Asserts that the model and the browser make the same of every event: each step, and the
    event either gives up on; returns the model's outcome."""
    model = in_the_model(path, page, events)
    browser = in_the_browser(test.driver, path, page, events)
    test.assertEqual(browser["steps"], model["steps"])
    test.assertEqual("gave up" in browser, "failure" in model, model.get("failure"))
    return model


class EventReader:
    """A live page's stream read as a browser's EventSource reads it: its events, one by one."""

    def __init__(self, port, path, cookie):
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        self.connection.request("GET", path, headers={"Accept": "text/event-stream",
                                                      "Cookie": cookie})
        self.response = self.connection.getresponse()
        assert self.response.status == 200, self.response.status
        self.received = b""

    def next(self):
        """The next event that carries data (an element, or its rows): hints and heartbeats
        are skipped."""
        while True:
            while b"\n\n" not in self.received:
                chunk = self.response.read1(65536)
                if not chunk:
                    raise EOFError(self.received.decode(errors="replace"))
                self.received += chunk
            block, _, self.received = self.received.partition(b"\n\n")
            event = {"id": None, "event": None, "data": None}
            for line in block.decode().split("\n"):
                field, _, value = line.partition(":")
                value = value[1:] if value.startswith(" ") else value
                if field == "data":
                    event["data"] = value if event["data"] is None else event["data"] + "\n" + value
                elif field in ("id", "event"):
                    event[field] = value
            if event["data"] is not None:
                return event

    def close(self):
        self.connection.close()


def kinds(events):
    """The names of the row operations in `events`."""
    return {operation[0] for event in events if event["event"] == "rows"
            for operation in json.loads(event["data"].split("\n", 1)[1])}


class TheDemosStreams(unittest.TestCase):
    """Recorded as a just-signed-in admin sees and does it: the rows carry their edit links
    (more markup than a signed-out reader's), and the admin may both change the league (a
    member's right) and delete matches (an admin's, recently signed in), as accounts require."""
    PATHS = ("/rankings", "/matches")

    def setUp(self):
        self.app = App()
        self.addCleanup(self.app.stop)
        self.admin = sign_in(self.app, "ada", "admin")

    def get(self, path):
        answer = request("127.0.0.1", self.app.port, "GET", path, headers={"Cookie": self.admin})
        self.assertEqual(answer.status, 200, path)
        return answer.text

    def record(self):
        """Each page as served, and the events its stream sent while the league changed: the
        element as it was, then one event each time a change changed the page."""
        pages = {path: self.get(path) for path in self.PATHS}
        readers = {path: EventReader(self.app.port, path, self.admin) for path in self.PATHS}
        for reader in readers.values():
            self.addCleanup(reader.close)
        events = {path: [readers[path].next()] for path in self.PATHS}

        def change(path, form=()):
            before = {page: self.get(page) for page in self.PATHS}
            answer = request("127.0.0.1", self.app.port, "POST", path, body=list(form),
                             headers={"Origin": self.app.base_url, "Cookie": self.admin})
            self.assertEqual(answer.status, 303, f"POST {path}: {answer.text[:300]}")
            for page in self.PATHS:
                if self.get(page) != before[page]:
                    events[page].append(readers[page].next())

        def match(home, away, home_goals, away_goals, path="/matches/new"):
            change(path, [("home", home), ("away", away), ("homeGoals", str(home_goals)),
                          ("awayGoals", str(away_goals))])

        def newest_match():
            return re.search(r"/matches/([0-9a-f-]{36})/edit", self.get("/matches")).group(1)

        change("/players/new", [("name", "Ada")])
        players = dict((name, id) for id, name in re.findall(
            r'name="home" value="([0-9a-f-]{36})"[^>]*> ([^<]+)</label>',
            self.get("/matches/new")))
        others = [id for name, id in players.items() if name != "Ada"]
        # Ada climbs the rankings; the 43rd match makes a second page of matches.
        for n in range(44):
            match(players["Ada"], others[n % len(others)], 2 + n % 3, n % 2)
        match(players["Ada"], others[0], 0, 5, f"/matches/{newest_match()}/edit")
        # Back to one page.
        for _ in range(2):
            change(f"/matches/{newest_match()}/delete")
        return {path: (pages[path], events[path]) for path in self.PATHS}

    def test_the_demos_streams_come_out_the_same_in_the_page_model_and_in_chromium(self):
        recordings = self.record()
        every = set().union(*(kinds(events) for _, events in recordings.values()))
        self.assertLessEqual({"add", "move", "set", "drop", "around", "child"}, every)
        self.driver = chromium()
        self.addCleanup(self.driver.quit)
        for path, (page, events) in recordings.items():
            with self.subTest(path=path, events=len(events)):
                model = same(self, path, page, events)
                self.assertNotIn("failure", model)
                self.assertEqual(len(model["steps"]), len(events))


def page(body):
    return ('<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Replay</title>'
            f'<script src="{LIVE_JS_PATH}" defer></script></head><body><main>{body}</main>'
            '</body></html>')


def rows(operations, id="l"):
    return {"event": "rows", "data": id + "\n" + json.dumps(operations)}


TABLE = page(
    '<div id="l" class="x" data-live=""><h2>Scores</h2>\n<p>2 rows</p>\n'
    '<nav class="pager" aria-label="Pages"><a href="/2">Next</a></nav><table><tbody>\n'
    '<tr data-key="a"><td>A</td></tr><tr data-key="b"><td>B</td></tr>\n'
    '</tbody><tfoot><tr><td>1</td></tr></tfoot></table>\n<p>end</p></div>')

LIST = page('<div id="l" data-live=""><p>2 rows</p>\n<ul><li data-key="a">A</li>'
            '<li data-key="b">B</li></ul></div>')


class PagesOfOurOwn(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.driver = chromium()

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()

    def same(self, page, events):
        model = same(self, "/replay", page, events)
        self.assertNotIn("failure", model)
        return model["steps"]

    def test_every_operation_on_a_table_and_its_markup_comes_out_the_same(self):
        steps = self.same(TABLE, [
            # The same nav, its attributes in another order: left as it is.
            rows([["add", "c", "b", '<tr data-key="c"><td>C</td></tr>'],
                  ["child", 0, "before", 1, 3, "<p>3 rows</p>"],
                  ["child", 0, "before", 2, 3,
                   '<nav aria-label="Pages" class="pager"><a href="/2">Next</a></nav>']]),
            rows([["around", 0, "tag", '<div id="l" data-live="" class="y" title="t">'],
                  ["around", 1, "after", "<tfoot><tr><td>3</td></tr></tfoot>"],
                  ["around", 2, "tag", '<tbody class="z">']]),
            rows([["move", "a", "c"],
                  ["set", "b", '<tr data-key="b" class="new"><td>B &amp; b&nbsp;</td></tr>'],
                  ["drop", "c"], ["around", 2, "before", "\n  "], ["around", 2, "after", ""],
                  ["around", 0, "after", "\n<p>end &lt;3</p>\n"]]),
            # Markup the server could not split (a script): made to match along the path.
            rows([["outside", '<div id="l" data-live=""><h2>Scores</h2><script>var n = 1 < 2;'
                   '</script><table class="t"><tbody class="z">', "</tbody></table></div>"]]),
            rows([["add", "d", None, '<tr data-key="d"><td>D</td></tr>'], ["move", "a", None]]),
            # Left alone by both: an element the page does not have, markup of another id.
            rows([["drop", "a"]], id="nowhere"),
            {"event": None, "data": 'l\n<div id="m" data-live="">other</div>'},
            # The element whole, then rows of its new markup.
            {"event": None, "data": 'l\n<div id="l" data-live=""><ul>\n<li data-key="x">X</li>'
                                    '\n</ul></div>'},
            rows([["add", "y", "x", '<li data-key="y">Y</li>'], ["move", "y", None],
                  ["around", 1, "before", " "]]),
        ])
        self.assertEqual(steps[-1], ['<div id="l" data-live=""><ul> <li data-key="y">Y</li>'
                                     '<li data-key="x">X</li>\n</ul></div>'])

    def test_the_rows_of_a_live_element_inside_another_are_its_own(self):
        self.same(page(
            '<div id="l" data-live=""><ul><li data-key="a">A <ol id="m" data-live="">'
            '<li data-key="a">inner</li></ol></li><li data-key="b">B</li></ul></div>'), [
            rows([["add", "b", "a", '<li data-key="b">inner b</li>']], id="m"),
            rows([["move", "b", None], ["set", "b", '<li data-key="b">B again</li>']]),
        ])

    def test_an_event_that_does_not_fit_is_given_up_on_by_both(self):
        for operations, why in [
            ([["move", "zz", None]], "no row has the key “zz”"),
            ([["add", "a", None, '<li data-key="a">again</li>']],
             "a row with the key “a” is there already"),
            ([["child", 0, "before", 0, 5, "<p>x</p>"]],
             "the run holds 1 element(s) on the page, not 5"),
            # What the server sends when the rows' parent changes kind.
            ([["outside", '<div id="l" data-live=""><ol>', "</ol></div>"]],
             "the page nests the rows in div > ul, its markup in div > ol"),
        ]:
            with self.subTest(operations=operations):
                model = same(self, "/replay", LIST, [rows([["drop", "b"]]), rows(operations)])
                self.assertTrue(model.get("failure", "").endswith(": " + why + "."), model)
                self.assertEqual(len(model["steps"]), 1)

if __name__ == "__main__":
    unittest.main()
