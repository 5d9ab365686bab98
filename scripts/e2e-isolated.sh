#!/usr/bin/env bash
# Runs end-to-end specs against a private server, so that several people (or agents) can run
# them at once on one machine without sharing a port, a build folder or a database.
# Usage: scripts/e2e-isolated.sh <port> [playwright args, e.g. web/e2e/content.spec.ts -g "name"]
# Builds the console into a temp folder, starts the server from source (tsx) on <port> with a
# fresh embedded database and the demo seed, runs Playwright against it, then stops the server.
# Set SKIP_WEB_BUILD=<folder> to reuse an earlier build. The server log is printed on failure.
set -euo pipefail
cd "$(dirname "$0")/.."
port=$1
shift
work=$(mktemp -d "/tmp/e2e-$port-XXXX")
web="${SKIP_WEB_BUILD:-$work/web}"
if [ -z "${SKIP_WEB_BUILD:-}" ]; then
  (cd web && npx vite build --outDir "$web" --emptyOutDir --logLevel warn)
fi
(cd server && exec env PORT="$port" DATA_DIR="$work/data" WEB_DIST="$web" LOG_LEVEL=info \
  npx tsx src/main.ts >"$work/server.log" 2>&1) &
server=$!
trap 'kill $server 2>/dev/null; pkill -f "DATA_DIR=$work" 2>/dev/null || true' EXIT
for _ in $(seq 1 120); do
  curl -fs "http://localhost:$port/readyz" >/dev/null 2>&1 && break
  sleep 1
done
status=0
E2E_BASE_URL="http://localhost:$port" npx playwright test -c web/e2e/playwright.config.ts \
  --output "$work/results" "$@" || status=$?
if [ $status -ne 0 ]; then
  echo "--- server log (tail): $work/server.log"
  tail -n 40 "$work/server.log"
fi
kill $server 2>/dev/null || true
exit $status
