"""What the command line says when the set-up is wrong: one clear line, exit 1."""

import os
import shutil
import subprocess
import tempfile
import unittest

from support import ROOT, App, binary_path


class MissingFolders(unittest.TestCase):
    def run_in(self, folder, *args):
        return subprocess.run([binary_path(), *args], cwd=folder, capture_output=True, text=True,
                              timeout=30)

    def test_missing_templates_names_every_place_looked_at_and_the_flag(self):
        # The binary alone, away from its package: nothing beside it, nothing where it runs.
        folder = os.path.realpath(tempfile.mkdtemp(prefix="mvvmweb-cwd-"))
        self.addCleanup(shutil.rmtree, folder, ignore_errors=True)
        shutil.copy(binary_path(), folder + "/mvvmweb")
        result = subprocess.run([folder + "/mvvmweb", "serve", "--port", "0", "--data",
                                 folder + "/data"], cwd=folder, capture_output=True, text=True,
                                timeout=30)
        self.assertEqual(result.returncode, 1)
        self.assertEqual(result.stderr, f"mvvmweb: no Templates folder in {folder}/Templates; "
                                        "pass --templates DIR\n")

    def test_the_demo_without_a_public_folder_says_so_in_one_line(self):
        # The binary alone, with templates given but no Public folder anywhere it looks: the demo
        # serves static files, so it stops with a sentence, not a Swift value.
        folder = os.path.realpath(tempfile.mkdtemp(prefix="mvvmweb-cwd-"))
        self.addCleanup(shutil.rmtree, folder, ignore_errors=True)
        shutil.copy(binary_path(), folder + "/mvvmweb")
        shutil.copytree(os.path.join(ROOT, "Templates"), folder + "/Templates")
        result = subprocess.run([folder + "/mvvmweb", "check"], cwd=folder, capture_output=True,
                                text=True, timeout=30)
        self.assertEqual(result.returncode, 1)
        self.assertEqual(result.stderr, "mvvmweb: cannot start: No static folder was found: pass "
                                        "the app's --public DIR.\n")

    def test_a_templates_folder_given_that_does_not_exist_is_named(self):
        folder = os.path.realpath(tempfile.mkdtemp(prefix="mvvmweb-cwd-"))
        result = self.run_in(folder, "check", "--templates", "nowhere")
        self.assertEqual(result.returncode, 1)
        self.assertEqual(result.stderr, f"mvvmweb: the folder {folder}/nowhere given by "
                                        "--templates does not exist\n")

    def test_the_packages_own_folders_are_found_from_anywhere(self):
        folder = os.path.realpath(tempfile.mkdtemp(prefix="mvvmweb-cwd-"))
        result = self.run_in(folder, "check")
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertRegex(result.stdout, r"^mvvmweb: 16 page\(s\) and \d+ route\(s\) are fine "
                                        r"\(templates in /.+/Templates\)\.\n")

    def test_broken_template_paths_are_the_ones_given(self):
        folder = os.path.realpath(tempfile.mkdtemp(prefix="mvvmweb-cwd-"))
        os.makedirs(folder + "/tpl")
        result = self.run_in(folder, "check", "--templates", "tpl")
        self.assertEqual(result.returncode, 1)
        self.assertIn("tpl/", result.stderr)
        self.assertNotIn(folder, result.stderr)

    def test_form_fields_are_checked_against_the_view_models_inputs(self):
        folder = os.path.realpath(tempfile.mkdtemp(prefix="mvvmweb-cwd-"))
        project = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
        shutil.copytree(os.path.join(project, "Templates"), folder + "/tpl")
        form = folder + "/tpl/player-form.xhtml"
        with open(form) as file:
            text = file.read()
        lines = text.split("\n")
        line = next(i for i, l in enumerate(lines, 1) if 'id="name" name="name"' in l)
        # A field the view model does not take stops the start at its line.
        with open(form, "w") as file:
            file.write(text.replace('id="name" name="name"', 'id="name" name="nmae"'))
        result = self.run_in(folder, "check", "--templates", "tpl")
        self.assertEqual(result.returncode, 1)
        self.assertIn(f'tpl/player-form.xhtml:{line}: the form field "nmae" is not an input of '
                      "the page's view model (its inputs: name, token, match, homeGoals, "
                      "awayGoals, home, away)", result.stderr)
        # Without the field, the input no form sends stops the start too, naming where the input
        # is declared.
        with open(form, "w") as file:
            file.write(text.replace('id="name" name="name"', 'id="name"'))
        result = self.run_in(folder, "check", "--templates", "tpl")
        self.assertEqual(result.returncode, 1, result.stdout)
        self.assertRegex(result.stderr, r'tpl/player-form.xhtml:\d+: no field of the page\'s forms '
                                        r'sends "name", an input of its view model \(declared at '
                                        r'League/NewPlayerViewModel.swift:\d+\)')

    def test_dev_mode_is_for_loopback_only(self):
        folder = os.path.realpath(tempfile.mkdtemp(prefix="mvvmweb-cwd-"))
        for host in ("127.example.com", "0.0.0.0", "127.0.0.256"):
            result = self.run_in(folder, "serve", "--dev", "--host", host, "--port", "0")
            self.assertEqual(result.returncode, 64, host)
            self.assertIn("--dev shows errors in the browser: use it on a loopback --host only",
                          result.stderr)

    def test_live_page_limits_and_the_answer_timeout_are_checked(self):
        folder = os.path.realpath(tempfile.mkdtemp(prefix="mvvmweb-cwd-"))
        for flag, value, message in (
                ("--max-live-pages", "0", "--max-live-pages must be at least 1"),
                ("--max-live-element", "0", "--max-live-element must be at least 1 byte"),
                ("--answer-timeout", "0",
                 "timeouts must be more than 0 and at most 86400 seconds")):
            result = self.run_in(folder, "serve", "--port", "0", flag, value)
            self.assertEqual(result.returncode, 64, flag)
            self.assertIn(message, result.stderr)


    def test_socket_threads_are_one_per_core_unless_told(self):
        def socket_threads(app):
            names = [open(f"/proc/{app.process.pid}/task/{task}/comm").read().strip()
                     for task in os.listdir(f"/proc/{app.process.pid}/task")]
            return names.count("mvvmweb-sockets")

        for args, threads in (((), len(os.sched_getaffinity(0))), (("--socket-threads", "1"), 1),
                              (("--socket-threads", "3"), 3)):
            app = App(*args)
            self.addCleanup(app.stop)
            self.assertEqual(socket_threads(app), threads, args)
            self.assertEqual(app.request("GET", "/healthz").status, 200)
        folder = os.path.realpath(tempfile.mkdtemp(prefix="mvvmweb-cwd-"))
        result = self.run_in(folder, "serve", "--port", "0", "--socket-threads", "0")
        self.assertEqual(result.returncode, 64)
        self.assertIn("--socket-threads must be from 1 to 1024", result.stderr)

class SeedBenchmark(unittest.TestCase):
    """seed-benchmark's league size, as scripts/bench-live --players asks for it."""

    def seed(self, *args):
        folder = os.path.realpath(tempfile.mkdtemp(prefix="mvvmweb-seed-"))
        self.addCleanup(shutil.rmtree, folder, ignore_errors=True)
        data = folder + "/data"
        result = subprocess.run([binary_path(), "seed-benchmark", "--data", data, *args],
                                capture_output=True, text=True, timeout=120)
        return data, result

    def test_players_and_matches_make_the_league(self):
        data, result = self.seed("--players", "1000", "--matches", "100")
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(result.stdout, f"The league in {data} has 1000 players and 100 matches.\n")

    def test_a_league_size_out_of_range_is_one_line_and_exit_64(self):
        for args, message in (
                (("--players", "3"), "--players must be from 4 to 100000, not 3"),
                (("--players", "100001"), "--players must be from 4 to 100000, not 100001"),
                (("--matches=-1",), "--matches must be from 0 to 1000000, not -1"),
                (("--matches", "1000001"), "--matches must be from 0 to 1000000, not 1000001")):
            data, result = self.seed(*args)
            self.assertEqual(result.returncode, 64, args)
            self.assertEqual(result.stdout, "", args)
            self.assertEqual(result.stderr, f"mvvmweb: {message} (see mvvmweb --help)\n", args)
            self.assertFalse(os.path.exists(data), args)

    def test_a_count_that_is_no_int_is_refused_not_trapped(self):
        for value in ("lots", "99999999999999999999"):
            _, result = self.seed("--players", value)
            self.assertEqual(result.returncode, 64, value)
            self.assertEqual(result.stderr, f"mvvmweb: The value '{value}' is invalid for "
                                            "'--players <count>' (see mvvmweb --help)\n", value)


if __name__ == "__main__":
    unittest.main()
