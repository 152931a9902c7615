# Kept for scripts that source it: Chromium alone, through scripts/lib/engines.sh (which the
# browser stages use for all three engines).
#   ensure_chromium VENV   chromium and chromium-driver, a venv at VENV with selenium and websockets
#   dead_proxy_port VENV   a loopback port nothing listens on (see engines.sh)
. "$(dirname "${BASH_SOURCE[0]}")/engines.sh"

ensure_chromium() {
  ensure_engines "$1" chromium
}
