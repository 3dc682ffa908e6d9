"""The byte streams test_h11_differential.py feeds both to the server and to h11: the requests of
the server's framing tests (Tests/HTTPServerTests: FramingTests, ProtocolTests, BadInputTests,
AbuseTests), the FuzzHeadParser and FuzzChunkedDecoder seeds (Fuzz/Corpus, read from their files
so the corpus follows them), and cases for the rest of RFC 9112's framing rules.

The Swift tests' targets (/echo, /items/1) are routes of their test router only; here they are
addresses the real binary answers (/healthz, /static/app.css, /nope for a 404, POST /healthz for
a 405), and the Host is localhost (the site answers its own names only). A stream may hold
several pipelined requests; a request with a body is followed by another, so a body framed at the
wrong length shows up as a wrong next request. A HEAD request comes only last in its stream: the
test reads answers without knowing their methods, and a HEAD answer's Content-Length has no body
behind it.

Each case is (name, bytes, status): `status` is the status we refuse the stream with, for the
cases we refuse (None for the others), so our refusals are pinned as well as the agreements."""

import os

from support import ROOT

HOST = b"Host: localhost\r\n"


def get(target=b"/healthz", version=b"1.1", extra=b""):
    """One GET with a Host and the extra header lines given (each ending in CRLF)."""
    return b"GET " + target + b" HTTP/" + version + b"\r\n" + HOST + extra + b"\r\n"


def post(head_lines, body=b""):
    """A POST to /healthz (answered 405: the answer still shows where the request ended)."""
    return b"POST /healthz HTTP/1.1\r\n" + HOST + head_lines + b"\r\n" + body


def chunked(body, coding=b"chunked"):
    """A POST whose body is `body` as sent, framed by `Transfer-Encoding: coding`."""
    return post(b"Transfer-Encoding: " + coding + b"\r\n", body)


def seed(folder, name):
    """A fuzz seed, read from Fuzz/Corpus. A FuzzChunkedDecoder seed is a body whose first byte
    picks the fuzzer's piece size: that byte is dropped and the rest sent as a chunked POST."""
    with open(os.path.join(ROOT, "Fuzz", "Corpus", folder, name), "rb") as file:
        data = file.read()
    return chunked(data[1:]) if folder == "FuzzChunkedDecoder" else data


HELLO = b"5\r\nhello\r\n0\r\n\r\n"
HEAD_34_KIB = (b"X-Pad: " + b"p" * 1000 + b"\r\n") * 34

CASES = [
    # -- Well-formed requests, alone and pipelined (ProtocolTests, AbuseTests).
    ("get", get(), None),
    ("get-static-file", get(b"/static/app.css"), None),
    ("get-not-found", get(b"/nope"), None),
    ("pipelined-gets", get() + get(b"/static/app.css") + get(b"/nope"), None),
    (
        "pipelined-get-post-get",
        get(b"/nope") + get() + post(b"Content-Length: 5\r\n", b"hello") + get(b"/static/app.css"),
        None,
    ),
    ("fifty-pipelined-gets", get() * 50, None),
    ("content-length-body", post(b"Content-Length: 5\r\n", b"hello") + get(), None),
    ("content-length-zero", post(b"Content-Length: 0\r\n") + get(), None),
    ("post-without-a-body", post(b"") + get(), None),
    (
        "content-length-body-holding-a-request",
        post(b"Content-Length: %d\r\n" % len(get(b"/nope")), get(b"/nope")) + get(),
        None,
    ),
    (
        "duplicate-equal-content-lengths",
        post(b"Content-Length: 5\r\nContent-Length: 5\r\n", b"hello") + get(),
        None,
    ),
    ("chunked-body", chunked(b"5\r\nhello\r\n6\r\n world\r\n0\r\n\r\n") + get(), None),
    (
        "chunked-extensions-and-trailers",
        chunked(b"5;name=value\r\nhello\r\n7\r\n, world\r\n0\r\nX-Trailer: dropped\r\n\r\n")
        + get(),
        None,
    ),
    (
        "chunked-uppercase-hex-and-quoted-extension",
        chunked(b'A;x="a b"\r\n0123456789\r\n0\r\n\r\n', b"Chunked") + get(),
        None,
    ),
    ("transfer-encoding-in-capitals-with-spaces", chunked(HELLO, b" CHUNKED ") + get(), None),
    ("chunked-whitespace-after-size", chunked(b"5 \r\nhello\r\n0\r\n\r\n") + get(), None),
    (
        "expect-100-continue-with-its-body",
        post(b"Content-Length: 4\r\nExpect: 100-continue\r\n", b"body") + get(),
        None,
    ),
    ("connection-close", get(extra=b"Connection: close\r\n") + get(b"/nope"), None),
    (
        "connection-close-among-tokens",
        get(extra=b"Connection: keep-alive, Close\r\n") + get(),
        None,
    ),
    ("http10", b"GET /healthz HTTP/1.0\r\n\r\n" + get(), None),
    (
        "http10-chunked-answered-then-closed",
        b"POST /healthz HTTP/1.0\r\nConnection: keep-alive\r\nTransfer-Encoding: chunked\r\n\r\n"
        + HELLO
        + get(),
        None,
    ),
    ("http11-higher-minor", b"GET /healthz HTTP/1.2\r\n" + HOST + b"\r\n" + get(), None),
    ("absolute-form", get(b"http://localhost/healthz") + get(), None),
    ("asterisk-form-options", b"OPTIONS * HTTP/1.1\r\n" + HOST + b"\r\n" + get(), None),
    ("unknown-method", b"BREW /healthz HTTP/1.1\r\n" + HOST + b"\r\n" + get(), None),
    ("lowercase-header-names", b"GET /healthz HTTP/1.1\r\nhost: localhost\r\nx-a: b\r\n\r\n", None),
    ("header-value-with-tab-and-obs-text", get(extra=b"X-A: a\tb \xe9\r\n"), None),
    ("empty-header-value", get(extra=b"X-Empty:\r\n"), None),
    ("long-header-line", get(extra=b"X-Long: " + b"v" * 8000 + b"\r\n"), None),
    ("bare-lf-line-endings", b"GET /healthz HTTP/1.1\nHost: localhost\n\n" + get(), None),
    (
        "mixed-line-endings",
        b"GET /healthz HTTP/1.1\r\nHost: localhost\nX-A: b\r\n\n" + get(),
        None,
    ),
    # -- Streams that end inside a request (AbuseTests, ProtocolTests).
    ("head-cut-short", b"GET /healthz HTTP/1.1\r\nHo", None),
    ("head-without-its-blank-line", b"GET /healthz HTTP/1.1\r\n" + HOST, None),
    ("content-length-body-cut-short", post(b"Content-Length: 10\r\n", b"hello"), None),
    ("chunked-body-cut-short", chunked(b"5\r\nhel"), None),
    (
        "expect-100-continue-without-its-body",
        post(b"Content-Length: 4\r\nExpect: 100-continue\r\n"),
        None,
    ),
    # -- Malformed: both refuse (BadInputTests, FramingTests).
    ("garbage-request-line", b"GARBAGE\r\n\r\n", 400),
    ("two-spaces-in-request-line", b"GET  /healthz HTTP/1.1\r\n" + HOST + b"\r\n", 400),
    ("tab-in-request-line", b"GET\t/healthz HTTP/1.1\r\n" + HOST + b"\r\n", 400),
    ("space-before-the-method", b" " + get(), 400),
    ("lowercase-http-version", b"GET /healthz http/1.1\r\n" + HOST + b"\r\n", 400),
    ("version-without-minor", b"GET /healthz HTTP/1\r\n" + HOST + b"\r\n", 400),
    ("version-with-two-digit-minor", b"GET /healthz HTTP/1.10\r\n" + HOST + b"\r\n", 400),
    ("http09-request-line", b"GET /healthz\r\n\r\n", 400),
    ("non-ascii-target", get(b"/caf\xc3\xa9"), 400),
    ("bare-cr-in-a-header", b"GET /healthz HTTP/1.1\r\nHost: localhost\rX: y\r\n\r\n", 400),
    ("whitespace-before-colon", b"GET /healthz HTTP/1.1\r\nHost : localhost\r\n\r\n", 400),
    ("header-without-colon", get(extra=b"X-No-Colon\r\n"), 400),
    ("header-with-empty-name", get(extra=b": value\r\n"), 400),
    ("header-name-with-a-separator", get(extra=b"X[a]: b\r\n"), 400),
    ("nul-in-a-header-value", get(extra=b"X-A: a\x00b\r\n"), 400),
    ("missing-host-in-http11", b"GET /healthz HTTP/1.1\r\n\r\n", 400),
    ("two-host-headers", get(extra=b"Host: other\r\n"), 400),
    (
        "obs-fold-before-the-first-header",
        b"GET /healthz HTTP/1.1\r\n continued\r\n" + HOST + b"\r\n",
        400,
    ),
    ("invalid-chunk-size", chunked(b"zz\r\nhello\r\n0\r\n\r\n") + get(), 400),
    ("negative-chunk-size", chunked(b"-5\r\nhello\r\n0\r\n\r\n") + get(), 400),
    ("chunk-size-with-leading-space", chunked(b" 5\r\nhello\r\n0\r\n\r\n") + get(), 400),
    ("chunk-size-in-hex-notation", chunked(b"0x5\r\nhello\r\n0\r\n\r\n") + get(), 400),
    ("chunk-data-longer-than-its-size", chunked(b"3\r\nhello\r\n0\r\n\r\n") + get(), 400),
    ("chunk-size-past-int", chunked(b"f" * 21 + b"\r\n"), 413),
    (
        "conflicting-content-lengths",
        post(b"Content-Length: 5\r\nContent-Length: 6\r\n", b"hello!") + get(),
        400,
    ),
    ("conflicting-content-length-list", post(b"Content-Length: 5, 6\r\n", b"hello!") + get(), 400),
    ("content-length-not-a-number", post(b"Content-Length: 5x\r\n", b"hello") + get(), 400),
    ("content-length-with-a-sign", post(b"Content-Length: +5\r\n", b"hello") + get(), 400),
    ("negative-content-length", post(b"Content-Length: -5\r\n", b"hello") + get(), 400),
    ("empty-content-length", post(b"Content-Length:\r\n") + get(), 400),
    ("content-length-past-int", post(b"Content-Length: 99999999999999999999999\r\n"), 413),
    ("empty-transfer-encoding", chunked(b"", b"") + get(), 400),
    ("comma-only-transfer-encoding", chunked(b"", b", ,") + get(), 400),
    ("gzip-transfer-coding", chunked(b"0\r\n\r\n", b"gzip, chunked") + get(), 501),
    ("unknown-transfer-coding", chunked(b"", b"identity") + get(), 501),
    ("chunked-twice", chunked(b"0\r\n\r\n", b"chunked, chunked") + get(), 501),
    (
        "two-transfer-encoding-headers",
        post(b"Transfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n", b"0\r\n\r\n")
        + get(),
        501,
    ),
    ("refused-after-a-good-request", get() + b"GARBAGE\r\n\r\n" + get(), 400),
    ("crlf-flood-before-the-request-line", b"\r\n" * 20000, 431),
    # -- We refuse, h11 does not (STRICTER_ON_PURPOSE says why).
    ("obs-fold", get(extra=b"X-Long: one\r\n two\r\n"), 400),
    (
        "obs-fold-in-transfer-encoding",
        post(b"Transfer-Encoding:\r\n chunked\r\n", HELLO) + get(),
        400,
    ),
    ("control-character-in-a-value", get(extra=b"X-A: a\x01b\r\n"), 400),
    (
        "content-length-and-transfer-encoding",
        post(b"Content-Length: 5\r\nTransfer-Encoding: chunked\r\n", HELLO) + get(),
        400,
    ),
    ("bare-cr-in-a-chunk-extension", chunked(b"5;a=b\rc\r\nhello\r\n0\r\n\r\n") + get(), 400),
    ("http2-version", b"GET /healthz HTTP/2.0\r\n" + HOST + b"\r\n", 505),
    ("http3-version", b"GET /healthz HTTP/3.0\r\n" + HOST + b"\r\n", 505),
    ("http09-version", b"GET /healthz HTTP/0.9\r\n\r\n", 505),
    ("relative-target", get(b"healthz"), 400),
    ("invalid-percent-escape-in-the-path", get(b"/healthz%zz"), 400),
    ("target-over-8-kib", get(b"/" + b"a" * 8300), 414),
    ("header-block-over-32-kib", get(extra=HEAD_34_KIB), 431),
    ("content-length-over-the-body-limit", post(b"Content-Length: 2000000\r\n"), 413),
    ("chunk-over-the-body-limit", chunked(b"100001\r\nabc"), 413),
    # -- We go on, h11 refuses or closes (LAXER_ON_PURPOSE and LAXER_IN_QUESTION say why).
    ("leading-empty-line", b"\r\n" + get(), None),
    (
        "http10-keep-alive",
        b"GET /healthz HTTP/1.0\r\nConnection: keep-alive\r\n\r\n" * 2,
        None,
    ),
    ("bare-lf-in-chunked-framing", chunked(b"5\nhello\n0\n\n") + get(), None),
    ("bare-lf-after-a-chunk-extension", chunked(b"5;a=b\nhello\r\n0\r\n\r\n") + get(), None),
    (
        "leading-zeros-in-content-length",
        post(b"Content-Length: 0000000000000000000000005\r\n", b"hello") + get(),
        None,
    ),
    (
        "leading-zeros-in-chunk-sizes",
        chunked(b"00000000000000000005\r\nhello\r\n000000000000000000000\r\n\r\n") + get(),
        None,
    ),
    ("chunked-whitespace-before-extension", chunked(b"5 ;a=b\r\nhello\r\n0\r\n\r\n") + get(), None),
    (
        "trailer-line-without-a-colon",
        chunked(b"5\r\nhello\r\n0\r\nnot a field\r\n\r\n") + get(),
        400,
    ),
    (
        "last-chunk-without-its-blank-line",
        chunked(b"5\r\nhello\r\n0\r\n") + get(b"/nope") + get(),
        400,
    ),
    # -- The fuzz seeds, as they are in Fuzz/Corpus.
    ("seed-head-absolute-form", seed("FuzzHeadParser", "absolute-form"), None),
    ("seed-head-content-length-list", seed("FuzzHeadParser", "content-length-list"), None),
    ("seed-head-get", seed("FuzzHeadParser", "get"), None),
    ("seed-head-get-static-conditional", seed("FuzzHeadParser", "get-static-conditional"), None),
    ("seed-head-http10-bare-lf", seed("FuzzHeadParser", "http10-bare-lf"), None),
    ("seed-head-pipelined", seed("FuzzHeadParser", "pipelined"), None),
    ("seed-head-post-chunked", seed("FuzzHeadParser", "post-chunked"), None),
    ("seed-head-post-form", seed("FuzzHeadParser", "post-form"), None),
    ("seed-chunked-bare-lf-uppercase", seed("FuzzChunkedDecoder", "bare-lf-uppercase"), None),
    ("seed-chunked-extensions-trailers", seed("FuzzChunkedDecoder", "extensions-trailers"), None),
    ("seed-chunked-incomplete", seed("FuzzChunkedDecoder", "incomplete"), None),
    ("seed-chunked-simple", seed("FuzzChunkedDecoder", "simple"), None),
    ("seed-chunked-trailing-data", seed("FuzzChunkedDecoder", "trailing-data"), None),
    ("seed-chunked-two-chunks", seed("FuzzChunkedDecoder", "two-chunks-pieces"), None),
]
