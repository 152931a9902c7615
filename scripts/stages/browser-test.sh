#!/usr/bin/env bash
# Real-browser tests in every engine ENGINES names (default chromium,firefox,webkit;
# Tests/Browser/engines.py), one engine after another: the engines module's own check
# (engines_test.py: input, screenshots, the dead proxy), the CSS export of every example played
# at five sample times and held past its end, and its SVG export
# compared with the plan at the times it states (exports_test.py), and the preview page (GET /)
# with every layer's on-screen box against the plan's keyframes (preview_test.py). Installs what
# is missing (scripts/lib/engines.sh), starts the given server binary on a loopback port and
# saves screenshots to .build/browser/preview.png (preview-firefox.png, preview-webkit.png).
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
SE_OFFLINE=true setsid sh -c '
  status=0
  "$1/bin/python" Tests/Browser/engines_test.py --proxy-port "$2" || status=1
  "$1/bin/python" Tests/Browser/exports_test.py --bin "$5" --proxy-port "$2" || status=1
  "$1/bin/python" Tests/Browser/preview_test.py --base "$3" --proxy-port "$2" --screenshot "$4" || status=1
  exit $status' sh "$venv" "$proxy_port" "http://127.0.0.1:$port" "$screenshot" "$bin" &
test_pid=$!
status=0
wait "$test_pid" || status=$?
# The group is gone when the test quit the browser; the trap covers the other cases.
kill -- "-$test_pid" 2>/dev/null || true
test_pid=""
exit "$status"
