"""A database that cannot be written (another process holds its write lock) is answered as what it
is: a 503 that says the data could not be saved, the form with everything typed kept, and one log
line with the time, the request and the error. Never a 422 blaming the form, never a 404."""

import os
import re
import sqlite3
import unittest

from support import App, request, sign_in


class StoreFailure(unittest.TestCase):
    def test_a_locked_database_is_a_503_with_the_input_kept_and_a_log_line(self):
        app = App(quiet=False)
        self.addCleanup(app.stop)
        # The person saving is a signed-in member, as League writes must be since accounts.
        member = sign_in(app, "mo")
        form = request("127.0.0.1", app.port, "GET", "/matches/new",
                       headers={"Cookie": member}).text
        players = re.findall(r'name="home" value="([0-9a-f-]{36})"', form)
        self.assertGreaterEqual(len(players), 2)
        lock = sqlite3.connect(os.path.join(app.data, "mvvmweb.sqlite"), isolation_level=None)
        self.addCleanup(lock.close)
        lock.execute("BEGIN EXCLUSIVE")  # Holds the write lock, as a stuck writer would.
        body = {"home": players[0], "away": players[1], "homeGoals": "7", "awayGoals": "3",
                "token": "locked-1"}
        saved = request("127.0.0.1", app.port, "POST", "/matches/new", body=body,
                        headers={"Sec-Fetch-Site": "same-origin", "Cookie": member})
        lock.execute("ROLLBACK")
        self.assertEqual(saved.status, 503)
        self.assertIn("The match could not be saved just now; nothing was changed. Please try again.",
                      saved.text)
        self.assertRegex(saved.text, r'id="homeGoals"[^>]*value="7"')
        self.assertRegex(saved.text, r'value="%s" checked' % players[0])
        log = [line for line in app.output().splitlines() if "store failed" in line]
        self.assertEqual(len(log), 1, app.output())
        self.assertRegex(log[0], r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z error POST /matches/new: "
                                 r"store failed: .*(locked|busy).* request-id=%s$"
                                 % re.escape(saved.headers["x-request-id"]))
        # Once the lock is gone the same form saves.
        again = request("127.0.0.1", app.port, "POST", "/matches/new", body=body,
                        headers={"Sec-Fetch-Site": "same-origin", "Cookie": member})
        self.assertEqual(again.status, 303)
        # /metrics counted the one database error.
        metrics = request("127.0.0.1", app.port, "GET", "/metrics").text.splitlines()
        self.assertIn("mvvmweb_database_errors_total 1", metrics)


if __name__ == "__main__":
    unittest.main()
