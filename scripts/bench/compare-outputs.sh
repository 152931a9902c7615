#!/usr/bin/env bash
# Compares what two builds answer, byte for byte: every example in every export format through
# the CLI (plans also at 30, 120 and 240 fps and with a non-square source), and the ETag and
# Content-Location headers the servers send for each plan example. For refactors that must
# not change a byte of output.
#   scripts/bench/compare-outputs.sh OLD_BINARY NEW_BINARY
# Prints one line per differing output (and per output only the new build answers) and a
# summary; exits 1 when anything differs.
set -euo pipefail
cd "$(dirname "$0")/../.."
old=${1:?usage: compare-outputs.sh OLD_BINARY NEW_BINARY}
new=${2:?usage: compare-outputs.sh OLD_BINARY NEW_BINARY}
work=$(mktemp -d)
trap 'kill $old_pid $new_pid 2>/dev/null || true; rm -rf "$work"' EXIT
old_pid=""
new_pid=""

# Plan variants: each example as is, at other frame rates, and with a non-square source.
mkdir -p "$work/plans"
python3 - "$work/plans" <<'PY'
import json, pathlib, sys
out = pathlib.Path(sys.argv[1])
for path in sorted(pathlib.Path("examples").glob("*.json")):
    if path.name.startswith("interaction-"):
        continue
    request = json.loads(path.read_text())
    (out / path.name).write_text(json.dumps(request))
    for rate in (30, 120, 240):
        variant = dict(request, frameRate=rate)
        (out / f"{path.stem}-{rate}fps.json").write_text(json.dumps(variant))
    if "source" in request:
        variant = json.loads(json.dumps(request))
        variant["source"]["height"] = variant["source"]["height"] * 0.75 + 1
        (out / f"{path.stem}-nonsquare.json").write_text(json.dumps(variant))
PY

compared=0
differing=0
added=0
# An input the old build refuses (exit 2, a problem on standard error) and the new one answers
# is a new feature's, not a difference: it is counted apart.
compare() {  # NAME COMMAND-ARGS...
  local name=$1
  shift
  local a b old_status=0 new_status=0
  a=$("$old" "$@" 2>/dev/null | md5sum) || old_status=$?
  b=$("$new" "$@" 2>/dev/null | md5sum) || new_status=$?
  compared=$((compared + 1))
  if [ "$old_status" != 0 ] && [ "$new_status" = 0 ]; then
    added=$((added + 1))
    echo "new: $name (the old build refuses it)"
  elif [ "$a" != "$b" ] || [ "$old_status" != "$new_status" ]; then
    differing=$((differing + 1))
    echo "differs: $name"
  fi
}

for file in "$work"/plans/*.json; do
  for format in json waapi css lottie svg; do
    compare "plan $(basename "$file") $format" plan "$file" --format "$format"
  done
  compare "plan $(basename "$file") svg moments=9" plan "$file" --format svg --moments 9
done
# Gestures of another kind than a pan: a build that predates the kind reads it as a pan (an
# unknown member is ignored), or refuses it; only the new build's answer counts, as new.
kind() { python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["gesture"].get("kind") or "pan")' "$1"; }
for file in examples/interaction-*.json; do
  for format in json waapi css lottie svg; do
    name="interact $(basename "$file") $format"
    if [ "$(kind "$file")" = pan ]; then
      compare "$name" interact "$file" --format "$format"
    else
      "$new" interact "$file" --format "$format" >/dev/null
      compared=$((compared + 1))
      added=$((added + 1))
      echo "new: $name (gesture kind $(kind "$file"))"
    fi
  done
done

# The servers' validators and canonical URLs for the same plans.
port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
old_port=$(port)
new_port=$(port)
"$old" serve --host 127.0.0.1 --port "$old_port" >/dev/null 2>&1 &
old_pid=$!
"$new" serve --host 127.0.0.1 --port "$new_port" >/dev/null 2>&1 &
new_pid=$!
for p in "$old_port" "$new_port"; do
  for _ in $(seq 100); do
    curl -sf "http://127.0.0.1:$p/healthz" >/dev/null 2>&1 && break
    sleep 0.1
  done
done
headers() {  # PORT FILE QUERY
  curl -s --max-time 10 -D - -o /dev/null -H 'Content-Type: application/json' \
    --data-binary @"$2" "http://127.0.0.1:$1/v1/plans$3" | tr -d '\r' |
    grep -iE '^(etag|content-location|content-type|cache-control|vary):' | sort
}
for file in "$work"/plans/*.json; do
  for query in "" "?format=waapi" "?format=svg&moments=7"; do
    compared=$((compared + 1))
    if [ "$(headers "$old_port" "$file" "$query")" != "$(headers "$new_port" "$file" "$query")" ]; then
      differing=$((differing + 1))
      echo "differs: headers of $(basename "$file")$query"
    fi
  done
done
echo "$compared outputs compared, $differing differ, $added new (refused by the old build, or of a new gesture kind)"
[ "$differing" = 0 ]
