import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { NOTIFICATION_KINDS } from '../../../domain/notifications/notifications';
import { users } from './auth';
import { createdAt, idColumn, tstz } from './columns';

/**
 * What happened, said to one person (issue 13): in-app always. `data` carries ids and public
 * names for the words (src/domain/notifications); `dedupe_key` folds events of one kind about
 * one thing into a single unread notification (people joining a caucus), or makes an event
 * say itself once (a caucus fills up).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: idColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    data: jsonb('data').notNull(),
    dedupeKey: text('dedupe_key'),
    createdAt: createdAt(),
    readAt: tstz('read_at'),
    /**
     * When its mail and push are due (null: nothing left to deliver). Written with the row; a
     * delivery job claims due rows (`for update skip locked`) and clears it.
     */
    deliverAt: tstz('deliver_at'),
    /** How many of the folded events (data.count) were already delivered, and when last. */
    deliveredCount: integer('delivered_count').notNull().default(0),
    deliveredAt: tstz('delivered_at'),
    /** Waiting for the person's daily or weekly digest mail (null: not waiting). */
    digest: text('digest'),
  },
  (t) => [
    check('notifications_kind', sql.raw(`kind in (${NOTIFICATION_KINDS.map((k) => `'${k}'`).join(', ')})`)),
    // The list, newest first, paged by (created_at, id).
    index('notifications_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    // The bell's count.
    index('notifications_user_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
    // At most one unread notification per person, kind and key.
    uniqueIndex('notifications_one_unread_per_key').on(t.userId, t.kind, t.dedupeKey).where(sql`${t.dedupeKey} is not null and ${t.readAt} is null`),
    check('notifications_digest', sql`${t.digest} is null or ${t.digest} in ('daily', 'weekly')`),
    // The delivery job's due rows, oldest first.
    index('notifications_deliver_idx').on(t.deliverAt).where(sql`${t.deliverAt} is not null`),
    // A digest's rows, per person.
    index('notifications_digest_idx').on(t.digest, t.userId).where(sql`${t.digest} is not null`),
    // The vote-reminder sweep starts from when each member was told the caucus was full.
    index('notifications_caucus_full_created_idx').on(t.createdAt).where(sql`${t.kind} = 'caucus_full'`),
  ],
);

/** A person's choices that differ from the defaults (src/domain/notifications/notification-preferences.ts). */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    email: boolean('email').notNull(),
    push: boolean('push').notNull(),
    cadence: text('cadence').notNull(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind] }),
    check('notification_settings_kind', sql.raw(`kind in (${NOTIFICATION_KINDS.map((k) => `'${k}'`).join(', ')})`)),
    check('notification_settings_cadence', sql`${t.cadence} in ('immediate', 'daily', 'weekly')`),
  ],
);

/** A device that accepted Web Push (one row per push endpoint). */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: idColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** A name for the device, from its browser (shown in settings). */
    label: text('label').notNull().default(''),
    createdAt: createdAt(),
    lastSuccessAt: tstz('last_success_at'),
    failureCount: integer('failure_count').notNull().default(0),
  },
  (t) => [
    index('push_subscriptions_user_idx').on(t.userId),
    check('push_subscriptions_endpoint_https', sql`${t.endpoint} ~* '^https?://'`),
  ],
);
