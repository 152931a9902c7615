# Sourced by the headless-Chromium test stages (browser-test.sh, player-test.sh).
#   ensure_chromium VENV   installs what is missing: Debian chromium and chromium-driver, a venv
#                          at VENV with selenium
#   dead_proxy_port VENV   prints a loopback port nothing listens on (bound, then released), for
#                          Chromium's --proxy-server: it contacts outside services on its own
ensure_chromium() {
  if ! dpkg -s chromium chromium-driver >/dev/null 2>&1; then
    apt-get update -qq
    apt-get -o DPkg::Lock::Timeout=600 install -y -qq chromium chromium-driver >/dev/null
  fi
  if [ ! -x "$1/bin/python" ]; then
    mkdir -p "$(dirname "$1")"
    python3 -m venv "$1"
  fi
  if ! "$1/bin/python" -c 'import selenium' 2>/dev/null; then
    "$1/bin/pip" install -q --disable-pip-version-check selenium
  fi
}

dead_proxy_port() {
  "$1/bin/python" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}
