// PostgreSQL's archive_command for the app's own backups (decision 043), run by the embedded
// PostgreSQL as `node scripts/archive-wal.mjs %p <BACKUP_DIR>/wal/%f` for each finished WAL
// segment. The segment is kept gzipped as `<name>.gz`: a segment closed by archive_timeout is a
// full 16 MB file that is mostly zeros, and an app that writes every minute closes 1,440 a day.
// Safe as PostgreSQL's documentation asks: an archived file is never overwritten by a different
// one (exit 1, PostgreSQL retries and reports the failure in pg_stat_archiver), an identical one
// is accepted (a retry after a crash between copy and acknowledgement), and the copy is written
// under a temporary name, fsynced, linked to its name, and its folder fsynced.
import { closeSync, constants, fsyncSync, linkSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';

const [source, target] = process.argv.slice(2);
if (!source || !target) {
  console.error('usage: archive-wal.mjs SOURCE TARGET');
  process.exit(2);
}

function fsyncPath(file) {
  const fd = openSync(file, constants.O_RDONLY);
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** What is archived under `name` already (gzipped, or plain from an older version), or null. */
function archived(name) {
  for (const [file, read] of [
    [`${name}.gz`, (bytes) => gunzipSync(bytes)],
    [name, (bytes) => bytes],
  ]) {
    try {
      return read(readFileSync(file));
    } catch (e) {
      if (e.code !== 'ENOENT') throw e;
    }
  }
  return null;
}

try {
  const segment = readFileSync(source);
  const existing = archived(target);
  if (existing) {
    if (existing.equals(segment)) process.exit(0);
    console.error(`archive-wal: ${path.basename(target)} is archived already with different content: refusing to overwrite it`);
    process.exit(1);
  }
  const final = `${target}.gz`;
  const temporary = `${final}.tmp-${process.pid}`;
  try {
    writeFileSync(temporary, gzipSync(segment, { level: 1 }), { flag: 'wx' });
    fsyncPath(temporary);
    linkSync(temporary, final); // unlike rename, never replaces a file that appeared meanwhile
  } finally {
    rmSync(temporary, { force: true });
  }
  fsyncPath(path.dirname(final));
} catch (e) {
  console.error(`archive-wal: could not archive ${path.basename(source)}: ${e.message}`);
  process.exit(1);
}
