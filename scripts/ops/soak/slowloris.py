#!/usr/bin/env python3
"""Slowloris phase of scripts/ops/soak.sh (not a test).

Opens N connections that each trickle a request head one byte at a time (one byte per
connection every INTERVAL seconds, a header value that never ends), and meanwhile a client sends
normal requests (GET /healthz and POST /v1/plans with examples/zoom-push.json, alternating, each
on a fresh connection) with a 2 s time-out. Prints the normal requests' latency p50/p99/max and
failures. A trickling connection the server closes (its head time-out answers 408) is replaced at
once, so N keep trickling; the number replaced is printed too.

Usage: slowloris.py PORT [CONNECTIONS=300] [SECONDS=20] [INTERVAL=0.1]
"""
import select
import socket
import statistics
import sys
import threading
import time

port = int(sys.argv[1])
count = int(sys.argv[2]) if len(sys.argv) > 2 else 300
seconds = float(sys.argv[3]) if len(sys.argv) > 3 else 20
interval = float(sys.argv[4]) if len(sys.argv) > 4 else 0.1
TIMEOUT = 2.0

head = b"POST /v1/plans HTTP/1.1\r\nHost: soak\r\nContent-Type: application/json\r\nX-Pad: "
slow = []
for _ in range(count):
    s = socket.create_connection(("127.0.0.1", port))
    s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    slow.append(s)

stop = threading.Event()
alive = [count]


reopened = [0]


def connect():
    s = socket.create_connection(("127.0.0.1", port))
    s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    return [s, 0]  # socket, bytes of the head sent so far


def trickle():
    """One byte per connection per round. A connection the server answered or closed (its head
    time-out: 408) is replaced by a fresh one, as an attacker would, so N always trickle."""
    conns = [[s, 0] for s in slow]
    while not stop.is_set():
        readable, _, _ = select.select([c[0] for c in conns], [], [], 0)
        done = set(readable)
        for c in conns:
            if c[0] in done:
                c[0].close()
                c[0], c[1] = connect()
                reopened[0] += 1
            i = c[1]
            try:
                c[0].send(head[i:i + 1] if i < len(head) else b"a")
                c[1] += 1
            except OSError:
                c[0].close()
                c[0], c[1] = connect()
                reopened[0] += 1
        alive[0] = len(conns)
        slow[:] = [c[0] for c in conns]
        stop.wait(interval)


body = open("examples/zoom-push.json", "rb").read()
requests = [
    b"GET /healthz HTTP/1.1\r\nHost: soak\r\nConnection: close\r\n\r\n",
    b"POST /v1/plans HTTP/1.1\r\nHost: soak\r\nContent-Type: application/json\r\nConnection: close\r\n"
    + b"Content-Length: %d\r\n\r\n" % len(body) + body,
]


def one(raw):
    """Latency in seconds of one request on a fresh connection, or None on failure/time-out."""
    start = time.monotonic()
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=TIMEOUT) as c:
            c.settimeout(TIMEOUT)
            c.sendall(raw)
            data = b""
            while True:
                left = TIMEOUT - (time.monotonic() - start)
                if left <= 0:
                    return None
                c.settimeout(left)
                chunk = c.recv(65536)
                if not chunk:
                    break
                data += chunk
        if not data.startswith(b"HTTP/1.1 200"):
            return None
        return time.monotonic() - start
    except OSError:
        return None


t = threading.Thread(target=trickle, daemon=True)
t.start()
time.sleep(1)  # every trickling connection has started its head
latencies, failures, n = [], 0, 0
end = time.monotonic() + seconds
while time.monotonic() < end:
    took = one(requests[n % 2])
    n += 1
    if took is None:
        failures += 1
    else:
        latencies.append(took)
    time.sleep(0.02)
stop.set()
t.join()
held = alive[0]
for s in slow:
    s.close()

latencies.sort()
ms = lambda v: v * 1000


def pct(p):
    return latencies[min(len(latencies) - 1, int(round(p / 100 * (len(latencies) - 1))))] if latencies else float("nan")


print(
    "SLOWLORIS connections=%d seconds=%.0f requests=%d failures=%d p50_ms=%.2f p99_ms=%.2f max_ms=%.2f held=%d reopened=%d"
    % (count, seconds, n, failures, ms(pct(50)), ms(pct(99)), ms(latencies[-1] if latencies else float("nan")), held,
       reopened[0])
)
