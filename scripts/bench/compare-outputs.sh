#!/usr/bin/env bash
# Compares what two builds answer, byte for byte, for refactors that must not change a byte of
# output: every request below in every format through the CLI (standard output, standard error
# and exit status), and the ETag and Content-Location headers the servers send for each plan.
#   scripts/bench/compare-outputs.sh OLD NEW
#   scripts/bench/compare-outputs.sh --record GOLDEN BINARY   (writes GOLDEN: one line per output)
# OLD and NEW are each a transition-planner binary or a file written by --record (golden
# answers of a build that may no longer exist). Prints one line per differing output (and per
# output only NEW answers) and a summary; exits 1 when anything differs.
#
# The requests: every example (plans also at 30, 120 and 240 fps and with a non-square source),
# the native conformance plans (scripts/bench/conformance-plans, the plans
# NativeExportTests plays beyond the examples), the planner fuzz corpus, and invalid requests
# whose problem documents must not change (syntax, duplicate keys, depth, number overflow,
# unknown and misplaced members, the first of several errors); and every example's transition
# under every gesture kind (pan, back in each pattern, dragDismiss, with and without reduced
# motion) with the ways a drag to dismiss names its element, followed or refused.
# Formats: json, waapi sampled and
# compact, css, lottie, svg (default and 9 moments), coreanimation, android, viewtransition.
set -euo pipefail
cd "$(dirname "$0")/../.."
if [ "${1:-}" = --record ]; then
  golden=${2:?usage: compare-outputs.sh --record GOLDEN BINARY}
  binary=${3:?usage: compare-outputs.sh --record GOLDEN BINARY}
else
  old=${1:?usage: compare-outputs.sh OLD NEW}
  new=${2:?usage: compare-outputs.sh OLD NEW}
fi
work=$(mktemp -d)
server_pid=""
trap '[ -z "$server_pid" ] || kill "$server_pid" 2>/dev/null || true; rm -rf "$work"' EXIT

mkdir -p "$work/plans" "$work/interactions"
python3 - "$work" <<'PY'
import json, pathlib, sys
work = pathlib.Path(sys.argv[1])
plans, interactions = work / "plans", work / "interactions"
for path in sorted(pathlib.Path("examples").glob("*.json")):
    if path.name.startswith("interaction-"):
        (interactions / path.name).write_bytes(path.read_bytes())
        continue
    request = json.loads(path.read_text())
    (plans / path.name).write_text(json.dumps(request))
    for rate in (30, 120, 240):
        (plans / f"{path.stem}-{rate}fps.json").write_text(json.dumps(dict(request, frameRate=rate)))
    if "source" in request:
        variant = json.loads(json.dumps(request))
        variant["source"]["height"] = variant["source"]["height"] * 0.75 + 1
        (plans / f"{path.stem}-nonsquare.json").write_text(json.dumps(variant))
for path in sorted(pathlib.Path("scripts/bench/conformance-plans").glob("*.json")):
    (plans / f"conformance-{path.name}").write_bytes(path.read_bytes())
for path in sorted(pathlib.Path("Fuzz/corpus/planner").iterdir()):
    (plans / f"fuzz-{path.name}.json").write_bytes(path.read_bytes())
    (interactions / f"fuzz-{path.name}.json").write_bytes(path.read_bytes())

# Invalid requests: each answer (status and problem document) must stay what it is.
zoom = pathlib.Path("examples/zoom-push.json").read_text()
hero = pathlib.Path("examples/hero-grid-push.json").read_text()
flick = pathlib.Path("examples/interaction-fast-flick.json").read_text()
retargeted = pathlib.Path("examples/zoom-push-retargeted.json").read_text()
reversed_ = pathlib.Path("examples/zoom-push-reversed.json").read_text()
z = json.loads(zoom)
def variant(base, **changes):
    out = json.loads(base)
    out.update(changes)
    return json.dumps(out)
bad = {
    "empty": "",
    "not-json": "hello",
    "truncated": zoom[: len(zoom) // 2],
    "trailing": zoom + " x",
    "array": "[1,2]",
    "duplicate-top": zoom.rstrip().rstrip("}") + ',"style":"zoom"}',
    "duplicate-nested": '{"style":"zoom","operation":"push","container":{"width":390,"width":391,"height":844},"source":{"x":1,"y":2,"width":3,"height":4},"destination":{"x":0,"y":0,"width":390,"height":390}}',
    "deep": '{"style":' + "[" * 300 + "]" * 300 + "}",
    "deep-unknown": variant(zoom, extra=json.loads("[" * 60 + "]" * 60)),
    "number-overflow": zoom.replace('"width": 390', '"width": 1e999', 1).replace('"width":390', '"width":1e999', 1),
    "number-huge-integer": zoom.replace("390", "9" * 400, 1),
    "unknown-member": variant(zoom, colour="red"),
    "unknown-style": variant(zoom, style="wobble"),
    "missing-container": json.dumps({k: v for k, v in z.items() if k != "container"}),
    "wrong-type": variant(zoom, frameRate="fast"),
    "negative-size": zoom.replace('"width": 170', '"width": -170', 1).replace('"width":170', '"width":-170', 1),
    "several-errors": variant(zoom, frameRate=-1, operation="sideways", container={"width": -1, "height": "x"}),
    "bad-timing": variant(zoom, timing={"duration": -1, "curve": {"type": "spring", "dampingRatio": "x"}}),
    "bad-curve-type": variant(zoom, timing={"curve": {"type": "wobble"}}),
    "bad-escape": '{"style":"zo\\qom"}',
    "control-char": '{"style":"zo\x01om"}',
    "lone-surrogate": '{"style":"\\ud800"}',
    "hero-bad-element": hero.replace('"id"', '"idd"', 1),
    "hero-duplicate-id": hero,  # replaced below
    "retarget-bad-from": variant(retargeted, retarget={"from": {"style": "zoom"}, "at": "soon"}),
    "retarget-chain-bad": variant(retargeted, retarget={"from": json.loads(retargeted), "at": -1}),
    "reversal-bad": variant(reversed_, reversal={"at": "x", "unknown": 1}),
    "interaction-bad-gesture": variant(flick, gesture={"kind": "pan", "samples": [{"t": "a"}]}),
    "interaction-bad-transition": variant(flick, transition={"style": 1}),
    "interaction-unknown": variant(flick, extra=True),
}
h = json.loads(hero)
h["screens"]["from"]["elements"].append(h["screens"]["from"]["elements"][1])
bad["hero-duplicate-id"] = json.dumps(h)
h = json.loads(hero)
h["screens"]["to"]["elements"][0]["frame"]["width"] = -5
h["screens"]["from"]["elements"][2]["cornerRadius"] = "round"
bad["hero-two-element-errors"] = json.dumps(h)
h = json.loads(hero)
h["screens"]["from"]["elements"][0]["frame"] = [1, 2]
bad["hero-frame-array"] = json.dumps(h)
for name, text in bad.items():
    (plans / f"invalid-{name}.json").write_text(text)
    (interactions / f"invalid-{name}.json").write_text(text)

# Every example's transition under every gesture kind (pan, back in each pattern, dragDismiss):
# a style followed or refused answers the same; and the ways a drag names its element.
pan = json.loads(flick)
back = json.loads(pathlib.Path("examples/interaction-back-shared-element.json").read_text())
drag = json.loads(pathlib.Path("examples/interaction-drag-dismiss.json").read_text())
heroDrag = json.loads(pathlib.Path("examples/interaction-drag-dismiss-hero.json").read_text())
def gestured(name, base, transition, **gesture):
    out = json.loads(json.dumps(base))
    out["transition"] = transition
    out["gesture"].update(gesture)
    (interactions / f"gesture-{name}.json").write_text(json.dumps(out))
for path in sorted(pathlib.Path("examples").glob("*.json")):
    if path.name.startswith("interaction-"):
        continue
    t = json.loads(path.read_text())
    for key in ("retarget", "reversal"):
        t.pop(key, None)
    # back and dragDismiss drive the way back: a push as its pop, a present as its dismiss.
    t["operation"] = {"push": "pop", "present": "dismiss"}.get(t["operation"], t["operation"])
    gestured(f"{path.stem}-pan", pan, t)
    for pattern in ("crossActivity", "fullScreen", "sharedElement"):
        gestured(f"{path.stem}-back-{pattern}", back, t, pattern=pattern)
    gestured(f"{path.stem}-dragDismiss", drag, t)
    gestured(f"{path.stem}-dragDismiss-reduced", drag, dict(t, reduceMotion=True))
for name, element in [("absent", None), ("pair", heroDrag["gesture"]["element"]),
                      ("unknown", "nope"), ("one-screen", "title"), ("number", 5)]:
    hd = json.loads(json.dumps(heroDrag))
    hd["gesture"].pop("element", None)
    if element is not None:
        hd["gesture"]["element"] = element
    (interactions / f"gesture-hero-element-{name}.json").write_text(json.dumps(hd))
    hd["transition"]["container"] = {"width": -1}
    (interactions / f"gesture-hero-element-{name}-bad-transition.json").write_text(json.dumps(hd))
for name, element in [("snapshot", "snapshot"), ("other", "photo"), ("number", 5)]:
    zd = json.loads(json.dumps(drag))
    zd["gesture"]["element"] = element
    (interactions / f"gesture-zoom-element-{name}.json").write_text(json.dumps(zd))
PY

# One line per output: NAME <tab> exit status <tab> md5 of standard output and standard error.
manifest() {  # BINARY OUT
  local bin=$1 out=$2 file name
  : >"$out"
  answer() {  # NAME ARGS...
    local name=$1 status=0 sum
    shift
    "$bin" "$@" >"$work/answer" 2>&1 || status=$?
    sum=$(md5sum <"$work/answer" | cut -c1-32)
    printf '%s\t%s\t%s\n' "$name" "$status" "$sum" >>"$out"
  }
  for file in "$work"/plans/*.json; do
    name=$(basename "$file")
    for format in json waapi css lottie svg coreanimation android viewtransition; do
      answer "plan $name $format" plan "$file" --format "$format"
    done
    answer "plan $name waapi compact" plan "$file" --format waapi --keyframes compact
    answer "plan $name svg moments=9" plan "$file" --format svg --moments 9
  done
  for file in "$work"/interactions/*.json; do
    name=$(basename "$file")
    for format in json waapi css lottie svg coreanimation android viewtransition; do
      answer "interact $name $format" interact "$file" --format "$format"
    done
  done
  # The server's validators and canonical URLs for the same plans.
  local port
  port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
  "$bin" serve --host 127.0.0.1 --port "$port" >/dev/null 2>&1 &
  server_pid=$!
  for _ in $(seq 100); do
    curl -sf "http://127.0.0.1:$port/healthz" >/dev/null 2>&1 && break
    sleep 0.1
  done
  for file in "$work"/plans/*.json; do
    for query in "" "?format=waapi" "?format=svg&moments=7" "?format=coreanimation" \
      "?format=viewtransition"; do
      printf 'headers %s%s\t0\t%s\n' "$(basename "$file")" "$query" "$(
        curl -s --max-time 10 -D - -o /dev/null -H 'Content-Type: application/json' \
          --data-binary @"$file" "http://127.0.0.1:$port/v1/plans$query" | tr -d '\r' |
          grep -iE '^(etag|content-location|content-type|cache-control|vary):' | sort | md5sum |
          cut -c1-32
      )" >>"$out"
    done
  done
  kill "$server_pid" 2>/dev/null || true
  wait "$server_pid" 2>/dev/null || true
  server_pid=""
}

side() {  # BINARY-OR-GOLDEN OUT
  if [ "$(head -c 4 "$1" | tail -c 3)" = ELF ]; then
    manifest "$1" "$2"
  else
    cp "$1" "$2"
  fi
}

if [ -n "${golden:-}" ]; then
  manifest "$binary" "$golden"
  echo "$(wc -l <"$golden") outputs recorded in $golden"
  exit 0
fi
side "$old" "$work/old"
side "$new" "$work/new"
# An input OLD refuses (nonzero status) and NEW answers is a new feature's, not a difference.
awk -F'\t' '
  NR == FNR { status[$1] = $2; sum[$1] = $3; next }
  {
    compared++
    if (!($1 in sum)) { added++; print "new: " $1 " (only the new build has it)"; next }
    if (status[$1] != 0 && $2 == 0) { added++; print "new: " $1 " (the old build refuses it)"; next }
    if (status[$1] != $2 || sum[$1] != $3) { differing++; print "differs: " $1 }
  }
  END {
    printf "%d outputs compared, %d differ, %d new (refused by or unknown to the old build)\n",
      compared, differing, added
    exit differing > 0
  }' "$work/old" "$work/new"
