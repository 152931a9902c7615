"""Section 14's questions that computed styles of our documents do not answer, probed in each
engine on a small page of its own (docs/VIEWTRANSITIONS.md, "The engines"). Run by
viewtransition_test.py after an engine's documents; every answer is printed and compared with
the one the docs give for that engine (ANSWERS), and every probe's classifier must also catch a
page made wrong on purpose, shown beside it in the same transition.

Red boxes over a blue page, each with its own view-transition-name, every pseudo-element
animation paused. Pixels are read off the X display the engine draws into where it has one
(WebKitGTK always; Chromium and Firefox as viewtransition_test.py starts them), found by a 4 px marker
at the viewport's corner; the drivers' own screenshots are not what a display shows during a
transition (the docs say how), and are used only for an engine without a display.

- Q2: does `Element.animate()` keep the case of the name in `pseudoElement`? Groups named `tp-A`
  and `tp-b` (the control) get a script opacity animation; read back its `effect.pseudoElement`
  and the image's computed opacity.
- Q4's blend: is the pair's plus-lighter blend drawn, and is it an animation or a style? Each box
  is captured as old and new alike, both images at opacity 0.5: plus-lighter stays opaque red,
  source-over shows the blue at 25 % (blue channel about 64). Boxes: the browser's own cross-fade
  paused at 50 % (made linear), `animation: none` with our opacities and no `mix-blend-mode` (a
  style blend stays plus-lighter, an animation blend is gone), our documents'
  `mix-blend-mode: normal`, `mix-blend-mode: plus-lighter` written; the control has both images
  at opacity 1 and must read opaque.
- Q7: is a group's `translate() matrix3d()` with perspective drawn projected? A 200 px box's group
  tilted by perspective(500) rotateY(50deg) about its centre: its red region's extent and its
  edges' heights must be the projected quadrilateral's (235 and 174 px), not 200 px both. The
  control, the matrix's 2D part written as `matrix()`, must read as flattened.
- Q8: is a `translate() matrix3d()` list interpolated pairwise between keyframes? The computed
  transform at 50 % between two keyframes whose translations and perspective tilts differ, its
  corners compared with pairwise interpolation (translate linearly, the matrices by CSS
  Transforms 2's decomposition) and with the whole list interpolated as one matrix (9 px apart).
  The control's first keyframe is the same transform as one `matrix3d()` (lists that do not
  match): it must read whole-list.
- Q9: does a frame of a skipped transition's end state reach the screen before a reversal's old
  state is captured? A box flown from x = 100 to 700 (10 s, paused at 400) is skipped and a second
  transition started once `finished` resolves, as /player.js reverse() does; its update callback
  holds HOLD_MS before it restores the DOM (a reversal's update takes a frame; the hold only
  makes what the screen shows then last long enough to read). The display then shows the box at
  700 (the end state reached the screen), at 400 (the skipped transition's last frame stayed) or
  none; animation frames between the skip and the update callback are counted. Control, on a
  fresh page: the end state drawn on purpose (skip, two frames) must read 700, the paused flight
  400.
- Q10: scoped transitions (`Element.startViewTransition`) where they exist: ten in a row on a
  div, how many start (ready fulfilled) and how many abort.
"""

import io
import json
import os
import time

import vt_matrix as mx
from engines import VIEWPORT

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SHOTS = os.path.join(ROOT, ".build", "vt-probes")

# What docs/VIEWTRANSITIONS.md says each engine does (its table); a probe that reads otherwise
# fails, so the table cannot go stale.
ANSWERS = {
    "chromium": {"q2": "lowercases", "blend-default": "opaque", "blend-none": "backdrop 25 %",
                 "blend-ours": "backdrop 25 %", "blend-declared": "opaque", "q7": "projected",
                 "q8": "pairwise", "q9": "end state", "q10": "exists"},
    "firefox": {"q2": "keeps", "blend-default": "opaque", "blend-none": "backdrop 25 %",
                "blend-ours": "backdrop 25 %", "blend-declared": "opaque", "q7": "projected",
                "q8": "pairwise", "q9": "frozen", "q10": "absent"},
    "webkit": {"q2": "keeps", "blend-default": "backdrop 25 %", "blend-none": "backdrop 25 %",
               "blend-ours": "backdrop 25 %", "blend-declared": "backdrop 25 %", "q7": "projected",
               "q8": "pairwise", "q9": "end state", "q10": "absent"},
}

PAGE = """<!doctype html><html><head><meta charset="utf-8"><title>vt probe</title><style>
html, body { margin: 0; background: rgb(0, 0, 255); }
:root { view-transition-name: none; }
.box { position: absolute; background: rgb(255, 0, 0); }
#marker { position: fixed; left: 0; top: 0; width: 4px; height: 4px; background: rgb(7, 250, 9); }
</style><style id="probe-css"></style></head><body><div id="marker"></div><div id="boxes"></div></body></html>
"""
MARKER = bytes((7, 250, 9))
# A display shows a frame once the compositor has presented it: the probes wait two animation
# frames and this long before reading it, then for the display to hold still.
SETTLE_S = 0.1


def box(name, left, top, width=200, height=200):
    return {"name": name, "left": left, "top": top, "width": width, "height": height}


# Red boxes, each with its view-transition-name, and the probe's stylesheet; a transition whose
# update applies `change` (styles by box name, or nothing); every pseudo-element animation
# paused at `at` ms; what the probes read of each group.
START = r"""
const [css, boxes, change, at, done] = arguments;
(async () => {
  const holder = document.getElementById('boxes');
  holder.replaceChildren();
  for (const b of boxes) {
    const el = document.createElement('div');
    el.className = 'box';
    el.dataset.name = b.name;
    Object.assign(el.style, { left: `${b.left}px`, top: `${b.top}px`, width: `${b.width}px`,
      height: `${b.height}px`, viewTransitionName: b.name });
    holder.append(el);
  }
  document.getElementById('probe-css').textContent = css;
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  const t = document.startViewTransition(() => {
    for (const [name, style] of Object.entries(change || {})) {
      Object.assign(holder.querySelector(`[data-name="${name}"]`).style, style);
    }
  });
  window.__probe = t;
  await t.ready;
  const root = document.documentElement;
  const animations = document.getAnimations().filter((a) => a.effect && a.effect.pseudoElement);
  for (const a of animations) { a.pause(); a.currentTime = at; }
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  const cs = (p) => getComputedStyle(root, p);
  const pick = (p, names) => Object.fromEntries(names.map((n) => [n, cs(p)[n]]));
  const out = { count: animations.length, innerWidth, groups: {} };
  for (const b of boxes) {
    out.groups[b.name] = {
      group: pick(`::view-transition-group(${b.name})`, ['transform', 'width', 'height']),
      old: pick(`::view-transition-old(${b.name})`, ['opacity', 'mixBlendMode']),
      new: pick(`::view-transition-new(${b.name})`, ['opacity', 'mixBlendMode']) };
  }
  done(out);
})().catch((e) => done({ error: String(e && e.message || e) }));
"""

END = r"""
const [done] = arguments;
(async () => {
  for (const t of [window.__probe2, window.__probe]) {
    if (!t) continue;
    t.skipTransition();
    await t.finished.catch(() => {});
  }
  window.__probe = window.__probe2 = null;
  document.getElementById('boxes').replaceChildren();
  document.getElementById('probe-css').textContent = '';
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  done(true);
})().catch((e) => done(String(e)));
"""


def _off(name):
    n = name
    return (f"::view-transition-group({n}), ::view-transition-image-pair({n}), "
            f"::view-transition-old({n}), ::view-transition-new({n}) {{ animation: none; }}\n")


def _png(browser, path, wait_frames=True):
    """The viewport as it is on the screen: read off the engine's X display where it draws into
    one (the marker at the viewport's top-left corner finds it), else the driver's screenshot."""
    from PIL import Image, ImageGrab
    if browser.xvfb is None:
        browser.screenshot(path)
        with open(path, "rb") as f:
            image = Image.open(io.BytesIO(f.read()))
            image.load()
        return image.convert("RGB")
    if wait_frames:
        browser.run_async("const done = arguments[0]; requestAnimationFrame(() => requestAnimationFrame(() => done(0)));")
    # Then until two reads 50 ms apart agree (a loaded machine's compositor lags), at most 2 s.
    time.sleep(SETTLE_S)
    screen = ImageGrab.grab(xdisplay=browser.xvfb.display).convert("RGB")
    data = screen.tobytes()
    deadline = time.monotonic() + 2
    while time.monotonic() < deadline:
        time.sleep(0.05)
        again = ImageGrab.grab(xdisplay=browser.xvfb.display).convert("RGB")
        if again.tobytes() == data:
            break
        screen, data = again, again.tobytes()
    at = data.find(MARKER)
    while at >= 0 and at % 3:
        at = data.find(MARKER, at + 1)
    if at < 0:
        raise RuntimeError(f"{browser.label}: the viewport's marker is not on the display")
    x, y = (at // 3) % screen.width, (at // 3) // screen.width
    image = screen.crop((x, y, min(x + VIEWPORT[0], screen.width), min(y + VIEWPORT[1], screen.height)))
    image.save(path)
    return image


class Probe:
    def __init__(self, browser, harness):
        self.browser = browser
        self.url = harness.url + "/probe.html"
        harness.pages["/probe.html"] = PAGE
        os.makedirs(SHOTS, exist_ok=True)
        browser.open(self.url)

    def start(self, css, boxes, change=None, at=500):
        result = self.browser.run_async(START, css, boxes, change, at)
        if "error" in result:
            raise RuntimeError(f"probe transition: {result['error']}")
        return result

    def end(self):
        self.browser.run_async(END)

    def shot(self, label, scale_width, wait_frames=True):
        image = _png(self.browser, os.path.join(SHOTS, f"{self.browser.name}-{label}.png"), wait_frames)
        return image, image.width / scale_width if self.browser.xvfb is None else 1.0


# ---- Q2 ----------------------------------------------------------------------------------------

CASE = r"""
const [names, done] = arguments;
const root = document.documentElement;
const out = {};
for (const name of names) {
  const a = root.animate([{ opacity: 0.25 }, { opacity: 0.25 }],
    { duration: 1000, fill: 'both', pseudoElement: `::view-transition-new(${name})` });
  out[name] = { pseudoElement: a.effect.pseudoElement,
                opacity: getComputedStyle(root, `::view-transition-new(${name})`).opacity };
  a.cancel();
}
done(out);
"""


def probe_case(p):
    names = ["tp-A", "tp-b"]
    keep = "@keyframes tpprobe-keep { 0% { opacity: 1; } 100% { opacity: 1; } }\n"
    css = "".join(_off(n) + f"::view-transition-new({n}) {{ animation: tpprobe-keep 1000ms linear both; }}\n"
                  for n in names) + keep
    p.start(css, [box(n, 40 + 250 * i, 60) for i, n in enumerate(names)])
    results = p.browser.run_async(CASE, names)
    p.end()
    mixed, lower = results["tp-A"], results["tp-b"]
    control = lower["opacity"] == "0.25" and lower["pseudoElement"] == "::view-transition-new(tp-b)"
    if mixed["opacity"] == "0.25" and "tp-A" in mixed["pseudoElement"]:
        answer = "keeps"
    elif "tp-a" in mixed["pseudoElement"] and mixed["opacity"] != "0.25":
        answer = "lowercases"
    else:
        answer = "unclear"
    detail = (f"tp-A: effect.pseudoElement {mixed['pseudoElement']!r}, image opacity {mixed['opacity']}; "
              f"control tp-b: {lower['pseudoElement']!r}, {lower['opacity']}")
    return answer, detail, control


# ---- Q4's blend ------------------------------------------------------------------------------------

BLENDS = ("default", "none", "ours", "declared", "control")


def blend_css(kind):
    n = f"tp-blend-{kind}"
    if kind == "default":
        # The browser's own cross-fade, made linear and 1 s long (the images inherit both).
        return f"::view-transition-group({n}) {{ animation-duration: 1000ms; animation-timing-function: linear; }}\n"
    # The control: both images opaque, which must read as opaque whatever the blend.
    alpha = 1 if kind == "control" else 0.5
    blend = {"none": "", "ours": "mix-blend-mode: normal; ", "declared": "mix-blend-mode: plus-lighter; ",
             "control": "mix-blend-mode: normal; "}[kind]
    return (_off(n) + f"::view-transition-old({n}), ::view-transition-new({n}) {{ {blend}"
            f"animation: tpprobe-{kind} 1000ms linear both; }}\n"
            f"@keyframes tpprobe-{kind} {{ 0% {{ opacity: {alpha}; }} 100% {{ opacity: {alpha}; }} }}\n")


def classify_blend(pixel):
    """Red over blue: opaque (plus-lighter's sum of two halves) or the blue at 25 % (source-over:
    1 - 0.5 x 0.5 covered)."""
    r, g, b = pixel
    if r < 160 or g > 40:
        return "other"
    if b <= 16:
        return "opaque"
    if 48 <= b <= 80:
        return "backdrop 25 %"
    return "other"


def probe_blend(p):
    boxes = [box(f"tp-blend-{k}", 40 + 150 * i, 60, 100, 100) for i, k in enumerate(BLENDS)]
    read = p.start("".join(blend_css(k) for k in BLENDS), boxes)
    image, scale = p.shot("blend", read["innerWidth"])
    p.end()
    out = {}
    for kind, b in zip(BLENDS, boxes):
        x, y = b["left"] + b["width"] / 2, b["top"] + b["height"] / 2
        pixel = image.getpixel((int(x * scale), int(y * scale)))
        g = read["groups"][b["name"]]
        out[kind] = (classify_blend(pixel), pixel, g["old"], g["new"])
    return out


# ---- Q7 --------------------------------------------------------------------------------------------

TILT_BOXES = (box("tp-tilt", 200, 100), box("tp-flat", 700, 100))


def tilt():
    """perspective(500) rotateY(50deg): the group's matrix3d()."""
    return mx.mul(mx.perspective(500), mx.rotate_y(50))


def tilt_css(b, matrix):
    n = b["name"]
    text = mx.css_text(matrix)
    if matrix[3][:3] == [0, 0, 0] and matrix[2] == [0, 0, 1, 0]:
        m = mx.to_css(matrix)
        text = f"matrix({m[0]}, {m[1]}, {m[4]}, {m[5]}, {m[12]}, {m[13]})"
    value = f"translate({b['left']}px, {b['top']}px) {text}"
    return (_off(n) + f"::view-transition-group({n}) {{ transform-origin: 50% 50%; width: {b['width']}px; "
            f"height: {b['height']}px; animation: tpprobe-{n} 1000ms linear both; }}\n"
            f"@keyframes tpprobe-{n} {{ 0% {{ transform: {value}; }} 100% {{ transform: {value}; }} }}\n")


def quad(b, matrix):
    M = mx.mul(mx.translate(b["left"], b["top"]), matrix)
    return mx.corners(M, (b["width"] / 2, b["height"] / 2), (b["width"], b["height"]))


def edge_heights(corners, xs):
    """The quadrilateral's height at each x (rotateY keeps its vertical edges vertical)."""
    tl, tr, br, bl = corners
    out = []
    for x in xs:
        top = tl[1] + (tr[1] - tl[1]) * (x - tl[0]) / (tr[0] - tl[0])
        bottom = bl[1] + (br[1] - bl[1]) * (x - bl[0]) / (br[0] - bl[0])
        out.append(bottom - top)
    return out


def red_columns(image, scale, x0, x1, y1):
    """(first column, last column + 1, {column: red height}) of the red region between x0 and x1
    (CSS px) above y1, in CSS px; None when there is none."""
    data = image.load()
    counts = {}
    for x in range(int(x0 * scale), min(int(x1 * scale), image.width)):
        n = 0
        for y in range(min(int(y1 * scale), image.height)):
            r, g, b = data[x, y]
            if r > 160 and g < 90 and b < 90:
                n += 1
        if n:
            counts[x] = n / scale
    if not counts:
        return None
    return min(counts) / scale, (max(counts) + 1) / scale, counts


def classify_tilt(measured, projected, flattened, tolerance=2.0):
    def near(model):
        return all(abs(a - b) <= tolerance for a, b in zip(measured, model))
    if near(projected) and not near(flattened):
        return "projected"
    if near(flattened) and not near(projected):
        return "flattened"
    return "neither"


def probe_tilt(p):
    M = tilt()
    page, control = TILT_BOXES
    read = p.start(tilt_css(page, M) + tilt_css(control, mx.flattened(M)), list(TILT_BOXES))
    image, scale = p.shot("tilt", read["innerWidth"])
    p.end()
    out = {}
    for kind, b, drawn in (("page", page, M), ("control", control, mx.flattened(M))):
        found = red_columns(image, scale, b["left"] - 100, b["left"] + b["width"] + 100, b["top"] + b["height"] + 100)
        if not found:
            out[kind] = ("neither", "no red region", None)
            continue
        left, right, counts = found
        # Two columns inside each edge (antialiased edges excluded).
        xs = [left + 2, right - 2]
        heights = [counts.get(int(x * scale), 0) for x in xs]
        centres = [x + 0.5 / scale for x in xs]
        projected_q, flat_q = quad(b, M), quad(b, mx.flattened(M))
        want_p = [min(c[0] for c in projected_q), max(c[0] for c in projected_q)] + edge_heights(projected_q, centres)
        want_f = [min(c[0] for c in flat_q), max(c[0] for c in flat_q)] + edge_heights(flat_q, centres)
        got = [left, right] + heights
        out[kind] = (classify_tilt(got, want_p, want_f),
                     f"edges x {left:.0f}..{right:.0f}, heights {heights[0]:.0f} / {heights[1]:.0f} px "
                     f"(projected {want_p[0]:.1f}..{want_p[1]:.1f}, {want_p[2]:.1f} / {want_p[3]:.1f}; "
                     f"2D part {want_f[0]:.1f}..{want_f[1]:.1f}, {want_f[2]:.1f} / {want_f[3]:.1f})",
                     read["groups"][b["name"]]["group"]["transform"])
    return out


# ---- Q8 --------------------------------------------------------------------------------------------

SIZE = (200, 200)


def lists():
    P = mx.perspective(500)
    return mx.mul(P, mx.rotate_y(10)), mx.mul(P, mx.rotate_y(60)), (300, 0)


def interpolation_css(name, matched):
    m1, m2, (tx, ty) = lists()
    first = f"translate(0px, 0px) {mx.css_text(m1)}" if matched else mx.css_text(m1)
    last = f"translate({tx}px, {ty}px) {mx.css_text(m2)}"
    return (_off(name) + f"::view-transition-group({name}) {{ transform-origin: 50% 50%; width: {SIZE[0]}px; "
            f"height: {SIZE[1]}px; animation: tpprobe-{name} 1000ms linear both; }}\n"
            f"@keyframes tpprobe-{name} {{ 0% {{ transform: {first}; }} 100% {{ transform: {last}; }} }}\n")


def classify_interpolation(transform, tolerance=1.0):
    m1, m2, (tx, ty) = lists()
    pairwise = mx.mul(mx.translate(tx / 2, ty / 2), mx.interpolate(m1, m2, 0.5))
    whole = mx.interpolate(m1, mx.mul(mx.translate(tx, ty), m2), 0.5)
    origin = (SIZE[0] / 2, SIZE[1] / 2)
    got = mx.corners(mx.parse_css(transform), origin, SIZE)

    def off(M):
        want = mx.corners(M, origin, SIZE)
        return max(max(abs(a - b) for a, b in zip(p, q)) for p, q in zip(want, got))
    e_pair, e_whole = off(pairwise), off(whole)
    answer = ("pairwise" if e_pair <= tolerance < e_whole
              else "whole-list" if e_whole <= tolerance < e_pair else "neither")
    return answer, f"corners {e_pair:.2f} px from pairwise, {e_whole:.2f} px from whole-list"


def probe_interpolation(p):
    read = p.start(interpolation_css("tp-lists", True) + interpolation_css("tp-unmatched", False),
                   [box("tp-lists", 200, 100), box("tp-unmatched", 700, 100)])
    p.end()
    return {"page": classify_interpolation(read["groups"]["tp-lists"]["group"]["transform"]),
            "control": classify_interpolation(read["groups"]["tp-unmatched"]["group"]["transform"])}


# ---- Q9 --------------------------------------------------------------------------------------------

FLIGHT = box("tp-flight", 100, 100)
FLIGHT_CSS = ("::view-transition-group(tp-flight) { animation-duration: 10000ms; "
              "animation-timing-function: linear; }\n")
HOLD_MS = 1000

REVERSE = r"""
const [hold, control, done] = arguments;
(async () => {
  const box = document.querySelector('[data-name="tp-flight"]');
  const t1 = window.__probe;
  let frames = 0;
  let counting = true;
  const tick = () => { frames++; if (counting) requestAnimationFrame(tick); };
  requestAnimationFrame(tick);
  const log = {};
  t1.skipTransition();
  await t1.finished;
  log.finishedAfterFrames = frames;
  if (control) {
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    counting = false;
    done(log);
    return;
  }
  const t2 = document.startViewTransition(async () => {
    log.updateAfterFrames = frames;
    window.__holdEnd = null;
    done(log);
    await new Promise((r) => setTimeout(r, hold));
    box.style.left = '100px';
    window.__holdEnd = performance.now();
  });
  window.__probe2 = t2;
  window.__readyFrames = null;
  t2.ready.then(() => {
    counting = false;
    window.__readyFrames = frames;
    for (const a of document.getAnimations()) if (a.effect && a.effect.pseudoElement) { a.pause(); a.currentTime = 0; }
  }, () => {});
})().catch((e) => done({ error: String(e && e.message || e) }));
"""


def box_left(image, scale, y):
    """The first red column on row y (CSS px), or None."""
    data = image.load()
    row = int(y * scale)
    for x in range(image.width):
        r, g, b = data[x, row]
        if r > 160 and g < 90 and b < 90:
            return x / scale
    return None


def classify_flight(left):
    if left is None:
        return "none"
    if abs(left - 700) <= 3:
        return "end state"
    if abs(left - 400) <= 3:
        return "frozen"
    return f"elsewhere ({left:.0f})"


def probe_reverse(p):
    out = {}
    y = FLIGHT["top"] + FLIGHT["height"] / 2
    for kind in ("page", "control"):
        # A fresh page each: nothing of an earlier held or skipped transition is left.
        p.browser.open(p.url)
        read = p.start(FLIGHT_CSS, [FLIGHT], change={"tp-flight": {"left": "700px"}}, at=5000)
        image, scale = p.shot(f"reverse-{kind}-before", read["innerWidth"])
        before = classify_flight(box_left(image, scale, y))
        log = p.browser.run_async(REVERSE, HOLD_MS, kind == "control")
        if "error" in log:
            p.end()
            out[kind] = ("error", log["error"], before, None, log)
            continue
        shot_began = time.monotonic()
        # Without waiting for animation frames: none come while the update callback holds.
        image, scale = p.shot(f"reverse-{kind}-during", read["innerWidth"], wait_frames=False)
        log["screenshotMs"] = round((time.monotonic() - shot_began) * 1000)
        during = classify_flight(box_left(image, scale, y))
        held = None
        captured = None
        if kind == "page":
            # Taken while the update callback held? (A driver whose screenshot waits for a new
            # frame returns it only after the hold, showing something else.)
            held = p.browser.run("return window.__holdEnd === null;")
            deadline = time.monotonic() + 5
            while time.monotonic() < deadline and p.browser.run("return window.__readyFrames == null;"):
                time.sleep(0.05)
            log["readyAfterFrames"] = p.browser.run("return window.__readyFrames;")
            image, scale = p.shot("reverse-page-captured", read["innerWidth"])
            captured = classify_flight(box_left(image, scale, y))
        p.end()
        out[kind] = (during, held, before, captured, log)
    return out


# ---- Q10 -------------------------------------------------------------------------------------------

SCOPED = r"""
const [done] = arguments;
(async () => {
  if (typeof Element.prototype.startViewTransition !== 'function') { done({ exists: false }); return; }
  const host = document.createElement('div');
  Object.assign(host.style, { position: 'absolute', left: '500px', top: '400px', width: '200px',
    height: '200px', background: 'rgb(0, 128, 0)', contain: 'layout' });
  document.body.append(host);
  const out = { exists: true, started: 0, aborted: 0, messages: [] };
  for (let i = 0; i < 10; i++) {
    const t = host.startViewTransition(() => { host.style.width = i % 2 ? '200px' : '240px'; });
    try { await t.ready; out.started++; } catch (e) {
      out.aborted++;
      const m = String(e && e.message || e);
      if (!out.messages.includes(m)) out.messages.push(m);
    }
    t.skipTransition();
    await t.finished.catch(() => {});
  }
  host.remove();
  done(out);
})().catch((e) => done({ error: String(e && e.message || e) }));
"""


def probe_scoped(p):
    return p.browser.run_async(SCOPED)


# ---- all of them -----------------------------------------------------------------------------------

def run(browser, harness, checks):
    """Every probe in `browser`; checks recorded; returns {question: answer} for the summary."""
    p = Probe(browser, harness)
    expected = ANSWERS[browser.name]
    label = browser.label
    answers = {}

    def record(key, answer, detail, control_ok=True, control_detail=""):
        answers[key] = answer
        checks.record(answer == expected[key], f"{label} probe {key}: {answer}",
                      f"{detail} (docs say: {expected[key]})")
        if control_detail:
            checks.record(control_ok, f"{label} probe {key}: the page made wrong on purpose is caught",
                          control_detail)

    answer, detail, control = probe_case(p)
    record("q2", answer, detail, control, "lowercase name tp-b takes the script animation" if control
           else "the lowercase control did not take the script animation")

    blend = probe_blend(p)
    for kind in ("default", "none", "ours", "declared"):
        b, pixel, old, new = blend[kind]
        record(f"blend-{kind}", b, f"box centre {pixel}; old {old}, new {new}")
    b, pixel, _, _ = blend["control"]
    checks.record(b == "opaque", f"{label} probe blend: the page made wrong on purpose is caught",
                  f"both images at opacity 1 read {b} {pixel}")

    t = probe_tilt(p)
    record("q7", t["page"][0], f"{t['page'][1]}; computed {t['page'][2]}", t["control"][0] == "flattened",
           f"2D part reads {t['control'][0]}: {t['control'][1]}")

    i = probe_interpolation(p)
    record("q8", i["page"][0], i["page"][1], i["control"][0] == "whole-list",
           f"unmatched lists read {i['control'][0]}: {i['control'][1]}")

    r = probe_reverse(p)
    during, held, before, captured, log = r["page"]
    if held is False:
        during = f"not observable (the screenshot waited for the hold; it shows {during})"
    record("q9", during,
           f"before the skip {before}; while the reversal's update held: {during} "
           f"(screenshot within the hold: {held}); reversal's old capture: {captured}; frames: {json.dumps(log)}",
           r["control"][0] == "end state" and r["control"][2] == "frozen",
           f"paused flight reads {r['control'][2]}, the end state drawn on purpose reads {r['control'][0]}")

    s = probe_scoped(p)
    if "error" in s:
        record("q10", "error", s["error"])
    elif not s["exists"]:
        record("q10", "absent", "no Element.prototype.startViewTransition")
    else:
        record("q10", "exists", f"{s['started']} of 10 started, {s['aborted']} aborted {s['messages']}")
        answers["q10-started"] = s["started"]
    return answers
