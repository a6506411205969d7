#!/usr/bin/env bash
# npm run bench:restore [-- USERS]: the embedded backups at size (issue 30, docs/benchmarks.md).
# Seeds USERS people (default 1,000,000) into a fresh DATA_DIR with BACKUP_DIR set (so the seed's
# WAL is archived as the app would archive it), takes a base backup, writes a little more, and
# restores to the end of the archive into a new folder; prints each step's time and size.
# Uses BENCH_DIR (default ./data-bench-restore), which it empties first.
set -euo pipefail
cd "$(dirname "$0")/../.."

users="${1:-1000000}"
dir="$(realpath -m "${BENCH_DIR:-./data-bench-restore}")"
rm -rf "$dir"
mkdir -p "$dir"
export DATA_DIR="$dir/data" BACKUP_DIR="$dir/backups" ARCHIVE_TIMEOUT_SECONDS="${ARCHIVE_TIMEOUT_SECONDS:-60}" LOG_LEVEL=warn
unset DATABASE_URL

step() {
  local name="$1"
  shift
  local started
  started=$(date +%s.%N)
  "$@" >"$dir/$name.log" 2>&1 || { echo "$name failed:"; tail -20 "$dir/$name.log"; exit 1; }
  awk -v n="$name" -v a="$started" -v b="$(date +%s.%N)" 'BEGIN { printf "%-10s %6.1f s\n", n, b - a }'
}

echo "Backups of the embedded PostgreSQL at $users users, in $dir ($(nproc) cores)"
step seed npx tsx scripts/seed.ts --users "$users"
echo "data folder: $(du -sh "$DATA_DIR/postgres" | cut -f1); archived WAL so far: $(du -sh "$BACKUP_DIR/wal" | cut -f1) in $(ls "$BACKUP_DIR/wal" | wc -l) files"
step backup npx tsx scripts/backup.ts backup
echo "base backup: $(du -sh "$BACKUP_DIR/base" | cut -f1)"
step verify npx tsx scripts/backup.ts verify
step restore npx tsx scripts/backup.ts restore --data-dir "$dir/restored"
grep -E 'Restored into' "$dir/restore.log" || true
echo "restored folder: $(du -sh "$dir/restored/postgres" | cut -f1)"
echo "Recovery point: at most ARCHIVE_TIMEOUT_SECONDS=$ARCHIVE_TIMEOUT_SECONDS s of acknowledged writes (the WAL segment not yet archived)."
