#!/usr/bin/env bash
# npm test: lint, type check, unit and integration tests, web build, browser tests.
# Stops at the first step that fails.
set -euo pipefail

cd "$(dirname "$0")/.."

section() {
  printf '\n\033[1m==> %s\033[0m\n' "$1"
}

# What the tests run for real, from Debian: Chromium for the browser tests, Caddy (the TLS proxy of
# the https journey), Prometheus and promtool (the scrape test and the alert rules), pgBackRest and
# PostgreSQL 15's binaries (the restore drill of a PostgreSQL server), pg_auto_failover (the failover
# drill) and PgBouncer (the integration suite through it, in CI).
section 'Debian packages: chromium, caddy, prometheus, pgbackrest, postgresql-15, pg_auto_failover, pgbouncer'
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
command -v caddy >/dev/null 2>&1 || missing+=(caddy)
command -v prometheus >/dev/null 2>&1 && command -v promtool >/dev/null 2>&1 || missing+=(prometheus)
command -v pgbackrest >/dev/null 2>&1 || missing+=(pgbackrest)
[ -x /usr/lib/postgresql/15/bin/initdb ] || missing+=(postgresql-15)
command -v pg_autoctl >/dev/null 2>&1 || missing+=(postgresql-15-auto-failover)
[ -x /usr/sbin/pgbouncer ] || missing+=(pgbouncer)
if [ "${#missing[@]}" -gt 0 ]; then
  if [ "$(id -u)" -eq 0 ]; then
    echo "Missing: ${missing[*]}; installing them from Debian (apt-get install -y ${missing[*]})…"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update
    # Debian starts a package's service when it installs it: the tests start their own, on their own ports.
    policy=''
    if [ ! -e /usr/sbin/policy-rc.d ]; then
      printf '#!/bin/sh\nexit 101\n' > /usr/sbin/policy-rc.d && chmod +x /usr/sbin/policy-rc.d
      policy=ours
    fi
    apt-get install -y "${missing[@]}"
    [ -z "$policy" ] || rm -f /usr/sbin/policy-rc.d
  else
    echo "Missing: ${missing[*]}. The tests use Debian's packages; install them with:" >&2
    echo "  sudo apt-get install -y ${missing[*]}" >&2
    exit 1
  fi
fi
/usr/bin/chromium --version 2>/dev/null || true
caddy version; prometheus --version 2>&1 | head -1; pgbackrest version; pg_autoctl --version | head -1; /usr/sbin/pgbouncer --version | head -1

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
