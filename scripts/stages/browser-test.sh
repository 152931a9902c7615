#!/usr/bin/env bash
# Real-browser test of the preview page (GET /): headless Chromium driven by Selenium checks
# every layer's on-screen box against the plan's keyframes (Tests/Browser/preview_test.py).
# Installs what is missing (Debian chromium and chromium-driver, selenium in .build/venv), starts
# the given server binary on a loopback port and saves a screenshot to .build/browser/preview.png.
# Builds nothing: build the binary first (swift build --product transition-planner).
#   scripts/stages/browser-test.sh [SERVER_BINARY]
set -euo pipefail
cd "$(dirname "$0")/../.."
bin=${1:-${BIN:-.build/debug/transition-planner}}
venv=${VENV:-.build/venv}
screenshot=${SCREENSHOT:-.build/browser/preview.png}

[ -x "$bin" ] || { echo "no server binary at $bin (swift build --product transition-planner)"; exit 1; }

. scripts/lib/engines.sh
. scripts/lib/server.sh
ensure_engines "$venv"

server=""
test_pid=""
cleanup() {
  # The test runs in its own process group (setsid): every driver and browser process it starts
  # is in it, so one signal to the group ends them even if the test could not quit a browser.
  if [ -n "$test_pid" ]; then kill -- "-$test_pid" 2>/dev/null || true; fi
  if [ -n "$server" ]; then kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; fi
  rm -f "${server_log:-}"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

start_server "$bin"
proxy_port=$(dead_proxy_port "$venv")

echo "server on 127.0.0.1:$port, dead proxy on 127.0.0.1:$proxy_port"
# Selenium must not fetch drivers itself: the paths are given, and Selenium Manager stays offline.
SE_OFFLINE=true setsid "$venv/bin/python" Tests/Browser/preview_test.py \
  --base "http://127.0.0.1:$port" --proxy-port "$proxy_port" --screenshot "$screenshot" &
test_pid=$!
status=0
wait "$test_pid" || status=$?
# The group is gone when the test quit the browser; the trap covers the other cases.
kill -- "-$test_pid" 2>/dev/null || true
test_pid=""
exit "$status"
