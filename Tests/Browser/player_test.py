#!/usr/bin/env python3
"""Real-browser test of the player module (web/player.js, GET /player.js): every engine ENGINES
names (Chromium, Firefox, WebKitGTK; Tests/Browser/engines.py), one browser each, one after
another, plays the service's waapi documents through it. Every check line starts with the engine
and its version, so a failure names the engine.

A small harness here serves Tests/Browser/player_page.html (a container, a grid of cards and a
detail view with data-hero-id elements, the example of docs/PLAYER.md) on a loopback port and
proxies every other path to the real server, so that the page, the module and the API share one
origin. /player.js comes from the server when it serves web/player.js as it is on disk, else (a
binary built before the file's last edit, or a 404) from the file (a line says which). The harness records every POST it proxies, so the test can
read what the module sent.

Checks (one line each, then a summary; exit status 1 when any failed):
1. hero plans measured from the page (heroRequest) and played, sampled and compact, paused at
   five sample times: every layer element's getBoundingClientRect() within 0.5 px of the box of
   the plan's four projected corners (JSON plan: frame, anchor, transform as a row vector times
   the CATransform3D, divided by w), the computed border-radius within 0.5 px, the content
   child's box within 0.5 px, opacity within 0.01; and zoom, cartSheet (perspective) and expand
   examples the same way.
2. compact documents between samples: at times of a 240 fps grid that are not on the 60 fps
   grid, within 0.5 px of the JSON plan sampled at 240 fps (a bezier hero push, a spring hero
   push along an arc, zoom's overshooting spring).
3. reverse() mid-flight, sampled and compact: the layer boxes just before the swap (paused at the
   reversal time) and just after it (the reversal mounted at its time 0) within 0.5 px; the
   reversal was requested at that time; it plays back to the start and ends "reversed".
4. actions through the page's own click flow: the plan's start targets hidden and every layer
   mounted while it plays; at the end restored, layers removed, inline styles as before and the
   screens settled; the same for the pop back and for cancel(); cartSheet's present kept
   (keep: true) and replaced by its dismiss (replace).
5. reduced motion (prefers-reduced-motion emulated where the engine can: Chromium): the request carried "reduceMotion": true and the
   played document is the dissolve (two screens, opacity only, boxes still).
6. retarget() mid-flight, sampling EVERY animation frame (requestAnimationFrame, every layer's
   box and content box) around each swap: no layer moves while the player holds the clock (at
   the swap the new plan's 0 is drawn at the time it held), and between frames whose clock
   advanced the velocity (from the frames' plan-clock times) changes by no more than the plans'
   own acceleration allows (`continuity` states the bound); the retarget was sent from the
   playing document's request at the held time; layers of both plans keep their elements; the
   end is the new request's own plan's end within 0.5 px. Cases: a zoom push (compact and
   sampled), a hero push with a cascade, a hero push to another cell (layers leave and arrive),
   a chain of three, retarget/reverse()/retarget (back to a moved source). Negative controls:
   a plan retargeted from 33 ms earlier (a jump the check must catch) and policy additive under
   a linear curve (position continuous, velocity not: the check must catch that). A failed
   retarget resumes the transition; a fifth nested one is the service's 422.

Usage: Tests/Browser/player_test.py --base http://127.0.0.1:PORT --proxy-port N [--only STEP]
"""

import argparse
import http.client
import json
import os
import sys
import threading
import time
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


TOLERANCE_PX = 0.5
TIME_LIMIT_S = int(os.environ.get("PLAYER_TEST_TIME_LIMIT", "75"))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PAGE = os.path.join(ROOT, "Tests", "Browser", "player_page.html")
PLAYER = os.path.join(ROOT, "web", "player.js")
FRACTIONS = [0, 0.25, 0.5, 0.75, 1]
IDENTITY = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]


import engines  # noqa: E402 (beside this file)
from browser_checks import (  # noqa: E402
    Checks, box_tolerance, check_console, check_dead_proxy, engine_run)

# Boxes within an engine's documented deviation, seen by compare(); check_samples reports them.
DEVIATIONS = set()


# ---- the harness: the page and a proxy to the real server on one origin --------------------

class Harness:
    def __init__(self, upstream):
        parsed = urllib.parse.urlsplit(upstream)
        self.host, self.port = parsed.hostname, parsed.port
        self.posts = []  # (path with query, parsed body) of every proxied POST
        self.player_source = None
        self.lock = threading.Lock()
        harness = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args):  # quiet
                pass

            def send(self, status, headers, body):
                self.send_response(status)
                for name, value in headers:
                    self.send_header(name, value)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                if self.command != "HEAD":
                    self.wfile.write(body)

            def proxy(self, body=None):
                connection = http.client.HTTPConnection(harness.host, harness.port, timeout=30)
                headers = {k: v for k, v in self.headers.items()
                           if k.lower() in ("content-type", "accept", "if-none-match")}
                connection.request(self.command, self.path, body=body, headers=headers)
                response = connection.getresponse()
                data = response.read()
                kept = [(k, v) for k, v in response.getheaders()
                        if k.lower() in ("content-type", "etag", "cache-control")]
                connection.close()
                return response.status, kept, data

            def do_GET(self):
                path = urllib.parse.urlsplit(self.path).path
                if path in ("/", "/player_page.html"):
                    with open(PAGE, "rb") as f:
                        self.send(200, [("Content-Type", "text/html; charset=utf-8"),
                                        ("Cache-Control", "no-store")], f.read())
                    return
                status, headers, data = self.proxy()
                if path == "/player.js":
                    # The module under test is web/player.js: a server built before its last
                    # edit (or without it) serves another, and the file on disk is served instead.
                    with open(PLAYER, "rb") as f:
                        disk = f.read()
                    if status == 200 and data == disk:
                        harness.player_source = "the server (the same as web/player.js)"
                    else:
                        harness.player_source = ("web/player.js (the server answers 404)" if status == 404
                                                 else f"web/player.js (the server's {status} differs)")
                        data, status = disk, 200
                        headers = [("Content-Type", "text/javascript; charset=utf-8")]
                    headers.append(("Cache-Control", "no-store"))
                self.send(status, headers, data)

            do_HEAD = do_GET

            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                try:
                    parsed = json.loads(body)
                except ValueError:
                    parsed = None
                with harness.lock:
                    harness.posts.append((self.path, parsed))
                self.send(*self.proxy(body))

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def last_post(self, prefix):
        with self.lock:
            for path, body in reversed(self.posts):
                if path.startswith(prefix):
                    return path, body
        return None, None

    def close(self):
        self.server.shutdown()
        self.server.server_close()


def post_plan(base, body):
    """The plain JSON plan, straight from the server."""
    parsed = urllib.parse.urlsplit(base)
    connection = http.client.HTTPConnection(parsed.hostname, parsed.port, timeout=30)
    connection.request("POST", "/v1/plans", body=json.dumps(body),
                       headers={"Content-Type": "application/json", "Accept": "application/json"})
    response = connection.getresponse()
    data = json.loads(response.read())
    connection.close()
    if response.status != 200:
        raise RuntimeError(f"{response.status} {json.dumps(data)[:300]}")
    return data


# ---- the plan's geometry, as LayerGeometry computes it ---------------------------------------

def project(frame, anchor, m, qx, qy):
    """Where point (qx, qy) of the layer's bounds lands: r = [q - anchor * size, 0, 1] * M,
    screen = (r.x / r.w, r.y / r.w) + position, position = origin + anchor * size."""
    w, h = frame["width"], frame["height"]
    ax, ay = anchor["x"], anchor["y"]
    v = (qx - ax * w, qy - ay * h, 0.0, 1.0)
    r = [sum(v[i] * m[4 * i + j] for i in range(4)) for j in range(4)]
    px, py = frame["x"] + ax * w, frame["y"] + ay * h
    return r[0] / r[3] + px, r[1] / r[3] + py


def projected_box(layer, keyframe, rect):
    """The bounding box (left, top, right, bottom) of `rect` (in the layer's own coordinates)
    projected through the keyframe's geometry."""
    m = keyframe.get("transform", IDENTITY)
    x0, y0 = rect["x"], rect["y"]
    x1, y1 = x0 + rect["width"], y0 + rect["height"]
    corners = [project(keyframe["frame"], layer["anchor"], m, x, y)
               for x, y in ((x0, y0), (x1, y0), (x1, y1), (x0, y1))]
    xs = [c[0] for c in corners]
    ys = [c[1] for c in corners]
    return min(xs), min(ys), max(xs), max(ys)


def expected_state(layer, keyframe):
    f = keyframe["frame"]
    state = {"box": projected_box(layer, keyframe, {"x": 0, "y": 0, "width": f["width"],
                                                     "height": f["height"]}),
             "alpha": keyframe["alpha"]}
    if "cornerRadius" in keyframe:
        state["radius"] = keyframe["cornerRadius"]
    if "contentFrame" in keyframe:
        state["content"] = projected_box(layer, keyframe, keyframe["contentFrame"])
    return state


def box_error(a, b):
    return max(abs(x - y) for x, y in zip(a, b))


def fmt(box):
    return "(" + ", ".join(f"{v:.3f}" for v in box) + ")"


# ---- the browser ------------------------------------------------------------------------------


# Defined once in the page: measuring a player's layers, and running a step that may throw.
HELPERS = """
window.__measure = (c) => {
  const cr = c.container.getBoundingClientRect();
  const ox = cr.left + c.container.clientLeft, oy = cr.top + c.container.clientTop;
  const rel = (r) => [r.left - ox, r.top - oy, r.right - ox, r.bottom - oy];
  const out = {};
  for (const layer of c.document.layers) {
    const el = c.layerElement(layer.id);
    if (!el) { out[layer.id] = null; continue; }
    const cs = getComputedStyle(el);
    const child = c.contentElement(layer.id);
    out[layer.id] = {
      box: rel(el.getBoundingClientRect()),
      radius: parseFloat(cs.borderTopLeftRadius) || 0,
      opacity: parseFloat(cs.opacity),
      content: child && child.nodeType === 1 ? rel(child.getBoundingClientRect()) : null,
    };
  }
  return out;
};
window.__frame = () => new Promise((r) => requestAnimationFrame(r));
window.__frames = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
window.__screens = () => ({ from: app.grid, to: app.detail });
// What the start actions did, read at once: every hidden: true target's computed visibility.
window.__startState = (c) => {
  const targetOf = (a) => a.target.layer != null ? null
    : a.target.element != null
      ? c.screens[a.target.screen].querySelector(`[data-hero-id="${CSS.escape(a.target.element)}"]`)
      : c.screens[a.target.screen];
  const start = c.document.actions.start.filter((a) => a.hidden === true);
  return {
    time: c.currentTime, duration: c.duration, playState: c.playState,
    hiddenTargets: start.length,
    hiddenNow: start.filter((a) => getComputedStyle(targetOf(a)).visibility === "hidden").length,
    layers: document.querySelectorAll("[data-tp-layer]").length, planLayers: c.document.layers.length,
  };
};
// Resolves with the next player the page's own code starts, from a MutationObserver callback:
// a microtask of the task that mounted its layers, before any frame of it, where it also
// records __startState (window.__mounted). `hold` pauses it there (at 0).
window.__nextTransition = (hold) => {
  const before = app.current;
  window.__next = new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      const c = app.current;
      if (!c || c === before) return;
      observer.disconnect();
      window.__mounted = __startState(c);
      if (hold) c.pause();
      resolve(c);
    });
    observer.observe(app.container, {subtree: true, childList: true, attributes: true,
                                     attributeFilter: ["data-tp-layer"]});
  });
};

"""


def run_async(driver, body, *args):
    """Runs an async function body in the page: {"ok": value} or {"error": text}."""
    script = ("const done = arguments[arguments.length - 1];"
              f"(async (...args) => {{ {body} }})(...Array.from(arguments).slice(0, -1))"
              ".then((v) => done({ok: v}), (e) => done({error: String(e && e.stack || e)}));")
    result = driver.run_async(script, *args)
    if "error" in result:
        raise RuntimeError(result["error"][:600])
    return result["ok"]


def mount(driver, body, keyframes, extra_options="{}"):
    """Fetches the document through the module and mounts it paused at 0 as window.__c."""
    return run_async(driver, f"""
      const [body, keyframes] = args;
      if (window.__c) window.__c.cancel();
      const doc = await app.tp.request(body, {{keyframes}});
      window.__c = app.tp.play(doc, Object.assign({{container: app.container,
        screens: __screens(), autoplay: false}}, {extra_options}));
      await __frames();
      return {{ids: doc.layers.map((l) => l.id), duration: doc.duration,
              keyframes: doc.keyframes || "sampled"}};
    """, body, keyframes)


def measure_at(driver, ms):
    return run_async(driver, "window.__c.pause(); window.__c.seek(args[0]); await __frames();"
                     "return __measure(window.__c);", ms)


def compare(plan, index, measured, engine=None):
    """Worst errors (box, radius, content, alpha) of every layer at keyframe `index`; a box
    within an engine's documented deviation (browser_checks.box_tolerance) is not a problem, and
    is named in the problems' place as "deviation ..." by check_samples."""
    worst = {"box": 0.0, "radius": 0.0, "content": 0.0, "alpha": 0.0}
    problems = []
    for layer in plan["layers"]:
        expected = expected_state(layer, layer["keyframes"][index])
        got = measured.get(layer["id"])
        if got is None:
            problems.append(f"{layer['id']}: no element")
            continue
        e = box_error(expected["box"], got["box"])
        worst["box"] = max(worst["box"], e)
        tolerance, note = box_tolerance(engine, layer)
        if note and e > TOLERANCE_PX:
            DEVIATIONS.add(f"{layer['id']} {e:.4f} px ({note})")
        if e > tolerance:
            problems.append(f"{layer['id']} box {fmt(got['box'])}, plan {fmt(expected['box'])}")
        if "radius" in expected:
            e = abs(expected["radius"] - got["radius"])
            worst["radius"] = max(worst["radius"], e)
            if e > TOLERANCE_PX:
                problems.append(f"{layer['id']} radius {got['radius']}, plan {expected['radius']}")
        if "content" in expected:
            if got["content"] is None:
                problems.append(f"{layer['id']}: no content child")
            else:
                e = box_error(expected["content"], got["content"])
                worst["content"] = max(worst["content"], e)
                if e > TOLERANCE_PX:
                    problems.append(f"{layer['id']} content {fmt(got['content'])}, "
                                    f"plan {fmt(expected['content'])}")
        e = abs(expected["alpha"] - got["opacity"])
        worst["alpha"] = max(worst["alpha"], e)
        if e > 0.01:
            problems.append(f"{layer['id']} opacity {got['opacity']}, plan {expected['alpha']}")
    return worst, problems


def summary(worst):
    return (f"max error box {worst['box']:.4f} px, radius {worst['radius']:.4f} px, "
            f"content {worst['content']:.4f} px, opacity {worst['alpha']:.4f}")


def merge(a, b):
    return {k: max(a[k], b[k]) for k in a}


def check_samples(checks, driver, name, body, plan, keyframes, extra_options="{}"):
    """Check 1: paused at five sample times of the 60 fps plan."""
    info = mount(driver, body, keyframes, extra_options)
    ids = [layer["id"] for layer in plan["layers"]]
    if not checks.record(info["ids"] == ids and info["keyframes"] == keyframes,
                         f"{name}, {keyframes}: document mounted", f"{len(ids)} layers, "
                         f"{info['duration']:.3f} ms"):
        return
    count = len(plan["layers"][0]["keyframes"])
    worst = {"box": 0.0, "radius": 0.0, "content": 0.0, "alpha": 0.0}
    problems = []
    times = []
    for index in sorted({round(f * (count - 1)) for f in FRACTIONS}):
        t = plan["layers"][0]["keyframes"][index]["t"]
        times.append(t)
        w, p = compare(plan, index, measure_at(driver, t * 1000), driver.name)
        worst = merge(worst, w)
        problems += [f"t={t:.4f}: {x}" for x in p]
    notes = sorted(DEVIATIONS)
    DEVIATIONS.clear()
    checks.record(not problems, f"{name}, {keyframes}: layers at 5 sample times",
                  f"t = {', '.join(f'{t:.4f}' for t in times)} s; {summary(worst)}"
                  + ("; deviation " + "; ".join(notes) if notes else "")
                  + ("; " + "; ".join(problems[:6]) if problems else ""))


# The engines whose matrix3d interpolation of a rotation about x or y is off the spec (docs/PLAYER.md
# "Engines"), and the size of that deviation on the cartSheet case below, as measured.
OFF_SPEC_ROTATIONS = {"webkit": 20.7441}


def check_rotation_feature(checks, driver, name, body, plan):
    """The player's feature check (interpolatesRotationsToSpec) against the engine: the compact
    document's transform keyframes exactly as written, played by the engine itself on an element
    like the layer, are off the plan by the documented size where the check says the engine is
    off the spec (the player then plays its own keyframes: check_samples shows them within
    0.5 px), and within 0.5 px where it says the engine follows it."""
    result = run_async(driver, """
      const [body, ms] = args;
      const doc = await app.tp.request(body, {keyframes: "compact"});
      const layer = doc.layers.find((l) => (l.animations || []).some((a) => a.property === "transform"));
      const animation = layer.animations.find((a) => a.property === "transform");
      const el = document.createElement("div");
      el.style.cssText = "position:absolute;left:0;top:0;visibility:hidden";
      for (const [k, v] of Object.entries(layer.style || {}))
        el.style.setProperty(k.replace(/[A-Z]/g, (c) => "-" + c.toLowerCase()), typeof v === "number" ? String(v) : v);
      app.container.appendChild(el);
      const a = el.animate(animation.keyframes, animation.options);
      a.pause();
      a.currentTime = ms;
      const c = app.container.getBoundingClientRect(), r = el.getBoundingClientRect();
      el.remove();
      return {id: layer.id, frames: animation.keyframes.length, spec: app.tp.interpolatesRotationsToSpec(),
              box: [r.left - c.left - app.container.clientLeft, r.top - c.top - app.container.clientTop,
                    r.right - c.left - app.container.clientLeft, r.bottom - c.top - app.container.clientTop]};
    """, body, 1100 / 3)
    layer = next(l for l in plan["layers"] if l["id"] == result["id"])
    index = next(i for i, k in enumerate(layer["keyframes"]) if abs(k["t"] * 1000 - 1100 / 3) < 1e-6)
    error = box_error(expected_state(layer, layer["keyframes"][index])["box"], result["box"])
    documented = OFF_SPEC_ROTATIONS.get(driver.name)
    expected_spec = documented is None
    within = (error <= TOLERANCE_PX) if expected_spec else abs(error - documented) <= 0.05
    checks.record(result["spec"] is expected_spec and result["frames"] == 2 and within,
                  f"{name}: the engine's own matrix3d interpolation, and the player's feature check",
                  f"interpolatesRotationsToSpec() {result['spec']}; the document's 2 keyframes as written, "
                  f"at t=0.3667 s: {result['id']} off the plan by {error:.4f} px"
                  + ("" if expected_spec else f" (documented {documented} px)"))


def check_between(checks, driver, name, body, base, extra="{}",
                  fractions=(0.03, 0.08, 0.13, 0.21, 0.34, 0.47, 0.58, 0.69, 0.83, 0.96)):
    """Check 2: the compact document between samples, against the plan at 240 fps (the
    highest frame rate a request may ask for): times i / 240 s with i not a multiple of 4."""
    fine = post_plan(base, dict(body, frameRate=240))
    mount(driver, body, "compact", extra)
    times = fine["layers"][0]["keyframes"]
    count = len(times)
    picks = sorted({i + 1 if i % 4 == 0 else i
                    for i in (round(f * (count - 1)) for f in fractions) if 0 < i < count - 1})
    listed = ", ".join(f"{times[i]['t']:.4f}" for i in picks)
    worst = {"box": 0.0, "radius": 0.0, "content": 0.0, "alpha": 0.0}
    problems = []
    for index in picks:
        t = times[index]["t"]
        w, p = compare(fine, index, measure_at(driver, t * 1000))
        worst = merge(worst, w)
        problems += [f"t={t:.5f}: {x}" for x in p]
    off_grid = all(i % 4 != 0 for i in picks)
    checks.record(not problems and off_grid and len(picks) >= 8,
                  f"{name}, compact: between 60 fps samples ({len(picks)} times of the 240 fps grid)",
                  f"t = {listed} s; {summary(worst)}"
                  + ("; " + "; ".join(problems[:6]) if problems else ""))
    # For comparison (not a check): the sampled document, linear between samples, at the same
    # times.
    mount(driver, body, "sampled", extra)
    sampled = {"box": 0.0, "radius": 0.0, "content": 0.0, "alpha": 0.0}
    for index in picks:
        w, _ = compare(fine, index, measure_at(driver, times[index]["t"] * 1000))
        sampled = merge(sampled, w)
    print(f"info {name}, sampled at the same times (linear between samples): {summary(sampled)}",
          flush=True)


def check_reversal(checks, driver, harness, name, body, plan, keyframes, extra="{}", offset=0,
                   info=False):
    """Check 3: reverse() mid-flight: no jump at the swap. Playing at 60 Hz, the player's time is
    a frame time, which a 60 fps plan samples; `offset` (ms) seeks off that grid first (as a
    120 Hz display or another frame rate would land). With `info`, the figures are printed
    without a check (the sampled document is linear between its samples)."""
    result = run_async(driver, """
      const [body, keyframes, offset] = args;
      if (window.__c) window.__c.cancel();
      const doc = await app.tp.request(body, {keyframes});
      // A quarter speed: the frames below may take long on a loaded machine.
      const c = app.tp.play(doc, Object.assign({container: app.container, screens: __screens(),
                                                playbackRate: 0.25}, """ + extra + """));
      window.__c = c;
      const out = {duration: doc.duration};
      c.addEventListener("reversing", (e) => { out.at = e.detail.at; out.before = __measure(c); });
      c.addEventListener("swap", (e) => {
        out.after = __measure(c);
        out.swapTime = c.currentTime;
        out.reversal = {duration: e.detail.document.duration,
                        ids: e.detail.document.layers.map((l) => l.id),
                        keyframes: e.detail.document.keyframes || "sampled"};
      });
      await __frames();
      // 45 % of the way, on the 60 Hz frame grid (where playing puts it) plus `offset`.
      const frame = 1000 / 60;
      c.seek(Math.round(doc.duration * 0.45 / frame) * frame + offset);
      out.playState = c.playState;
      out.outcome = await c.reverse();
      out.end = {layers: document.querySelectorAll("[data-tp-layer]").length,
                 gridHidden: app.grid.hidden, detailHidden: app.detail.hidden,
                 hidden: [...document.querySelectorAll("[data-hero-id]")]
                   .filter((e) => e.style.visibility).length};
      return out;
    """, body, keyframes, offset)
    path, sent = harness.last_post("/v1/plans")
    at = result.get("at", 0)
    worst = 0.0
    problems = []
    for layer_id, before in (result.get("before") or {}).items():
        after = (result.get("after") or {}).get(layer_id)
        if before is None or after is None:
            problems.append(f"{layer_id}: missing")
            continue
        e = box_error(before["box"], after["box"])
        if before["content"] and after["content"]:
            e = max(e, box_error(before["content"], after["content"]))
        worst = max(worst, e)
        if e > TOLERANCE_PX:
            problems.append(f"{layer_id} {fmt(before['box'])} -> {fmt(after['box'])}")
    # How far the layers move in one 60 fps frame around the reversal time, from the plan.
    keyframes_t = [k["t"] for k in plan["layers"][0]["keyframes"]]
    i = min(range(len(keyframes_t) - 1), key=lambda k: abs(keyframes_t[k] - at / 1000))
    speed = max(box_error(expected_state(l, l["keyframes"][i])["box"],
                          expected_state(l, l["keyframes"][i + 1])["box"]) for l in plan["layers"])
    requested = (sent or {}).get("reversal", {}).get("at")
    ok_request = (requested is not None and abs(requested - at / 1000) < 1e-9
                  and ("keyframes=compact" in path) == (keyframes == "compact"))
    label = f"{name}, {keyframes}: reverse() at {at:.3f} ms" + (
        f" ({offset} ms off the frame grid)" if offset else "")
    if info:
        print(f"info {label}: max jump {worst:.4f} px (the sampled document is linear between "
              f"samples; layers move up to {speed:.2f} px per 60 fps frame there)", flush=True)
        return
    checks.record(not problems and result.get("swapTime") == 0 and ok_request
                  and result.get("playState") == "running",
                  f"{label} swaps without a jump",
                  f"max jump {worst:.4f} px over {len(result.get('before') or {})} layers "
                  f"(layers move up to {speed:.2f} px per 60 fps frame there); requested "
                  f"reversal.at {requested} s on {path}"
                  + ("; " + "; ".join(problems[:6]) if problems else ""))
    end = result.get("end", {})
    checks.record(result.get("outcome") == "reversed" and end.get("layers") == 0
                  and end.get("gridHidden") is False and end.get("detailHidden") is True
                  and end.get("hidden") == 0,
                  f"{name}, {keyframes}: the reversal plays back and ends reversed",
                  f"outcome {result.get('outcome')}, reversal {result.get('reversal', {}).get('duration', 0):.3f} ms, "
                  f"layers left {end.get('layers')}, grid hidden {end.get('gridHidden')}, "
                  f"detail hidden {end.get('detailHidden')}, elements still hidden {end.get('hidden')}")


# ---- retarget(): position and velocity continuous over every frame -------------------------

# Position noise of one measured coordinate: compact documents draw springs as CSS linear()
# within 0.1 px (docs/PLAYER.md), and layout rounds left/top to 1/64 px.
NOISE_PX = 0.1 + 1 / 64
# WebKitGTK 2.50 moves a layer by up to a third of a pixel in the frame of a swap, while the
# clock holds (0.14 to 0.33 px in six runs of the retarget, reverse(), retarget case here;
# Chromium 0.02, Firefox 0.05): docs/PLAYER.md "Engines". Its hold bound, for it alone.
WEBKIT_HOLD_PX = 0.4
HOLD_BOUND = {"webkit": WEBKIT_HOLD_PX}
# How far around each swap (ms of the transition's clock) the frames are checked; the flight is
# paused once its clock is this far past the last swap (long before any plan's end).
WINDOW_MS = 150

# In the page: plays `doc` and records EVERY animation frame (a requestAnimationFrame loop that
# reads every layer element's box) while `steps` redirect it: a step fires in the first frame
# whose document time reaches its `atMs`, as a page would call it from an event. A frame
# records the transition's clock (each document's currentTime plus the time the documents
# before it were left at: the plan clock the frame was drawn at, which the player holds while
# it fetches) and the frame's own timestamp. `shiftAt` (s) rewrites the retarget's `at` on its
# way to the service: a plan NOT retargeted from the state on the screen (the negative control).
FLIGHT = """
  const [doc, steps, elements, shiftAt] = args;
  if (window.__c) window.__c.cancel();
  const fetchImpl = (url, init) => {
    if (!shiftAt || !init || typeof init.body !== "string") return fetch(url, init);
    const body = JSON.parse(init.body);
    if (body.retarget) body.retarget.at -= shiftAt;
    return fetch(url, Object.assign({}, init, {body: JSON.stringify(body)}));
  };
  const c = app.tp.play(doc, {container: app.container, screens: __screens(), elements,
                              autoplay: false, settle: false, fetch: fetchImpl});
  window.__c = c;
  const out = {frames: [], swaps: [], events: [], errors: [], request0: doc.request};
  let offset = 0, held = 0, next = 0, heldElements = new Map();
  for (const type of ["retargeting", "reversing"]) {
    c.addEventListener(type, (e) => {
      held = e.detail.at;
      heldElements = new Map(c.document.layers.map((l) => [l.id, c.layerElement(l.id)]));
      out.events.push({type, at: e.detail.at, state: c.playState});
    });
  }
  c.addEventListener("swap", (e) => {
    offset += held;
    const layers = e.detail.document.layers;
    const z = layers.map((l) => Number(getComputedStyle(c.layerElement(l.id)).zIndex));
    out.swaps.push({offset, request: e.detail.document.request, time: c.currentTime, state: c.playState,
                    ids: layers.map((l) => l.id),
                    // The layers both documents have: the same element (only animations change).
                    kept: layers.filter((l) => heldElements.get(l.id) === c.layerElement(l.id)).map((l) => l.id),
                    before: [...heldElements.keys()],
                    ordered: z.every((v, i) => i === 0 || v > z[i - 1])});
  });
  const started = performance.now();
  await new Promise((resolve, reject) => {
    const frame = (now) => {
      const t = c.currentTime;
      out.frames.push({now, clock: offset + t, doc: out.swaps.length, state: c.playState, m: __measure(c)});
      if (out.swaps.length === steps.length && t >= """ + str(WINDOW_MS) + """) {
        c.pause(); // the window is covered: held here, the end is measured below
        return resolve();
      }
      if (next < steps.length && out.swaps.length === next && c.playState === "running" && t >= steps[next].atMs) {
        const step = steps[next++];
        const redirected = step.kind === "reverse" ? c.reverse() : c.retarget(step.request, step.options || {});
        redirected.catch((e) => out.errors.push(String(e && e.message || e)));
      }
      if (c.playState === "done" || out.errors.length) return resolve();
      if (performance.now() - started > 10000) return reject(new Error("the flight took over 10 s"));
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
    c.play();
  });
  // The end: the last document at its duration, then played out (its finish actions). Should
  // one frame have stalled past the plan's end (a loaded machine), its end is measured on a
  // fresh player of the same document.
  const last = c.playState === "done"
    ? app.tp.play(c.document, {container: app.container, screens: __screens(), elements,
                               autoplay: false, settle: false})
    : c;
  out.endFresh = last !== c;
  last.pause();
  last.seek(last.duration);
  await __frames();
  out.end = __measure(last);
  out.endIds = last.document.layers.map((l) => l.id);
  if (last !== c) last.cancel();
  c.play();
  out.outcome = await c.finished;
  out.layersAfter = document.querySelectorAll("[data-tp-layer]").length;
  return out;
"""


def fly(driver, body, keyframes, steps, elements="null", shift_at=0):
    """Fetches `body`'s document through the module and plays it through FLIGHT."""
    return run_async(driver, f"""
      const fetched = await app.tp.request(args[0], {{keyframes: args[1]}});
      args = [fetched, args[2], {elements}, args[3]];
      {{ {FLIGHT} }}
    """, body, keyframes, steps, shift_at)


def box_components(measured):
    """A layer's measured coordinates: its box, then its content child's box when it has one."""
    return list(measured["box"]) + (list(measured["content"]) if measured.get("content") else [])


def plan_components(layer, keyframe):
    state = expected_state(layer, keyframe)
    return list(state["box"]) + (list(state["content"]) if "content" in state else [])


def accelerations(plan):
    """Per layer id: [(t ms, [|acceleration| px/ms^2 per coordinate])] from a 240 fps JSON plan,
    the second differences of its projected boxes (uniform spacing only)."""
    out = {}
    for layer in plan["layers"]:
        frames = layer["keyframes"]
        series = [(k["t"] * 1000, plan_components(layer, k)) for k in frames]
        rows = []
        for (t0, a), (t1, b), (t2, c) in zip(series, series[1:], series[2:]):
            h = t1 - t0
            if abs((t2 - t1) - h) > 1e-6 or h <= 0:
                continue
            rows.append((t1, [abs(x - 2 * y + z) / (h * h) for x, y, z in zip(a, b, c)]))
        out[layer["id"]] = rows
    return out


def local_acceleration(rows, start, end, size):
    """The largest |acceleration| per coordinate of `rows` within [start, end] ms."""
    worst = [0.0] * size
    for t, values in rows:
        if start <= t <= end:
            worst = [max(w, v) for w, v in zip(worst, values[:size])]
    return worst


ENGINE = {"name": None}  # the engine run_engine is driving: the hold bound depends on it


def hold_bound():
    return HOLD_BOUND.get(ENGINE["name"], 2 * NOISE_PX)


class Continuity:
    """The worst figures of a flight's frames and the problems found (see `continuity`)."""

    def __init__(self):
        self.hold = 0.0       # px a layer moved while the clock held
        self.dv = 0.0         # px/ms, the largest velocity change between frame pairs
        self.ratio = 0.0      # the largest velocity change over its bound
        self.excess = 0.0     # px, the largest step over the step before it (scaled)
        self.pairs = 0        # frame-pair coordinates checked
        self.swap = (0.0, 1.0)  # (velocity change, bound) of the worst pair across a swap
        self.swap_excess = 0.0  # px, the largest step excess across a swap
        self.problems = []

    def held(self, label, jump, clock):
        self.hold = max(self.hold, jump)
        if jump > hold_bound():
            self.problems.append(f"{label} moved {jump:.3f} px while the clock held at {clock:.1f} ms")

    def pair(self, label, v0, v1, step, dt, bound, accel, clock, across):
        dv = abs(v1 - v0)
        self.pairs += 1
        self.dv = max(self.dv, dv)
        self.ratio = max(self.ratio, dv / bound)
        excess = abs(step) - abs(v0) * dt
        self.excess = max(self.excess, excess)
        if across:
            self.swap_excess = max(self.swap_excess, excess)
            if dv / bound >= self.swap[0] / self.swap[1]:
                self.swap = (dv, bound)
        if dv > bound:
            self.problems.append(f"{label} velocity {v0 * 1000:.1f} -> {v1 * 1000:.1f} px/s at "
                                 f"{clock:.1f} ms, bound {bound * 1000:.1f} px/s "
                                 f"(A {accel * 1e6:.0f} px/s^2)")


def velocity_bound(accel, d1, d2, frame_ms):
    """How much the velocity of a coordinate may change between two frame intervals d1, d2 (ms)
    whose plan acceleration is at most `accel`: the acceleration over the time between their
    middles, plus A h for a track drawn linear between keyframes h apart, plus the position
    noise of the four measurements."""
    return accel * ((d1 + d2) / 2 + frame_ms) + 2 * NOISE_PX * (1 / d1 + 1 / d2)


def pair_acceleration(before, after, t0, t1, swap_at, start_old, frame_ms, size):
    """The plans' largest |acceleration| per coordinate between transition times t0 and t1 (ms):
    the plan in flight's up to the swap, the new one's after it, a frame interval either side."""
    accel = [0.0] * size
    if t0 < swap_at:
        accel = [max(a, b) for a, b in zip(accel, local_acceleration(
            before, t0 - frame_ms - start_old, min(t1, swap_at) + frame_ms - start_old, size))]
    if t1 > swap_at:
        accel = [max(a, b) for a, b in zip(accel, local_acceleration(
            after, max(t0, swap_at) - swap_at - frame_ms, t1 - swap_at + frame_ms, size))]
    return accel


def check_layer(tally, label, series, rows, swap_at, start_old, frame_ms, stops):
    """One layer's frames around one swap: (clock, coordinates) in frame order."""
    size = min([len(p) for _, p in series] + [len(r[0][1]) for r in rows if r])
    last, previous = series[0], None
    for clock, p in series[1:]:
        c0, p0 = last
        dt = clock - c0
        step = [b - a for a, b in zip(p0[:size], p[:size])]
        last = (clock, p)
        if dt <= 1e-6:
            tally.held(label, max(abs(x) for x in step), clock)
            continue
        v = [x / dt for x in step]
        if previous is not None and not stops:
            v0, d0, t0 = previous
            accel = pair_acceleration(rows[0], rows[1], t0, clock, swap_at, start_old, frame_ms, size)
            for i in range(size):
                tally.pair(f"{label}[{i}]", v0[i], v[i], step[i], dt,
                           velocity_bound(accel[i], d0, dt, frame_ms), accel[i], clock,
                           t0 < swap_at < clock)
        previous = (v, dt, c0)


def continuity(frames, swap_offsets, plans, frame_ms):
    """Checks every frame within WINDOW_MS of each swap, for every layer of both documents.

    For consecutive frames whose clock advanced (d1, d2 ms apart), the velocity change must stay
    within what the plans' own acceleration allows (`velocity_bound`): |v2 - v1| <=
    A (d1 + d2) / 2 + A h + 2 NOISE_PX (1/d1 + 1/d2), A the largest |acceleration| of that
    coordinate in the 240 fps JSON plan(s) over those frames (a frame pair across a swap takes
    both plans'), h the document's frame interval (a spring track is drawn linear between its
    60 fps keyframes, whose slopes differ by up to A h). That bound times d2 is how much a step
    may exceed the step before it scaled to d2 (|s2| - |v1| d2 <= |v2 - v1| d2: reported,
    implied). A frame whose clock did not advance (the player holds while it fetches, and shows
    the new plan's 0 at the time it held) must not move by more than 2 NOISE_PX: that is where a
    plan not retargeted from the screen's state jumps. New-only layers start from their plan's
    start (not checked); layers only the plan in flight had stop and fade (RETARGET.md 3): they
    must not jump, the layers of both plans must also keep their velocity."""
    tally = Continuity()
    for k, swap_at in enumerate(swap_offsets):
        before, after = plans[k], plans[k + 1]
        start_old = 0.0 if k == 0 else swap_offsets[k - 1]
        window = [f for f in frames if (f["doc"] == k and f["clock"] >= swap_at - WINDOW_MS)
                  or (f["doc"] == k + 1 and f["clock"] <= swap_at + WINDOW_MS)]
        for layer_id in (i for i in before["ids"] if i in after["ids"]):
            series = [(f["clock"], box_components(f["m"][layer_id])) for f in window if f["m"].get(layer_id)]
            if len(series) < 2:
                tally.problems.append(f"swap {k + 1}: {layer_id} not measured")
                continue
            rows = (before["accel"].get(layer_id, []), after["accel"].get(layer_id, []))
            check_layer(tally, f"swap {k + 1}: {layer_id}", series, rows, swap_at, start_old,
                        frame_ms, stops=layer_id not in after.get("own", after["ids"]))
    return tally


def flight_plans(base, body, run):
    """The JSON plans at 240 fps of every document the flight played (the first one, then each
    swap's canonical request), with their layer ids and accelerations."""
    out = []
    for request in [body] + [s["request"] for s in run["swaps"]]:
        plan = post_plan(base, dict(request, frameRate=240))
        entry = {"ids": [l["id"] for l in plan["layers"]], "accel": accelerations(plan)}
        if "retarget" in request:
            # The new request's own layers: a layer only the plan in flight had stops and fades.
            own = post_plan(base, {k: v for k, v in request.items() if k != "retarget"})
            entry["own"] = {l["id"] for l in own["layers"]}
        out.append(entry)
    return out


def end_error(base, run):
    """The last document at its end against its new request's own plan (the request without
    its retarget) at its end, within 0.5 px: layers of that plan by their box, layers only
    the plans in flight had by opacity 0."""
    final = {k: v for k, v in run["swaps"][-1]["request"].items() if k != "retarget"}
    plan = post_plan(base, final)
    worst, problems = 0.0, []
    for layer in plan["layers"]:
        got = run["end"].get(layer["id"])
        if got is None:
            problems.append(f"{layer['id']} missing at the end")
            continue
        e = box_error(expected_state(layer, layer["keyframes"][-1])["box"], got["box"])
        worst = max(worst, e)
        if e > TOLERANCE_PX:
            problems.append(f"{layer['id']} ends at {fmt(got['box'])}")
    planned = {l["id"] for l in plan["layers"]}
    for layer_id in run["endIds"]:
        if layer_id not in planned and (run["end"].get(layer_id) or {}).get("opacity", 0) > 0.01:
            problems.append(f"{layer_id} (only in flight) still shows at the end")
    return worst, problems


def sent_at_held_times(sent, events, shift_at):
    """Each redirecting request was sent at the time the player held (ms -> s)."""
    return len(sent) == len(events) and all(
        abs((b.get("retarget") or b["reversal"])["at"] + shift_at - e["at"] / 1000) < 1e-9
        for b, e in zip(sent, events))


def chained_from_playing(run):
    """Each retarget's `from` is the request of the document playing then (its canonical
    `request`: the first document's, or the previous swap's)."""
    previous = [run["request0"]] + [s["request"] for s in run["swaps"]]
    return all(s["request"]["retarget"]["from"] == previous[i]
               for i, s in enumerate(run["swaps"]) if "retarget" in s["request"])


def describe(tally, offsets):
    return (f"{tally.pairs} frame-pair coordinates over {len(offsets)} swap(s) at "
            f"{', '.join(f'{o:.1f}' for o in offsets)} ms; held still within {tally.hold:.3f} px "
            f"(bound {hold_bound():.3f}); max velocity change {tally.dv * 1000:.1f} px/s, "
            f"{tally.ratio:.2f} of its bound (across a swap {tally.swap[0] * 1000:.1f} of "
            f"{tally.swap[1] * 1000:.1f} px/s); a step's excess over the step before, at most "
            f"{tally.excess:.3f} px ({tally.swap_excess:.3f} px across a swap)")


def swap_structure(run):
    """(layers mounted at the swaps, layers dropped, problems): every layer the new document
    keeps is the element it was (old-only ones included: a retarget plan lists them), and the
    elements stack in the document's order."""
    problems = [f"swap {i + 1}: {sorted(set(s['before']) & set(s['ids']) - set(s['kept']))} not kept"
                for i, s in enumerate(run["swaps"]) if set(s["before"]) & set(s["ids"]) - set(s["kept"])]
    problems += [f"swap {i + 1}: z order not the document's" for i, s in enumerate(run["swaps"])
                 if not s["ordered"]]
    added = sorted({i for s in run["swaps"] for i in s["ids"] if i not in s["before"]})
    dropped = sorted({i for s in run["swaps"] for i in s["before"] if i not in s["ids"]})
    return added, dropped, problems


def check_retarget_flight(checks, driver, harness, base, name, body, steps, keyframes="compact",
                          elements="null", shift_at=0, expect=None, outcome="finished"):
    """Check 6: retarget() (and reverse()) mid-flight, every frame around every swap.
    `expect` (negative controls): what the position and the velocity checks must say, "jump" or
    "ok" (None: either); without it every check must pass."""
    mark = len(harness.posts)
    run = fly(driver, body, keyframes, steps, elements, shift_at)
    # The redirecting requests (reverse() after a retarget also asks for a forward plan first).
    sent = [b for path, b in harness.posts[mark:]
            if path.startswith("/v1/plans") and b and ("retarget" in b or "reversal" in b)]
    if not checks.record(not run["errors"] and len(run["swaps"]) == len(steps),
                         f"{name}: {len(steps)} swap(s) in flight",
                         f"errors {run['errors']}; {len(run['swaps'])} swaps, {len(run['frames'])} frames"):
        return
    offsets = [s["offset"] for s in run["swaps"]]
    tally = continuity(run["frames"], offsets, flight_plans(base, body, run),
                       1000 / body.get("frameRate", 60))
    figures = describe(tally, offsets)
    if expect:
        held = [p for p in tally.problems if "held" in p]
        moved = [p for p in tally.problems if "velocity" in p]
        verdict = ("jump" if held else "ok", "jump" if moved else "ok")
        checks.record(all(e in (None, v) for e, v in zip(expect, verdict)),
                      f"{name}: the check catches it (position {expect[0] or 'either'}, "
                      f"velocity {expect[1] or 'either'})",
                      f"position {verdict[0]}, velocity {verdict[1]}: {figures}"
                      + ("; " + "; ".join((held + moved)[:2]) if tally.problems else ""))
        return
    requested, chained = sent_at_held_times(sent, run["events"], shift_at), chained_from_playing(run)
    checks.record(not tally.problems and requested and chained,
                  f"{name}: position and velocity continuous over every frame around the swap",
                  figures + ("; " + "; ".join(tally.problems[:5]) if tally.problems else "")
                  + ("" if requested else "; not sent at the held time")
                  + ("" if chained else "; retarget.from not the playing request"))
    added, dropped, problems = swap_structure(run)
    checks.record(not problems and not dropped,
                  f"{name}: the swap keeps every layer's element and mounts the new ones",
                  f"layers mounted at the swaps {added}, dropped {dropped}"
                  + ("; " + "; ".join(problems) if problems else ""))
    error, end_problems = end_error(base, run)
    checks.record(not end_problems and run["outcome"] == outcome and run["layersAfter"] == 0,
                  f"{name}: ends at the new plan's end",
                  f"max error {error:.4f} px at the end"
                  + (" (a fresh player: a frame stalled past the end)" if run.get("endFresh") else "")
                  + f", outcome {run['outcome']}, "
                  f"layers left {run['layersAfter']}" + ("; " + "; ".join(end_problems[:4]) if end_problems else ""))


# In the page: the click flow's transition as it was mounted (before its first frame), what the
# start actions did there (every target's computed visibility, the mounted layers), and the end.
DURING = """
  const c = await Promise.race([window.__next,
    new Promise((_, reject) => setTimeout(() => reject(new Error("no transition started")), 5000))]);
  const targetOf = (a) => a.target.layer != null ? null
    : a.target.element != null
      ? c.screens[a.target.screen].querySelector(`[data-hero-id="${CSS.escape(a.target.element)}"]`)
      : c.screens[a.target.screen];
  const start = c.document.actions.start.filter((a) => a.hidden === true);
  const state = Object.assign({}, window.__mounted);
  const outcome = await c.finished;
  const styled = [...document.querySelectorAll("#app, #app .screen, [data-hero-id]")]
    .filter((e) => e.getAttribute("style")).map((e) => e.id || e.dataset.heroId);
  return Object.assign(state, {
    outcome,
    shownAfter: start.filter((a) => getComputedStyle(targetOf(a)).visibility === "visible").length,
    layersAfter: document.querySelectorAll("[data-tp-layer]").length,
    styled, gridHidden: app.grid.hidden, detailHidden: app.detail.hidden,
  });
"""


def click(driver, selector):
    """A trusted mouse click (WebDriver actions) at the element's centre."""
    x, y = driver.run(
        "const r = document.querySelector(arguments[0]).getBoundingClientRect();"
        "return [r.left + r.width / 2, r.top + r.height / 2];", selector)
    driver.pointer([("down", x, y), ("up",)])


def check_actions(checks, driver):
    """Check 4: the page's own click flow: push, pop back, and a cancelled push."""
    run_async(driver, "if (window.__c) window.__c.cancel(); window.__c = null; app.keyframes = 'compact';")
    driver.run("__nextTransition(false);")
    click(driver, '[data-card="2"]')
    push = run_async(driver, DURING)
    checks.record(push["hiddenTargets"] > 0 and push["hiddenNow"] == push["hiddenTargets"]
                  and push["layers"] == push["planLayers"] and push["time"] == 0
                  and push["playState"] == "running",
                  "click on a card: start actions applied before the first frame",
                  f"{push['hiddenNow']} of {push['hiddenTargets']} start targets hidden, "
                  f"{push['layers']} of {push['planLayers']} layers mounted at {push['time']:.1f} ms "
                  f"({push['playState']})")
    checks.record(push["outcome"] == "finished" and push["shownAfter"] == push["hiddenTargets"]
                  and push["layersAfter"] == 0 and not push["styled"]
                  and push["gridHidden"] is True and push["detailHidden"] is False,
                  "push finished: targets shown again, layers removed, detail shown",
                  f"outcome {push['outcome']}, {push['shownAfter']} targets visible, "
                  f"{push['layersAfter']} layers left, inline styles left on {push['styled']}, "
                  f"grid hidden {push['gridHidden']}, detail hidden {push['detailHidden']}")
    driver.run("__nextTransition(false);")
    click(driver, "#detail .back")
    pop = run_async(driver, DURING)
    checks.record(pop["outcome"] == "finished" and pop["hiddenNow"] == pop["hiddenTargets"] > 0
                  and pop["shownAfter"] == pop["hiddenTargets"] and pop["layersAfter"] == 0
                  and not pop["styled"] and pop["gridHidden"] is False and pop["detailHidden"] is True,
                  "back: the pop plays and leaves the grid shown",
                  f"{pop['hiddenNow']} of {pop['hiddenTargets']} hidden while playing, outcome "
                  f"{pop['outcome']}, {pop['layersAfter']} layers left, inline styles left on "
                  f"{pop['styled']}, grid hidden {pop['gridHidden']}, detail hidden {pop['detailHidden']}")
    # cancel() half way: the cancel actions, the layers removed, the from screen back. The push
    # is caught when it mounts and moved to 40 % (no timer, however loaded the machine is).
    driver.run("__nextTransition(true);")
    click(driver, '[data-card="5"]')
    cancelled = run_async(driver, """
      const c = await window.__next;
      c.seek(c.duration * 0.4);
      await __frames();
      c.play();
      const at = c.currentTime, state = c.playState;
      c.cancel();
      const outcome = await c.finished;
      return {at, state, outcome, layers: document.querySelectorAll("[data-tp-layer]").length,
              hidden: [...document.querySelectorAll("[data-hero-id]")]
                .filter((e) => getComputedStyle(e).visibility === "hidden").length,
              styled: [...document.querySelectorAll("#app, #app .screen, [data-hero-id]")]
                .filter((e) => e.getAttribute("style")).length,
              gridHidden: app.grid.hidden, detailHidden: app.detail.hidden,
              cancelActions: c.document.actions.cancel.length};
    """)
    checks.record(cancelled["outcome"] == "cancelled" and cancelled["state"] == "running"
                  and cancelled["layers"] == 0
                  and cancelled["hidden"] == 0 and cancelled["styled"] == 0
                  and cancelled["gridHidden"] is False and cancelled["detailHidden"] is True,
                  "cancel() mid-flight: cancel actions applied, layers removed, grid shown",
                  f"cancelled at {cancelled['at']:.1f} ms ({cancelled['state']}), "
                  f"{cancelled['cancelActions']} cancel actions, "
                  f"{cancelled['layers']} layers left, {cancelled['hidden']} elements hidden, "
                  f"grid hidden {cancelled['gridHidden']}, detail hidden {cancelled['detailHidden']}")


def check_back_mid_flight(checks, driver, harness):
    """The page's back button during the push: docs/PLAYER.md's reverse() path, by clicks (the
    push held at 40 %: the handler's reverse() plays the way back)."""
    # Caught when it mounts and held at 40 %, so that the click, a few WebDriver round trips
    # away, lands mid-flight however loaded the machine is.
    driver.run("__nextTransition(true);")
    click(driver, '[data-card="0"]')
    run_async(driver, """
      const c = await window.__next;
      c.playbackRate = 0.5;
      c.seek(c.duration * 0.4);
      await __frames();""")
    click(driver, "#detail .back")
    r = run_async(driver, """
      const c = app.current;
      const outcome = await c.finished;
      return {outcome, same: c === app.current, reversed: c.reversed, rate: c.playbackRate,
              layers: document.querySelectorAll("[data-tp-layer]").length,
              hidden: [...document.querySelectorAll("[data-hero-id]")]
                .filter((e) => getComputedStyle(e).visibility === "hidden").length,
              gridHidden: app.grid.hidden, detailHidden: app.detail.hidden};""")
    path, sent = harness.last_post("/v1/plans")
    checks.record(r["outcome"] == "reversed" and r["same"] and r["reversed"] and r["layers"] == 0
                  and r["hidden"] == 0
                  and r["gridHidden"] is False and r["detailHidden"] is True
                  and (sent or {}).get("reversal", {}).get("at", 0) > 0,
                  "back clicked during the push: reversed through the page",
                  f"at rate {r['rate']}, reversal.at {(sent or {}).get('reversal', {}).get('at')} s, "
                  f"outcome {r['outcome']}, "
                  f"{r['layers']} layers left, {r['hidden']} elements hidden, grid hidden "
                  f"{r['gridHidden']}, detail hidden {r['detailHidden']}")


def check_keep_and_replace(checks, driver):
    """cartSheet: the present leaves its tilted snapshot (keep: true); the dismiss replaces it."""
    present, dismiss = load_example("cartSheet-present.json"), load_example("cartSheet-dismiss.json")
    r = run_async(driver, """
      const [present, dismiss] = args;
      if (window.__c) window.__c.cancel();
      window.__c = null;
      const layers = () => [...document.querySelectorAll("[data-tp-layer]")].map((e) => e.dataset.tpLayer).sort();
      const grid = app.grid, detail = app.detail;
      const screens = () => ({gridHidden: grid.hidden, gridVisibility: getComputedStyle(grid).visibility,
                              detailHidden: detail.hidden});
      const c1 = app.tp.play(await app.tp.request(present, {keyframes: "compact"}),
        {container: app.container, screens: {from: grid, to: detail}, keep: true});
      const o1 = await c1.finished;
      const kept = Object.assign({outcome: o1, layers: layers()}, screens());
      const c2 = app.tp.play(await app.tp.request(dismiss, {keyframes: "compact"}),
        {container: app.container, screens: {from: detail, to: grid}, replace: c1});
      const mounted = layers();
      const o2 = await c2.finished;
      const styled = [...document.querySelectorAll("#app, #app .screen")]
        .filter((e) => e.getAttribute("style")).map((e) => e.id);
      return {kept, mounted, end: Object.assign({outcome: o2, layers: layers(), styled}, screens())};
    """, present, dismiss)
    kept, end = r["kept"], r["end"]
    checks.record(kept["outcome"] == "finished" and kept["layers"] == ["fromSnapshot", "toView"]
                  and kept["gridVisibility"] == "hidden" and kept["detailHidden"] is False
                  and r["mounted"] == ["fromView", "toSnapshot"]
                  and end["outcome"] == "finished" and end["layers"] == [] and not end["styled"]
                  and end["gridHidden"] is False and end["gridVisibility"] == "visible"
                  and end["detailHidden"] is True,
                  "cartSheet: present kept its snapshot (keep), dismiss replaced it (replace)",
                  f"after present {kept['layers']} (grid {kept['gridVisibility']}), dismiss mounted "
                  f"{r['mounted']}, after dismiss {end['layers']}, inline styles left on {end['styled']}, "
                  f"grid {end['gridVisibility']} hidden {end['gridHidden']}, detail hidden {end['detailHidden']}")


def check_api_edges(checks, driver):
    """PlanError, reverse() twice, an interaction document, finish()."""
    interaction = load_example("interaction-fast-flick.json")
    r = run_async(driver, """
      const [interaction] = args;
      if (window.__c) window.__c.cancel();
      window.__c = null;
      const out = {};
      try {
        await app.tp.request({style: "zoom", operation: "push", container: {width: -1, height: 844}});
      } catch (e) {
        out.error = {name: e.name, status: e.status,
                     pointers: (e.problem.errors || []).map((x) => x.pointer).sort()};
      }
      const screens = __screens();
      const elements = {source: document.querySelector('[data-hero-id="photo-3"]'),
                        destination: app.detail.querySelector(".photo")};
      // An interaction: sampled only; it ends with its decision's actions.
      const doc = await app.tp.request(interaction, {path: "/v1/interactions"});
      const c = app.tp.play(doc, {container: app.container, screens, elements, playbackRate: 4});
      try { await c.reverse(); } catch (e) { out.interactionReverse = String(e.message); }
      out.interaction = {decision: doc.interaction.decision, outcome: await c.finished,
                         layers: document.querySelectorAll("[data-tp-layer]").length};
      // reverse() twice: the second is refused, the first still ends reversed.
      const push = await app.tp.request(app.tp.heroRequest({from: app.grid, to: app.detail,
        container: app.container, operation: "push", options: app.options}), {keyframes: "compact"});
      const d = app.tp.play(push, {container: app.container, screens, playbackRate: 0.25});
      await __frames();
      d.seek(d.duration * 0.3);
      const first = d.reverse();
      try { await d.reverse(); } catch (e) { out.secondReverse = String(e.message); }
      out.firstReverse = await first;
      // finish(): straight to the end, with the finish actions.
      const e = app.tp.play(push, {container: app.container, screens, autoplay: false});
      e.finish();
      out.finish = {outcome: await e.finished, layers: document.querySelectorAll("[data-tp-layer]").length,
                    detailHidden: app.detail.hidden};
      await app.go(app.detail, app.grid, "pop");
      return out;
    """, interaction)
    error, inter = r.get("error") or {}, r.get("interaction") or {}
    checks.record(error.get("name") == "PlanError" and error.get("status") == 422
                  and "/container/width" in error.get("pointers", [])
                  and inter.get("outcome") == {"finish": "finished", "cancel": "cancelled"}.get(inter.get("decision"))
                  and inter.get("layers") == 0 and "no request" in r.get("interactionReverse", "")
                  and "cannot be reversed" in r.get("secondReverse", "") and r.get("firstReverse") == "reversed"
                  and r.get("finish", {}).get("outcome") == "finished" and r["finish"]["layers"] == 0,
                  "API edges: PlanError, interaction document, reverse() twice, finish()",
                  f"422 PlanError at {error.get('pointers')}; interaction decided {inter.get('decision')}, "
                  f"ended {inter.get('outcome')}, reverse refused ({r.get('interactionReverse')}); "
                  f"second reverse refused ({r.get('secondReverse')}), first ended {r.get('firstReverse')}; "
                  f"finish() ended {r.get('finish', {}).get('outcome')}")


def check_retarget_edges(checks, driver, zoom, moved):
    """retarget() refused or failing: the transition resumes as it was (a 422 for a request of
    another style), and a fifth nested retarget is the service's 422 at its pointer."""
    r = run_async(driver, """
      const [zoom, moved] = args;
      if (window.__c) window.__c.cancel();
      const doc = await app.tp.request(zoom, {keyframes: "compact"});
      const c = app.tp.play(doc, {container: app.container, screens: __screens(), settle: false,
                                  playbackRate: 0.25});
      window.__c = c;
      await __frames();
      c.seek(300);
      const out = {};
      try { await c.retarget(Object.assign({}, moved, {style: "expand"})); } catch (e) {
        out.bad = {status: e.status, pointers: (e.problem.errors || []).map((x) => x.pointer)};
      }
      const t0 = c.currentTime;
      await __frames();
      out.resumed = {state: c.playState, same: c.document === doc, advanced: c.currentTime > t0};
      // Four nested retargets, each held paused after its swap, then the fifth.
      const swapped = () => new Promise((resolve) => c.addEventListener("swap", resolve, {once: true}));
      out.depths = [];
      for (let i = 0; i < 4; i++) {
        c.seek(40);
        const next = Object.assign({}, moved, {destination: Object.assign({}, moved.destination, {y: moved.destination.y + 10 * i})});
        const swap = swapped();
        c.retarget(next).catch(() => {});
        c.pause();
        await swap;
        let depth = 0;
        for (let r = c.document.request; r.retarget; r = r.retarget.from) depth++;
        out.depths.push(depth);
      }
      c.seek(40);
      try { await c.retarget(moved); } catch (e) {
        out.fifth = {status: e.status, pointers: (e.problem.errors || []).map((x) => x.pointer),
                     state: c.playState, time: c.currentTime};
      }
      c.cancel();
      return out;
    """, zoom, moved)
    bad, resumed, fifth = r.get("bad") or {}, r.get("resumed") or {}, r.get("fifth") or {}
    deep = "/retarget/from/retarget/from/retarget/from/retarget/from/retarget"
    checks.record(bad.get("status") == 422 and "/retarget/from/style" in bad.get("pointers", [])
                  and resumed == {"state": "running", "same": True, "advanced": True}
                  and r.get("depths") == [1, 2, 3, 4] and fifth.get("status") == 422
                  and deep in fifth.get("pointers", []) and fifth.get("state") == "paused"
                  and fifth.get("time") == 40,
                  "retarget(): a failed one resumes the transition; a fifth nested one is refused",
                  f"another style: {bad.get('status')} at {bad.get('pointers')}, then {resumed}; "
                  f"depths {r.get('depths')}, fifth: {fifth.get('status')} at {fifth.get('pointers')}, "
                  f"{fifth.get('state')} at {fifth.get('time')} ms")


def check_reduced_motion(checks, driver, harness):
    """Check 5: prefers-reduced-motion: reduce gives the dissolve."""
    if not driver.emulate_reduced_motion(True):
        print(f"NOTE [{driver.label}] reduced motion not checked: the engine's driver cannot "
              "emulate prefers-reduced-motion", flush=True)
        return
    try:
        matches = driver.run(
            "return matchMedia('(prefers-reduced-motion: reduce)').matches && app.tp.prefersReducedMotion();")
        for keyframes in ("compact", "sampled"):
            driver.run(f"app.keyframes = '{keyframes}';")
            driver.run("__nextTransition(true);")
            click(driver, '[data-card="1"]')
            result = run_async(driver, """
              const c = await window.__next;
              const doc = c.document;
              const props = new Set();
              for (const l of doc.layers) {
                for (const a of l.animations || []) for (const k of a.keyframes)
                  for (const p of Object.keys(k)) if (p !== "offset") props.add(p);
                // Sampled: the members that change between the first and last keyframe.
                if (l.keyframes) for (const p of Object.keys(l.keyframes[0]))
                  if (p !== "offset" && l.keyframes.some((k) => k[p] !== l.keyframes[0][p])) props.add(p);
              }
              c.pause();
              c.seek(c.duration / 2);
              await __frames();
              const m = __measure(c);
              c.finish();
              const outcome = await c.finished;
              return {ids: doc.layers.map((l) => l.id), props: [...props], m, outcome,
                      actions: doc.actions.start.length + doc.actions.finish.length,
                      gridHidden: app.grid.hidden, detailHidden: app.detail.hidden};
            """)
            path, sent = harness.last_post("/v1/plans")
            boxes = [v["box"] for v in result["m"].values()]
            still = max(box_error(b, (0, 0, 390, 844)) for b in boxes)
            half = result["m"].get("toView", {}).get("opacity")
            checks.record(matches and (sent or {}).get("reduceMotion") is True
                          and result["ids"] == ["fromView", "toView"] and result["props"] == ["opacity"]
                          and still <= TOLERANCE_PX and half is not None and 0.4 < half < 0.6
                          and result["outcome"] == "finished" and result["detailHidden"] is False,
                          f"reduced motion, {keyframes}: the request carries reduceMotion and plays the dissolve",
                          f"matchMedia {matches}, sent reduceMotion {(sent or {}).get('reduceMotion')} "
                          f"on {path}, layers {result['ids']}, animated {result['props']}, "
                          f"boxes off the container by {still:.4f} px, toView opacity at half {half}, "
                          f"{result['actions']} actions, outcome {result['outcome']}")
            # Back to the grid for the next run, without motion either.
            run_async(driver, "await app.go(app.detail, app.grid, 'pop');")
    finally:
        driver.emulate_reduced_motion(False)


def check_hero_request(checks, body):
    """heroRequest against the page's own layout (player_page.html's CSS)."""
    def item(screen, element_id):
        return next((e for e in body["screens"][screen]["elements"] if e["id"] == element_id), None)
    expected = {
        ("from", "searchBar"): {"frame": [16, 100, 358, 36], "cornerRadius": 18},
        ("from", "photo-0"): {"frame": [16, 150, 170, 170], "cornerRadius": 12,
                              "content": {"width": 1200, "height": 800}, "contentMode": "aspectFill"},
        ("from", "photo-3"): {"frame": [204, 358, 170, 170], "cornerRadius": 12,
                              "content": {"width": 1200, "height": 800}, "contentMode": "aspectFill"},
        ("from", "title-3"): {"frame": [204, 532, 170, 20], "opaque": False},
        ("to", "photo-3"): {"frame": [0, 60, 390, 300], "content": {"width": 1200, "height": 800},
                            "contentMode": "aspectFit", "arc": 1},
        ("to", "title-3"): {"frame": [20, 380, 350, 30], "opaque": False},
        ("to", "body"): {"frame": [20, 420, 350, 200], "opaque": False},
    }
    problems = []
    for (screen, element_id), fields in expected.items():
        got = item(screen, element_id)
        if got is None:
            problems.append(f"{screen}/{element_id} missing")
            continue
        frame = [got["frame"][k] for k in ("x", "y", "width", "height")]
        if max(abs(a - b) for a, b in zip(frame, fields["frame"])) > 1e-6:
            problems.append(f"{screen}/{element_id} frame {frame}")
        for key, value in fields.items():
            if key != "frame" and got.get(key) != value:
                problems.append(f"{screen}/{element_id} {key} {got.get(key)}")
        if "cornerRadius" not in fields and "cornerRadius" in got:
            problems.append(f"{screen}/{element_id} cornerRadius {got['cornerRadius']}")
    counts = (len(body["screens"]["from"]["elements"]), len(body["screens"]["to"]["elements"]))
    checks.record(not problems and counts == (13, 3) and body["container"] == {"width": 390, "height": 844},
                  "heroRequest measures the page",
                  f"{counts[0]} from and {counts[1]} to elements, container {body['container']}"
                  + ("; " + "; ".join(problems) if problems else ""))


def load_example(name, override=None):
    with open(os.path.join(ROOT, "examples", name), encoding="utf-8") as f:
        body = json.load(f)
    if override:
        body.update(override)
    return body


def without_retarget(body):
    return {k: v for k, v in body.items() if k != "retarget"}


def with_destination(body, **rect):
    return dict(body, destination=dict(body["destination"], **rect))


# zoom's `source` and `destination` in the page (play()'s `elements`).
ZOOM_ELEMENTS = ("{source: document.querySelector('[data-hero-id=\"photo-3\"]'),"
                 " destination: app.detail.querySelector('.photo')}")


def another_cell(hero, cell):
    """The hero request with its `to` screen's photo standing for `cell` (a second tap): the
    pair flying now is another one."""
    to = [dict(e, id=cell) if e["id"].startswith("photo-") else e for e in hero["screens"]["to"]["elements"]]
    return dict(hero, screens=dict(hero["screens"], to={"elements": to}))


def retarget_cases():
    """(name, in-flight request, steps, keyword arguments of check_retarget_flight): the
    examples' retargets (a zoom push, a hero push with a cascade), a chain of three, retarget
    and reverse() mixed, and the two negative controls."""
    zoom = load_example("zoom-push-retargeted.json")
    zoom_from, zoom_new = zoom["retarget"]["from"], without_retarget(zoom)
    hero = load_example("hero-grid-push-retargeted.json")
    zoom_opts = {"elements": ZOOM_ELEMENTS}

    def retarget(at_ms, request, **options):
        return {"kind": "retarget", "atMs": at_ms, "request": request, "options": options}

    # A linear zoom push sent 140 px further down with policy additive: position continuous,
    # velocity not (RETARGET.md 6: additive keeps C1 only where the new curve starts flat).
    linear = {"timing": {"duration": 0.6, "curve": {"type": "linear"}}}
    linear_from = dict(zoom_from, **linear)
    return [
        ("retarget zoom push", zoom_from, [retarget(100, zoom_new)], zoom_opts),
        ("retarget zoom push, sampled", zoom_from, [retarget(100, zoom_new)],
         dict(zoom_opts, keyframes="sampled")),
        ("retarget hero push with a cascade", hero["retarget"]["from"],
         [retarget(120, without_retarget(hero))], {}),
        ("retarget hero push to another cell (layers leave, layers arrive)", hero["retarget"]["from"],
         [retarget(120, another_cell(without_retarget(hero), "photo-1"))], {}),
        ("retarget zoom push, a chain of three", zoom_from,
         [retarget(100, zoom_new),
          retarget(100, with_destination(zoom_new, x=20, y=200, width=350, height=350)),
          retarget(100, with_destination(zoom_new, y=60, height=300))], zoom_opts),
        ("retarget, reverse() and retarget again (back to a moved source)", zoom_from,
         [retarget(100, zoom_new), {"kind": "reverse", "atMs": 120},
          retarget(60, dict(zoom_new, source={"x": 204, "y": 338, "width": 170, "height": 170}))],
         dict(zoom_opts, outcome="reversed")),
        ("negative control: a plan retargeted from 33 ms earlier", zoom_from,
         [retarget(100, zoom_new)], dict(zoom_opts, shift_at=0.033, expect=("jump", None))),
        ("negative control: additive under a linear curve", linear_from,
         [retarget(150, with_destination(dict(zoom_new, **linear), y=231), policy="additive")],
         dict(zoom_opts, expect=("ok", "jump"))),
    ]


def post_interaction(base, body):
    """The plain JSON interaction answer, straight from the server."""
    parsed = urllib.parse.urlsplit(base)
    connection = http.client.HTTPConnection(parsed.hostname, parsed.port, timeout=30)
    connection.request("POST", "/v1/interactions", body=json.dumps(body),
                       headers={"Content-Type": "application/json", "Accept": "application/json"})
    response = connection.getresponse()
    data = json.loads(response.read())
    connection.close()
    if response.status != 200:
        raise RuntimeError(f"{response.status} {json.dumps(data)[:300]}")
    return data


def check_gesture_kind(checks, driver, base, name):
    """An answer of gesture kind back or dragDismiss (docs/GESTURES.md), played through the
    module: paused at five of its keyframe times, every layer (the back scrim, the rounded
    screens' radius, the followed snapshot) where the JSON answer puts it; then played to its
    end, which runs the decision's actions."""
    body = load_example(name)
    answer = post_interaction(base, body)
    info = run_async(driver, f"""
      const [body] = args;
      if (window.__c) window.__c.cancel();
      const doc = await app.tp.request(body, {{path: "/v1/interactions"}});
      window.__c = app.tp.play(doc, {{container: app.container, screens: __screens(),
                                      elements: {ZOOM_ELEMENTS}, autoplay: false}});
      await __frames();
      return {{ids: doc.layers.map((l) => l.id), kind: doc.interaction.kind,
              decision: doc.interaction.decision, duration: doc.duration}};
    """, body)
    ids = [layer["id"] for layer in answer["layers"]]
    label = f"{answer['kind']} ({name})"
    if not checks.record(info["ids"] == ids and info["kind"] == answer["kind"]
                         and info["decision"] == answer["decision"],
                         f"{label}: document mounted",
                         f"{len(ids)} layers {ids}, {info['kind']} {info['decision']}, "
                         f"{info['duration']:.3f} ms"):
        return
    count = len(answer["layers"][0]["keyframes"])
    release = answer["progress"][-1]["t"]
    indices = {round(f * (count - 1)) for f in FRACTIONS}
    # The release keyframe too: the end of the follow or preview, the start of the completion.
    indices.add(next(i for i, k in enumerate(answer["layers"][0]["keyframes"]) if k["t"] == release))
    worst = {"box": 0.0, "radius": 0.0, "content": 0.0, "alpha": 0.0}
    problems = []
    times = []
    for index in sorted(indices):
        t = answer["layers"][0]["keyframes"][index]["t"]
        times.append(t)
        w, p = compare(answer, index, measure_at(driver, t * 1000))
        worst = merge(worst, w)
        problems += [f"t={t:.4f}: {x}" for x in p]
    checks.record(not problems, f"{label}: layers at {len(times)} keyframe times",
                  f"t = {', '.join(f'{t:.4f}' for t in times)} s; {summary(worst)}"
                  + ("; " + "; ".join(problems[:6]) if problems else ""))
    outcome = run_async(driver, """
      const c = window.__c;
      c.seek(Math.max(0, c.duration - 50));
      c.play();
      const outcome = await c.finished;
      window.__c = null;
      return {outcome, layers: document.querySelectorAll("[data-tp-layer]").length};
    """)
    expected = {"finish": "finished", "cancel": "cancelled"}[answer["decision"]]
    checks.record(outcome["outcome"] == expected and outcome["layers"] == 0,
                  f"{label}: plays to its end and runs its {answer['decision']} actions",
                  f"ended {outcome['outcome']}, {outcome['layers']} layers left")


def run_engine(checks, name, args, harness):
    """Every step in one browser of engine `name`, within TIME_LIMIT_S."""
    with engine_run(checks, name, "player", TIME_LIMIT_S) as run:
        ENGINE["name"] = name
        driver = run.browser = engines.start(name, args.proxy_port)
        checks.engine = driver.label
        driver.open(harness.url + "/")
        ready = run_async(driver, """
          const t0 = performance.now();
          while (!window.app) {
            if (performance.now() - t0 > 10000) throw new Error("the page's module did not run");
            await new Promise((r) => setTimeout(r, 10));
          }
          return app.ready;""")
        driver.run(HELPERS)
        print(f"player.js served from {harness.player_source}", flush=True)
        title = driver.title()
        checks.record(ready is True and title == "transition-planner player test",
                      "page and module loaded", title)

        hero = run_async(driver, """
          await app.showDetail(document.querySelector('[data-card="3"]'));
          return app.tp.heroRequest({from: app.grid, to: app.detail, container: app.container,
                                      operation: "push", options: app.options});""")
        check_hero_request(checks, hero)
        spring = dict(hero, timing={"curve": {"type": "spring", "dampingRatio": 0.7}})
        zoom = load_example("zoom-push.json")
        zoom_elements = "{elements: " + ZOOM_ELEMENTS + "}"
        steps = []
        cases = [
            ("hero push (from the page)", hero, "{}"),
            ("hero push, spring", spring, "{}"),
            ("zoom push", zoom, zoom_elements),
            ("cartSheet present, perspective 100",
             load_example("cartSheet-present.json",
                          {"options": {"tilt": 0.1, "scale": {"x": 0.85, "y": 0.95}, "perspective": 100}}),
             "{}"),
            ("expand push", load_example("expand-push.json"), "{}"),
        ]
        plans = {}
        for name, body, extra in cases:
            plans[name] = post_plan(args.base, body)
            for keyframes in ("sampled", "compact"):
                steps.append((f"{name}, {keyframes}", check_samples,
                              (checks, driver, name, body, plans[name], keyframes, extra)))
        steps.append(("cartSheet rotation feature", check_rotation_feature,
                      (checks, driver, cases[3][0], cases[3][1], plans[cases[3][0]])))
        for name, body, extra in cases[:3]:
            steps.append((f"{name} between samples", check_between,
                          (checks, driver, name, body, args.base, extra)))
        for keyframes in ("compact", "sampled"):
            steps.append((f"reversal {keyframes}", check_reversal,
                          (checks, driver, harness, "hero push", hero, plans[cases[0][0]], keyframes)))
        steps.append(("reversal off the grid", check_reversal,
                      (checks, driver, harness, "hero push", hero, plans[cases[0][0]], "compact",
                       "{}", 5.3)))
        steps.append(("reversal sampled off the grid", check_reversal,
                      (checks, driver, harness, "hero push", hero, plans[cases[0][0]], "sampled",
                       "{}", 5.3, True)))
        steps.append(("reversal zoom", check_reversal,
                      (checks, driver, harness, "zoom push (spring)", zoom, plans["zoom push"],
                       "compact", zoom_elements)))
        for name, body, flight_steps, extra in retarget_cases():
            steps.append((name, check_retarget_flight,
                          (checks, driver, harness, args.base, name, body, flight_steps),
                          extra))
        steps.append(("retarget edges", check_retarget_edges,
                      (checks, driver, load_example("zoom-push-retargeted.json")["retarget"]["from"],
                       without_retarget(load_example("zoom-push-retargeted.json")))))
        steps.append(("actions", check_actions, (checks, driver)))
        steps.append(("back mid-flight", check_back_mid_flight, (checks, driver, harness)))
        steps.append(("keep and replace", check_keep_and_replace, (checks, driver)))
        steps.append(("API edges", check_api_edges, (checks, driver)))
        steps.append(("reduced motion", check_reduced_motion, (checks, driver, harness)))
        for example in ("interaction-back-cross-activity.json", "interaction-drag-dismiss.json"):
            steps.append((f"gesture kind {example}", check_gesture_kind,
                          (checks, driver, args.base, example)))
        for name, step, step_args, *keywords in steps:
            if args.only and args.only not in name:
                continue
            try:
                step(*step_args, **(keywords[0] if keywords else {}))
            except Exception as error:  # noqa: BLE001 - reported, not swallowed
                checks.record(False, f"{name}: raised", f"{type(error).__name__}: {str(error)[:400]}")
        external = driver.run(
            "return performance.getEntriesByType('resource').map((e) => e.name)"
            ".filter((u) => !u.startsWith(location.origin) && !u.startsWith('data:'));")
        checks.record(not external, "page loaded nothing from elsewhere", f"{external}")
        check_console(checks, driver, expected=("status of 422",))
        check_dead_proxy(checks, driver, "player-test.invalid")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--base", required=True, help="the real server, http://127.0.0.1:PORT")
    parser.add_argument("--proxy-port", type=int, required=True)
    parser.add_argument("--only", help="run only the steps whose name contains this (development)")
    args = parser.parse_args()
    started = time.monotonic()
    checks = Checks()
    harness = Harness(args.base)
    try:
        for name in engines.names():
            checks.engine = name
            run_engine(checks, name, args, harness)
    finally:
        harness.close()
    print(f"player test: {checks.passed} passed, {checks.failed} failed "
          f"({time.monotonic() - started:.1f} s; {checks.summary_by_engine()})", flush=True)
    return 1 if checks.failed else 0


if __name__ == "__main__":
    sys.exit(main())
