"""Differential framing tests against h11 (issue 45, item 3): each byte stream of h11_corpus.py goes
to h11 acting as a server and to the real binary over a socket, and both must make the same
framing decisions: which requests the stream holds (the same ones, in the same order), and how it
ends: refused as malformed, closed after a request, kept alive, or waiting for the rest of an
incomplete request. Where we differ on purpose the case is listed with why, in
STRICTER_ON_PURPOSE (we refuse where h11 goes on) or LAXER_ON_PURPOSE (we go on where h11
refuses or closes); LAXER_IN_QUESTION holds the differences that may not be on purpose. For a
listed case the test checks that the difference is still there, in that direction, so a change
on either side fails it. Written against h11 0.16.0 (scripts/test installs that one).

h11's decisions: `receive_data` with the whole stream, then `next_event` until it needs more
data, each complete request answered with an empty 200 (so it moves on to the next, as a server
would) and a `RemoteProtocolError` taken as its refusal. Its head limit is set to ours (32 KiB);
it has no body limit and no target limit.

Ours, from up to three connections per stream, none waiting on a timer:
1. The stream, then our FIN: the server answers every complete request and then closes, so
   reading to the end counts the answers.
2. The stream alone, and as many answers: the last one's `Connection: close` says the server
   closes (and it must). Otherwise our FIN follows, and the server sends what the stream alone
   made it send (a refusal), or refuses a body still short ("The request ended before its body
   was complete.": incomplete), or just closes.
3. If it just closed: the stream, its answers, then a blank line and our FIN. A partial head is
   completed by the blank line and answered (incomplete); an idle connection skips empty lines
   and closes (kept alive).
A refusal is an answer the connection makes itself: no request reached the app, so it has no
X-Request-Id. Its status is pinned by the corpus, not compared with h11's (a hint: 400 where we
say 413 or 431 for a limit, 501 where we say 400 for a Transfer-Encoding naming no coding).
Which request each answer is for is checked by sending each request h11 found alone, on its own
connection: the pipelined answers' statuses must be those.

`python3 Tests/e2e/test_h11_differential.py --table` prints both sides' decisions for every case.
"""

import os
import socket
import sys
import unittest
from typing import NamedTuple, Optional

# Runnable on its own as well (`python3 -m unittest Tests/e2e/test_h11_differential.py`), where
# this folder is not on the path as `discover --start-directory Tests/e2e` puts it.
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import h11  # noqa: E402

from h11_corpus import CASES  # noqa: E402
from support import App  # noqa: E402

# Where we refuse a stream h11 takes. Each one is a deliberate rule of ours (RFC 9112 allows or
# asks for it) or a limit of ours; h11 leaves them to the application or has no such limit.
STRICTER_ON_PURPOSE = {
    "obs-fold": "RFC 9112 §5.2 lets a server refuse obs-fold with 400; h11 unfolds it into one "
    "value, and a proxy that does not unfold would see another header",
    "control-character-in-a-value": "RFC 9110 §5.5: a value is visible characters, SP and HTAB; "
    "h11 allows control characters other than NUL on purpose (its issue 57: cookies with \\x01)",
    "content-length-and-transfer-encoding": "RFC 9112 §6.1: both headers is the shape of request "
    "smuggling; a server may refuse it and must close. h11 lets chunked win and keeps the "
    "connection",
    "bare-cr-in-a-chunk-extension": "RFC 9112 §2.2: a bare CR is invalid; h11's chunk-ext "
    "pattern (';.*') swallows it",
    "http2-version": "HTTP/2.0 in an HTTP/1 request line is not a version we speak: 505 "
    "(RFC 9110 §15.6.6); h11 accepts any digit.digit version and treats it as 1.1",
    "http3-version": "as HTTP/2.0: 505",
    "http09-version": "HTTP/0.9 has no version in its request line, and 0.9 is not a version we "
    "speak: 505. h11 answers it and closes, as it does HTTP/1.0",
    "obs-fold-in-transfer-encoding": "obs-fold refused (see obs-fold), here where it matters "
    "most: h11 unfolds `Transfer-Encoding:` CRLF SP `chunked` into chunked, a proxy that does "
    "not unfold sees no coding and frames the body another way",
    "relative-target": "RFC 9112 §3.2: a target is origin-form (starting with '/'), absolute-"
    "form, authority-form (CONNECT) or '*'; h11 accepts any visible characters",
    "invalid-percent-escape-in-the-path": "RFC 3986 §2.1: '%zz' is not a percent-encoding; we "
    "decode the path before routing and refuse what does not decode. h11 leaves targets to the "
    "application",
    "target-over-8-kib": "our limit on a target (414, RFC 9112 §3); h11 has none below its head "
    "limit",
    "header-block-over-32-kib": "our limit on a head (431); h11's limit (set to the same 32 KiB) "
    "applies only to a head still arriving, not to one already whole",
    "content-length-over-the-body-limit": "our body limit (1 MiB by default), refused from the "
    "headers alone (413); h11 has no body limit and waits for the body",
    "chunk-over-the-body-limit": "our body limit, refused from the chunk's size (413); h11 "
    "waits for the chunk",
}

# Where we go on and h11 refuses or closes. Each is a leniency RFC 9112 allows, or a feature h11
# does not have.
LAXER_ON_PURPOSE = {
    "leading-empty-line": "RFC 9112 §2.2: a server SHOULD ignore at least one empty line before "
    "the request line (a client's CRLF after a POST body); h11 refuses it",
    "seed-head-pipelined": "this seed starts with an empty line (see leading-empty-line); h11 "
    "refuses it at once",
    "http10-keep-alive": "HTTP/1.0 with `Connection: keep-alive` is kept alive (RFC 9112 "
    "Appendix C.2.2, as browsers and proxies do); h11 closes after every HTTP/1.0 request",
    "bare-lf-in-chunked-framing": "RFC 9112 §2.2 lets a recipient take a bare LF as the end of "
    "the start line or a field line, as h11 does in the head; we take it in the chunked "
    "framing too (ChunkedDecoder, its fuzz seed bare-lf-uppercase), where h11 wants CRLF",
    "bare-lf-after-a-chunk-extension": "as bare-lf-in-chunked-framing: the LF ends the chunk "
    "line, extension and all",
    "seed-chunked-bare-lf-uppercase": "a chunked body with bare LF line ends (see "
    "bare-lf-in-chunked-framing)",
    "leading-zeros-in-content-length": "leading zeros are the same number (RFC 9110 §8.6 "
    "1*DIGIT); h11 refuses a Content-Length of more than 20 digits",
    "leading-zeros-in-chunk-sizes": "leading zeros are the same size (RFC 9112 §7.1 1*HEXDIG); "
    "h11 refuses a chunk size of more than 20 digits",
    "chunked-whitespace-before-extension": "RFC 9112 §7.1.1 allows BWS before a chunk "
    "extension's ';'; h11's pattern allows whitespace only at the end of the line",
}

# Where we go on and h11 refuses, and it may not be on purpose: trailer fields are read and
# dropped (ChunkedDecoder) without being checked as field lines, so everything up to the next
# blank line is taken as the trailer section. Listed so the test passes and a change fails it;
# if the decoder comes to refuse them, they move to the agreements.
LAXER_IN_QUESTION: dict[str, str] = {}

HEAD_LIMIT = 32 * 1024
BODY_CUT_SHORT = b"The request ended before its body was complete.\n"
TIMEOUT = 5


class Parsed(NamedTuple):
    """A request as h11 read it."""

    method: bytes
    target: bytes
    version: bytes
    headers: tuple
    body: bytes


class H11Decisions(NamedTuple):
    """What h11 made of a stream: the requests it read whole, and how the stream ended."""

    requests: tuple
    end: str  # "refused", "close", "keep-alive" or "incomplete"
    hint: Optional[int]  # h11's status for a refusal
    reason: str = ""


class OurDecisions(NamedTuple):
    """What the server made of a stream: its answers' statuses, and how the stream ended."""

    statuses: tuple  # one per request answered (not counting a refusal)
    end: str
    status: Optional[int]  # our status for a refusal


def h11_decisions(data):
    connection = h11.Connection(h11.SERVER, max_incomplete_event_size=HEAD_LIMIT)
    connection.receive_data(data)
    requests = []
    current = None
    while True:
        try:
            event = connection.next_event()
        except h11.RemoteProtocolError as error:
            return H11Decisions(tuple(requests), "refused", error.error_status_hint, str(error))
        if event is h11.NEED_DATA:
            pending = connection.their_state is not h11.IDLE or connection.trailing_data[0]
            return H11Decisions(tuple(requests), "incomplete" if pending else "keep-alive", None)
        if isinstance(event, h11.Request):
            current = Parsed(
                event.method, event.target, event.http_version, tuple(event.headers), b"")
        elif isinstance(event, h11.Data):
            current = current._replace(body=current.body + bytes(event.data))
        elif isinstance(event, h11.EndOfMessage):
            requests.append(current)
            connection.send(h11.Response(status_code=200, headers=[("Content-Length", "0")]))
            connection.send(h11.EndOfMessage())
            if connection.our_state is h11.MUST_CLOSE:
                return H11Decisions(tuple(requests), "close", None)
            connection.start_next_cycle()
        else:
            raise AssertionError(f"unexpected h11 event {event!r}")


class Answer(NamedTuple):
    status: int
    headers: dict
    body: bytes


class Answers:
    """Reads the server's responses off a socket, one at a time."""

    def __init__(self, sock):
        self.sock = sock
        self.buffer = b""
        self.eof = False

    def _fill(self):
        if self.eof:
            return False
        try:
            chunk = self.sock.recv(65536)
        except ConnectionResetError:
            chunk = b""
        if not chunk:
            self.eof = True
            return False
        self.buffer += chunk
        return True

    def _take(self, count):
        taken, self.buffer = self.buffer[:count], self.buffer[count:]
        return taken

    def next(self):
        """The next final response (1xx ones are skipped), or None at the end of the stream.
        A body cut by the end (a HEAD answer's, which has none) is taken as it is."""
        while True:
            while b"\r\n\r\n" not in self.buffer:
                if not self._fill():
                    if self.buffer:
                        raise AssertionError(f"closed inside a response: {self.buffer!r}")
                    return None
            head = self._take(self.buffer.index(b"\r\n\r\n") + 4).decode("latin-1")
            lines = head.split("\r\n")
            status = int(lines[0].split(" ")[1])
            headers = {}
            for line in lines[1:]:
                if line:
                    name, _, value = line.partition(":")
                    headers[name.strip().lower()] = value.strip()
            if status < 200:
                continue
            if status in (204, 304):
                return Answer(status, headers, b"")
            if headers.get("transfer-encoding", "").lower() == "chunked":
                return Answer(status, headers, self._chunked())
            if "content-length" in headers:
                length = int(headers["content-length"])
                while len(self.buffer) < length and self._fill():
                    pass
                return Answer(status, headers, self._take(length))
            while self._fill():
                pass
            return Answer(status, headers, self._take(len(self.buffer)))

    def _line(self):
        while b"\r\n" not in self.buffer:
            if not self._fill():
                raise AssertionError("the server closed inside a chunked response")
        return self._take(self.buffer.index(b"\r\n") + 2)[:-2]

    def _chunked(self):
        body = b""
        while True:
            size = int(self._line().split(b";")[0], 16)
            if size == 0:
                while self._line():
                    pass
                return body
            while len(self.buffer) < size + 2:
                if not self._fill():
                    raise AssertionError("the server closed inside a chunk")
            body += self._take(size)
            self._take(2)

    def rest(self):
        answers = []
        while (answer := self.next()) is not None:
            answers.append(answer)
        return answers


def reach(requests, end):
    """How far into a stream a side went: the requests it answered, then how it ended, a refusal
    least, going on (kept alive, or waiting for the rest) most."""
    return (len(requests), {"refused": 0, "close": 1}.get(end, 2))


def refusal(answer):
    """An answer the connection makes itself, refusing the stream: no request reached the app,
    so it has no X-Request-Id (every request that does gets one)."""
    return "x-request-id" not in answer.headers


def closes(answer):
    return "close" in answer.headers.get("connection", "").lower().replace(" ", "").split(",")


class H11DifferentialTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.app = App()
        cls.references = {}

    @classmethod
    def tearDownClass(cls):
        cls.app.stop()

    def connect(self):
        sock = socket.create_connection(("127.0.0.1", self.app.port), timeout=TIMEOUT)
        self.addCleanup(sock.close)
        return sock

    def our_decisions(self, data):
        # 1. The stream and our FIN: every complete request is answered, and then the server
        # closes, so this counts the answers without waiting on a timer. (A refusal right behind
        # an answer may be left out: once the peer has finished, the answer before it says
        # `Connection: close` and the server stops there.)
        sock = self.connect()
        sock.sendall(data)
        sock.shutdown(socket.SHUT_WR)
        count = len([answer for answer in Answers(sock).rest() if not refusal(answer)])
        # 2. The stream alone: as many answers, and the last one says whether the server closes.
        sock = self.connect()
        sock.sendall(data)
        reader = Answers(sock)
        answers = [reader.next() for _ in range(count)]
        self.assertNotIn(None, answers, "the server closed before answering as it did before")
        statuses = tuple(answer.status for answer in answers)
        if answers and closes(answers[-1]):
            self.assertIsNone(reader.next(), "more after an answer with Connection: close")
            return OurDecisions(statuses, "close", None)
        # Then our FIN: what the stream alone still makes the server send (a refusal) comes
        # first, and a body still short is refused as such.
        sock.shutdown(socket.SHUT_WR)
        rest = reader.rest()
        if rest:
            self.assertEqual(len(rest), 1, f"after {statuses}, {rest}")
            self.assertTrue(refusal(rest[0]) and closes(rest[0]), f"after {statuses}, {rest[0]}")
            if rest[0].body == BODY_CUT_SHORT:
                return OurDecisions(statuses, "incomplete", None)
            return OurDecisions(statuses, "refused", rest[0].status)
        # 3. The stream, its answers, and a blank line: a partial head is completed by it and
        # answered; on an idle connection empty lines before a request line are skipped.
        sock = self.connect()
        sock.sendall(data)
        reader = Answers(sock)
        self.assertNotIn(None, [reader.next() for _ in range(count)])
        sock.sendall(b"\r\n\r\n")
        sock.shutdown(socket.SHUT_WR)
        return OurDecisions(statuses, "incomplete" if reader.rest() else "keep-alive", None)

    def reference_status(self, request):
        """Our answer to one request h11 found, sent alone in a canonical form."""
        version = request.version if request.version in (b"1.0", b"1.1") else b"1.1"
        framing = {b"content-length", b"transfer-encoding", b"connection", b"expect"}
        lines = [request.method + b" " + request.target + b" HTTP/" + version]
        lines += [name + b": " + value for name, value in request.headers if name not in framing]
        if version == b"1.1" and not any(name == b"host" for name, _ in request.headers):
            lines.append(b"Host: localhost")
        if request.body:
            lines.append(b"Content-Length: %d" % len(request.body))
        lines.append(b"Connection: close")
        data = b"\r\n".join(lines) + b"\r\n\r\n" + request.body
        if data not in self.references:
            sock = self.connect()
            sock.sendall(data)
            answers = Answers(sock).rest()
            self.assertEqual(len(answers), 1, f"one answer to {data!r}")
            self.references[data] = answers[0].status
        return self.references[data]

    def check(self, name, data, status):
        theirs = h11_decisions(data)
        ours = self.our_decisions(data)
        expected = OurDecisions(
            tuple(self.reference_status(request) for request in theirs.requests),
            theirs.end, None)
        if ours.end == "refused":
            self.assertEqual(ours.status, status, f"{name}: our refusal's status")
            expected = expected._replace(status=status) if theirs.end == "refused" else expected
        else:
            self.assertIsNone(status, f"{name}: we were expected to refuse with {status}")
        detail = f"{name}: h11 {theirs}, ours {ours}"
        if name in STRICTER_ON_PURPOSE:
            self.assertNotEqual(ours, expected, f"{detail}: listed as a difference, but agrees")
            self.assertEqual(ours.end, "refused", detail)
            self.assertLess(reach(ours.statuses, ours.end), reach(theirs.requests, theirs.end),
                            f"{detail}: not stricter than h11")
        elif name in LAXER_ON_PURPOSE or name in LAXER_IN_QUESTION:
            self.assertNotEqual(ours, expected, f"{detail}: listed as a difference, but agrees")
            self.assertGreater(reach(ours.statuses, ours.end), reach(theirs.requests, theirs.end),
                               f"{detail}: not laxer than h11")
        else:
            self.assertEqual(ours, expected, detail)

    def test_the_corpus_is_large_and_its_names_unique(self):
        names = [name for name, _, _ in CASES]
        self.assertGreaterEqual(len(names), 40)
        self.assertEqual(len(names), len(set(names)))
        listed = list(STRICTER_ON_PURPOSE) + list(LAXER_ON_PURPOSE) + list(LAXER_IN_QUESTION)
        self.assertEqual(len(listed), len(set(listed)))
        for name in listed:
            self.assertIn(name, names)


def _case_test(name, data, status):
    def test(self):
        self.check(name, data, status)

    return test


for _case in CASES:
    setattr(H11DifferentialTests, "test_" + _case[0].replace("-", "_"), _case_test(*_case))


def print_table():
    """Both sides' decisions for every case: requests answered (our statuses), then the end."""
    H11DifferentialTests.setUpClass()
    try:
        test = H11DifferentialTests()
        for name, data, _ in CASES:
            theirs = h11_decisions(data)
            ours = test.our_decisions(data)
            test.doCleanups()
            listed = (
                "stricter" if name in STRICTER_ON_PURPOSE
                else "laxer" if name in LAXER_ON_PURPOSE
                else "laxer?" if name in LAXER_IN_QUESTION
                else "")
            h11_end = f"{theirs.end} {theirs.hint}" if theirs.hint else theirs.end
            our_end = f"{ours.end} {ours.status}" if ours.status else ours.end
            print(f"{name:44} h11: {len(theirs.requests)} then {h11_end:14} "
                  f"ours: {len(ours.statuses)} then {our_end:14} {listed}")
    finally:
        H11DifferentialTests.tearDownClass()


if __name__ == "__main__":
    if sys.argv[1:] == ["--table"]:
        print_table()
    else:
        unittest.main()
