import { sql } from 'drizzle-orm';
import { check, customType, index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdAt, idColumn, tstz } from './columns';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/** Every message is written here in the transaction of the change that causes it. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: idColumn(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    /** Extra headers (List-Unsubscribe, List-Unsubscribe-Post), name to value. */
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    createdAt: createdAt(),
    sentAt: tstz('sent_at'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: tstz('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error'),
  },
  (t) => [
    index('mail_outbox_pending_idx').on(t.nextAttemptAt).where(sql`${t.sentAt} is null`),
    index('mail_outbox_created_idx').on(t.createdAt.desc()),
  ],
);

/** Fixed-window counters shared by every server process. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: tstz('window_start').notNull(),
  count: integer('count').notNull(),
});

/** Profile photos, re-encoded on upload. Kept in the database so every process serves them. */
export const photos = pgTable(
  'photos',
  {
    id: idColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contentType: text('content_type').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('photos_content_type', sql`${t.contentType} in ('image/webp', 'image/jpeg', 'image/png')`),
    index('photos_user_idx').on(t.userId),
  ],
);

/** The newsletter list (the spec's subscribe-user). */
export const newsletterSubscriptions = pgTable('newsletter_subscriptions', {
  email: text('email').primaryKey(),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

/**
 * The server processes alive now (each says so every 30 s): a live stream is kept by one of
 * them, and what it records in live_presence counts only while it is alive (issue 16).
 */
export const appProcesses = pgTable('app_processes', {
  id: text('id').primaryKey(),
  startedAt: tstz('started_at').notNull().defaultNow(),
  seenAt: tstz('seen_at').notNull().defaultNow(),
});

/** Who has the app open (their own live stream) in which process: shared by every process. */
export const livePresence = pgTable(
  'live_presence',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    processId: text('process_id')
      .notNull()
      .references(() => appProcesses.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.processId] }), index('live_presence_process_idx').on(t.processId)],
);

/**
 * One value per at-rest key, sealed with that key (issue 29): at start-up the app opens it to
 * see that the key it was given is the one the data was sealed with, and stops with a clear
 * message when it is not (src/server/crypto/sealed-values.ts, docs/security.md).
 */
export const keyChecks = pgTable('key_checks', {
  name: text('name').primaryKey(),
  sealed: text('sealed').notNull(),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});
