#!/usr/bin/env bash
# Runs end-to-end specs against a private server, so that several people (or agents) can run
# them at once on one machine without sharing a port, a build folder or a database.
# Usage: scripts/e2e-isolated.sh <port> [playwright args, e.g. web/e2e/content.spec.ts -g "name"]
# Builds the console into a temp folder, starts the server from source (tsx) on <port> with a
# fresh embedded database and the demo seed, runs Playwright against it, then stops the server.
# Set SKIP_WEB_BUILD=<folder> to reuse an earlier build. The server log is printed on failure.
# The server's JSON log ($work/server.log, LOG_FILE) is checked for secrets after the run
# (scripts/check-logs.mjs: passwords, bearer tokens, JWTs, emailed tokens, and the invite tokens
# the specs used, recorded in $work/used-tokens.txt); its console output goes to $work/server.out.
set -euo pipefail
cd "$(dirname "$0")/.."
port=$1
shift
if curl -fs "http://localhost:$port/readyz" >/dev/null 2>&1; then
  echo "port $port already serves something: stop it or pick another port" >&2
  exit 1
fi
work=$(mktemp -d "/tmp/e2e-$port-XXXX")
web="${SKIP_WEB_BUILD:-$work/web}"
if [ -z "${SKIP_WEB_BUILD:-}" ]; then
  (cd web && npx vite build --outDir "$web" --emptyOutDir --logLevel warn)
fi
# The server runs in its own process group (setsid), so stopping it stops npx, tsx and node.
(cd server && exec setsid env PORT="$port" DATA_DIR="$work/data" WEB_DIST="$web" LOG_LEVEL=info \
  LOG_FILE="$work/server.log" npx tsx src/main.ts >"$work/server.out" 2>&1) &
server=$!
stop_server() {
  kill -TERM -- "-$server" 2>/dev/null || true
  for _ in $(seq 1 50); do
    kill -0 -- "-$server" 2>/dev/null || return 0
    sleep 0.2
  done
  kill -KILL -- "-$server" 2>/dev/null || true
}
trap stop_server EXIT
for _ in $(seq 1 120); do
  curl -fs "http://localhost:$port/readyz" >/dev/null 2>&1 && break
  sleep 1
done
status=0
E2E_BASE_URL="http://localhost:$port" E2E_TOKENS_FILE="$work/used-tokens.txt" \
  npx playwright test -c web/e2e/playwright.config.ts --no-deps \
  --output "$work/results" "$@" || status=$?
sleep 0.5
node scripts/check-logs.mjs --mailbox "http://localhost:$port" --tokens "$work/used-tokens.txt" \
  "$work/server.log" || status=1
if [ $status -ne 0 ]; then
  echo "--- server output (tail): $work/server.out"
  tail -n 20 "$work/server.out"
  echo "--- server log (tail): $work/server.log"
  tail -n 40 "$work/server.log"
fi
stop_server
exit $status
