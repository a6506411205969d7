#!/usr/bin/env bash
# What a newcomer does, checked in CI: clone, `npm ci`, `npm start` with no settings at all
# (no NODE_ENV, no .env, no data folder, no web build), then wait for /api/health.
set -euo pipefail

repo="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
chmod 755 "$work" # as root, the embedded PostgreSQL (user postgres) must pass through it, as through a home folder
port="${FIRST_START_PORT:-3900}"
log="$work/start.log"
pid=''

cleanup() {
  if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
    # npm start runs in its own process group: stop all of it (npm, node, PostgreSQL).
    kill -TERM -- "-$pid" 2>/dev/null || true
    for _ in $(seq 1 150); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -KILL -- "-$pid" 2>/dev/null || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT

git clone --quiet "$repo" "$work/app"
cd "$work/app"
echo "npm ci in a fresh clone ($work/app)…"
npm ci --no-audit --no-fund >"$work/npm-ci.log" 2>&1 || { cat "$work/npm-ci.log"; exit 1; }

# Only PATH and HOME, as a newcomer's shell has: nothing of CI's or this machine's settings.
setsid env -i PATH="$PATH" HOME="${HOME:-/root}" PORT="$port" npm start >"$log" 2>&1 &
pid=$!
for _ in $(seq 1 300); do
  if curl -sf "http://127.0.0.1:$port/api/health" >/dev/null 2>&1; then
    echo "npm start answered /api/health on port $port."
    # A page and a form, as a browser opened at 127.0.0.1 would send it.
    curl -sf "http://127.0.0.1:$port/" | grep -q '<div id="root">' || { echo 'The home page is not the web app.'; cat "$log"; exit 1; }
    status=$(curl -s -o /dev/null -w '%{http_code}' -X POST "http://127.0.0.1:$port/api/auth/request-password-reset" \
      -H "origin: http://127.0.0.1:$port" -H 'content-type: application/json' -d '{"email":"newcomer@example.test","redirectTo":"/auth"}')
    [ "$status" = 200 ] || { echo "A form sent from http://127.0.0.1:$port answered $status."; cat "$log"; exit 1; }
    exit 0
  fi
  if ! kill -0 "$pid" 2>/dev/null; then
    echo 'npm start exited before answering /api/health:'
    cat "$log"
    exit 1
  fi
  sleep 1
done
echo 'npm start did not answer /api/health within 300 s:'
cat "$log"
exit 1
