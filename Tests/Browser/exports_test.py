#!/usr/bin/env python3
"""The SVG and CSS exports of every example, opened in every engine ENGINES names
(Tests/Browser/engines.py), one browser each, and compared with the plan.

CSS (`--format css`): a page with the stylesheet and, in a `.tp-container`, one element per
layer with its `.tp-<id>` class, bottom to top, as the stylesheet's comment says. Every
animation is paused at five sample times (0, 25, 50, 75, 100 % of the plan, rounded to a
sample) and once past the end (the fill holds the end state): each layer element's box within
0.5 px of the plan keyframe's projected box, its opacity within 0.01 of the alpha.

SVG (`--format svg`, a filmstrip of moments): compared with the plan at the times it states.

Each panel (`g.tp-moment`) states its time (`data-t`, seconds) and the plan sample it draws
(`data-sample`). For every layer shape in it (`.tp-layer`, `data-layer`: a rect, or the polygon
of the projected corners of a layer under perspective) the engine's getBoundingClientRect(),
relative to the panel's container rectangle, must lie within 0.5 px of the box of the plan
keyframe at that sample (its frame's four corners projected through its transform), and its
opacity (the shape's fill-opacity times its group's opacity) within 0.01 of the keyframe's
alpha; the panel's time must be that keyframe's. The box is the shape's fill geometry as the
engine lays it out (getBBox through getScreenCTM: the document's transforms and viewBox applied
by the engine), not its painted pixels: Firefox's getBoundingClientRect includes the stroke. A negative control draws one panel of a plan shifted by 2 px
(edited in the page) and expects the check to catch it.

The CLI writes the documents and plans (`plan`/`interact`, with and without `--format svg`); a
loopback server here serves the SVGs. One line per example and engine, then a summary; exit 1
when any check failed.

Usage: exports_test.py --bin PATH --proxy-port N [EXAMPLE.json ...]
"""

import argparse
import glob
import json
import os
import subprocess
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import engines  # noqa: E402
from browser_checks import Checks, TOLERANCE_PX, engine_run  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
IDENTITY = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]

# Every panel: its time and sample, and each layer shape's box relative to the panel's container.
MEASURE = """
// The fill geometry (getBBox) mapped to the screen (getScreenCTM): getBoundingClientRect would
// add the stroke in Firefox and not in Chromium or WebKit.
const screenBox = (el) => {
  const b = el.getBBox(), m = el.getScreenCTM();
  const points = [[b.x, b.y], [b.x + b.width, b.y], [b.x + b.width, b.y + b.height], [b.x, b.y + b.height]]
    .map(([x, y]) => new DOMPoint(x, y).matrixTransform(m));
  const xs = points.map((p) => p.x), ys = points.map((p) => p.y);
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
};
const out = [];
for (const g of document.querySelectorAll("g.tp-moment")) {
  const [cl, ct] = screenBox(g.querySelector(".tp-container"));
  const layers = {};
  for (const layer of g.querySelectorAll(".tp-layer")) {
    // A layer with content is a group: its frame rectangle, its opacity on the group.
    const shape = layer.localName === "g" ? layer.querySelector(".tp-frame") : layer;
    const [l, t, r, b] = screenBox(shape);
    layers[layer.dataset.layer] = {
      box: [l - cl, t - ct, r - cl, b - ct],
      opacity: parseFloat(getComputedStyle(layer).opacity) * parseFloat(getComputedStyle(shape).fillOpacity),
    };
  }
  out.push({t: parseFloat(g.dataset.t), sample: parseInt(g.dataset.sample, 10), layers});
}
return out;
"""


def run_cli(binary, example):
    name = os.path.basename(example)[: -len(".json")]
    command = "interact" if name.startswith("interaction-") else "plan"

    def run(*extra):
        result = subprocess.run([binary, command, example, *extra], capture_output=True, timeout=60)
        if result.returncode != 0:
            raise RuntimeError(f"{command} {example} {' '.join(extra)}: exit {result.returncode}: "
                               f"{result.stdout[:300]!r} {result.stderr[:300]!r}")
        return result.stdout

    return json.loads(run()), run("--format", "svg"), run("--format", "css")


def keyframe_box(layer, keyframe):
    """The bounding box of the keyframe's frame corners projected as LayerGeometry.project does."""
    frame, m = keyframe["frame"], keyframe.get("transform", IDENTITY)
    anchor = layer["anchor"]
    w, h = frame["width"], frame["height"]
    xs, ys = [], []
    for qx, qy in ((0, 0), (w, 0), (w, h), (0, h)):
        v = (qx - anchor["x"] * w, qy - anchor["y"] * h, 0.0, 1.0)
        r = [sum(v[i] * m[4 * i + j] for i in range(4)) for j in range(4)]
        xs.append(r[0] / r[3] + frame["x"] + anchor["x"] * w)
        ys.append(r[1] / r[3] + frame["y"] + anchor["y"] * h)
    return min(xs), min(ys), max(xs), max(ys)


def compare(plan, panels):
    """(worst box error, worst opacity error, problems) of the panels against the plan."""
    worst_box = worst_alpha = 0.0
    problems = []
    layers = {layer["id"]: layer for layer in plan["layers"]}
    for panel in panels:
        sample = panel["sample"]
        stated = plan["layers"][0]["keyframes"][sample]["t"]
        if abs(stated - panel["t"]) > 1e-9:
            problems.append(f"panel at sample {sample} states t={panel['t']}, the plan's is {stated}")
        if set(panel["layers"]) != set(layers):
            problems.append(f"sample {sample}: layers {sorted(panel['layers'])}, plan {sorted(layers)}")
        for layer_id, got in panel["layers"].items():
            layer = layers.get(layer_id)
            if layer is None:
                continue
            keyframe = layer["keyframes"][sample]
            expected = keyframe_box(layer, keyframe)
            error = max(abs(a - b) for a, b in zip(expected, got["box"]))
            worst_box = max(worst_box, error)
            if error > TOLERANCE_PX:
                problems.append(f"t={panel['t']:.4g} {layer_id} box "
                                f"({', '.join(f'{v:.2f}' for v in got['box'])}), plan "
                                f"({', '.join(f'{v:.2f}' for v in expected)})")
            alpha_error = abs(got["opacity"] - keyframe.get("alpha", 1))
            worst_alpha = max(worst_alpha, alpha_error)
            if alpha_error > 0.01:
                problems.append(f"t={panel['t']:.4g} {layer_id} fill-opacity {got['opacity']}, "
                                f"plan alpha {keyframe.get('alpha', 1)}")
    return worst_box, worst_alpha, problems


FRACTIONS = (0, 0.25, 0.5, 0.75, 1)


def css_page(plan, css):
    """The CSS export's page: the stylesheet, and the layers bottom to top in a .tp-container."""
    layers = "".join(f'<div class="tp-{html_escape(layer["id"])}" data-layer="{html_escape(layer["id"])}"></div>'
                     for layer in plan["layers"])
    return (b"<!doctype html><meta charset=utf-8><title>css export</title>"
            b"<style>body { margin: 0 } .tp-container { left: 20px; top: 10px }</style><style>" + css
            + b"</style><div class=tp-container>" + layers.encode() + b"</div>")


def html_escape(text):
    return text.replace("&", "&amp;").replace('"', "&quot;").replace("<", "&lt;")


# Every CSS animation paused at `ms`; each layer element's box relative to the container (the
# box is read after the seek: getBoundingClientRect brings style and layout up to date).
CSS_MEASURE = """
const [ms] = arguments;
for (const a of document.getAnimations()) { a.pause(); a.currentTime = ms; }
const c = document.querySelector(".tp-container").getBoundingClientRect();
const out = {};
for (const el of document.querySelectorAll("[data-layer]")) {
  const r = el.getBoundingClientRect();
  out[el.dataset.layer] = {box: [r.left - c.left, r.top - c.top, r.right - c.left, r.bottom - c.top],
                           opacity: parseFloat(getComputedStyle(el).opacity)};
}
return {animations: document.getAnimations().length, layers: out};
"""


def check_css(checks, browser, server, example, plan, control=False):
    """The CSS export at five sample times and past its end (held). `control`: the first layer
    moved 2 px to the right in the page, which the check must catch."""
    browser.open(f"{server.url}/{example}.css.html")
    if control:
        browser.run("document.querySelector('[data-layer]').style.translate = '2px 0';")
    frames = plan["layers"][0]["keyframes"]
    indices = sorted({round(f * (len(frames) - 1)) for f in FRACTIONS})
    worst_box = worst_alpha = 0.0
    problems = []
    counts = set()
    for index, ms in [(i, frames[i]["t"] * 1000) for i in indices] + [(len(frames) - 1, plan["duration"] * 1000 + 100)]:
        measured = browser.run(CSS_MEASURE, ms)
        counts.add(measured["animations"])
        for layer in plan["layers"]:
            keyframe = layer["keyframes"][index]
            got = measured["layers"].get(layer["id"])
            expected = keyframe_box(layer, keyframe)
            error = max(abs(a - b) for a, b in zip(expected, got["box"]))
            worst_box = max(worst_box, error)
            if error > TOLERANCE_PX:
                problems.append(f"{ms:.1f} ms {layer['id']} box ({', '.join(f'{v:.2f}' for v in got['box'])}), "
                                f"plan ({', '.join(f'{v:.2f}' for v in expected)})")
            alpha_error = abs(got["opacity"] - keyframe.get("alpha", 1))
            worst_alpha = max(worst_alpha, alpha_error)
            if alpha_error > 0.01:
                problems.append(f"{ms:.1f} ms {layer['id']} opacity {got['opacity']}, plan {keyframe.get('alpha', 1)}")
    if control:
        return checks.record(bool(problems), f"negative control: css {example} with a layer moved 2 px is caught",
                             "; ".join(problems[:1]))
    checks.record(not problems and counts == {len(plan["layers"])},
                  f"css {example}: {len(plan['layers'])} layers at {len(indices)} sample times and held past the end",
                  f"{counts} animations; max error box {worst_box:.4f} px, opacity {worst_alpha:.4f}"
                  + ("; " + "; ".join(problems[:4]) if problems else ""))


class Documents:
    """Serves the SVG documents on a loopback port: GET /NAME.svg."""

    def __init__(self, documents):
        class Handler(BaseHTTPRequestHandler):
            def do_GET(self):
                path = self.path.lstrip("/")
                page = path.endswith(".css.html")
                body = documents.get(path.removesuffix(".html") if page else path.removesuffix(".svg"))
                self.send_response(200 if body is not None else 404)
                self.send_header("Content-Type", "text/html; charset=utf-8" if page else "image/svg+xml")
                self.send_header("Content-Length", str(len(body or b"")))
                self.end_headers()
                self.wfile.write(body or b"")

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self):
        self.server.shutdown()
        self.server.server_close()


def run_engine(checks, name, proxy_port, documents, plans, server):
    with engine_run(checks, name, "exports") as run:
        browser = run.browser = engines.start(name, proxy_port)
        checks.engine = browser.label
        for example, plan in plans.items():
            browser.open(f"{server.url}/{example}.svg")
            panels = browser.run(MEASURE)
            worst_box, worst_alpha, problems = compare(plan, panels)
            stated = ", ".join(f"{p['t']:.4g}" for p in panels)
            checks.record(not problems and len(panels) >= 2,
                          f"{example}: {len(panels)} panels at the times they state",
                          f"t = {stated} s; max error box "
                          f"{worst_box:.4f} px, opacity {worst_alpha:.4f}"
                          + ("; " + "; ".join(problems[:4]) if problems else ""))
        for example, plan in plans.items():
            check_css(checks, browser, server, example, plan)
        check_css(checks, browser, server, *next(iter(plans.items())), control=True)
        # Negative control: one layer of one panel moved by 2 px must be caught.
        example, plan = next(iter(plans.items()))
        browser.open(f"{server.url}/{example}.svg")
        panels = browser.run("const s = document.querySelector('g.tp-moment .tp-layer');"
                             "s.setAttribute('transform', 'translate(2 0)');" + MEASURE)
        _, _, problems = compare(plan, panels)
        checks.record(bool(problems), f"negative control: {example} with a layer moved 2 px is caught",
                      "; ".join(problems[:1]))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", default=os.environ.get("BIN", ".build/debug/transition-planner"))
    parser.add_argument("--proxy-port", type=int, required=True)
    parser.add_argument("examples", nargs="*")
    args = parser.parse_args()
    binary = os.path.abspath(args.bin)
    examples = [os.path.abspath(e) for e in args.examples] or sorted(glob.glob(os.path.join(ROOT, "examples/*.json")))
    began = time.monotonic()
    plans, documents = {}, {}
    for example in examples:
        name = os.path.basename(example)[: -len(".json")]
        plans[name], documents[name], css = run_cli(binary, example)
        documents[name + ".css"] = css_page(plans[name], css)
    server = Documents(documents)
    checks = Checks()
    try:
        for name in engines.names():
            checks.engine = name
            run_engine(checks, name, args.proxy_port, documents, plans, server)
    finally:
        server.close()
    print(f"exports test: {checks.passed} passed, {checks.failed} failed "
          f"({time.monotonic() - began:.1f} s; {checks.summary_by_engine()})", flush=True)
    return 1 if checks.failed else 0


if __name__ == "__main__":
    sys.exit(main())
