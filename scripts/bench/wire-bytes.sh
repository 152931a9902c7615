#!/usr/bin/env bash
# Bytes on the wire per example and format (not a test): each example POSTed to a server on
# loopback as identity and with Accept-Encoding: gzip, the body sizes as sent (curl without
# decoding) and their ratio.
#   scripts/bench/wire-bytes.sh [BINARY]
set -euo pipefail
cd "$(dirname "$0")/../.."
bin=${1:-${BIN:-.build/release/transition-planner}}
. scripts/lib/server.sh
trap 'kill "${server:-}" 2>/dev/null || true; rm -f "${server_log:-}"' EXIT
start_server "$bin"
size() {  # path format [coding]
  curl -s -o /dev/null -w '%{size_download}' -H 'Content-Type: application/json' \
    ${3:+-H "Accept-Encoding: $3"} --data-binary "@$4" "http://127.0.0.1:$port$1?format=$2"
}
printf '%-28s %-14s %10s %10s %7s\n' example format identity gzip ratio
for example in examples/*.json; do
  name=$(basename "$example" .json)
  path=/v1/plans
  formats="json waapi waapi&keyframes=compact css lottie svg"
  case "$name" in interaction-*) path=/v1/interactions; formats="json waapi css lottie svg" ;; esac
  for f in $formats; do
    i=$(size "$path" "$f" "" "$example")
    g=$(size "$path" "$f" gzip "$example")
    printf '%-28s %-14s %10d %10d %7s\n' "$name" "${f/&keyframes=/-}" "$i" "$g" \
      "$(awk -v a="$i" -v b="$g" 'BEGIN { printf "%.1f", a / b }')"
  done
done
