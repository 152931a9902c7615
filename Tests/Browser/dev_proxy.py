#!/usr/bin/env python3
"""Development harness for the preview page: serves the page and the player module from disk and
proxies everything else to a running server, all on one loopback origin.

The server binary embeds web/preview.html and web/player.js at build time; this serves the files
as they are on disk now, so the page can be edited and tested without a rebuild:

- GET / (and /index.html): web/preview.html,
- GET /player.js: web/player.js,
- any other method or path: proxied as is to the server (status, headers and body passed back;
  Content-Length recomputed, hop-by-hop headers dropped).

The two files get the server's own headers for those paths (Content-Security-Policy,
X-Content-Type-Options, Content-Type), taken from the server's answer, so a CSP violation
shows up here as it would there; ETag and Last-Modified are dropped and Cache-Control is
no-store, since the body is not the server's.

Usage:
  Tests/Browser/dev_proxy.py --upstream http://127.0.0.1:PORT [--port N]
  Tests/Browser/dev_proxy.py --binary /tmp/tp-preview-bin [--port N]
      (starts `BINARY serve --host 127.0.0.1 --port 0 --access-log off`, stops it on exit)

Prints one JSON line, {"event": "listening", "url": ..., "port": ..., "upstream": ...}, then
serves until SIGINT or SIGTERM. Everything binds to 127.0.0.1.

From Python (the browser test could do this too):
  proxy = DevProxy("http://127.0.0.1:PORT"); proxy.url; ...; proxy.close()
"""

import argparse
import http.client
import json
import os
import re
import signal
import subprocess
import sys
import threading
import time
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FILES = {
    "/": ("web/preview.html", "text/html; charset=utf-8"),
    "/index.html": ("web/preview.html", "text/html; charset=utf-8"),
    "/player.js": ("web/player.js", "text/javascript; charset=utf-8"),
}
# What the server sends with GET / when it cannot be asked (the same policy as PreviewRoute).
FALLBACK_CSP = ("default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' "
                "'unsafe-inline'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; "
                "base-uri 'none'")
HOP_BY_HOP = {"connection", "keep-alive", "proxy-authenticate", "proxy-authorization", "te",
              "trailer", "trailers", "transfer-encoding", "upgrade", "content-length", "host"}
UPSTREAM_TIMEOUT_S = 30


class DevProxy:
    def __init__(self, upstream, port=0):
        parsed = urllib.parse.urlsplit(upstream)
        if parsed.scheme != "http" or not parsed.hostname:
            raise ValueError(f"upstream must be http://HOST:PORT, not {upstream!r}")
        self.upstream = upstream.rstrip("/")
        self.host, self.upstream_port = parsed.hostname, parsed.port or 80
        self.posts = []  # (path with query, body bytes) of every proxied POST, for tests
        self.lock = threading.Lock()
        proxy = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args):  # quiet
                pass

            def reply(self, status, headers, body):
                self.send_response(status)
                for name, value in headers:
                    self.send_header(name, value)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                if self.command != "HEAD":
                    self.wfile.write(body)

            def forward(self, body=None):
                connection = http.client.HTTPConnection(proxy.host, proxy.upstream_port,
                                                        timeout=UPSTREAM_TIMEOUT_S)
                try:
                    headers = {k: v for k, v in self.headers.items() if k.lower() not in HOP_BY_HOP}
                    headers["Host"] = f"{proxy.host}:{proxy.upstream_port}"
                    connection.request(self.command, self.path, body=body, headers=headers)
                    response = connection.getresponse()
                    data = response.read()
                    kept = [(k, v) for k, v in response.getheaders() if k.lower() not in HOP_BY_HOP]
                    return response.status, kept, data
                finally:
                    connection.close()

            def serve_file(self, path):
                name, content_type = FILES[path]
                with open(os.path.join(ROOT, name), "rb") as f:
                    data = f.read()
                try:
                    # The server's own headers for this path (its CSP above all), without a body.
                    _, upstream_headers, _ = self.forward_head(path)
                except OSError:
                    upstream_headers = [("Content-Security-Policy", FALLBACK_CSP)] if path != "/player.js" else []
                headers = [(k, v) for k, v in upstream_headers
                           if k.lower() in ("content-security-policy", "x-content-type-options",
                                            "vary", "x-frame-options", "referrer-policy")]
                if not any(k.lower() == "content-security-policy" for k, _ in headers) and path != "/player.js":
                    headers.append(("Content-Security-Policy", FALLBACK_CSP))
                headers += [("Content-Type", content_type), ("Cache-Control", "no-store"),
                            ("X-Served-By", "dev_proxy (" + name + " from disk)")]
                self.reply(200, headers, data)

            def forward_head(self, path):
                connection = http.client.HTTPConnection(proxy.host, proxy.upstream_port, timeout=5)
                try:
                    connection.request("HEAD", path, headers={"Accept": "*/*"})
                    response = connection.getresponse()
                    response.read()
                    return response.status, response.getheaders(), b""
                finally:
                    connection.close()

            def handle_any(self):
                path = urllib.parse.urlsplit(self.path).path
                if self.command in ("GET", "HEAD") and path in FILES:
                    self.serve_file(path)
                    return
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length) if length else None
                if self.command == "POST":
                    with proxy.lock:
                        proxy.posts.append((self.path, body or b""))
                try:
                    self.reply(*self.forward(body))
                except OSError as error:
                    message = json.dumps({"type": "about:blank", "title": "dev_proxy: upstream unreachable",
                                          "status": 502, "detail": str(error)}).encode()
                    self.reply(502, [("Content-Type", "application/problem+json")], message)

            do_GET = do_HEAD = do_POST = do_PUT = do_DELETE = do_OPTIONS = do_PATCH = handle_any

        self.server = ThreadingHTTPServer(("127.0.0.1", port), Handler)
        self.server.daemon_threads = True
        self.port = self.server.server_address[1]
        self.url = f"http://127.0.0.1:{self.port}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def close(self):
        self.server.shutdown()
        self.server.server_close()


def start_binary(binary, timeout_s=10):
    """Starts the server on a loopback port; returns (process, base URL)."""
    process = subprocess.Popen([binary, "serve", "--host", "127.0.0.1", "--port", "0",
                                "--access-log", "off"],
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    deadline = time.monotonic() + timeout_s
    found = {}

    def read():
        for line in process.stdout:
            match = re.search(r'"port":(\d+)', line)
            if match:
                found["port"] = int(match.group(1))
                return

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    reader.join(max(0.0, deadline - time.monotonic()))
    if "port" not in found:
        process.kill()
        process.wait(5)
        raise RuntimeError(f"{binary} did not print its port within {timeout_s} s")
    # Keep draining its output so it never blocks on a full pipe.
    threading.Thread(target=lambda: [None for _ in process.stdout], daemon=True).start()
    return process, f"http://127.0.0.1:{found['port']}"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("--upstream", help="a running server, http://127.0.0.1:PORT")
    source.add_argument("--binary", help="a server binary to start on a loopback port")
    parser.add_argument("--port", type=int, default=0, help="the proxy's port (default: any free one)")
    args = parser.parse_args()

    process = None
    upstream = args.upstream
    if args.binary:
        process, upstream = start_binary(args.binary)
    proxy = DevProxy(upstream, args.port)
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    signal.signal(signal.SIGINT, lambda *_: stop.set())
    print(json.dumps({"event": "listening", "url": proxy.url, "port": proxy.port,
                      "upstream": upstream}), flush=True)
    try:
        while not stop.wait(0.5):
            if process is not None and process.poll() is not None:
                print(json.dumps({"event": "upstream exited", "status": process.returncode}), flush=True)
                return 1
    finally:
        proxy.close()
        if process is not None and process.poll() is None:
            process.terminate()
            try:
                process.wait(5)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(5)
    return 0


if __name__ == "__main__":
    sys.exit(main())
