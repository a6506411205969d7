import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { migrateDatabase, openDatabase, whyNoAnswer, type ConnectionConfig, type Database } from './client';
import { archiveFlags, prepareBackupDir } from '../backup/wal-archive';
import { acquireAppLock, DataDirInUseError, startEmbeddedPostgres } from './embedded';
import { parseDatabaseUrl } from './database-url';
import { connectionForUrl, type HostLocator, type UrlConnection } from './primary-locator';

/** The database the app keeps in its data folder. */
export const APP_DATABASE_NAME = 'caucus';
/** The embedded server listens on no TCP port; the port only names its Unix socket (see embedded.ts). */
const EMBEDDED_SOCKET_PORT = 5433;

export type AppDatabaseMode =
  /** DATABASE_URL: a PostgreSQL server we neither start nor stop. */
  | 'url'
  /** We took the data folder's lock and started the embedded PostgreSQL; close() stops it. */
  | 'embedded'
  /** The app is running on the data folder: we use its PostgreSQL through its socket; close() stops nothing. */
  | 'attached';

export interface AppDatabase extends Database {
  mode: AppDatabaseMode;
  connection: ConnectionConfig;
  /**
   * For what needs a session of its own (LISTEN, the job queue, the migration lock): the primary
   * itself (DATABASE_DIRECT_URL) when DATABASE_URL goes through PgBouncer; else `connection`.
   */
  directConnection: ConnectionConfig;
  /** With several hosts in DATABASE_URL, what follows the primary (decision 046). */
  locator: HostLocator | null;
  /** Closes the pool; in `embedded` mode also stops PostgreSQL and releases the lock. Safe to call twice. */
  close(): Promise<void>;
}

export interface OpenAppDatabaseOptions {
  /**
   * With `backupDir` (the app's own backups, decision 043), the embedded PostgreSQL we start
   * archives its WAL there, whoever starts it (the server, the seed, an admin task): a gap in
   * the archive would end every restore at it.
   */
  settings: {
    DATABASE_URL?: string | undefined;
    DATABASE_DIRECT_URL?: string | undefined;
    DATABASE_QUERY_TIMEOUT_SECONDS?: number | undefined;
    dataDir: string;
    backupDir?: string | null;
    ARCHIVE_TIMEOUT_SECONDS?: number;
  };
  log?: (message: string) => void;
  /** Pool size (default 10). */
  poolMax?: number;
  /**
   * What to do when another live process holds the data folder's lock (DATA_DIR/app.pid):
   * `attach` (the seed, the bench, admin tasks) connects to that process's PostgreSQL;
   * `refuse` (the server itself) throws DataDirInUseError.
   */
  whenAppRunning?: 'attach' | 'refuse';
  /**
   * Admin tasks (the seed, scripts/admin.ts, backups, recomputes) keep temporary tables and
   * session settings: with `direct`, their pool too is DATABASE_DIRECT_URL, around PgBouncer.
   */
  direct?: boolean;
  /** How long `attach` waits for the running app's PostgreSQL socket to appear (default 30 s). */
  attachTimeoutMs?: number;
}

/**
 * The connections to a PostgreSQL server (DATABASE_URL): the pool's, and the direct one for
 * sessions (DATABASE_DIRECT_URL, else the same). Each process makes its own (a cluster's workers
 * too): with several hosts, each follows the primary by itself.
 */
export function serverConnections(
  settings: { DATABASE_URL: string; DATABASE_DIRECT_URL?: string | undefined; DATABASE_QUERY_TIMEOUT_SECONDS?: number | undefined },
  log: (message: string) => void = () => undefined,
): {
  main: UrlConnection;
  direct: UrlConnection;
  /** Each of `main`'s connections is a server session of its own: no DATABASE_DIRECT_URL says DATABASE_URL is a pooler (decision 059). */
  sessions: boolean;
} {
  const several = parseDatabaseUrl(settings.DATABASE_URL).hosts.length > 1;
  // Unset: 30 s with several hosts (a commit waiting on a lost server must not hang), else none.
  const queryTimeoutMs = (settings.DATABASE_QUERY_TIMEOUT_SECONDS ?? (several ? 30 : 0)) * 1000;
  const locatorLog = (level: 'info' | 'warn', message: string) => log(level === 'warn' ? `warning: ${message}` : message);
  const main = connectionForUrl(settings.DATABASE_URL, { queryTimeoutMs, log: locatorLog });
  const direct = settings.DATABASE_DIRECT_URL ? connectionForUrl(settings.DATABASE_DIRECT_URL, { queryTimeoutMs, log: locatorLog }) : main;
  return { main, direct, sessions: direct === main };
}

/** The connection to the embedded PostgreSQL of a data folder, through its Unix socket. */
export function embeddedConnection(dataDir: string): pg.PoolConfig {
  return { host: path.join(path.resolve(dataDir), 'postgres'), port: EMBEDDED_SOCKET_PORT, user: 'postgres', database: APP_DATABASE_NAME };
}

/**
 * Opens "the app's database", the same way for the server, the seed, the bench and admin tasks:
 * DATABASE_URL when set; otherwise the embedded PostgreSQL in DATA_DIR — started by us (under
 * the data folder's lock) unless the app already runs on that folder, in which case we connect
 * to its socket and start nothing. Migrations always run (a no-op when up to date).
 */
export async function openAppDatabase(options: OpenAppDatabaseOptions): Promise<AppDatabase> {
  const log = options.log ?? (() => undefined);
  const { settings } = options;
  if (settings.DATABASE_URL) {
    const { main, direct, sessions } = serverConnections({ ...settings, DATABASE_URL: settings.DATABASE_URL }, log);
    const pool = options.direct ? direct : main;
    return finishOpening('url', pool.config, options.poolMax, async () => undefined, { directConnection: direct.config, locator: pool.locator, sessions: sessions || options.direct === true });
  }

  let releaseLock: () => void;
  try {
    releaseLock = acquireAppLock(settings.dataDir);
  } catch (e) {
    if (!(e instanceof DataDirInUseError) || options.whenAppRunning === 'refuse') throw e;
    const connection = embeddedConnection(settings.dataDir);
    log(`The app is running on ${settings.dataDir} (pid ${lockOwner(settings.dataDir) ?? '?'}): using its PostgreSQL.`);
    await waitForSocket(connection, options.attachTimeoutMs ?? 30_000);
    return finishOpening('attached', connection, options.poolMax, async () => undefined);
  }

  process.on('exit', releaseLock);
  let embedded: Awaited<ReturnType<typeof startEmbeddedPostgres>>;
  try {
    let postgresFlags: string[] = [];
    if (settings.backupDir) {
      prepareBackupDir(settings.backupDir); // BackupDirError: one line naming BACKUP_DIR
      postgresFlags = archiveFlags({ backupDir: settings.backupDir, archiveTimeoutSeconds: settings.ARCHIVE_TIMEOUT_SECONDS ?? 60 });
    }
    embedded = await startEmbeddedPostgres({ dataDir: settings.dataDir, database: APP_DATABASE_NAME, log, postgresFlags });
  } catch (e) {
    releaseLock();
    process.off('exit', releaseLock);
    throw e;
  }
  const stop = async () => {
    try {
      await embedded.stop();
    } finally {
      releaseLock();
      process.off('exit', releaseLock);
    }
  };
  try {
    return await finishOpening('embedded', embedded.connection, options.poolMax, stop);
  } catch (e) {
    await stop();
    throw e;
  }
}

async function finishOpening(
  mode: AppDatabaseMode,
  connection: ConnectionConfig,
  poolMax: number | undefined,
  afterPoolClosed: () => Promise<void>,
  extra: { directConnection?: ConnectionConfig; locator?: HostLocator | null; sessions?: boolean } = {},
): Promise<AppDatabase> {
  const directConnection = extra.directConnection ?? connection;
  // The embedded server's socket (and a URL without PgBouncer) gives each connection a session.
  const database = openDatabase(connection, { max: poolMax ?? 10, sessions: extra.sessions ?? true });
  let closing: Promise<void> | null = null;
  const close = () => {
    closing ??= (async () => {
      try {
        await database.close();
      } finally {
        await afterPoolClosed();
      }
    })();
    return closing;
  };
  try {
    // Without DATABASE_QUERY_TIMEOUT_SECONDS: a migration may build an index on a large table,
    // and the lock waits while another process migrates.
    const untimed = (c: ConnectionConfig): ConnectionConfig => (typeof c === 'string' ? c : { ...c, query_timeout: undefined });
    if (typeof connection !== 'string' && connection.query_timeout) {
      const migrator = openDatabase(untimed(connection), { max: 1 });
      try {
        await migrateDatabase(migrator.db, untimed(directConnection));
      } finally {
        await migrator.close();
      }
    } else await migrateDatabase(database.db, untimed(directConnection));
  } catch (e) {
    await close();
    throw e;
  }
  return { ...database, mode, connection, directConnection, locator: extra.locator ?? null, close };
}

function lockOwner(dataDir: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(path.join(dataDir, 'app.pid'), 'utf8'), 10);
    return Number.isInteger(pid) ? pid : null;
  } catch {
    return null;
  }
}

/** The running app may still be starting its PostgreSQL: wait until the socket accepts a query. */
async function waitForSocket(connection: pg.PoolConfig, timeoutMs: number): Promise<void> {
  const socket = path.join(String(connection.host), `.s.PGSQL.${connection.port}`);
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown = null;
  for (;;) {
    if (existsSync(socket)) {
      lastError = await whyNoAnswer(connection);
      if (!lastError) return;
    }
    if (Date.now() > deadline) {
      const reason = lastError instanceof Error ? `: ${lastError.message}` : ' (no socket yet)';
      throw new Error(`The app holds ${path.dirname(String(connection.host))} but its PostgreSQL at ${socket} does not answer${reason}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
