#!/usr/bin/env bash
# The Lottie export of every example request (plans and interactions) played by two real Lottie
# players: rlottie (PyPI rlottie-python) and ThorVG (PyPI thorvg-python 1.1.3, ThorVG 1.0, the
# engine of LottieFiles' dotLottie players), installed into the venv when missing. Each renders
# each layer alone at every plan sample, and its pixel box must match the plan's box for that
# layer within 1 px (Tests/Lottie/render_test.py; rounded corners are checked to render as well),
# and where a player holds its last frame before the out point, the plan's end box (with a
# negative control: the old out point, at the last sample, must fail).
# One line per example and renderer, then what the two draw differently; exits 1 on any
# mismatch. Builds nothing: uses the CLI binary. LOTTIE_RENDERERS=rlottie (or thorvg) runs one.
#   scripts/stages/lottie-render.sh [--frames N] [EXAMPLE.json ...]   (BIN, VENV override)
set -euo pipefail
cd "$(dirname "$0")/../.."
venv=${VENV:-.build/venv}
bin=${BIN:-.build/debug/transition-planner}

[ -x "$bin" ] || { echo "no CLI binary at $bin (swift build --product transition-planner)"; exit 1; }
if [ ! -x "$venv/bin/python" ]; then
  mkdir -p "$(dirname "$venv")"
  python3 -m venv "$venv"
fi
if ! "$venv/bin/python" -c 'import rlottie_python, thorvg_python' 2>/dev/null; then
  "$venv/bin/pip" install -q --disable-pip-version-check rlottie-python thorvg-python==1.1.3
fi
"$venv/bin/python" Tests/Lottie/render_test.py --bin "$bin" "$@"
