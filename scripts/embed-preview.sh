#!/usr/bin/env bash
# Regenerates Sources/PlannerService/Web/PreviewPage.swift from web/preview.html, so that the
# binary serves the preview page at GET / (see scripts/embed-text.py). A test fails when the two
# differ.
set -euo pipefail
cd "$(dirname "$0")/.."
exec python3 scripts/embed-text.py web/preview.html Sources/PlannerService/Web/PreviewPage.swift \
  PreviewPage html HTML scripts/embed-preview.sh
