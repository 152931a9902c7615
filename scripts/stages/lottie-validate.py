#!/usr/bin/env python3
"""Validates Lottie documents against the official Lottie JSON schema (PyPI lottie-specs).

Usage: lottie-validate.py FILE...   (prints one line per file; exits 1 if any is invalid)

Beyond the schema it checks what players need and the schema leaves optional: a top-level
"v", and "st" on every layer.
"""
import json
import multiprocessing
import os
import sys

import jsonschema
from lottie_specs.resources import load_specs


def problems(document, validator):
    found = [
        f"{'/'.join(str(p) for p in error.absolute_path) or '(root)'}: {error.message[:200]}"
        for error in validator.iter_errors(document)
    ]
    if not isinstance(document.get("v"), str):
        found.append('(root): no "v" version string')
    for i, layer in enumerate(document.get("layers", [])):
        if "st" not in layer:
            found.append(f"layers/{i}: no \"st\" start time")
    return found


_validator = None


def check(path):
    """One file's report lines and whether it failed (run in a worker process)."""
    global _validator
    if _validator is None:
        _validator = jsonschema.Draft202012Validator(load_specs())
    with open(path, encoding="utf-8") as f:
        document = json.load(f)
    found = problems(document, _validator)
    layers = len(document.get("layers", []))
    if found:
        return True, [f"FAIL {path}: {len(found)} problems"] + [f"  {line}" for line in found[:10]]
    return False, [f"ok   {path}: valid Lottie ({layers} layers, {document.get('op')} frames at {document.get('fr')} fps)"]


def main(paths):
    # The schema walk is pure Python and takes about 2 s for a large document: the files are
    # checked by one process per core (at most 2, the machine's count), reported in order.
    workers = max(1, min(2, os.cpu_count() or 1, len(paths)))
    with multiprocessing.Pool(workers) as pool:
        results = pool.map(check, paths, chunksize=1)
    failed = 0
    for bad, lines in results:
        failed += bad
        print("\n".join(lines))
    return 1 if failed else 0


if __name__ == "__main__":
    if len(sys.argv) < 2:
        print(__doc__)
        sys.exit(64)
    sys.exit(main(sys.argv[1:]))
