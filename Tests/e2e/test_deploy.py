"""deploy/mvvmweb.service as an admin gets it: systemd rates its sandbox OK, and its ExecStart
line, pointed at temporary folders, starts the real binary with a socket nginx's group can use."""

import grp
import os
import re
import shlex
import shutil
import signal
import socket
import subprocess
import tempfile
import time
import unittest

from support import ROOT, binary_path

UNIT = os.path.join(ROOT, "deploy", "mvvmweb.service")


class SystemdUnit(unittest.TestCase):
    def test_exposure_is_ok(self):
        out = subprocess.run(
            ["systemd-analyze", "security", "--offline=yes", UNIT],
            capture_output=True, text=True, cwd=tempfile.gettempdir(),
        ).stdout
        level = float(re.search(r"Overall exposure level for mvvmweb.service: ([\d.]+)", out).group(1))
        self.assertLessEqual(level, 2.0, out)

    def test_the_template_for_several_instances_is_as_tight(self):
        # systemd rates an instance of a template: name the copy as one.
        folder = tempfile.mkdtemp(prefix="mvvmweb-unit-")
        instance = os.path.join(folder, "mvvmweb@1.service")
        shutil.copy(os.path.join(ROOT, "deploy", "mvvmweb@.service"), instance)
        out = subprocess.run(
            ["systemd-analyze", "security", "--offline=yes", instance],
            capture_output=True, text=True, cwd=folder,
        ).stdout
        shutil.rmtree(folder)
        level = float(re.search(r"Overall exposure level for mvvmweb@1.service: ([\d.]+)", out).group(1))
        self.assertLessEqual(level, 2.0, out)
        with open(os.path.join(ROOT, "deploy", "mvvmweb@.service")) as unit:
            text = unit.read()
        self.assertIn("EnvironmentFile=/etc/mvvmweb/database.env", text)
        self.assertIn("--unix-socket /run/mvvmweb-%i/mvvmweb.sock", text)

    def test_umask_and_descriptors(self):
        with open(UNIT) as file:
            unit = file.read()
        self.assertRegex(unit, r"(?m)^UMask=0027$")
        self.assertRegex(unit, r"(?m)^DynamicUser=yes$")
        limit = int(re.search(r"(?m)^LimitNOFILE=(\d+)$", unit).group(1))
        self.assertGreaterEqual(limit, 16 * 1024)  # --max-connections is 1,024 by default.

    def test_exec_start_runs_and_gives_the_socket_to_nginx_group(self):
        with open(UNIT) as file:
            line = re.search(r"(?m)^ExecStart=(.*)$", file.read()).group(1)
        folder = tempfile.mkdtemp(prefix="mvvmweb-unit-")
        self.addCleanup(shutil.rmtree, folder, True)
        line = line.replace("/run/mvvmweb", folder + "/run").replace("/var/lib/mvvmweb", folder + "/data")
        args = shlex.split(line)
        self.assertEqual(args[0], "/usr/local/bin/mvvmweb")
        os.makedirs(folder + "/run")
        process = subprocess.Popen([binary_path(), *args[1:]], cwd=ROOT, stderr=subprocess.DEVNULL)
        self.addCleanup(process.wait)
        self.addCleanup(process.send_signal, signal.SIGTERM)
        path = folder + "/run/mvvmweb.sock"
        for _ in range(100):
            if os.path.exists(path):
                break
            time.sleep(0.1)
        info = os.stat(path)
        self.assertEqual(info.st_mode & 0o777, 0o660)
        self.assertEqual(info.st_gid, grp.getgrnam("www-data").gr_gid)
        client = socket.socket(socket.AF_UNIX)
        client.connect(path)
        client.sendall(b"GET /healthz HTTP/1.1\r\nHost: example.com\r\nConnection: close\r\n\r\n")
        answer = b""
        while chunk := client.recv(4096):
            answer += chunk
        client.close()
        self.assertTrue(answer.startswith(b"HTTP/1.1 200 OK\r\n"), answer)
        self.assertTrue(answer.endswith(b"\r\n\r\nok"), answer)


if __name__ == "__main__":
    unittest.main()
