#!/usr/bin/env bash
# Load and soak run (not a test): the release server under wrk at 1,000 keep-alive connections
# with a mix of plan and interaction requests, then a slowloris phase. Prints requests/s,
# latency p50/p99/p99.9, errors, the server's memory (VmRSS sampled every second: start, peak,
# end after the load and a settle) with a verdict, and the slowloris figures.
#
#   flock /tmp/swift-build.lock scripts/ops/soak.sh      (no compile may share the cores meanwhile)
#
# Environment: CONNECTIONS (1000), DURATION seconds of load (60), THREADS wrk threads (2),
# SETTLE seconds before the end sample (5), MEMORY_SLACK_MB allowed between start and end (16),
# SLOWLORIS connections (300), SLOWLORIS_SECONDS (20), SERVER_ARGS extra `serve` flags.
#
# The response cache is turned off (--cache-entries 0): it keeps up to 64 MiB of plans by
# design, which would hide a leak. Plans vary anyway, so it would only add misses.
# wrk shares the machine's cores with the server, as in scripts/bench/bench-http.sh.
set -euo pipefail
cd "$(dirname "$0")/../.."
connections=${CONNECTIONS:-1000}
duration=${DURATION:-60}
threads=${THREADS:-2}
settle=${SETTLE:-5}
slack_mb=${MEMORY_SLACK_MB:-16}
slow_conns=${SLOWLORIS:-300}
slow_seconds=${SLOWLORIS_SECONDS:-20}

if ! command -v wrk >/dev/null; then
  apt-get update -qq && apt-get -o DPkg::Lock::Timeout=600 install -y -qq wrk >/dev/null
fi
# 1,000 client sockets in wrk plus 1,000 in the server (the server raises its own limit too).
ulimit -n "$(ulimit -Hn)"
need=$((connections + slow_conns + 256))
if [ "$(ulimit -n)" != unlimited ] && [ "$(ulimit -n)" -lt "$need" ]; then
  echo "open-file limit $(ulimit -n) is below $need; raise it (ulimit -Hn)" >&2
  exit 1
fi

echo "building the release server"
swift build -c release --product transition-planner 2>&1 | tail -1
bin=.build/release/transition-planner
work=$(mktemp -d)
server_pid=""
sampler_pid=""
cleanup() {
  [ -n "$sampler_pid" ] && kill "$sampler_pid" 2>/dev/null || true
  [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

# shellcheck disable=SC2086
"$bin" serve --host 127.0.0.1 --port 0 --access-log off --cache-entries 0 \
  --max-connections $((connections + slow_conns + 512)) --max-queued-requests "${QUEUE:-$connections}" \
  ${SERVER_ARGS:-} >"$work/server.log" 2>&1 &
server_pid=$!
port=""
for _ in $(seq 100); do
  port=$(grep -o '"port":[0-9]*' "$work/server.log" 2>/dev/null | head -1 | cut -d: -f2 || true)
  [ -n "$port" ] && break
  sleep 0.1
done
[ -n "$port" ] || { echo "server did not start"; cat "$work/server.log"; exit 1; }
echo "server pid $server_pid on 127.0.0.1:$port ($(nproc) cores, wrk -t$threads shares them)"

rss_kb() { awk '/^VmRSS:/ {print $2}' "/proc/$server_pid/status"; }
# A few requests of each kind first, so "start" is a server that has served (code paths paged
# in, worker threads created), not a bare process.
for body in examples/zoom-push.json examples/interaction-fast-flick.json; do
  route=/v1/plans
  case "$body" in *interaction*) route=/v1/interactions ;; esac
  curl -s -o /dev/null -H 'Content-Type: application/json' --data-binary "@$body" \
    "http://127.0.0.1:$port$route"
done
sleep 1
start_kb=$(rss_kb)
( while kill -0 "$server_pid" 2>/dev/null; do echo "$(date +%s) $(rss_kb)"; sleep 1; done ) \
  >"$work/rss.log" 2>/dev/null &
sampler_pid=$!

mix=scripts/ops/soak/mix.lua
echo "== load: wrk -t$threads -c$connections -d${duration}s, plans and interactions ($mix)"
wrk -t"$threads" -c"$connections" -d"${duration}s" --timeout 5s --latency -s "$mix" \
  "http://127.0.0.1:$port" >"$work/wrk.log" 2>&1 || true
grep -E "Requests/sec|Socket errors|Non-2xx" "$work/wrk.log" || true
sleep "$settle"
end_kb=$(rss_kb)
kill "$sampler_pid" 2>/dev/null || true
sampler_pid=""
peak_kb=$(awk -v s="$start_kb" '{ if ($2 > m) m = $2 } END { print (m > s ? m : s) }' "$work/rss.log")

echo "== slowloris: $slow_conns connections trickling a head, normal requests with a 2 s time-out"
ulimit -n "$(ulimit -Hn)"
python3 scripts/ops/soak/slowloris.py "$port" "$slow_conns" "$slow_seconds" >"$work/slow.log" 2>&1 \
  || true
after_slow_kb=$(rss_kb)

python3 - "$work/wrk.log" "$work/slow.log" "$start_kb" "$peak_kb" "$end_kb" "$after_slow_kb" \
  "$slack_mb" "$connections" "$duration" <<'PY'
import re, sys
wrk, slow = open(sys.argv[1]).read(), open(sys.argv[2]).read()
start, peak, end, after_slow = (int(v) / 1024 for v in sys.argv[3:7])
slack, conns, duration = float(sys.argv[7]), sys.argv[8], sys.argv[9]
print(f"== soak summary ({conns} connections, {duration} s)")
m = re.search(r"^SOAK (.*)$", wrk, re.M)
rps = re.search(r"Requests/sec:\s+([\d.]+)", wrk)
if not m or not rps:
    print("wrk did not report:\n" + wrk)
    sys.exit(1)
f = {k: int(v) for k, v in (kv.split("=") for kv in m.group(1).split())}
ms = lambda k: f[k] / 1000
print(f"requests/s        {float(rps.group(1)):.0f}  ({f['requests']} requests)")
print(f"latency ms        p50 {ms('p50_us'):.1f}  p75 {ms('p75_us'):.1f}  p90 {ms('p90_us'):.1f}  "
      f"p99 {ms('p99_us'):.1f}  p99.9 {ms('p999_us'):.1f}  max {ms('max_us'):.1f}")
print(f"errors            connect {f['connect']}  read {f['read']}  write {f['write']}  "
      f"timeout {f['timeout']}  non-2xx {f['non2xx']} (of which 503 shed: {f['shed503']})")
grew = end - start
verdict = "PASS" if grew <= slack else "FAIL"
print(f"memory MiB        start {start:.1f}  peak {peak:.1f}  end {end:.1f} (after the settle)  "
      f"end-start {grew:+.1f}  -> {verdict} (limit +{slack:.0f} MiB)")
s = re.search(r"^SLOWLORIS (.*)$", slow, re.M)
if not s:
    print("slowloris phase did not report:\n" + slow)
    sys.exit(1)
g = dict(kv.split("=") for kv in s.group(1).split())
print(f"slowloris         {g['connections']} connections trickling a head for {g['seconds']} s "
      f"({g['reopened']} replaced after the server's head time-out closed them): "
      f"{g['requests']} normal requests, {g['failures']} failed; "
      f"latency ms p50 {g['p50_ms']}  p99 {g['p99_ms']}  max {g['max_ms']}")
print(f"memory MiB        after the slowloris phase {after_slow:.1f}")
sys.exit(0 if verdict == "PASS" and g["failures"] == "0" else 1)
PY
