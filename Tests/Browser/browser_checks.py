"""The pass/fail tally the browser tests print (preview_test.py, player_test.py, exports_test.py),
and what each of them does around one engine's run (``engine_run``, ``check_console``,
``check_dead_proxy``).

Each line starts with the engine and its version in brackets (set `engine` before a browser's
checks), so a failure names the engine; the tally is kept per engine as well."""

import contextlib
import signal
import time

import engines


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


class OutOfTime(BaseException):
    """A run's own time limit. Not an Exception (nor a TimeoutError, which urllib3 would take for
    a socket time-out), so no step's handler swallows it."""


class EngineRun:
    """What the body of ``engine_run`` started: the browser it is to quit."""
    browser = None


@contextlib.contextmanager
def engine_run(checks, name, what, time_limit_s=None):
    """One engine's part of a test. The body starts the browser (`run.browser =
    engines.start(...)`) and sets `checks.engine`; whatever it raises, and its time limit when one
    is given (SIGALRM), is one failed check naming the engine instead of ending the test; the
    browser is quit and the run's seconds printed in any case."""
    def out_of_time(*_):
        raise OutOfTime(f"over {time_limit_s} s")
    if time_limit_s:
        signal.signal(signal.SIGALRM, out_of_time)
        signal.alarm(time_limit_s)
    began = time.monotonic()
    run = EngineRun()
    try:
        yield run
    except OutOfTime as error:
        checks.record(False, "time limit", str(error))
    except Exception as error:  # noqa: BLE001 - the engine could not run: a failure naming it
        checks.record(False, "engine raised", f"{type(error).__name__}: {str(error)[:400]}")
    finally:
        if time_limit_s:
            signal.alarm(0)
        if run.browser is not None:
            run.browser.quit()
        print(f"[{checks.engine or name}] {what} test: {time.monotonic() - began:.1f} s", flush=True)
        checks.engine = None


def check_console(checks, browser, expected=()):
    """No errors in the browser's console but the `expected` ones (substrings: failed loads the
    test asked for); a NOTE where the engine's driver serves no console log."""
    logs = browser.console_errors()
    if logs is None:
        print(f"NOTE [{browser.label}] console not checked: the engine's driver serves no console log",
              flush=True)
        return
    logs = [e for e in logs if not any(x in e for x in expected)]
    checks.record(not logs, "no errors in the browser console", "; ".join(e[:200] for e in logs))


def check_dead_proxy(checks, browser, host):
    """A URL off this machine goes to the dead loopback proxy and fails there (each engine's own
    refusal text); `host` (.invalid) never resolves anyway."""
    error = browser.load_error(f"http://{host}/").strip()
    checks.record(engines.PROXY_REFUSED[browser.name] in error,
                  "an outside URL goes to the dead proxy", error.splitlines()[0][:160] if error else "")
