#!/usr/bin/env bash
# npm test: lint, type check, unit and integration tests, web build, browser tests.
# Stops at the first step that fails.
set -euo pipefail

cd "$(dirname "$0")/.."

section() {
  printf '\n\033[1m==> %s\033[0m\n' "$1"
}

section 'Browser: /usr/bin/chromium'
if [ ! -x /usr/bin/chromium ]; then
  if [ "$(id -u)" -eq 0 ]; then
    echo 'Chromium is missing; installing it from Debian (apt-get install -y chromium)…'
    export DEBIAN_FRONTEND=noninteractive
    apt-get update
    apt-get install -y chromium
  else
    echo 'Chromium is missing. The browser tests use Debian'"'"'s Chromium; install it with:' >&2
    echo '  sudo apt-get install -y chromium' >&2
    exit 1
  fi
fi
/usr/bin/chromium --version 2>/dev/null || true

section 'Lint: eslint .'
npx eslint .

section 'Type check: tsc --noEmit'
npx tsc --noEmit

section 'Unit and integration tests: vitest run'
npx vitest run

section 'Web build: vite build'
npx vite build

section 'Browser tests: playwright test'
npx playwright test

section 'npm test: all checks passed'
