import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdAt, idColumn, tstz } from './columns';

export const friendRequests = pgTable(
  'friend_requests',
  {
    id: idColumn(),
    requesterId: uuid('requester_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    requesteeId: uuid('requestee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('pending'),
    createdAt: createdAt(),
    respondedAt: tstz('responded_at'),
  },
  (t) => [
    check('friend_requests_status', sql`${t.status} in ('pending', 'accepted', 'declined')`),
    check('friend_requests_not_self', sql`${t.requesterId} <> ${t.requesteeId}`),
    // One pending request per pair, whichever direction.
    uniqueIndex('friend_requests_one_pending_pair')
      .on(sql`least(${t.requesterId}, ${t.requesteeId})`, sql`greatest(${t.requesterId}, ${t.requesteeId})`)
      .where(sql`${t.status} = 'pending'`),
    index('friend_requests_requestee_idx').on(t.requesteeId, t.status),
  ],
);

/** A friendship is stored once, with user1_id < user2_id. */
export const friendships = pgTable(
  'friendships',
  {
    user1Id: uuid('user1_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    user2Id: uuid('user2_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.user1Id, t.user2Id] }),
    check('friendships_ordered', sql`${t.user1Id} < ${t.user2Id}`),
    index('friendships_user2_idx').on(t.user2Id),
  ],
);

export const privateMessages = pgTable(
  'private_messages',
  {
    id: idColumn(),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    recipientId: uuid('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    createdAt: createdAt(),
    readAt: tstz('read_at'),
  },
  (t) => [
    check('private_messages_not_blank', sql`char_length(btrim(${t.message})) between 1 and 5000`),
    index('private_messages_recipient_idx').on(t.recipientId, t.senderId, t.createdAt),
    index('private_messages_sender_idx').on(t.senderId, t.recipientId, t.createdAt),
  ],
);

export const broadcasts = pgTable(
  'broadcasts',
  {
    id: idColumn(),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    level: integer('level'),
    targetState: text('target_state'),
    targetDistrict: integer('target_district'),
    createdAt: createdAt(),
  },
  (t) => [
    check('broadcasts_not_blank', sql`char_length(btrim(${t.message})) between 1 and 5000`),
    check('broadcasts_district_needs_state', sql`${t.targetDistrict} is null or ${t.targetState} is not null`),
    index('broadcasts_created_idx').on(t.createdAt.desc()),
    index('broadcasts_target_idx').on(t.targetState, t.targetDistrict),
  ],
);
