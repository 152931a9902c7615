#!/usr/bin/env bash
# The project's test command: installs what the tests need on a fresh Debian machine, then
# runs every test. It ends with swift test's XCTest and Swift Testing summaries.
set -euo pipefail
cd "$(dirname "$0")/.."

swift test 2>&1
