"""Accounts in headless Chromium, as people use them (issues 53 and 54), on http://localhost:PORT
(browsers refuse WebAuthn on an IP address): a one-time link sets a password, the person signs
out and in again and adds a match, which a signed-out browser sees arrive live with no action
buttons; and passkeys with Chromium's virtual authenticator: one made from a one-time link signs
in, the password is set and removed on /account, and the passkey alone still signs in while the
password form no longer does; the first admin's link, printed on the terminal, opens at localhost
and makes a passkey there."""

import re
import time
import unittest

from selenium.webdriver.common.by import By
from selenium.webdriver.common.virtual_authenticator import (
    Protocol, Transport, VirtualAuthenticatorOptions)
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.support.expected_conditions import staleness_of
from selenium.webdriver.support.ui import WebDriverWait

from accounts_support import PASSWORD
from support import App, add_account, chromium, fill_match_form, open_streams, wait_for

# Links and buttons a signed-out person must not be shown on /matches.
ACTIONS = ("//a[normalize-space()='New match'] | //a[normalize-space()='Edit']"
           " | //a[starts-with(normalize-space(), 'Delete')]"
           " | //button[starts-with(normalize-space(), 'Delete')]")


def text(driver, css):
    return driver.find_element(By.CSS_SELECTOR, css).text


def button(driver, label):
    return driver.find_element(By.XPATH, f"//button[normalize-space()='{label}']")


def live_text(driver):
    """The live list's text, read in one step: a pushed element replaces the old one at any
    moment, so a reference found earlier may be gone."""
    return driver.execute_script(
        "var e = document.getElementById('matches'); return e ? e.textContent : ''")


def press(driver, label, seconds=5):
    """Presses the button and waits for the page it loads (the old page gone: a form posted to
    where it is, /account to /account, keeps the address)."""
    page = driver.find_element(By.TAG_NAME, "html")
    button(driver, label).click()
    # While the new page replaces it, chromedriver may answer that the old node "does not
    # belong to the document" instead of calling it stale: asked again, it says stale.
    WebDriverWait(driver, seconds, ignored_exceptions=[WebDriverException]).until(
        staleness_of(page))


class AccountsInChromium(unittest.TestCase):
    def setUp(self):
        self.app = App()
        self.addCleanup(self.app.stop)
        self.base = f"http://localhost:{self.app.port}"

    def browser(self, authenticator=False):
        driver = chromium()
        self.addCleanup(driver.quit)
        if authenticator:
            options = VirtualAuthenticatorOptions()
            options.protocol = Protocol.CTAP2
            options.transport = Transport.INTERNAL
            options.has_resident_key = True
            options.has_user_verification = True
            options.is_user_verified = True
            driver.add_virtual_authenticator(options)
        return driver

    def wait_for_url(self, driver, path, seconds=5):
        try:
            WebDriverWait(driver, seconds).until(lambda d: d.current_url == self.base + path)
        except Exception:
            self.fail(f"expected {self.base + path}, the browser is at {driver.current_url}:\n"
                      + driver.find_element(By.TAG_NAME, "main").text)

    def sign_out(self, driver, authenticator=False):
        if authenticator:
            # Chromium's virtual authenticator answers the sign-in page's conditional request
            # (the passkey the browser offers in the name field) by itself, which no person's
            # browser does without their choosing it: it verifies no one while the person is
            # only looking at the page, and `sign_in_with_passkey` turns it back on as they
            # press the button.
            driver.set_user_verified(False)
        driver.get(self.base + "/account")
        press(driver, "Sign out")
        self.wait_for_url(driver, "/sign-in")
        self.assertEqual(text(driver, "main .notice"), "You are signed out.")

    def sign_in_with_password(self, driver, name, password):
        driver.find_element(By.ID, "name").send_keys(name)
        driver.find_element(By.ID, "password").send_keys(password)
        press(driver, "Sign in")

    def sign_in_with_passkey(self, driver):
        self.assertEqual(driver.current_url, self.base + "/sign-in")
        driver.set_user_verified(True)
        passkey = WebDriverWait(driver, 5).until(lambda d: (lambda b: b.is_displayed() and b)(
            button(d, "Sign in with a passkey")))
        passkey.click()
        self.wait_for_url(driver, "/matches")

    def save_match(self, driver, home, away, home_goals, away_goals):
        """The match form, reached by its link on /matches, filled and sent as a person does."""
        driver.get(self.base + "/matches")
        driver.find_element(By.XPATH, "//a[normalize-space()='New match']").click()
        self.wait_for_url(driver, "/matches/new")
        fill_match_form(driver, home, away, home_goals, away_goals)
        press(driver, "Save")
        self.wait_for_url(driver, "/matches")
        self.assertEqual(text(driver, "main .notice"), "Match saved")

    def signed_in_as(self, driver):
        driver.get(self.base + "/account")
        return driver.find_element(By.XPATH, "//main/p[starts-with(., 'Signed in as')]").text

    def test_a_one_time_link_a_password_and_a_match_a_signed_out_browser_sees_live(self):
        link = add_account(self.app, "ada", "member")
        person = self.browser()
        person.get(self.base + link)
        self.assertEqual(text(person, "h1"), "Welcome")
        person.find_element(By.ID, "password").send_keys(PASSWORD)
        press(person, "Set my password")
        self.wait_for_url(person, "/account")
        self.assertEqual(text(person, "main .notice"), "Password set: you are signed in.")
        self.assertEqual(self.signed_in_as(person), "Signed in as ada (member).")
        # The link is used: opened again, it says so and offers no password field.
        person.get(self.base + link)
        self.assertEqual(text(person, "main .form-error"), "This link has been used or has "
                         "expired. Ask an admin for a new one (accounts link NAME).")
        self.assertEqual(len(person.find_elements(By.ID, "password")), 0)

        self.sign_out(person)
        self.sign_in_with_password(person, "ada", "not the password at all")
        self.assertEqual(person.current_url, self.base + "/sign-in")
        self.assertEqual(text(person, "#sign-in-problem"), "The name or the password is wrong.")
        person.find_element(By.ID, "password").clear()
        person.find_element(By.ID, "name").clear()
        self.sign_in_with_password(person, "ada", PASSWORD)
        self.wait_for_url(person, "/matches")
        self.assertGreater(len(person.find_elements(By.XPATH, "//a[normalize-space()='Edit']")), 0,
                           "a member sees no Edit links")

        # The member's /matches closes its stream: the one stream left is the visitor's.
        person.get(self.base + "/account")
        self.assertTrue(wait_for(lambda: open_streams(self.app) == 0))
        visitor = self.browser()
        visitor.get(self.base + "/matches")
        visitor.execute_script("window.notReloaded = true")
        self.assertTrue(wait_for(lambda: open_streams(self.app) == 1),
                        "the signed-out browser follows no live stream")
        self.assertEqual(visitor.find_elements(By.XPATH, ACTIONS), [])
        self.assertNotIn("9 : 8", live_text(visitor))

        self.save_match(person, "Dev", "Bruno", 9, 8)
        saved = time.monotonic()
        WebDriverWait(visitor, 2).until(lambda d: "9 : 8" in live_text(d))
        print(f"\n  the match reached the signed-out browser {1000 * (time.monotonic() - saved):.0f}"
              " ms after the member's page showed it saved")
        self.assertTrue(visitor.execute_script("return window.notReloaded === true"))
        cells = visitor.execute_script(
            "return Array.from(document.querySelectorAll('#matches tr')).filter(function (r) {"
            "  return r.cells.length > 1 && r.cells[1].textContent.trim() === '9 : 8'; })"
            ".map(function (r) { return Array.from(r.cells).map(function (c) {"
            "  return c.textContent.trim(); }); });")
        self.assertEqual(cells, [["Dev", "9 : 8", "Bruno", ""]])
        self.assertEqual(visitor.find_elements(By.XPATH, ACTIONS), [])
        # And a reload shows the same: no actions for a signed-out person.
        visitor.refresh()
        self.assertIn("9 : 8", live_text(visitor))
        self.assertEqual(visitor.find_elements(By.XPATH, ACTIONS), [])
        self.assertEqual(visitor.find_element(By.XPATH, "//a[normalize-space()='Account']")
                         .get_attribute("href"), self.base + "/account")

    def test_the_first_admins_link_on_the_terminal_opens_where_passkeys_work(self):
        # The site's first start made `admin` and printed its link for the person at the terminal.
        printed = re.search(r"no account yet, so one named admin was made\. .*\n(\S+)",
                            self.app.output())
        self.assertIsNotNone(printed, self.app.output())
        link = printed.group(1)
        self.assertTrue(link.startswith(self.base + "/account/welcome?code="), link)
        person = self.browser(authenticator=True)
        person.get(link)
        make = WebDriverWait(person, 5).until(lambda d: (lambda b: b.is_displayed() and b)(
            button(d, "Make a passkey instead")))
        make.click()
        self.wait_for_url(person, "/account")
        self.assertEqual(self.signed_in_as(person), "Signed in as admin (admin).")

    def test_a_passkey_from_a_one_time_link_signs_in_and_then_alone(self):
        link = add_account(self.app, "bea", "member")
        person = self.browser(authenticator=True)
        person.get(self.base + link)
        make = WebDriverWait(person, 5).until(lambda d: (lambda b: b.is_displayed() and b)(
            button(d, "Make a passkey instead")))
        make.click()
        self.wait_for_url(person, "/account")
        self.assertEqual(text(person, "main .notice"),
                         "Passkey made: you are signed in, and you sign in with it from now on.")
        self.assertIn("You have no password: you sign in with your passkeys.",
                      person.find_element(By.TAG_NAME, "main").text)
        credentials = person.get_credentials()
        self.assertEqual(len(credentials), 1)
        self.assertTrue(credentials[0].is_resident_credential)
        self.assertEqual(credentials[0].rp_id, "localhost")

        self.sign_out(person, authenticator=True)
        self.sign_in_with_passkey(person)
        self.assertEqual(self.signed_in_as(person), "Signed in as bea (member).")
        self.save_match(person, "Chloé", "Alice", 7, 6)

        # A password set on /account, then removed: the passkey stays the only way in.
        person.get(self.base + "/account")
        self.assertEqual(len(person.find_elements(
            By.XPATH, "//h2[normalize-space()='Set a password']")), 1)
        self.assertEqual(person.find_elements(By.ID, "current"), [])
        person.find_element(By.ID, "password").send_keys(PASSWORD)
        press(person, "Change password")
        self.wait_for_url(person, "/account")
        self.assertEqual(text(person, "main .notice"),
                         "Password changed. Every other session is ended.")
        # The page that confirms it knows the account has a password now.
        self.assertEqual(len(person.find_elements(By.ID, "current")), 1,
                         "the account page right after 'Password changed' still shows no "
                         "password:\n" + person.find_element(By.TAG_NAME, "main").text)
        remove = "Remove my password (sign in with passkeys only)"
        if person.find_elements(By.XPATH, f"//button[normalize-space()='{remove}']"):
            press(person, remove)
            self.wait_for_url(person, "/account")
            self.assertEqual(text(person, "main .notice"),
                             "Password removed: you sign in with your passkeys.")
        else:
            self.fail("an account with a password and a passkey is offered no way to remove "
                      "the password")
        self.assertIn("You have no password: you sign in with your passkeys.",
                      person.find_element(By.TAG_NAME, "main").text)

        self.sign_out(person, authenticator=True)
        self.sign_in_with_passkey(person)
        self.assertEqual(self.signed_in_as(person), "Signed in as bea (member).")

        # The password it had no longer signs in.
        self.sign_out(person, authenticator=True)
        self.sign_in_with_password(person, "bea", PASSWORD)
        WebDriverWait(person, 5).until(
            lambda d: d.find_elements(By.ID, "sign-in-problem"))
        self.assertEqual(person.current_url, self.base + "/sign-in")
        self.assertEqual(text(person, "#sign-in-problem"), "The name or the password is wrong.")
        person.get(self.base + "/account")
        self.assertTrue(person.current_url.startswith(self.base + "/sign-in?"),
                        person.current_url)


if __name__ == "__main__":
    unittest.main()
