#!/usr/bin/env bash
# A real local container run of the server (no registry or Docker engine is needed):
#   1. builds the release binary as the Dockerfile does (--static-swift-stdlib, stripped);
#   2. assembles a FROM scratch image of that binary plus exactly the files `ldd` lists (and the
#      loader), with the Dockerfile's own runtime-stage settings (USER, ENV, EXPOSE, HEALTHCHECK,
#      STOPSIGNAL, ENTRYPOINT, CMD); `podman build --format docker` keeps the HEALTHCHECK;
#   3. runs it with podman and runc (read-only root, no capabilities, as the Kubernetes manifests
#      do) on a free loopback port and checks /healthz, a plan, `podman healthcheck run`, the uid,
#      and that `podman stop` (SIGTERM) ends it with exit code 0 within the grace period;
#   4. prints the stripped binary size, the image size and the start-up time.
# Installs podman and runc with apt when missing; prints SKIP and exits 0 when that is impossible.
# Container and image are removed on exit.
set -euo pipefail
cd "$(dirname "$0")/../.."

stop_timeout=15   # podman stop -t: longer than the server's DRAIN_GRACE_PERIOD (10 s)
name=transition-planner-check-$$
image=localhost/transition-planner-check:$$
work=$(mktemp -d)
cleanup() {
  podman rm -f -t 0 "$name" >/dev/null 2>&1 || true
  podman rmi -f "$image" >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT
fail() { echo "FAIL container-check: $*" >&2; exit 1; }
skip() { echo "SKIP container-check: $*"; exit 0; }
# The automatic health-check timers of podman need systemd, which this machine does not run as
# PID 1: podman logs "unable to get systemd connection" for them. Harmless here (the check runs
# `podman healthcheck run` itself); those lines are dropped, anything else is shown.
quiet_podman() {
  local rc=0
  podman "$@" 2>"$work/podman.err" || rc=$?
  grep -v 'unable to get systemd connection' "$work/podman.err" >&2 || true
  return $rc
}

echo "== container check (podman, runc, FROM scratch)"
if ! command -v podman >/dev/null || ! command -v runc >/dev/null; then
  [ "$(id -u)" = 0 ] || skip "podman/runc are not installed and installing them needs root"
  command -v apt-get >/dev/null || skip "podman/runc are not installed and there is no apt-get"
  if ! { apt-get update -qq && apt-get -o DPkg::Lock::Timeout=600 install -y -qq podman runc; } \
    >"$work/apt.log" 2>&1; then
    skip "apt-get install podman runc failed: $(tail -n 2 "$work/apt.log" | tr '\n' ' ')"
  fi
fi
podman info >/dev/null 2>"$work/info.err" || fail "podman is installed but does not work: $(cat "$work/info.err")"

# 1. The binary, as in the Dockerfile's build stage: the README's run command builds the same one
#    (scripts/lib/release-build.sh), so after it this build has nothing to do.
. scripts/lib/release-build.sh
build=(swift build "${release_build_args[@]}")
if ! flock /tmp/swift-build.lock "${build[@]}" >"$work/build.log" 2>&1; then
  tail -n 30 "$work/build.log" >&2
  fail "${build[*]} failed"
fi
tail -n 1 "$work/build.log"
bin="$(flock /tmp/swift-build.lock bash -c '. scripts/lib/release-build.sh; release_binary')"
mkdir -p "$work/context/rootfs"
install -m 0755 "$bin" "$work/context/transition-planner"
strip "$work/context/transition-planner"
stripped="$work/context/transition-planner"

# 2. Exactly what ldd lists: each library at its listed path, and the loader (PT_INTERP).
ldd "$stripped" >"$work/ldd.txt"
! grep -q 'not found' "$work/ldd.txt" || fail "ldd: $(grep 'not found' "$work/ldd.txt")"
! grep -q 'libcurl' "$work/ldd.txt" || fail "the server binary links libcurl"
! grep -q 'libdeflate' "$work/ldd.txt" || fail "the server binary links libdeflate dynamically (it is to be static)"
interp=$(readelf -l "$stripped" | sed -n 's/.*Requesting program interpreter: \(.*\)]/\1/p')
libs=$( (awk '$2 == "=>" && $3 ~ /^\// { print $3 } $1 ~ /^\// { print $1 }' "$work/ldd.txt"; echo "$interp") | sort -u)
for lib in $libs; do
  mkdir -p "$work/context/rootfs$(dirname "$lib")"
  cp -L "$lib" "$work/context/rootfs$lib"
done
echo "image files: /transition-planner $(echo $libs)"

# The runtime stage's instructions, taken from the Dockerfile (continuations joined), minus its
# FROM and COPY: the same user, environment, port, health check, stop signal and command.
python3 - Dockerfile "$work/context/Containerfile" <<'PY'
import sys
text = open(sys.argv[1]).read().replace("\\\n", " ")
lines = [l.strip() for l in text.splitlines() if l.strip() and not l.strip().startswith("#")]
last_from = max(i for i, l in enumerate(lines) if l.upper().startswith("FROM "))
stage = [l for l in lines[last_from + 1:] if not l.upper().startswith("COPY ")]
if "USER 65532:65532" not in stage:
    sys.exit("Dockerfile: the runtime stage must say USER 65532:65532")
out = ["FROM scratch", "COPY rootfs/ /", "COPY transition-planner /transition-planner"] + stage
open(sys.argv[2], "w").write("\n".join(out) + "\n")
PY
quiet_podman build --quiet --format docker --isolation chroot -t "$image" "$work/context" >/dev/null \
  || fail "podman build failed"
[ "$(podman image inspect --format '{{json .Config.Healthcheck.Test}}' "$image")" \
  = '["CMD","/transition-planner","healthcheck"]' ] || fail "the image lost its HEALTHCHECK"

# 3. Run it. ulimits: this kernel refuses podman's defaults; runc: the runtime that works here.
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
quiet_podman create --name "$name" --runtime runc \
  --ulimit nofile=4096:4096 --ulimit nproc=4096:4096 \
  --read-only --cap-drop ALL --security-opt no-new-privileges \
  -p "127.0.0.1:$port:8080" "$image" >/dev/null || fail "podman create failed"

# Start the container and poll GET /healthz every millisecond; prints the seconds from the
# `podman start` call and from the process start (runc's StartedAt) to the first 200.
start_and_wait() {
  python3 - "$name" "$port" <<'PY'
import socket, subprocess, sys, time
name, port = sys.argv[1], int(sys.argv[2])
def healthz():
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=1) as s:
            s.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            return s.recv(12).startswith(b"HTTP/1.1 200")
    except OSError:
        return False
t0 = time.time()
p = subprocess.Popen(["podman", "start", name], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
while not healthz():
    if time.time() - t0 > 30:
        sys.exit("no 200 from /healthz within 30 s")
    time.sleep(0.001)
t1 = time.time()
p.wait()
started = subprocess.run(["podman", "inspect", "--format", "{{.State.StartedAt.UnixNano}}", name],
                         capture_output=True, text=True, check=True).stdout.strip()
print(f"{t1 - t0:.4f} {t1 - int(started) / 1e9:.4f}")
PY
}
stop_and_check() {  # podman stop (SIGTERM), then exit code 0 within the grace period
  local t0 t1 code
  t0=$(date +%s.%N)
  quiet_podman stop -t "$stop_timeout" "$name" >/dev/null || fail "podman stop failed"
  t1=$(date +%s.%N)
  code=$(podman inspect --format '{{.State.ExitCode}}' "$name")
  [ "$code" = 0 ] || fail "exit code $code after podman stop (137 means SIGKILL after $stop_timeout s)"
  python3 -c "import sys; d = $t1 - $t0; print(f'{d:.2f}'); sys.exit(d >= $stop_timeout)" \
    || fail "podman stop took longer than the grace period"
}

timings=$(start_and_wait) || fail "the container did not answer /healthz: $(podman logs "$name" 2>&1 | tail -n 5)"
echo "ok   GET /healthz -> 200 on 127.0.0.1:$port"

status=$(curl -sS -o "$work/plan.json" -w '%{http_code}' -H 'Content-Type: application/json' \
  --data @examples/zoom-push.json "http://127.0.0.1:$port/v1/plans")
[ "$status" = 200 ] && grep -q '"engineVersion"' "$work/plan.json" \
  || fail "POST /v1/plans answered $status: $(head -c 300 "$work/plan.json")"
echo "ok   POST /v1/plans (examples/zoom-push.json) -> 200, $(wc -c <"$work/plan.json") bytes with engineVersion"

quiet_podman healthcheck run "$name" || fail "podman healthcheck run: unhealthy"
health=$(podman inspect --format '{{.State.Health.Status}}' "$name")
[ "$health" = healthy ] || fail "health status is '$health'"
echo "ok   podman healthcheck run -> healthy"

pid=$(podman inspect --format '{{.State.Pid}}' "$name")
uid=$(awk '/^Uid:/ { print $2 }' "/proc/$pid/status")
top_user=$(podman top "$name" user | awk 'NR == 2 { print $1 }')
[ "$uid" = 65532 ] && [ "$top_user" = 65532 ] || fail "the server runs as uid $uid (podman top: $top_user)"
echo "ok   the server runs as uid 65532 (podman top and /proc/$pid/status), read-only root, no capabilities"

took=$(stop_and_check) || exit 1
podman logs "$name" 2>/dev/null | grep -q '"event":"stopped","clean":true' \
  || fail "no clean drain in the log: $(podman logs "$name" 2>&1 | tail -n 3)"
echo "ok   podman stop -t $stop_timeout (SIGTERM) -> drained, exit code 0 in ${took} s"

# 4. Figures. Start-up: median of three container starts (the first one above and two restarts).
all_timings=("$timings")
for _ in 1 2; do
  t=$(start_and_wait) || fail "the container did not restart"
  all_timings+=("$t")
  stop_and_check >/dev/null || exit 1
done
# The same binary straight on this machine, five times: process spawn -> first /healthz 200.
host_ms=$(python3 - "$stripped" <<'PY'
import socket, statistics, subprocess, sys, time
def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]
def healthz(port):
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=1) as s:
            s.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            return s.recv(12).startswith(b"HTTP/1.1 200")
    except OSError:
        return False
runs = []
for _ in range(5):
    port = free_port()
    t0 = time.monotonic()
    p = subprocess.Popen([sys.argv[1], "serve", "--host", "127.0.0.1", "--port", str(port),
                          "--access-log", "off"], stdout=subprocess.DEVNULL)
    try:
        while not healthz(port):
            if time.monotonic() - t0 > 10 or p.poll() is not None:
                sys.exit("the binary did not answer /healthz")
            time.sleep(0.001)
        runs.append(time.monotonic() - t0)
    finally:
        p.terminate()
        p.wait()
print(f"{statistics.median(runs) * 1000:.0f}")
PY
) || fail "start-up measurement of the bare binary failed"
binary_bytes=$(stat -c %s "$stripped")
image_bytes=$(podman image inspect --format '{{.Size}}' "$image")
python3 - "$binary_bytes" "$image_bytes" "$host_ms" "${all_timings[@]}" <<'PY'
import statistics, sys
binary, image, host_ms = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
runs = [tuple(map(float, t.split())) for t in sys.argv[4:]]
from_start = statistics.median(r[0] for r in runs) * 1000
from_process = statistics.median(r[1] for r in runs) * 1000
mb = lambda n: f"{n / 1e6:.1f} MB ({n} bytes)"
print(f"binary (release, --static-swift-stdlib, stripped): {mb(binary)}")
print(f"image (FROM scratch, binary + ldd libraries):      {mb(image)}")
print(f"start-up, process spawn -> first /healthz 200:     {host_ms} ms (bare binary on this machine, median of 5)")
print(f"start-up, container start -> first /healthz 200:   {from_process:.0f} ms (podman's StartedAt, median of {len(runs)})")
print(f"start-up, 'podman start' -> first /healthz 200:     {from_start:.0f} ms (includes podman, conmon, runc and netavark; median of {len(runs)})")
PY
echo "note: the Dockerfile itself is not built by this check: its stages start from registry images"
echo "      (docker.io/library/swift, gcr.io/distroless/cc-debian12); this scratch image holds a binary"
echo "      built the same way, the libraries ldd lists, and its runtime-stage instructions."
echo "PASS container-check"
