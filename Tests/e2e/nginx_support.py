"""Runs Debian's nginx with deploy/nginx.conf, rewritten only where a test machine differs from a
server: loopback ports, a temporary socket path, and temporary folders for nginx's own files."""

import os
import re
import shutil
import subprocess
import tempfile
import time

from support import ROOT, free_port, request


class Nginx:
    def __init__(self, upstream_socket=None, upstream_port=None, upstream_keepalive="60s",
                 upstream_ports=None):
        binary = shutil.which("nginx") or "/usr/sbin/nginx"
        self.workdir = tempfile.mkdtemp(prefix="mvvmweb-nginx-")
        self.port = free_port()
        with open(os.path.join(ROOT, "deploy", "nginx.conf")) as example:
            site = example.read()
        if upstream_ports:
            # Several instances in one upstream, as the example's comment shows.
            servers = "".join(f"    server 127.0.0.1:{port};\n" for port in upstream_ports)
            site = site.replace("    server unix:/run/mvvmweb/mvvmweb.sock;\n", servers)
        elif upstream_port is not None:
            # The TCP variant the example documents: swap the commented server line in.
            site = site.replace("    server unix:/run/mvvmweb/mvvmweb.sock;\n", "")
            site = site.replace("# server 127.0.0.1:8080;", f"server 127.0.0.1:{upstream_port};")
        else:
            site = site.replace("/run/mvvmweb/mvvmweb.sock", upstream_socket)
        site = site.replace("listen 80;", f"listen 127.0.0.1:{self.port};")
        site = re.sub(r"keepalive_timeout 60s;", f"keepalive_timeout {upstream_keepalive};", site)
        with open(os.path.join(self.workdir, "site.conf"), "w") as out:
            out.write(site)
        temp = lambda name: os.path.join(self.workdir, name)
        user = "user root;\n" if os.geteuid() == 0 else ""
        main = f"""{user}daemon off;
worker_processes 1;
pid {temp('nginx.pid')};
error_log {temp('error.log')} warn;
events {{ worker_connections 512; }}
http {{
    access_log off;
    client_body_temp_path {temp('body')};
    proxy_temp_path {temp('proxy')};
    fastcgi_temp_path {temp('fastcgi')};
    uwsgi_temp_path {temp('uwsgi')};
    scgi_temp_path {temp('scgi')};
    include {temp('site.conf')};
}}
"""
        with open(temp("nginx.conf"), "w") as out:
            out.write(main)
        self.process = subprocess.Popen(
            [binary, "-p", self.workdir, "-c", temp("nginx.conf"), "-e", temp("error.log")],
            stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                request("127.0.0.1", self.port, "GET", "/healthz")
                return
            except OSError:
                if self.process.poll() is not None:
                    break
                time.sleep(0.05)
        raise RuntimeError("nginx did not start:\n" + self.error_log())

    def error_log(self):
        try:
            with open(os.path.join(self.workdir, "error.log")) as log:
                return log.read()
        except OSError:
            return ""

    def get(self, path, **kwargs):
        return request("127.0.0.1", self.port, "GET", path, **kwargs)

    def post(self, path, form, headers=None):
        headers = dict(headers or {})
        headers.setdefault("Origin", f"http://127.0.0.1:{self.port}")
        return request("127.0.0.1", self.port, "POST", path, body=form, headers=headers)

    def stop(self):
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
        shutil.rmtree(self.workdir, ignore_errors=True)
