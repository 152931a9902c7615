#!/usr/bin/env python3
"""Real-browser test of the preview page (GET /): headless Chromium driven by Selenium.

The page plays plans through the `waapi` format with element.animate(). This test loads plans
through the page's test hook (window.preview), pauses every layer's animation at sample times and
compares each layer element's on-screen box (getBoundingClientRect minus the stage's origin) with
the box of the plan keyframe at that time, computed here from the plain JSON plan: the four
corners of the layer's bounds projected as LayerGeometry.project does (row vector times the
CATransform3D, divided by w, plus the layer's position), within 0.5 px.

It also runs the interaction flow (a recorded pan through the hook, and one drawn with the mouse)
and checks a problem+json error is shown with its pointers. One line per check, then a summary;
the exit status is 1 when any check failed.

Usage: Tests/Browser/preview_test.py --base http://127.0.0.1:PORT --proxy-port N --screenshot PATH
"""

import argparse
import json
import os
import sys
import tempfile
import time
import urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By

TOLERANCE_PX = 0.5
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


class Checks:
    def __init__(self):
        self.passed = 0
        self.failed = 0

    def record(self, ok, name, detail=""):
        if ok:
            self.passed += 1
        else:
            self.failed += 1
        print(("PASS " if ok else "FAIL ") + name + (": " + detail if detail else ""), flush=True)
        return ok


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

def post_json(base, path, body):
    request = urllib.request.Request(
        base + path, data=json.dumps(body).encode(), method="POST",
        headers={"Content-Type": "application/json", "Accept": "application/json"})
    # A proxy set in the environment must not see loopback traffic.
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    with opener.open(request, timeout=30) as response:
        return json.loads(response.read())


def load_example(path, override):
    with open(os.path.join(ROOT, path), encoding="utf-8") as f:
        request = json.load(f)
    if override:
        request.update(override)
    return request


# ---- the browser --------------------------------------------------------------------------------

def start_browser(proxy_port, profile):
    options = webdriver.ChromeOptions()
    # The binary itself, not Debian's /usr/bin/chromium wrapper, which adds flags of its own
    # (extensions, remote extensions): Chromium runs with exactly these.
    options.binary_location = os.environ.get("CHROMIUM_BINARY", "/usr/lib/chromium/chromium")
    for flag in [
        "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
        # Everything that is not loopback goes to a port nothing listens on, so nothing Chromium
        # tries on its own leaves the machine; loopback requests go direct.
        f"--proxy-server=http://127.0.0.1:{proxy_port}",
        "--disable-background-networking", "--no-first-run",
        f"--user-data-dir={profile}",
    ]:
        options.add_argument(flag)
    service = Service(executable_path=os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver"))
    driver = webdriver.Chrome(service=service, options=options)
    driver.set_script_timeout(30)
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": 1280, "height": 1000, "deviceScaleFactor": 1, "mobile": False})
    return driver


def call_hook(driver, expression):
    """Runs `expression` (a promise) in the page; returns {"ok": value} or {"problem": ...}."""
    return driver.execute_async_script(
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


def check_layers_at(checks, driver, name, plan, index, scale_ms):
    """Pauses at keyframe `index` of `plan` and compares every layer's box; one check line."""
    t = plan["layers"][0]["keyframes"][index]["t"]
    ids = [layer["id"] for layer in plan["layers"]]
    measured = driver.execute_async_script(MEASURE, t * scale_ms, ids)
    worst = 0.0
    problems = []
    for layer in plan["layers"]:
        keyframe = layer["keyframes"][index]
        expected = keyframe_box(layer, keyframe)
        got = measured["boxes"][layer["id"]]
        error = max(abs(a - b) for a, b in zip(expected, got))
        worst = max(worst, error)
        if error > TOLERANCE_PX:
            problems.append(f"{layer['id']} expected {fmt(expected)} got {fmt(got)}")
    detail = f"t={t:.6g} s, {len(ids)} layers, max error {worst:.4f} px"
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
    sizes = driver.execute_script(
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
    text = driver.find_element(By.ID, "problem").text
    shown = all(p in text for p in pointers) and "Invalid request" in text
    invalid = driver.execute_script(
        "return [...document.querySelectorAll('.invalid')].map((e) => e.id).sort();")
    checks.record(problem.get("status") == 422 and "/container/width" in pointers
                  and "/destination" in pointers and shown and "cw" in invalid,
                  "422 problem shown with its pointers",
                  f"pointers {pointers}, inputs marked {invalid}")
    # The JSON box is sent byte for byte: a syntax error comes back as a 400 with its offset.
    text = driver.execute_async_script("""
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
    shown = driver.find_element(By.ID, "decisionText").text
    reason = driver.find_element(By.ID, "reason").text
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
    rate = driver.execute_async_script("""
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
    times = driver.execute_script("""
      const scrub = document.getElementById("scrub");
      scrub.value = "370";
      scrub.dispatchEvent(new Event("input"));
      return document.getAnimations().map((a) => a.currentTime);""")
    checks.record(len(times) == 3 and all(abs(t - 370) < 1e-6 for t in times),
                  "the scrubber sets every layer's currentTime", f"{times}")


def check_drag(checks, driver):
    """Dragging the source rectangle in drag mode edits the frame and fetches a new plan."""
    request = load_example("examples/zoom-push.json", None)
    call_hook(driver, f"preview.loadPlan({json.dumps(request)})")
    set_mode(driver, "drag")
    before = driver.execute_script("return preview.state.requests;")
    left, top = driver.execute_script(
        "const r = preview.container().getBoundingClientRect(); return [r.left, r.top];")
    src = request["source"]
    x, y = left + src["x"] + 20, top + src["y"] + 20

    def mouse(kind, x, y, buttons):
        driver.execute_cdp_cmd("Input.dispatchMouseEvent", {
            "type": kind, "x": x, "y": y, "button": "left", "buttons": buttons, "clickCount": 1})

    mouse("mousePressed", x, y, 1)
    for step in range(1, 6):
        mouse("mouseMoved", x + 6 * step, y + 10 * step, 1)
    mouse("mouseReleased", x + 30, y + 50, 0)
    # The edit is debounced, then fetched: wait for the new plan to be on the stage.
    result = driver.execute_async_script("""
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
    driver.execute_script(f"document.querySelector('input[name=mode][value={mode}]').click();")


def check_drawn_gesture(checks, driver):
    """A pan drawn with the mouse in gesture mode: pointer events become samples, the page
    posts them and shows the decision."""
    before = driver.execute_script("return preview.state.requests;")
    call_hook(driver, "preview.loadPlan(" + json.dumps(load_example("examples/zoom-pop.json", None)) + ")")
    set_mode(driver, "gesture")
    # Mouse events through the DevTools protocol, in the emulated viewport's coordinates
    # (WebDriver actions check bounds against the window, which the emulation does not resize).
    left, top = driver.execute_script(
        "const r = preview.container().getBoundingClientRect(); return [r.left, r.top];")
    x, y = left + 40, top + 400

    def mouse(kind, x, y, buttons):
        driver.execute_cdp_cmd("Input.dispatchMouseEvent", {
            "type": kind, "x": x, "y": y, "button": "left", "buttons": buttons, "clickCount": 1})

    mouse("mousePressed", x, y, 1)
    for step in range(1, 13):
        time.sleep(0.016)
        mouse("mouseMoved", x + 25 * step, y + step, 1)
    mouse("mouseReleased", x + 300, y + 12, 0)
    state = driver.execute_async_script("""
      const done = arguments[0];
      const started = Date.now();
      (function wait() {
        const s = preview.state;
        if ((s.kind === "interaction" && s.loading === 0) || Date.now() - started > 10000) done(s);
        else setTimeout(wait, 20);
      })();""")
    shown = driver.find_element(By.ID, "decisionText").text if state["kind"] == "interaction" else ""
    samples = driver.execute_script(
        "return JSON.parse(document.getElementById('json').value).gesture.samples;") \
        if state["kind"] == "interaction" else []
    states = [s["state"] for s in samples]
    ok = (state["kind"] == "interaction" and state["decision"] in ("finish", "cancel")
          and shown == "decision: " + state["decision"] and states[:1] == ["began"]
          and states[-1:] == ["ended"] and state["requests"] > before)
    checks.record(ok, "pan drawn with the mouse: interaction run and decision shown",
                  f"{len(samples)} samples, x {samples[-1]['x'] if samples else None} px, '{shown}'")
    set_mode(driver, "view")


def screenshot(checks, driver, path):
    request = load_example("examples/cartSheet-present.json",
                           {"options": {"tilt": 0.1, "scale": {"x": 0.85, "y": 0.95}, "perspective": 100}})
    call_hook(driver, f"preview.loadPlan({json.dumps(request)})")
    driver.execute_async_script(
        "const done = arguments[0]; preview.seek(preview.state.duration * 0.6);"
        "requestAnimationFrame(() => requestAnimationFrame(() => done()));")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    ok = driver.save_screenshot(path)
    with open(path, "rb") as f:
        head = f.read(24)
    width, height = int.from_bytes(head[16:20], "big"), int.from_bytes(head[20:24], "big")
    checks.record(ok and head[:8] == b"\x89PNG\r\n\x1a\n" and (width, height) == (1280, 1000),
                  "screenshot of a plan mid-animation", f"{path} ({width}x{height})")
    print("screenshot: " + os.path.abspath(path), flush=True)


def check_dead_proxy(checks, driver):
    """A URL off this machine goes to the dead loopback proxy and fails there. With a proxy set,
    Chromium leaves name resolution to the proxy, and .invalid never resolves anyway."""
    try:
        driver.get("http://preview-test.invalid/")
        error = driver.execute_script("return document.body ? document.body.innerText : '';")
    except Exception as exception:  # noqa: BLE001 - the expected outcome carries the net error
        error = str(exception)
    checks.record("ERR_PROXY_CONNECTION_FAILED" in error,
                  "an outside URL goes to the dead proxy", error.splitlines()[0][:160] if error else "")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--base", required=True)
    parser.add_argument("--proxy-port", type=int, required=True)
    parser.add_argument("--screenshot", default=".build/browser/preview.png")
    args = parser.parse_args()

    checks = Checks()
    with tempfile.TemporaryDirectory(prefix="preview-chromium-") as profile:
        driver = start_browser(args.proxy_port, profile)
        try:
            driver.get(args.base + "/")
            started = call_hook(driver, "preview.started")
            checks.record("ok" in started and driver.title == "transition-planner preview",
                          "page loaded and started", driver.title)
            external = driver.execute_script(
                "return performance.getEntriesByType('resource').map((e) => e.name)"
                ".filter((u) => !u.startsWith(location.origin));")
            checks.record(not external, "page loaded nothing from elsewhere", f"{external}")
            steps = [(name, check_plan, (checks, driver, args.base, name, load_example(path, override)))
                     for name, path, override in CASES]
            steps += [("problem", check_problem, (checks, driver)),
                      ("playback", check_playback, (checks, driver)),
                      ("drag", check_drag, (checks, driver)),
                      ("interaction", check_interaction, (checks, driver, args.base)),
                      ("drawn gesture", check_drawn_gesture, (checks, driver)),
                      ("screenshot", screenshot, (checks, driver, args.screenshot))]
            for name, step, step_args in steps:
                # A step that throws is one failed check; the others still run.
                try:
                    step(*step_args)
                except Exception as error:  # noqa: BLE001 - reported, not swallowed
                    checks.record(False, f"{name}: raised", f"{type(error).__name__}: {str(error)[:300]}")
            # The 422 and 400 asked for above are logged by Chromium as a failed load: expected.
            logs = [e for e in driver.get_log("browser") if e.get("level") == "SEVERE"
                    and "status of 422" not in e.get("message", "")
                    and "status of 400" not in e.get("message", "")]
            checks.record(not logs, "no errors in the browser console",
                          "; ".join(e.get("message", "")[:200] for e in logs))
            check_dead_proxy(checks, driver)
        finally:
            driver.quit()
    print(f"browser test: {checks.passed} passed, {checks.failed} failed", flush=True)
    return 1 if checks.failed else 0


if __name__ == "__main__":
    sys.exit(main())
