"""On a 360 px phone screen: covers keep 48 px, number columns take only their content's width,
and the result header sits over the scores."""

import unittest

from support import App, chromium


class PhoneLayout(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.app = App()
        cls.driver = chromium()
        cls.driver.set_window_size(360, 800)

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()
        cls.app.stop()

    def box(self, selector):
        return self.driver.execute_script(
            "const r = document.querySelector(arguments[0]).getBoundingClientRect();"
            "return {left: r.left, width: r.width, height: r.height};", selector)

    def test_covers_keep_48_pixels(self):
        self.driver.get(self.app.base_url + "/playlist")
        cover = self.box("td.cover-cell img")
        self.assertEqual((cover["width"], cover["height"]), (48, 48))

    def test_rank_and_rating_columns_fit_their_content(self):
        self.driver.get(self.app.base_url + "/rankings")
        rank, name = self.box("th.number"), self.box("th:nth-child(2)")
        self.assertLess(rank["width"], 70)
        self.assertGreater(name["width"], 2 * rank["width"])

    def test_result_header_is_centred_over_the_scores(self):
        self.driver.get(self.app.base_url + "/matches")
        header, score = self.box("th.score"), self.box("td.score")
        self.assertAlmostEqual(header["left"] + header["width"] / 2,
                               score["left"] + score["width"] / 2, delta=1)

    def test_focus_ring_has_three_to_one_contrast_with_the_page(self):
        from selenium.webdriver.common.keys import Keys
        self.driver.get(self.app.base_url + "/matches")
        self.driver.find_element("css selector", "body").send_keys(Keys.TAB)
        style = self.driver.execute_script(
            "const s = getComputedStyle(document.activeElement);"
            "return [s.outlineStyle, s.outlineWidth, s.outlineColor,"
            " getComputedStyle(document.body).backgroundColor];")
        self.assertEqual(style[:3], ["solid", "3px", "rgb(11, 61, 145)"])
        self.assertGreaterEqual(contrast(style[2], style[3]), 3)


def contrast(first, second):
    """WCAG contrast ratio of two CSS rgb() colours."""
    def luminance(css):
        channels = [int(part) / 255 for part in css[css.index("(") + 1:-1].split(",")[:3]]
        linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
    high, low = sorted((luminance(first), luminance(second)), reverse=True)
    return (high + 0.05) / (low + 0.05)


if __name__ == "__main__":
    unittest.main()
