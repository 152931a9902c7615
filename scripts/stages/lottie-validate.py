#!/usr/bin/env python3
"""Validates Lottie documents against the official Lottie JSON schema (PyPI lottie-specs).

Usage: lottie-validate.py FILE...   (prints one line per file; exits 1 if any is invalid)

Beyond the schema it checks what players need and the schema leaves optional: a top-level
"v", and "st" on every layer.
"""
import json
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


def main(paths):
    schema = load_specs()
    validator = jsonschema.Draft202012Validator(schema)
    failed = 0
    for path in paths:
        with open(path, encoding="utf-8") as f:
            document = json.load(f)
        found = problems(document, validator)
        layers = len(document.get("layers", []))
        if found:
            failed += 1
            print(f"FAIL {path}: {len(found)} problems")
            for line in found[:10]:
                print(f"  {line}")
        else:
            print(f"ok   {path}: valid Lottie ({layers} layers, {document.get('op')} frames at {document.get('fr')} fps)")
    return 1 if failed else 0


if __name__ == "__main__":
    if len(sys.argv) < 2:
        print(__doc__)
        sys.exit(64)
    sys.exit(main(sys.argv[1:]))
