#!/usr/bin/env bash
# Regenerates Sources/PlannerService/Generated/OpenAPIDocument.swift from openapi.yaml (see
# scripts/gen/embed-text.py). A test fails when the two differ.
set -euo pipefail
cd "$(dirname "$0")/../.."
exec python3 scripts/gen/embed-text.py \
  openapi.yaml Sources/PlannerService/Generated/OpenAPIDocument.swift \
  OpenAPIDocument text YAML scripts/gen/embed-openapi.sh
