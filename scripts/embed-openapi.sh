#!/usr/bin/env bash
# Regenerates Sources/PlannerService/Web/OpenAPIDocument.swift from openapi.yaml (see
# scripts/embed-text.py). A test fails when the two differ.
set -euo pipefail
cd "$(dirname "$0")/.."
exec python3 scripts/embed-text.py openapi.yaml Sources/PlannerService/Web/OpenAPIDocument.swift \
  OpenAPIDocument text YAML scripts/embed-openapi.sh
