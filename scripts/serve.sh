#!/usr/bin/env bash
# Runs the service from a fresh clone: installs the system packages the build needs when they are
# missing (scripts/setup-system.sh), builds the release binary and runs
# `transition-planner serve` with the arguments given, so every option of `serve` works here:
#   scripts/serve.sh --port 8080
#   scripts/serve.sh --help
# The build's progress goes to standard error; the server's own output is its standard output.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib/release-build.sh

scripts/setup-system.sh
echo "serve: building the release binary (the first build takes a few minutes on 2 cores; later ones only what changed)" >&2
swift build "${release_build_args[@]}" >&2
exec "$(release_binary)" serve "$@"
