#!/usr/bin/env bash
# Regenerates Sources/PlannerService/Generated/PreviewPage.swift from web/preview.html, so that
# the binary serves the preview page at GET / (see scripts/gen/embed-text.py). A test fails when
# the two differ.
set -euo pipefail
cd "$(dirname "$0")/../.."
exec python3 scripts/gen/embed-text.py \
  web/preview.html Sources/PlannerService/Generated/PreviewPage.swift \
  PreviewPage html HTML scripts/gen/embed-preview.sh
