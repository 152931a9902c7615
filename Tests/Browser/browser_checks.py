"""The pass/fail tally the browser tests print (preview_test.py, player_test.py)."""


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
