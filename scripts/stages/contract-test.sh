#!/usr/bin/env bash
# API contract checks: openapi.yaml is valid OpenAPI 3.1, and the live server (the built debug
# binary on a loopback port) conforms to it under schemathesis with a fixed seed and a bounded
# number of examples. Needs the Python tools installed by scripts/test.sh.
set -euo pipefail
cd "$(dirname "$0")/../.."
venv=${VENV:-.build/venv}
bin=${BIN:-.build/debug/transition-planner}
seed=${SEED:-20261129}
examples=${MAX_EXAMPLES:-40}

"$venv/bin/openapi-spec-validator" openapi.yaml

log=$(mktemp)
"$bin" serve --host 127.0.0.1 --port 0 --access-log off >"$log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true; rm -f "$log"' EXIT
port=""
for _ in $(seq 200); do
  port=$(grep -o '"port":[0-9]*' "$log" | head -1 | cut -d: -f2 || true)
  [ -n "$port" ] && break
  sleep 0.05
done
[ -n "$port" ] || { echo "server did not start:"; cat "$log"; exit 1; }

NO_COLOR=1 "$venv/bin/st" run openapi.yaml --url "http://127.0.0.1:$port" \
  --checks not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance \
  --seed "$seed" --max-examples "$examples" --workers 1 --request-timeout 10
