#!/usr/bin/env bash
# The POS example end to end on this machine, as examples/pos/README.md says to run it:
# starts the menu service on a fresh SQLite file (with WEBHOOKS_ALLOW_PRIVATE=true, so it may post
# webhooks to the example's receiver on this machine), makes an API token for the demo owner, runs
# examples/pos/pos-sync.ts against it, and stops the server. `.ci/run` runs exactly this.
set -euo pipefail
cd "$(dirname "$0")/../.."

work="$(mktemp -d)"
log="$work/server.log"
export DATABASE_URL="sqlite:$work/menu.db"
cleanup() {
  [ -n "${server:-}" ] && kill "$server" 2>/dev/null || true
  wait 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

# 1. The service on a free port of 127.0.0.1, with the demo restaurant.
WEBHOOKS_ALLOW_PRIVATE=true HOST=127.0.0.1 PORT=0 LOG_FORMAT=json LOG_LEVEL=warn \
  node bin/menu.js serve --migrate --seed-demo >"$log" 2>&1 &
server=$!
port=""
for _ in $(seq 1 120); do
  port="$(sed -n 's/.*listening on 127\.0\.0\.1:\([0-9]*\).*/\1/p' "$log" | head -n1)"
  [ -n "$port" ] && break
  kill -0 "$server" 2>/dev/null || { cat "$log"; exit 1; }
  sleep 1
done
[ -n "$port" ] || { echo "the server did not start:"; cat "$log"; exit 1; }
echo "menu service on http://demo.localhost:$port"

# 2. A token for the POS (menu:read and menu:write), made with the menu command.
token="$(node bin/menu.js token:create demo owner@demo.localhost --name POS --scopes menu:read,menu:write | grep -oE '[0-9]+\|[A-Za-z0-9]{48}' | head -n1)"
[ -n "$token" ] || { echo "no token was made"; exit 1; }

# 3. The example: first load, a safe price change, changes since, a verified webhook.
MENU_URL="http://demo.localhost:$port" MENU_CONNECT="127.0.0.1:$port" MENU_TOKEN="$token" \
  npx tsx examples/pos/pos-sync.ts
