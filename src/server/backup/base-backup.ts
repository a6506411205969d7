import { execFileSync } from 'node:child_process';
import { closeSync, copyFileSync, existsSync, fsyncSync, lstatSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync, constants } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { BaseBackupSummary } from '../../domain/operations/backup-plan';
import { VAPID_KEYS_FILE } from '../features/push/vapid-keys';
import { baseDir } from './wal-archive';

/**
 * A base backup of the embedded PostgreSQL through its low-level API (decision 043):
 * pg_backup_start, a copy of the data folder while the server runs, pg_backup_stop (which waits
 * until the WAL the copy needs is archived) and its backup_label written into the copy. With the
 * archived WAL this copy restores to any moment after it.
 */

export const MANIFEST_FILE = 'manifest.json';
export const MANIFEST_FORMAT = 'caucus-base-backup-1';
/** What the app keeps in DATA_DIR outside the database and cannot lose: the session secret and the VAPID pair. */
export const APP_FILES = ['auth-secret', VAPID_KEYS_FILE] as const;

export interface BackupManifest {
  format: typeof MANIFEST_FORMAT;
  label: string;
  startedAt: string;
  stoppedAt: string;
  startLsn: string;
  stopLsn: string;
  walStart: string;
  walStop: string;
  timeline: number;
  postgresVersion: string;
  bytes: number;
  seconds: number;
  files: Array<{ path: string; bytes: number }>;
  /** The app's files of DATA_DIR (APP_FILES) the backup holds, in its `app-files` folder. */
  appFiles: string[];
}

/** Folders whose contents PostgreSQL's documentation says to leave out of a base backup (made again empty at restore). */
const EMPTIED_FOLDERS = new Set(['pg_wal', 'pg_replslot', 'pg_dynshmem', 'pg_notify', 'pg_serial', 'pg_snapshots', 'pg_stat_tmp', 'pg_subtrans']);
/** Files of the data folder's top that belong to the running server, not to the data. */
const SKIPPED_TOP_FILES = new Set(['postmaster.pid', 'postmaster.opts', 'backup_label', 'backup_label.old', 'tablespace_map', 'tablespace_map.old', 'recovery.signal', 'standby.signal', 'current_logfiles']);

function skipped(relative: string, name: string): boolean {
  if (name.startsWith('pgsql_tmp') || name === 'pg_internal.init' || name.startsWith('.s.PGSQL.')) return true;
  const parts = relative.split(path.sep);
  if (parts.length === 1 && SKIPPED_TOP_FILES.has(name)) return true;
  return parts.length > 1 && EMPTIED_FOLDERS.has(parts[0]!);
}

function fsyncFile(file: string): void {
  const fd = openSync(file, constants.O_RDONLY);
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Everything written under `dir` on disk before the backup counts as complete: one syncfs, not a fsync per file. */
function syncToDisk(dir: string): void {
  try {
    execFileSync('sync', ['--file-system', dir], { stdio: 'ignore' });
  } catch {
    execFileSync('sync', [], { stdio: 'ignore' });
  }
}

/** Copies the data folder `from` into `to` (files may vanish or change meanwhile: the WAL replay mends that). */
export function copyDataFolder(from: string, to: string): Array<{ path: string; bytes: number }> {
  const files: Array<{ path: string; bytes: number }> = [];
  const walk = (relative: string) => {
    const source = path.join(from, relative);
    mkdirSync(path.join(to, relative), { recursive: true, mode: 0o700 });
    let entries: string[];
    try {
      entries = readdirSync(source);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw e;
    }
    for (const name of entries) {
      const rel = path.join(relative, name);
      if (skipped(rel, name)) continue;
      let stat;
      try {
        stat = lstatSync(path.join(from, rel));
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') continue; // a file dropped during the copy
        throw e;
      }
      if (stat.isDirectory()) walk(rel);
      else if (stat.isFile()) {
        try {
          copyFileSync(path.join(from, rel), path.join(to, rel));
        } catch (e) {
          if ((e as NodeJS.ErrnoException).code === 'ENOENT') continue;
          throw e;
        }
        files.push({ path: rel, bytes: lstatSync(path.join(to, rel)).size });
      } else if (stat.isSymbolicLink() && relative === 'pg_tblspc') {
        throw new Error('tablespaces are not backed up by the embedded backups (the app makes none)');
      }
    }
  };
  walk('');
  return files;
}

/** A label that sorts by time: 20261127T081500Z. */
export function backupLabel(at: Date): string {
  return at.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
}

/**
 * Takes a base backup of the server at `connection` whose data folder is `pgDir`, into
 * `<backupDir>/base/<label>/` (written as `<label>.partial` and renamed when complete), with the
 * app's files of `dataDir`.
 */
export async function takeBaseBackup(options: {
  connection: pg.ClientConfig;
  pgDir: string;
  dataDir: string;
  backupDir: string;
  now?: () => Date;
  /** How long pg_backup_stop may wait for the archiving of the backup's last WAL (default 10 min). */
  archiveWaitSeconds?: number;
  trace?: (message: string) => void;
}): Promise<BackupManifest> {
  const now = options.now ?? (() => new Date());
  const started = now();
  const t0 = performance.now();
  const mark = (what: string) => options.trace?.(`${what} ${Math.round(performance.now() - t0)} ms`);
  let label = backupLabel(started);
  for (let n = 2; existsSync(path.join(baseDir(options.backupDir), label)); n++) label = `${backupLabel(started)}-${n}`;
  const partial = path.join(baseDir(options.backupDir), `${label}.partial`);
  rmSync(partial, { recursive: true, force: true });

  const client = new pg.Client({ ...options.connection, application_name: 'caucus-backup' });
  client.on('error', () => undefined);
  await client.connect();
  let inBackup = false;
  try {
    const version = (await client.query<{ v: string }>('show server_version')).rows[0]!.v;
    const begin = await client.query<{ lsn: string; wal: string; tli: number }>(
      `select lsn::text, pg_walfile_name(lsn) as wal, (select timeline_id from pg_control_checkpoint()) as tli from pg_backup_start($1, true) as lsn`,
      [label],
    );
    inBackup = true;
    mark('pg_backup_start');
    const { lsn: startLsn, wal: walStart, tli } = begin.rows[0]!;

    const files = copyDataFolder(options.pgDir, path.join(partial, 'postgres'));
    for (const folder of EMPTIED_FOLDERS) mkdirSync(path.join(partial, 'postgres', folder), { recursive: true, mode: 0o700 });

    mark('copy');
    await client.query(`set statement_timeout = ${Math.round((options.archiveWaitSeconds ?? 600) * 1000)}`);
    const end = await client.query<{ lsn: string; wal: string; labelfile: string; spcmapfile: string | null }>(
      `select lsn::text, pg_walfile_name(lsn) as wal, labelfile, spcmapfile from pg_backup_stop(true)`,
    );
    inBackup = false;
    mark('pg_backup_stop');
    const stopped = now();
    const { lsn: stopLsn, wal: walStop, labelfile, spcmapfile } = end.rows[0]!;
    writeFileSync(path.join(partial, 'postgres', 'backup_label'), labelfile, { mode: 0o600 });
    if (spcmapfile) writeFileSync(path.join(partial, 'postgres', 'tablespace_map'), spcmapfile, { mode: 0o600 });

    const appFiles: string[] = [];
    mkdirSync(path.join(partial, 'app-files'), { mode: 0o700 });
    for (const name of APP_FILES) {
      const source = path.join(options.dataDir, name);
      if (!existsSync(source)) continue;
      writeFileSync(path.join(partial, 'app-files', name), readFileSync(source), { mode: 0o600 });
      appFiles.push(name);
    }

    const manifest: BackupManifest = {
      format: MANIFEST_FORMAT,
      label,
      startedAt: started.toISOString(),
      stoppedAt: stopped.toISOString(),
      startLsn,
      stopLsn,
      walStart,
      walStop,
      timeline: tli,
      postgresVersion: version,
      bytes: files.reduce((sum, f) => sum + f.bytes, 0),
      seconds: Math.round((stopped.getTime() - started.getTime()) / 100) / 10,
      files,
      appFiles,
    };
    writeFileSync(path.join(partial, MANIFEST_FILE), JSON.stringify(manifest, null, 1), { mode: 0o600 });
    syncToDisk(partial);
    mark('sync');
    renameSync(partial, path.join(baseDir(options.backupDir), label));
    fsyncFile(baseDir(options.backupDir));
    return manifest;
  } catch (e) {
    if (inBackup) await client.query('select pg_backup_stop(false)').catch(() => undefined);
    rmSync(partial, { recursive: true, force: true });
    throw e;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The complete base backups in `backupDir`, newest first (folders without a readable manifest are skipped). */
export function readManifests(backupDir: string): BackupManifest[] {
  const dir = baseDir(backupDir);
  if (!existsSync(dir)) return [];
  const manifests: BackupManifest[] = [];
  for (const name of readdirSync(dir)) {
    if (name.endsWith('.partial')) continue;
    try {
      const m = JSON.parse(readFileSync(path.join(dir, name, MANIFEST_FILE), 'utf8')) as BackupManifest;
      if (m.format === MANIFEST_FORMAT && m.label === name) manifests.push(m);
    } catch {
      /* not a backup of ours */
    }
  }
  return manifests.sort((a, b) => b.startedAt.localeCompare(a.startedAt));
}

export function summary(m: BackupManifest): BaseBackupSummary {
  return { label: m.label, startedAt: new Date(m.startedAt), stoppedAt: new Date(m.stoppedAt), walStart: m.walStart };
}
