"""Every acknowledged write survives the process being killed with SIGKILL, and a normal stop
(SIGTERM) drains and exits 0."""

import re
import shutil
import tempfile
import unittest

from support import App, request, sign_in


class Durability(unittest.TestCase):
    def test_acknowledged_writes_survive_kill_9(self):
        data = tempfile.mkdtemp(prefix="mvvmweb-durable-")
        self.addCleanup(shutil.rmtree, data, True)
        app = App(demo=False, data=data)
        # League writes are a member's.
        member = {"Cookie": sign_in(app, "mo")}
        names = [f"Player {index}" for index in range(20)]
        for name in names:
            response = request("127.0.0.1", app.port, "POST", "/players/new", body={"name": name},
                               headers=member)
            self.assertEqual(response.status, 303)
        app.process.kill()  # SIGKILL: no chance to flush anything.
        app.process.wait()
        app.stop()

        again = App(demo=False, data=data)
        self.addCleanup(again.stop)
        page = request("127.0.0.1", again.port, "GET", "/rankings").text
        self.assertEqual(sorted(re.findall(r"<td>(Player \d+)</td>", page)), sorted(names))

    def test_sigterm_drains_and_exits_0(self):
        app = App(demo=False)
        self.assertEqual(request("127.0.0.1", app.port, "GET", "/matches").status, 200)
        self.assertEqual(app.stop(), 0)


if __name__ == "__main__":
    unittest.main()
