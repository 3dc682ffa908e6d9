"""The league in a real browser: a newcomer adds two players, records a match, sees it listed and
ranked, and gets a clear error for a match without away players."""

import unittest

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from support import App, chromium, sign_in, sign_in_browser


class LeagueInBrowser(unittest.TestCase):
    """The newcomer is a signed-in member: League forms are members' since accounts."""
    prefix = ""  # the nginx suite reruns this journey under /league/

    def setUp(self):
        self.app = App(demo=False)
        self.addCleanup(self.app.stop)
        self.driver = chromium()
        self.addCleanup(self.driver.quit)
        self.base = self.app.base_url
        sign_in_browser(self.driver, self.base, sign_in(self.app, "newcomer"))

    def assertTitle(self, expected):
        """Waits for the navigation a click started, then checks where it led."""
        try:
            WebDriverWait(self.driver, 10).until(lambda driver: driver.title == expected)
        except Exception:
            pass
        self.assertEqual(self.driver.title, expected)

    def open(self, path):
        self.driver.get(self.base + self.prefix + path)

    def label(self, text):
        return self.driver.find_element(By.XPATH, f"//label[normalize-space()='{text}']")

    def field(self, label_text):
        return self.driver.find_element(By.ID, self.label(label_text).get_attribute("for"))

    def button(self, text):
        return self.driver.find_element(By.XPATH, f"//button[normalize-space()='{text}']")

    def side_choice(self, legend, name):
        return self.driver.find_element(
            By.XPATH, f"//fieldset[legend[normalize-space()='{legend}']]"
                      f"//label[normalize-space()='{name}']/input[@type='checkbox']")

    def add_player_from_match_form(self, name):
        self.button("Add a player").click()
        self.assertTitle("New Player · MVVMWeb")
        self.field("Name").send_keys(name)
        self.button("Save").click()
        self.assertTitle("New Match · MVVMWeb")

    def test_record_a_match_and_see_it_ranked(self):
        self.open("/matches")
        self.assertTitle("Matches · MVVMWeb")
        self.assertIn("No matches yet!", self.driver.find_element(By.TAG_NAME, "main").text)

        self.driver.find_element(By.LINK_TEXT, "New match").click()
        self.assertTitle("New Match · MVVMWeb")
        self.field("Home goals").send_keys("2")
        self.add_player_from_match_form("Alice")
        # The child flow brought us back with what we had typed.
        self.assertEqual(self.field("Home goals").get_attribute("value"), "2")
        self.add_player_from_match_form("Bob")

        self.side_choice("Home", "Alice").click()
        self.side_choice("Away", "Bob").click()
        self.field("Away goals").send_keys("1")
        self.button("Save").click()

        self.assertTitle("Matches · MVVMWeb")
        main = self.driver.find_element(By.TAG_NAME, "main")
        self.assertIn("Match saved", main.text)
        cells = [cell.text for cell in main.find_elements(By.CSS_SELECTOR, "tbody tr:first-child td")]
        self.assertEqual(cells[:3], ["Alice", "2 : 1", "Bob"])

        self.driver.find_element(By.LINK_TEXT, "Rankings").click()
        self.assertTitle("Rankings · MVVMWeb")
        rows = [[cell.text for cell in row.find_elements(By.TAG_NAME, "td")]
                for row in self.driver.find_elements(By.CSS_SELECTOR, "tbody tr")]
        self.assertEqual(rows, [["1", "Alice", "10.00"], ["2", "Bob", "0.00"]])

    def test_match_without_away_players_shows_the_error_by_the_field(self):
        self.open("/matches/new")
        self.add_player_from_match_form("Carol")
        self.side_choice("Home", "Carol").click()
        self.field("Home goals").send_keys("3")
        self.field("Away goals").send_keys("0")
        self.button("Save").click()

        # The form comes back with the same title, so wait for the answer itself.
        WebDriverWait(self.driver, 10).until(
            lambda driver: driver.find_elements(By.CSS_SELECTOR, "p.fieldset-error"))
        self.assertTitle("New Match · MVVMWeb")
        away = self.driver.find_element(By.XPATH, "//fieldset[legend[normalize-space()='Away']]")
        self.assertIn("Pick at least one away player", away.text)
        self.assertTrue(self.side_choice("Home", "Carol").is_selected())
        self.assertEqual(self.field("Home goals").get_attribute("value"), "3")


if __name__ == "__main__":
    unittest.main()
