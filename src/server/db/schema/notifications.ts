import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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
  },
  (t) => [
    check('notifications_kind', sql.raw(`kind in (${NOTIFICATION_KINDS.map((k) => `'${k}'`).join(', ')})`)),
    // The list, newest first, paged by (created_at, id).
    index('notifications_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    // The bell's count.
    index('notifications_user_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
    // At most one unread notification per person, kind and key.
    uniqueIndex('notifications_one_unread_per_key').on(t.userId, t.kind, t.dedupeKey).where(sql`${t.dedupeKey} is not null and ${t.readAt} is null`),
  ],
);
