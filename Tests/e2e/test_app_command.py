"""The app command is the framework's: the demo and a user's app (Examples/Hello) take the same
serving flags, parse them the same way, and answer `check`, `routes` and a bad flag alike."""

import http.client
import os
import re
import subprocess
import tempfile
import time
import unittest

from support import ROOT, binary_path, hello_path


def serve_flags(binary):
    """The long flags `serve --help` lists."""
    result = subprocess.run([binary, "serve", "--help"], capture_output=True, text=True,
                            timeout=30)
    return set(re.findall(r"^\s+(--[a-z-]+)", result.stdout, re.M))


class TheSameCommand(unittest.TestCase):
    # The demo's own options, which a user's app declares for itself (or not).
    DEMO_OPTIONS = {"--songs", "--no-demo", "--time-zone", "--users-latency"}

    def test_every_serving_flag_of_the_demo_is_the_user_apps_too(self):
        demo, hello = serve_flags(binary_path()), serve_flags(hello_path())
        self.assertGreater(len(hello), 30)
        self.assertEqual(demo - self.DEMO_OPTIONS, hello)
        for flag in ("--port", "--unix-socket", "--dev", "--allowed-hosts", "--trusted-proxy",
                     "--max-body", "--data", "--database", "--templates", "--public"):
            self.assertIn(flag, hello)

    def test_a_limit_given_by_flag_holds_in_both(self):
        for binary in (binary_path(), hello_path()):
            with tempfile.TemporaryDirectory() as data:
                process = subprocess.Popen(
                    [binary, "serve", "--port", "0", "--data", data, "--max-body", "10",
                     "--quiet"], stderr=subprocess.PIPE, text=True)
                try:
                    port = self.port_of(process)
                    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
                    connection.request("POST", "/", body="x" * 11, headers={
                        "Content-Type": "application/x-www-form-urlencoded",
                        "Sec-Fetch-Site": "same-origin"})
                    self.assertEqual(connection.getresponse().status, 413, binary)
                finally:
                    process.terminate()
                    process.wait(timeout=15)
                    process.stderr.close()

    def port_of(self, process):
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            line = process.stderr.readline()
            found = re.search(r"serving on http://127\.0\.0\.1:(\d+) ", line)
            if found:
                return int(found.group(1))
        self.fail("the server did not say where it serves")

    def test_a_bad_flag_is_one_line_and_exit_64_in_both(self):
        for binary, name in ((binary_path(), "mvvmweb"), (hello_path(), "hello")):
            result = subprocess.run([binary, "serve", "--port", "70000"], capture_output=True,
                                    text=True, timeout=30)
            self.assertEqual(result.returncode, 64)
            self.assertEqual(result.stderr, f"{name}: --port must be from 0 to 65535, not 70000 "
                                            f"(see {name} --help)\n")

    def test_check_and_routes_of_the_user_app(self):
        check = subprocess.run([hello_path(), "check"], capture_output=True, text=True,
                               timeout=30)
        self.assertEqual(check.returncode, 0, check.stderr)
        # Its own templates, from its package, wherever it is run: never the demo's.
        package = os.path.join(os.path.realpath(ROOT), "Examples", "Hello")
        self.assertEqual(check.stdout, "hello: 3 page(s) and 10 route(s) are fine "
                                       f"(templates in {package}/Templates).\n")
        routes = subprocess.run([hello_path(), "routes"], capture_output=True, text=True,
                                timeout=30)
        self.assertEqual(routes.returncode, 0, routes.stderr)
        # The whole table: the framework's own routes, then Hello's three pages, each read and
        # posted, open to everyone (Hello has no accounts).
        self.assertEqual(routes.stdout, """\
METHOD  PATTERN                  PAGE            LANE  ALLOWED
GET     /static/mvvmweb/live.js  -               -     everyone
GET     /static/*path            -               -     everyone
GET     /metrics                 -               -     everyone
GET     /readyz                  -               -     everyone
GET     /                        hello.xhtml     -     everyone
POST    /                        hello.xhtml     -     everyone
GET     /shout                   shout.xhtml     -     everyone
POST    /shout                   shout.xhtml     -     everyone
GET     /feedback                feedback.xhtml  -     everyone
POST    /feedback                feedback.xhtml  -     everyone
""")

    def test_the_demos_routes_name_their_pages_and_lanes(self):
        routes = subprocess.run([binary_path(), "routes"], capture_output=True, text=True,
                                timeout=60)
        self.assertEqual(routes.returncode, 0, routes.stderr)
        rows = [line.split() for line in routes.stdout.splitlines()]
        self.assertIn(["GET", "/matches", "matches.xhtml", "read", "everyone"], rows)
        self.assertIn(["POST", "/matches/new", "match-form.xhtml", "write", "member"], rows)
        self.assertIn("POST    /matches/:id/delete               -                  -      admin (recent)",
                      routes.stdout)


if __name__ == "__main__":
    unittest.main()
