#!/usr/bin/env bash
# Load benchmark (not a test): the release server against nginx serving the same response
# bytes, on loopback, alternating the two three times and taking medians.
#
#   scripts/bench/bench-http.sh [healthz|plan-repeat|plan-repeat-gzip|plan-vary|hero-vary] [CONNECTIONS...]
#
# healthz           GET /healthz at 1, 64 and 512 keep-alive connections (default)
# plan-repeat       POST the same zoom push request (cache hits) at 64 connections
# plan-repeat-gzip  the same with Accept-Encoding: gzip, against nginx serving our gzip bytes
#                   with gzip_static; a third column is our identity cache hit, same run
# plan-vary         POST a zoom push request whose source changes every time, at 64 connections
# hero-vary         POST the 10-pair hero push of planner-bench, its grid moved every time
#                   (vary-hero.lua), at 64 connections; nginx serves that plan's 200 KB
#
# Environment: DURATION (s per run, 5), WRK_THREADS (2), BIN (a built binary instead of
# building), SERVE_ARGS (extra serve flags), OURS_PORT and NGINX_PORT.
set -euo pipefail
cd "$(dirname "$0")/../.."
mode=${1:-healthz}
shift || true
duration=${DURATION:-5}
threads=${WRK_THREADS:-2}  # wrk threads (fewer than the connections when there are fewer)
ours_port=${OURS_PORT:-18080}
nginx_port=${NGINX_PORT:-18081}
work=$(mktemp -d)
# nginx's workers run as nobody: they must be able to read the bodies (mktemp -d makes 0700).
chmod 755 "$work"
trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$work"' EXIT

need=()
command -v wrk >/dev/null || need+=(wrk)
command -v nginx >/dev/null || [ -x /usr/sbin/nginx ] || need+=(nginx-light)
if [ ${#need[@]} -gt 0 ]; then
  apt-get update -qq && apt-get -o DPkg::Lock::Timeout=600 install -y -qq "${need[@]}" >/dev/null
fi
NGINX=$(command -v nginx || echo /usr/sbin/nginx)
ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)"

# BIN=path benchmarks a given binary (e.g. an older build, for A/B comparisons) without building.
if [ -n "${BIN:-}" ]; then
  bin=$BIN
else
  flock /tmp/swift-build.lock swift build -c release --product transition-planner >/dev/null
  bin=.build/release/transition-planner
fi

case "$mode" in
  healthz)
    conns=("${@:-1 64 512}"); conns=(${conns[@]})
    path=/healthz; script=(); body='{"status":"ok"}' ;;
  hero-vary)
    conns=("${@:-64}"); conns=(${conns[@]})
    path=/v1/plans; script=(-s scripts/bench/vary-hero.lua)
    # vary-hero.lua's request with its shift at 0, formatted alike.
    python3 - >"$work/hero.json" <<'PY'
def rect(x, y, w, h): return '{"x":%g,"y":%g,"width":%g,"height":%g}' % (x, y, w, h)
cells = range(10)
src = ['{"id":"cell-%d","frame":%s,"cornerRadius":10,"content":{"width":1200,"height":800},"contentMode":"aspectFill"}' % (i, rect(8 + i % 3 * 126, 100 + i // 3 * 126, 120, 120)) for i in cells]
dst = ['{"id":"cell-%d","frame":%s,"contentMode":"aspectFit","arc":%d}' % (i, rect(i % 2 * 195, 60 + i // 2 * 40, 195, 36), 1 if i % 2 == 0 else 0) for i in cells]
dst += ['{"id":"entry-%d","frame":%s}' % (i, rect(20, 500 + i * 30, 350, 24)) for i in range(10)]
print('{"style":"hero","operation":"push","container":{"width":390,"height":844},"screens":{"from":{"elements":[' + ",".join(src) + ']},"to":{"elements":[' + ",".join(dst) + ']}},"options":{"preset":"push","unmatched":{"enter":"fade"},"cascade":{"delta":0.01}},"frameRate":60}', end="")
PY
    body=$("$bin" plan "$work/hero.json") ;;
  plan-repeat|plan-vary|plan-repeat-gzip)
    conns=("${@:-64}"); conns=(${conns[@]})
    path=/v1/plans
    case "$mode" in
      plan-repeat) script=(-s scripts/bench/repeat-plan.lua) ;;
      plan-repeat-gzip) script=(-s scripts/bench/repeat-plan-gzip.lua) ;;
      *) script=(-s scripts/bench/vary-source.lua) ;;
    esac
    body=$("$bin" plan examples/zoom-push.json) ;;
  *) echo "unknown mode $mode" >&2; exit 64 ;;
esac

mkdir -p "$work"/{body,proxy,fastcgi,uwsgi,scgi}
sed -e "s|__DIR__|$work|g" -e "s|__PORT__|$nginx_port|g" scripts/bench/nginx.conf.template > "$work/nginx.conf.in"
printf '%s' "$body" > "$work/body.json"
if [ "$mode" = plan-repeat-gzip ]; then
  # nginx sends body.json.gz as it is to clients that accept gzip: the bytes our server sends.
  sed -i 's|internal; }|internal; gzip_static on; gzip_vary on; }|' "$work/nginx.conf.in"
fi
mv "$work/nginx.conf.in" "$work/nginx.conf"

"$bin" serve --host 127.0.0.1 --port "$ours_port" --access-log off --max-connections 8192 ${SERVE_ARGS:-} >"$work/ours.log" 2>&1 &
"$NGINX" -c "$work/nginx.conf" -p "$work" >"$work/nginx.out" 2>&1 &
for port in "$ours_port" "$nginx_port"; do
  for _ in $(seq 100); do curl -s -o /dev/null "http://127.0.0.1:$port$path" && break; sleep 0.1; done
done
if [ "$mode" = plan-repeat-gzip ]; then
  curl -s -H 'Content-Type: application/json' -H 'Accept-Encoding: gzip' \
    --data "$(sed -n "s/^wrk.body = '\(.*\)'$/\1/p" scripts/bench/repeat-plan-gzip.lua)" \
    -o "$work/body.json.gz" "http://127.0.0.1:$ours_port/v1/plans"
  chmod 644 "$work/body.json.gz" "$work/body.json"  # nginx's workers read it as nobody
  # Both must send the same coded bytes.
  curl -s -H 'Accept-Encoding: gzip' -o "$work/nginx.gz" "http://127.0.0.1:$nginx_port/"
  cmp -s "$work/body.json.gz" "$work/nginx.gz" || { echo "nginx does not send our gzip bytes" >&2; exit 1; }
  echo "gzip body: $(wc -c <"$work/body.json.gz") bytes (identity $(wc -c <"$work/body.json"))"
fi

run() {  # url conns -> "rps p50_ms p99_ms"
  wrk -t"$(( $2 < threads ? $2 : threads ))" -c"$2" -d"${duration}s" --latency "${script[@]}" "$1" 2>/dev/null | python3 -c '
import sys, re
text = sys.stdin.read()
def ms(v, unit): return float(v) * {"us": 0.001, "ms": 1.0, "s": 1000.0}[unit]
rps = float(re.search(r"Requests/sec:\s+([\d.]+)", text).group(1))
lat = dict((p, ms(v, u)) for p, v, u in re.findall(r"\s(50|99)%\s+([\d.]+)(us|ms|s)", text))
errors = re.search(r"Non-2xx or 3xx responses: (\d+)", text)
p50, p99 = lat.get("50", 0), lat.get("99", 0)
print(f"{rps:.0f} {p50:.3f} {p99:.3f} {errors.group(1) if errors else 0}")'
}

echo "mode=$mode duration=${duration}s per run, 3 alternating runs each, medians; wrk -t$threads on loopback, $(nproc) cores"
printf "%-6s %-6s %12s %10s %10s %12s %10s %10s %8s %13s\n" conns "" "ours rps" "p50 ms" "p99 ms" "nginx rps" "p50 ms" "p99 ms" ratio "non2xx o/n"
for c in "${conns[@]}"; do
  ours=(); theirs=(); identity=()
  for _ in 1 2 3; do
    ours+=("$(run "http://127.0.0.1:$ours_port$path" "$c")")
    theirs+=("$(run "http://127.0.0.1:$nginx_port$path" "$c")")
    if [ "$mode" = plan-repeat-gzip ]; then
      identity+=("$(script=(-s scripts/bench/repeat-plan.lua); run "http://127.0.0.1:$ours_port$path" "$c")")
    fi
  done
  python3 - "$c" "${ours[@]}" "${theirs[@]}" <<'PY'
import sys, statistics as st
c = sys.argv[1]; rows = [list(map(float, r.split())) for r in sys.argv[2:]]
o, n = rows[:3], rows[3:]
med = lambda rs, i: st.median(r[i] for r in rs)
print(f"{c:<6} {'':<6} {med(o,0):12.0f} {med(o,1):10.3f} {med(o,2):10.3f} {med(n,0):12.0f} {med(n,1):10.3f} {med(n,2):10.3f} {med(o,0)/med(n,0):8.2f} {int(sum(r[3] for r in o)):6d}/{int(sum(r[3] for r in n)):<6d}")
PY
  if [ ${#identity[@]} -gt 0 ]; then
    python3 - "${ours[@]}" "${identity[@]}" <<'PY'
import sys, statistics as st
rows = [list(map(float, r.split())) for r in sys.argv[1:]]
g, i = rows[:3], rows[3:]
print(f"ours identity (same runs): {st.median(r[0] for r in i):.0f} rps, p99 {st.median(r[2] for r in i):.3f} ms; gzip/identity {st.median(r[0] for r in g) / st.median(r[0] for r in i):.2f}")
PY
  fi
done

# The server's own count of cache look-ups over all the runs: plan-vary must show no hits (each
# request really is decoded, planned and encoded), plan-repeat all but the first as hits.
if [ "$mode" != healthz ]; then
  curl -s "http://127.0.0.1:$ours_port/metrics" | grep '^plan_cache_requests_total' || true
fi
