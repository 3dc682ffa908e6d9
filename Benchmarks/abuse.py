#!/usr/bin/env python3
"""Measures what cheap attacks cost a running mvvmweb (issue 12's before/after figures), against a
binary it starts itself on loopback: server memory under a client that pipelines without reading,
slots left after reset half-heads, CPU at the open-files limit, and CPU per byte of a slow head.

    python3 Benchmarks/abuse.py .build/release/mvvmweb

Not a test: it prints figures, it asserts nothing. Every loop is bounded in count and time."""

import os
import socket
import struct
import subprocess
import sys
import tempfile
import time
import urllib.request

TICKS = os.sysconf("SC_CLK_TCK")


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start(binary, *args, open_files=None):
    port = free_port()
    data = tempfile.mkdtemp(prefix="mvvmweb-abuse-")

    def limit():
        if open_files:
            import resource

            resource.setrlimit(resource.RLIMIT_NOFILE, (open_files, open_files))

    process = subprocess.Popen(
        [binary, "serve", "--port", str(port), "--data", data, "--quiet", "--no-demo", *args],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, preexec_fn=limit)
    for _ in range(300):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1).read()
            return process, port
        except OSError:
            time.sleep(0.1)
    raise RuntimeError("the server did not start")


def rss_mib(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def cpu_seconds(pid):
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def healthz(port, timeout=2):
    try:
        return urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=timeout).status
    except Exception as error:  # noqa: BLE001 - any failure is the figure we report
        return getattr(error, "code", type(error).__name__)


def pipelining(binary):
    process, port = start(binary)
    before = rss_mib(process.pid)
    client = socket.create_connection(("127.0.0.1", port))
    client.setblocking(False)
    batch = b"GET /static/app.css HTTP/1.1\r\nHost: a\r\n\r\n" * 2000
    sent, deadline = 0, time.monotonic() + 5
    while time.monotonic() < deadline and sent < 2_000_000_000:
        try:
            sent += client.send(batch)
        except BlockingIOError:
            time.sleep(0.01)
    after = rss_mib(process.pid)
    client.close()
    process.kill()
    print(f"pipelining without reading, 5 s: server RSS {before:.0f} -> {after:.0f} MiB "
          f"({sent / 1e6:.1f} MB of requests accepted by the kernel)")


def resets(binary):
    process, port = start(binary, "--max-connections", "100")
    linger = struct.pack("ii", 1, 0)
    for _ in range(500):
        client = socket.create_connection(("127.0.0.1", port))
        client.sendall(b"GET / HTTP/1.1\r\nHo")
        client.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, linger)
        client.close()
    time.sleep(0.5)
    print(f"500 reset half-heads (--max-connections 100): an honest /healthz 0.5 s later -> "
          f"{healthz(port)}")
    process.kill()


def emfile(binary):
    process, port = start(binary, "--max-connections", "1000", open_files=64)
    clients = [socket.create_connection(("127.0.0.1", port)) for _ in range(90)]
    time.sleep(0.5)
    before = cpu_seconds(process.pid)
    time.sleep(3)
    used = cpu_seconds(process.pid) - before
    print(f"at the open-files limit (64): server CPU {100 * used / 3:.0f}% over 3 s; "
          f"/healthz while full -> {healthz(port, timeout=2)}")
    for client in clients:
        client.close()
    time.sleep(0.3)
    print(f"  after the clients leave: /healthz -> {healthz(port)}")
    process.kill()


def slow_heads(binary):
    process, port = start(binary)
    # Many short header lines: what a parser that rescans the head on every read pays for most.
    head = b"GET /healthz HTTP/1.1\r\nHost: a\r\n" + b"X-Pad: abc\r\n" * 2500 + b"\r\n"
    results = {}
    for mode in ("whole", "byte by byte"):
        before = cpu_seconds(process.pid)
        for _ in range(3):
            client = socket.create_connection(("127.0.0.1", port))
            client.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            if mode == "whole":
                client.sendall(head)
            else:
                for index in range(len(head)):
                    client.send(head[index:index + 1])
            client.recv(4096)
            client.close()
        results[mode] = cpu_seconds(process.pid) - before
    per_byte = results["byte by byte"] / (3 * len(head)) * 1e6
    print(f"3 heads of {len(head)} bytes: {results['whole'] * 1000:.0f} ms CPU sent whole, "
          f"{results['byte by byte'] * 1000:.0f} ms sent a byte at a time "
          f"({per_byte:.2f} µs per byte)")
    process.kill()


if __name__ == "__main__":
    binary = sys.argv[1] if len(sys.argv) > 1 else ".build/release/mvvmweb"
    for measure in (pipelining, resets, emfile, slow_heads):
        measure(binary)
