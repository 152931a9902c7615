#!/usr/bin/env python3
"""Prints a POST /v1/interactions request with a recorded-looking pan stream.

    scripts/gen/gesture.py FIXTURE [--policy threshold|projected|system] [--velocity]
    scripts/gen/gesture.py fast-flick > examples/interaction-fast-flick.json   # makes an example

FIXTURE is one of: slow-drag, fast-flick, drag-back, cancelled. The streams are 120 Hz pans on
a zoom pop (390 x 844 container, the docs/API.md example frames), smooth (polynomial easing, no
noise) so that the numbers can be checked by hand. --velocity adds the recogniser's vx/vy to
every sample (the analytic derivative of the motion, as UIPanGestureRecognizer.velocity(in:)
would report). Tests/TestSupport/GestureFixtures.swift generates the same samples bit for bit
(the arithmetic below is mirrored there operation for operation: keep the two in step).
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


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("fixture", choices=sorted(FIXTURES))
    parser.add_argument("--policy", choices=["threshold", "projected", "system"],
                        help="default: the fixture's example policy (see EXAMPLE_POLICY)")
    parser.add_argument("--velocity", action="store_true",
                        help="add vx/vy (pt/s) to every sample")
    args = parser.parse_args()
    policy = args.policy or EXAMPLE_POLICY[args.fixture]
    sys.stdout.write(request(args.fixture, policy, args.velocity))


if __name__ == "__main__":
    main()
