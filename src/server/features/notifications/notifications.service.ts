import type { Language } from '../../../domain/i18n/languages';
import { and, desc, eq, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { FORMER_MEMBER_NAMES } from '../../../domain/profiles/profile-types';
import {
  NOTIFICATION_PAGE_SIZE,
  describeNotification,
  isNotificationKind,
  peopleNamedIn,
  withFormerMembers,
  type NotificationData,
  type NotificationKind,
  type NotificationPage,
  type NotificationView,
} from '../../../domain/notifications/notifications';
import type { Clock } from '../../clock';
import type { Db, DbOrTx } from '../../db/client';
import { users } from '../../db/schema/auth';
import { notifications } from '../../db/schema/notifications';
import { prebuiltSql } from '../../db/prepared-statements';
import { badRequest, notFound } from '../../http/app-error';
import { publish, publishEach } from '../../realtime/publish';
import { USER_STREAM_CHANNEL, type UserStreamNote } from '../../realtime/user-stream';

export interface NotificationDeps {
  db: Db;
  clock: Clock;
}

/** One notification to write: to `userId`, of `kind`, with its data. */
export type NewNotification = {
  [K in NotificationKind]: {
    userId: string;
    kind: K;
    data: NotificationData[K];
    /**
     * With a key, a person has at most one unread notification of this kind about it: a second
     * `caucus_joined` counts up the first; any other kind says itself once.
     */
    dedupeKey?: string;
  };
}[NotificationKind];

/** Kinds whose repeats fold into the unread one, counting up (data.count) and moving it to the top. */
const FOLDING: ReadonlySet<NotificationKind> = new Set(['caucus_joined', 'private_message']);

/**
 * How long a notification waits before its mail and push go out: a private message gives its
 * reader a moment to read it in the app (then nothing is sent); the rest go at once.
 */
export const DELIVERY_DELAY_SECONDS: Partial<Record<NotificationKind, number>> = { private_message: 20 };

/** After one delivery of a folding notification, more events within this window fold into one later delivery. */
export const FOLD_WINDOW_MINUTES = 15;

/** The channel that wakes the delivery job when notifications are written (one NOTIFY per transaction). */
export const DELIVERY_CHANNEL = 'notification_delivery';
/** Something is due now: the delivery job runs at once (at most one wake per interval and process). */
export const DELIVERY_WAKE_KEY = 'due';
/**
 * Something falls due later (a private message's wait), at the time its data says (an ISO
 * string): the delivery job is set to run at that time's slot (`laterDeliverySlot`), one run per
 * slot whatever the number of writes.
 */
export const DELIVERY_LATER_KEY = 'later';

export const NOTIFICATION_MESSAGES = {
  notFound: 'Notification not found',
  badCursor: 'Invalid page cursor',
} as const;

/**
 * Writes `items` inside the caller's transaction (so a notification exists exactly when the
 * change that caused it commits), then tells each recipient's live stream (NOTIFY, sent at
 * commit). Callers choose the recipients (the person who caused an event is usually not one).
 *
 * One statement whatever the number of recipients and kinds (an insert per behaviour, joined as
 * data-modifying CTEs: they touch different rows), sent as soon as this is called, before its
 * first await: a write can send it along with its other statements and its COMMIT (issue 33).
 */
export async function notify(tx: DbOrTx, now: Date, items: readonly NewNotification[]): Promise<void> {
  if (items.length === 0) return;
  const plain = items.filter((i) => !i.dedupeKey);
  const folding = oncePerKey(items.filter((i) => i.dedupeKey && FOLDING.has(i.kind)));
  const once = oncePerKey(items.filter((i) => i.dedupeKey && !FOLDING.has(i.kind)));
  const parts = { plain, folding, once };
  const present = NOTIFY_PARTS.filter((part) => parts[part].length > 0);
  const values: Record<string, unknown> = { now };
  for (const part of present) {
    const list = parts[part];
    values[`${part}Users`] = list.map((i) => i.userId);
    values[`${part}Kinds`] = list.map((i) => i.kind);
    values[`${part}Data`] = list.map((i) => JSON.stringify(i.data));
    values[`${part}Keys`] = list.map((i) => i.dedupeKey ?? null);
    values[`${part}DeliverAt`] = list.map((i) => new Date(now.getTime() + (DELIVERY_DELAY_SECONDS[i.kind] ?? 0) * 1000));
  }
  const written = notifyStatement(present)(tx, values).then(() => undefined);
  written.catch(() => undefined); // awaited below, after the events are queued
  const note: UserStreamNote = { kind: 'notification' };
  // Tells each recipient's live stream, and wakes the delivery job: at once for what is due now,
  // at its slot for what waits (all sent after commit, or with it: queued at once, so that they
  // are there when a caller's commitWith sends COMMIT).
  const delays = items.map((i) => DELIVERY_DELAY_SECONDS[i.kind] ?? 0);
  const latest = Math.max(...delays);
  await Promise.all([
    publishEach(tx, USER_STREAM_CHANNEL, [...new Set(items.map((i) => i.userId))], note),
    delays.some((d) => d === 0) ? publish(tx, DELIVERY_CHANNEL, DELIVERY_WAKE_KEY, null) : undefined,
    latest > 0 ? publish(tx, DELIVERY_CHANNEL, DELIVERY_LATER_KEY, new Date(now.getTime() + latest * 1000).toISOString()) : undefined,
  ]);
  await written;
}

/** The three ways a notification is written: without a key, folding into the unread one, or once while unread. */
const NOTIFY_PARTS = ['plain', 'folding', 'once'] as const;
type NotifyPart = (typeof NOTIFY_PARTS)[number];

/**
 * The insert of notify's parts that are present, built once per combination (issue 33): the
 * rows go as arrays (unnest), so the statement's text is the same whatever the number of
 * recipients, and is prepared once per connection.
 */
const notifyStatements = new Map<string, ReturnType<typeof prebuiltSql>>();
function notifyStatement(present: readonly NotifyPart[]) {
  const id = present.join(',');
  let statement = notifyStatements.get(id);
  if (!statement) {
    const insert = sql`insert into notifications (user_id, kind, data, dedupe_key, created_at, deliver_at)`;
    const rows = (part: NotifyPart) => {
      const p = (name: string) => sql.placeholder(`${part}${name}`);
      return sql`select x.user_id, x.kind, x.data, x.dedupe_key, ${sql.placeholder('now')}::timestamptz, x.deliver_at
        from unnest(${p('Users')}::uuid[], ${p('Kinds')}::text[], ${p('Data')}::jsonb[], ${p('Keys')}::text[], ${p('DeliverAt')}::timestamptz[])
          as x(user_id, kind, data, dedupe_key, deliver_at)`;
    };
    const unread = sql`on conflict (user_id, kind, dedupe_key) where dedupe_key is not null and read_at is null`;
    const statementOf: Record<NotifyPart, () => SQL> = {
      plain: () => sql`${insert} ${rows('plain')}`,
      folding: () => sql`${insert} ${rows('folding')} ${unread} do update set
      data = excluded.data || jsonb_build_object('count', coalesce((notifications.data->>'count')::int, 1) + 1),
      created_at = excluded.created_at,
      deliver_at = coalesce(notifications.deliver_at, greatest(excluded.deliver_at, notifications.delivered_at + ${sql.raw(`'${FOLD_WINDOW_MINUTES} minutes'`)}::interval))`,
      once: () => sql`${insert} ${rows('once')} ${unread} do nothing`,
    };
    const inserts = present.map((part) => statementOf[part]());
    const last = inserts.pop()!;
    statement = prebuiltSql(inserts.length === 0 ? last : sql`with ${sql.join(inserts.map((q, n) => sql`${sql.raw(`n${n}`)} as (${q})`), sql`, `)} ${last}`);
    notifyStatements.set(id, statement);
  }
  return statement;
}

/** The unread notification of a conversation (messages from `partnerId`) is read once the conversation is; the bell hears of it. */
export async function markConversationNotificationRead(tx: DbOrTx, userId: string, partnerId: string, now: Date): Promise<void> {
  const result = await tx.execute(sql`
    update notifications set read_at = ${now}, deliver_at = null
    where user_id = ${userId} and kind = 'private_message' and dedupe_key = ${partnerId} and read_at is null`);
  if ((result.rowCount ?? 0) > 0) await publish(tx, USER_STREAM_CHANNEL, userId, { kind: 'notification' } satisfies UserStreamNote);
}

/** The first item of each (person, kind, key): one statement may not touch a row twice. */
function oncePerKey(items: readonly NewNotification[]): NewNotification[] {
  const seen = new Set<string>();
  return items.filter((i) => {
    const id = `${i.userId}|${i.kind}|${i.dedupeKey}`;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

/** A page cursor: the (created_at, id) of the last notification shown, opaque to the client. */
function encodeCursor(createdAt: Date, id: string): string {
  return Buffer.from(`${createdAt.toISOString()}|${id}`, 'utf8').toString('base64url');
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(at ?? '');
  if (!id || !UUID.test(id) || Number.isNaN(createdAt.getTime())) throw badRequest('bad_cursor', NOTIFICATION_MESSAGES.badCursor);
  return { createdAt, id };
}

type Row = typeof notifications.$inferSelect;

type KnownRow = Row & { kind: NotificationKind };
const known = (row: Row): row is KnownRow => isNotificationKind(row.kind);

/** The words of each row, naming the people who have since left as former members (one indexed read for the page). */
export async function notificationViews(db: DbOrTx, rows: readonly Row[], languageOf: (row: Row) => Language = () => 'en'): Promise<NotificationView[]> {
  const valid = rows.filter(known);
  // Only well-formed ids reach the query (an id that is not one names no one present).
  const ids = [...new Set(valid.flatMap((r) => peopleNamedIn(r.kind, r.data as NotificationData[typeof r.kind])))].filter((id) => UUID.test(id));
  const present = new Set(
    ids.length === 0
      ? []
      : (await db.select({ id: users.id }).from(users).where(and(inArray(users.id, ids), isNull(users.deletedAt)))).map((u) => u.id),
  );
  return valid.map((row) => {
    const language = languageOf(row);
    const data = withFormerMembers(row.kind, row.data as NotificationData[typeof row.kind], (id) => present.has(id), FORMER_MEMBER_NAMES[language]);
    return { id: row.id, kind: row.kind, ...describeNotification(row.kind, data, language), createdAt: row.createdAt.toISOString(), readAt: row.readAt?.toISOString() ?? null };
  });
}

/** The user's notifications, newest first, a page at a time (one indexed read). */
export async function listNotifications({ db }: Pick<NotificationDeps, 'db'>, userId: string, before?: string, language: Language = 'en'): Promise<NotificationPage> {
  const after = before ? decodeCursor(before) : null;
  const rows = await db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        after
          ? or(lt(notifications.createdAt, after.createdAt), and(eq(notifications.createdAt, after.createdAt), lt(notifications.id, after.id)))
          : undefined,
      ),
    )
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(NOTIFICATION_PAGE_SIZE + 1);
  const page = rows.slice(0, NOTIFICATION_PAGE_SIZE);
  const last = page[page.length - 1];
  return {
    items: await notificationViews(db, page, () => language),
    nextCursor: rows.length > NOTIFICATION_PAGE_SIZE && last ? encodeCursor(last.createdAt, last.id) : null,
  };
}

/** The bell's count (the partial index of unread notifications). */
export async function unreadNotificationCount({ db }: Pick<NotificationDeps, 'db'>, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.count ?? 0;
}

/** Marks one of the user's notifications read (again is fine); someone else's is not found. */
export async function markNotificationRead({ db, clock }: NotificationDeps, userId: string, id: string): Promise<void> {
  if (!UUID.test(id)) throw notFound(NOTIFICATION_MESSAGES.notFound);
  const [row] = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, ${clock.now()})` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  if (!row) throw notFound(NOTIFICATION_MESSAGES.notFound);
}

/** Marks every unread notification of the user read; how many were. */
export async function markAllNotificationsRead({ db, clock }: NotificationDeps, userId: string): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: clock.now() })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
}
