#!/usr/bin/env python3
"""Renders the Lottie export of every example with two real Lottie players, rlottie (PyPI
rlottie-python) and ThorVG (PyPI thorvg-python, the engine under LottieFiles' dotLottie
players), and checks each layer's rendered box against the plan, for each renderer; then reports
what one draws differently from the other (the layer boxes whose pixel edges differ) and what a
ThorVG player shows when it holds its last frame.

For every examples/*.json (plans and interactions, hero included) the CLI prints the Lottie
document (`--format lottie`) and the JSON plan (`plan`, or `interact` for interaction-*). For
every plan layer and every sample of the plan (or, with --frames N, N of them: the first, the
last and evenly spaced ones in between), the layer is rendered ALONE: a copy of the document
keeps only that layer (matched by index, Lottie's first layer being the plan's top one, and by
name), with
its opacity forced to 100 and a solid white fill, rendered at the document size into a
transparent buffer. The bounding box of the pixels with alpha above half is compared with the
plan's box for that layer at that sample: the four corners of the keyframe's frame projected
as LayerGeometry.project does (row vector [q - anchor * size, 0, 1] times the CATransform3D,
divided by w, plus the position frame.origin + anchor * size), clipped to the canvas
[0, w] x [0, h] (a player draws only inside it). Each pixel edge must lie within 1 px of the
floor / ceil of the exact edge (left/top pixel edge in [floor(e) - 1, ceil(e) + 1], the same
for the exclusive right/bottom edge); the reported error is the distance between the pixel edge
and the exact one.

A layer/frame whose exact box is empty, off the canvas or under 1 px wide or tall after
clipping is skipped (counted), as is one with a corner at or behind the eye (w <= 0); an empty
or off-canvas one must render no pixel, though.

Corner radii do not change a rectangle's box, so for a layer whose keyframe has a cornerRadius
whose on-screen radius (times the rectangle's Lottie scale, clamped to half the shorter side as
players do) is over 3 px, each corner of the box that lies inside the canvas is checked to be
transparent: the pixel whose centre is nearest the corner inside the box must have alpha below
half. It is checked only when that pixel centre is outside the rounded corner by a margin of
0.5 px, so anti-aliasing cannot decide it. That checks that the roundness really renders.

rlottie renders integer frames only. Every plan sample but the last lies on the frame grid; when
the last one (t = duration) falls between frames, the copy's keyframe times (and out point) are
shifted back by the fraction so that the sample lands on an integer frame. ThorVG renders
fractional frames: every sample is drawn at its own frame.

The held end: a player that stops at its last frame before the out point `op` (lottie-web at
floor(op) - 1, ThorVG asked for any frame from op on draws op - 1) must show the plan's end. The
export puts `op` one whole frame past the last sample, so each layer (and each content layer
under its matte) is drawn by each renderer at ceil(op) - 1, and by ThorVG also at op itself,
and its box must match the plan's end box within the same 1 px. The negative control gives
interaction-back-retry (whose completion moves about 200 px in its last frame) the out point
the export had before (the last sample's frame): the held end must then fail for each renderer,
or the run fails.

Usage: render_test.py [--bin PATH] [--frames N] [--jobs N] [--renderers rlottie,thorvg] [EXAMPLE.json ...]
  --bin: the CLI (default: BIN env var, else .build/debug/transition-planner);
  --frames: default LOTTIE_FRAMES env var, else 0 (every sample); examples: all examples/*.json.
One line per example, then a summary; exits 1 on any failure.
"""

import argparse
import copy
import glob
import json
import math
import os
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor

import threading

RENDERERS = ("rlottie", "thorvg")

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
EDGE_TOLERANCE_PX = 1
CORNER_MIN_RADIUS_PX = 3.0
CORNER_MARGIN_PX = 0.5
FRAME_EPSILON = 1e-6
CONTROL_EXAMPLE = "interaction-back-retry"
WHITE = [1, 1, 1, 1]
IDENTITY = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]

# Maps an alpha byte to 1 when above half (> 127 of 255), else 0.
ABOVE_HALF = bytes(1 if i > 127 else 0 for i in range(256))


# MARK: - The CLI


def run_cli(binary, example):
    name = os.path.basename(example)[: -len(".json")]
    command = "interact" if name.startswith("interaction-") else "plan"

    def run(*extra):
        result = subprocess.run(
            [binary, command, example, *extra], capture_output=True, check=False
        )
        if result.returncode != 0:
            raise RuntimeError(
                f"{binary} {command} {example} {' '.join(extra)} exited {result.returncode}: "
                + result.stderr.decode(errors="replace")[:500]
            )
        return json.loads(result.stdout)

    return run(), run("--format", "lottie")


# MARK: - The plan's boxes


def project(frame, anchor, m):
    """The keyframe's four corners on screen, or None when one is at or behind the eye."""
    w, h = frame["width"], frame["height"]
    ax, ay = anchor["x"] * w, anchor["y"] * h
    px, py = frame["x"] + ax, frame["y"] + ay
    points = []
    for qx, qy in ((0, 0), (w, 0), (w, h), (0, h)):
        vx, vy = qx - ax, qy - ay
        # Row vector [vx, vy, 0, 1] times M (m11..m44 row-major).
        rx = vx * m[0] + vy * m[4] + m[12]
        ry = vx * m[1] + vy * m[5] + m[13]
        rw = vx * m[3] + vy * m[7] + m[15]
        if rw <= 0:
            return None
        points.append((rx / rw + px, ry / rw + py))
    return points


def exact_box(keyframe, anchor):
    corners = project(keyframe["frame"], anchor, keyframe.get("transform", IDENTITY))
    if corners is None:
        return None
    xs = [c[0] for c in corners]
    ys = [c[1] for c in corners]
    return (min(xs), min(ys), max(xs), max(ys))


def clip(box, width, height):
    x0, y0, x1, y1 = box
    return (max(x0, 0.0), max(y0, 0.0), min(x1, float(width)), min(y1, float(height)))


# MARK: - Rendering


def pixel_box(alpha, width, height):
    """(left, top, right, bottom) of the pixels marked 1, right and bottom exclusive."""
    first = alpha.find(1)
    if first < 0:
        return None
    last = alpha.rfind(1)
    top, bottom = first // width, last // width
    left, right = width, -1
    for y in range(top, bottom + 1):
        row = alpha[y * width : (y + 1) * width]
        x = row.find(1)
        if x >= 0:
            if x < left:
                left = x
            r = row.rfind(1)
            if r > right:
                right = r
    return (left, top, right + 1, bottom + 1)


def shift_keyframes(node, delta):
    """Moves every keyframe time in a layer back by delta."""
    if isinstance(node, dict):
        if node.get("a") == 1 and isinstance(node.get("k"), list):
            for key in node["k"]:
                if isinstance(key, dict) and "t" in key:
                    key["t"] = key["t"] - delta
        for value in node.values():
            shift_keyframes(value, delta)
    elif isinstance(node, list):
        for value in node:
            shift_keyframes(value, delta)


def solo_document(document, layer, shift=0.0):
    """The document with only this layer, fully opaque and filled white."""
    solo = {k: v for k, v in document.items() if k != "layers"}
    layer = copy.deepcopy(layer)
    layer["ks"]["o"] = {"a": 0, "k": 100}

    def paint(items):
        for item in items:
            if item.get("ty") == "fl":
                item["c"] = {"a": 0, "k": WHITE}
                item["o"] = {"a": 0, "k": 100}
            elif item.get("ty") == "gr":
                paint(item.get("it", []))

    paint(layer.get("shapes", []))
    if shift:
        shift_keyframes(layer, shift)
        layer["op"] = layer["op"] - shift
        solo["op"] = solo["op"] - shift
    solo["layers"] = [layer]
    return json.dumps(solo)


def render(data, frames, width, height, renderer):
    """{frame: (alpha marks bytes)} for each integer frame, drawn by `renderer`."""
    return {"rlottie": render_rlottie, "thorvg": render_thorvg}[renderer](data, frames, width, height)


def render_rlottie(data, frames, width, height):
    from rlottie_python import LottieAnimation

    animation = LottieAnimation.from_data(data=data)
    try:
        out = {}
        for f in frames:
            buffer = animation.lottie_animation_render(frame_num=f, width=width, height=height)
            # ARGB32 premultiplied, native order (little endian: B, G, R, A).
            out[f] = buffer[3::4].translate(ABOVE_HALF)
        return out
    finally:
        animation.lottie_animation_destroy()


_thorvg = {}
_thorvg_lock = threading.Lock()


def thorvg_engine():
    """ThorVG's engine, initialised once for the process (software rasteriser, no threads of
    its own: the examples are rendered two at a time already)."""
    with _thorvg_lock:
        if "engine" not in _thorvg:
            import thorvg_python

            _thorvg["module"] = thorvg_python
            _thorvg["engine"] = thorvg_python.Engine(threads=0)
        return _thorvg["module"], _thorvg["engine"]


def render_thorvg(data, frames, width, height):
    tvg, engine = thorvg_engine()
    canvas = tvg.SwCanvas(engine)
    try:
        # ARGB8888 in a uint32 per pixel: alpha is the byte at offset 3 on little endian.
        check_thorvg(canvas.set_target(width, height, cs=tvg.Colorspace.ARGB8888), "set_target")
        animation = tvg.LottieAnimation(engine)
        picture = animation.get_picture()
        check_thorvg(picture.load_data(data.encode(), "lottie", None, True), "load_data")
        check_thorvg(picture.set_size(width, height), "set_size")
        check_thorvg(canvas.add(picture), "add")
        out = {}
        for f in frames:
            animation.set_frame(float(f))
            check_thorvg(canvas.update(), "update")
            check_thorvg(canvas.draw(True), "draw")
            check_thorvg(canvas.sync(), "sync")
            out[f] = bytes(canvas.buffer_arr)[3::4].translate(ABOVE_HALF)
        return out
    finally:
        canvas.destroy()


def check_thorvg(result, what):
    if int(result) != 0:
        raise RuntimeError(f"thorvg {what}: {result}")


# MARK: - Choosing frames


def sample_frames(times, rate, count):
    """Indices of the samples to check: the first, the last and count - 2 evenly spaced
    between (every one when count is 0), all on the integer frame grid but possibly the last."""
    on_grid = [
        i for i, t in enumerate(times) if abs(t * rate - round(t * rate)) < FRAME_EPSILON
    ]
    last = len(times) - 1
    inner = [i for i in on_grid if 0 < i < last]
    chosen = {0, last}
    wanted = max(count - 2, 0)
    if count == 0 or len(inner) <= wanted:
        chosen.update(inner)
    else:
        for k in range(wanted):
            chosen.add(inner[round((k + 1) * (len(inner) - 1) / (wanted + 1))])
    return sorted(chosen)


# MARK: - One example


def corner_checks(box, keyframe, lottie_scale, canvas_w, canvas_h):
    """The corner pixels that must be transparent: [(name, px, py)]."""
    radius = keyframe.get("cornerRadius", 0) or 0
    frame = keyframe["frame"]
    w, h = frame["width"], frame["height"]
    if radius <= 0 or w <= 0 or h <= 0:
        return [], 0.0
    r = min(radius, w / 2, h / 2)
    rx, ry = r * lottie_scale[0], r * lottie_scale[1]
    if min(rx, ry) <= CORNER_MIN_RADIUS_PX:
        return [], min(rx, ry)
    x0, y0, x1, y1 = box
    checks = []
    for name, cx, cy, sx, sy in (
        ("top-left", x0, y0, 1, 1),
        ("top-right", x1, y0, -1, 1),
        ("bottom-right", x1, y1, -1, -1),
        ("bottom-left", x0, y1, 1, -1),
    ):
        if not (0 <= cx <= canvas_w and 0 <= cy <= canvas_h):
            continue
        # The pixel whose centre is nearest the corner inside the box.
        px = math.ceil(cx - 0.5) if sx > 0 else math.floor(cx - 0.5)
        py = math.ceil(cy - 0.5) if sy > 0 else math.floor(cy - 0.5)
        if not (0 <= px < canvas_w and 0 <= py < canvas_h):
            continue
        # Its centre must be outside the corner's ellipse grown by the margin.
        ex, ey = cx + sx * rx, cy + sy * ry
        u = (px + 0.5 - ex) / (rx + CORNER_MARGIN_PX)
        v = (py + 0.5 - ey) / (ry + CORNER_MARGIN_PX)
        if u * u + v * v <= 1:
            continue
        checks.append((name, px, py))
    return checks, min(rx, ry)


def check_example(binary, example, frame_count, renderer, control=False):
    """One example's checks for one renderer. With control, the negative control: only the held
    end, with the out point the export had before (the last sample's frame)."""
    name = os.path.basename(example)[: -len(".json")]
    result = {
        "name": name, "renderer": renderer, "checked": 0, "skipped": 0, "corners": 0,
        "max_error": 0.0, "failures": [], "layers": 0, "frames": [], "notes": [], "skips": {},
        "boxes": {}, "held": 0,
    }
    plan, document = run_cli(binary, example)
    rate = plan["frameRate"]
    canvas_w, canvas_h = int(document["w"]), int(document["h"])
    container = plan.get("container")
    if container is None:
        with open(example, encoding="utf-8") as f:
            container = json.load(f).get("transition", {}).get("container")
    if container and (
        canvas_w != math.ceil(container["width"]) or canvas_h != math.ceil(container["height"])
    ):
        result["failures"].append(
            f"document size {canvas_w}x{canvas_h} is not the container's "
            f"{container['width']}x{container['height']} rounded up"
        )
    layers = plan["layers"]
    result["layers"] = len(layers)
    # A layer with a content frame has its matte (td) and content (tt) above it, parented to it.
    element_layers = [l for l in document["layers"] if not l.get("td") and not l.get("tt")]
    content_layers = {}
    for n, l in enumerate(document["layers"]):
        if l.get("td"):
            content_layers[l.get("parent")] = (l, document["layers"][n + 1])
    if len(element_layers) != len(layers):
        result["failures"].append(
            f"{len(element_layers)} Lottie layers for {len(layers)} plan layers"
        )
        return result
    times = [k["t"] for k in layers[0]["keyframes"]]
    indices = sample_frames(times, rate, frame_count)
    last = len(times) - 1
    last_frame = times[last] * rate
    if control:
        indices = []
        document["op"] = last_frame
        for l in document["layers"]:
            l["op"] = last_frame
    shift = last_frame - math.floor(last_frame)
    if renderer == "thorvg":
        # ThorVG takes fractional frames: every sample at its own.
        shift = 0.0
        frame_of = {i: times[i] * rate for i in indices}
    elif shift < FRAME_EPSILON or 1 - shift < FRAME_EPSILON:
        shift = 0.0
        frame_of = {i: round(times[i] * rate) for i in indices}
    else:
        result["notes"].append(f"last sample at frame {last_frame:.4g} rendered shifted by {shift:.4g}")
        frame_of = {i: round(times[i] * rate) for i in indices}
        frame_of[last] = math.floor(last_frame)
    result["frames"] = [round(frame_of[i], 3) if i != last or not shift else round(last_frame, 3) for i in indices]

    for n, lottie_layer in enumerate(element_layers):
        index = len(layers) - 1 - n
        layer = layers[index]
        if lottie_layer.get("nm") != layer["id"]:
            result["failures"].append(
                f"Lottie layer {n} is {lottie_layer.get('nm')!r}, expected plan layer {index} {layer['id']!r}"
            )
            continue
        if len(layer["keyframes"]) != len(times):
            result["failures"].append(f"{layer['id']}: {len(layer['keyframes'])} keyframes, expected {len(times)}")
            continue
        grid = [i for i in indices if not (shift and i == last)]
        rendered = render(solo_document(document, lottie_layer), [frame_of[i] for i in grid], canvas_w, canvas_h,
                          renderer)
        marks = {i: rendered[frame_of[i]] for i in grid}
        if shift:
            marks[last] = render(
                solo_document(document, lottie_layer, shift), [frame_of[last]], canvas_w, canvas_h, renderer
            )[frame_of[last]]
        for i in indices:
            keyframe = layer["keyframes"][i]
            where = f"{name} layer {layer['id']} sample {i} (t={keyframe['t']:.6g}, frame {times[i] * rate:.6g})"
            unclipped = exact_box(keyframe, layer["anchor"])
            box = None if unclipped is None else clip(unclipped, canvas_w, canvas_h)
            got = pixel_box(marks[i], canvas_w, canvas_h)
            result["boxes"][(layer["id"], i)] = got
            reason = skip_reason(unclipped, box)
            if reason:
                result["skipped"] += 1
                result["skips"][reason] = result["skips"].get(reason, 0) + 1
                if got is not None and reason in ("empty", "off the canvas"):
                    result["failures"].append(
                        f"{where}: rendered {got} although the plan box {fmt(unclipped)} is {reason}"
                    )
                continue
            result["checked"] += 1
            if got is None:
                radius = keyframe.get("cornerRadius", 0) or 0
                hint = (
                    f" (cornerRadius {radius:.3g}: rlottie drops a rectangle whose roundness is "
                    "a tiny non-zero number, about 1e-6 of a large rectangle)"
                    if 0 < radius < 1e-3 and renderer == "rlottie" else ""
                )
                result["failures"].append(f"{where}: nothing rendered; plan box {fmt(box)}{hint}")
                continue
            bad = edge_misses(box, got, result)
            if bad:
                result["failures"].append(
                    f"{where}: {', '.join(bad)}; rendered {got}, plan {fmt(box)}"
                    + ("" if box == unclipped else f" (unclipped {fmt(unclipped)})")
                )
            # The Lottie rectangle's scale: the box over the untransformed size.
            fw, fh = keyframe["frame"]["width"], keyframe["frame"]["height"]
            scale = (
                (unclipped[2] - unclipped[0]) / fw if fw > 0 else 1,
                (unclipped[3] - unclipped[1]) / fh if fh > 0 else 1,
            )
            corners, radius = corner_checks(unclipped, keyframe, scale, canvas_w, canvas_h)
            for corner, px, py in corners:
                result["corners"] += 1
                if marks[i][py * canvas_w + px]:
                    result["failures"].append(
                        f"{where}: {corner} corner pixel ({px}, {py}) is opaque although the "
                        f"on-screen radius is {radius:.2f} px (cornerRadius {keyframe.get('cornerRadius')}); "
                        f"plan box {fmt(unclipped)}"
                    )
        pair = content_layers.get(lottie_layer.get("ind"))
        if pair:
            check_content(
                document, lottie_layer, pair, layer, indices, frame_of, shift, last, canvas_w,
                canvas_h, name, result,
            )
        check_held_end(document, lottie_layer, pair, layer, canvas_w, canvas_h, result)
    return result


def held_frames(document, renderer):
    """The frames a player shows when it holds its end: the last whole frame before the out
    point (lottie-web's last frame, floor(op) - 1 for a whole op), and for ThorVG the out point
    itself too, which it draws as the frame before it."""
    op = float(document["op"])
    last_whole = math.ceil(op) - 1
    return [last_whole, op] if renderer == "thorvg" else [last_whole]


def check_held_end(document, lottie_layer, pair, layer, canvas_w, canvas_h, result):
    """The layer (and its content under the matte) where a player holds its last frame: the
    box of the plan's end state, within the same 1 px."""
    renderer = result["renderer"]
    frames = held_frames(document, renderer)
    keyframe = layer["keyframes"][-1]
    drawn = [(layer["id"], exact_box(keyframe, layer["anchor"]),
              render(solo_document(document, lottie_layer), frames, canvas_w, canvas_h, renderer))]
    if pair:
        matte, content = pair
        drawn.append((layer["id"] + " content", content_box(keyframe, layer["anchor"]),
                      render(content_document(document, lottie_layer, matte, content), frames,
                             canvas_w, canvas_h, renderer)))
    for what, unclipped, marks in drawn:
        box = None if unclipped is None else clip(unclipped, canvas_w, canvas_h)
        reason = skip_reason(unclipped, box)
        for f in frames:
            where = (f"{result['name']} layer {what} held end (frame {f:g} of op "
                     f"{float(document['op']):g})")
            got = pixel_box(marks[f], canvas_w, canvas_h)
            if reason:
                if got is not None and reason in ("empty", "off the canvas"):
                    result["failures"].append(
                        f"{where}: rendered {got} although the plan's end box {fmt(unclipped)} is {reason}")
                continue
            result["held"] += 1
            if got is None:
                result["failures"].append(f"{where}: nothing rendered; plan's end box {fmt(box)}")
                continue
            bad = edge_misses(box, got, result)
            if bad:
                result["failures"].append(
                    f"{where}: {', '.join(bad)}; rendered {got}, plan's end box {fmt(box)}")


def content_document(document, parent, matte, content, shift=0.0):
    """Matte, content and parent: the content white and opaque, the parent's fill invisible."""
    solo = {k: v for k, v in document.items() if k != "layers"}
    parent = copy.deepcopy(parent)
    matte = copy.deepcopy(matte)
    content = copy.deepcopy(content)
    content["ks"]["o"] = {"a": 0, "k": 100}

    def paint(items, opacity):
        for item in items:
            if item.get("ty") == "fl":
                item["c"] = {"a": 0, "k": WHITE}
                item["o"] = {"a": 0, "k": opacity}
            elif item.get("ty") == "gr":
                paint(item.get("it", []), opacity)

    paint(parent.get("shapes", []), 0)
    paint(content.get("shapes", []), 100)
    layers = [matte, content, parent]
    if shift:
        for l in layers:
            shift_keyframes(l, shift)
            l["op"] = l["op"] - shift
        solo["op"] = solo["op"] - shift
    solo["layers"] = layers
    return json.dumps(solo)


def content_box(keyframe, anchor):
    """The content frame's projected bounding box, cut to the layer's own box."""
    frame = keyframe["frame"]
    c = keyframe["contentFrame"]
    inner = {
        "x": frame["x"] + max(c["x"], 0.0),
        "y": frame["y"] + max(c["y"], 0.0),
        "width": min(c["x"] + c["width"], frame["width"]) - max(c["x"], 0.0),
        "height": min(c["y"] + c["height"], frame["height"]) - max(c["y"], 0.0),
    }
    if inner["width"] <= 0 or inner["height"] <= 0:
        return None
    # The inner rect is projected about the layer's anchor (a point of the layer's own box).
    ax = (frame["x"] + anchor["x"] * frame["width"] - inner["x"]) / inner["width"]
    ay = (frame["y"] + anchor["y"] * frame["height"] - inner["y"]) / inner["height"]
    corners = project(inner, {"x": ax, "y": ay}, keyframe.get("transform", IDENTITY))
    if corners is None:
        return None
    xs = [p[0] for p in corners]
    ys = [p[1] for p in corners]
    return (min(xs), min(ys), max(xs), max(ys))


def check_content(document, parent, pair, layer, indices, frame_of, shift, last, canvas_w,
                  canvas_h, name, result):
    """The content child, clipped by its layer's matte: its box within 1 px of the plan's."""
    matte, content = pair
    grid = [i for i in indices if not (shift and i == last)]
    renderer = result["renderer"]
    rendered = render(content_document(document, parent, matte, content),
                      [frame_of[i] for i in grid], canvas_w, canvas_h, renderer)
    marks = {i: rendered[frame_of[i]] for i in grid}
    if shift:
        marks[last] = render(content_document(document, parent, matte, content, shift),
                             [frame_of[last]], canvas_w, canvas_h, renderer)[frame_of[last]]
    for i in indices:
        keyframe = layer["keyframes"][i]
        where = f"{name} layer {layer['id']} content, sample {i}"
        unclipped = content_box(keyframe, layer["anchor"])
        box = None if unclipped is None else clip(unclipped, canvas_w, canvas_h)
        reason = skip_reason(unclipped, box)
        got = pixel_box(marks[i], canvas_w, canvas_h)
        result["boxes"][(layer["id"] + " content", i)] = got
        if reason:
            result["skipped"] += 1
            result["skips"][reason] = result["skips"].get(reason, 0) + 1
            continue
        result["checked"] += 1
        result["contents"] = result.get("contents", 0) + 1
        if got is None:
            result["failures"].append(f"{where}: nothing rendered; plan box {fmt(box)}")
            continue
        bad = edge_misses(box, got, result)
        if bad:
            result["failures"].append(f"{where}: {', '.join(bad)}; rendered {got}, plan {fmt(box)}")


def edge_misses(box, got, result):
    """The edges of the rendered box `got` beyond floor/ceil of the exact `box` +- the tolerance,
    in words; raises result["max_error"] to the largest distance seen."""
    bad = []
    for edge, e, g in zip(("left", "top", "right", "bottom"), box, got):
        error = abs(g - e)
        result["max_error"] = max(result["max_error"], error)
        if not (math.floor(e) - EDGE_TOLERANCE_PX <= g <= math.ceil(e) + EDGE_TOLERANCE_PX):
            bad.append(f"{edge} {g} vs {e:.3f} (off by {error:.3f} px)")
    return bad


def skip_reason(unclipped, box):
    """Why a box is not checked, or None."""
    if unclipped is None:
        return "behind the eye"
    if unclipped[2] - unclipped[0] <= 0 or unclipped[3] - unclipped[1] <= 0:
        return "empty"
    if box[2] - box[0] <= 0 or box[3] - box[1] <= 0:
        return "off the canvas"
    if box[2] - box[0] < 1 or box[3] - box[1] < 1:
        return "under 1 px"
    return None


def fmt(box):
    return "(" + ", ".join(f"{v:.3f}" for v in box) + ")"


# MARK: - Main


def renderer_version(renderer):
    from importlib.metadata import version

    if renderer == "rlottie":
        return f"(rlottie-python {version('rlottie-python')})"
    tvg, engine = thorvg_engine()
    _, major, minor, micro, _ = engine.version()
    return f"{major}.{minor}.{micro} (thorvg-python {version('thorvg-python')})"


def report_differences(results, renderers):
    """What one renderer draws differently from the other: per example, the layer boxes (at the
    same samples) whose pixel edges differ, the largest difference and where it is."""
    by = {(r["name"], r["renderer"]): r for r in results}
    first, second = renderers[0], renderers[1]
    total = same = 0
    for name in sorted({r["name"] for r in results}):
        a, b = by.get((name, first)), by.get((name, second))
        if not a or not b:
            continue
        differ = []
        for key in sorted(set(a["boxes"]) | set(b["boxes"]), key=str):
            total += 1
            x, y = a["boxes"].get(key), b["boxes"].get(key)
            if x == y:
                same += 1
                continue
            if x is None or y is None:
                differ.append((float("inf"), key, x, y))
            else:
                differ.append((max(abs(p - q) for p, q in zip(x, y)), key, x, y))
        if differ:
            worst = max(differ, key=lambda d: d[0])
            print(f"differ {name}: {len(differ)} of {len(set(a['boxes']) | set(b['boxes']))} boxes; "
                  f"largest {worst[0]:g} px at {worst[1][0]} sample {worst[1][1]}: "
                  f"{first} {worst[2]}, {second} {worst[3]}")
    print(f"{first} and {second}: {same} of {total} layer boxes the same pixel box, "
          f"{total - same} differ")


def describe(skips):
    if not skips:
        return ""
    return " (" + ", ".join(f"{count} {reason}" for reason, count in sorted(skips.items())) + ")"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bin", default=os.environ.get("BIN", ".build/debug/transition-planner"))
    parser.add_argument(
        "--frames", type=int, default=int(os.environ.get("LOTTIE_FRAMES", "0")),
        help="sample frames per example: at least 5, or 0 (the default) for every sample",
    )
    parser.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1))
    parser.add_argument("--renderers", default=os.environ.get("LOTTIE_RENDERERS", ",".join(RENDERERS)),
                        help="comma-separated: rlottie, thorvg (default both)")
    parser.add_argument("examples", nargs="*")
    args = parser.parse_args()
    # Paths given relative to the caller's directory; examples/*.json relative to the repository.
    binary = os.path.abspath(args.bin)
    given = [os.path.abspath(e) for e in args.examples]
    os.chdir(ROOT)
    if 0 < args.frames < 5:
        parser.error("--frames must be 0 (every sample) or at least 5")
    examples = given or sorted(glob.glob("examples/*.json"))
    if not os.access(binary, os.X_OK):
        print(f"no CLI binary at {args.bin} (swift build --product transition-planner, or pass --bin / BIN)")
        return 1

    renderers = [r.strip() for r in args.renderers.split(",") if r.strip()]
    unknown = [r for r in renderers if r not in RENDERERS]
    if unknown or not renderers:
        parser.error(f"--renderers: {unknown or 'none'}; known: {', '.join(RENDERERS)}")
    versions = {r: renderer_version(r) for r in renderers}
    print("renderers: " + ", ".join(f"{r} {v}" for r, v in versions.items()), flush=True)

    started = time.monotonic()
    # Both players render inside ctypes calls, which release the GIL: threads use both cores.
    jobs = [(e, r) for e in examples for r in renderers]
    with ThreadPoolExecutor(max_workers=max(args.jobs, 1)) as pool:
        futures = [pool.submit(check_example, binary, e, args.frames, r) for e, r in jobs]
        results = []
        for (example, renderer), future in zip(jobs, futures):
            try:
                results.append(future.result())
            except Exception as error:  # noqa: BLE001 - reported as the example's failure
                name = os.path.basename(example)[: -len(".json")]
                results.append({
                    "name": name, "renderer": renderer, "checked": 0, "skipped": 0, "corners": 0,
                    "max_error": 0.0, "failures": [f"{type(error).__name__}: {error}"], "layers": 0,
                    "frames": [], "notes": [], "skips": {}, "boxes": {}, "held": 0,
                })

    failed = 0
    totals = {"checked": 0, "skipped": 0, "corners": 0, "held": 0}
    skips = {}
    worst = 0.0
    for r in results:
        for key in totals:
            totals[key] += r[key]
        for reason, count in r["skips"].items():
            skips[reason] = skips.get(reason, 0) + count
        worst = max(worst, r["max_error"])
        status = "FAIL" if r["failures"] else "ok  "
        frames = r["frames"]
        if len(frames) > 9:
            frames = frames[:3] + ["..."] + frames[-3:]
        frames = ",".join(str(f) for f in frames)
        line = (
            f"{status} [{r['renderer']} {versions[r['renderer']]}] {r['name']}: {r['layers']} layers x {len(r['frames'])} frames [{frames}]: "
            f"{r['checked']} boxes checked, {r['skipped']} skipped{describe(r['skips'])}, "
            f"{r['corners']} corners, {r['held']} held-end boxes; "
            f"max edge error {r['max_error']:.3f} px"
        )
        if r["notes"]:
            line += " (" + "; ".join(r["notes"]) + ")"
        print(line)
        if r["failures"]:
            failed += 1
            for failure in r["failures"][:20]:
                print(f"  {failure}")
            if len(r["failures"]) > 20:
                print(f"  ... {len(r['failures']) - 20} more")
    controls_failed = negative_control(binary, examples, renderers, versions)
    if len(renderers) > 1:
        report_differences(results, renderers)
    elapsed = time.monotonic() - started
    print(
        f"{len(examples)} examples x {len(renderers)} renderers, {totals['checked']} layer boxes checked, {totals['skipped']} skipped"
        f"{describe(skips)}, {totals['corners']} rounded corners and {totals['held']} held-end boxes "
        f"checked; max edge error {worst:.3f} px (tolerance: floor/ceil of the exact edge "
        f"± {EDGE_TOLERANCE_PX} px); {failed} failed; {elapsed:.1f} s"
    )
    return 1 if failed or controls_failed else 0


def negative_control(binary, examples, renderers, versions):
    """The held-end check must catch the out point the export had before (the last sample's
    frame: a held player shows the plan one frame before its end). Returns how many renderers
    did not catch it."""
    example = next((e for e in examples if os.path.basename(e) == CONTROL_EXAMPLE + ".json"), None)
    if example is None:
        print(f"negative control skipped: {CONTROL_EXAMPLE} is not among the examples run")
        return 0
    missed = 0
    for renderer in renderers:
        r = check_example(binary, example, 0, renderer, control=True)
        held = [f for f in r["failures"] if "held end" in f]
        other = [f for f in r["failures"] if "held end" not in f]
        if held and not other:
            print(f"ok   [{renderer} {versions[renderer]}] negative control: {CONTROL_EXAMPLE} with op "
                  f"at its last sample fails the held end ({len(held)} of {r['held']} boxes), "
                  f"as it must; first: {held[0]}")
        else:
            missed += 1
            print(f"FAIL [{renderer} {versions[renderer]}] negative control: {CONTROL_EXAMPLE} with op at "
                  f"its last sample: {len(held)} held-end failures, other failures {other[:3]}")
    return missed


if __name__ == "__main__":
    sys.exit(main())
