#!/usr/bin/env bash
# Installs the Debian packages the build needs, only those missing:
#   libdeflate-dev        gzip of answers (Sources/CDeflate, linked statically into the server)
#   libcurl4-openssl-dev  the Swift client (Sources/PlannerClient) and its tests; never linked by
#   pkg-config            the server, but SwiftPM resolves every target of the package
# Further package names may be given as arguments (the test stages ask for theirs the same way):
#   scripts/setup-system.sh [PACKAGE...]
# As root it runs apt-get itself, through sudo when not root and sudo is there; otherwise, or
# when apt-get is missing or fails (no network to the mirror), it prints the exact command to run
# and exits 1. Set SETUP_SYSTEM_QUIET=1 to keep apt-get's progress out of the output.
set -euo pipefail

packages=(libdeflate-dev libcurl4-openssl-dev pkg-config "$@")

missing=()
for p in "${packages[@]}"; do
  # dpkg-query answers "install ok installed" only for a package that is fully installed.
  status=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)
  [ "$status" = "install ok installed" ] || missing+=("$p")
done
[ ${#missing[@]} = 0 ] && exit 0

install_cmd="apt-get -o DPkg::Lock::Timeout=600 install -y ${missing[*]}"
say() { echo "setup-system: $*" >&2; }
give_up() {
  say "$1"
  say "install them yourself, then run this again:"
  say "  sudo apt-get update && sudo $install_cmd"
  exit 1
}

command -v apt-get >/dev/null || give_up "missing ${missing[*]}, and there is no apt-get here (not Debian or Ubuntu?)"

if [ "$(id -u)" = 0 ]; then
  as_root=()
elif command -v sudo >/dev/null; then
  as_root=(sudo)
else
  give_up "missing ${missing[*]}, and installing them needs root (no sudo here)"
fi

say "installing ${missing[*]} with apt-get"
log=$(mktemp)
trap 'rm -f "$log"' EXIT
quiet=${SETUP_SYSTEM_QUIET:-0}
run() {
  if [ "$quiet" = 1 ]; then "${as_root[@]}" "$@" >"$log" 2>&1; else "${as_root[@]}" "$@" 2>&1 | tee "$log" >&2; fi
}
# The package lists of a fresh machine are empty or stale: update first. A failure here is
# most often no network to the mirror.
if ! run apt-get update -qq; then
  give_up "apt-get update failed (no network to the package mirror?): $(tail -n 2 "$log" | tr '\n' ' ')"
fi
if ! run apt-get -o DPkg::Lock::Timeout=600 install -y -qq "${missing[@]}"; then
  give_up "apt-get install failed: $(tail -n 2 "$log" | tr '\n' ' ')"
fi
say "installed ${missing[*]}"
