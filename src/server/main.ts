import { existsSync } from 'node:fs';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { systemClock } from './clock';
import { openAppDatabase, type AppDatabase } from './db/app-database';
import { DataDirInUseError, DataDirUnreachableError } from './db/embedded';
import { grantAdministrators } from './features/admin/admin.service';
import { startChallengeSweep } from './features/challenges/challenges.service';
import { cardFontsWork } from './features/link-previews/share-images.service';
import { createLogger, loggableError } from './logger';
import { smtpTransport, startMailSender } from './mail/outbox';
import { createNotificationHub } from './realtime/notification-hub';
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
  });

  // Completes challenges whose end date passed (also done on read; safe in several processes).
  const stopChallengeSweep = startChallengeSweep({ db: database.db, clock: systemClock, logger });
  cleanups.unshift(stopChallengeSweep);

  // Share images need a font: say so at start rather than serve cards of empty boxes (decision 020).
  void cardFontsWork().then(
    (ok) => ok || logger.warn('share images: no font draws their text here; install one (Debian: apt-get install fonts-dejavu-core)'),
    (e: unknown) => logger.warn({ err: loggableError(e) }, 'share images: the font check failed'),
  );

  if (settings.SMTP_URL) {
    const stopSender = startMailSender({
      db: database.db,
      clock: systemClock,
      transport: smtpTransport(settings.SMTP_URL),
      from: settings.MAIL_FROM,
      onError: (e) => logger.error({ err: loggableError(e) }, 'mail sender failed'),
    });
    cleanups.unshift(stopSender);
  }

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
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((e: unknown) => {
  console.error('The app could not start:', e instanceof Error ? e.message : e);
  process.exit(1);
});
