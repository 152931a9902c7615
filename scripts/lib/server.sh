# Sourced by scripts that need a running server on loopback.
#   start_server BINARY [SERVE_ARGS...]
# starts `BINARY serve` on a free loopback port without an access log and waits for it: sets
# `server` (its pid), `port` and `server_log` (a temporary file). The caller's EXIT trap stops it:
#   trap 'kill "$server" 2>/dev/null || true; rm -f "$server_log"' EXIT
start_server() {
  server_log=$(mktemp)
  "$1" serve --host 127.0.0.1 --port 0 --access-log off "${@:2}" >"$server_log" 2>&1 &
  server=$!
  port=""
  for _ in $(seq 200); do
    port=$(grep -o '"port":[0-9]*' "$server_log" | head -1 | cut -d: -f2 || true)
    [ -n "$port" ] && return 0
    kill -0 "$server" 2>/dev/null || break
    sleep 0.05
  done
  echo "server did not start:"
  cat "$server_log"
  return 1
}
