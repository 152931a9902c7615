#!/usr/bin/env bash
# Regenerates Sources/PlannerService/Generated/PlayerScript.swift from web/player.js, so that the
# binary serves the player module at GET /player.js (see scripts/gen/embed-text.py). A test fails
# when the two differ.
set -euo pipefail
cd "$(dirname "$0")/../.."
exec python3 scripts/gen/embed-text.py \
  web/player.js Sources/PlannerService/Generated/PlayerScript.swift \
  PlayerScript source "player module" scripts/gen/embed-player.sh
