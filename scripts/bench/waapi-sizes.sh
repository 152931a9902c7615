#!/usr/bin/env bash
# Bytes of the sampled and the compact waapi document for every example plan (CLI, no network),
# and their ratio:  scripts/bench/waapi-sizes.sh [BINARY]
set -euo pipefail
cd "$(dirname "$0")/../.."
bin=${1:-${BIN:-.build/debug/transition-planner}}
printf '%-28s %10s %10s %7s\n' example sampled compact ratio
total_s=0
total_c=0
for example in examples/*.json; do
  name=$(basename "$example" .json)
  case "$name" in interaction-*) continue ;; esac
  s=$("$bin" plan "$example" --format waapi | wc -c)
  c=$("$bin" plan "$example" --format waapi --keyframes compact | wc -c)
  total_s=$((total_s + s))
  total_c=$((total_c + c))
  printf '%-28s %10d %10d %7s\n' "$name" "$s" "$c" "$(awk -v a="$s" -v b="$c" 'BEGIN { printf "%.1f", a / b }')"
done
printf '%-28s %10d %10d %7s\n' total "$total_s" "$total_c" "$(awk -v a="$total_s" -v b="$total_c" 'BEGIN { printf "%.1f", a / b }')"
