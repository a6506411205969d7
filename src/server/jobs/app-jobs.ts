import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { BROADCAST_FANOUT_JOB, fanOutBroadcast } from '../features/broadcasts/broadcast-fanout.service';
import { completeDueChallenges } from '../features/challenges/challenges.service';
import { refreshMovementAggregates } from '../features/movement/movement.service';
import {
  deliverAllDueNotifications,
  nextDeliveryAt,
  sendDigests,
  type PushSender,
} from '../features/notifications/notification-delivery.service';
import { DELIVERY_CHANNEL, DELIVERY_LATER_KEY, DELIVERY_WAKE_KEY } from '../features/notifications/notifications.service';
import { laterDeliverySlot } from '../../domain/notifications/delivery-slot';
import { sendDueReminders } from '../features/notifications/reminders.service';
import type { Logger } from '../logger';
import { loggableError } from '../logger';
import { MAIL_CHANNEL, MAIL_WAKE_KEY, deliverAllDueMail, type MailTransport } from '../mail/outbox';
import type { HubEvent, NotificationHub } from '../realtime/notification-hub';
import type { JobDefinition, JobQueue } from './job-queue';

/**
 * Every job the app runs, with its schedule (decision 024). Each feature owns what its job
 * does; this list only names the jobs, so one place shows all background work.
 */
export interface AppJobDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  baseUrl: string;
  secret: string;
  /** SMTP; without it mail stays in the outbox (the dev mailbox shows it). */
  mail: { transport: MailTransport; from: string } | null;
  push: PushSender | null;
  /** Of these people, those who have the app open in any process (their private messages are not mailed meanwhile). */
  connectedAmong?: (userIds: readonly string[]) => Promise<Set<string>>;
  /** The queue itself, for jobs that queue a later run (known once it has started). */
  queue: () => JobQueue | null;
  /** Minutes between refreshes of the movement's aggregates (MOVEMENT_REFRESH_MINUTES, default 1). */
  movementRefreshMinutes?: number;
  /** The app's time zone (APP_TIME_ZONE): the movement's days and weeks are counted in it. */
  timeZone: string;
}

/** The cron of a refresh every `minutes` minutes (1..59), in UTC. */
export function everyMinutesCron(minutes = 1): string {
  return minutes <= 1 ? '* * * * *' : `*/${minutes} * * * *`;
}

export const JOBS = {
  deliverNotifications: 'notification-delivery',
  // A queue of its own (decision 061): 'short' keeps one waiting job per singleton key (a slot),
  // which the 'standard' policy of the earlier 'notification-delivery-timer' did not.
  deliverNotificationsLater: 'notification-delivery-slot',
  dailyDigest: 'notification-digest-daily',
  weeklyDigest: 'notification-digest-weekly',
  sendMail: 'mail-delivery',
  challengeSweep: 'challenge-sweep',
  movementRefresh: 'movement-refresh',
  reminders: 'reminders',
  broadcastFanout: BROADCAST_FANOUT_JOB,
} as const;

export function appJobs(deps: AppJobDeps): JobDefinition[] {
  const delivery = { db: deps.db, clock: deps.clock, logger: deps.logger, baseUrl: deps.baseUrl, secret: deps.secret, push: deps.push, connectedAmong: deps.connectedAmong };
  const deliver = async () => {
    await deliverAllDueNotifications(delivery);
    // A notification that waits (a private message's 20 s): one timer job at its time.
    const next = await nextDeliveryAt(deps.db, deps.clock.now());
    const queue = deps.queue();
    if (next && queue) await runLaterDelivery(queue, laterDeliverySlot(next), deps.clock.now());
  };
  const jobs: JobDefinition[] = [
    // Woken at once when notifications are written; every minute as a backstop. At most one waits.
    { name: JOBS.deliverNotifications, policy: 'stately', cron: '* * * * *', handler: deliver },
    { name: JOBS.deliverNotificationsLater, policy: 'short', handler: deliver },
    { name: JOBS.dailyDigest, cron: '0 17 * * *', handler: async () => void (await sendDigests(delivery, 'daily')) },
    { name: JOBS.weeklyDigest, cron: '0 17 * * 1', handler: async () => void (await sendDigests(delivery, 'weekly')) },
    // Invitations not acted on (2 and 6 days) and missing votes (2 and 5 days): checked every hour.
    {
      name: JOBS.reminders,
      cron: '7 * * * *',
      handler: async () => {
        const sent = await sendDueReminders({ db: deps.db, clock: deps.clock });
        if (sent.memberInvitations + sent.organizerInvitations + sent.votes > 0) deps.logger.info(sent, 'reminders sent');
      },
    },
    // A broadcast's notifications, one batch of people per transaction (queued by the request).
    {
      name: JOBS.broadcastFanout,
      expireInSeconds: 1800,
      handler: async (data) => {
        const { broadcastId } = data as { broadcastId: string };
        const written = await fanOutBroadcast({ db: deps.db, clock: deps.clock }, broadcastId);
        deps.logger.info({ broadcastId, notifications: written }, 'broadcast fanned out');
      },
    },
    // Completes challenges whose end date passed (also done on read; safe to run twice).
    {
      name: JOBS.challengeSweep,
      cron: '* * * * *',
      handler: async () => {
        const completed = await completeDueChallenges({ db: deps.db, clock: deps.clock });
        if (completed.length > 0) deps.logger.info({ completed: completed.length }, 'challenges completed');
      },
    },
    // The movement's figures (issue 18, decision 032): aggregates recomputed in one transaction.
    // Stately: however many processes ask (each sends one at start-up), at most one waits.
    {
      name: JOBS.movementRefresh,
      policy: 'stately',
      cron: everyMinutesCron(deps.movementRefreshMinutes),
      retryLimit: 1,
      expireInSeconds: 600,
      handler: async () => {
        const started = performance.now();
        // A quiet minute (nothing written to caucuses or their members) skips the recount.
        // Only joins since the last run: the daily joins of the recent days alone (decision 069).
        const { changed, whole } = await refreshMovementAggregates({ db: deps.db, clock: deps.clock, timeZone: deps.timeZone }, { onlyIfChanged: true });
        if (changed > 0) deps.logger.info({ changed, whole, ms: Math.round(performance.now() - started) }, 'movement aggregates refreshed');
      },
    },
  ];
  const mail = deps.mail;
  if (mail) {
    jobs.push({
      name: JOBS.sendMail,
      policy: 'stately',
      // Woken when mail is written; every minute it also retries what failed before.
      cron: '* * * * *',
      handler: async () => void (await deliverAllDueMail({ db: deps.db, clock: deps.clock, transport: mail.transport, from: mail.from })),
    });
  }
  return jobs;
}

/**
 * One timer job of the delivery at `slot` (laterDeliverySlot): this queue's 'short' policy keeps
 * one waiting job per singleton key, so every process and run that asks for the same slot makes
 * one run.
 */
async function runLaterDelivery(queue: JobQueue, slot: Date, now: Date): Promise<void> {
  const seconds = Math.max(1, Math.ceil((slot.getTime() - now.getTime()) / 1000));
  await queue.send(JOBS.deliverNotificationsLater, null, { startAfterSeconds: seconds, singletonKey: slot.toISOString().slice(0, 19) });
}

/** The shortest time between two wakes of one job by one process (a mail waits at most this much more). */
export const WAKE_MIN_INTERVAL_MS = 200;

/**
 * Wakes the delivery jobs when this process hears that notifications or mail were written
 * (NOTIFY at commit, heard by every process; pg-boss keeps one waiting job per queue, so many
 * wakes make one run). At most one wake per queue in flight per process, and at most one per
 * `minIntervalMs`: during a burst of writes (1,000 joins a second, issue 16) every write used to
 * cost each process a pg-boss insert; now a burst costs one per interval, and each run delivers
 * what the interval gathered, in batches.
 */
export async function wakeJobsOnWrites(
  hub: NotificationHub,
  queue: JobQueue,
  logger: Logger,
  options: { mail: boolean; minIntervalMs?: number },
): Promise<() => void> {
  const minIntervalMs = options.minIntervalMs ?? WAKE_MIN_INTERVAL_MS;
  const timers = new Set<NodeJS.Timeout>();
  let stopped = false;
  const waker = (name: string) => {
    let inFlight = false;
    let again = false;
    let lastSent = -Infinity;
    const wake = () => {
      if (stopped) return;
      if (inFlight) {
        again = true;
        return;
      }
      inFlight = true;
      const wait = lastSent + minIntervalMs - performance.now();
      const send = () => {
        lastSent = performance.now();
        queue
          .send(name)
          .catch((e: unknown) => logger.warn({ err: loggableError(e), job: name }, 'could not wake a job'))
          .finally(() => {
            inFlight = false;
            if (again) {
              again = false;
              wake();
            }
          });
      };
      if (wait <= 0) return send();
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (stopped) inFlight = false;
        else send();
      }, wait);
      timers.add(timer);
    };
    return wake;
  };
  const wakeDelivery = waker(JOBS.deliverNotifications);
  // What falls due later (a private message's wait): one timer job per slot, asked once per slot
  // by this process, however many writes fall due in it (a missed NOTIFY: the job's own next
  // timer, or its cron, within a minute).
  const slotsAsked = new Set<number>();
  const later = (event: HubEvent) => {
    if (stopped) return;
    const at = event.type === 'notification' && typeof event.data === 'string' ? new Date(event.data) : null;
    if (!at || Number.isNaN(at.getTime())) return wakeDelivery(); // a resync: whatever is due, and the next timer
    const now = Date.now();
    for (const asked of slotsAsked) if (asked < now) slotsAsked.delete(asked);
    const slot = laterDeliverySlot(at);
    if (slotsAsked.has(slot.getTime())) return;
    slotsAsked.add(slot.getTime());
    runLaterDelivery(queue, slot, new Date(now)).catch((e: unknown) => {
      slotsAsked.delete(slot.getTime());
      logger.warn({ err: loggableError(e), job: JOBS.deliverNotificationsLater }, 'could not set a later delivery');
    });
  };
  const stops = [await hub.subscribe(DELIVERY_CHANNEL, DELIVERY_WAKE_KEY, wakeDelivery), await hub.subscribe(DELIVERY_CHANNEL, DELIVERY_LATER_KEY, later)];
  if (options.mail) stops.push(await hub.subscribe(MAIL_CHANNEL, MAIL_WAKE_KEY, waker(JOBS.sendMail)));
  return () => {
    stopped = true;
    for (const timer of timers) clearTimeout(timer);
    stops.forEach((stop) => stop());
  };
}
