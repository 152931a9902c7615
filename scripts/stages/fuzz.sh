#!/usr/bin/env bash
# Runs the libFuzzer targets (Fuzz/: fuzz-http1, fuzz-connection, fuzz-planner) side by side, each
# for about `seconds-per-target` of CPU, and prints each one's executions, exec/s, corpus size and
# findings. Exits non-zero when a target found a crash (an
# invariant violation, a trap or a memory error); the reproducer is kept under
# .build/fuzz/findings/ and its path printed.
#
#   scripts/stages/fuzz.sh [seconds-per-target]     (default 60)
#
# Build: swift build -c release --sanitize=fuzzer --sanitize=address
#   -Xswiftc -sanitize=fuzzer,address --disable-dead-strip   (in Fuzz/; see below for why both)
# Each run starts from a fresh copy of the seed corpus (Fuzz/corpus/<target>, plus the bodies of
# examples/*.json for fuzz-planner), so runs never grow the repository. To replay a finding:
#   SWIFT_BACKTRACE=enable=no Fuzz/.build/release/fuzz-http1 .build/fuzz/findings/crash-...
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds="${1:-60}"
root="$PWD"
work="$root/.build/fuzz"
mkdir -p "$work/findings"

# With --sanitize=fuzzer --sanitize=address alone, some builds (the same command, run again)
# compiled modules with -sanitize=address only: part of the code, sometimes all of it, had no
# coverage counters and the fuzzer found nothing. The combined flag instruments every module.
flags=(-c release --sanitize=fuzzer --sanitize=address -Xswiftc -sanitize=fuzzer,address
  --disable-dead-strip)
echo "building the fuzz targets (release, ${flags[*]})"
# ld.gold warns about every ASan check symbol it cannot export; real diagnostics are kept.
# The lock: no other Swift build on the machine at the same time (scripts/test.sh).
build_log="$work/build.log"
built=0
(cd Fuzz && flock /tmp/swift-build.lock swift build "${flags[@]}" >"$build_log" 2>&1) || built=$?
if [ "$built" -ne 0 ] && grep -qE "because of missing inputs|cannot find '[A-Za-z0-9_]+' in scope" \
  "$build_log"; then
  # The cached build plan of this nested package lists the root package's files as they were:
  # a file removed stays in it ("missing inputs: .../Results.swift", after a file was split in
  # two) and a file added is not compiled ("cannot find 'FirstItemByBytes' in scope"). The
  # plan is dropped and made again, the objects kept; a real compile error fails again below.
  echo "the cached build plan lists the root package's files as they were: planning again"
  rm -f Fuzz/.build/release.yaml Fuzz/.build/*/release/description.json
  built=0
  (cd Fuzz && flock /tmp/swift-build.lock swift build "${flags[@]}" >"$build_log" 2>&1) || built=$?
fi
if [ "$built" -ne 0 ]; then
  grep -v "Cannot export local symbol" "$build_log" | tail -20
  echo "the fuzz build failed (log: ${build_log#"$root"/})"
  exit 1
fi
grep -v "Cannot export local symbol" "$build_log" | tail -2
bin="$root/Fuzz/.build/release"
targets=(http1 connection planner)
for target in "${targets[@]}"; do
  out=$(SWIFT_BACKTRACE=enable=no "$bin/fuzz-$target" -runs=0 2>&1 || true)
  if ! grep -q "inline 8-bit counters" <<<"$out"; then
    echo "fuzz-$target has no coverage instrumentation"
    exit 1
  fi
done

# Each target is one single-threaded process: run them side by side, so no core idles. With
# more targets than cores, each runs longer in wall time, so that it still gets about
# `seconds` of CPU (3 targets on 2 cores: 1.5 x seconds, against 3 x seconds one after another).
cores=$(nproc)
wall=$seconds
if [ "${#targets[@]}" -gt "$cores" ]; then
  wall=$(((seconds * ${#targets[@]} + cores - 1) / cores))
fi
pids=()
for target in "${targets[@]}"; do
  corpus="$work/corpus-$target"
  rm -rf "$corpus"
  mkdir -p "$corpus"
  cp Fuzz/corpus/$target/* "$corpus/"
  if [ "$target" = planner ]; then cp examples/*.json "$corpus/"; fi
  ls "$corpus" | wc -l >"$work/seeds-$target"
  log="$work/fuzz-$target.log"
  echo "== fuzz-$target: ${wall}s from $(cat "$work/seeds-$target") seeds (log: ${log#$root/})"
  # -timeout: one input taking over 10 s is a finding (a hang); -rss_limit_mb bounds memory.
  SWIFT_BACKTRACE=enable=no "$bin/fuzz-$target" -max_total_time="$wall" -rss_limit_mb=2048 \
    -timeout=10 -print_final_stats=1 -artifact_prefix="$work/findings/" "$corpus" >"$log" 2>&1 &
  pids+=($!)
done

status=0
summary=()
for i in "${!targets[@]}"; do
  target=${targets[$i]}
  set +e
  wait "${pids[$i]}"
  rc=$?
  set -e
  corpus="$work/corpus-$target"
  log="$work/fuzz-$target.log"
  seeds=$(cat "$work/seeds-$target")
  runs=$(grep -oE '^stat::number_of_executed_units: *[0-9]+' "$log" | grep -oE '[0-9]+$' || true)
  rate=$(grep -oE '^stat::average_exec_per_sec: *[0-9]+' "$log" | grep -oE '[0-9]+$' || true)
  size=$(ls "$corpus" | wc -l)
  findings=$(grep -oE "Test unit written to [^ ]+" "$log" | sed 's/Test unit written to //' || true)
  count=$(printf '%s' "$findings" | grep -c . || true)
  line=$(printf 'fuzz-%-10s %10s executions  %6s exec/s  corpus %5s (from %s seeds)  findings %s' \
    "$target" "${runs:-?}" "${rate:-?}" "$size" "$seeds" "$count")
  echo "$line"
  summary+=("$line")
  if [ "$rc" -ne 0 ] || [ "$count" -ne 0 ]; then
    status=1
    grep -E "invariant violated|ERROR: AddressSanitizer|Fatal error|SUMMARY" "$log" | head -5 || true
    printf '  reproducer: %s\n' $findings
  fi
done

echo "== fuzzing summary (${wall}s per target, ${#targets[@]} targets side by side on $cores cores)"
printf '%s\n' "${summary[@]}"
exit "$status"
