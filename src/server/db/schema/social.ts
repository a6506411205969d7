import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { caucuses } from './caucuses';
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
    index('friend_requests_requester_idx').on(t.requesterId, t.status),
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
    /** Hidden by reports or an administrator, pending review (issue 14): others see a placeholder. */
    hiddenAt: tstz('hidden_at'),
  },
  (t) => [
    check('private_messages_not_blank', sql`char_length(btrim(${t.message})) >= 1 and char_length(${t.message}) <= 2000`),
    check('private_messages_not_self', sql`${t.senderId} <> ${t.recipientId}`),
    // One conversation, newest first: the union of (me → them) and (them → me), each a range
    // of this index; also the sender's cascade on delete.
    index('private_messages_sender_idx').on(t.senderId, t.recipientId, t.createdAt, t.id),
    // The recipient's cascade on delete.
    index('private_messages_recipient_idx').on(t.recipientId),
    // Unread counts (the navbar's and each conversation's) and marking a conversation read.
    index('private_messages_unread_idx').on(t.recipientId, t.senderId).where(sql`${t.readAt} is null`),
  ],
);

/**
 * The conversation list: one row per person and partner, pointing at their newest message.
 * Kept by a trigger on private_messages (migration 0008 onward), so any insert keeps it true.
 * last_message_id has no foreign key on purpose: messages go only with a user, and then the
 * owner or partner foreign key removes the row (a key on it would cost an index probe per
 * deleted message).
 */
export const privateConversations = pgTable(
  'private_conversations',
  {
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastMessageId: uuid('last_message_id').notNull(),
    lastMessageAt: tstz('last_message_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.ownerId, t.partnerId] }),
    check('private_conversations_not_self', sql`${t.ownerId} <> ${t.partnerId}`),
    // Ascending on purpose: read backwards it serves `order by last_message_at desc, partner_id desc`
    // (desc means nulls first; an index declared `desc` comes out `desc nulls last` and would not).
    index('private_conversations_owner_recent_idx').on(t.ownerId, t.lastMessageAt, t.partnerId),
    index('private_conversations_partner_idx').on(t.partnerId),
  ],
);

/**
 * A broadcast's audience (docs/decisions/013-broadcast-audience.md) is one text key, so the
 * list for a viewer is a handful of index ranges: 'everyone', 'state:TX', 'district:TX:7',
 * or 'caucus:<id>' for a delegate's constituents (every voter in the tree beneath that caucus).
 */
export const broadcasts = pgTable(
  'broadcasts',
  {
    id: idColumn(),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    scope: text('scope').notNull(),
    /** The delegate's caucus level for a delegate's broadcast; null for an administrator's. */
    level: integer('level'),
    targetState: text('target_state'),
    targetDistrict: integer('target_district'),
    /** The delegate's caucus whose tree the broadcast reaches (scope 'constituents'). */
    caucusId: uuid('caucus_id').references(() => caucuses.id, { onDelete: 'cascade' }),
    audience: text('audience')
      .notNull()
      .generatedAlwaysAs(
        sql`case scope when 'everyone' then 'everyone' when 'state' then 'state:' || target_state when 'district' then 'district:' || target_state || ':' || target_district::text else 'caucus:' || caucus_id::text end`,
      ),
    createdAt: createdAt(),
  },
  (t) => [
    check('broadcasts_not_blank', sql`char_length(btrim(${t.message})) >= 1 and char_length(${t.message}) <= 2000`),
    check(
      'broadcasts_scope_target',
      sql`(${t.scope} = 'everyone' and ${t.targetState} is null and ${t.targetDistrict} is null and ${t.caucusId} is null)
        or (${t.scope} = 'state' and ${t.targetState} is not null and ${t.targetDistrict} is null and ${t.caucusId} is null)
        or (${t.scope} = 'district' and ${t.targetState} is not null and ${t.targetDistrict} >= 1 and ${t.caucusId} is null)
        or (${t.scope} = 'constituents' and ${t.caucusId} is not null and ${t.level} is not null)`,
    ),
    check('broadcasts_level_range', sql`${t.level} is null or ${t.level} between 1 and 5`),
    // Ascending, read backwards for newest first (see private_conversations_owner_recent_idx).
    index('broadcasts_audience_idx').on(t.audience, t.createdAt, t.id),
    index('broadcasts_sender_idx').on(t.senderId, t.createdAt, t.id),
    index('broadcasts_caucus_idx').on(t.caucusId).where(sql`${t.caucusId} is not null`),
  ],
);
