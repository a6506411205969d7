import { asLanguage, type Language } from '../../../domain/i18n/languages';
import { and, asc, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { type NotificationKind, isNotificationKind } from '../../../domain/notifications/notifications';
import { effectivePreference, type NotificationPreference } from '../../../domain/notifications/notification-preferences';
import type { Clock } from '../../clock';
import type { Db, DbOrTx } from '../../db/client';
import { users } from '../../db/schema/auth';
import { notificationSettings, notifications } from '../../db/schema/notifications';
import type { Logger } from '../../logger';
import { loggableError } from '../../logger';
import { enqueueMails, type OutgoingMail } from '../../mail/outbox';
import { digestMail, notificationMail } from '../../mail/templates';
import { unsubscribeWhat } from './notification-settings.service';
import { notificationViews } from './notifications.service';
import { unsubscribeToken, type UnsubscribeScope } from './unsubscribe-token';

/**
 * Delivery of notifications beyond the app (issue 13, decision 024): each notification row is
 * its own outbox. `notify()` writes it with `deliver_at`; the delivery job (pg-boss) claims due
 * rows with `for update skip locked` (so two processes never deliver one twice), and for each
 * writes a mail into the mail outbox (sent by the mail job), leaves it for the person's daily
 * or weekly digest, and/or pushes it to their devices — as their preferences say. Mail goes
 * only to a confirmed, present account, to its own address.
 */

/** One push message for one person's devices (Web Push, sent after the claim commits). */
export interface PushItem {
  userId: string;
  title: string;
  body: string;
  link: string;
  /** Folds repeats on the device. */
  tag: string;
}

export interface PushSender {
  send(items: readonly PushItem[]): Promise<void>;
}

export interface DeliveryDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  /** The app's public address, for links in mail. */
  baseUrl: string;
  /** Signs unsubscribe links. */
  secret: string;
  /** Web Push; without it nothing is pushed. */
  push?: PushSender | null;
  /**
   * Of these people, those who have the app open (a live stream in any server process,
   * src/server/realtime/presence.ts): their private messages are not mailed while they are
   * there, and are looked at again later.
   */
  connectedAmong?: (userIds: readonly string[]) => Promise<Set<string>>;
}

/** A connected person's unread private message is looked at again after this long. */
export const AWAY_RECHECK_SECONDS = 5 * 60;

export const NOTIFICATION_SETTINGS_PATH = '/notification-settings';

const DELIVERY_BATCH = 200;

type Stored = Map<string, Map<NotificationKind, Partial<NotificationPreference>>>;

/** Each person's stored choices (one query for a batch). */
async function storedPreferences(db: DbOrTx, userIds: readonly string[]): Promise<Stored> {
  const stored: Stored = new Map();
  if (userIds.length === 0) return stored;
  const rows = await db.select().from(notificationSettings).where(inArray(notificationSettings.userId, [...userIds]));
  for (const row of rows) {
    if (!isNotificationKind(row.kind)) continue;
    const mine = stored.get(row.userId) ?? new Map();
    mine.set(row.kind, { email: row.email, push: row.push, cadence: row.cadence as NotificationPreference['cadence'] });
    stored.set(row.userId, mine);
  }
  return stored;
}

function unsubscribeFor(deps: Pick<DeliveryDeps, 'baseUrl' | 'secret'>, userId: string, scope: UnsubscribeScope, language: Language) {
  return {
    url: `${deps.baseUrl}/unsubscribe/${unsubscribeToken(deps.secret, userId, scope)}`,
    what: unsubscribeWhat(scope, language),
    settingsUrl: `${deps.baseUrl}${NOTIFICATION_SETTINGS_PATH}`,
  };
}

/**
 * Delivers up to `batch` due notifications; returns how many it claimed (0: nothing is due).
 * Pushes are sent after the claim commits, so a slow push service never holds row locks.
 */
export async function deliverDueNotifications(deps: DeliveryDeps, batch = DELIVERY_BATCH): Promise<number> {
  const now = deps.clock.now();
  const pushes: PushItem[] = [];
  const claimed = await deps.db.transaction(async (tx) => {
    const due = await tx
      .select({
        row: notifications,
        email: users.email,
        name: users.name,
        language: users.language,
        emailVerified: users.emailVerified,
        deletedAt: users.deletedAt,
      })
      .from(notifications)
      .innerJoin(users, eq(users.id, notifications.userId))
      .where(and(isNotNull(notifications.deliverAt), lte(notifications.deliverAt, now)))
      .orderBy(asc(notifications.deliverAt))
      .limit(batch)
      .for('update', { of: notifications, skipLocked: true });
    if (due.length === 0) return 0;

    const stored = await storedPreferences(tx, [...new Set(due.map((d) => d.row.userId))]);
    const languages = new Map(due.map((d) => [d.row.userId, asLanguage(d.language)]));
    const views = new Map((await notificationViews(tx, due.map((d) => d.row), (row) => languages.get(row.userId) ?? 'en')).map((v) => [v.id, v]));
    const mails: OutgoingMail[] = [];
    const digests: Array<{ id: string; digest: 'daily' | 'weekly' }> = [];
    // A private message to someone who has the app open waits until they are away (or read it).
    const waiting = due.filter((d) => d.row.kind === 'private_message' && !d.row.readAt);
    const reading = waiting.length > 0 && deps.connectedAmong ? await deps.connectedAmong(waiting.map((d) => d.row.userId)) : new Set<string>();
    const present = waiting.filter((d) => reading.has(d.row.userId)).map((d) => d.row.id);
    for (const { row, email, name, language, emailVerified, deletedAt } of due) {
      if (present.includes(row.id)) continue;
      const view = views.get(row.id);
      const count = Number((row.data as { count?: unknown }).count ?? 1);
      // Read in the app first, gone, or nothing new since the last delivery: nothing to send.
      if (!view || row.readAt || deletedAt || !isNotificationKind(row.kind) || count <= row.deliveredCount) continue;
      const preference = effectivePreference(row.kind, stored.get(row.userId)?.get(row.kind));
      if (preference.push) pushes.push({ userId: row.userId, title: view.title, body: view.body, link: view.link, tag: `${row.kind}:${row.dedupeKey ?? row.id}` });
      if (!preference.email || !emailVerified) continue;
      if (preference.cadence === 'immediate') {
        mails.push(
          notificationMail(email, name, { title: view.title, body: view.body, url: `${deps.baseUrl}${view.link}` }, unsubscribeFor(deps, row.userId, row.kind, asLanguage(language)), asLanguage(language)),
        );
      } else {
        digests.push({ id: row.id, digest: preference.cadence });
      }
    }
    await enqueueMails(tx, mails);
    if (present.length > 0)
      await tx
        .update(notifications)
        .set({ deliverAt: new Date(now.getTime() + AWAY_RECHECK_SECONDS * 1000) })
        .where(inArray(notifications.id, present));
    const ids = due.map((d) => d.row.id).filter((id) => !present.includes(id));
    if (ids.length > 0)
      await tx
        .update(notifications)
        .set({ deliverAt: null, deliveredAt: now, deliveredCount: sql`coalesce((${notifications.data}->>'count')::int, 1)` })
        .where(inArray(notifications.id, ids));
    for (const cadence of ['daily', 'weekly'] as const) {
      const waiting = digests.filter((d) => d.digest === cadence).map((d) => d.id);
      if (waiting.length > 0) await tx.update(notifications).set({ digest: cadence }).where(inArray(notifications.id, waiting));
    }
    return due.length;
  });
  if (pushes.length > 0 && deps.push) {
    try {
      await deps.push.send(pushes);
    } catch (e) {
      deps.logger.error({ err: loggableError(e) }, 'push delivery failed');
    }
  }
  return claimed;
}

/** Delivers everything due now, batch after batch; returns the number claimed. */
export async function deliverAllDueNotifications(deps: DeliveryDeps): Promise<number> {
  let total = 0;
  for (;;) {
    const claimed = await deliverDueNotifications(deps);
    total += claimed;
    if (claimed < DELIVERY_BATCH) return total;
  }
}

/** When the next notification falls due after now (a private message's wait), if any. */
export async function nextDeliveryAt(db: DbOrTx, now: Date): Promise<Date | null> {
  const [next] = await db
    .select({ at: notifications.deliverAt })
    .from(notifications)
    .where(and(isNotNull(notifications.deliverAt), sql`${notifications.deliverAt} > ${now}`))
    .orderBy(asc(notifications.deliverAt))
    .limit(1);
  return next?.at ?? null;
}

const DIGEST_PEOPLE_BATCH = 100;

/**
 * Sends each person's `cadence` digest: one mail listing their unread notifications that
 * waited for it (read ones are dropped), then clears them. Run by a cron job (daily, weekly).
 * Returns the number of mails written.
 */
export async function sendDigests(deps: DeliveryDeps, cadence: 'daily' | 'weekly'): Promise<number> {
  let mailsWritten = 0;
  for (;;) {
    const written = await deps.db.transaction(async (tx) => {
      const people = await tx
        .selectDistinct({ userId: notifications.userId })
        .from(notifications)
        .where(eq(notifications.digest, cadence))
        .limit(DIGEST_PEOPLE_BATCH);
      if (people.length === 0) return -1;
      const userIds = people.map((p) => p.userId);
      const rows = await tx
        .select()
        .from(notifications)
        .where(and(eq(notifications.digest, cadence), inArray(notifications.userId, userIds)))
        .orderBy(sql`${notifications.createdAt} desc`)
        .for('update', { skipLocked: true });
      const unread = rows.filter((r) => !r.readAt);
      const stored = await storedPreferences(tx, userIds);
      const recipients = await tx
        .select({ id: users.id, email: users.email, name: users.name, language: users.language })
        .from(users)
        .where(and(inArray(users.id, userIds), eq(users.emailVerified, true), isNull(users.deletedAt)));
      const languages = new Map(recipients.map((r) => [r.id, asLanguage(r.language)]));
      const views = new Map((await notificationViews(tx, unread, (row) => languages.get(row.userId) ?? 'en')).map((v) => [v.id, v]));
      const mails: OutgoingMail[] = [];
      for (const person of recipients) {
        const items = unread
          .filter((r) => r.userId === person.id && isNotificationKind(r.kind))
          // A choice changed since the row waited: only what the person still wants by mail in this digest.
          .filter((r) => {
            const p = effectivePreference(r.kind as NotificationKind, stored.get(person.id)?.get(r.kind as NotificationKind));
            return p.email && p.cadence === cadence;
          })
          .map((r) => views.get(r.id))
          .filter((v) => v !== undefined)
          .map((v) => ({ title: v.title, body: v.body, url: `${deps.baseUrl}${v.link}` }));
        if (items.length === 0) continue;
        mails.push(
          digestMail(
            person.email,
            person.name,
            { cadence, items, notificationsUrl: `${deps.baseUrl}/notifications` },
            unsubscribeFor(deps, person.id, `digest-${cadence}`, asLanguage(person.language)),
            asLanguage(person.language),
          ),
        );
      }
      await enqueueMails(tx, mails);
      if (rows.length > 0)
        await tx
          .update(notifications)
          .set({ digest: null })
          .where(inArray(notifications.id, rows.map((r) => r.id)));
      return rows.length === 0 ? -1 : mails.length;
    });
    if (written < 0) return mailsWritten;
    mailsWritten += written;
  }
}
