"""Helpers the accounts suites share (test_accounts_browser, _postgres, _flood): a live stream
that carries a session cookie and notices its end, forms posted as a browser posts them (from a
given client address, through the loopback proxy the instances trust), latency probes and the
server's resident memory."""

import base64
import hashlib
import json
import multiprocessing
import os
import socket
import statistics
import struct
import threading
import time
import urllib.parse

from support import request

PASSWORD = "a long and unusual passphrase"

# A browser's post from one of the site's own pages: what the cross-site check lets through.
SAME_ORIGIN = {"Sec-Fetch-Site": "same-origin"}


def post(app, path, fields, cookie=None, client=None, headers=None):
    """A form posted to `app` as its own page posts it; `client` is the address the loopback
    proxy (trusted by default) says it came from, in X-Forwarded-For."""
    sent = dict(SAME_ORIGIN)
    if cookie:
        sent["Cookie"] = cookie
    if client:
        sent["X-Forwarded-For"] = client
    sent.update(headers or {})
    return request("127.0.0.1", app.port, "POST", path, fields, sent)


def get(app, path, cookie=None):
    return request("127.0.0.1", app.port, "GET", path, None, {"Cookie": cookie} if cookie else {})


class SessionStream:
    """A live page's event stream (what EventSource opens), sent with a session's cookie. It reads
    the chunked body as it comes, so it notices the stream's end: the last chunk (the connection
    may stay open for another request) or the connection closed."""

    def __init__(self, port, path, cookie):
        self.socket = socket.create_connection(("127.0.0.1", port))
        self.socket.settimeout(5)
        self.socket.sendall(
            f"GET {path} HTTP/1.1\r\nHost: localhost:{port}\r\nAccept: text/event-stream\r\n"
            f"Cookie: {cookie}\r\n\r\n".encode())
        self.raw = b""
        self.data = b""  # The body so far, chunk framing removed.
        self.ended_at = None
        head = self._read_until(b"\r\n\r\n")
        self.status = int(head.split(b" ", 2)[1])
        self.head = head.decode(errors="replace")
        if b"transfer-encoding: chunked" not in head.lower():
            raise AssertionError(f"the stream is not chunked:\n{self.head}")

    def _receive(self):
        chunk = self.socket.recv(65536)
        if not chunk:
            self.ended_at = self.ended_at or time.monotonic()
            return False
        self.raw += chunk
        return True

    def _read_until(self, marker):
        while marker not in self.raw:
            if not self._receive():
                raise EOFError(self.raw.decode(errors="replace"))
        head, _, self.raw = self.raw.partition(marker)
        return head

    def _unframe(self):
        """Moves whole chunks from `raw` to `data`; notes the time of the last (empty) chunk."""
        while self.ended_at is None:
            line_end = self.raw.find(b"\r\n")
            if line_end < 0:
                return
            size = int(self.raw[:line_end].split(b";")[0], 16)
            if len(self.raw) < line_end + 2 + size + 2:
                return
            self.data += self.raw[line_end + 2:line_end + 2 + size]
            self.raw = self.raw[line_end + 2 + size + 2:]
            if size == 0:
                self.ended_at = time.monotonic()

    def read_data_containing(self, text, seconds=5.0):
        deadline = time.monotonic() + seconds
        self._unframe()
        while text.encode() not in self.data:
            if self.ended_at is not None:
                raise EOFError(f"the stream ended before {text!r}:\n"
                               + self.data.decode(errors="replace")[-2000:])
            self.socket.settimeout(max(0.01, deadline - time.monotonic()))
            if not self._receive():
                continue
            self._unframe()
        return self.data.decode(errors="replace")

    def wait_for_end(self, seconds):
        """The monotonic time the stream ended at, waiting at most `seconds` for it; None if it
        is still open then."""
        deadline = time.monotonic() + seconds
        self._unframe()
        while self.ended_at is None:
            left = deadline - time.monotonic()
            if left <= 0:
                return None
            self.socket.settimeout(left)
            try:
                if self._receive():
                    self._unframe()
            except (socket.timeout, TimeoutError):
                return None
        return self.ended_at

    def watch(self, seconds):
        """Waits for the stream's end on a thread of its own (`wait_for_end`), so its time is
        when it arrived, not when the test got round to reading; `ended()` gives that time."""
        self._watcher = threading.Thread(target=self.wait_for_end, args=(seconds,), daemon=True)
        self._watcher.start()

    def ended(self):
        """The time the watched stream ended at, once the watch is over; None if it did not."""
        self._watcher.join()
        return self.ended_at

    def close(self):
        self.socket.close()


def rss_kib(pid):
    """The process's resident memory in KiB (VmRSS of /proc/PID/status)."""
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    raise AssertionError(f"no VmRSS for process {pid}")


def timed_exchange(port, message, timeout):
    """`message` (a whole request that says Connection: close) sent on a fresh connection and
    the answer read until the server closes it: (the answer's bytes, seconds from sending to
    the whole answer, the monotonic time it was sent at; the same clock in every process)."""
    connection = socket.create_connection(("127.0.0.1", port), timeout=timeout)
    try:
        started = time.monotonic()
        connection.sendall(message)
        answer = b""
        while True:
            chunk = connection.recv(65536)
            if not chunk:
                break
            answer += chunk
        elapsed = time.monotonic() - started
    finally:
        connection.close()
    return answer, elapsed, started


def timed_get(port, path):
    """One GET on a fresh connection: (status, seconds from sending to the whole answer, the
    monotonic time it was sent at; the same clock in every process)."""
    message = f"GET {path} HTTP/1.1\r\nHost: localhost:{port}\r\nConnection: close\r\n\r\n"
    answer, elapsed, started = timed_exchange(port, message.encode(), timeout=10)
    return int(answer.split(b" ", 2)[1]) if answer else None, elapsed, started


class Prober:
    """Asks for `paths` one after another, over and over, until stopped, and keeps every answer's
    status and latency: what a monitor sees while the server is busy. It runs in a process of its
    own, so the test's own threads (a flood of clients) do not slow its clock."""

    def __init__(self, port, paths, pause=0.005):
        self.port = port
        self.paths = paths
        self.pause = pause
        self.answers = {path: [] for path in paths}  # path -> [(status, seconds)]
        self.failures = []
        context = multiprocessing.get_context("fork")
        self._stop = context.Event()
        self._results = context.Queue()
        self._process = context.Process(target=self._run, daemon=True)

    def _run(self):
        answers = {path: [] for path in self.paths}
        failures = []
        while not self._stop.is_set():
            for path in self.paths:
                try:
                    answers[path].append(timed_get(self.port, path))
                except OSError as error:
                    failures.append((path, repr(error)))
            self._stop.wait(self.pause)
        self._results.put((answers, failures))

    def __enter__(self):
        self._process.start()
        return self

    def __exit__(self, *_):
        self._stop.set()
        try:
            self.answers, self.failures = self._results.get(timeout=30)
        finally:
            self._process.join(timeout=10)
            if self._process.is_alive():
                self._process.kill()
                self._process.join()

    def during(self, path, start=None, end=None):
        """The answers to `path` sent between `start` and `end` (monotonic times)."""
        return [answer for answer in self.answers[path]
                if (start is None or answer[2] >= start) and (end is None or answer[2] <= end)]

    def median_ms(self, path, start=None, end=None):
        return statistics.median(answer[1] for answer in self.during(path, start, end)) * 1000

    def summary(self, path, start=None, end=None):
        times = sorted(answer[1] * 1000 for answer in self.during(path, start, end))
        if not times:
            return f"{path}: no answers"
        return (f"{path}: {len(times)} answers, median {statistics.median(times):.2f} ms, "
                f"p95 {times[max(0, int(len(times) * 0.95) - 1)]:.2f} ms, max {times[-1]:.2f} ms")


class SoftwarePasskey:
    """A passkey made and used in Python, as an authenticator does it (ES256, `none`
    attestation, user present and verified), for ceremonies sent straight over HTTP: the site
    sees what a browser's passkeys script posts, for `Host: localhost:PORT`."""

    def __init__(self, port):
        from cryptography.hazmat.primitives.asymmetric import ec

        self.port = port
        self.origin = f"http://localhost:{port}"
        self.key = ec.generate_private_key(ec.SECP256R1())
        self.id = os.urandom(16)
        self.user_handle = None
        self.count = 0

    @staticmethod
    def b64url(data):
        return base64.urlsafe_b64encode(data).rstrip(b"=").decode()

    @staticmethod
    def unb64url(text):
        return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))

    def _post(self, path, fields):
        return request("127.0.0.1", self.port, "POST", path, fields,
                       {"Host": f"localhost:{self.port}", "Origin": self.origin,
                        "Sec-Fetch-Site": "same-origin"})

    def _client_data(self, kind, challenge):
        return json.dumps({"type": kind, "challenge": challenge, "origin": self.origin,
                           "crossOrigin": False}).encode()

    def register_from_link(self, link):
        """Sets up the account of the one-time link `link` (its path and query) with this
        passkey: the answer to the welcome page's passkey form."""
        import cbor2

        code = urllib.parse.parse_qs(urllib.parse.urlsplit(link).query)["code"][0]
        options = self._post("/account/welcome/passkey/options", {"code": code})
        if options.status != 200:
            raise RuntimeError(f"passkey options answered {options.status}: {options.text}")
        options = json.loads(options.body)
        self.rp_id = options["rpId"]
        self.user_handle = self.unb64url(options["userHandle"])
        numbers = self.key.public_key().public_numbers()
        cose = cbor2.dumps({1: 2, 3: -7, -1: 1, -2: numbers.x.to_bytes(32, "big"),
                            -3: numbers.y.to_bytes(32, "big")})
        auth_data = (hashlib.sha256(self.rp_id.encode()).digest() + bytes([0x45])
                     + struct.pack(">I", 0) + bytes(16) + struct.pack(">H", len(self.id))
                     + self.id + cose)
        attestation = cbor2.dumps({"fmt": "none", "attStmt": {}, "authData": auth_data})
        made = self._post("/account/welcome/passkey", {
            "code": code, "challenge": options["challenge"],
            "clientDataJSON": self.b64url(self._client_data("webauthn.create",
                                                            options["challenge"])),
            "attestationObject": self.b64url(attestation)})
        if made.status != 200:
            raise RuntimeError(f"registering the passkey answered {made.status}: {made.text}")
        return made

    def challenge(self):
        options = self._post("/sign-in/passkey/options", {})
        if options.status != 200:
            raise RuntimeError(f"sign-in options answered {options.status}: {options.text}")
        return json.loads(options.body)["challenge"]

    def assertion(self, challenge):
        """The fields of a valid sign-in with this passkey, answering `challenge`."""
        from cryptography.hazmat.primitives import hashes
        from cryptography.hazmat.primitives.asymmetric import ec

        self.count += 1
        client_data = self._client_data("webauthn.get", challenge)
        auth_data = (hashlib.sha256(self.rp_id.encode()).digest() + bytes([0x05])
                     + struct.pack(">I", self.count))
        signature = self.key.sign(auth_data + hashlib.sha256(client_data).digest(),
                                  ec.ECDSA(hashes.SHA256()))
        return {"challenge": challenge, "id": self.b64url(self.id),
                "clientDataJSON": self.b64url(client_data),
                "authenticatorData": self.b64url(auth_data), "signature": self.b64url(signature),
                "userHandle": self.b64url(self.user_handle), "return": "/"}

    def sign_in(self, fields):
        return self._post("/sign-in/passkey", fields)
