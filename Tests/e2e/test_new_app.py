"""`mvvmweb new`: a new app in one command, built and tested as its README says, served, and its
check naming a misspelled field at its file:line."""

import os
import re
import shutil
import subprocess
import tempfile
import unittest
import urllib.request

from support import ROOT, binary_path

# The new app builds in Examples/Hello's build folder: the framework and its dependencies are
# the same, so only the new app's own modules are compiled (minutes less on CI).
SCRATCH = os.path.join(ROOT, "Examples", "Hello", ".build")


class NewApp(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.folder = tempfile.mkdtemp(prefix="mvvmweb-new-")
        cls.app = os.path.join(cls.folder, "shop")
        cls.made = subprocess.run([binary_path(), "new", "shop", "--path", cls.app,
                                   "--framework", ROOT], capture_output=True, text=True,
                                  timeout=60)

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.folder, ignore_errors=True)

    def swift(self, *args, timeout=1200):
        return subprocess.run(["swift", *args, "--package-path", self.app, "--scratch-path",
                               SCRATCH], capture_output=True, text=True, timeout=timeout)

    def test_1_the_package_is_made_with_its_readme(self):
        self.assertEqual(self.made.returncode, 0, self.made.stderr)
        with open(os.path.join(self.app, "README.md")) as file:
            readme = file.read()
        self.assertEqual(re.findall(r"```sh\n(.*?)\n```", readme, re.S),
                         ["swift run shop", "swift test"])
        with open(os.path.join(self.app, "Package.swift")) as file:
            self.assertIn(f'.package(name: "MVVMWeb", path: "{ROOT}")', file.read())

    def test_2_its_tests_pass(self):
        tested = self.swift("test")
        self.assertEqual(tested.returncode, 0, tested.stdout[-3000:] + tested.stderr[-3000:])
        self.assertRegex(tested.stdout + tested.stderr, r"Test run with 4 tests in 2 suites passed")

    def test_3_it_serves_its_page(self):
        self.assertEqual(self.swift("build").returncode, 0)
        binary = os.path.join(SCRATCH, "debug", "shop")
        # The build folder is Hello's, so the app's own folders are named.
        server = subprocess.Popen(
            [binary, "serve", "--port", "0", "--templates", self.app + "/Templates",
             "--public", self.app + "/Public", "--data", self.folder + "/data"],
            stderr=subprocess.PIPE, text=True)
        try:
            line = server.stderr.readline()
            url = re.search(r"serving on (\S+) ", line).group(1)
            page = urllib.request.urlopen(url + "/", timeout=10).read().decode()
            self.assertIn("<h1>Notes</h1>", page)
            self.assertIn('<p class="empty">No note yet.</p>', page)
            style = urllib.request.urlopen(url + "/static/shop.css", timeout=10)
            self.assertEqual(style.status, 200)
        finally:
            server.terminate()
            server.wait(timeout=15)
            server.stderr.close()

    def test_4_check_names_a_misspelled_field_at_its_line(self):
        template = os.path.join(self.app, "Templates", "notes.xhtml")
        with open(template) as file:
            text = file.read()
        line = next(i for i, l in enumerate(text.split("\n"), 1) if 'name="note"' in l)
        with open(template, "w") as file:
            file.write(text.replace('name="note"', 'name="nite"'))
        try:
            self.assertEqual(self.swift("build").returncode, 0)
            checked = subprocess.run(
                [os.path.join(SCRATCH, "debug", "shop"), "check", "--templates",
                 self.app + "/Templates"], capture_output=True, text=True, timeout=60)
        finally:
            with open(template, "w") as file:
                file.write(text)
        self.assertEqual(checked.returncode, 1)
        self.assertIn(f'notes.xhtml:{line}: the form field "nite" is not an input of the '
                      "page's view model (its inputs: note)", checked.stderr)
        self.assertRegex(checked.stderr, rf'notes.xhtml:{line}: no field of the page\'s forms '
                                         r'sends "note", an input of its view model \(declared at '
                                         r'ShopViewModels/NotesViewModel.swift:\d+\)')


    def test_5_a_bad_name_or_a_full_folder_is_refused_in_one_line(self):
        bad = subprocess.run([binary_path(), "new", "Shop!", "--path", self.folder + "/bad"],
                             capture_output=True, text=True, timeout=30)
        self.assertEqual(bad.returncode, 64)
        self.assertEqual(bad.stderr, "mvvmweb: the name 'Shop!' is not lowercase letters and "
                                     "digits starting with a letter (like shop) (see mvvmweb "
                                     "--help)\n")
        self.assertFalse(os.path.exists(self.folder + "/bad"))
        full = subprocess.run([binary_path(), "new", "shop", "--path", self.app],
                              capture_output=True, text=True, timeout=30)
        self.assertEqual((full.returncode, full.stderr),
                         (1, f"mvvmweb: {self.app} is not empty: choose another --path\n"))


if __name__ == "__main__":
    unittest.main()
