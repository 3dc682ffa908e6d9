"""Every page the app serves parses as HTML5 without a single error in html5lib's strict parser,
so our serializer's output is what browsers expect."""

import re
import unittest

import html5lib

from support import App, request, sign_in


class PagesAreValidHTML5(unittest.TestCase):
    def setUp(self):
        self.app = App()
        self.addCleanup(self.app.stop)
        # An admin, just signed in, sees every page: the forms and the (recent) delete page too.
        self.cookie = sign_in(self.app, "ada", "admin")

    def get(self, path):
        return request("127.0.0.1", self.app.port, "GET", path, headers={"Cookie": self.cookie})

    def assertParses(self, path, body, status):
        self.assertEqual(body.status, status, path)
        parser = html5lib.HTMLParser(strict=True, namespaceHTMLElements=False)
        try:
            parser.parse(body.body)
        except html5lib.html5parser.ParseError as error:
            self.fail(f"{path}: {error}")
        self.assertTrue(body.text.startswith("<!DOCTYPE html>\n"), path)

    def test_every_page(self):
        matches = self.get("/matches")
        edit = re.search(r'href="(/matches/[0-9a-f-]+/edit)"', matches.text).group(1)
        issue_path = self.get("/issues/today").headers["location"]
        issue = self.get(issue_path)
        detail = re.search(r'href="(/issues/\d+/items/[^"]+)"', issue.text).group(1)
        pages = ["/matches", "/matches/new", edit, edit.replace("/edit", "/delete"), "/rankings",
                 "/players/new", "/playlist", "/users", "/users/1", issue_path, detail, "/account"]
        for path in pages:
            self.assertParses(path, self.get(path), 200)
        self.assertParses("/nowhere", self.get("/nowhere"), 404)
        # The sign-in page is what a signed-out person sees.
        self.assertParses("/sign-in", request("127.0.0.1", self.app.port, "GET", "/sign-in"), 200)
        invalid = request("127.0.0.1", self.app.port, "POST", "/matches/new",
                          body={"homeGoals": "x", "token": "t"}, headers={"Cookie": self.cookie})
        self.assertParses("POST /matches/new", invalid, 422)


if __name__ == "__main__":
    unittest.main()
