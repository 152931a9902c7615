# Sourced by the browser test stages: what Tests/Browser/engines.py needs, installed when missing.
#   ensure_engines VENV [ENGINES]   for each engine named (comma-separated; default: $ENGINES,
#                                   else chromium,firefox,webkit) its Debian packages, then a venv
#                                   at VENV with selenium, websockets and pillow (the View
#                                   Transitions probes read PNGs and X displays with it):
#                                     chromium  chromium, chromium-driver, xvfb (a windowed run)
#                                     firefox   firefox-esr (driven over WebDriver BiDi), xvfb
#                                     webkit    webkit2gtk-driver (WebKitWebDriver, MiniBrowser), xvfb
#   dead_proxy_port VENV            a loopback port nothing listens on (bound, then released):
#                                   every engine's proxy, so nothing it sends leaves the machine
ensure_engines() {
  local venv=$1 chosen=${2:-${ENGINES:-chromium,firefox,webkit}} packages=() engine
  for engine in ${chosen//,/ }; do
    case $engine in
      chromium) packages+=(chromium chromium-driver xvfb) ;;
      firefox) packages+=(firefox-esr xvfb) ;;
      webkit) packages+=(webkit2gtk-driver xvfb) ;;
      *) echo "ENGINES: unknown engine '$engine' (chromium, firefox, webkit)"; return 1 ;;
    esac
  done
  if [ "${#packages[@]}" -gt 0 ] && ! dpkg -s "${packages[@]}" >/dev/null 2>&1; then
    apt-get update -qq
    apt-get -o DPkg::Lock::Timeout=600 install -y -qq "${packages[@]}" >/dev/null
  fi
  if [ ! -x "$venv/bin/python" ]; then
    mkdir -p "$(dirname "$venv")"
    python3 -m venv "$venv"
  fi
  if ! "$venv/bin/python" -c 'import selenium, websockets, PIL' 2>/dev/null; then
    "$venv/bin/pip" install -q --disable-pip-version-check selenium websockets pillow
  fi
}

dead_proxy_port() {
  "$1/bin/python" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}
