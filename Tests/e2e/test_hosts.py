"""DNS rebinding against the real binary: a page on a name rebound to 127.0.0.1 sends its own
name as Host, and may add X-Forwarded-Host or Forwarded naming localhost (neither is a header
fetch forbids, and loopback is a trusted proxy). The Host the connection received decides,
before any forwarding header is believed: pages, posts and /metrics are all refused."""

import unittest

from support import App, request

REBOUND = [
    {"Host": "evil.example", "X-Forwarded-Host": "localhost"},
    {"Host": "evil.example:8080", "Forwarded": "host=localhost"},
    {"Host": "evil.example", "X-Forwarded-Host": "127.0.0.1", "X-Forwarded-For": "127.0.0.1"},
]


class ReboundHostTests(unittest.TestCase):
    def setUp(self):
        self.app = App()
        self.addCleanup(self.app.stop)

    def get(self, path, headers):
        return request("127.0.0.1", self.app.port, "GET", path, headers=headers)

    def test_a_foreign_host_is_refused_whatever_a_forwarding_header_says(self):
        for headers in REBOUND:
            for path in ("/matches", "/metrics"):
                refused = self.get(path, headers)
                self.assertEqual(refused.status, 400, (path, headers))
                self.assertIn("This server does not answer for the host evil.example.",
                              refused.text)
            posted = request("127.0.0.1", self.app.port, "POST", "/players/new",
                             body={"name": "Mallory"},
                             headers=dict(headers, **{"Sec-Fetch-Site": "same-origin"}))
            self.assertEqual(posted.status, 400, headers)
        page = self.get("/matches", {"Host": "localhost:8080"})
        self.assertEqual(page.status, 200)
        self.assertNotIn("Mallory", page.text)

    def test_a_forwarded_host_must_be_allowed_too(self):
        refused = self.get("/matches", {"Host": "localhost", "X-Forwarded-Host": "evil.example"})
        self.assertEqual(refused.status, 400)
        self.assertEqual(self.get("/metrics", {"Host": "127.0.0.1"}).status, 200)


if __name__ == "__main__":
    unittest.main()
