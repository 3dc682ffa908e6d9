"""The server's limits, held over real sockets with its resident memory read from /proc: the
guide's table (Sources/MVVMWeb/MVVMWeb.docc/Limits.md) against `mvvmweb serve --help`; chunked
bodies whose framing is let go as it is decoded; the static files' cache within its budget; and,
under a low open-files limit, --max-connections clamped to what the limit leaves, with one
notice, so a connection past it is refused at once (not left in the backlog while the server
runs out of descriptors), and the server serves again as soon as connections close."""

import http.client
import os
import re
import select
import shutil
import socket
import subprocess
import tempfile
import time
import unittest

from support import ROOT, App, binary_path, request

GUIDE = os.path.join(ROOT, "Sources", "MVVMWeb", "MVVMWeb.docc", "Limits.md")
# `serve`'s flags that bound nothing the server holds: where it listens, what it serves, how it
# logs, and how long a signed-in person stays signed in (the accounts' policy). A flag that is
# in neither this list nor the guide's table fails the test, so a new one is placed.
NOT_LIMITS = {
    "--host", "--port", "--unix-socket", "--socket-group", "--data", "--database", "--songs",
    "--no-demo", "--time-zone", "--base-path", "--trusted-proxy", "--allowed-hosts",
    "--heartbeat", "--users-latency", "--templates", "--public", "--dev", "--quiet",
    "--log-format", "--log-level", "--session-idle-days", "--session-days",
    "--reauthenticate-minutes",
}


def resident_bytes(pid):
    """A process's resident memory, from /proc (statm counts pages)."""
    with open(f"/proc/{pid}/statm") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


def settled_resident_bytes(pid, seconds=1.0):
    """Resident memory once it has stopped moving for a moment (the server still reading)."""
    last = resident_bytes(pid)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        time.sleep(seconds)
        now = resident_bytes(pid)
        if abs(now - last) < 256 * 1024:
            return now
        last = now
    return last


def serve_help():
    """`mvvmweb serve --help`'s options: each flag and its default, if it says one."""
    text = subprocess.run([binary_path(), "serve", "--help"], capture_output=True, text=True,
                          check=True).stdout
    options = {}
    flag = None
    for line in text.split("\n"):
        started = re.match(r"  (--[a-z-]+)", line)
        if started:
            flag = started.group(1)
            options[flag] = line
        elif flag and line.startswith("    "):
            options[flag] += " " + line.strip()
    return {flag: (re.search(r"\(default: ([^)]*)\)", words) or [None, None])[1]
            for flag, words in options.items()}


def guide_rows():
    """The rows of the guide's tables: (resource, bound, flags named, what happens past it)."""
    rows = []
    with open(GUIDE) as guide:
        for line in guide:
            cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
            if not line.startswith("|") or len(cells) != 4 or cells[0] in ("Resource", "---"):
                continue
            rows.append((cells[0], cells[1], re.findall(r"`(--[a-z-]+)`", cells[2]), cells[3]))
    return rows


class LimitsGuideTests(unittest.TestCase):
    def test_every_flag_in_the_table_exists_with_its_default_and_every_limit_is_there(self):
        options = serve_help()
        rows = guide_rows()
        self.assertGreater(len(rows), 20)
        named = set()
        for resource, bound, flags, past in rows:
            self.assertTrue(past, resource)
            for flag in flags:
                named.add(flag)
                self.assertIn(flag, options, f"{resource}: {flag} is no flag of mvvmweb serve")
                default = options[flag]
                if default and re.fullmatch(r"[0-9.]+", default):
                    number = default[:-2] if default.endswith(".0") else default
                    self.assertRegex(bound.replace(",", ""), rf"(^|[^0-9.]){re.escape(number)}($|[^0-9])",
                                     f"{resource}: {flag}'s default {default} is not the bound stated")
        self.assertEqual(set(options) - named, NOT_LIMITS)


class BoundedMemoryTests(unittest.TestCase):
    MAX_BODY = 65536
    CONNECTIONS = 100

    def test_chunked_bodies_hold_their_decoded_bytes_not_their_framing(self):
        # Bodies may pause long here: each is held whole while the others are sent and measured.
        app = App("--max-body", str(self.MAX_BODY), "--body-timeout", "300",
                  "--body-deadline", "600")
        self.addCleanup(app.stop)
        clients = []
        for _ in range(self.CONNECTIONS):
            client = socket.create_connection(("127.0.0.1", app.port), timeout=60)
            # An address no route answers: the body is read whole before the router's 404.
            client.sendall(b"POST /no-such-page HTTP/1.1\r\nHost: localhost\r\n"
                           b"Transfer-Encoding: chunked\r\n\r\n")
            clients.append(client)
        before = settled_resident_bytes(app.process.pid)
        # The whole body but its last chunk, held until it ends: 64-byte chunks, each carrying
        # the longest extension allowed, five raw bytes for each decoded one (one-byte chunks
        # cost 262 each, too slow through a debug build; ChunkedBodyBoundTests holds one
        # connection at that ratio to the same bound).
        chunk = b"40;" + b"e" * 255 + b"\r\n" + b"n" * 64 + b"\r\n"
        body = chunk * (self.MAX_BODY // 64)
        for client in clients:
            client.sendall(body)
        held = settled_resident_bytes(app.process.pid) - before
        bound = 2 * self.MAX_BODY * self.CONNECTIONS
        print(f"\n{self.CONNECTIONS} chunked bodies of {self.MAX_BODY} decoded bytes "
              f"({len(body)} raw each): resident memory rose by {held / 1e6:.1f} MB "
              f"(bound {bound / 1e6:.1f} MB)")
        self.assertLess(held, bound)
        # Each is still a request, held whole: its end gets it answered.
        for client in clients:
            client.sendall(b"0\r\n\r\n")
            self.assertEqual(client.recv(13), b"HTTP/1.1 404 ")
        for client in clients:
            client.close()

    def test_static_files_stay_within_the_cache_budget(self):
        public = tempfile.mkdtemp(prefix="mvvmweb-public-")
        self.addCleanup(shutil.rmtree, public, ignore_errors=True)
        for index in range(600):
            with open(os.path.join(public, f"file-{index}.bin"), "wb") as file:
                file.write(os.urandom(1 << 20))
        app = App("--public", public)
        self.addCleanup(app.stop)
        before = settled_resident_bytes(app.process.pid)
        connection = http.client.HTTPConnection("127.0.0.1", app.port, timeout=30)
        for index in range(600):
            connection.request("GET", f"/static/file-{index}.bin")
            answer = connection.getresponse()
            self.assertEqual((answer.status, len(answer.read())), (200, 1 << 20))
        connection.close()
        held = settled_resident_bytes(app.process.pid) - before
        budget = 64 << 20
        print(f"\n600 static files of 1 MiB served: resident memory rose by {held / 1e6:.1f} MB "
              f"(budget {budget / 1e6:.1f} MB + 20 MB)")
        self.assertLess(held, budget + 20_000_000)
        # A file changed on disk is sent as it is now, and one removed is gone.
        with open(os.path.join(public, "file-599.bin"), "wb") as file:
            file.write(b"changed")
        self.assertEqual(request("127.0.0.1", app.port, "GET", "/static/file-599.bin").text,
                         "changed")
        os.remove(os.path.join(public, "file-598.bin"))
        self.assertEqual(request("127.0.0.1", app.port, "GET", "/static/file-598.bin").status,
                         404)


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
