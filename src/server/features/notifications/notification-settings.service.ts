import type { Language } from '../../../domain/i18n/languages';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { NOTIFICATION_KINDS, isNotificationKind, type NotificationKind } from '../../../domain/notifications/notifications';
import {
  DIGESTIBLE_KINDS,
  NOTIFICATION_KIND_LABELS,
  SPANISH_NOTIFICATION_KIND_LABELS,
  allPreferences,
  effectivePreference,
  type NotificationPreference,
  type NotificationSettingView,
  type UnsubscribeAnswer,
} from '../../../domain/notifications/notification-preferences';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/auth';
import { notificationSettings } from '../../db/schema/notifications';
import { badRequest } from '../../http/app-error';
import { readUnsubscribeToken, type UnsubscribeScope } from './unsubscribe-token';

export interface NotificationSettingsDeps {
  db: Db;
  clock: Clock;
}

export const NOTIFICATION_SETTINGS_MESSAGES = {
  saved: 'Notification settings saved',
  notDigestible: 'This notification is about an election or a person waiting for you: it is always sent at once.',
  badLink: 'This unsubscribe link is not valid. Change what you receive in your notification settings.',
} as const;

async function stored(db: Db, userId: string): Promise<Map<NotificationKind, Partial<NotificationPreference>>> {
  const rows = await db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId));
  return new Map(
    rows.filter((r) => isNotificationKind(r.kind)).map((r) => [r.kind as NotificationKind, { email: r.email, push: r.push, cadence: r.cadence as NotificationPreference['cadence'] }]),
  );
}

export async function getNotificationSettings({ db }: NotificationSettingsDeps, userId: string): Promise<NotificationSettingView[]> {
  return allPreferences(await stored(db, userId)).map((p) => ({ ...p, digestible: DIGESTIBLE_KINDS.has(p.kind) }));
}

/** Saves one kind's choice (the whole preference, so two tabs never mix halves). */
export async function setNotificationSetting(
  { db, clock }: NotificationSettingsDeps,
  userId: string,
  kind: NotificationKind,
  preference: NotificationPreference,
): Promise<NotificationSettingView> {
  if (preference.cadence !== 'immediate' && !DIGESTIBLE_KINDS.has(kind)) throw badRequest('not_digestible', NOTIFICATION_SETTINGS_MESSAGES.notDigestible);
  await upsert(db, clock.now(), userId, [{ kind, ...preference }]);
  return { kind, ...effectivePreference(kind, preference), digestible: DIGESTIBLE_KINDS.has(kind) };
}

async function upsert(db: Db, now: Date, userId: string, rows: ReadonlyArray<{ kind: NotificationKind } & NotificationPreference>): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(notificationSettings)
    .values(rows.map((r) => ({ userId, kind: r.kind, email: r.email, push: r.push, cadence: r.cadence, updatedAt: now })))
    .onConflictDoUpdate({
      target: [notificationSettings.userId, notificationSettings.kind],
      set: { email: sql`excluded.email`, push: sql`excluded.push`, cadence: sql`excluded.cadence`, updatedAt: sql`excluded.updated_at` },
    });
}

/** What an unsubscribe link stops, in words ("emails about friend requests"), or null if the link is not valid. */
export function describeUnsubscribe(secret: string, token: string, language: Language = 'en'): UnsubscribeAnswer | null {
  const read = readUnsubscribeToken(secret, token);
  return read ? { what: unsubscribeWhat(read.scope, language) } : null;
}

export function unsubscribeWhat(scope: UnsubscribeScope, language: Language = 'en'): string {
  if (language === 'es') {
    if (scope === 'digest-daily') return 'el resumen diario';
    if (scope === 'digest-weekly') return 'el resumen semanal';
    return `los correos sobre: ${SPANISH_NOTIFICATION_KIND_LABELS[scope].toLowerCase()}`;
  }
  if (scope === 'digest-daily') return 'the daily digest';
  if (scope === 'digest-weekly') return 'the weekly digest';
  return `emails about: ${NOTIFICATION_KIND_LABELS[scope].toLowerCase()}`;
}

/**
 * One-click unsubscribe (RFC 8058): turns off email for the link's kind — or, for a digest
 * link, for every kind that waits for that digest — keeping push and the rest. Safe to repeat.
 */
export async function unsubscribe({ db, clock }: NotificationSettingsDeps, secret: string, token: string, language: Language = 'en'): Promise<UnsubscribeAnswer> {
  const read = readUnsubscribeToken(secret, token);
  if (!read) throw badRequest('bad_unsubscribe_link', NOTIFICATION_SETTINGS_MESSAGES.badLink);
  const [person] = await db.select({ id: users.id }).from(users).where(eq(users.id, read.userId));
  // An account deleted since the mail: nothing is sent to it anyway.
  if (!person) return { what: unsubscribeWhat(read.scope, language) };
  const mine = await stored(db, read.userId);
  const kinds: NotificationKind[] =
    read.scope === 'digest-daily' || read.scope === 'digest-weekly'
      ? NOTIFICATION_KINDS.filter((k) => effectivePreference(k, mine.get(k)).cadence === read.scope.slice('digest-'.length))
      : [read.scope];
  await upsert(
    db,
    clock.now(),
    read.userId,
    kinds.map((kind) => ({ kind, ...effectivePreference(kind, mine.get(kind)), email: false })),
  );
  return { what: unsubscribeWhat(read.scope, language) };
}

/** For tests and the data export: the stored rows of a person. */
export async function storedNotificationSettings(db: Db, userId: string, kinds?: NotificationKind[]) {
  return db
    .select()
    .from(notificationSettings)
    .where(and(eq(notificationSettings.userId, userId), kinds ? inArray(notificationSettings.kind, kinds) : undefined));
}
