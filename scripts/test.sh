#!/usr/bin/env bash
# The project's test command. On a fresh Debian machine with the Swift toolchain it installs
# what the tests need, then runs every check and test, one timed stage each:
#   setup       scripts/setup-system.sh (libdeflate-dev, libcurl4-openssl-dev, pkg-config) and a
#               Python venv with openapi-spec-validator, schemathesis, lottie-specs and jsonschema;
#   build       the debug build with tests;
#   readme-serve  the README's run command with only its port changed: install, release build,
#               serve, /healthz and a plan, SIGTERM (scripts/stages/readme-serve.sh; its release
#               build is the one the contract stage and the container check then use);
#   lottie      the Lottie export of every example against the official Lottie schema;
#   lottie-render  every example's Lottie rendered by rlottie and by ThorVG (rlottie-python and
#               thorvg-python in the venv), each layer's box within 1 px of the plan's, at
#               every sample and where a player holds its last frame
#               (scripts/stages/lottie-render.sh);
#   contract    the API contract: openapi-spec-validator and schemathesis against a live release
#               server;
#   browser     the engines' driver, the css and svg exports and the preview page in Chromium,
#               Firefox ESR and WebKitGTK, one engine after another (scripts/stages/browser-test.sh:
#               installs the engines, their drivers, Xvfb and the Python packages when missing;
#               ENGINES=chromium,firefox,webkit picks engines; SKIP_BROWSER=1 skips);
#   player      /player.js in the same three engines: hero, compact, reversal, retarget, actions,
#               gestures, reduced motion (scripts/stages/player-test.sh; SKIP_BROWSER=1 skips);
#   viewtransition  the viewtransition documents played as View Transitions in Chromium,
#               Firefox ESR and WebKitGTK (scripts/stages/viewtransition-test.sh; SKIP_BROWSER=1
#               skips);
#   tsan        the server tests under ThreadSanitizer (own build folder, the server suite's
#               targets only; SKIP_TSAN=1 skips);
#   dispatch    the server tests with a Dispatch source per socket (--socket-events dispatch);
#   asan        the server, connection and parser tests under AddressSanitizer and LeakSanitizer
#               (own build folder, the server suite's targets only; scripts/stages/lsan.supp;
#               SKIP_ASAN=1 skips);
#   fuzz        the libFuzzer targets side by side, each for about FUZZ_SECONDS (30) seconds of
#               CPU (scripts/stages/fuzz.sh; SKIP_FUZZ=1 skips);
#   deploy      hadolint, kubernetes-validate --strict, and the scratch image built and run with
#               podman (scripts/stages/deploy-check.sh; SKIP_DEPLOY=1 skips; the podman part
#               says SKIP where podman cannot be installed);
#   android     every example and native conformance plan's `android` document played by
#               Android's own animation classes, built from Debian 12's source package
#               android-platform-frameworks-base (fetched once into .build/android with a private
#               apt sources list; default-jdk-headless and g++ installed when missing), at 60, 90
#               and 120 Hz against the documents, with two negative controls
#               (scripts/stages/android-check.sh; SKIP_ANDROID=1 skips);
#   all tests   swift test: every XCTest and Swift Testing test.
# A table of the stages' durations comes next; the two `swift test` summaries end the output.
set -euo pipefail
cd "$(dirname "$0")/.."

# MARK: - Stage timing

stage_names=()
stage_seconds=()

# stage NAME COMMAND...: runs COMMAND under a "== NAME" header and records its duration.
stage() {
  local name=$1
  shift
  echo "== $name"
  current_stage=$name
  current_start=$EPOCHREALTIME
  "$@"
  stage_names+=("$name")
  stage_seconds+=("$(elapsed_since "$current_start")")
  current_stage=""
}

current_stage=""
current_start=0
elapsed_since() { awk -v a="$1" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.1f", b - a }'; }

times_printed=0
print_stage_times() {
  times_printed=1
  echo "== stage times"
  local i
  for i in "${!stage_names[@]}"; do
    printf '%-18s %8s s\n' "${stage_names[$i]}" "${stage_seconds[$i]}"
  done
  printf '%s\n' "${stage_seconds[@]}" | awk '{ t += $1 } END { printf "%-18s %8.1f s\n", "total", t }'
}

# A failing stage ends the script: still say how long it and the stages before it took.
on_exit() {
  [ "$times_printed" = 1 ] && return
  if [ -n "$current_stage" ]; then
    stage_names+=("$current_stage (failed)")
    stage_seconds+=("$(elapsed_since "$current_start")")
  fi
  print_stage_times
}
trap on_exit EXIT

# MARK: - Stages

setup() {
  SETUP_SYSTEM_QUIET=1 scripts/setup-system.sh
  if [ ! -x .build/venv/bin/st ] || [ ! -x .build/venv/bin/openapi-spec-validator ]; then
    mkdir -p .build
    python3 -m venv .build/venv
    .build/venv/bin/pip install -q --disable-pip-version-check schemathesis openapi-spec-validator
  fi
  if ! .build/venv/bin/python -c 'import jsonschema, lottie_specs' 2>/dev/null; then
    .build/venv/bin/pip install -q --disable-pip-version-check lottie-specs jsonschema
  fi
}

# Every step that compiles Swift takes this lock, so that the test command and other builds
# on a shared machine never compile at once (each uses both cores); on CI nothing else waits.
locked() { flock /tmp/swift-build.lock "$@"; }

build() {
  locked swift build --build-tests 2>&1 | tail -3
}

lottie() {
  scripts/stages/lottie-check.sh
}

# Against the release binary of readme-serve (the one the image ships): schemathesis waits
# on the server for about half of its time, and the debug server takes twice as long to
# answer it (160 s against 78 s for the stage).
contract() {
  BIN=$(. scripts/lib/release-build.sh && release_binary) scripts/stages/contract-test.sh
}

browser() {
  scripts/stages/browser-test.sh .build/debug/transition-planner
}

player() {
  scripts/stages/player-test.sh .build/debug/transition-planner
}

# The viewtransition documents as real View Transitions in Chromium, Firefox ESR and WebKitGTK
# (ENGINES narrows them).
viewtransition() {
  scripts/stages/viewtransition-test.sh .build/debug/transition-planner
}

tsan() {
  # TRANSITION_PLANNER_SUITE=server: the manifest declares only the server suite's targets
  # (Package.swift), so nothing else is built with the sanitizer.
  if ! TRANSITION_PLANNER_SUITE=server locked swift test --sanitize=thread --scratch-path .build/tsan \
    --filter 'HTTPServerTests' >.build/tsan.log 2>&1; then
    grep -E "error:|WARNING: ThreadSanitizer|SUMMARY: ThreadSanitizer" .build/tsan.log | head -40
    tail -20 .build/tsan.log
    echo "ThreadSanitizer run failed (full log: .build/tsan.log)"
    return 1
  fi
  grep -E "Executed [0-9]+ tests" .build/tsan.log | tail -1
}

# The server suite again with a Dispatch source per socket (--socket-events dispatch); the
# default run covers the other kind, the loops' own threads (thread).
dispatch() {
  echo "socket events: dispatch"
  HTTP_TEST_SOCKET_EVENTS=dispatch swift test --skip-build --filter HTTPServerTests 2>&1 |
    grep -E "error:|failed|Executed [0-9]+ tests" | tail -5 || return 1
}

asan() {
  # LeakSanitizer runs at exit; the suppressions cover only leaks inside the toolchain's own
  # libraries (see the comments in scripts/stages/lsan.supp), never the project's code.
  if ! LSAN_OPTIONS="suppressions=$PWD/scripts/stages/lsan.supp:print_suppressions=0" \
    TRANSITION_PLANNER_SUITE=server locked swift test --sanitize=address --scratch-path .build/asan \
    --filter 'HTTPServerTests|HTTP1Tests' >.build/asan.log 2>&1; then
    grep -E "error:|ERROR: (AddressSanitizer|LeakSanitizer)|SUMMARY: (AddressSanitizer|LeakSanitizer)" \
      .build/asan.log | head -40
    tail -20 .build/asan.log
    echo "AddressSanitizer run failed (full log: .build/asan.log)"
    return 1
  fi
  grep -E "Executed [0-9]+ tests" .build/asan.log | tail -1
}

fuzz() {
  # 30 s of CPU a target: the last rounds' runs found nothing after their first minute, and the
  # three engines and the Android stage need the time (docs/TESTING.md).
  scripts/stages/fuzz.sh "${FUZZ_SECONDS:-30}"
}

deploy() {
  scripts/stages/deploy-check.sh
}

all_tests() {
  # Captured, so that the stage table can be printed before the summaries, which CI reads as
  # the last lines of the output.
  set +e
  swift test --skip-build >.build/test-all.log 2>&1
  all_tests_status=$?
  set -e
  echo "(output after the stage times; full log: .build/test-all.log)"
}

stage setup setup
stage build build
stage readme-serve locked scripts/stages/readme-serve.sh
stage lottie lottie
stage lottie-render scripts/stages/lottie-render.sh
stage contract contract
if [ "${SKIP_BROWSER:-0}" != 1 ]; then stage browser browser; fi
if [ "${SKIP_BROWSER:-0}" != 1 ]; then stage player player; fi
if [ "${SKIP_BROWSER:-0}" != 1 ]; then stage viewtransition viewtransition; fi
if [ "${SKIP_TSAN:-0}" != 1 ]; then stage tsan tsan; fi
stage dispatch dispatch
if [ "${SKIP_ASAN:-0}" != 1 ]; then stage asan asan; fi
if [ "${SKIP_FUZZ:-0}" != 1 ]; then stage fuzz fuzz; fi
if [ "${SKIP_DEPLOY:-0}" != 1 ]; then stage deploy deploy; fi
if [ "${SKIP_ANDROID:-0}" != 1 ]; then stage android scripts/stages/android-check.sh; fi
stage "all tests" all_tests
print_stage_times
echo "== all tests (output)"
cat .build/test-all.log
exit "$all_tests_status"
