#!/usr/bin/env bash
# CPU per request (not a test): the steadier companion of bench-http.sh on a machine whose
# speed drifts. Requests/s and p99 move with the machine's phase by +-20 %; the server's CPU
# time per answered request moves much less, so builds are compared by it.
#
#   scripts/bench/bench-cpu.sh [plan-vary|plan-repeat|healthz] [BIN[@CODING]...]
#
# BIN@gzip runs that binary with wrk sending `Accept-Encoding: gzip` (plan modes), so one run can
# set a binary's identity and gzip answers side by side: bench-cpu.sh plan-vary BIN BIN@gzip.
#
# For each binary (default: a fresh release build) in turn, ROUNDS times (3): start it, run
# wrk (64 connections, 2 threads, DURATION seconds, 10) with the mode's script, and read the
# server's and wrk's user+system CPU from /proc around the run. Prints per binary the median
# of the rounds: requests/s, p99, server µs of CPU per request, wrk µs per request, their
# ratio, and the share of the machine the server used. Several binaries alternate, round by
# round, so that they see the same phases of the machine. Even CPU time per request follows
# the machine's speed (wrk's own moved by 15 % between rounds); wrk does the same work per
# request whatever the server, so server/wrk is the figure that corrects for it.
set -euo pipefail
cd "$(dirname "$0")/../.."
mode=${1:-plan-vary}
shift || true
duration=${DURATION:-10}
rounds=${ROUNDS:-3}
port=${PORT:-18085}
command -v wrk >/dev/null || {
  apt-get update -qq && apt-get -o DPkg::Lock::Timeout=600 install -y -qq wrk >/dev/null
}
bins=("$@")
if [ ${#bins[@]} -eq 0 ]; then
  flock /tmp/swift-build.lock swift build -c release --product transition-planner >/dev/null
  bins=(.build/release/transition-planner)
fi
case "$mode" in
  plan-vary) url=/v1/plans; script=(-s scripts/bench/vary-source.lua) ;;
  plan-repeat) url=/v1/plans; script=(-s scripts/bench/repeat-plan.lua) ;;
  healthz) url=/healthz; script=() ;;
  *) echo "unknown mode $mode" >&2; exit 64 ;;
esac
work=$(mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$work"' EXIT
ticks=$(getconf CLK_TCK)

cpu_ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }  # utime + stime of one process

for round in $(seq "$rounds"); do
  for i in "${!bins[@]}"; do
    bin=${bins[$i]%@*}
    coding=""
    [[ "${bins[$i]}" == *@* ]] && coding=${bins[$i]##*@}
    "$bin" serve --host 127.0.0.1 --port "$port" --access-log off >"$work/server.log" 2>&1 &
    server=$!
    for _ in $(seq 100); do curl -s -o /dev/null "http://127.0.0.1:$port/healthz" && break; sleep 0.1; done
    before=$(cpu_ticks "$server")
    start=$(date +%s.%N)
    ACCEPT_ENCODING=$coding wrk -t2 -c64 -d"${duration}s" --latency "${script[@]}" "http://127.0.0.1:$port$url" >"$work/wrk.out" &
    load=$!
    sleep 0.2
    wrk_before=$(cpu_ticks "$load" 2>/dev/null || echo 0)
    wrk_last=$wrk_before
    # wrk's own CPU: read while it runs (its /proc entry goes when it exits).
    while kill -0 "$load" 2>/dev/null; do
      wrk_last=$(cpu_ticks "$load" 2>/dev/null || echo "$wrk_last")
      sleep 0.2
    done
    wait "$load" || true
    after=$(cpu_ticks "$server")
    end=$(date +%s.%N)
    kill "$server"
    wait "$server" 2>/dev/null || true
    python3 - "$i" "$round" "$before" "$after" "$wrk_before" "$wrk_last" "$ticks" "$start" "$end" "$work/wrk.out" >>"$work/rows" <<'PY'
import re, sys
i, rnd, before, after, wb, wl, ticks, start, end, path = sys.argv[1:]
elapsed = float(end) - float(start)
text = open(path).read()
requests = int(re.search(r"(\d+) requests in", text).group(1))
rps = float(re.search(r"Requests/sec:\s+([\d.]+)", text).group(1))
m = re.search(r"\s99%\s+([\d.]+)(us|ms|s)", text)
p99 = float(m.group(1)) * {"us": 0.001, "ms": 1.0, "s": 1000.0}[m.group(2)]
server = (int(after) - int(before)) / int(ticks)
load = (int(wl) - int(wb)) / int(ticks)
print(i, rps, p99, server / requests * 1e6, load / requests * 1e6, server / elapsed)
PY
  done
done

printf "%-36s %8s %8s %15s %12s %11s %9s\n" binary "req/s" "p99 ms" "server µs/req" "wrk µs/req" "server/wrk" "server %"
python3 - "$work/rows" "${bins[@]}" <<'PY'
import statistics as st, sys
rows = [l.split() for l in open(sys.argv[1])]
for i, name in enumerate(sys.argv[2:]):
    mine = [list(map(float, r[1:])) for r in rows if r[0] == str(i)]
    med = lambda k: st.median(r[k] for r in mine)
    ratio = st.median(r[2] / r[3] for r in mine)
    print(f"{name[-36:]:<36} {med(0):8.0f} {med(1):8.2f} {med(2):15.1f} {med(3):12.1f} {ratio:11.2f} {100 * med(4) / 2:8.0f}%")
PY
echo "mode=$mode, ${rounds} rounds of ${duration} s each per binary, medians; server % is of both cores"
