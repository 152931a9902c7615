#!/usr/bin/env bash
# The Lottie export of every example request (plans and interactions), generated offline by
# the CLI and validated against the official Lottie JSON schema (lottie-specs + jsonschema,
# installed into the venv by scripts/test.sh). One line per file; exits 1 if any is invalid.
set -euo pipefail
cd "$(dirname "$0")/../.."
venv=${VENV:-.build/venv}
bin=${BIN:-.build/debug/transition-planner}

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
for example in examples/*.json; do
  name=$(basename "$example" .json)
  case "$name" in
    interaction-*) command=interact ;;
    *) command=plan ;;
  esac
  "$bin" "$command" "$example" --format lottie >"$out/$name.lottie.json"
done
"$venv/bin/python" scripts/stages/lottie-validate.py "$out"/*.lottie.json
