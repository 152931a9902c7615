#!/usr/bin/env python3
"""Prints a POST /v1/interactions request with a recorded-looking gesture stream.

    scripts/gen/gesture.py FIXTURE [--policy threshold|projected|system] [--velocity]
    scripts/gen/gesture.py fast-flick > examples/interaction-fast-flick.json   # makes an example

FIXTURE is a pan (slow-drag, fast-flick, drag-back, cancelled), an Android predictive-back
stream (back-cross-activity, back-retry, back-shared-element, back-full-screen) or a drag to
dismiss (drag-dismiss, drag-dismiss-hero); each wrote examples/interaction-FIXTURE.json. The
streams are 120 Hz and smooth (polynomial easing, no noise) so that the numbers can be checked
by hand. The pans are zoom pops (390 x 844 container, the docs/API.md example frames);
--velocity adds the recogniser's vx/vy to every pan sample (the analytic derivative of the
motion, as UIPanGestureRecognizer.velocity(in:) would report). Tests/TestSupport/
GestureFixtures.swift generates the same pan samples bit for bit (the arithmetic below is
mirrored there operation for operation: keep the two in step). The back and drag-dismiss
streams drive the plan of another example (examples/zoom-pop.json, hero-grid-pop.json,
expand-pop.json) and are written here only; InteractCommandTests compares their examples with
this script's output.
"""
import argparse
import json
import math
import sys

RATE = 120.0


def round_to(v, scale):
    """Round half away from zero at 1/scale, as Swift's (v * scale).rounded() / scale."""
    m = v * scale
    r = math.floor(abs(m) + 0.5)
    return math.copysign(r, m) / scale


def smoothstep(s):
    return s * s * (3.0 - 2.0 * s)


def smoothstep_slope(s):
    return 6.0 * s * (1.0 - s)


# Each fixture: (frames, position(i) -> (x, y, vx, vy), end state). Frame i is at t = i / 120.
def slow_drag(i):
    # 1.2 s ease-in-out drag to 160 pt (progress 0.41): past 0.35, nearly still at release.
    n = 144.0
    s = i / n
    return (160.0 * smoothstep(s), 6.0 * s, 160.0 * smoothstep_slope(s) / 1.2, 6.0 / 1.2)


def fast_flick(i):
    # 0.1 s accelerating flick to 120 pt (progress 0.31, under 0.35), 2400 pt/s at release.
    n = 12.0
    s = i / n
    return (120.0 * s * s, -4.0 * s, 240.0 * s / 0.1, -4.0 / 0.1)


def drag_back(i):
    # 0.6 s ease-in-out out to 200 pt (progress 0.51), then 0.4 s accelerating back to 60 pt.
    if i <= 72:
        s = i / 72.0
        return (200.0 * smoothstep(s), 3.0 * s, 200.0 * smoothstep_slope(s) / 0.6, 3.0 / 0.6)
    s = (i - 72) / 48.0
    return (200.0 - 140.0 * s * s, 3.0, -280.0 * s / 0.4, 0.0)


def cancelled(i):
    # 0.5 s ease-in-out drag to 150 pt (progress 0.38), then the touch is cancelled.
    n = 60.0
    s = i / n
    return (150.0 * smoothstep(s), 2.0 * s, 150.0 * smoothstep_slope(s) / 0.5, 2.0 / 0.5)


FIXTURES = {
    "slow-drag": (144, slow_drag, "ended"),
    "fast-flick": (12, fast_flick, "ended"),
    "drag-back": (120, drag_back, "ended"),
    "cancelled": (60, cancelled, "cancelled"),
}

# The policy each examples/interaction-FIXTURE.json uses (the default of --policy):
#   slow-drag   threshold: 0.41 > 0.35 finishes (projected and system would cancel: it is slow)
#   fast-flick  projected: 0.31 plus a 898 pt projection finishes (threshold would cancel)
#   drag-back   system:    released at 0.15 moving back at 656 pt/s: the score is negative, cancel
#   cancelled   threshold: 0.38 would finish, but a cancelled touch always cancels
EXAMPLE_POLICY = {
    "slow-drag": "threshold",
    "fast-flick": "projected",
    "drag-back": "system",
    "cancelled": "threshold",
}


def samples(name, velocity=False):
    frames, motion, end = FIXTURES[name]
    out = []
    for i in range(frames + 1):
        x, y, vx, vy = motion(i)
        sample = {"t": round_to(i / RATE, 1e6), "x": round_to(x, 100.0), "y": round_to(y, 100.0)}
        if velocity:
            sample["vx"] = round_to(vx, 100.0)
            sample["vy"] = round_to(vy, 100.0)
        sample["state"] = "began" if i == 0 else (end if i == frames else "changed")
        out.append(sample)
    return out


def number(v):
    if isinstance(v, float) and v == int(v) and abs(v) < 2**53:
        return str(int(v))
    return json.dumps(v)


def request(name, policy, velocity):
    release = {"policy": policy}
    if policy == "threshold":
        release["threshold"] = 0.35
    elif policy == "projected":
        release["decelerationRate"] = 0.998
    lines = []
    for s in samples(name, velocity):
        fields = ", ".join(
            f'"{k}": {json.dumps(v) if isinstance(v, str) else number(v)}' for k, v in s.items())
        lines.append("      {" + fields + "}")
    return (
        "{\n"
        '  "transition": {\n'
        '    "style": "zoom", "operation": "pop",\n'
        '    "container": {"width": 390, "height": 844},\n'
        '    "source": {"x": 16, "y": 220, "width": 170, "height": 170},\n'
        '    "destination": {"x": 0, "y": 91, "width": 390, "height": 390},\n'
        '    "frameRate": 60\n'
        "  },\n"
        '  "gesture": {\n'
        '    "direction": "either",\n'
        '    "samples": [\n' + ",\n".join(lines) + "\n    ]\n"
        "  },\n"
        f'  "release": {json.dumps(release)},\n'
        '  "completion": {"speed": 1, "curve": "easeInOut"}\n'
        "}\n")


# MARK: - Predictive back and drag to dismiss (docs/GESTURES.md)

def example_transition(name, frame_rate=60):
    """The plan request of examples/NAME.json, compact, with a frame rate."""
    with open(f"examples/{name}.json") as f:
        transition = json.load(f)
    transition["frameRate"] = frame_rate
    return transition


def back_stream(gestures, density):
    """BackEvents at 120 Hz. Each gesture: (start frame, frames, edge, progress(s), touch(s) ->
    (x, y) pixels or None, end state or None, end progress or None)."""
    out = []
    for start, frames, edge, progress, touch, end, end_progress in gestures:
        for i in range(frames + 1):
            s = i / frames
            sample = {"t": round_to((start + i) / RATE, 1e6)}
            sample["progress"] = round_to(progress(s), 1e4)
            point = touch(s)
            if point is None:
                sample["touchX"] = None
                sample["touchY"] = None
            else:
                sample["touchX"] = round_to(point[0], 10.0)
                sample["touchY"] = round_to(point[1], 10.0)
            if i == 0:
                sample["swipeEdge"] = edge
            sample["state"] = "began" if i == 0 else "moved"
            out.append(sample)
        if end is not None:
            sample = {"t": round_to((start + frames + 1) / RATE, 1e6)}
            if end_progress is not None:
                sample["progress"] = end_progress
            sample["state"] = end
            out.append(sample)
    return out


def back_cross_activity():
    # A left-edge swipe to 0.62 in 0.25 s at 3 px/pt, the finger drifting 50 pt down, then
    # onBackInvoked with no progress or touch of its own (both inherited).
    return ("zoom-pop", "crossActivity", 3, None, back_stream([
        (0, 30, "left", lambda s: 0.62 * smoothstep(s),
         lambda s: (6 + 700 * s, 1260 + 150 * smoothstep(s)), "invoked", None)], 3))


def back_retry():
    # A swipe to 0.3 that the user cancels (the spring back runs), then a right-edge retry
    # 0.1 s later to 0.55 that commits: two gestures, actions for the outcome only.
    return ("zoom-pop", "crossActivity", 3, None, back_stream([
        (0, 18, "left", lambda s: 0.3 * smoothstep(s),
         lambda s: (6 + 300 * s, 1500 - 60 * s), "cancelled", 0.28),
        (32, 24, "right", lambda s: 0.55 * smoothstep(s),
         lambda s: (1164 - 500 * s, 1300 + 90 * s), "invoked", None)], 3))


def back_shared_element():
    # The grid's hero pop under Material's shared-element pattern: a right-edge swipe to 0.45,
    # the finger moving up 40 pt, committed: the photo flies home while the screen detaches.
    return ("hero-grid-pop", "sharedElement", 3, None, back_stream([
        (0, 27, "right", lambda s: 0.45 * smoothstep(s),
         lambda s: (1160 - 500 * s, 1400 - 120 * smoothstep(s)), "invoked", None)], 3))


def back_full_screen():
    # The expand pop under Material's full-screen pattern, from a button (no edge, no touch:
    # null), to 0.35 and cancelled.
    return ("expand-pop", "fullScreen", 1, {"cancelCurve": "fastOutSlowIn"}, back_stream([
        (0, 24, "none", lambda s: 0.35 * smoothstep(s), lambda s: None, "cancelled", None)],
        1))


def drag_stream(frames, motion, end):
    out = []
    for i in range(frames + 1):
        x, y = motion(i / frames)
        state = "began" if i == 0 else (end if i == frames else "changed")
        out.append({"t": round_to(i / RATE, 1e6), "x": round_to(x, 100.0),
                    "y": round_to(y, 100.0), "state": state})
    return out


def drag_dismiss():
    # The zoom pop's snapshot grabbed at (200, 300) and dragged 230 pt down in 0.2 s, still
    # moving at about 800 pt/s: past the threshold, it springs home with the finger's velocity.
    return ("zoom-pop", None, {"x": 200, "y": 300}, None, {"policy": "threshold", "threshold": 0.35},
            drag_stream(24, lambda s: (18 * s, 230 * s * (1.4 - 0.4 * s)), "ended"))


def drag_dismiss_hero():
    # The grid's hero pop, its photo dragged 150 pt down and 90 pt back up in 0.4 s: the
    # projection falls short, the photo springs back into the detail screen.
    def motion(s):
        if s <= 0.5:
            return (-30 * s, 150 * smoothstep(2 * s))
        return (-15, 150 - 90 * smoothstep(2 * s - 1))
    return ("hero-grid-pop", "photo-3", None, {"maxShrink": 0.4},
            {"policy": "projected", "decelerationRate": 0.998},
            drag_stream(48, motion, "ended"))


BACK_FIXTURES = {
    "back-cross-activity": back_cross_activity,
    "back-retry": back_retry,
    "back-shared-element": back_shared_element,
    "back-full-screen": back_full_screen,
}
DRAG_FIXTURES = {"drag-dismiss": drag_dismiss, "drag-dismiss-hero": drag_dismiss_hero}


def compact(v):
    return json.dumps(v, separators=(", ", ": "))


def nested(v):
    """Pretty JSON for a member of the request's top-level object."""
    return json.dumps(v, indent=2).replace("\n", "\n  ")


def sample_lines(samples):
    lines = []
    for s in samples:
        fields = ", ".join(f'"{k}": {json.dumps(v) if not isinstance(v, float) else number(v)}'
                           for k, v in s.items())
        lines.append("      {" + fields + "}")
    return ",\n".join(lines)


def back_request(name):
    transition, pattern, density, parameters, samples = BACK_FIXTURES[name]()
    gesture = f'    "kind": "back", "pattern": "{pattern}", "density": {density},\n'
    if parameters:
        gesture += f'    "parameters": {compact(parameters)},\n'
    return ("{\n"
            f'  "transition": {nested(example_transition(transition))},\n'
            '  "gesture": {\n' + gesture +
            '    "samples": [\n' + sample_lines(samples) + "\n    ]\n"
            "  }\n"
            "}\n")


def drag_request(name):
    transition, element, anchor, parameters, release, samples = DRAG_FIXTURES[name]()
    gesture = '    "kind": "dragDismiss",\n'
    if element:
        gesture += f'    "element": "{element}",\n'
    if anchor:
        gesture += f'    "anchor": {compact(anchor)},\n'
    if parameters:
        gesture += f'    "parameters": {compact(parameters)},\n'
    return ("{\n"
            f'  "transition": {nested(example_transition(transition))},\n'
            '  "gesture": {\n' + gesture +
            '    "samples": [\n' + sample_lines(samples) + "\n    ]\n"
            "  },\n"
            f'  "release": {compact(release)},\n'
            '  "completion": {"speed": 1, "curve": "easeInOut"}\n'
            "}\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("fixture", choices=sorted(FIXTURES) + sorted(BACK_FIXTURES)
                        + sorted(DRAG_FIXTURES))
    parser.add_argument("--policy", choices=["threshold", "projected", "system"],
                        help="pans: default the fixture's example policy (see EXAMPLE_POLICY)")
    parser.add_argument("--velocity", action="store_true",
                        help="pans: add vx/vy (pt/s) to every sample")
    args = parser.parse_args()
    if args.fixture in BACK_FIXTURES:
        sys.stdout.write(back_request(args.fixture))
    elif args.fixture in DRAG_FIXTURES:
        sys.stdout.write(drag_request(args.fixture))
    else:
        policy = args.policy or EXAMPLE_POLICY[args.fixture]
        sys.stdout.write(request(args.fixture, policy, args.velocity))


if __name__ == "__main__":
    main()
