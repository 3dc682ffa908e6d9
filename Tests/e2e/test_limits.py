"""The server at its open-files limit (EMFILE): it does not spin, it tells the waiting client it is
busy, logs the cause once, and serves again as soon as descriptors free up."""

import http.client
import os
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
    def test_out_of_descriptors_does_not_spin_and_recovers(self):
        app = App("--max-connections", "1000", open_files=64, quiet=False)
        self.addCleanup(app.stop)
        clients = []
        # Idle connections until the server cannot accept more; the kernel still completes the
        # handshakes, so the rest wait in the backlog.
        for _ in range(90):
            clients.append(socket.create_connection(("127.0.0.1", app.port), timeout=5))
        time.sleep(0.5)
        before = cpu_seconds(app.process.pid)
        time.sleep(2)
        used = cpu_seconds(app.process.pid) - before
        self.assertLess(used, 0.5, f"the accept loop spun: {used:.2f} s of CPU in 2 s")
        # A connection waiting in the backlog is answered 503 rather than left hanging.
        waiting = socket.create_connection(("127.0.0.1", app.port), timeout=5)
        waiting.sendall(b"GET /healthz HTTP/1.1\r\nHost: a\r\n\r\n")
        answer = b""
        waiting.settimeout(5)
        try:
            while b"\r\n\r\n" not in answer:
                chunk = waiting.recv(4096)
                if not chunk:
                    break
                answer += chunk
        except socket.timeout:
            pass
        waiting.close()
        # Either refused with a 503 by the spare descriptor, or accepted once one freed up.
        self.assertTrue(
            answer.startswith(b"HTTP/1.1 503") or answer.startswith(b"HTTP/1.1 200"), answer
        )
        for client in clients:
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
        self.assertEqual(app.output().count("out of file descriptors (EMFILE)"), 1, app.output())


if __name__ == "__main__":
    unittest.main()
