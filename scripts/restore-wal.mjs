// PostgreSQL's restore_command for a restore of the app's own backups (decision 043), run as
// `node scripts/restore-wal.mjs <BACKUP_DIR>/wal/%f %p`: gives PostgreSQL the archived file,
// gunzipped (archive-wal.mjs keeps `<name>.gz`; a plain `<name>` from an older version is copied).
// A file that is not in the archive exits 1, as PostgreSQL expects when it looks past the end.
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';

const [source, target] = process.argv.slice(2);
if (!source || !target) {
  console.error('usage: restore-wal.mjs ARCHIVED TARGET');
  process.exit(2);
}

function read() {
  try {
    return gunzipSync(readFileSync(`${source}.gz`));
  } catch (e) {
    if (e.code !== 'ENOENT') throw e;
  }
  return readFileSync(source);
}

const temporary = `${target}.restoring-${process.pid}`;
try {
  writeFileSync(temporary, read());
  renameSync(temporary, target);
} catch (e) {
  rmSync(temporary, { force: true });
  if (e.code === 'ENOENT') process.exit(1);
  console.error(`restore-wal: could not restore ${source}: ${e.message}`);
  process.exit(1);
}
