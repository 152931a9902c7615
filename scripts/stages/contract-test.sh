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

. scripts/lib/server.sh
trap 'kill "${server:-}" 2>/dev/null || true; rm -f "${server_log:-}"' EXIT
start_server "$bin"

NO_COLOR=1 "$venv/bin/st" run openapi.yaml --url "http://127.0.0.1:$port" \
  --checks not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance \
  --seed "$seed" --max-examples "$examples" --workers 1 --request-timeout 10
