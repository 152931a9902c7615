#!/usr/bin/env bash
# Real-browser checks of the viewtransition export (docs/VIEWTRANSITIONS.md 11): every style's
# examples and a hero with arc, cascade, radius, content fit and dimming played as View
# Transitions through /player.js viewTransition() by the css path and the script path, paused at
# every plan sample; the player end to end; one cross-document transition; negative controls
# (Tests/Browser/viewtransition_test.py); section 14's probes, read off the Xvfb display each
# engine runs in (Tests/Browser/vt_probes.py; --probes runs them alone; VT_HEADLESS=1 runs
# Chromium and Firefox headless). ENGINES picks the engines (default all three, one browser at a
# time, as the other browser stages; ENGINES=chromium alone takes half the time). Installs what
# is missing; builds nothing.
#   scripts/stages/viewtransition-test.sh [SERVER_BINARY] [--only NAME] [--probes]
set -euo pipefail
cd "$(dirname "$0")/../.."
bin=${BIN:-.build/debug/transition-planner}
# The first argument, when it is not an option, is the server binary; the rest go to the test.
if [ $# -gt 0 ] && [ "${1#--}" = "$1" ]; then bin=$1; shift; fi
venv=${VENV:-.build/venv}
export ENGINES=${ENGINES:-chromium,firefox,webkit}
limit=${VT_TEST_TIMEOUT:-240}

[ -x "$bin" ] || { echo "no server binary at $bin (swift build --product transition-planner)"; exit 1; }

. scripts/lib/engines.sh
. scripts/lib/server.sh
ensure_engines "$venv" "$ENGINES"

test_pid=""
cleanup() {
  if [ -n "$test_pid" ]; then kill -- "-$test_pid" 2>/dev/null || true; fi
  if [ -n "${server:-}" ]; then kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; fi
  rm -f "${server_log:-}"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

start_server "$bin"
proxy_port=$(dead_proxy_port "$venv")
echo "server on 127.0.0.1:$port, dead proxy on 127.0.0.1:$proxy_port, engines $ENGINES"
SE_OFFLINE=true setsid timeout --kill-after=5 "$limit" "$venv/bin/python" Tests/Browser/viewtransition_test.py \
  --base "http://127.0.0.1:$port" --proxy-port "$proxy_port" "$@" &
test_pid=$!
status=0
wait "$test_pid" || status=$?
[ "$status" = 124 ] && echo "viewtransition test: over $limit s, stopped"
kill -- "-$test_pid" 2>/dev/null || true
test_pid=""
exit "$status"
