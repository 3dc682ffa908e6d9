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


if __name__ == "__main__":
    unittest.main()
