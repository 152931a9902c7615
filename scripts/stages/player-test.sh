#!/usr/bin/env bash
# Real-browser test of the player module (web/player.js, GET /player.js) in every engine ENGINES
# names (default chromium,firefox,webkit; Tests/Browser/engines.py), one after another: each
# plays the service's waapi documents through it on Tests/Browser/player_page.html and checks
# every layer's box against the plan (Tests/Browser/player_test.py). Installs what is missing
# (scripts/lib/engines.sh) and starts the given server binary on a loopback port; the test's own
# harness serves the page on another loopback port and proxies the API to it.
# Builds nothing: build the binary first (swift build --product transition-planner).
#   scripts/stages/player-test.sh [SERVER_BINARY]
set -euo pipefail
cd "$(dirname "$0")/../.."
bin=${1:-${BIN:-.build/debug/transition-planner}}
venv=${VENV:-.build/venv}
# The test stops each engine's run at PLAYER_TEST_TIME_LIMIT (75 s); this bounds the whole test.
engine_count=$(tr ',' '\n' <<<"${ENGINES:-chromium,firefox,webkit}" | grep -c .)
limit=${PLAYER_TEST_TIMEOUT:-$((90 * engine_count))}

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
# timeout (the group's leader) signals the whole group past the limit: exit status 124.
SE_OFFLINE=true setsid timeout --kill-after=5 "$limit" "$venv/bin/python" Tests/Browser/player_test.py \
  --base "http://127.0.0.1:$port" --proxy-port "$proxy_port" &
test_pid=$!
status=0
wait "$test_pid" || status=$?
[ "$status" = 124 ] && echo "player test: over $limit s, stopped"
# The group is gone when the test quit the browser; the trap covers the other cases.
kill -- "-$test_pid" 2>/dev/null || true
test_pid=""
exit "$status"
