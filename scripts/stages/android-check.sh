#!/usr/bin/env bash
# `android` documents played by Android's own animation classes (docs/NATIVE.md 10): builds
# them from Debian 12's android-platform-frameworks-base (scripts/android/build.sh: the
# download is cached under .build/android, the compile happens every run and prints each
# platform file's sha256), exports every example (plans and interactions) and every plan of
# the native conformance tests with the CLI, plays each at 60, 90 and 120 Hz, and compares the
# frames with the exporter's documents row by row and with the plans' exact states
# (AndroidPlatformPlaybackTests): bezier rows
# within PathInterpolator's measured polyline gap, keyframe rows within float32, spring rows
# within SpringAnimation's measured stepping gap, the finish actions on their frame. Two
# negative controls (a wrong timing entry, a wrong spring stiffness) must each fail.
#   scripts/stages/android-check.sh   (BIN overrides the CLI; needs `swift build --build-tests`)
set -euo pipefail
cd "$(dirname "$0")/../.."
bin=${BIN:-.build/debug/transition-planner}
[ -x "$bin" ] || { echo "no CLI binary at $bin (swift build --build-tests)"; exit 1; }

scripts/android/build.sh

check=$PWD/.build/android/check
rm -rf "$check"
mkdir -p "$check/documents" "$check/played"
export ANDROID_CHECK_DIR=$check

# The conformance tests' plan requests, as the tests build them.
swift test --skip-build --filter 'AndroidPlatformPlaybackTests/testWriteTheConformancePlanRequests' \
  >"$check/requests.log" 2>&1 || { tail -20 "$check/requests.log"; exit 1; }

manifest=$check/manifest.tsv
: >"$manifest"
# One line per document: name, pass|fail, the exporter's document, the played copy's name, and
# the request that gives the plan (plan or interaction).
for request in examples/*.json "$check"/requests/*.json; do
  name=$(basename "$request" .json)
  document=$check/documents/$name.json
  case $name in
    interaction-*) kind=interaction ;;
    *) kind=plan ;;
  esac
  "$bin" "${kind/interaction/interact}" "$request" --format android >"$document"
  printf '%s\tpass\t%s\t%s\t%s\t%s\n' "$name" "$document" "$name" "$kind" \
    "$(realpath "$request")" >>"$manifest"
done

# Negative controls: one timing entry 10 % longer (zoom-pop, every row a pathInterpolator), and
# a spring 10 % stiffer (zoom-push): each played copy must fall outside the bounds.
python3 - "$check/documents" <<'PY'
import json, sys
folder = sys.argv[1]
def broken(name, out, change):
    with open(f"{folder}/{name}.json") as f:
        doc = json.load(f)
    change(doc["timings"])
    with open(f"{folder}/{out}.json", "w") as f:
        json.dump(doc, f)
def longer(timings):
    timings[0]["duration"] *= 1.1
def stiffer(timings):
    next(e for e in timings if e["kind"] == "spring")["stiffness"] *= 1.1
broken("zoom-pop", "control-wrong-timing", longer)
broken("zoom-push", "control-wrong-stiffness", stiffer)
PY
printf 'control-wrong-timing\tfail\t%s\tcontrol-wrong-timing\tplan\t%s\n' \
  "$check/documents/zoom-pop.json" "$PWD/examples/zoom-pop.json" >>"$manifest"
printf 'control-wrong-stiffness\tfail\t%s\tcontrol-wrong-stiffness\tplan\t%s\n' \
  "$check/documents/zoom-push.json" "$PWD/examples/zoom-push.json" >>"$manifest"

echo "android: playing $(wc -l <"$manifest") documents at 60, 90 and 120 Hz"
java -Xss4m -Djava.library.path=.build/android/lib -cp .build/android/classes tp.AndroidPlayer \
  --batch "$check/played" "$check"/documents/*.json

if ! swift test --skip-build \
  --filter 'AndroidPlatformPlaybackTests/test(OurFlattenedBezierIsThePlatformsPolyline|PlatformPlayedDocumentsShowTheirPlans)' \
  >"$check/test.log" 2>&1; then
  grep -E '^android:|error:|failed' "$check/test.log" | head -40
  echo "android: the platform's playback does not match the documents (full log: $check/test.log)"
  exit 1
fi
grep -E '^android:' "$check/test.log" | grep -v '^android: polyline \['
grep -E 'Executed [0-9]+ tests' "$check/test.log" | tail -1
