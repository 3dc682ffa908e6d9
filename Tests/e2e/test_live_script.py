"""The framework's live.js in a real browser, fed a stream whose rows are keyed by words every
JavaScript object already answers to (constructor, __proto__, toString, hasOwnProperty): the
rows events still add, move, change and drop exactly those rows. A key is the app's own text
(m:key), so it may be any word; keyed in a plain object, "constructor" was found before it was
added, and the script took the page for out of step and started over, again and again.

The page and its stream come from a small server of the test's own, which sends exactly these
events; the script is the file the framework serves."""

import http.server
import json
import os
import threading
import time
import unittest

from support import ROOT, chromium

SCRIPT = os.path.join(ROOT, "Sources", "MVVMWeb", "Live", "live.js")

PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Rows</title>
<script src="/live.js" defer></script></head>
<body><ul id="list" data-live=""><li data-key="first">first</li></ul></body></html>
"""


def row(key):
    return f'<li data-key="{key}">{key}</li>'


# Two versions: four rows added after the first, in order; then one changed, one moved to the
# front and one dropped.
EVENTS = [
    [
        ["add", "constructor", "first", row("constructor")],
        ["add", "__proto__", "constructor", row("__proto__")],
        ["add", "toString", "__proto__", row("toString")],
        ["add", "hasOwnProperty", "toString", row("hasOwnProperty")],
    ],
    [
        ["set", "toString", '<li data-key="toString">toString, changed</li>'],
        ["move", "hasOwnProperty", None],
        ["drop", "__proto__"],
    ],
]


class StreamServer(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self):
        super().__init__(("127.0.0.1", 0), Handler)
        self.streams = 0
        self.lock = threading.Lock()


class Handler(http.server.BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def send(self, status, kind, body):
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        if self.path == "/live.js":
            with open(SCRIPT, "rb") as script:
                self.send(200, "text/javascript; charset=utf-8", script.read())
        elif "text/event-stream" not in self.headers.get("Accept", ""):
            self.send(200, "text/html; charset=utf-8", PAGE.encode())
        else:
            with self.server.lock:
                self.server.streams += 1
            self.send_response(200)
            self.send_header("Content-Type", "text/event-stream")
            self.send_header("Cache-Control", "no-cache")
            self.end_headers()
            for version, operations in enumerate(EVENTS, start=1):
                data = "list\n" + json.dumps(operations)
                lines = "".join(f"data: {line}\n" for line in data.split("\n"))
                self.wfile.write(f"event: rows\nid: v{version}\n{lines}\n".encode())
                self.wfile.flush()
                time.sleep(0.3)
            # Stay open, as a live page's stream does, until the browser leaves.
            try:
                while True:
                    time.sleep(0.5)
                    self.wfile.write(b": heartbeat\n\n")
                    self.wfile.flush()
            except OSError:
                pass


class RowKeysInBrowser(unittest.TestCase):
    def setUp(self):
        self.server = StreamServer()
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.addCleanup(self.server.server_close)
        self.addCleanup(self.server.shutdown)
        self.driver = chromium()
        self.addCleanup(self.driver.quit)

    def rows(self):
        return self.driver.execute_script(
            "return Array.from(document.querySelectorAll('#list > li'))"
            ".map(function (li) { return [li.dataset.key, li.textContent]; });")

    def test_rows_keyed_by_an_objects_own_words_are_applied_in_place(self):
        self.driver.get(f"http://127.0.0.1:{self.server.server_address[1]}/")
        expected = [
            ["hasOwnProperty", "hasOwnProperty"], ["first", "first"],
            ["constructor", "constructor"], ["toString", "toString, changed"],
        ]
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline and self.rows() != expected:
            time.sleep(0.05)
        self.assertEqual(self.rows(), expected)
        # Applied in step: the one stream the page opened, never started over.
        time.sleep(0.5)
        self.assertEqual(self.server.streams, 1)


if __name__ == "__main__":
    unittest.main()
