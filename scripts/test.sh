#!/usr/bin/env bash
# The project's test command. On a fresh Debian machine with the Swift toolchain it installs
# what the tests need, then runs every check and test:
#   1. libcurl4-openssl-dev (PlannerClient) and a Python venv with openapi-spec-validator and
#      schemathesis;
#   2. the debug build with tests;
#   3. the API contract: openapi-spec-validator and schemathesis against a live server; the
#      Lottie export of every example validated against the official Lottie schema
#      (lottie-specs, jsonschema);
#   3b. the preview page in headless Chromium (scripts/browser-test.sh: installs chromium,
#      chromium-driver and selenium when missing; SKIP_BROWSER=1 skips it);
#   4. the server tests under ThreadSanitizer (own build folder);
#   5. deployment: hadolint, kubernetes-validate --strict, and the scratch image built and run
#      with podman (scripts/deploy-check.sh; the podman part says SKIP where podman cannot be
#      installed);
#   6. swift test: every XCTest and Swift Testing test. Its two summaries end the output.
set -euo pipefail
cd "$(dirname "$0")/.."

apt_install() {
  if ! dpkg -s "$@" >/dev/null 2>&1; then
    apt-get update -qq
    apt-get -o DPkg::Lock::Timeout=600 install -y -qq "$@" >/dev/null
  fi
}
apt_install libcurl4-openssl-dev pkg-config

if [ ! -x .build/venv/bin/st ] || [ ! -x .build/venv/bin/openapi-spec-validator ]; then
  mkdir -p .build
  python3 -m venv .build/venv
  .build/venv/bin/pip install -q --disable-pip-version-check schemathesis openapi-spec-validator
fi
if ! .build/venv/bin/python -c 'import jsonschema, lottie_specs' 2>/dev/null; then
  .build/venv/bin/pip install -q --disable-pip-version-check lottie-specs jsonschema
fi

echo "== build"
swift build --build-tests 2>&1 | tail -3

echo "== Lottie export against the Lottie schema (lottie-specs, jsonschema)"
scripts/lottie-check.sh

echo "== API contract (openapi-spec-validator, schemathesis)"
scripts/contract-test.sh

if [ "${SKIP_BROWSER:-0}" != 1 ]; then
  echo "== preview page in headless Chromium (SKIP_BROWSER=1 skips)"
  scripts/browser-test.sh .build/debug/transition-planner
fi

if [ "${SKIP_TSAN:-0}" != 1 ]; then
  echo "== server tests under ThreadSanitizer"
  if ! swift test --sanitize=thread --scratch-path .build/tsan --filter 'HTTPServerTests' >.build/tsan.log 2>&1; then
    grep -E "error:|WARNING: ThreadSanitizer|SUMMARY: ThreadSanitizer" .build/tsan.log | head -40
    tail -20 .build/tsan.log
    echo "ThreadSanitizer run failed (full log: .build/tsan.log)"
    exit 1
  fi
  grep -E "Executed [0-9]+ tests" .build/tsan.log | tail -1
fi

echo "== server tests with a Dispatch source per socket (--socket-events dispatch)"
HTTP_TEST_SOCKET_EVENTS=dispatch swift test --skip-build --filter HTTPServerTests 2>&1 |
  grep -E "error:|failed|Executed [0-9]+ tests" | tail -5

if [ "${SKIP_DEPLOY:-0}" != 1 ]; then
  echo "== deployment checks"
  scripts/deploy-check.sh
fi

echo "== all tests"
swift test --skip-build 2>&1
