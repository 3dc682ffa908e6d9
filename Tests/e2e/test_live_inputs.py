"""Live inputs in a real browser: the player and match forms answer as people type, without a
navigation and without ever overwriting what is typed or moving the focus; with JavaScript off the
same forms post as they always did."""

import time
import unittest

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from support import App, chromium, request, sign_in, sign_in_browser, wait_for


class LiveInputsInBrowser(unittest.TestCase):
    """The person typing is a signed-in member: League forms and their input events are
    members' since accounts."""
    javascript = True

    def setUp(self):
        self.app = App(demo=False)
        self.addCleanup(self.app.stop)
        self.driver = chromium(javascript=self.javascript)
        self.addCleanup(self.driver.quit)
        self.sign_in()

    def sign_in(self):
        self.member = sign_in(self.app, "mo")
        sign_in_browser(self.driver, self.app.base_url, self.member)

    def add_player(self, name):
        response = request("127.0.0.1", self.app.port, "POST", "/players/new", {"name": name},
                           headers={"Cookie": self.member})
        self.assertEqual(response.status, 303)

    def open(self, path):
        self.driver.get(self.app.base_url + path)
        # Gone if the page is navigated away from or reloaded.
        self.driver.execute_script("window.stillThisPage = true;")

    def still_this_page(self):
        return self.driver.execute_script("return window.stillThisPage === true;")

    def text(self, id):
        return self.driver.execute_script(f"return document.getElementById('{id}').textContent;")

    def side_choice(self, legend, name):
        return self.driver.find_element(
            By.XPATH, f"//fieldset[legend[normalize-space()='{legend}']]"
                      f"//label[normalize-space()='{name}']/input[@type='checkbox']")


class LiveInputs(LiveInputsInBrowser):
    def test_a_taken_name_is_said_as_typed_without_a_navigation(self):
        self.add_player("Alice")
        self.open("/players/new")
        name = self.driver.find_element(By.ID, "name")
        name.send_keys("alice")
        self.assertTrue(wait_for(lambda: self.text("name-error") == "That name is taken"))
        self.assertEqual(name.get_attribute("aria-invalid"), "true")
        self.assertTrue(self.still_this_page())
        name.send_keys("n")
        self.assertTrue(wait_for(lambda: self.text("name-error") == ""))
        self.assertIsNone(self.driver.find_element(By.ID, "name").get_attribute("aria-invalid"))
        self.assertEqual(name.get_attribute("value"), "alicen")
        self.assertTrue(self.still_this_page())

    def test_a_ticked_player_is_disabled_on_the_other_side_with_the_reason(self):
        self.add_player("Alice")
        self.add_player("Bruno")
        self.open("/matches/new")
        home = self.side_choice("Home", "Alice")
        # The same player's box on the other side, by its value: its label grows the reason.
        away = self.driver.find_element(
            By.CSS_SELECTOR, f"input[name=away][value='{home.get_attribute('value')}']")
        home.click()
        self.assertTrue(wait_for(lambda: away.get_attribute("disabled") is not None))
        note = self.driver.find_element(By.ID, away.get_attribute("aria-describedby"))
        self.assertEqual(note.text, "on the home side")
        preview = self.driver.find_element(By.CSS_SELECTOR, "#match-check .preview")
        self.assertEqual(preview.text, "Alice ? : ? ?")
        # The box ticked stays ticked, and unticking it frees the other side again.
        self.assertTrue(home.is_selected())
        home.click()
        self.assertTrue(wait_for(lambda: away.get_attribute("disabled") is None))
        self.assertTrue(self.still_this_page())

    def test_fast_typing_keeps_every_character_and_the_focus(self):
        self.add_player("Alice")
        self.open("/players/new")
        name = self.driver.find_element(By.ID, "name")
        typed = "Alice the Third of Lower Wobbleton"
        for piece in (typed[i:i + 3] for i in range(0, len(typed), 3)):
            name.send_keys(piece)
            time.sleep(0.05)
        # Answers arrive while typing goes on; wait until the last one has been applied.
        time.sleep(1.0)
        self.assertEqual(name.get_attribute("value"), typed)
        self.assertEqual(self.driver.switch_to.active_element, name)
        self.assertEqual(self.text("name-error"), "")

        self.open("/matches/new")
        goals = self.driver.find_element(By.ID, "homeGoals")
        goals.send_keys("1x")
        self.assertTrue(wait_for(lambda: self.text("homeGoals-error")
                                 == "Goals must be a whole number from 0 to 99"))
        goals.send_keys(Keys.BACKSPACE, "2")
        self.assertTrue(wait_for(lambda: self.text("homeGoals-error") == ""))
        self.assertEqual(goals.get_attribute("value"), "12")
        self.assertEqual(self.driver.switch_to.active_element, goals)
        self.assertTrue(self.still_this_page())


class WithLiveUpdatesOff(LiveInputsInBrowser):
    """`--max-streams 0`: the first input event is a 204, after which the script sends no more,
    and the form posts as it does without JavaScript."""

    def setUp(self):
        self.app = App("--max-streams", "0", demo=False, quiet=False)
        self.addCleanup(self.app.stop)
        self.driver = chromium()
        self.addCleanup(self.driver.quit)
        self.sign_in()

    def input_events(self):
        return self.app.output().count("POST /players/new 204 ")

    def test_the_form_stops_sending_and_still_posts(self):
        self.add_player("Alice")
        self.open("/players/new")
        name = self.driver.find_element(By.ID, "name")
        name.send_keys("ali")
        self.assertTrue(wait_for(lambda: self.input_events() == 1))
        name.send_keys("ce")
        name.send_keys(" ")
        name.send_keys(Keys.BACKSPACE)
        time.sleep(0.6)
        self.assertEqual(self.input_events(), 1)
        self.assertEqual(self.text("name-error"), "")
        self.assertEqual(name.get_attribute("value"), "alice")
        self.assertTrue(self.still_this_page())
        self.driver.find_element(By.XPATH, "//button[normalize-space()='Save']").click()
        self.assertTrue(wait_for(lambda: "That name is taken" in self.text("name-error")))


class WithoutJavaScript(LiveInputsInBrowser):
    javascript = False

    def test_the_same_forms_still_post(self):
        self.add_player("Alice")
        self.open("/players/new")
        name = self.driver.find_element(By.ID, "name")
        name.send_keys("alice")
        time.sleep(0.5)
        # Nothing answers while typing: the message comes with the post, as it always did.
        self.assertEqual(self.text("name-error"), "")
        self.driver.find_element(By.XPATH, "//button[normalize-space()='Save']").click()
        self.assertTrue(wait_for(lambda: "That name is taken" in self.text("name-error")))
        name = self.driver.find_element(By.ID, "name")
        name.clear()
        name.send_keys("Bruno")
        self.driver.find_element(By.XPATH, "//button[normalize-space()='Save']").click()
        self.assertTrue(wait_for(lambda: self.driver.title == "Rankings · MVVMWeb"))
        self.assertIn("Bruno", self.driver.find_element(By.TAG_NAME, "main").text)


if __name__ == "__main__":
    unittest.main()
