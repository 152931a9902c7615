#!/usr/bin/env bash
# Instructions per request (valgrind --tool=callgrind: repeatable on a noisy machine) of
# planner-bench's 10-pair hero push, request bytes to response bytes, per format, and of its
# decoding alone. planner-bench runs a body 3N times plus max(N/10, 10) warm-ups for N
# iterations, so with N <= 50 each figure is (count at 2N - count at N) / 3N and one-time costs
# (start-up, first-use metadata) fall out; hashing is seeded deterministically, so dictionaries
# probe alike from run to run.
#   scripts/bench/native-instructions.sh [PLANNER_BENCH] [N] [FORMATS...]
#   (defaults: the release build, 20, json coreanimation android viewtransition)
set -euo pipefail
cd "$(dirname "$0")/../.."
bench=${1:-.build/release/planner-bench}
n=${2:-20}
if [ "$n" -gt 50 ]; then
  echo "N at most 50 (planner-bench's warm-up grows past it)" >&2
  exit 64
fi
shift $(($# < 2 ? $# : 2))
formats=("$@")
[ ${#formats[@]} -gt 0 ] || formats=(json coreanimation android viewtransition)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# callgrind cannot read the toolchain's debug info: a stripped copy.
strip --strip-debug -o "$work/bench" "$bench"
count() {  # ITERATIONS ARGS... -> instructions
  local iterations=$1
  shift
  SWIFT_DETERMINISTIC_HASHING=1 timeout 600 valgrind --tool=callgrind --callgrind-out-file="$work/out" \
    "$work/bench" --iterations "$iterations" "$@" >/dev/null 2>&1
  awk '/^summary:/ { print $2 }' "$work/out"
}
per() {  # ARGS... -> instructions per iteration
  local a b
  a=$(count "$n" "$@")
  b=$(count $((2 * n)) "$@")
  awk -v a="$a" -v b="$b" -v n="$n" 'BEGIN { printf "%.0f", (b - a) / (3 * n) }'
}
printf '%-14s %14s\n' what instructions
printf '%-14s %14d\n' decode "$(per --hero-decode)"
for f in "${formats[@]}"; do
  printf '%-14s %14d\n' "$f" "$(per --format "$f" --hero-pipeline)"
done
