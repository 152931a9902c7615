#!/usr/bin/env bash
# The README's run command, as a new user types it: the first command of the README's first
# code block, with only its `--port` value changed to a free loopback port. It must install what
# the build needs, build, serve: this stage waits for /healthz, posts examples/zoom-push.json,
# checks `--help` through the same script, stops the server with SIGTERM (a drain: exit 0) and
# checks scripts/setup-system.sh's refusals where it cannot install (no apt-get; not root and no
# sudo). The release build it makes is the one the container check uses (scripts/lib/release-build.sh).
#   scripts/stages/readme-serve.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
fail() { echo "FAIL readme-serve: $*" >&2; exit 1; }

# The first line of the first ```sh block that is not a comment.
command_line=$(awk '/^```sh/ { inside = 1; next } inside && /^```/ { exit }
  inside && !/^#/ && NF { print; exit }' README.md)
[[ "$command_line" == *"--port 8080"* ]] || fail "the README's first command has no --port 8080: '$command_line'"
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')
read -r -a argv <<<"${command_line/--port 8080/--port $port}"
echo "README: $command_line"
echo "run:    ${argv[*]}"

log=$(mktemp)
pid=""
cleanup() {
  if [ -n "$pid" ]; then kill -- "-$pid" 2>/dev/null || true; fi
  rm -f "$log"
}
trap cleanup EXIT
# Its own process group: the script execs the server, and a failure here ends everything it ran.
setsid "${argv[@]}" >"$log" 2>&1 &
pid=$!

# A cold release build takes minutes: wait while the command is alive, up to 15 minutes.
python3 - "$port" "$pid" "$log" <<'PY' || { tail -n 30 "$log" >&2; fail "the service did not answer /healthz"; }
import json, os, sys, time, urllib.request
port, pid, log = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
deadline = time.time() + 900
while time.time() < deadline:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        sys.exit("the command ended before the service answered")
    try:
        with opener.open(f"http://127.0.0.1:{port}/healthz", timeout=2) as r:
            if r.status == 200:
                break
    except OSError:
        time.sleep(0.5)
else:
    sys.exit("no answer in 900 s")
body = open("examples/zoom-push.json", "rb").read()
request = urllib.request.Request(f"http://127.0.0.1:{port}/v1/plans", data=body,
                                 headers={"Content-Type": "application/json"})
with opener.open(request, timeout=10) as r:
    plan = json.loads(r.read())
    assert r.status == 200, r.status
assert plan["layers"] and plan["duration"] > 0, plan.keys()
print(f"ok   /healthz, then examples/zoom-push.json: {len(plan['layers'])} layers, {plan['duration']} s")
PY
grep -q "building the release binary" "$log" || fail "the command did not say it builds"

# SIGTERM drains and exits 0.
kill -TERM "$pid"
status=0
wait "$pid" || status=$?
pid=""
[ "$status" = 0 ] || { tail -n 20 "$log" >&2; fail "the server exited $status after SIGTERM"; }
echo "ok   SIGTERM: drained, exit 0"

# Every option of serve is reachable: --help goes through to it.
help=$("${argv[0]}" --help 2>/dev/null) || fail "${argv[0]} --help failed"
grep -q -- "--port" <<<"$help" || fail "${argv[0]} --help does not print serve's usage"
echo "ok   ${argv[0]} --help prints serve's usage"

# scripts/setup-system.sh where it cannot install: it names the command and exits 1.
missing=transition-planner-no-such-package
tools=$(mktemp -d)
for t in bash dpkg-query id mktemp tee tail tr rm cat; do ln -s "$(command -v "$t")" "$tools/$t"; done
out=$(PATH=$tools bash scripts/setup-system.sh "$missing" 2>&1) && fail "setup-system.sh without apt-get exited 0"
rm -rf "$tools"
grep -q "there is no apt-get" <<<"$out" && grep -q "apt-get -o DPkg::Lock::Timeout=600 install -y $missing" <<<"$out" ||
  fail "setup-system.sh without apt-get said: $out"
echo "ok   setup-system.sh without apt-get: names the command, exit 1"
if command -v sudo >/dev/null; then
  echo "SKIP setup-system.sh as a user without sudo: this machine has sudo"
elif [ "$(id -u)" = 0 ]; then
  out=$(runuser -u nobody -- bash scripts/setup-system.sh "$missing" 2>&1) && fail "setup-system.sh as nobody exited 0"
  grep -q "needs root (no sudo here)" <<<"$out" && grep -q "sudo apt-get update" <<<"$out" ||
    fail "setup-system.sh as nobody said: $out"
  echo "ok   setup-system.sh as a user without sudo: names the command, exit 1"
fi
