"""MVVMWeb behind a real nginx with the example configuration: at / over the unix socket, under
/league/, over TCP, with spoofed headers, cross-site posts, upstream keep-alive, and the browser."""

import os
import re
import tempfile
import time
import unittest

from nginx_support import Nginx
from support import App, Response, UnixHTTPConnection, request, sign_in, sign_in_browser
import test_league_browser


class BehindNginx(unittest.TestCase):
    def setUp(self):
        self.socket_dir = tempfile.mkdtemp(prefix="mvvmweb-sock-")
        self.socket = os.path.join(self.socket_dir, "app.sock")

    def start(self, *app_args, keepalive="60s", tcp=False, quiet=True):
        if tcp:
            self.app = App(*app_args, quiet=quiet)
            self.nginx = Nginx(upstream_port=self.app.port, upstream_keepalive=keepalive)
        else:
            self.app = App(*app_args, unix_socket=self.socket, quiet=quiet)
            self.nginx = Nginx(upstream_socket=self.socket, upstream_keepalive=keepalive)
        self.addCleanup(self.app.stop)
        self.addCleanup(self.nginx.stop)

    def member(self):
        """A signed-in member's headers: League forms and writes are members' since accounts."""
        return {"Cookie": sign_in(self.app, "mo")}

    def test_root_over_unix_socket(self):
        self.start()
        self.assertEqual(os.stat(self.socket).st_mode & 0o777, 0o660)
        page = self.nginx.get("/matches", headers=self.member())
        self.assertEqual(page.status, 200)
        self.assertIn('href="/static/app.css"', page.text)
        self.assertIn('href="/matches/new"', page.text)

    def test_prefix_is_carried_by_links_forms_assets_and_redirects(self):
        self.start()
        member = self.member()
        page = self.nginx.get("/league/matches", headers=member)
        self.assertEqual(page.status, 200)
        links = re.findall(r'(?:href|src|action)="(/[^"]*)"', page.text)
        self.assertTrue(links)
        self.assertEqual([link for link in links if not link.startswith("/league/")], [])
        self.assertEqual(self.nginx.get("/league/static/app.css").status, 200)

        form = self.nginx.get("/league/players/new", headers=member)
        self.assertIn('action="/league/players/new"', form.text)
        saved = self.nginx.post("/league/players/new", {"name": "Dana"}, headers=member)
        self.assertEqual(saved.status, 303)
        self.assertTrue(saved.headers["location"].startswith("/league/"), saved.headers["location"])
        self.assertEqual(self.nginx.get("/league").status, 301)

    def test_tcp_variant(self):
        self.start(tcp=True)
        self.assertEqual(self.nginx.get("/league/rankings").status, 200)
        self.assertEqual(self.nginx.get("/healthz").text, "ok")

    def test_cross_site_post_is_refused_behind_the_proxy(self):
        self.start()
        member = self.member()
        refused = self.nginx.post("/players/new", {"name": "Mallory"},
                                  headers={"Origin": "http://evil.test", **member})
        self.assertEqual(refused.status, 403)
        accepted = self.nginx.post("/players/new", {"name": "Erin"}, headers=member)
        self.assertEqual(accepted.status, 303)

    def test_a_clients_own_forwarded_header_does_not_pass_and_metrics_stay_private(self):
        self.start(quiet=False)
        page = self.nginx.get("/matches", headers={"Forwarded": "for=198.51.100.9"})
        self.assertEqual(page.status, 200)
        # Through nginx, /metrics is a 404 whatever the client claims to be.
        for claim in ({}, {"Forwarded": "for=127.0.0.1"}, {"Forwarded": "for=unix"}):
            self.assertEqual(self.nginx.get("/metrics", headers=claim).status, 404, claim)
        time.sleep(0.2)
        log = self.app.output()
        self.assertNotIn("198.51.100.9", log)
        self.assertRegex(log, r"GET /matches 200 \d+ [\d.]+ms client=127\.0\.0\.1 ")
        # Straight to the app's socket, a scraper on this machine gets the metrics.
        connection = UnixHTTPConnection(self.socket)
        connection.request("GET", "/metrics")
        answer = connection.getresponse()
        direct = Response(answer.status, {}, answer.read())
        connection.close()
        self.assertEqual(direct.status, 200)
        self.assertIn('http_requests_total{route="/matches",status="200"} 1', direct.text)

    def test_spoofed_forwarded_for_from_untrusted_peer_is_ignored(self):
        # Only the unix socket is trusted: nginx's own hop (127.0.0.1, appended to the spoofed
        # list) is the client, and the access log shows it, never the forged address.
        self.start("--trusted-proxy", "unix", quiet=False)
        page = self.nginx.get("/matches", headers={"X-Forwarded-For": "6.6.6.6",
                                                  "X-Forwarded-Prefix": "/evil"})
        self.assertEqual(page.status, 200)
        self.assertNotIn("/evil", page.text)
        time.sleep(0.2)
        log = self.app.output()
        self.assertRegex(log, r"Z info GET /matches 200 \d+ [\d.]+ms client=127\.0\.0\.1 ")
        self.assertNotIn("6.6.6.6", log)
        # nginx's $request_id is the request's id in the app's log line and in the answer.
        request_id = page.headers["x-request-id"]
        self.assertRegex(request_id, r"^[0-9a-f]{32}$")
        self.assertIn(f"request-id={request_id}", log)

        # Straight to the app from an untrusted TCP peer: the headers are ignored too.
        direct = App("--trusted-proxy", "10.0.0.0/8", quiet=False)
        self.addCleanup(direct.stop)
        page = request("127.0.0.1", direct.port, "GET", "/matches",
                       headers={"X-Forwarded-For": "6.6.6.6", "X-Forwarded-Prefix": "/evil"})
        self.assertNotIn('href="/evil', page.text)
        time.sleep(0.2)
        self.assertNotIn("6.6.6.6", direct.output())

    def test_posts_as_upstream_keepalive_goes_idle_never_get_502(self):
        # nginx drops idle upstream connections after 1 s here; the app waits 2 s, so nginx never
        # reuses a connection the app is closing. Posts land around both edges.
        self.start("--idle-timeout", "2", keepalive="1s")
        member = self.member()
        statuses = []
        for index, pause in enumerate([0.0, 0.9, 1.0, 1.1, 1.9, 2.0, 2.1, 0.5]):
            time.sleep(pause)
            statuses.append(self.nginx.post("/players/new", {"name": f"Idle {index}"},
                                            headers=member).status)
        self.assertEqual(statuses, [303] * 8)


class LeagueInBrowserUnderPrefix(test_league_browser.LeagueInBrowser):
    """The same browser journey, through nginx under /league/."""
    prefix = "/league"

    def setUp(self):
        from support import chromium
        socket_dir = tempfile.mkdtemp(prefix="mvvmweb-sock-")
        socket = os.path.join(socket_dir, "app.sock")
        self.app = App(unix_socket=socket, demo=False)
        self.addCleanup(self.app.stop)
        self.nginx = Nginx(upstream_socket=socket)
        self.addCleanup(self.nginx.stop)
        self.driver = chromium()
        self.addCleanup(self.driver.quit)
        self.base = f"http://127.0.0.1:{self.nginx.port}"
        sign_in_browser(self.driver, self.base, sign_in(self.app, "newcomer"))

    def test_every_page_stays_under_the_prefix(self):
        self.open("/matches")
        for link in self.driver.find_elements("css selector", "a[href], link[href]"):
            self.assertTrue(link.get_attribute("href").startswith(self.base + "/league/"),
                            link.get_attribute("href"))


if __name__ == "__main__":
    unittest.main()
