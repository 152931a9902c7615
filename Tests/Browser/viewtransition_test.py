#!/usr/bin/env python3
"""The `viewtransition` documents played as real View Transitions (docs/VIEWTRANSITIONS.md 11).

A loopback harness serves Tests/Browser/vt_page.html and two cross-document test pages, and
proxies every other path (the API, /player.js) to the real server, so that pages, module and API
share one origin. For each plan the page builds the two screens from the request, and
/player.js `viewTransition()` plays the document with `autoplay: false`, by both paths: `css`
alone (script: false) and `baseCss` with the `animations` installed in `ready` (script: true).
Every animation is then paused and seeked to each of the plan's sample times, and the
pseudo-elements' computed styles are compared with the JSON plan of the same request:

- each group's four corners (width, height, transform about transform-origin) within 0.5 px of
  its geometry layer's corners projected as TIMING.md 6 does;
- each image's opacity (times its pair's and group's) within 0.01 of its layer's alpha (a hidden
  partner: 0), every group and pair at 1; radius and content boxes (by 3.1's capture keyframes)
  within 0.5 px; shadow opacity within 0.01 and blur 2 x radius within 0.5 px; brightness within
  0.01 of 1 - the dimming alpha;
- group z-index rising bottom to top, the upper layer's image above the other, mix-blend-mode
  normal on every image, object-fit per 3.5, overflow: clip on exactly the groups 3.4 names;
- ::view-transition at the container's padding box with its size, overflow clip and background;
- every animation ending at D x 1000 ms.

Then: the player end to end (a hero push played to its end: finished resolves, the finish
actions ran, names, stand-ins, the <style> and the custom properties are gone); one
cross-document transition between two pages of this origin (@view-transition, pagereveal, the
css of a zoom push at mid-time); and negative controls that must fail the same check: two group
names swapped in the stylesheets, and the times written in seconds instead of milliseconds.
Last, section 14's probes (vt_probes.py: pixels, the case of a name, interpolation between
samples, a reversal's first frame, scoped transitions), read off the browser's display: every
engine runs in a window of an Xvfb display of its own (VT_HEADLESS=1: Chromium and Firefox
headless, whose screenshots the probes then read).

ENGINES (engines.py) picks the engines (default: all three). Per engine it prints the answers to
section 14's questions it can read off these runs.

Usage: Tests/Browser/viewtransition_test.py --base http://127.0.0.1:PORT --proxy-port N
       [--only NAME] [--probes]
"""

import argparse
import http.client
import json
import os
import re
import sys
import threading
import time
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import engines  # noqa: E402
import vt_probes  # noqa: E402
from browser_checks import Checks, check_dead_proxy  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PAGE = os.path.join(ROOT, "Tests", "Browser", "vt_page.html")
PLAYER = os.path.join(ROOT, "web", "player.js")
PX = 0.5
ALPHA = 0.01
CONTAINER_ORIGIN = (40, 24)  # vt_page.html: #stage at (37, 21) with a 3 px border
TIME_LIMIT_S = int(os.environ.get("VT_TEST_TIME_LIMIT", "170"))

EXAMPLES = [
    "zoom-push", "zoom-pop", "expand-push", "expand-pop", "cartSheet-present",
    "cartSheet-dismiss", "cartSheet-present-reduced", "zoom-push-reversed", "hero-avatar",
    "hero-cascade", "hero-grid-push", "hero-grid-pop", "hero-preset-cover", "hero-preset-fade",
    "hero-preset-none", "hero-preset-pageIn", "hero-preset-pageOut", "hero-preset-pull",
    "hero-preset-push", "hero-preset-slide", "hero-preset-uncover", "hero-preset-zoom",
    "hero-preset-zoomOut", "hero-preset-zoomSlide",
]


def example(name):
    with open(os.path.join(ROOT, "examples", name + ".json")) as f:
        return json.load(f)


def hero_everything():
    """A hero push with an arc, a cascade, a radius morph, content fit and dimming at once."""
    request = example("hero-grid-push")
    request["options"] = dict(request.get("options", {}), preset="cover",
                              cascade={"delta": 0.03, "direction": "topToBottom", "delayMatched": False})
    return request


def hero_reversal():
    request = example("hero-grid-push")
    request["reversal"] = {"at": 0.12}
    return request


# ---- the harness ---------------------------------------------------------------------------

class Harness:
    def __init__(self, upstream):
        parsed = urllib.parse.urlsplit(upstream)
        self.host, self.port = parsed.hostname, parsed.port
        self.pages = {}
        harness = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args):
                pass

            def send(self, status, headers, body):
                self.send_response(status)
                for k, v in headers:
                    self.send_header(k, v)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                if self.command != "HEAD":
                    try:
                        self.wfile.write(body)
                    except (BrokenPipeError, ConnectionResetError):
                        pass  # a browser that gave up on a request it made itself (a favicon)

            def proxy(self, body=None):
                c = http.client.HTTPConnection(harness.host, harness.port, timeout=30)
                headers = {k: v for k, v in self.headers.items()
                           if k.lower() in ("content-type", "accept")}
                c.request(self.command, self.path, body=body, headers=headers)
                r = c.getresponse()
                data = r.read()
                kept = [(k, v) for k, v in r.getheaders() if k.lower() in ("content-type",)]
                c.close()
                return r.status, kept, data

            def do_GET(self):
                path = urllib.parse.urlsplit(self.path).path
                html = [("Content-Type", "text/html; charset=utf-8"), ("Cache-Control", "no-store")]
                if path == "/":
                    with open(PAGE, "rb") as f:
                        return self.send(200, html, f.read())
                if path == "/preview":
                    # The service's own preview page (its embedded web/preview.html).
                    self.path = "/"
                    return self.send(*self.proxy())
                if path in harness.pages:
                    return self.send(200, html, harness.pages[path].encode())
                if path == "/player.js":
                    # The module under test is web/player.js as it is on disk.
                    with open(PLAYER, "rb") as f:
                        return self.send(200, [("Content-Type", "text/javascript; charset=utf-8"),
                                               ("Cache-Control", "no-store")], f.read())
                self.send(*self.proxy())

            def do_POST(self):
                n = int(self.headers.get("Content-Length", "0"))
                self.send(*self.proxy(self.rfile.read(n)))

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def post(self, query, body):
        c = http.client.HTTPConnection(self.host, self.port, timeout=30)
        c.request("POST", "/v1/plans" + query, body=json.dumps(body),
                  headers={"Content-Type": "application/json"})
        r = c.getresponse()
        data = r.read()
        c.close()
        if r.status != 200:
            raise RuntimeError(f"POST /v1/plans{query}: {r.status} {data[:300]!r}")
        return json.loads(data)


# ---- geometry --------------------------------------------------------------------------------

def apply(m, x, y):
    """The 16 numbers in CSS matrix3d / CATransform3D field order applied to (x, y, 0, 1)."""
    X = x * m[0] + y * m[4] + m[12]
    Y = x * m[1] + y * m[5] + m[13]
    W = x * m[3] + y * m[7] + m[15]
    return X / W, Y / W


IDENTITY = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]


def plan_corners(frame, anchor, transform):
    """TIMING.md 6: the layer's corners, the transform applied about the anchor point."""
    m = transform or IDENTITY
    ax, ay = anchor["x"] * frame["width"], anchor["y"] * frame["height"]
    out = []
    for cx, cy in [(0, 0), (frame["width"], 0), (frame["width"], frame["height"]), (0, frame["height"])]:
        X, Y = apply(m, cx - ax, cy - ay)
        out.append((frame["x"] + ax + X, frame["y"] + ay + Y))
    return out


def css_matrix(text):
    if text in ("none", ""):
        return IDENTITY
    values = [float(v) for v in re.findall(r"-?[\d.]+(?:e[-+]?\d+)?", text.split("(", 1)[1])]
    if text.startswith("matrix3d"):
        return values
    a, b, c, d, e, f = values
    return [a, b, 0, 0, c, d, 0, 0, 0, 0, 1, 0, e, f, 0, 1]


def browser_corners(g):
    m = css_matrix(g["transform"])
    ox, oy = [float(v) for v in g["transformOrigin"].replace("px", "").split()[:2]]
    w, h = float(g["width"].replace("px", "")), float(g["height"].replace("px", ""))
    return [tuple(o + v for o, v in zip((ox, oy), apply(m, cx - ox, cy - oy)))
            for cx, cy in [(0, 0), (w, 0), (w, h), (0, h)]]


def px(text):
    return float(text.replace("px", "")) if text and text.endswith("px") else None


def shadow_parts(text):
    """`rgba(r, g, b, a) Xpx Ypx Bpx Spx` -> (alpha, blur)."""
    m = re.match(r"rgba?\(([^)]*)\)\s+(-?[\d.]+)px\s+(-?[\d.]+)px\s+([\d.]+)px", text or "")
    if not m:
        return None
    parts = [float(v) for v in m.group(1).split(",")]
    return (parts[3] if len(parts) == 4 else 1.0), float(m.group(4))


def brightness(text):
    m = re.match(r"brightness\(([\d.e-]+)\)", text or "")
    return float(m.group(1)) if m else (1.0 if text == "none" else None)


OBJECT_FIT = {"scaleToFill": "fill", "aspectFit": "contain", "aspectFill": "cover", "center": "none"}


# ---- the page's side ---------------------------------------------------------------------------

MEASURE = r"""
const [doc, request, leaving, script, times, done] = arguments;
(async () => {
  const screens = window.tp.build(request, leaving);
  const arriving = leaving === "from" ? "to" : "from";
  const run = await window.tp.viewTransition(doc, () => {
    screens[leaving].style.display = "none";
    screens[arriving].style.display = "block";
  }, { container: "#stage", screens, elements: { source: "#source", destination: "#destination" },
       script, autoplay: false });
  await run.ready;
  const root = document.documentElement;
  const cs = (p) => getComputedStyle(root, p);
  const pick = (s, names) => Object.fromEntries(names.map((n) => [n, s[n]]));
  const out = { script: run.script, frames: [], ends: run.animations.map((a) => a.effect.getComputedTiming().endTime),
                count: run.animations.length };
  const vt = cs("::view-transition");
  out.root = pick(vt, ["left", "top", "width", "height", "overflow", "backgroundColor"]);
  for (const t of times) {
    run.seek(t * 1000);
    const frame = {};
    for (const g of doc.groups) {
      const n = g.name;
      const group = pick(cs(`::view-transition-group(${n})`), ["width", "height", "transform",
        "transformOrigin", "borderTopLeftRadius", "boxShadow", "opacity", "zIndex", "overflow"]);
      const pair = pick(cs(`::view-transition-image-pair(${n})`), ["opacity"]);
      const images = {};
      for (const side of ["old", "new"]) {
        if (!g[side]) continue;
        images[side] = pick(cs(`::view-transition-${side}(${n})`), ["opacity", "filter", "left",
          "top", "width", "height", "zIndex", "mixBlendMode", "objectFit"]);
      }
      frame[n] = { group, pair, images };
    }
    out.frames.push(frame);
  }
  run.skip();
  await run.finished;
  await new Promise((r) => requestAnimationFrame(r));
  done(out);
})().catch((e) => done({ error: String(e && e.stack || e) }));
"""


# ---- the comparison ------------------------------------------------------------------------------

def expected_clip(doc, plan_layers, group):
    geometry = plan_layers[lowest_layer(group, plan_layers)]
    k0 = geometry["keyframes"][0]
    if "cornerRadius" in k0 or "contentFrame" in k0:
        return True
    for side in ("old", "new"):
        layer_id = group["layers"].get(side)
        if layer_id is None:
            continue
        if object_fit(plan_layers[layer_id]) in ("cover", "none"):
            return True
    return False


def object_fit(layer):
    content = layer["content"]
    if content["kind"] != "element" or "contentFrame" in layer["keyframes"][0]:
        return "fill"
    return OBJECT_FIT[content["contentMode"]]


def lowest_layer(group, plan_layers):
    ids = [i for i in group["layers"].values() if i is not None]
    return min(ids, key=lambda i: plan_layers[i]["index"])


# The largest deviation seen per quantity (corners, content boxes in px; opacity), printed per
# engine at the end: the figures docs/VIEWTRANSITIONS.md quotes.
WORST = {"corner": 0.0, "content": 0.0, "opacity": 0.0}


def compare(doc, plan, forward, measured, times_index):
    """Every quantity of section 11; returns a list of problems (empty: within tolerance)."""
    problems = []
    layers = {}
    for i, layer in enumerate(plan["layers"]):
        layer["index"] = i
        layers[layer["id"]] = layer
    forward_layers = {l["id"]: l for l in forward["layers"]} if forward else {}
    dimming_of = {}
    for g in doc["groups"]:
        for side, layer_id in (g.get("dimming") or {}).items():
            dimming_of[(g["name"], side)] = layers[layer_id]
    r = measured["root"]
    W, H = plan["container"]["width"], plan["container"]["height"]
    if (abs(px(r["left"]) - CONTAINER_ORIGIN[0]) > PX or abs(px(r["top"]) - CONTAINER_ORIGIN[1]) > PX
            or abs(px(r["width"]) - W) > PX or abs(px(r["height"]) - H) > PX or r["overflow"] != "clip"):
        problems.append(f"::view-transition at {r}")
    if doc.get("background"):
        bg = layers[doc["background"]]
        alpha = bg["keyframes"][0]["alpha"]
        got = re.findall(r"[\d.]+", r["backgroundColor"])
        a = float(got[3]) if len(got) == 4 else 1.0
        if abs(a - alpha) > ALPHA:
            problems.append(f"background {r['backgroundColor']} vs alpha {alpha}")
    D = plan["duration"] * 1000
    for end in measured["ends"]:
        if abs(end - D) > 0.01:
            problems.append(f"an animation ends at {end} ms, not {D}")
    for f, k in enumerate(times_index):
        frame = measured["frames"][f]
        z_previous = None
        for g in doc["groups"]:
            m = frame[g["name"]]
            geometry = layers[lowest_layer(g, layers)]
            kf = geometry["keyframes"][k]
            want = plan_corners(kf["frame"], geometry["anchor"], kf.get("transform"))
            got = browser_corners(m["group"])
            err = max(max(abs(a - b) for a, b in zip(p, q)) for p, q in zip(want, got))
            WORST["corner"] = max(WORST["corner"], err)
            where = f"t={plan['layers'][0]['keyframes'][k]['t']} {g['name']}"
            if err > PX:
                problems.append(f"{where}: corners {err:.3f} px off")
            z = int(m["group"]["zIndex"])
            if z_previous is not None and z <= z_previous:
                problems.append(f"{where}: z-index {z} not above {z_previous}")
            z_previous = z
            if float(m["group"]["opacity"]) != 1 or float(m["pair"]["opacity"]) != 1:
                problems.append(f"{where}: group/pair opacity {m['group']['opacity']}/{m['pair']['opacity']}")
            if (m["group"]["overflow"] == "clip") != expected_clip(doc, layers, g):
                problems.append(f"{where}: overflow {m['group']['overflow']}")
            if "cornerRadius" in kf and abs(px(m["group"]["borderTopLeftRadius"]) - kf["cornerRadius"]) > PX:
                problems.append(f"{where}: radius {m['group']['borderTopLeftRadius']} vs {kf['cornerRadius']}")
            if "shadow" in geometry:
                parts = shadow_parts(m["group"]["boxShadow"])
                want_blur = 2 * geometry["shadow"]["radius"]
                if (parts is None or abs(parts[0] - kf.get("shadowOpacity", 0)) > ALPHA
                        or abs(parts[1] - want_blur) > PX) and not (parts is None and kf.get("shadowOpacity", 0) == 0):
                    problems.append(f"{where}: shadow {m['group']['boxShadow']} vs {kf.get('shadowOpacity')}")
            upper = max((layers[i]["index"] for i in g["layers"].values() if i is not None))
            for side, image in m["images"].items():
                layer_id = g["layers"].get(side)
                if image["mixBlendMode"] != "normal":
                    problems.append(f"{where} {side}: mix-blend-mode {image['mixBlendMode']}")
                want_z = 1 if layer_id is not None and layers[layer_id]["index"] == upper else 0
                if int(image["zIndex"]) != want_z:
                    problems.append(f"{where} {side}: z-index {image['zIndex']} not {want_z}")
                alpha = 0 if layer_id is None else layers[layer_id]["keyframes"][k]["alpha"]
                WORST["opacity"] = max(WORST["opacity"], abs(float(image["opacity"]) - alpha))
                if abs(float(image["opacity"]) - alpha) > ALPHA:
                    problems.append(f"{where} {side}: opacity {image['opacity']} vs {alpha}")
                want_fit = "fill" if layer_id is None else object_fit(layers[layer_id])
                if image["objectFit"] != want_fit:
                    problems.append(f"{where} {side}: object-fit {image['objectFit']} not {want_fit}")
                dimming = dimming_of.get((g["name"], side))
                if dimming is not None:
                    b = brightness(image["filter"])
                    want_b = 1 - dimming["keyframes"][k]["alpha"]
                    if b is None or abs(b - want_b) > ALPHA:
                        problems.append(f"{where} {side}: filter {image['filter']} vs brightness {want_b}")
                if layer_id is None or "contentFrame" not in layers[layer_id]["keyframes"][0]:
                    # The image fills its group.
                    gw, gh = px(m["group"]["width"]), px(m["group"]["height"])
                    box = [px(image[p]) for p in ("left", "top", "width", "height")]
                    if None in box or max(abs(a - b) for a, b in zip(box, [0, 0, gw, gh])) > PX:
                        problems.append(f"{where} {side}: box {box} does not fill {gw} x {gh}")
                    continue
                layer = layers[layer_id]
                kfs = layer["keyframes"]
                if side == "new":
                    capture = kfs[-1]
                elif plan.get("reversal"):
                    capture = forward_layers[layer_id]["keyframes"][-1]
                else:
                    capture = kfs[0]
                cr, wr, hr = capture["contentFrame"], capture["frame"]["width"], capture["frame"]["height"]
                c = kfs[k]["contentFrame"]
                sx = 1 if cr["width"] == 0 else c["width"] / cr["width"]
                sy = 1 if cr["height"] == 0 else c["height"] / cr["height"]
                want_box = [c["x"] - cr["x"] * sx, c["y"] - cr["y"] * sy, wr * sx, hr * sy]
                box = [px(image[p]) for p in ("left", "top", "width", "height")]
                if None not in box:
                    WORST["content"] = max(WORST["content"], max(abs(a - b) for a, b in zip(box, want_box)))
                if None in box or max(abs(a - b) for a, b in zip(box, want_box)) > PX:
                    problems.append(f"{where} {side}: content box {box} vs {want_box}")
    return problems


def broken_swapped(doc):
    """Two element groups' names exchanged in the stylesheets and animations (the page still
    names its elements by `groups`)."""
    names = [g["name"] for g in doc["groups"]]
    a, b = names[-2], names[-1]
    bad = json.loads(json.dumps(doc))
    swap = lambda s: s.replace(f"({a})", "(\0)").replace(f"({b})", f"({a})").replace("(\0)", f"({b})")
    bad["css"], bad["baseCss"] = swap(doc["css"]), swap(doc["baseCss"])
    for entry in bad["animations"]:
        entry["options"]["pseudoElement"] = swap(entry["options"]["pseudoElement"])
    return bad


def broken_seconds(doc):
    """Every duration and delay in seconds where milliseconds belong."""
    bad = json.loads(json.dumps(doc))
    bad["css"] = re.sub(r"([\d.]+)ms", lambda m: f"{float(m.group(1)) / 1000}ms", doc["css"])
    for entry in bad["animations"]:
        for key in ("duration", "delay"):
            if key in entry["options"]:
                entry["options"][key] /= 1000
    return bad


# ---- the steps ----------------------------------------------------------------------------------

def play_and_compare(browser, harness, request, doc, script, plan=None, forward=None):
    plan = plan or harness.post("", doc["request"])
    if plan.get("reversal") and forward is None:
        forward = harness.post("", {k: v for k, v in doc["request"].items() if k != "reversal"})
    times = [k["t"] for k in plan["layers"][0]["keyframes"]]
    leaving = "to" if plan.get("reversal") else "from"
    measured = browser.run_async(MEASURE, doc, request, leaving, script, times)
    if "error" in measured:
        return [measured["error"]], None
    try:
        return compare(doc, plan, forward, measured, list(range(len(times)))), measured
    except (ValueError, TypeError, KeyError) as error:
        # A value the comparison cannot read (a pseudo-element that does not exist reports its
        # declared style) is a failure, not a crash.
        return [f"unreadable computed style: {type(error).__name__}: {error}"], measured


def step_documents(browser, harness, checks, cases):
    for key in WORST:
        WORST[key] = 0.0
    for name, request in cases:
        doc = harness.post("?format=viewtransition", request)
        plan = harness.post("", doc["request"])
        for script in (False, True):
            path = "script" if script else "css"
            problems, measured = play_and_compare(browser, harness, request, doc, script, plan)
            detail = "; ".join(problems[:4]) if problems else (
                f"{len(plan['layers'][0]['keyframes'])} samples, {len(doc['groups'])} groups, "
                f"{measured['count']} animations")
            if measured and script and measured.get("script") is False:
                detail += " (the player's feature check played the css: script animations do not move groups here)"
            checks.record(not problems, f"{browser.label} {name} ({path})", detail)


def step_negative(browser, harness, checks):
    request = example("hero-grid-push")
    doc = harness.post("?format=viewtransition", request)
    plan = harness.post("", doc["request"])
    for label, bad in (("two names swapped", broken_swapped(doc)),
                       ("seconds for milliseconds", broken_seconds(doc))):
        for script in (False, True):
            problems, _ = play_and_compare(browser, harness, request, bad, script, plan)
            checks.record(bool(problems), f"{browser.label} negative control, {label} "
                          f"({'script' if script else 'css'}) is caught",
                          problems[0] if problems else "the broken document passed")


END_TO_END = r"""
const [request, done] = arguments;
(async () => {
  const screens = window.tp.build(request, "from");
  let updated = false;
  const run = await window.tp.viewTransition(request, () => {
    screens.from.style.display = "none";
    screens.to.style.display = "block";
    updated = true;
  }, { container: "#stage", screens });
  const during = {
    named: document.querySelectorAll("[style*='view-transition-name']").length,
    style: !!document.querySelector("style[data-tp-view-transition]"),
    left: document.documentElement.style.getPropertyValue("--tp-container-left"),
  };
  await run.ready;
  const animations = run.animations.length;
  const started = performance.now();
  await run.finished;
  const hiddenLeft = [...document.querySelectorAll("[data-hero-id]")]
    .filter((e) => e.style.visibility === "hidden").length;
  done({ updated, during, animations, ms: performance.now() - started,
    after: {
      named: document.querySelectorAll("[style*='view-transition-name']").length,
      style: !!document.querySelector("style[data-tp-view-transition]"),
      left: document.documentElement.style.getPropertyValue("--tp-container-left"),
      hiddenLeft, standIns: document.querySelectorAll("[data-tp-stand-in]").length,
      duration: run.document.duration,
    } });
})().catch((e) => done({ error: String(e && e.stack || e) }));
"""


def step_end_to_end(browser, harness, checks):
    for name in ("hero-grid-push", "expand-push"):
        result = browser.run_async(END_TO_END, example(name))
        if "error" in result:
            checks.record(False, f"{browser.label} player viewTransition() {name}", result["error"])
            continue
        a, d = result["after"], result["during"]
        ok = (result["updated"] and d["named"] > 0 and d["style"] and d["left"] == "40px"
              and result["animations"] > 0 and a["named"] == 0 and not a["style"] and a["left"] == ""
              and a["hiddenLeft"] == 0 and a["standIns"] == 0 and result["ms"] >= a["duration"] * 0.5)
        checks.record(ok, f"{browser.label} player viewTransition() {name} end to end",
                      f"{d['named']} named, {result['animations']} animations, finished after "
                      f"{result['ms']:.0f} ms of {a['duration']:.0f}; after: {a}")


def cross_document_pages(doc, plan):
    """Two pages of one origin: the leaving one names zoom's old targets in its markup; the
    arriving one holds the document's css and, in pagereveal, pauses the transition at a mid
    sample and reads the snapshot group's box."""
    request = doc["request"]
    names = {g["name"]: g for g in doc["groups"]}
    s, d = request["source"], request["destination"]
    mid = plan["layers"][0]["keyframes"][len(plan["layers"][0]["keyframes"]) // 2]["t"]
    types = " ".join(doc["types"])
    common = ("<style>body{margin:0} .screen{position:absolute;left:0;top:0;width:%dpx;height:%dpx}"
              " .el{position:absolute}</style><style>@view-transition { navigation: auto; types: %s; }</style>"
              % (request["container"]["width"], request["container"]["height"], types))
    box = lambda f, colour, name, id_: (
        f'<div id="{id_}" class="el" style="left:{f["x"]}px;top:{f["y"]}px;width:{f["width"]}px;'
        f'height:{f["height"]}px;background:{colour};view-transition-name:{name}"></div>')
    leaving = ("<!doctype html><html><head><meta charset=utf-8>" + common + "</head><body>"
               '<div class="screen" style="background:#eef2f7;view-transition-name:tp-from_view">'
               + box(s, "#d94f4f", "tp-snapshot", "source") + "</div></body></html>")
    assert "tp-snapshot" in names
    arriving = ("<!doctype html><html><head><meta charset=utf-8>" + common + "<style>" + doc["css"]
                + "</style><script>window.__xdoc = null; addEventListener('pagereveal', (e) => {"
                " const vt = e.viewTransition; if (!vt) { window.__xdoc = {error: 'no view transition'}; return; }"
                " const types = vt.types ? [...vt.types] : null;"
                " vt.ready.then(() => { const root = document.documentElement;"
                "  const anims = document.getAnimations().filter((a) => a.effect && a.effect.pseudoElement);"
                f"  for (const a of anims) {{ a.pause(); a.currentTime = {mid * 1000}; }}"
                "  const g = getComputedStyle(root, '::view-transition-group(tp-snapshot)');"
                "  window.__xdoc = {types, count: anims.length, width: g.width, height: g.height,"
                "   transform: g.transform, transformOrigin: g.transformOrigin};"
                "  for (const a of anims) a.finish(); }, (err) => { window.__xdoc = {error: String(err)}; }); });"
                "</script></head><body>"
                '<div class="screen" style="background:#f7efe4;view-transition-name:tp-to_view">'
                + box(d, "#4f8bd9", "none", "destination") + "</div></body></html>")
    return leaving, arriving, mid


def step_cross_document(browser, harness, checks, answers):
    if not answers["crossDocumentRule"] or not answers["pagereveal"]:
        print(f"SKIP {browser.label} cross-document: no @view-transition rule or pagereveal event here",
              flush=True)
        return
    request = example("zoom-push")
    doc = harness.post("?format=viewtransition", request)
    plan = harness.post("", doc["request"])
    leaving, arriving, mid = cross_document_pages(doc, plan)
    harness.pages["/xdoc/from.html"] = leaving
    harness.pages["/xdoc/to.html"] = arriving
    browser.open(harness.url + "/xdoc/from.html")
    browser.run("location.href = '/xdoc/to.html';")
    result = None
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            result = browser.run("return window.__xdoc || null;")
        except engines.EngineError:
            result = None
        if result:
            break
        time.sleep(0.1)
    if not result or "error" in result:
        checks.record(False, f"{browser.label} cross-document zoom push (@view-transition, pagereveal)",
                      str(result))
        return
    layer = next(l for l in plan["layers"] if l["id"] == "snapshot")
    k = next(i for i, kf in enumerate(layer["keyframes"]) if kf["t"] == mid)
    kf = layer["keyframes"][k]
    want = plan_corners(kf["frame"], layer["anchor"], kf.get("transform"))
    got = browser_corners(result)
    err = max(max(abs(a - b) for a, b in zip(p, q)) for p, q in zip(want, got))
    ok = err <= PX and result["types"] == doc["types"] and result["count"] > 0
    checks.record(ok, f"{browser.label} cross-document zoom push (@view-transition, pagereveal)",
                  f"snapshot corners {err:.3f} px off at t={mid}, types {result['types']}, "
                  f"{result['count']} animations")


PREVIEW = r"""
const [done] = arguments;
(async () => {
  for (let i = 0; i < 100 && !(window.preview && window.preview.ready); i++) await new Promise((r) => setTimeout(r, 50));
  await window.preview.started;
  const run = await window.preview.playBoth();
  if (!run || !run.transition) { done({ error: document.querySelector('#vtNote').textContent }); return; }
  await run.ready;
  run.pause();
  const doc = run.document;
  const name = doc.groups[doc.groups.length - 1].name;
  const out = { request: doc.request, name, times: [], script: run.script, groups: doc.groups.length };
  const vt = document.querySelector('#vtStage').getBoundingClientRect();
  const origin = getComputedStyle(document.documentElement, '::view-transition');
  out.root = { left: origin.left, top: origin.top, stageLeft: vt.left + document.querySelector('#vtStage').clientLeft,
               stageTop: vt.top + document.querySelector('#vtStage').clientTop };
  out.frames = [];
  for (const f of [0, 0.25, 0.5, 0.75, 1]) {
    const t = f * doc.duration;
    run.seek(t);
    const g = getComputedStyle(document.documentElement, `::view-transition-group(${name})`);
    out.frames.push({ t, width: g.width, height: g.height, transform: g.transform, transformOrigin: g.transformOrigin });
  }
  run.play();
  await run.finished;
  out.note = document.querySelector('#vtNote').textContent;
  done(out);
})().catch((e) => done({ error: String(e && e.stack || e) }));
"""


def step_preview(browser, harness, checks):
    """The preview page's "Play both, one as a View Transition": its default zoom push played on
    its second stage, the top group at five times within 0.5 px of the plan."""
    browser.open(harness.url + "/preview")
    result = browser.run_async(PREVIEW)
    if "error" in result:
        checks.record(False, f"{browser.label} preview page: Play both (View Transition)", result["error"])
        return
    plan = harness.post("", result["request"])
    doc = harness.post("?format=viewtransition", result["request"])
    group = next(g for g in doc["groups"] if g["name"] == result["name"])
    layer_id = [i for i in group["layers"].values() if i is not None][0]
    layer = next(l for l in plan["layers"] if l["id"] == layer_id)
    worst = 0.0
    problems = []
    for frame in result["frames"]:
        # The sample at that time (both ends and the plan's samples nearest to the quarters).
        k = min(range(len(layer["keyframes"])), key=lambda i: abs(layer["keyframes"][i]["t"] * 1000 - frame["t"]))
        if abs(layer["keyframes"][k]["t"] * 1000 - frame["t"]) > 1e-6:
            continue
        kf = layer["keyframes"][k]
        want = plan_corners(kf["frame"], layer["anchor"], kf.get("transform"))
        got = browser_corners(frame)
        worst = max(worst, max(max(abs(a - b) for a, b in zip(p, q)) for p, q in zip(want, got)))
    r = result["root"]
    if abs(px(r["left"]) - r["stageLeft"]) > PX or abs(px(r["top"]) - r["stageTop"]) > PX:
        problems.append(f"::view-transition at {r['left']}, {r['top']}, not the stage's {r['stageLeft']}, {r['stageTop']}")
    if worst > PX:
        problems.append(f"{result['name']} corners {worst:.3f} px off")
    checks.record(not problems, f"{browser.label} preview page: Play both (View Transition)",
                  "; ".join(problems) or f"{result['groups']} groups, {result['name']} within {worst:.3f} px "
                  f"({'script' if result['script'] else 'css'}); {result['note']}")


def questions(browser):
    """Section 14's feature questions this engine answers by itself."""
    return browser.run(r"""
      const types = (() => { try { return CSS.supports('selector(:active-view-transition-type(a))'); } catch { return false; } })();
      return {
        startViewTransition: typeof document.startViewTransition === 'function',
        types,
        viewTransitionClass: CSS.supports('view-transition-class', 'a'),
        crossDocumentRule: typeof CSSViewTransitionRule !== 'undefined',
        pagereveal: 'onpagereveal' in window,
        pageswap: 'onpageswap' in window,
        scoped: typeof Element.prototype.startViewTransition === 'function',
      };""")


def run_probes(browser, harness, checks):
    began = time.monotonic()
    try:
        answers = vt_probes.run(browser, harness, checks)
    except Exception as error:  # noqa: BLE001 - a probe that cannot run is a failure
        checks.record(False, f"{browser.label} section 14 probes", f"{type(error).__name__}: {error}")
        answers = {}
    print(f"{browser.label}: section 14 probes {json.dumps(answers)} in {time.monotonic() - began:.1f} s",
          flush=True)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--base", required=True)
    parser.add_argument("--proxy-port", type=int, required=True)
    parser.add_argument("--only", help="run only the cases whose name contains this")
    parser.add_argument("--probes", action="store_true", help="run only section 14's probes (vt_probes.py)")
    args = parser.parse_args()
    started = time.monotonic()
    harness = Harness(args.base)
    checks = Checks()
    cases = [(n, example(n)) for n in EXAMPLES]
    cases += [("hero arc+cascade+radius+content fit+dimming", hero_everything()),
              ("hero-grid-push reversed at 0.12 s", hero_reversal())]
    if args.only:
        cases = [c for c in cases if args.only in c[0]]
    for name in engines.names():
        # Windowed in an Xvfb display of its own (WebKitGTK always is): the probes read pixels
        # off the display (vt_probes.py); VT_HEADLESS=1 runs Chromium and Firefox headless, and
        # their probes then read the drivers' screenshots, which the docs say do not show
        # what a display shows during a transition (the probes fail against ANSWERS).
        browser = engines.start(name, args.proxy_port, windowed=not os.environ.get("VT_HEADLESS"))
        try:
            browser.open(harness.url + "/")
            ready = False
            for _ in range(100):
                ready = browser.run("return window.tpReady === true;")
                if ready:
                    break
                time.sleep(0.05)
            answers = questions(browser)
            print(f"{browser.label}: {json.dumps(answers)}", flush=True)
            if not answers["startViewTransition"]:
                checks.record(False, f"{browser.label}: document.startViewTransition", "missing")
                continue
            if not args.probes:
                step_documents(browser, harness, checks, cases)
                print(f"{browser.label}: largest deviations over every document, path and sample: "
                      f"group corners {WORST['corner']:.3f} px, content boxes {WORST['content']:.3f} px, "
                      f"image opacity {WORST['opacity']:.4f}", flush=True)
            if not args.only and not args.probes:
                step_negative(browser, harness, checks)
                step_end_to_end(browser, harness, checks)
                step_cross_document(browser, harness, checks, answers)
                step_preview(browser, harness, checks)
            if not args.only:
                run_probes(browser, harness, checks)
                if browser.xvfb is not None and name != "webkit":
                    # Windowed as headless: nothing it sends leaves the machine.
                    check_dead_proxy(checks, browser, "vt-probes.invalid")
        finally:
            browser.quit()
        if time.monotonic() - started > TIME_LIMIT_S:
            checks.record(False, "time", f"over {TIME_LIMIT_S} s")
            break
    print(f"viewtransition: {checks.passed} passed, {checks.failed} failed "
          f"in {time.monotonic() - started:.1f} s", flush=True)
    sys.exit(1 if checks.failed else 0)


if __name__ == "__main__":
    main()
