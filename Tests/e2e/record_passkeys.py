"""Records real WebAuthn ceremonies for Tests/Fixtures/passkeys/chromium-virtual-authenticator.json:
headless Chromium with its virtual authenticator (DevTools' WebAuthn.addVirtualAuthenticator:
CTAP 2.1, internal transport, resident keys, user verification on) on a blank page served at
http://localhost:PORT (WebAuthn refuses an IP address as its RP ID), running
navigator.credentials.create and get as a site would and printing what they return,
base64url-encoded as the browser's toJSON() does.

    python3 Tests/e2e/record_passkeys.py \
      > Tests/Fixtures/passkeys/chromium-virtual-authenticator.json

Each credential is registered once and then asserted twice, so the fixtures hold a counter that
rises (the virtual authenticator counts every signature). Not a test: MVVMWebPasskeysTests
verifies what it recorded, and test_passkeys_differential.py has py_webauthn verify it too, and
records afresh to check that today's Chromium still makes what both verifiers accept.
"""

import http.server
import json
import os
import secrets
import sys
import threading

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from support import chromium  # noqa: E402

# Runs in the page: `arguments` are the options (with base64url byte strings) and the callback.
# The credential is turned into JSON by the page's own toJSON(), which base64url-encodes.
CREATE = """
const [options, done] = arguments;
const bytes = (text) => Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')),
  (c) => c.charCodeAt(0));
options.challenge = bytes(options.challenge);
options.user.id = bytes(options.user.id);
navigator.credentials.create({publicKey: options})
  .then((credential) => done({ok: credential.toJSON()}), (error) => done({error: String(error)}));
"""

GET = """
const [options, done] = arguments;
const bytes = (text) => Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')),
  (c) => c.charCodeAt(0));
options.challenge = bytes(options.challenge);
navigator.credentials.get({publicKey: options})
  .then((credential) => done({ok: credential.toJSON()}), (error) => done({error: String(error)}));
"""

# Each recorded credential: its name, the algorithm it asks for, what else its creation options
# and its authenticator's options say.
CEREMONIES = [
    ("es256", -7, {}, {}),
    ("eddsa", -8, {}, {}),
    ("rs256", -257, {}, {}),
    # A credProtect extension output in the authenticator data (the ED flag); the virtual
    # authenticator has credProtect only with its credBlob support on.
    (
        "es256-cred-protect",
        -7,
        {
            "extensions": {
                "credentialProtectionPolicy": "userVerificationOptionalWithCredentialIDList"
            }
        },
        {"hasCredBlob": True},
    ),
    # Attestation asked for: the virtual authenticator's packed statement with a certificate.
    ("es256-direct-attestation", -7, {"attestation": "direct"}, {}),
]


def base64url(data):
    import base64

    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


class Blank(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        body = b"<!DOCTYPE html><title>passkeys</title>"
        self.send_response(200)
        self.send_header("Content-Type", "text/html")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *_):
        pass


def call(driver, script, options):
    result = driver.execute_async_script(script, options)
    if "error" in result:
        raise RuntimeError(f"{options}: {result['error']}")
    return result["ok"]


def record(driver, name, algorithm, extra, authenticator_extra):
    # Through DevTools rather than selenium's add_virtual_authenticator, which cannot ask for
    # CTAP 2.1 (without it the authenticator refuses credProtect).
    options = {
        "protocol": "ctap2",
        "ctap2Version": "ctap2_1",
        "transport": "internal",
        "hasResidentKey": True,
        "hasUserVerification": True,
        "isUserVerified": True,
        **authenticator_extra,
    }
    authenticator = driver.execute_cdp_cmd("WebAuthn.addVirtualAuthenticator", {"options": options})
    try:
        challenge = base64url(secrets.token_bytes(32))
        user_handle = base64url(secrets.token_bytes(16))
        options = {
            "rp": {"id": "localhost", "name": "MVVMWeb"},
            "user": {"id": user_handle, "name": "ada", "displayName": "Ada"},
            "challenge": challenge,
            "pubKeyCredParams": [{"type": "public-key", "alg": algorithm}],
            "authenticatorSelection": {
                "residentKey": "required",
                "userVerification": "required",
            },
            "attestation": "none",
        }
        options.update(extra)
        created = call(driver, CREATE, options)
        ceremony = {
            "name": name,
            "registration": {
                "challenge": challenge,
                "userHandle": user_handle,
                "id": created["rawId"],
                "clientDataJSON": created["response"]["clientDataJSON"],
                "attestationObject": created["response"]["attestationObject"],
            },
            "assertions": [],
        }
        for _ in range(2):
            challenge = base64url(secrets.token_bytes(32))
            asserted = call(
                driver,
                GET,
                {"challenge": challenge, "rpId": "localhost", "userVerification": "required"},
            )
            response = asserted["response"]
            ceremony["assertions"].append(
                {
                    "challenge": challenge,
                    "id": asserted["rawId"],
                    "clientDataJSON": response["clientDataJSON"],
                    "authenticatorData": response["authenticatorData"],
                    "signature": response["signature"],
                    "userHandle": response.get("userHandle"),
                }
            )
        return ceremony
    finally:
        driver.execute_cdp_cmd("WebAuthn.removeVirtualAuthenticator", authenticator)


def record_all():
    """Every ceremony of CEREMONIES, recorded in a fresh browser, as the fixture file holds them."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Blank)
    port = server.server_address[1]
    threading.Thread(target=server.serve_forever, daemon=True).start()
    driver = chromium()
    try:
        origin = f"http://localhost:{port}"
        driver.get(origin + "/")
        driver.execute_cdp_cmd("WebAuthn.enable", {})
        version = driver.capabilities.get("browserVersion", "?")
        ceremonies = [record(driver, *ceremony) for ceremony in CEREMONIES]
    finally:
        driver.quit()
        server.shutdown()
    return {
        "source": f"Tests/e2e/record_passkeys.py, Chromium {version}'s virtual authenticator "
        "(CTAP 2.1, internal, resident keys, user verified); byte strings base64url",
        "rpID": "localhost",
        "origin": origin,
        "ceremonies": ceremonies,
    }


def main():
    json.dump(record_all(), sys.stdout, indent=1)
    print()


if __name__ == "__main__":
    main()
