#!/usr/bin/env python3
"""Real-browser test of the preview page (GET /) in every engine ENGINES names (Chromium,
Firefox, WebKitGTK; Tests/Browser/engines.py), one browser each, one after another; every check
line starts with the engine and its version.

The page plays plans through the player module (/player.js, web/player.js): it fetches waapi
documents with the module's request() and plays them with its play() controller. This test loads
plans through the page's test hook (window.preview), pauses the controller at sample times and
compares each layer element's on-screen box (getBoundingClientRect minus the stage's origin) with
the box of the plan keyframe at that time, computed here from the plain JSON plan: the four
corners of the layer's bounds projected as LayerGeometry.project does (row vector times the
CATransform3D, divided by w, plus the layer's position), within 0.5 px.

It also runs the interaction flow (a recorded pan through the hook, and one drawn with the mouse)
and checks a problem+json error is shown with its pointers. Then the generated editors: every
style GET /v1/styles lists has one fieldset with one control per declared input, and choosing
zoom, expand, cartSheet or hero shows that editor alone, plays the request it builds from the
style's starting scene and draws the style's rects and framed items on the stage; a style added
to GET /v1/styles in the browser (one field of every type) gets its editor with no change to the
page. Then the hero editor: choosing hero
starts from examples/hero-grid-push.json, every option GET /v1/styles lists has its control,
changing preset and direction reaches the request and the stage, the stage shows the elements
as rectangles and dragging one changes its frame in the JSON and replans; the RTL and reduced
motion toggles reach the request (reduced motion plays the alpha-only dissolve); dragging a
rectangle with the mouse while the plan plays (zoom's destination, expand's source, hero's photo
on the to screen), or editing a number of the generated editor (cartSheet's scale), retargets the
plan in flight (chained retarget requests, none from the start) and it ends where the edited
request's own plan ends; and "Reverse now" mid-play swaps to the
reversal plan without any layer box jumping more than 0.5 px.
Requests are read in the page (window.fetch is wrapped once the page has loaded), so the test
runs against the real server as well as through Tests/Browser/dev_proxy.py: when the server
serves a web/preview.html or web/player.js other than the files on disk (a binary built before
their last edit), the page is loaded through dev_proxy.py, which serves the files (a line says
which).

One line per check, then a summary; the exit status is 1 when any check failed. The whole run is
bounded (TIME_LIMIT_S), and so is every wait in it.

Usage: Tests/Browser/preview_test.py --base http://127.0.0.1:PORT --proxy-port N --screenshot PATH
       [--only STEP-NAME-PART]
"""

import argparse
import json
import os
import sys
import time
import urllib.request


TOLERANCE_PX = 0.5
# The whole run, browser start to summary; each wait inside it has its own, shorter bound.
TIME_LIMIT_S = int(os.environ.get("PREVIEW_TEST_TIMEOUT", "240"))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# The plans checked: zoom push (a frame track with spring overshoot), cartSheet present with
# perspective (a 3D-transformed layer: m34 = -1/100 inside matrix3d) and expand pop (layers that
# leave the container).
CASES = [
    ("zoom push", "examples/zoom-push.json", None),
    ("cartSheet present, perspective 100", "examples/cartSheet-present.json",
     {"options": {"tilt": 0.1, "scale": {"x": 0.85, "y": 0.95}, "perspective": 100}}),
    ("expand pop", "examples/expand-pop.json", None),
]
FRACTIONS = [0, 0.25, 0.5, 0.75, 1]


import engines  # noqa: E402 (beside this file)
from browser_checks import (  # noqa: E402
    Checks, box_tolerance, check_console, check_dead_proxy, engine_run)
from dev_proxy import DevProxy  # noqa: E402


# ---- the plan's geometry, as LayerGeometry computes it ---------------------------------------

IDENTITY = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]


def project(frame, anchor, m, qx, qy):
    """Where point (qx, qy) of the layer's bounds lands: r = [q - anchor * size, 0, 1] * M,
    screen = (r.x / r.w, r.y / r.w) + position, position = origin + anchor * size."""
    w, h = frame["width"], frame["height"]
    ax, ay = anchor["x"], anchor["y"]
    v = (qx - ax * w, qy - ay * h, 0.0, 1.0)
    r = [sum(v[i] * m[4 * i + j] for i in range(4)) for j in range(4)]
    px, py = frame["x"] + ax * w, frame["y"] + ay * h
    return r[0] / r[3] + px, r[1] / r[3] + py


def keyframe_box(layer, keyframe):
    """The bounding box (left, top, right, bottom) of the keyframe's four projected corners."""
    frame = keyframe["frame"]
    m = keyframe.get("transform", IDENTITY)
    w, h = frame["width"], frame["height"]
    corners = [project(frame, layer["anchor"], m, x, y) for x, y in ((0, 0), (w, 0), (w, h), (0, h))]
    xs = [c[0] for c in corners]
    ys = [c[1] for c in corners]
    return min(xs), min(ys), max(xs), max(ys)


def sample_indices(count):
    """Keyframe indices at 0, 25, 50, 75 and 100 % of the plan, each rounded to a sample."""
    return sorted({round(f * (count - 1)) for f in FRACTIONS})


# ---- the server, from loopback ------------------------------------------------------------------

def post_json(base, path, body, accept="application/json"):
    request = urllib.request.Request(
        base + path, data=json.dumps(body).encode(), method="POST",
        headers={"Content-Type": "application/json", "Accept": accept})
    # A proxy set in the environment must not see loopback traffic.
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    with opener.open(request, timeout=30) as response:
        return json.loads(response.read())


def get_json(base, path):
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    with opener.open(urllib.request.Request(base + path, headers={"Accept": "application/json"}),
                     timeout=30) as response:
        return json.loads(response.read())


def load_example(path, override):
    with open(os.path.join(ROOT, path), encoding="utf-8") as f:
        request = json.load(f)
    if override:
        request.update(override)
    return request


# ---- the browser --------------------------------------------------------------------------------

def dispatch(driver, kind, x, y, touch=False):
    """One step of a drag as trusted input (WebDriver actions): mousePressed, mouseMoved,
    mouseReleased at viewport point (x, y); the button stays pressed between the calls, so
    scripts may run between the moves."""
    pointer = "touch" if touch else "mouse"
    if kind == "mousePressed":
        driver.pointer([("down", x, y)], pointer, release=False)
    elif kind == "mouseMoved":
        driver.pointer([("move", x, y)], pointer, release=False)
    else:
        driver.pointer([("move", x, y), ("up",)], pointer)


def call_hook(driver, expression):
    """Runs `expression` (a promise) in the page; returns {"ok": value} or {"problem": ...}."""
    return driver.run_async(
        "const done = arguments[arguments.length - 1];"
        f"Promise.resolve().then(() => {expression}).then((v) => done({{ok: v}}), "
        "(p) => done({problem: p instanceof Error ? {error: String(p), stack: p.stack} : p}));")


# Pause every layer at `ms`, let a frame render, then measure the stage and every layer element.
MEASURE = """
const [ms, ids, done] = arguments;
preview.seek(ms);
requestAnimationFrame(() => requestAnimationFrame(() => {
  const origin = preview.container().getBoundingClientRect();
  const boxes = {};
  for (const id of ids) {
    const r = preview.layerElement(id).getBoundingClientRect();
    boxes[id] = [r.left - origin.left, r.top - origin.top, r.right - origin.left, r.bottom - origin.top];
  }
  done({origin: [origin.left, origin.top, origin.width, origin.height], boxes, time: preview.state.time});
}));
"""


def near(point, expected):
    """A point the page read from trusted pointer input: WebDriver actions place the pointer on
    whole viewport pixels, so a stage point is within half a pixel of the one asked for."""
    return isinstance(point, dict) and all(abs(point.get(k, 1e9) - v) <= 0.5 for k, v in expected.items())


def element_text(driver, element_id):
    """The element's rendered text (innerText), as WebDriver's element text."""
    return driver.run("return document.getElementById(arguments[0]).innerText.trim();", element_id)


def check_layers_at(checks, driver, name, plan, index, scale_ms):
    """Pauses at keyframe `index` of `plan` and compares every layer's box; one check line."""
    t = plan["layers"][0]["keyframes"][index]["t"]
    ids = [layer["id"] for layer in plan["layers"]]
    measured = driver.run_async(MEASURE, t * scale_ms, ids)
    worst = 0.0
    problems = []
    notes = set()
    for layer in plan["layers"]:
        keyframe = layer["keyframes"][index]
        expected = keyframe_box(layer, keyframe)
        got = measured["boxes"][layer["id"]]
        error = max(abs(a - b) for a, b in zip(expected, got))
        worst = max(worst, error)
        tolerance, note = box_tolerance(driver.name, layer)
        if note and error > TOLERANCE_PX:
            notes.add(f"{layer['id']} {error:.4f} px ({note})")
        if error > tolerance:
            problems.append(f"{layer['id']} expected {fmt(expected)} got {fmt(got)}")
    detail = f"t={t:.6g} s, {len(ids)} layers, max error {worst:.4f} px"
    if notes:
        detail += "; deviation " + "; ".join(sorted(notes))
    if problems:
        detail += "; " + "; ".join(problems)
    return checks.record(not problems, f"{name} at sample {index}", detail)


def fmt(box):
    return "(" + ", ".join(f"{v:.3f}" for v in box) + ")"


def check_plan(checks, driver, base, name, request):
    plan = post_json(base, "/v1/plans", request)
    result = call_hook(driver, f"preview.loadPlan({json.dumps(request)})")
    if not checks.record("ok" in result, f"{name}: loaded through the page",
                         json.dumps(result.get("problem"))[:300] if "problem" in result else ""):
        return
    doc = result["ok"]
    ids = [layer["id"] for layer in plan["layers"]]
    checks.record(
        doc.get("format") == "waapi" and [l["id"] for l in doc["layers"]] == ids
        and doc["duration"] == plan["duration"] * 1000,
        f"{name}: waapi document matches the plan",
        f"layers {ids}, duration {doc.get('duration')} ms")
    sizes = driver.run(
        "const r = preview.container().getBoundingClientRect(); return [r.width, r.height];")
    checks.record(sizes == [plan["container"]["width"], plan["container"]["height"]],
                  f"{name}: stage is the container at scale 1", f"{sizes}")
    count = len(plan["layers"][0]["keyframes"])
    for index in sample_indices(count):
        check_layers_at(checks, driver, name, plan, index, 1000)


def check_problem(checks, driver):
    bad = {"style": "zoom", "operation": "push", "container": {"width": -1, "height": 844},
           "source": {"x": 0, "y": 0, "width": 10, "height": 10}, "frameRate": 0}
    result = call_hook(driver, f"preview.loadPlan({json.dumps(bad)})")
    problem = result.get("problem") or {}
    pointers = sorted(e.get("pointer") for e in problem.get("errors", []))
    text = element_text(driver, "problem")
    shown = all(p in text for p in pointers) and "Invalid request" in text
    invalid = driver.run(
        "return [...document.querySelectorAll('.invalid')].map((e) => e.id).sort();")
    checks.record(problem.get("status") == 422 and "/container/width" in pointers
                  and "/destination" in pointers and shown and "cw" in invalid,
                  "422 problem shown with its pointers",
                  f"pointers {pointers}, inputs marked {invalid}")
    # The JSON box is sent byte for byte: a syntax error comes back as a 400 with its offset.
    text = driver.run_async("""
      const done = arguments[0];
      const before = preview.state.requests;
      document.getElementById("json").value = '{"style": "zoom",, }';
      document.getElementById("sendJson").click();
      (function wait() {
        if (preview.state.requests > before && preview.state.loading === 0)
          done(document.getElementById("problem").innerText);
        else setTimeout(wait, 20);
      })();""")
    checks.record("400 Malformed JSON" in text and "offset 17" in text,
                  "400 for JSON sent as is shown with its byte offset", text.replace("\n", " | "))


def check_interaction(checks, driver, base):
    body = load_example("examples/interaction-fast-flick.json", None)
    expected = post_json(base, "/v1/interactions", body)
    result = call_hook(driver, f"preview.runInteraction({json.dumps(body)})")
    if not checks.record("ok" in result, "interaction (fast flick, projected): run through the page",
                         json.dumps(result.get("problem"))[:300] if "problem" in result else ""):
        return
    doc = result["ok"]
    shown = element_text(driver, "decisionText")
    reason = element_text(driver, "reason")
    checks.record(
        doc["interaction"]["decision"] == expected["decision"]
        and shown == "decision: " + expected["decision"]
        and expected["reason"]["policy"] in reason,
        "interaction decision shown in the page",
        f"server says {expected['decision']}, page shows '{shown}'")
    # The replay: the timeline's keyframes, paused at the release and at the end.
    keyframes = expected["layers"][0]["keyframes"]
    release = doc["interaction"]["releaseTime"]
    release_index = min(range(len(keyframes)), key=lambda i: abs(keyframes[i]["t"] * 1000 - release))
    for index in sorted({0, release_index, len(keyframes) - 1}):
        check_layers_at(checks, driver, "interaction replay", expected, index, 1000)


def check_playback(checks, driver):
    """Slowed playback runs at its rate, and the scrubber moves every layer's animation."""
    request = load_example("examples/zoom-push.json", None)
    call_hook(driver, f"preview.loadPlan({json.dumps(request)})")
    # The page's own clock: animation time advanced over wall time advanced, while playing.
    rate = driver.run_async("""
      const done = arguments[0];
      preview.seek(0);
      preview.play(0.25);
      requestAnimationFrame(() => {
        const t0 = preview.state.time, w0 = performance.now();
        setTimeout(() => requestAnimationFrame(() => {
          const s = preview.state;
          done({ratio: (s.time - t0) / (performance.now() - w0), playing: s.playing, rate: s.rate});
          preview.pause();
        }), 400);
      });""")
    checks.record(rate["playing"] and rate["rate"] == 0.25 and 0.15 <= rate["ratio"] <= 0.35,
                  "play at 0.25x advances a quarter as fast as the clock", f"ratio {rate['ratio']:.3f}")
    times = driver.run("""
      const scrub = document.getElementById("scrub");
      scrub.value = "370";
      scrub.dispatchEvent(new Event("input"));
      return document.getAnimations().map((a) => a.currentTime);""")
    checks.record(len(times) == 3 and all(abs(t - 370) < 1e-6 for t in times),
                  "the scrubber sets every layer's currentTime", f"{times}")


def check_play_to_end(checks, driver, base):
    """Played to its end, the plan stays on the stage at its last frame (every layer, even those
    the finish actions remove), Play there starts it from the beginning, and the scrubber still
    moves it."""
    request = load_example("examples/zoom-push.json", None)  # its finish removes `snapshot`
    plan = post_json(base, "/v1/plans", request)
    call_hook(driver, f"preview.loadPlan({json.dumps(request)})")
    result = driver.run_async("""
      const done = arguments[0];
      document.getElementById('play1').click();
      const started = Date.now();
      (function wait() {
        const s = preview.state;
        if (Date.now() - started > 5000) return done({error: 'did not end', state: s});
        if (!(s.playState === 'paused' && s.time === s.duration)) return setTimeout(wait, 20);
        requestAnimationFrame(() => requestAnimationFrame(() => {
          const end = window.__boxes(preview.controller());
          // Play at the end starts from the beginning again.
          document.getElementById('play1').click();
          requestAnimationFrame(() => requestAnimationFrame(() => {
            const again = preview.state;
            document.getElementById('pause').click();
            const scrub = document.getElementById('scrub');
            scrub.value = String(s.duration / 2);
            scrub.dispatchEvent(new Event('input'));
            done({end, half: preview.state.time, again});
          }));
        }));
      })();""")
    if "error" in result:
        checks.record(False, "played to the end: the last frame stays", json.dumps(result)[:300])
        return
    worst = 0.0
    for layer in plan["layers"]:
        got = result["end"].get(layer["id"])
        expected = keyframe_box(layer, layer["keyframes"][-1])
        worst = max(worst, float("inf") if got is None else max(abs(a - b) for a, b in zip(expected, got["box"])))
    again = result["again"]
    checks.record(worst <= TOLERANCE_PX and abs(result["half"] - plan["duration"] * 500) < 1e-6
                  and again["playing"] and again["time"] < plan["duration"] * 1000 * 0.5,
                  "played to the end: the last frame stays, Play starts it again, the scrubber moves it",
                  f"{len(result['end'])} layers at the end, max error {worst:.4f} px; scrubbed to "
                  f"{result['half']} ms; playing again at {again['time']:.1f} ms")


def check_drag(checks, driver):
    """Dragging the source rectangle in drag mode edits the frame and fetches a new plan."""
    request = load_example("examples/zoom-push.json", None)
    call_hook(driver, f"preview.loadPlan({json.dumps(request)})")
    set_mode(driver, "drag")
    before = driver.run("return preview.state.requests;")
    left, top = driver.run(
        "const r = preview.container().getBoundingClientRect(); return [r.left, r.top];")
    src = request["source"]
    x, y = left + src["x"] + 20, top + src["y"] + 20

    def mouse(kind, x, y, buttons):
        dispatch(driver, kind, x, y)

    mouse("mousePressed", x, y, 1)
    for step in range(1, 6):
        mouse("mouseMoved", x + 6 * step, y + 10 * step, 1)
    mouse("mouseReleased", x + 30, y + 50, 0)
    # The edit is debounced, then fetched: wait for the new plan to be on the stage.
    result = driver.run_async("""
      const [before, done] = arguments;
      const started = Date.now();
      (function wait() {
        const s = preview.state;
        const el = preview.layerElement("snapshot");
        if ((s.requests > before && s.loading === 0 && el) || Date.now() - started > 10000) {
          const a = el.getAnimations()[0];
          a.currentTime = 0;
          const origin = preview.container().getBoundingClientRect(), r = el.getBoundingClientRect();
          done({form: preview.formRequest().source, box: [r.left - origin.left, r.top - origin.top]});
        } else setTimeout(wait, 20);
      })();""", before)
    set_mode(driver, "view")
    moved = {"x": src["x"] + 30, "y": src["y"] + 50, "width": src["width"], "height": src["height"]}
    checks.record(result["form"] == moved and result["box"] == [moved["x"], moved["y"]],
                  "dragging the source moves it and replans",
                  f"source {result['form']}, snapshot starts at {result['box']}")


def set_mode(driver, mode):
    """Clicks a stage-mode radio button in the page (a WebDriver click would be placed in the
    window's coordinates, which the viewport emulation does not change)."""
    driver.run(f"document.querySelector('input[name=mode][value={mode}]').click();")


def check_drawn_gesture(checks, driver):
    """A pan drawn with the mouse in gesture mode: pointer events become samples, the page
    posts them and shows the decision."""
    before = driver.run("return preview.state.requests;")
    call_hook(driver, "preview.loadPlan(" + json.dumps(load_example("examples/zoom-pop.json", None)) + ")")
    set_mode(driver, "gesture")
    # Mouse events through the DevTools protocol, in the emulated viewport's coordinates
    # (WebDriver actions check bounds against the window, which the emulation does not resize).
    left, top = driver.run(
        "const r = preview.container().getBoundingClientRect(); return [r.left, r.top];")
    x, y = left + 40, top + 400

    def mouse(kind, x, y, buttons):
        dispatch(driver, kind, x, y)

    mouse("mousePressed", x, y, 1)
    for step in range(1, 13):
        time.sleep(0.016)
        mouse("mouseMoved", x + 25 * step, y + step, 1)
    mouse("mouseReleased", x + 300, y + 12, 0)
    state = driver.run_async("""
      const done = arguments[0];
      const started = Date.now();
      (function wait() {
        const s = preview.state;
        if ((s.kind === "interaction" && s.loading === 0) || Date.now() - started > 10000) done(s);
        else setTimeout(wait, 20);
      })();""")
    shown = element_text(driver, "decisionText") if state["kind"] == "interaction" else ""
    samples = driver.run(
        "return JSON.parse(document.getElementById('json').value).gesture.samples;") \
        if state["kind"] == "interaction" else []
    states = [s["state"] for s in samples]
    ok = (state["kind"] == "interaction" and state["decision"] in ("finish", "cancel")
          and shown == "decision: " + state["decision"] and states[:1] == ["began"]
          and states[-1:] == ["ended"] and state["requests"] > before)
    checks.record(ok, "pan drawn with the mouse: interaction run and decision shown",
                  f"{len(samples)} samples, x {samples[-1]['x'] if samples else None} px, '{shown}'")
    set_mode(driver, "view")


def draw(driver, start, steps, end, hold=0.016, touch=False):
    """A mouse (or one finger's) drag on the stage through the DevTools protocol: press at
    `start` (stage points), move through `steps`, release at `end`; returns the page's state
    once the interaction it produced has arrived."""
    left, top = driver.run(
        "const r = preview.container().getBoundingClientRect(); return [r.left, r.top];")

    def mouse(kind, point, buttons):
        dispatch(driver, kind, left + point[0], top + point[1], touch)

    before = driver.run("return preview.state.requests;")
    mouse("mousePressed", start, 1)
    for point in steps:
        time.sleep(hold)
        mouse("mouseMoved", point, 1)
    mouse("mouseReleased", end, 0)
    return driver.run_async("""
      const [before, done] = arguments;
      const started = Date.now();
      (function wait() {
        const s = preview.state;
        if ((s.kind === "interaction" && s.loading === 0 && s.requests > before)
            || Date.now() - started > 10000) done(s);
        else setTimeout(wait, 20);
      })();""", before)


def choose_kind(driver, kind, pattern=None):
    driver.run("""
      const [kind, pattern] = arguments;
      const select = document.getElementById('gestureKind');
      select.value = kind;
      select.dispatchEvent(new Event('change'));
      if (pattern) document.getElementById('backPattern').value = pattern;""", kind, pattern)


def check_drawn_back_and_drag(checks, driver):
    """A predictive back swipe and a drag to dismiss drawn with the mouse (docs/GESTURES.md):
    the page builds the kind's samples from the pointer, posts them over the pop (the form is
    on a push), shows the decision and plays the answer."""
    call_hook(driver, "preview.loadPlan(" + json.dumps(load_example("examples/zoom-push.json", None)) + ")")
    set_mode(driver, "gesture")
    choose_kind(driver, "back", "crossActivity")
    hint = element_text(driver, "gestureHint")
    # From the left edge, 300 pt across: invoked.
    state = draw(driver, (6, 420), [(6 + 25 * i, 420 + 3 * i) for i in range(1, 13)], (306, 456))
    request = state.get("request") or {}
    gesture = request.get("gesture") or {}
    samples = gesture.get("samples") or []
    states = [s.get("state") for s in samples]
    shown = element_text(driver, "decision") if state["kind"] == "interaction" else ""
    ok = (state["kind"] == "interaction" and gesture.get("kind") == "back"
          and request.get("transition", {}).get("operation") == "pop"
          and states[:1] == ["began"] and states[-1:] == ["invoked"]
          and samples[0].get("swipeEdge") == "left" and state["decision"] == "finish"
          and "backScrim" in state["layers"] and "back" in shown and "predictive back" in hint)
    checks.record(ok, "back swipe drawn with the mouse: BackEvents over the pop, committed",
                  f"{len(samples)} samples, last progress "
                  f"{samples[-2].get('progress') if len(samples) > 1 else None}, states "
                  f"{states[:1]}...{states[-1:]}, decision {state['decision']}, layers {state['layers']}")
    # From the right half, out and back toward the edge: cancelled.
    state = draw(driver, (384, 420), [(384 - 30 * i, 420) for i in range(1, 8)]
                 + [(174 + 30 * i, 420) for i in range(1, 6)], (330, 420))
    samples = ((state.get("request") or {}).get("gesture") or {}).get("samples") or []
    checks.record(state["decision"] == "cancel" and samples[-1:] and samples[-1]["state"] == "cancelled"
                  and samples[0].get("swipeEdge") == "right",
                  "back swipe that comes back toward its edge: cancelled",
                  f"decision {state['decision']}, edge {samples[0].get('swipeEdge') if samples else None}")
    # With a finger (touch events): the stage does not scroll away, the swipe commits.
    if not driver.touch:
        print(f"NOTE [{driver.label}] back swipe with a finger not checked: the engine's driver has "
              "no touch input", flush=True)
    else:
        choose_kind(driver, "back", "fullScreen")
        state = draw(driver, (380, 300), [(380 - 22 * i, 300 + 4 * i) for i in range(1, 13)], (100, 352),
                     touch=True)
        gesture = (state.get("request") or {}).get("gesture") or {}
        samples = gesture.get("samples") or []
        checks.record(gesture.get("pattern") == "fullScreen" and state["decision"] == "finish"
                      and samples[-1:] and samples[-1]["state"] == "invoked" and len(samples) > 10,
                      "back swipe drawn with a finger (touch): fullScreen, committed",
                      f"{len(samples)} samples, decision {state['decision']}, "
                      f"states {[s.get('state') for s in samples[:1]]}...{[s.get('state') for s in samples[-1:]]}")

    choose_kind(driver, "dragDismiss")
    call_hook(driver, "preview.loadPlan(" + json.dumps(load_example("examples/zoom-push.json", None)) + ")")
    # The zoom's destination (the snapshot at the pop's start) grabbed at (195, 300), dragged
    # 260 pt down: past the threshold, it springs home.
    state = draw(driver, (195, 300), [(195 + i, 300 + 20 * i) for i in range(1, 14)], (209, 560))
    request = state.get("request") or {}
    gesture = request.get("gesture") or {}
    samples = gesture.get("samples") or []
    controller_ok = driver.run(
        "const c = preview.controller(); return !!c && c.document.interaction.kind === 'dragDismiss';")
    checks.record(state["kind"] == "interaction" and gesture.get("kind") == "dragDismiss"
                  and near(gesture.get("anchor"), {"x": 195, "y": 300}) and state["decision"] == "finish"
                  and samples[-1:] and samples[-1]["state"] == "ended" and controller_ok,
                  "drag to dismiss drawn with the mouse: followed, then springs home",
                  f"{len(samples)} samples, y {samples[-1]['y'] if samples else None}, "
                  f"decision {state['decision']}, anchor {gesture.get('anchor')}")
    # hero: the page names the element the plan shows from both screens under the finger
    # (photo-3, at [204, 338, 170, 170] on the grid), asking no style.
    call_hook(driver, "preview.loadPlan(" + json.dumps(load_example("examples/hero-grid-push.json", None)) + ")")
    state = draw(driver, (290, 420), [(290, 420 + 20 * i) for i in range(1, 14)], (290, 700))
    request = state.get("request") or {}
    gesture = request.get("gesture") or {}
    checks.record(state["kind"] == "interaction" and gesture.get("kind") == "dragDismiss"
                  and gesture.get("element") == "photo-3"
                  and (request.get("transition") or {}).get("operation") == "pop",
                  "drag to dismiss over hero: the shared element under the finger is followed",
                  f"kind {state['kind']}, element {gesture.get('element')}, "
                  f"operation {(request.get('transition') or {}).get('operation')}")
    choose_kind(driver, "pan")
    set_mode(driver, "view")


# ---- hero editor, RTL, reduced motion, "Reverse now" ---------------------------------------------

# Installed once the page has loaded: every request the page makes (the player's reversals too)
# is recorded as {url, method, body}; and the boxes of a controller's layers, relative to the stage.
PAGE_HELPERS = """
if (!window.__sent) {
  window.__sent = [];
  const original = window.fetch.bind(window);
  window.fetch = (input, init) => {
    const url = String(input && input.url ? input.url : input);
    window.__sent.push({url, method: (init && init.method) || "GET",
                        body: init && typeof init.body === "string" ? init.body : null});
    return original(input, init);
  };
}
window.__boxes = (c) => {
  const o = preview.container().getBoundingClientRect();
  const rel = (r) => [r.left - o.left, r.top - o.top, r.right - o.left, r.bottom - o.top];
  const out = {};
  for (const layer of c.document.layers) {
    const el = c.layerElement(layer.id);
    const child = c.contentElement(layer.id);
    out[layer.id] = el ? {box: rel(el.getBoundingClientRect()),
                          opacity: parseFloat(getComputedStyle(el).opacity),
                          content: child && child.nodeType === 1 ? rel(child.getBoundingClientRect()) : null}
                       : null;
  }
  return out;
};
"""


def wait_for(driver, predicate, timeout_ms=10000):
    """Polls `predicate` (a JS expression) in the page every 20 ms until it is truthy, for at most
    `timeout_ms`; returns its value, or None on time-out."""
    result = driver.run_async(f"""
      const done = arguments[arguments.length - 1];
      const started = Date.now();
      (function poll() {{
        let v = null;
        try {{ v = ({predicate}); }} catch (e) {{ v = null; }}
        if (v) done({{ok: v}});
        else if (Date.now() - started > {int(timeout_ms)}) done({{timeout: true}});
        else setTimeout(poll, 20);
      }})();""")
    return result.get("ok")


def sent_plans(driver, since=0):
    """The plan requests the page posted since index `since` of the record, parsed."""
    entries = driver.run("return window.__sent.slice(arguments[0]);", since)
    out = []
    for e in entries:
        if e["method"] == "POST" and "/v1/plans" in e["url"] and e["body"]:
            try:
                out.append(json.loads(e["body"]))
            except ValueError:
                pass
    return out


def sent_count(driver):
    return driver.run("return window.__sent.length;")


def choose(driver, pointer_or_id, value, by_pointer=True):
    """Sets a select of the page and fires its change event, as a user's choice does."""
    selector = f'[data-pointer="{pointer_or_id}"]' if by_pointer else f"#{pointer_or_id}"
    driver.run(
        "const el = document.querySelector(arguments[0]); el.value = arguments[1];"
        "el.dispatchEvent(new Event('change'));", selector, value)


def click(driver, selector):
    driver.run("document.querySelector(arguments[0]).click();", selector)


def wait_replanned(driver, before, condition="true", timeout_ms=10000):
    """Waits for the page to have made a request since `before` (requests counter), to be idle and
    for `condition` (JS, may use s = preview.state and r = its request) to hold; returns the state."""
    return wait_for(driver, f"""(() => {{
        const s = preview.state, r = s.request || {{}};
        return s.requests > {before} && s.loading === 0 && s.kind === "plan" && ({condition}) ? s : null;
      }})()""", timeout_ms)


def mouse_drag(driver, x, y, dx, dy, steps=5):
    def mouse(kind, x, y, buttons):
        dispatch(driver, kind, x, y)
    mouse("mousePressed", x, y, 1)
    for step in range(1, steps + 1):
        mouse("mouseMoved", x + dx * step / steps, y + dy * step / steps, 1)
    mouse("mouseReleased", x + dx, y + dy, 0)


def option_controls(fields, base):
    """(pointer, field) for every field under `base`, objects and options included."""
    out = []
    for f in fields:
        pointer = base + "/" + f["name"]
        out.append((pointer, f))
        if f["type"] in ("object", "option"):
            out += option_controls(f.get("members", []), pointer)
    return out


# ---- the generated editors: one per style of GET /v1/styles -------------------------------------

# What the page shows of each style's editor: every element with a data-field (the field's JSON
# pointer), its kind, and for a rect group its four numbers' pointers.
EDITORS = """
return [...document.querySelectorAll('#editors fieldset[data-style]')].map((fs) => ({
  style: fs.dataset.style, hidden: fs.classList.contains('hidden'),
  controls: [...fs.querySelectorAll('[data-field]')].map((el) => ({
    field: el.dataset.field, tag: el.localName, type: el.localName === 'input' ? el.type : null,
    numbers: [...el.querySelectorAll('input[type=number]')].map((i) => i.dataset.pointer)}))}));
"""


def control_problem(pointer, field, control):
    """Why `control` is not the control a field of this type gets, or None."""
    kind, tag, type_ = field["type"], control["tag"], control["type"]
    if kind == "choice" and field["name"] == "layoutDirection":
        ok = type_ == "checkbox"  # the RTL toggle
    elif kind == "choice":
        ok = tag == "select"
    elif kind == "number":
        ok = type_ == "number"
    elif kind in ("boolean", "option"):
        ok = type_ == "checkbox"
    elif kind == "rect":
        ok = tag == "div" and control["numbers"] == [pointer + "/" + k for k in ("x", "y", "width", "height")]
    elif kind == "object":
        ok = tag == "div"
    elif kind == "list":
        ok = tag == "textarea"
    else:
        ok = type_ == "text"
    return None if ok else f"{pointer} ({kind}) is a {tag} {type_ or ''}".rstrip()


def check_editor_controls(checks, driver, style, shown):
    """One check: the editor of `style` (a GET /v1/styles entry) has one control per declared
    field of its inputs (objects' and options' members too; a list's items are its JSON text)."""
    declared = [(p, f) for p, f in option_controls(style.get("fields", []), "") if p != "/container"]
    editor = next((e for e in shown if e["style"] == style["name"]), None)
    if editor is None:
        return checks.record(False, f"{style['name']}: a generated editor", "no fieldset")
    fields = [c["field"] for c in editor["controls"]]
    by_field = {c["field"]: c for c in editor["controls"]}
    problems = [p for p in (control_problem(p, f, by_field[p]) for p, f in declared if p in by_field) if p]
    problems += [f"{p} has no control" for p, _ in declared if p not in by_field]
    extra = sorted(set(fields) - {p for p, _ in declared})
    twice = sorted({f for f in fields if fields.count(f) > 1})
    problems += [f"{f}: a control of no declared field" for f in extra]
    problems += [f"{f}: more than one control" for f in twice]
    return checks.record(not problems and len(fields) == len(declared),
                         f"{style['name']}: the generated editor has one control per declared input",
                         f"{len(declared)} fields, {len(fields)} controls "
                         f"({', '.join(sorted({c['tag'] + (':' + c['type'] if c['type'] else '') for c in editor['controls']}))})"
                         + ("; " + "; ".join(problems) if problems else ""))


# The stage's rectangles in drag mode: kind, pointer, label and box relative to the stage.
HANDLES = """
const o = preview.container().getBoundingClientRect();
return [...document.querySelectorAll('#overlay .handle')].map((h) => {
  const r = h.getBoundingClientRect();
  return {kind: h.classList.contains('rect') ? 'rect' : 'element', pointer: h.dataset.pointer,
          name: h.dataset.name || null, visible: getComputedStyle(h).display !== 'none',
          box: [r.left - o.left, r.top - o.top, r.width, r.height]};
});
"""


def check_generated_editors(checks, driver, base):
    """Every style GET /v1/styles lists has a generated editor with one control per declared input;
    choosing each of zoom, expand, cartSheet and hero shows its editor alone, sends the request
    built from its starting scene (every required input there, nothing the style does not read),
    plays that plan and draws the style's rects (and framed items) on the stage at their values."""
    styles = get_json(base, "/v1/styles")["styles"]
    shown = driver.run(EDITORS)
    checks.record(sorted(e["style"] for e in shown) == sorted(s["name"] for s in styles),
                  "a generated editor for every style of GET /v1/styles, and no other",
                  f"styles {[s['name'] for s in styles]}, editors {[e['style'] for e in shown]}")
    for style in styles:
        check_editor_controls(checks, driver, style, shown)
    common = {"style", "operation", "container", "reduceMotion", "timing", "frameRate"}
    for name in ("zoom", "expand", "cartSheet", "hero"):
        style = next((s for s in styles if s["name"] == name), None)
        if style is None:
            checks.record(False, f"{name}: listed by GET /v1/styles")
            continue
        set_mode(driver, "view")
        mark = sent_count(driver)
        before = driver.run("return preview.state.requests;")
        choose(driver, "style", name, by_pointer=False)
        state = wait_replanned(driver, before, f"s.style === {json.dumps(name)} && r.style === {json.dumps(name)}")
        form = driver.run("return preview.formRequest();")
        sent = sent_plans(driver, mark)
        visible = [e["style"] for e in driver.run(EDITORS) if not e["hidden"]]
        inputs = {f["name"] for f in style.get("fields", [])}
        required = {f["name"] for f in style.get("fields", []) if f.get("required")}
        plan = post_json(base, "/v1/plans", form)
        ok = (state is not None and visible == [name] and sent and sent[-1] == form
              and set(form) <= common | inputs and required <= set(form)
              and state["layers"] == [layer["id"] for layer in plan["layers"]]
              and state["duration"] == plan["duration"] * 1000)
        checks.record(ok, f"{name}: chosen, its editor alone is shown and the request it builds plays",
                      f"editor shown {visible}, request members {sorted(form)}, "
                      f"{len(state['layers']) if state else None} layers, "
                      f"{state['duration'] if state else None} ms")
        if state is not None:
            check_layers_at(checks, driver, f"{name} from the generated editor", plan,
                            len(plan["layers"][0]["keyframes"]) // 2, 1000)
        # Its rects (the four numbers' values) and framed items on the stage, to drag.
        set_mode(driver, "drag")
        handles = driver.run(HANDLES)
        set_mode(driver, "view")
        want = [("rect", "/" + f["name"], [form[f["name"]][k] for k in ("x", "y", "width", "height")])
                for f in style.get("fields", []) if f["type"] == "rect" and f["name"] in form]
        for f in style.get("fields", []):
            for pointer, sub in option_controls(f.get("members", []), "/" + f["name"]):
                if sub["type"] == "list" and any(m["name"] == "frame" and m["type"] == "rect"
                                                 for m in sub.get("members", [])):
                    items = form
                    for part in pointer.strip("/").split("/"):
                        items = (items or {}).get(part)
                    for index, item in enumerate(items or []):
                        fr = item["frame"]
                        want.append(("element", f"{pointer}/{index}", [fr["x"], fr["y"], fr["width"], fr["height"]]))
        got = [(h["kind"], h["pointer"], h["box"]) for h in handles if h["visible"]]
        checks.record(sorted(got) == sorted(want),
                      f"{name}: the stage draws its rects and framed items at their values",
                      f"{len(got)} rectangles: {', '.join(sorted(p for _, p, _ in got)) or 'none'}")


# A style the page has never heard of, added to GET /v1/styles in the browser before the page
# loads: one field of every type.
PROBE_STYLE = {
    "name": "probe", "summary": "not a style of the service: the page must build its editor anyway",
    "inputs": ["container", "target", "strength", "mode", "mirrored", "trail", "look", "items", "tag"],
    "operations": [{"name": "push"}, {"name": "pop"}],
    "fields": [
        {"name": "target", "type": "rect", "required": True},
        {"name": "strength", "type": "number", "minimum": 0, "maximum": 2, "default": 1, "required": False},
        {"name": "mode", "type": "choice", "values": ["soft", "hard"], "default": "soft", "required": False},
        {"name": "mirrored", "type": "boolean", "default": False, "required": False},
        {"name": "trail", "type": "option", "required": False,
         "members": [{"name": "length", "type": "number", "minimum": 0, "maximum": 1, "required": False}]},
        {"name": "look", "type": "object", "required": False,
         "members": [{"name": "tint", "type": "choice", "values": ["none", "warm"], "required": False}]},
        {"name": "items", "type": "list", "required": False, "members": [
            {"name": "id", "type": "identifier", "required": True},
            {"name": "frame", "type": "rect", "required": True}]},
        {"name": "tag", "type": "identifier", "maximumBytes": 16, "required": False},
    ],
}

PROBE_SCRIPT = """
(() => {
  const original = window.fetch.bind(window);
  window.fetch = async (input, init) => {
    const response = await original(input, init);
    if (String(input) !== '/v1/styles') return response;
    const doc = await response.json();
    doc.styles.push(%s);
    return new Response(JSON.stringify(doc), {status: 200, headers: {'Content-Type': 'application/json'}});
  };
})();
"""


def check_new_style(checks, driver, url):
    """A style added to GET /v1/styles (in the browser, before the page loads) gets its editor with
    no change to the page: one control per field, a starting request with its required rect inside
    the container, that rect on the stage, and the request it builds sent (the service answers 422
    /style, shown). The page is loaded again without the addition afterwards."""
    added = driver.add_init_script(PROBE_SCRIPT % json.dumps(PROBE_STYLE))
    if added is None:
        print(f"NOTE [{driver.label}] a style new to the page not checked: the engine's driver cannot "
              "run a script before the page's own", flush=True)
        return
    try:
        driver.open(url + "/")
        call_hook(driver, "preview.started")
        driver.run(PAGE_HELPERS)
        check_editor_controls(checks, driver, PROBE_STYLE, driver.run(EDITORS))
        before = driver.run("return preview.state.requests;")
        mark = sent_count(driver)
        choose(driver, "style", "probe", by_pointer=False)
        state = wait_for(driver, f"(() => {{ const s = preview.state; return s.requests > {before} "
                                 "&& s.loading === 0 && s.error ? s : null; })()")
        sent = sent_plans(driver, mark)
        last = sent[-1] if sent else {}
        target = last.get("target") or {}
        inside = all(k in target for k in ("x", "y", "width", "height")) \
            and target["x"] >= 0 and target["y"] >= 0 and target["width"] > 0 and target["height"] > 0 \
            and target["x"] + target["width"] <= 390 and target["y"] + target["height"] <= 844
        set_mode(driver, "drag")
        handles = [h for h in driver.run(HANDLES) if h["visible"]]
        set_mode(driver, "view")
        pointers = [e.get("pointer") for e in ((state or {}).get("error") or {}).get("errors", [])]
        checks.record(state is not None and last.get("style") == "probe" and last.get("operation") == "push"
                      and set(last) == {"style", "operation", "container", "target", "frameRate"}
                      and inside and [(h["pointer"], h["box"]) for h in handles]
                      == [("/target", [target["x"], target["y"], target["width"], target["height"]])]
                      and pointers == ["/style"],
                      "a style new to the page: its editor, a starting request with its rect, the rect on the stage",
                      f"sent {json.dumps(last)[:200]}, rectangles {[h['pointer'] for h in handles]}, "
                      f"the service's pointers {pointers}")
    finally:
        driver.remove_init_script(added)
        driver.open(url + "/")
        call_hook(driver, "preview.started")
        driver.run(PAGE_HELPERS)


def check_hero_editor(checks, driver, base):
    """Choosing hero: the editor (screens as JSON, options from GET /v1/styles) starts from
    examples/hero-grid-push.json; preset and direction reach the request and the stage; the stage
    shows the elements; dragging one changes its frame in the JSON and replans."""
    example = load_example("examples/hero-grid-push.json", None)
    styles = get_json(base, "/v1/styles")
    hero = next(s for s in styles["styles"] if s["name"] == "hero")
    options_field = next(f for f in hero["fields"] if f["name"] == "options")
    set_mode(driver, "view")
    before = driver.run("return preview.state.requests;")
    choose(driver, "style", "hero", by_pointer=False)
    state = wait_replanned(driver, before, "s.style === 'hero'")
    form = driver.run("return preview.formRequest();")
    texts = driver.run(
        "return ['from', 'to'].map((s) => JSON.parse(document.querySelector("
        "`textarea[data-pointer=\"/screens/${s}/elements\"]`).value));")
    checks.record(
        state is not None and form.get("style") == "hero" and form.get("operation") == "push"
        and form.get("screens") == example["screens"] and form.get("options") == example["options"]
        and form.get("container") == example["container"]
        and texts == [example["screens"]["from"]["elements"], example["screens"]["to"]["elements"]],
        "hero: choosing it starts from examples/hero-grid-push.json, a JSON box per screen",
        f"{len(texts[0]) if texts else 0} from and {len(texts[1]) if len(texts) > 1 else 0} to elements, "
        f"options {form.get('options')}, layers {len(state['layers']) if state else None}")

    # Every option of GET /v1/styles has a control of its kind, with the listed values and ranges.
    controls = driver.run("""
      return [...document.querySelectorAll('#editors [data-pointer^="/options"]')].map((el) => ({
        pointer: el.dataset.pointer, tag: el.localName, type: el.type || null,
        values: el.localName === 'select' ? [...el.options].map((o) => o.value) : null,
        first: el.localName === 'select' ? el.options[0].text : null,
        min: el.min || null, max: el.max || null, placeholder: el.placeholder || null}));""")
    by_pointer = {c["pointer"]: c for c in controls}
    problems = []
    wanted = option_controls(options_field["members"], "/options")
    for pointer, f in wanted:
        c = by_pointer.get(pointer)
        if f["type"] == "object":
            continue  # a group: its members have the controls
        if c is None:
            problems.append(f"{pointer} has no control")
        elif f["type"] == "choice" and f["name"] == "layoutDirection":
            if c["type"] != "checkbox":
                problems.append(f"{pointer} is not the RTL toggle")
        elif f["type"] == "choice":
            if c["values"] != [""] + f["values"] or ("default" in f and f["default"] not in c["first"]):
                problems.append(f"{pointer} values {c['values']} (default {c['first']})")
        elif f["type"] == "number":
            low = f.get("minimum", f.get("exclusiveMinimum"))
            high = f.get("maximum", f.get("exclusiveMaximum"))
            if c["type"] != "number" or (low is not None and float(c["min"]) != low) \
                    or (high is not None and float(c["max"]) != high) \
                    or ("default" in f and float(c["placeholder"]) != f["default"]):
                problems.append(f"{pointer} number {c['min']}..{c['max']} default {c['placeholder']}")
        elif f["type"] in ("boolean", "option") and c["type"] != "checkbox":
            problems.append(f"{pointer} is a {c['tag']} {c['type']}, not a checkbox")
    presets = by_pointer.get("/options/preset", {}).get("values") or []
    checks.record(not problems and len(presets) == 13,
                  "hero: every option GET /v1/styles lists has its control (values, ranges, defaults)",
                  f"{len(wanted)} fields, {len(controls)} controls, {len(presets) - 1} presets"
                  + ("; " + "; ".join(problems) if problems else ""))

    # Preset and direction: the request sent carries them, the played plan is the server's.
    mark = sent_count(driver)
    before = driver.run("return preview.state.requests;")
    choose(driver, "/options/preset", "slide")
    choose(driver, "/options/direction", "up")
    state = wait_replanned(driver, before, "(r.options || {}).preset === 'slide' && (r.options || {}).direction === 'up'")
    sent = sent_plans(driver, mark)
    last = sent[-1] if sent else {}
    played = driver.run("return preview.controller().document.request.options;")
    checks.record(state is not None and last.get("options", {}).get("preset") == "slide"
                  and last["options"].get("direction") == "up"
                  and played.get("preset") == "slide" and played.get("direction") == "up",
                  "hero: changing preset and direction sends them and plays that plan",
                  f"{len(sent)} plan requests, last options {last.get('options')}, played {played}")
    if last:
        plan = post_json(base, "/v1/plans", last)
        count = len(plan["layers"][0]["keyframes"])
        for index in sample_indices(count):
            check_layers_at(checks, driver, "hero slide up", plan, index, 1000)

    # The stage shows the elements: one rectangle per element of each screen, at its frame, and
    # the plan's layer of each element on the stage.
    set_mode(driver, "drag")
    shown = driver.run("""
      const o = preview.container().getBoundingClientRect();
      return [...document.querySelectorAll('#overlay .handle.element')].map((h) => {
        const r = h.getBoundingClientRect();
        return {screen: h.dataset.screen, id: h.dataset.element, visible: getComputedStyle(h).display !== 'none',
                box: [r.left - o.left, r.top - o.top, r.width, r.height]};
      });""")
    layers = driver.run(
        "return preview.state.layers.filter((id) => { const el = preview.layerElement(id);"
        " return el && preview.container().contains(el); });")
    problems = []
    for screen in ("from", "to"):
        for e in example["screens"][screen]["elements"]:
            f = e["frame"]
            match = [h for h in shown if h["screen"] == screen and h["id"] == e["id"]]
            if len(match) != 1 or not match[0]["visible"] \
                    or max(abs(a - b) for a, b in zip(match[0]["box"], [f["x"], f["y"], f["width"], f["height"]])) > 0.01:
                problems.append(f"{e['id']}@{screen} rectangle {match}")
            if f"{e['id']}@{screen}" not in layers:
                problems.append(f"no layer {e['id']}@{screen} on the stage")
    checks.record(not problems and len(shown) == 10,
                  "hero: the stage shows every element as a rectangle at its frame, and its layer",
                  f"{len(shown)} rectangles, {len(layers)} layers on the stage" + ("; " + "; ".join(problems) if problems else ""))

    # Dragging photo-0 of the from screen by (+30, +40): its frame in the JSON, the request, the plan.
    left, top = driver.run(
        "const r = preview.container().getBoundingClientRect(); return [r.left, r.top];")
    frame = example["screens"]["from"]["elements"][1]["frame"]  # photo-0
    mark = sent_count(driver)
    before = driver.run("return preview.state.requests;")
    mouse_drag(driver, left + frame["x"] + 60, top + frame["y"] + 60, 30, 40)
    moved = {"x": frame["x"] + 30, "y": frame["y"] + 40, "width": frame["width"], "height": frame["height"]}
    state = wait_replanned(driver, before, f"JSON.stringify(((r.screens || {{}}).from || {{}}).elements[1].frame) === '{json.dumps(moved, separators=(',', ':'))}'")
    result = driver.run_async("""
      const done = arguments[0];
      preview.seek(0);
      requestAnimationFrame(() => requestAnimationFrame(() => {
        const o = preview.container().getBoundingClientRect();
        const el = preview.layerElement('photo-0@from');
        const r = el ? el.getBoundingClientRect() : null;
        const h = document.querySelector('#overlay .handle.element[data-pointer="/screens/from/elements/1"]').getBoundingClientRect();
        done({json: JSON.parse(document.querySelector('textarea[data-pointer="/screens/from/elements"]').value)[1].frame,
              layer: r ? [r.left - o.left, r.top - o.top, r.width, r.height] : null,
              handle: [h.left - o.left, h.top - o.top, h.width, h.height]});
      }));""")
    sent = sent_plans(driver, mark)
    sent_frame = sent[-1]["screens"]["from"]["elements"][1]["frame"] if sent else None
    want = [moved["x"], moved["y"], moved["width"], moved["height"]]
    checks.record(state is not None and result["json"] == moved and sent_frame == moved
                  and result["layer"] is not None
                  and max(abs(a - b) for a, b in zip(result["layer"], want)) <= TOLERANCE_PX
                  and result["handle"] == want,
                  "hero: dragging an element changes its frame in the JSON and replans",
                  f"JSON {result['json']}, sent {sent_frame}, photo-0@from starts at {result['layer']}")
    set_mode(driver, "view")


def check_hero_problems(checks, driver):
    """Problems in the hero editor are pointed at: text that is not JSON is not sent and outlines
    its box; a 422 for an element (an id used twice) outlines its box and its rectangle."""
    box = 'textarea[data-pointer="/screens/to/elements"]'
    original = driver.run("return document.querySelector(arguments[0]).value;", box)
    before = driver.run("return preview.state.requests;")
    local = driver.run_async("""
      const [selector, done] = arguments;
      const box = document.querySelector(selector);
      box.value = '[{"id": "photo-3",';
      box.dispatchEvent(new Event('input'));
      box.dispatchEvent(new Event('change'));
      setTimeout(() => done({text: document.getElementById('problem').innerText,
                             outlined: box.classList.contains('invalid'),
                             requests: preview.state.requests}), 400);""", box)
    checks.record(local["outlined"] and "/screens/to/elements" in local["text"]
                  and local["requests"] == before,
                  "hero: a screen's text that is not JSON is pointed at and not sent",
                  local["text"].replace("\n", " | ")[:200])
    elements = json.loads(original)
    twice = elements + [dict(elements[0], frame={"x": 10, "y": 10, "width": 50, "height": 50})]
    before = driver.run("return preview.state.requests;")
    result = driver.run_async("""
      const [selector, text, before, done] = arguments;
      const box = document.querySelector(selector);
      box.value = text;
      box.dispatchEvent(new Event('input'));
      const started = Date.now();
      (function wait() {
        const s = preview.state;
        if ((s.requests > before && s.loading === 0 && s.error) || Date.now() - started > 10000) {
          const handle = document.querySelector('#overlay .handle[data-pointer="/screens/to/elements/' + (JSON.parse(text).length - 1) + '"]');
          done({error: s.error, outlined: box.classList.contains('invalid'),
                handle: handle ? handle.classList.contains('invalid') : null,
                text: document.getElementById('problem').innerText});
        } else setTimeout(wait, 20);
      })();""", box, json.dumps(twice), before)
    pointers = [e.get("pointer") for e in (result["error"] or {}).get("errors", [])]
    pointer = f"/screens/to/elements/{len(twice) - 1}/id"
    checks.record((result["error"] or {}).get("status") == 422 and pointer in pointers
                  and pointer in result["text"] and result["outlined"] and result["handle"] is True,
                  "hero: a 422 for an element outlines its JSON box and its rectangle",
                  f"pointers {pointers}, box outlined {result['outlined']}, rectangle outlined {result['handle']}")
    before = driver.run("return preview.state.requests;")
    driver.run("const box = document.querySelector(arguments[0]); box.value = arguments[1];"
                          "box.dispatchEvent(new Event('input'));", box, original)
    wait_replanned(driver, before, "!s.error")


def check_rtl(checks, driver, base):
    """The RTL toggle sends layoutDirection rtl: the leading push comes from the left."""
    before = driver.run("return preview.state.requests;")
    choose(driver, "/options/preset", "push")
    choose(driver, "/options/direction", "")
    ltr = wait_replanned(driver, before, "(r.options || {}).preset === 'push' && !(r.options || {}).direction")
    ltr_box = driver.run_async(
        "const done = arguments[0]; preview.seek(0); requestAnimationFrame(() => requestAnimationFrame(() =>"
        " done(window.__boxes(preview.controller()).toView.box)));")
    mark = sent_count(driver)
    before = driver.run("return preview.state.requests;")
    click(driver, '[data-pointer="/options/layoutDirection"]')
    rtl = wait_replanned(driver, before, "(r.options || {}).layoutDirection === 'rtl'")
    sent = sent_plans(driver, mark)
    last = sent[-1] if sent else {}
    rtl_box = driver.run_async(
        "const done = arguments[0]; preview.seek(0); requestAnimationFrame(() => requestAnimationFrame(() =>"
        " done(window.__boxes(preview.controller()).toView.box)));")
    checks.record(ltr is not None and rtl is not None
                  and last.get("options", {}).get("layoutDirection") == "rtl"
                  and abs(ltr_box[0] - 390) <= TOLERANCE_PX and abs(rtl_box[0] + 390) <= TOLERANCE_PX,
                  "RTL toggle: the request carries layoutDirection rtl and the leading push comes from the left",
                  f"sent options {last.get('options')}, toView starts at x {ltr_box[0]:.2f} (ltr), {rtl_box[0]:.2f} (rtl)")
    if last:
        plan = post_json(base, "/v1/plans", last)
        count = len(plan["layers"][0]["keyframes"])
        for index in (0, count // 2):
            check_layers_at(checks, driver, "hero push rtl", plan, index, 1000)
    before = driver.run("return preview.state.requests;")
    click(driver, '[data-pointer="/options/layoutDirection"]')
    wait_replanned(driver, before, "!(r.options || {}).layoutDirection")


def check_reduced_motion(checks, driver, base):
    """The reduced-motion toggle sends reduceMotion: true and the page plays the dissolve: two
    screens, only opacity animated, every box still."""
    mark = sent_count(driver)
    before = driver.run("return preview.state.requests;")
    click(driver, "#reduceMotion")
    state = wait_replanned(driver, before, "r.reduceMotion === true")
    sent = sent_plans(driver, mark)
    last = sent[-1] if sent else {}
    result = driver.run_async("""
      const done = arguments[0];
      const c = preview.controller(), doc = c.document;
      // Which keyframe properties change over the plan, per layer.
      const props = new Set();
      for (const layer of doc.layers) {
        for (const k of layer.keyframes) for (const [name, v] of Object.entries(k)) {
          if (name !== 'offset' && JSON.stringify(v) !== JSON.stringify(layer.keyframes[0][name])) props.add(name);
        }
      }
      preview.seek(0);
      requestAnimationFrame(() => requestAnimationFrame(() => {
        const start = window.__boxes(c);
        preview.seek(doc.duration / 2);
        requestAnimationFrame(() => requestAnimationFrame(() => {
          done({ids: doc.layers.map((l) => l.id), props: [...props], start, half: window.__boxes(c),
                style: doc.style, reduce: doc.request.reduceMotion === true, duration: doc.duration});
        }));
      }));""")
    size = [0, 0, 390, 844]
    still = max(max(abs(a - b) for a, b in zip(m["box"], size))
                for frame in (result["start"], result["half"]) for m in frame.values())
    half = result["half"].get("toView", {}).get("opacity")
    checks.record(state is not None and last.get("reduceMotion") is True and result["reduce"]
                  and result["ids"] == ["fromView", "toView"] and result["props"] == ["opacity"]
                  and still <= TOLERANCE_PX and half is not None and 0.4 < half < 0.6,
                  "reduced-motion toggle: the request carries reduceMotion and the page plays the alpha-only dissolve",
                  f"sent reduceMotion {last.get('reduceMotion')}, {result['style']} layers {result['ids']}, "
                  f"animated {result['props']}, boxes off the container by {still:.4f} px, "
                  f"toView opacity at half {half}, {result['duration']} ms")
    before = driver.run("return preview.state.requests;")
    click(driver, "#reduceMotion")
    back = wait_replanned(driver, before, "!r.reduceMotion && s.layers.length > 2")
    checks.record(back is not None, "reduced-motion toggle off: the style's own motion again",
                  f"{len(back['layers']) if back else None} layers")


# Plays the loaded plan with a Play button, and at `fraction` of its duration (in an animation
# frame, after measuring every layer) clicks "Reverse now"; measures again when the controller
# swaps to the reversal (mounted at its time 0, before it plays), then waits for the outcome.
REVERSE = """
const [button, fraction, done] = arguments;
const c = preview.controller();
const reverse = document.getElementById('reverse');
const out = {disabledPaused: reverse.disabled, mark: window.__sent.length};
const fail = (why) => done(Object.assign(out, {error: why}));
const timer = setTimeout(() => fail('timed out'), 20000);
c.addEventListener('swap', () => {
  out.swap = {boxes: window.__boxes(c), time: c.currentTime, state: c.playState,
              reversal: c.document.reversal || (c.document.request && c.document.request.reversal) || null};
  // The reversal is mounted paused at its time 0 and plays from the next frames on; a loaded
  // machine may take a few frames more, so wait up to 1 s for it to run (the state seen last
  // is what the check reports).
  const swapped = performance.now();
  (function settle() {
    requestAnimationFrame(() => {
      if (c.playState !== 'running' && performance.now() - swapped < 1000) return settle();
      out.afterSwap = {state: c.playState, disabled: reverse.disabled, time: c.currentTime,
                       waited: performance.now() - swapped};
    });
  })();
}, {once: true});
document.getElementById(button).click();
const started = performance.now();
(function frame() {
  if (performance.now() - started > 10000) return fail('never reached the time');
  if (c.playState === 'running' && c.currentTime >= fraction * c.duration) {
    out.before = {boxes: window.__boxes(c), time: c.currentTime, disabled: reverse.disabled};
    reverse.click();
    out.clickedState = c.playState;
    c.finished.then((outcome) => {
      out.outcome = outcome;
      requestAnimationFrame(() => requestAnimationFrame(() => {
        clearTimeout(timer);
        const now = preview.controller();
        out.end = {boxes: window.__boxes(now), time: now.currentTime, duration: now.duration};
        done(out);
      }));
    });
    return;
  }
  requestAnimationFrame(frame);
})();
"""


def box_jump(a, b):
    """The largest difference between two measurements of the same layers (boxes and content)."""
    worst = 0.0
    for layer_id, m in a.items():
        n = b.get(layer_id)
        if m is None or n is None:
            return float("inf")
        worst = max(worst, max(abs(x - y) for x, y in zip(m["box"], n["box"])))
        if m["content"] is not None and n["content"] is not None:
            worst = max(worst, max(abs(x - y) for x, y in zip(m["content"], n["content"])))
    return worst


def check_reverse(checks, driver, base, name, request, button, fraction):
    """"Reverse now" mid-play: the reversal plan for the current time replaces the forward one
    without a jump, plays back and ends where the forward plan started.

    The page plays sampled documents: between two 60 fps samples the browser interpolates
    linearly, while the reversal starts from the exact state at the click's time, so the two
    may differ by the interpolation error there. Early in a plan that is over 0.5 px (hero push's
    toView, 3.2 px in the first frame; zoom push's snapshot 0.64 px); from 40 % (zoom push) and
    45 % (hero grid push) of the plan on it stays under 0.08 and 0.28 px, so clicking at or after
    those fractions keeps the check about the swap, not about sampling, whichever frame the click
    lands in."""
    call_hook(driver, f"preview.loadPlan({json.dumps(request)})")
    result = driver.run_async(REVERSE, button, fraction)
    if not checks.record("error" not in result, f"{name}: Reverse now clicked mid-play and swapped",
                         json.dumps(result)[:300] if "error" in result else
                         f"at {result['before']['time']:.3f} ms, outcome {result.get('outcome')}"):
        return
    before, swap = result["before"], result["swap"]
    jump = box_jump(before["boxes"], swap["boxes"])
    checks.record(jump <= TOLERANCE_PX and swap["time"] == 0,
                  f"{name}: no layer box jumps at the swap",
                  f"{len(before['boxes'])} layers, max jump {jump:.4f} px at {before['time']:.3f} ms")
    sent = sent_plans(driver, result["mark"])
    reversal_requests = [b for b in sent if "reversal" in b]
    at = reversal_requests[-1]["reversal"]["at"] if reversal_requests else None
    played = swap["reversal"] or {}
    after_swap = result.get("afterSwap", {})
    # Within 0.1 ms of the time read just before the click: Firefox rounds its clock to 20 us
    # steps with jitter, so that read and the controller's own a moment later can differ by a
    # step either way (seen: 416.66 ms read, 416.64 ms requested); a frame is 16.7 ms.
    checks.record(at is not None and abs(at * 1000 - before["time"]) <= 0.1
                  and played.get("at") == at
                  and result["disabledPaused"] is True and before["disabled"] is False
                  and after_swap.get("state") == "running" and after_swap.get("disabled") is True
                  and result["outcome"] == "reversed",
                  f"{name}: the played document is the reversal, requested at the click's time",
                  f"reversal.at {at} s (clicked at {before['time']} ms), played {played}, button "
                  f"disabled paused/playing/reversed {result['disabledPaused']}/{before['disabled']}/"
                  f"{after_swap.get('disabled')}, state after the swap {after_swap.get('state')} "
                  f"(seen {after_swap.get('waited', 0):.0f} ms after it), outcome {result['outcome']}")
    # Back at the start: the forward plan's first keyframe.
    plan = post_json(base, "/v1/plans", request)
    worst = 0.0
    for layer in plan["layers"]:
        got = result["end"]["boxes"].get(layer["id"])
        expected = keyframe_box(layer, layer["keyframes"][0])
        worst = max(worst, float("inf") if got is None else max(abs(a - b) for a, b in zip(expected, got["box"])))
    checks.record(worst <= TOLERANCE_PX, f"{name}: the reversal ends where the plan started",
                  f"max error {worst:.4f} px against the plan's first keyframe")


# Plays the loaded plan at `rate` until its time reaches `ms` (a frame's time), then returns.
PLAY_UNTIL = """
const [button, ms, done] = arguments;
document.getElementById(button).click();
const started = performance.now();
(function frame() {
  const s = preview.state;
  if (s.playing && s.time >= ms) return done({time: s.time});
  if (performance.now() - started > 10000) return done({error: 'never reached ' + ms + ' ms', state: s});
  requestAnimationFrame(frame);
})();
"""


# Edits cartSheet's options.scale.x in its generated editor as a user does (value, then change).
SET_SCALE_X = ("const i = document.querySelector('[data-pointer=\"/options/scale/x\"]');"
               "i.value = '0.7'; i.dispatchEvent(new Event('change'));")


def check_drag_in_flight(checks, driver, base, name, request, grab, delta, layer_id, button, at_ms):
    """Dragging a destination WHILE the plan plays (drag mode, mouse events): the page retargets
    the plan in flight (retarget requests chained from the playing document, no plan from the
    start), and at its end every layer is where the new request's own plan ends, `layer_id`
    at the dragged destination. The plan plays slowed (`button`, from `at_ms`), so that the
    drag lands mid-flight however slow the machine is. With `grab` a string, it is JavaScript
    that edits an input of the generated editor instead of a drag (one retarget is enough)."""
    call_hook(driver, f"preview.loadPlan({json.dumps(request)})")
    set_mode(driver, "drag")
    mark = sent_count(driver)
    playing = driver.run_async(PLAY_UNTIL, button, at_ms)
    left, top = driver.run(
        "const r = preview.container().getBoundingClientRect(); return [r.left, r.top];")
    during = []

    def mouse(kind, x, y, buttons):
        dispatch(driver, kind, left + x, top + y)
    if isinstance(grab, str):
        driver.run(grab)
        during.append(driver.run("const s = preview.state; return [s.playState, s.retargets];"))
    else:
        x, y = grab
        mouse("mousePressed", x, y, 1)
        steps = 6
        for step in range(1, steps + 1):
            time.sleep(0.03)
            mouse("mouseMoved", x + delta[0] * step / steps, y + delta[1] * step / steps, 1)
            during.append(driver.run("const s = preview.state; return [s.playState, s.retargets];"))
        mouse("mouseReleased", x + delta[0], y + delta[1], 0)
    # The release's retarget swapped in: the page's request is the form's, its plan a retarget.
    state = wait_for(driver, """(() => {
        const s = preview.state;
        return s.loading === 0 && !s.following && s.retargets > 0 &&
          JSON.stringify(s.request) === JSON.stringify(preview.formRequest()) ? s : null; })()""")
    set_mode(driver, "view")
    sent = sent_plans(driver, mark)
    retargets = [b for b in sent if "retarget" in b]
    restarts = [b for b in sent if "retarget" not in b]
    final = driver.run("return preview.formRequest();")
    # Each retarget's `from` is the request playing when it was sent (its canonical form, the
    # document's `request`): the first the plan's own, each next one the one before.
    chained = bool(retargets) and all(b["retarget"]["from"] == canonical(base, a)
                                      for a, b in zip([request] + retargets, retargets))
    ats = [b["retarget"]["at"] for b in retargets]
    checks.record("error" not in playing and state is not None
                  and len(retargets) >= (1 if isinstance(grab, str) else 2) and not restarts
                  and chained and all(a > 0 for a in ats) and strip_retarget(retargets[-1]) == final,
                  f"{name}: dragged mid-flight, the plan in flight is retargeted",
                  f"played to {playing.get('time', 0):.1f} ms, {len(retargets)} retargets at {ats} s "
                  f"(depth {state['retargets'] if state else None}), {len(restarts)} plans from the start, "
                  f"chained {chained}, while dragging {during}")
    # The plan in flight at its end (the scrubber's seek; the page's own end is
    # check_play_to_end's).
    result = driver.run_async("""
      const done = arguments[0];
      const s = preview.state;
      if (!s.retargets) return done({error: 'not a retarget plan', state: s});
      preview.seek(s.duration);
      requestAnimationFrame(() => requestAnimationFrame(() =>
        done({boxes: window.__boxes(preview.controller()), time: preview.state.time})));""")
    if "error" in result:
        checks.record(False, f"{name}: ends at the dragged destination", json.dumps(result)[:300])
        return
    plan = post_json(base, "/v1/plans", final)
    worst, problems = 0.0, []
    for layer in plan["layers"]:
        got = result["boxes"].get(layer["id"])
        expected = keyframe_box(layer, layer["keyframes"][-1])
        error = float("inf") if got is None else max(abs(a - b) for a, b in zip(expected, got["box"]))
        worst = max(worst, error)
        if error > TOLERANCE_PX:
            problems.append(f"{layer['id']} {None if got is None else fmt(got['box'])}, plan {fmt(expected)}")
    box = (result["boxes"].get(layer_id) or {}).get("box")
    checks.record(not problems and box is not None,
                  f"{name}: ends where the dragged request's own plan ends",
                  f"{layer_id} at {fmt(box) if box else None}; {len(plan['layers'])} layers, "
                  f"max error {worst:.4f} px" + ("; " + "; ".join(problems[:4]) if problems else ""))


def canonical(base, body):
    """The service's canonical form of a plan request: the `request` of its waapi document."""
    return post_json(base, "/v1/plans?format=waapi&keyframes=compact", body,
                     "application/vnd.transition-planner.waapi+json")["request"]


def strip_retarget(body):
    return {k: v for k, v in body.items() if k != "retarget"}


def screenshot(checks, driver, path):
    request = load_example("examples/cartSheet-present.json",
                           {"options": {"tilt": 0.1, "scale": {"x": 0.85, "y": 0.95}, "perspective": 100}})
    call_hook(driver, f"preview.loadPlan({json.dumps(request)})")
    driver.run_async(
        "const done = arguments[0]; preview.seek(preview.state.duration * 0.6);"
        "requestAnimationFrame(() => requestAnimationFrame(() => done()));")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    driver.screenshot(path)
    ok = os.path.exists(path)
    with open(path, "rb") as f:
        head = f.read(24)
    width, height = int.from_bytes(head[16:20], "big"), int.from_bytes(head[20:24], "big")
    checks.record(ok and head[:8] == b"\x89PNG\r\n\x1a\n" and (width, height) == (1280, 1000),
                  "screenshot of a plan mid-animation", f"{path} ({width}x{height})")
    print("screenshot: " + os.path.abspath(path), flush=True)


def page_base(base):
    """Where the browser loads the page: the server itself when it serves web/preview.html and
    web/player.js as they are on disk, else Tests/Browser/dev_proxy.py in front of it (a binary
    built before their last edit: the files under test are the ones on disk). Returns (URL,
    proxy or None, what serves the page)."""
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    stale = []
    for path, name in (("/", "web/preview.html"), ("/player.js", "web/player.js")):
        try:
            with opener.open(base + path, timeout=30) as response:
                served = response.read()
        except OSError:
            served = None
        with open(os.path.join(ROOT, name), "rb") as f:
            if f.read() != served:
                stale.append(name)
    if not stale:
        return base, None, "the server (the same as web/preview.html and web/player.js)"
    proxy = DevProxy(base)
    return proxy.url, proxy, f"Tests/Browser/dev_proxy.py ({', '.join(stale)} differ from the server's)"


def screenshot_path(path, engine):
    """preview.png for Chromium (the path as given), preview-firefox.png and so on for the others."""
    if engine == "chromium":
        return path
    stem, ext = os.path.splitext(path)
    return f"{stem}-{engine}{ext}"


def run_engine(checks, name, args, url):
    """Every step in one browser of engine `name`, within TIME_LIMIT_S."""
    with engine_run(checks, name, "browser", TIME_LIMIT_S) as run:
        driver = run.browser = engines.start(name, args.proxy_port)
        checks.engine = driver.label
        driver.open(url + "/")
        started = call_hook(driver, "preview.started")
        title = driver.title()
        checks.record("ok" in started and title == "transition-planner preview",
                      "page loaded and started", title)
        driver.run(PAGE_HELPERS)
        external = driver.run(
            "return performance.getEntriesByType('resource').map((e) => e.name)"
            ".filter((u) => !u.startsWith(location.origin));")
        checks.record(not external, "page loaded nothing from elsewhere", f"{external}")
        steps = [(name, check_plan, (checks, driver, args.base, name, load_example(path, override)))
                 for name, path, override in CASES]
        steps += [("problem", check_problem, (checks, driver)),
                  ("playback", check_playback, (checks, driver)),
                  ("play to the end", check_play_to_end, (checks, driver, args.base)),
                  ("drag", check_drag, (checks, driver)),
                  ("interaction", check_interaction, (checks, driver, args.base)),
                  ("drawn gesture", check_drawn_gesture, (checks, driver)),
                  ("generated editors", check_generated_editors, (checks, driver, args.base)),
                  ("new style", check_new_style, (checks, driver, url)),
                  ("drawn back and drag to dismiss", check_drawn_back_and_drag, (checks, driver)),
                  ("hero editor", check_hero_editor, (checks, driver, args.base)),
                  ("hero problems", check_hero_problems, (checks, driver)),
                  ("rtl", check_rtl, (checks, driver, args.base)),
                  ("reduced motion", check_reduced_motion, (checks, driver, args.base)),
                  ("drag zoom in flight", check_drag_in_flight,
                   (checks, driver, args.base, "zoom push, destination",
                    load_example("examples/zoom-push.json", None), (380, 110), (0, 72), "snapshot",
                    "play025", 150)),
                  ("drag expand in flight", check_drag_in_flight,
                   (checks, driver, args.base, "expand push, source",
                    load_example("examples/expand-push.json", None), (200, 330), (0, 150),
                    "bottomSlice", "play01", 60)),
                  ("edit cartSheet in flight", check_drag_in_flight,
                   (checks, driver, args.base, "cartSheet present, options.scale.x edited",
                    load_example("examples/cartSheet-present.json", None), SET_SCALE_X, None,
                    "fromSnapshot", "play01", 60)),
                  ("drag hero in flight", check_drag_in_flight,
                   (checks, driver, args.base, "hero push, photo-3 of the to screen",
                    load_example("examples/hero-grid-push.json", None), (382, 300), (0, -31),
                    "photo-3@to", "play01", 60)),
                  ("reverse zoom", check_reverse,
                   (checks, driver, args.base, "zoom push, Reverse now at 1x",
                    load_example("examples/zoom-push.json", None), "play1", 0.4)),
                  ("reverse hero", check_reverse,
                   (checks, driver, args.base, "hero push, Reverse now at 0.25x",
                    load_example("examples/hero-grid-push.json", None), "play025", 0.45)),
                  ("screenshot", screenshot, (checks, driver, screenshot_path(args.screenshot, name)))]
        for name, step, step_args in steps:
            if args.only and args.only not in name:
                continue
            # A step that throws is one failed check; the others still run.
            try:
                step(*step_args)
            except Exception as error:  # noqa: BLE001 - reported, not swallowed
                message = str(error).split("\nStacktrace:")[0].replace("\n", " ")
                checks.record(False, f"{name}: raised", f"{type(error).__name__}: {message[:300]}")
        check_console(checks, driver, expected=("status of 422", "status of 400",))
        check_dead_proxy(checks, driver, "preview-test.invalid")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--base", required=True)
    parser.add_argument("--proxy-port", type=int, required=True)
    parser.add_argument("--screenshot", default=".build/browser/preview.png",
                        help="Chromium's; the other engines' get -ENGINE before the extension")
    parser.add_argument("--only", help="run only the steps whose name contains this (development)")
    args = parser.parse_args()
    began = time.monotonic()
    checks = Checks()
    url, proxy, served = page_base(args.base)
    print(f"page and player.js served by {served}", flush=True)
    try:
        for name in engines.names():
            checks.engine = name
            run_engine(checks, name, args, url)
    finally:
        if proxy:
            proxy.close()
    print(f"browser test: {checks.passed} passed, {checks.failed} failed "
          f"({time.monotonic() - began:.1f} s; {checks.summary_by_engine()})", flush=True)
    return 1 if checks.failed else 0


if __name__ == "__main__":
    sys.exit(main())
