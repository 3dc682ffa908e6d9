"""Floods at the accounts' doors (issues 53 and 54): 200 password sign-ins at once must not slow
/healthz or static files (the hashing lane is bounded: past it a quick 503 with Retry-After, and
memory grows by at most the lane's bound), and 1,000 malformed passkey assertions are each
refused with a 400 while the server stays up and quick."""

import base64
import json
import os
import random
import re
import threading
import time
import unittest
import urllib.parse

from accounts_support import (PASSWORD, Prober, SoftwarePasskey, rss_kib, timed_exchange,
                              timed_get)
from support import App, add_account, sign_in

# Sources/MVVMWebAccounts/Passwords/PasswordLane.swift documents its bound (`memoryBound`): each
# of its threads (half the processor's cores, at least one) fills the hasher's memory limit
# (Argon2Parameters.owasp: 19,456 KiB), and each of the 8 queued calls holds a password
# (PasswordRules.maximumBytes, 1,024) and a hash (PasswordHasher.maximumEncodedBytes, 256).
LANE_THREADS = max(1, len(os.sched_getaffinity(0)) // 2)
LANE_MEMORY_BOUND = LANE_THREADS * 19_456 * 1_024 + 8 * (1_024 + 256)

STATIC_FILE = "/static/favicon.svg"
ACCOUNTS = [f"flood{n}" for n in range(5)]


def raw_post(port, path, body, headers):
    """A POST on a fresh connection, its body bytes as they are: (status, headers, body,
    seconds to the whole answer)."""
    head = f"POST {path} HTTP/1.1\r\nHost: localhost:{port}\r\nConnection: close\r\n"
    for name, value in headers.items():
        head += f"{name}: {value}\r\n"
    head += f"Content-Length: {len(body)}\r\n\r\n"
    answer, elapsed, _ = timed_exchange(port, head.encode() + body, timeout=30)
    head, _, body = answer.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    fields = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        fields[name.strip().lower()] = value.strip()
    return int(lines[0].split(" ", 2)[1]), fields, body, elapsed


FORM = {"Content-Type": "application/x-www-form-urlencoded", "Sec-Fetch-Site": "same-origin"}


class TwoHundredSignInsAtOnce(unittest.TestCase):
    def setUp(self):
        self.app = App()
        self.addCleanup(self.app.stop)
        for name in ACCOUNTS:
            sign_in(self.app, name, "member", PASSWORD)

    def test_health_and_static_files_stay_quick_and_the_lane_refuses_at_once_past_its_bound(self):
        # Warm: the page and the file answered once, as a monitor's first probe.
        self.assertEqual(timed_get(self.app.port, "/healthz")[0], 200)
        self.assertEqual(timed_get(self.app.port, STATIC_FILE)[0], 200)
        start_rss = rss_kib(self.app.process.pid)

        count = 200
        gate = threading.Barrier(count)
        answers = [None] * count

        def attempt(n):
            body = (f"name={ACCOUNTS[n % len(ACCOUNTS)]}&password=wrong+guess+{n}&return=%2F"
                    .encode())
            headers = dict(FORM, **{"X-Forwarded-For": f"10.{n // 250}.{n % 250}.{n % 7 + 1}"})
            gate.wait()
            try:
                answers[n] = raw_post(self.app.port, "/sign-in", body, headers)
            except OSError as error:
                answers[n] = error

        with Prober(self.app.port, ["/healthz", STATIC_FILE], pause=0.001) as probe:
            threads = [threading.Thread(target=attempt, args=(n,)) for n in range(count)]
            for thread in threads[:-1]:
                thread.start()
            # The gate opens as the last thread reaches it: the flood starts now.
            flood_started = time.monotonic()
            threads[-1].start()
            for thread in threads:
                thread.join(timeout=60)
            flood_ended = time.monotonic()
            flood_took = flood_ended - flood_started
        end_rss = rss_kib(self.app.process.pid)

        errors = [answer for answer in answers if not isinstance(answer, tuple)]
        self.assertEqual(errors, [], "sign-ins that got no answer")
        statuses = [answer[0] for answer in answers]
        tally = {status: statuses.count(status) for status in sorted(set(statuses))}
        busy = [answer for answer in answers if answer[0] == 503]
        slowest_busy = max((answer[3] for answer in busy), default=0)
        print(f"\n  200 sign-ins in {flood_took:.2f} s: {tally}; slowest 503 "
              f"{slowest_busy * 1000:.1f} ms")
        window = (flood_started, flood_ended)
        for path in ("/healthz", STATIC_FILE):
            print("  during the flood, " + probe.summary(path, *window))
        print(f"  RSS {start_rss} KiB before, {end_rss} KiB after (+{end_rss - start_rss} KiB; "
              f"lane bound {LANE_MEMORY_BOUND // 1024} KiB with {LANE_THREADS} thread(s))")

        self.assertEqual(set(statuses) - {422, 429, 503}, set(), tally)
        self.assertGreater(len(busy), 0, "the lane took 200 hashes at once")
        for status, headers, body, _ in busy:
            self.assertRegex(headers.get("retry-after", ""), r"^[1-9][0-9]*$")
            self.assertIn(b"Too many people are signing in at once: try again in a few seconds.",
                          body)
        # Refused at once, not queued: no 503 waited for a hash to end.
        self.assertLess(slowest_busy, 1.0)

        self.assertEqual(probe.failures, [])
        for path in ("/healthz", STATIC_FILE):
            # Every probe answered 200, during the flood and around it.
            self.assertEqual({answer[0] for answer in probe.answers[path]}, {200}, path)
            self.assertGreaterEqual(len(probe.during(path, *window)), 10, path)
            self.assertLess(probe.median_ms(path, *window), 5.0, probe.summary(path, *window))
        self.assertLess((end_rss - start_rss) * 1024, LANE_MEMORY_BOUND)
        self.assertEqual(self.app.process.poll(), None)


def b64url(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64url(text):
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def encoded(fields):
    return urllib.parse.urlencode(
        [(name, value) for name, value in fields.items() if value is not None]).encode()


def malformed_assertions(passkey, challenges, rng):
    """1,000 bodies a broken or hostile client might post to /sign-in/passkey, each with the form
    type the passkeys' script sends. Half are shapeless: random bytes, truncated JSON, fields
    that are not base64url, missing, empty, repeated or far too long, random challenges. The
    other half answer a real challenge for a real passkey (so the credential is found and the
    parsers of the client data, the authenticator data and the signature run), each with one
    part broken: truncated or random authenticator data, its flags or RP ID hash wrong, client
    data that is not JSON or holds the wrong types, a random or truncated signature, another
    user handle."""
    def shapeless(**changes):
        values = {"challenge": b64url(rng.randbytes(32)), "id": b64url(rng.randbytes(16)),
                  "clientDataJSON": b64url(rng.randbytes(rng.randrange(0, 300))),
                  "authenticatorData": b64url(rng.randbytes(rng.randrange(0, 120))),
                  "signature": b64url(rng.randbytes(rng.randrange(0, 80))), "userHandle": ""}
        values.update(changes)
        return encoded(values)

    def broken(part, change):
        fields = passkey.assertion(challenges.pop())
        fields[part] = change(fields[part])
        return encoded(fields)

    def bytes_of(change):
        return lambda text: b64url(change(unb64url(text)))

    def client_data(change):
        def rewrite(text):
            data = json.loads(unb64url(text))
            return b64url(json.dumps(change(data)).encode())
        return rewrite

    def flags(data, value):
        return data[:32] + bytes([value]) + data[33:]

    script_json = json.dumps({"id": b64url(b"x" * 16), "response": {
        "clientDataJSON": b64url(b'{"type":"webauthn.get"}'), "authenticatorData": "AAAA",
        "signature": "AAAA"}}).encode()
    kinds = [
        # Shapeless.
        lambda: rng.randbytes(rng.randrange(1, 2048)),
        lambda: script_json[:rng.randrange(1, len(script_json))],
        lambda: shapeless(id="!!not*base64~~", signature="%%%"),
        lambda: shapeless(clientDataJSON="====", authenticatorData="a b c"),
        lambda: shapeless(id=None, signature=None),
        lambda: shapeless(challenge="", id="", clientDataJSON="", authenticatorData="",
                          signature=""),
        lambda: shapeless(challenge="12345", id="[1,2,3]", clientDataJSON="{}",
                          authenticatorData="true", signature="null"),
        lambda: shapeless(id=b64url(rng.randbytes(1_024 + rng.randrange(1, 64)))),
        lambda: shapeless() + b"&id=" + b64url(passkey.id).encode() + b"&id=AAAA",
        lambda: shapeless(clientDataJSON=b64url(rng.randbytes(20_000))),
        # A real passkey and a real challenge, one part broken.
        lambda: broken("authenticatorData", bytes_of(lambda d: d[:rng.randrange(0, 37)])),
        lambda: broken("authenticatorData", bytes_of(lambda d: rng.randbytes(len(d)))),
        lambda: broken("authenticatorData", bytes_of(lambda d: flags(d, 0x01))),  # no UV
        lambda: broken("authenticatorData", bytes_of(lambda d: bytes(32) + d[32:])),
        lambda: broken("authenticatorData", bytes_of(
            lambda d: flags(d, 0xC5) + rng.randbytes(rng.randrange(1, 64)))),  # ED, junk
        lambda: broken("clientDataJSON", bytes_of(lambda d: d[:rng.randrange(0, len(d))])),
        lambda: broken("clientDataJSON", client_data(
            lambda c: dict(c, type=1, challenge=[c["challenge"]], origin=None))),
        lambda: broken("clientDataJSON", client_data(lambda c: [c])),
        lambda: broken("signature", bytes_of(lambda d: rng.randbytes(rng.randrange(0, 80)))),
        lambda: broken("signature", bytes_of(lambda d: d[:rng.randrange(0, len(d))])),
        lambda: broken("userHandle", bytes_of(lambda d: rng.randbytes(16))),
    ]
    return [kinds[n % len(kinds)]() for n in range(1_000)]


class AThousandMalformedPasskeyAssertions(unittest.TestCase):
    def setUp(self):
        self.app = App()
        self.addCleanup(self.app.stop)
        self.passkey = SoftwarePasskey(self.app.port)
        self.passkey.register_from_link(add_account(self.app, "kai", "member"))

    def signs_in(self):
        answer = self.passkey.sign_in(self.passkey.assertion(self.passkey.challenge()))
        return answer.status, "set-cookie" in answer.headers

    def test_each_is_refused_with_400_and_the_server_stays_up_and_quick(self):
        # The passkey is good: a well-formed assertion signs in, before and after.
        self.assertEqual(self.signs_in(), (200, True))
        rng = random.Random(54)
        # One challenge for each assertion that answers one (11 kinds in 21): 524.
        challenges = [self.passkey.challenge() for _ in range(524)]
        bodies = malformed_assertions(self.passkey, challenges, rng)
        self.assertEqual(len(bodies), 1_000)
        answers = []
        with Prober(self.app.port, ["/healthz"]) as probe:
            started = time.monotonic()
            for body in bodies:
                status, headers, text, _ = raw_post(self.app.port, "/sign-in/passkey", body, FORM)
                answers.append((status, headers, text, body))
            ended = time.monotonic()
        statuses = [status for status, _, _, _ in answers]
        tally = {status: statuses.count(status) for status in sorted(set(statuses))}
        reasons = {}
        for status, _, text, _ in answers:
            try:
                reason = json.loads(text)["error"]
            except ValueError:
                reason = "(not JSON) " + text[:60].decode(errors="replace")
            reason = re.sub(r"[0-9]+", "N", reason)[:110]
            reasons[reason] = reasons.get(reason, 0) + 1
        print(f"\n  1,000 malformed assertions in {ended - started:.2f} s: {tally}")
        for reason, count in sorted(reasons.items(), key=lambda item: -item[1]):
            print(f"    {count:4} {reason}")
        print("  " + probe.summary("/healthz", started, ended))
        others = [(status, body[:120], text[:200]) for status, _, text, body in answers
                  if status != 400]
        self.assertEqual(others, [], "assertions not answered 400")
        self.assertEqual([headers for _, headers, _, _ in answers if "set-cookie" in headers], [])
        self.assertEqual(self.app.process.poll(), None, "the server stopped")
        self.assertEqual(probe.failures, [])
        self.assertEqual({answer[0] for answer in probe.answers["/healthz"]}, {200})
        self.assertGreaterEqual(len(probe.during("/healthz", started, ended)), 10)
        self.assertLess(probe.median_ms("/healthz", started, ended), 5.0,
                        probe.summary("/healthz", started, ended))
        self.assertEqual(self.signs_in(), (200, True))


if __name__ == "__main__":
    unittest.main()
