// PostgreSQL's archive_command for the app's own backups (decision 043), run by the embedded
// PostgreSQL as `node scripts/archive-wal.mjs %p <BACKUP_DIR>/wal/%f` for each finished WAL
// segment. Safe as PostgreSQL's documentation asks: an archived file is never overwritten by a
// different one (exit 1, PostgreSQL retries and reports the failure in pg_stat_archiver), an
// identical one is accepted (a retry after a crash between copy and acknowledgement), and the
// copy is written under a temporary name, fsynced, linked to its name, and its folder fsynced.
import { closeSync, constants, copyFileSync, fsyncSync, linkSync, openSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';

const [source, target] = process.argv.slice(2);
if (!source || !target) {
  console.error('usage: archive-wal.mjs SOURCE TARGET');
  process.exit(2);
}

function fsyncPath(file, flags = constants.O_RDONLY) {
  const fd = openSync(file, flags);
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

try {
  let existing = null;
  try {
    existing = statSync(target);
  } catch (e) {
    if (e.code !== 'ENOENT') throw e;
  }
  if (existing) {
    if (existing.size === statSync(source).size && readFileSync(target).equals(readFileSync(source))) process.exit(0);
    console.error(`archive-wal: ${target} exists with different content: refusing to overwrite it`);
    process.exit(1);
  }
  const temporary = `${target}.tmp-${process.pid}`;
  try {
    copyFileSync(source, temporary, constants.COPYFILE_EXCL);
    fsyncPath(temporary);
    linkSync(temporary, target); // unlike rename, never replaces a file that appeared meanwhile
  } finally {
    rmSync(temporary, { force: true });
  }
  fsyncPath(path.dirname(target));
} catch (e) {
  console.error(`archive-wal: could not archive ${path.basename(source)}: ${e.message}`);
  process.exit(1);
}
