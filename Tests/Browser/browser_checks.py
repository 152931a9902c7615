"""The pass/fail tally the browser tests print (preview_test.py, player_test.py, exports_test.py).

Each line starts with the engine and its version in brackets (set `engine` before a browser's
checks), so a failure names the engine; the tally is kept per engine as well."""


class Checks:
    def __init__(self):
        self.passed = 0
        self.failed = 0
        self.engine = None
        self.by_engine = {}

    def record(self, ok, name, detail=""):
        if ok:
            self.passed += 1
        else:
            self.failed += 1
        tally = self.by_engine.setdefault(self.engine, [0, 0])
        tally[0 if ok else 1] += 1
        where = f"[{self.engine}] " if self.engine else ""
        print(("PASS " if ok else "FAIL ") + where + name + (": " + detail if detail else ""), flush=True)
        return ok

    def summary_by_engine(self):
        return ", ".join(f"{engine}: {p} passed, {f} failed" for engine, (p, f) in self.by_engine.items())


# Where an engine cannot play a plan within the common 0.5 px, the documented size of its
# deviation (docs/PLAYER.md and docs/API.md, "Engines"), and the layers it applies to. A check
# uses it for those layers only, and its line says so; nothing else is widened.
TOLERANCE_PX = 0.5
# Firefox ESR 153 interpolates and decomposes transforms in single precision: a layer under a
# strong perspective (|m34| >= 1/200) lands up to 0.53 px off the plan (cartSheet tilt 0.1,
# scale 0.85 x 0.95, perspective 100: 0.527 px at its last sample, 0.01-0.1 px before it).
FIREFOX_PERSPECTIVE_PX = 0.6


def box_tolerance(engine, layer):
    """(tolerance, note) for `layer` (a JSON plan layer) in `engine` ("firefox", ...)."""
    if engine == "firefox" and any(
            abs((k.get("transform") or [0] * 16)[11]) >= 1 / 200 for k in layer["keyframes"]):
        return FIREFOX_PERSPECTIVE_PX, "Firefox under perspective: documented 0.6 px"
    return TOLERANCE_PX, ""
