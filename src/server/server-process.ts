import path from 'node:path';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { BACKUP_JOB, backupJobs } from './backup/backup-schedule';
import { trackInFlight } from './http/in-flight';
import { systemClock } from './clock';
import type { ConnectionConfig, Database } from './db/client';
import { connectionFailureOf } from './db/connection-failure';
import type { HostLocator } from './db/primary-locator';
import { openReadReplica } from './db/read-replica';
import { cardFontsWork } from './features/link-previews/share-images.service';
import { createPushDelivery } from './features/push/push-delivery';
import type { VapidKeys } from './features/push/vapid-keys';
import { appJobs, JOBS, wakeJobsOnWrites } from './jobs/app-jobs';
import { startJobQueue, type JobQueue } from './jobs/job-queue';
import { loggableError, type Logger } from './logger';
import { smtpTransport } from './mail/outbox';
import { createNotificationHub } from './realtime/notification-hub';
import { startPresence } from './realtime/presence';
import { USER_STREAM_CHANNEL } from './realtime/user-stream';
import { loopbackAliases, type Settings } from './settings';
import { isLoopbackAddress } from './http/loopback-only';

/**
 * A clean-up step that failed, at error level, unless PostgreSQL is stopping too (57P01-57P03:
 * the whole process group got the signal): then what the step would remove expires by itself (a
 * process's presence after 90 s), and the line says so at info level.
 */
export function logCleanupFailure(logger: Logger, error: unknown): void {
  if (connectionFailureOf(error) === 'shutdown') logger.info({ reason: loggableError(error).message }, 'cleanup skipped: the database is shutting down too');
  else logger.error({ err: loggableError(error) }, 'cleanup failed');
}

/** How long a stopping process lets the requests it is answering finish. */
const SHUTDOWN_GRACE_MS = 10_000;

/** Exit codes a server process ends with, which the cluster's primary passes on rather than restart. */
export const EXIT_CODES = { settings: 2, dataDirInUse: 3, cannotListen: 4 } as const;

export interface ServeOptions {
  settings: Settings;
  logger: Logger;
  /** The app's database, migrated already (by this process, or by the cluster's primary). */
  database: Database & { connection: ConnectionConfig; directConnection?: ConnectionConfig; locator?: HostLocator | null };
  vapidKeys: VapidKeys;
  /** The process must end with this code (the port cannot be listened on). */
  fatal: (exitCode: number) => void;
}

/**
 * One server process (the whole app when WORKERS=1, each worker of the cluster otherwise): its
 * LISTEN connection, its share of the background jobs, the HTTP server. Everything it keeps in
 * memory is a cache or a connection: what must hold across processes (sessions, rate limits,
 * who has the app open, each job once) is in PostgreSQL (docs/scaling.md).
 * Returns the way to stop it, in order (server, streams, jobs, presence); the pool is the caller's.
 */
export async function serveApp({ settings, logger, database, vapidKeys, fatal }: ServeOptions): Promise<() => Promise<void>> {
  const stops: Array<() => Promise<void> | void> = [];
  const stop = async () => {
    for (const step of stops) {
      try {
        await step();
      } catch (e) {
        logCleanupFailure(logger, e);
      }
    }
  };

  // Who has the app open, shared by every process: the notification hub says when this process
  // starts or stops holding someone's own live stream.
  const presence = await startPresence({ db: database.db, logger });
  // One LISTEN connection per process for live updates (chat, messages, notifications).
  // LISTEN and the job queue need a session of their own: around PgBouncer when there is one.
  const sessionConnection = database.directConnection ?? database.connection;
  const notifications = createNotificationHub({
    connection: sessionConnection,
    logger,
    onKeyActivity: (channel, key, active) => {
      if (channel === USER_STREAM_CHANNEL) presence.set(key, active);
    },
  });

  // Background work (decision 024): notification delivery, digests, reminders, mail — on pg-boss
  // in the same PostgreSQL, each job once whatever the number of processes.
  const push = createPushDelivery({ db: database.db, keys: vapidKeys, subject: vapidSubject(settings), logger, clock: systemClock, appHosts: [new URL(settings.BASE_URL).hostname] });
  const mail = settings.SMTP_URL ? { transport: smtpTransport(settings.SMTP_URL), from: settings.MAIL_FROM } : null;
  let queue: JobQueue | null = null;
  queue = await startJobQueue({
    connection: sessionConnection,
    logger,
    jobs: [
      ...appJobs({
        db: database.db,
        clock: systemClock,
        logger,
        baseUrl: settings.BASE_URL,
        secret: settings.AUTH_SECRET,
        mail,
        push,
        connectedAmong: presence.connectedAmong,
        queue: () => queue,
        movementRefreshMinutes: settings.MOVEMENT_REFRESH_MINUTES,
        timeZone: settings.APP_TIME_ZONE,
      }),
      // The app's own backups (decision 043): a base backup when one is due.
      ...backupJobs({ settings, db: database.db, connection: database.connection, logger }),
    ],
  });
  const startedQueue = queue;
  const stopWaking = await wakeJobsOnWrites(notifications, startedQueue, logger, { mail: mail !== null });
  // Whatever was written while no process ran is delivered now.
  await startedQueue.send('notification-delivery');
  // The movement's figures at once, so a fresh app (or one whose data was seeded directly) has them.
  await startedQueue.send(JOBS.movementRefresh);
  // The first base backup at once when there is none (the job checks whether one is due).
  if (settings.backupTool === 'embedded' && settings.backupDir) await startedQueue.send(BACKUP_JOB);

  // DATABASE_REPLICA_URL (decision 028): this process's pool on the hot standby, for tolerant reads.
  const readReplica = settings.DATABASE_REPLICA_URL ? await openReadReplica({ url: settings.DATABASE_REPLICA_URL, primary: database, logger }) : null;
  const { app } = createApp({
    readReplica,
    databaseHostChanges: database.locator ? () => database.locator!.moves : undefined,
    db: database.db,
    clock: systemClock,
    logger,
    settings: {
      ...settings,
      mailboxEnabled: !settings.SMTP_URL,
      // In development the app answers at every loopback name of BASE_URL (and Vite's dev server).
      extraOrigins: settings.isProduction ? [] : [...loopbackAliases(settings.BASE_URL), 'http://localhost:5173'],
    },
    webDist: path.resolve('dist/web'),
    ssrDist: path.resolve('dist/ssr'),
    notifications,
    jobs: startedQueue,
    vapidPublicKey: vapidKeys.publicKey,
  });

  const inFlight = trackInFlight(app.fetch);
  const server = serve({ fetch: inFlight.fetch, port: settings.PORT, hostname: settings.HOST }, (info) => {
    logger.info({ url: settings.BASE_URL, port: info.port, trustedProxies: settings.TRUSTED_PROXIES }, 'caucus app listening');
    // An https address served as plain http on this machine: a proxy in front, unnamed (decision 041).
    if (settings.BASE_URL.startsWith('https://') && settings.TRUSTED_PROXIES.length === 0 && (isLoopbackAddress(settings.HOST) || settings.HOST === 'localhost')) {
      logger.warn('TRUSTED_PROXIES is empty: behind a proxy every client has its address, and shares one sign-in limit (set TRUSTED_PROXIES=loopback for Caddy on this machine)');
    }
  });
  server.on('error', (e: NodeJS.ErrnoException) => {
    const where = `${settings.HOST}:${settings.PORT}`;
    if (e.code === 'EADDRINUSE') console.error(`Port ${settings.PORT} is already in use (${where}): stop what uses it, or set PORT to another port.`);
    else if (e.code === 'EACCES') console.error(`Not allowed to listen on ${where}: choose a PORT above 1023, or set HOST.`);
    else if (e.code === 'EADDRNOTAVAIL') console.error(`HOST ${settings.HOST} is not an address of this machine: set HOST to one (127.0.0.1, or 0.0.0.0 for every address).`);
    else console.error(`Could not listen on ${where}: ${e.message}`);
    fatal(EXIT_CODES.cannotListen);
  });

  stops.push(
    async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // No new connection from here; idle keep-alive ones go now. The requests being answered
      // finish (bounded), then what is left goes: live streams never end by themselves, and their
      // pages reconnect to the next process.
      const nodeServer = server as unknown as { closeIdleConnections?: () => void; closeAllConnections?: () => void };
      nodeServer.closeIdleConnections?.();
      const settled = await inFlight.settled(SHUTDOWN_GRACE_MS);
      if (!settled) logger.warn({ requests: inFlight.count() }, 'requests still being answered at shutdown were cut');
      nodeServer.closeAllConnections?.();
      await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 5000).unref())]);
    },
    stopWaking,
    () => notifications.close(),
    () => startedQueue.stop(),
    () => presence.close(),
    () => readReplica?.close(),
  );
  return stop;
}

/** Says once, at start, what a newcomer needs to know about this machine's setup. */
export function startupNotes(settings: Settings, logger: Logger): void {
  if (!settings.SMTP_URL && !settings.isProduction) {
    logger.info(`outgoing mail: ${settings.BASE_URL}/dev/mailbox (shown to this machine only: set SMTP_URL to deliver mail)`);
  }
  // Share images need a font: say so at start rather than serve cards of empty boxes (decision 020).
  void cardFontsWork().then(
    (ok) => ok || logger.warn('share images: no font draws their text here; install one (Debian: apt-get install fonts-dejavu-core)'),
    (e: unknown) => logger.warn({ err: loggableError(e) }, 'share images: the font check failed'),
  );
}

/** Who push services may contact about our messages (RFC 8292): VAPID_SUBJECT, else MAIL_FROM's address. */
function vapidSubject(settings: { VAPID_SUBJECT?: string; MAIL_FROM: string; BASE_URL: string }): string {
  if (settings.VAPID_SUBJECT) return settings.VAPID_SUBJECT;
  const address = /<([^>]+)>/.exec(settings.MAIL_FROM)?.[1] ?? settings.MAIL_FROM;
  return address.includes('@') ? `mailto:${address.trim()}` : settings.BASE_URL.startsWith('https://') ? settings.BASE_URL : 'mailto:no-reply@localhost';
}
