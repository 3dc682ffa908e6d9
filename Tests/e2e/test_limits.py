"""The server under a low open-files limit: --max-connections is clamped to what the limit leaves,
with one notice, so a connection past it is refused at once (not left in the backlog while the
server runs out of descriptors), and the server serves again as soon as connections close."""

import http.client
import os
import select
import socket
import time
import unittest

from support import App


def cpu_seconds(pid):
    """User plus system CPU time of a process, from /proc."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    return (int(fields[11]) + int(fields[12])) / ticks


class OpenFilesLimitTests(unittest.TestCase):
    def test_max_connections_over_the_open_files_limit_is_clamped_and_the_rest_refused_at_once(
        self,
    ):
        # 128 descriptors, 64 of them kept for the server's own files: 64 connections.
        app = App("--max-connections", "1000", open_files=128, quiet=False)
        self.addCleanup(app.stop)
        notice = (
            "--max-connections 1000 is more than the open-files limit allows (ulimit -n 128, "
            "hard limit 128, 64 kept for the server's own files): serving at most 64 "
            "connections; raise the hard limit (LimitNOFILE= in the systemd unit, or ulimit -Hn "
            "as root) to allow more"
        )
        self.assertEqual(app.output().count(notice), 1, app.output())
        admitted = self.fill(app, 64)
        before = cpu_seconds(app.process.pid)
        # Each connection past the limit is answered 503 at once, none left waiting in the backlog.
        for _ in range(26):
            over = socket.create_connection(("127.0.0.1", app.port), timeout=2)
            answer = b""
            while True:
                chunk = over.recv(4096)
                if not chunk:
                    break
                answer += chunk
            over.close()
            self.assertTrue(answer.startswith(b"HTTP/1.1 503 Service Unavailable\r\n"), answer)
        self.assertLess(cpu_seconds(app.process.pid) - before, 0.5, "the accept loop spun")
        for client in admitted:
            client.close()
        deadline = time.monotonic() + 5
        status = None
        while time.monotonic() < deadline:
            try:
                connection = http.client.HTTPConnection("127.0.0.1", app.port, timeout=2)
                connection.request("GET", "/healthz")
                status = connection.getresponse().status
                connection.close()
                if status == 200:
                    break
            except OSError:
                pass
            time.sleep(0.1)
        self.assertEqual(status, 200)
        self.assertNotIn("out of file descriptors", app.output())


    def fill(self, app, count):
        """`count` connections the server holds open. The start-up probe's connection may still be
        counted for a moment after it closed, so one refused here (answered and closed at once)
        is replaced once that slot is free; a limit below `count` keeps refusing and fails."""
        admitted = []
        for _ in range(10):
            while len(admitted) < count:
                admitted.append(socket.create_connection(("127.0.0.1", app.port), timeout=5))
            time.sleep(0.3)
            refused, _, _ = select.select(admitted, [], [], 0)
            if not refused:
                return admitted
            for client in refused:
                admitted.remove(client)
                client.close()
        self.fail(f"the server did not hold {count} connections open")


if __name__ == "__main__":
    unittest.main()
