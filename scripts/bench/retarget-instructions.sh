#!/usr/bin/env bash
# Instructions per plan (valgrind --tool=callgrind: repeatable on a noisy machine) of engine +
# encode for planner-bench's retarget rows, each retarget against its new request alone. Each
# figure is (count at 2N iterations - count at N) / N, so one-time costs (start-up, first-use
# metadata) fall out.
#   scripts/bench/retarget-instructions.sh [PLANNER_BENCH] [N]   (default release build, 100)
set -euo pipefail
cd "$(dirname "$0")/../.."
bench=${1:-.build/release/planner-bench}
n=${2:-100}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# callgrind cannot read the toolchain's debug info: a stripped copy.
strip --strip-debug -o "$work/bench" "$bench"
count() {  # CASE ONLY ITERATIONS -> instructions
  RETARGET_CASE=$1 RETARGET_ONLY=$2 valgrind --tool=callgrind --callgrind-out-file="$work/out" \
    "$work/bench" --iterations "$3" --retarget >/dev/null 2>&1
  awk '/^summary:/ { print $2 }' "$work/out"
}
per() {  # CASE ONLY -> instructions per iteration
  local a b
  a=$(count "$1" "$2" "$n")
  b=$(count "$1" "$2" $((2 * n)))
  awk -v a="$a" -v b="$b" -v n="$n" 'BEGIN { printf "%.0f", (b - a) / n }'
}
printf '%-6s %14s %14s %7s\n' case alone retarget ratio
for c in zoom hero; do
  a=$(per "$c" alone)
  r=$(per "$c" retarget)
  awk -v c="$c" -v a="$a" -v r="$r" 'BEGIN { printf "%-6s %14d %14d %7.2f\n", c, a, r, r / a }'
done
