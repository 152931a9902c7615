#!/usr/bin/env python3
"""The engines module's own check (Tests/Browser/engines.py), per engine in ENGINES: a page on
loopback loads and a script reads an element's box and the viewport (1280 x 1000 at scale 1);
an async script's value comes back; a throwing script raises an error that names the engine; a
screenshot is a PNG of the viewport's size; an outside URL is refused by the dead proxy (the
engine's own refusal text), which shows the proxy is in force; console errors are read where
the engine serves them; after quit() no process of the engine is left.

Usage: engines_test.py --proxy-port N
"""

import argparse
import http.server
import os
import struct
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import engines  # noqa: E402
from browser_checks import Checks  # noqa: E402

PAGE = (b"<!doctype html><title>engines</title><body style='margin:0; touch-action: none'>"
        b"<div id=a style='position:absolute;left:10.25px;top:20px;width:100px;height:50px;"
        b"background:#c33'></div><script>console.error('logged by the page');"
        b"window.seen = [];"
        b"for (const k of ['pointerdown', 'pointermove', 'pointerup', 'pointercancel'])"
        b" addEventListener(k, (e) => seen.push([e.type, e.pointerType, e.isTrusted, e.clientX, e.clientY]));"
        b"</script>")


class Page(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        self.send_response(200)
        self.send_header("Content-Type", "text/html")
        self.send_header("Content-Length", str(len(PAGE)))
        self.end_headers()
        self.wfile.write(PAGE)

    def log_message(self, *args):
        pass


def check_engine(checks, name, proxy_port, url):
    started = time.monotonic()
    browser = engines.start(name, proxy_port)
    tag = f"[{browser.label}]"
    try:
        browser.open(url)
        got = browser.run("const r = document.getElementById('a').getBoundingClientRect();"
                          "return {box: [r.left, r.top, r.width, r.height], echo: arguments[0],"
                          " viewport: [innerWidth, innerHeight, devicePixelRatio], title: document.title};",
                          {"x": [1, 2.5, "s"]})
        checks.record(got == {"box": [10.25, 20, 100, 50], "echo": {"x": [1, 2.5, "s"]},
                              "viewport": [1280, 1000, 1], "title": "engines"},
                      f"{tag} page on loopback, script value", f"{got}")
        value = browser.run_async("const [a, done] = arguments;"
                                  "requestAnimationFrame(() => setTimeout(() => done(a * 2), 10));", 21)
        checks.record(value == 42, f"{tag} async script value", f"{value}")
        try:
            browser.run("throw new Error('thrown on purpose');")
            checks.record(False, f"{tag} a throwing script raises", "it returned")
        except engines.EngineError as error:
            checks.record(str(error).startswith(browser.label) and "thrown on purpose" in str(error),
                          f"{tag} a throwing script raises, naming the engine", str(error)[:160])
        for kind in ("mouse", "touch"):
            if kind == "touch" and not browser.touch:
                print(f"NOTE {tag} has no touch input over its driver", flush=True)
                continue
            browser.run("window.seen = [];")
            try:
                browser.pointer([("down", 30, 40), ("move", 60, 80, 16), ("move", 90, 120, 16), ("up",)], kind)
                # A mouse moves to the press point first; the drag is what follows.
                seen = browser.run("return window.seen;")
                seen = seen[next((i for i, e in enumerate(seen) if e[0] == "pointerdown"), 0):]
            except engines.EngineError as error:
                seen = str(error)
            kinds = [e[0] for e in seen] if isinstance(seen, list) else []
            checks.record(isinstance(seen, list) and kinds[:1] == ["pointerdown"] and kinds[-1:] == ["pointerup"]
                          and all(e[1] == kind and e[2] is True for e in seen)
                          and seen[0][3:] == [30, 40] and seen[-1][3:] == [90, 120],
                          f"{tag} trusted {kind} pointer drag", f"{len(kinds)} events {kinds[:2]}...{kinds[-1:]}; "
                          + (f"{seen[0]} .. {seen[-1]}" if isinstance(seen, list) and seen else f"{seen}"[:200]))
        reduced = browser.emulate_reduced_motion(True)
        matches = browser.run("return matchMedia('(prefers-reduced-motion: reduce)').matches;")
        browser.emulate_reduced_motion(False)
        if reduced:
            checks.record(matches is True, f"{tag} prefers-reduced-motion emulated", f"{matches}")
        else:
            print(f"NOTE {tag} cannot emulate prefers-reduced-motion (matches: {matches})", flush=True)
        handle = browser.add_init_script("window.__early = document.readyState;")
        if handle is None:
            print(f"NOTE {tag} cannot add a script run before the page's own", flush=True)
        else:
            browser.open(url)
            early = browser.run("return window.__early || null;")
            browser.remove_init_script(handle)
            browser.open(url)
            gone = browser.run("return window.__early || null;")
            checks.record(early == "loading" and gone is None, f"{tag} init script runs before the page, then removed",
                          f"{early}, then {gone}")
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "shot.png")
            browser.screenshot(path)
            with open(path, "rb") as f:
                head = f.read(24)
            size = struct.unpack(">II", head[16:24]) if head[:8] == b"\x89PNG\r\n\x1a\n" else None
        checks.record(size == (1280, 1000), f"{tag} screenshot is a PNG of the viewport", f"{size}")
        logged = browser.console_errors()
        if logged is None:
            print(f"NOTE {tag} the engine's driver serves no console log", flush=True)
        else:
            checks.record(any("logged by the page" in line for line in logged),
                          f"{tag} console errors read", f"{logged}"[:200])
        error = browser.load_error("http://engines-test.invalid/")
        checks.record(engines.PROXY_REFUSED[name] in error, f"{tag} an outside URL goes to the dead proxy",
                      error.strip().splitlines()[0][:160] if error.strip() else "")
    finally:
        browser.quit()
    left = engines._descendants(os.getpid())
    checks.record(not left, f"{tag} nothing left after quit", f"{left}; {time.monotonic() - started:.1f} s")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--proxy-port", type=int, required=True)
    args = parser.parse_args()
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Page)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    checks = Checks()
    for name in engines.names():
        try:
            check_engine(checks, name, args.proxy_port, url)
        except Exception as error:  # noqa: BLE001 - reported with its engine
            checks.record(False, f"[{name}] raised", f"{type(error).__name__}: {str(error)[:300]}")
    server.shutdown()
    print(f"engines test: {checks.passed} passed, {checks.failed} failed", flush=True)
    return 1 if checks.failed else 0


if __name__ == "__main__":
    sys.exit(main())
