#!/usr/bin/env python3
"""Memory and threads of the release server holding N idle keep-alive connections (not a test).

Usage: scripts/ops/idle-connections.py [N]   (default 1000; builds nothing: run
`swift build -c release --product transition-planner` first)
"""
import os, re, resource, socket, subprocess, sys, time

n = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
server = subprocess.Popen([".build/release/transition-planner", "serve", "--port", "0", "--access-log", "off"],
                          stdout=subprocess.PIPE, text=True)
line = server.stdout.readline()
port = int(re.search(r'"port":(\d+)', line).group(1))

def status(pid):
    fields = dict(l.split(":", 1) for l in open(f"/proc/{pid}/status"))
    return int(fields["VmRSS"].split()[0]) / 1024, int(fields["Threads"])

def get(sock):
    sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
    data = b""
    while b'{"status":"ok"}' not in data:
        chunk = sock.recv(4096)
        if not chunk:
            raise RuntimeError("closed")
        data += chunk
    return data

try:
    time.sleep(0.3)
    rss0, threads0 = status(server.pid)
    socks = []
    for _ in range(n):
        s = socket.create_connection(("127.0.0.1", port))
        get(s)  # each connection has served a request and is now idle, kept alive
        socks.append(s)
    time.sleep(0.5)
    rss, threads = status(server.pid)
    t0 = time.perf_counter()
    fresh = socket.create_connection(("127.0.0.1", port))
    get(fresh)
    latency = (time.perf_counter() - t0) * 1000
    print(f"idle keep-alive connections: {n}")
    print(f"server RSS: {rss0:.1f} MB at start, {rss:.1f} MB with {n} idle connections ({(rss - rss0) * 1024 / n:.1f} KB each)")
    print(f"server threads: {threads0} at start, {threads} with {n} idle connections")
    print(f"a new client's GET /healthz meanwhile: {latency:.2f} ms")
    for s in socks:
        s.close()
finally:
    server.terminate()
    server.wait(timeout=15)
