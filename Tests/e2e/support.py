"""Shared helpers for the end-to-end suites: start the real mvvmweb binary, a real nginx and a real
headless Chromium, and clean all of them up. The binary comes from $MVVMWEB_BIN (scripts/test sets
it) or the debug build folder.

Binaries built elsewhere must sit inside their package's .build (any folder there, e.g.
.build/snapshot/mvvmweb and Examples/Hello/.build/snapshot/hello, hard links will do): a binary
finds its Templates and Public beside itself or in the package whose .build holds it, and the
suites that check exactly that (test_cli, test_app_command) fail for a binary anywhere else."""

import http.client
import os
import shutil
import signal
import socket
import subprocess
import tempfile
import time
import urllib.parse

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def binary_path():
    path = os.environ.get("MVVMWEB_BIN") or os.path.join(ROOT, ".build", "debug", "mvvmweb")
    if not os.path.exists(path):
        raise RuntimeError(f"no mvvmweb binary at {path}: run 'swift build --product mvvmweb' first")
    return path


def hello_path():
    """The Examples/Hello binary: $HELLO_BIN (scripts/test sets it) or its debug build folder."""
    path = os.environ.get("HELLO_BIN") or os.path.join(
        ROOT, "Examples", "Hello", ".build", "debug", "hello")
    if not os.path.exists(path):
        raise RuntimeError(f"no hello binary at {path}: run "
                           "'swift build --package-path Examples/Hello' first")
    return path


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class App:
    """The mvvmweb binary serving on a fresh data folder, on a TCP port or a unix socket."""

    def __init__(
        self, *extra_args, unix_socket=None, demo=True, quiet=True, data=None, open_files=None
    ):
        self.workdir = tempfile.mkdtemp(prefix="mvvmweb-e2e-")
        self.data = data or os.path.join(self.workdir, "data")
        self.port = None if unix_socket else free_port()
        self.unix_socket = unix_socket
        args = [binary_path(), "serve", "--data", self.data]
        args += ["--unix-socket", unix_socket] if unix_socket else ["--port", str(self.port)]
        if not demo:
            args.append("--no-demo")
        if quiet:
            args.append("--quiet")
        args += list(extra_args)
        self.log = open(os.path.join(self.workdir, "stderr.log"), "w+")
        limit = None
        if open_files:
            # The server's own open-files limit, for the descriptor-exhaustion tests.
            import resource

            def limit():
                resource.setrlimit(resource.RLIMIT_NOFILE, (open_files, open_files))

        self.process = subprocess.Popen(
            args, cwd=ROOT, stdout=self.log, stderr=subprocess.STDOUT, preexec_fn=limit
        )
        self._wait_until_healthy()

    @property
    def base_url(self):
        return f"http://127.0.0.1:{self.port}"

    def request(self, method, path, body=None, headers=None):
        """One request straight to the app, on its port or its unix socket alike (a form given
        as a dict is sent urlencoded), no redirect followed."""
        connection = self._connection()
        headers = dict(headers or {})
        if isinstance(body, dict) or isinstance(body, list):
            body = urllib.parse.urlencode(body, doseq=True)
            headers.setdefault("Content-Type", "application/x-www-form-urlencoded")
        try:
            connection.request(method, path, body=body, headers=headers)
            answer = connection.getresponse()
            return Response(answer.status, {k.lower(): v for k, v in answer.getheaders()},
                            answer.read())
        finally:
            connection.close()

    def _connection(self):
        if self.unix_socket:
            return UnixHTTPConnection(self.unix_socket)
        return http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)

    def _wait_until_healthy(self):
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"mvvmweb exited at start-up:\n{self.output()}")
            connection = self._connection()
            try:
                connection.request("GET", "/healthz")
                if connection.getresponse().status == 200:
                    return
            except OSError:
                time.sleep(0.1)
            finally:
                connection.close()
        raise RuntimeError(f"mvvmweb did not become healthy:\n{self.output()}")

    def output(self):
        self.log.flush()
        self.log.seek(0)
        return self.log.read()

    def stop(self):
        """SIGTERM, as systemd stops it: the app must drain and exit 0."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.log.close()
        shutil.rmtree(self.workdir, ignore_errors=True)
        return self.process.returncode


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path):
        super().__init__("localhost", timeout=10)
        self.unix_path = path

    def connect(self):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(10)
        self.sock.connect(self.unix_path)


class Response:
    def __init__(self, status, headers, body):
        self.status = status
        self.headers = headers
        self.body = body
        self.text = body.decode("utf-8", "replace")


def request(host, port, method, path, body=None, headers=None):
    """One HTTP request, no redirects followed, so tests see each 303 and its Location."""
    connection = http.client.HTTPConnection(host, port, timeout=10)
    headers = dict(headers or {})
    if isinstance(body, dict) or isinstance(body, list):
        body = urllib.parse.urlencode(body, doseq=True)
        headers.setdefault("Content-Type", "application/x-www-form-urlencoded")
    connection.request(method, path, body=body, headers=headers)
    response = connection.getresponse()
    result = Response(response.status, {k.lower(): v for k, v in response.getheaders()}, response.read())
    connection.close()
    return result


def open_streams(app):
    """The server's own count of open streams, from /metrics."""
    for line in request("127.0.0.1", app.port, "GET", "/metrics").text.split("\n"):
        if line.startswith("http_open_streams "):
            return float(line.split()[1])
    raise AssertionError("no http_open_streams in /metrics")


def wait_for(condition, seconds=5.0):
    """Whether `condition()` holds within `seconds`, asked every 20 ms: what a live page or the
    server does happens a moment after the step that caused it. One last try at the end, so a
    slow last call still counts."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.02)
    return condition()


def chromium(javascript=True):
    """Headless Chromium through Debian's chromedriver; with `javascript=False`, a browser that
    runs no script, as some people's do."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     "--window-size=1280,900"):
        options.add_argument(argument)
    if not javascript:
        options.add_experimental_option(
            "prefs", {"profile.managed_default_content_settings.javascript": 2})
    binary = shutil.which("chromium") or shutil.which("chromium-browser")
    if binary:
        options.binary_location = binary
    driver_path = shutil.which("chromedriver") or "/usr/bin/chromedriver"
    return webdriver.Chrome(service=Service(driver_path), options=options)


def add_account(app, name, role="member", *store_args):
    """`mvvmweb accounts add NAME --role ROLE` on the app's store, as an admin runs it: the path
    and query of the one-time link it prints. `store_args` name another store (`--database URL`)."""
    import re

    store = list(store_args) or ["--data", app.data]
    # Only the link's path and query are used: an app on a unix socket has no address of its own.
    url = [] if app.unix_socket else ["--url", app.base_url]
    printed = subprocess.run(
        [binary_path(), "accounts", "add", name, "--role", role, *store, *url],
        cwd=ROOT, capture_output=True, text=True, check=True).stdout
    link = urllib.parse.urlsplit(re.search(r"https?://\S+", printed).group(0))
    return f"{link.path}?{link.query}"


def sign_in(app, name, role="member", password="a long and unusual passphrase", *store_args):
    """An account made and signed in as its person does it: the admin's link, a password set
    there. Returns the session cookie as a `Cookie` header's value."""
    link = add_account(app, name, role, *store_args)
    code = urllib.parse.parse_qs(urllib.parse.urlsplit(link).query)["code"][0]
    answer = app.request("POST", "/account/welcome", {"code": code, "password": password},
                         {"Sec-Fetch-Site": "same-origin"})
    if answer.status != 303 or "set-cookie" not in answer.headers:
        raise RuntimeError(f"setting {name}'s password answered {answer.status}: {answer.text}")
    return answer.headers["set-cookie"].split(";", 1)[0]


def sign_in_browser(driver, base, cookie):
    """Chromium signed in with a session `sign_in` made, as if its person had typed the password
    there: the cookie is set on the site `base` (the app or the nginx in front of it), at /
    so every prefix sees it. The browser must be on the site first to be given its cookie."""
    driver.get(base + "/healthz")
    name, value = cookie.split("=", 1)
    driver.add_cookie({"name": name, "value": value, "path": "/"})


def fill_match_form(driver, home, away, home_goals, away_goals):
    """The match form, already open in `driver`, filled as a person does it: the two players
    picked by their labels under Home and Away, the goals typed. Sending it is the caller's
    part, as each suite presses Save in its own way."""
    from selenium.webdriver.common.by import By

    for legend, name in (("Home", home), ("Away", away)):
        driver.find_element(
            By.XPATH, f"//fieldset[legend[normalize-space()='{legend}']]"
                      f"//label[normalize-space()='{name}']/input").click()
    driver.find_element(By.ID, "homeGoals").send_keys(str(home_goals))
    driver.find_element(By.ID, "awayGoals").send_keys(str(away_goals))


class Postgres:
    """A private PostgreSQL server: initdb in a temporary folder, a unix socket there only. Run as
    the `postgres` user when the tests run as root (PostgreSQL refuses root)."""

    def __init__(self):
        versions = sorted(int(v) for v in os.listdir("/usr/lib/postgresql") if v.isdigit())
        self.bin = f"/usr/lib/postgresql/{versions[-1]}/bin"
        self.folder = tempfile.mkdtemp(prefix="mvvmweb-e2e-pg-")
        if os.geteuid() == 0:
            shutil.chown(self.folder, "postgres", "postgres")
        self.data = os.path.join(self.folder, "data")
        self.run("initdb", "-D", self.data, "-A", "trust", "-U", "postgres", "--no-sync")
        self.run("pg_ctl", "-D", self.data, "-l", os.path.join(self.folder, "log"), "-w", "-o",
                 f"-k {self.folder} -c listen_addresses= -c fsync=off", "start")
        self.url = self.new_database("league")

    def new_database(self, name):
        self.run("createdb", "-h", self.folder, "-U", "postgres", name)
        return f"postgresql:///{name}?host={self.folder}&user=postgres"

    def run(self, tool, *args):
        command = [os.path.join(self.bin, tool), *args]
        if os.geteuid() == 0:
            command = ["runuser", "-u", "postgres", "--", *command]
        subprocess.run(command, check=True, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL)

    def scalar(self, sql):
        out = subprocess.run(
            ["psql", "-h", self.folder, "-U", "postgres", "-d", "league", "-tAc", sql],
            check=True, capture_output=True, text=True).stdout
        return out.strip()

    def stop(self):
        self.run("pg_ctl", "-D", self.data, "-m", "immediate", "stop")
        shutil.rmtree(self.folder, ignore_errors=True)


def two_instances_on_postgres(test):
    """A private PostgreSQL server and two mvvmweb instances on its database, all stopped when
    `test` (a TestCase) is cleaned up: the setting of every suite about instances that share one
    database. Returns (postgres, first, second)."""
    postgres = Postgres()
    test.addCleanup(postgres.stop)
    first = App("--database", postgres.url)
    test.addCleanup(first.stop)
    second = App("--database", postgres.url)
    test.addCleanup(second.stop)
    return postgres, first, second
