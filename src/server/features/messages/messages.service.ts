import { blockersBetween, refuseIfBlocked } from '../blocks/blocks.service';
import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  CONVERSATIONS_PAGE_SIZE,
  MESSAGE_ERRORS,
  MESSAGE_PREVIEW_LENGTH,
  THREAD_PAGE_SIZE,
  conversationCursor,
  parseConversationCursor,
  type SendPrivateMessageInput,
} from '../../../domain/social/messages';
import { FORMER_MEMBER_NAME } from '../../../domain/profiles/profile-types';
import type { ConversationList, ConversationRead, ConversationThread, PrivateMessageView } from '../../../domain/social/social-types';
import { UNREAD_COUNT_CAP } from '../../../domain/social/unread-count';
import type { Clock } from '../../clock';
import type { Db, DbOrTx } from '../../db/client';
import { commitWith } from '../../db/pipelined-transaction';
import { prebuilt } from '../../db/prepared-statements';
import { users } from '../../db/schema/auth';
import { privateMessages } from '../../db/schema/social';
import { badRequest, notFound } from '../../http/app-error';
import { publish, publishEach } from '../../realtime/publish';
import { USER_STREAM_CHANNEL, type UserStreamNote } from '../../realtime/user-stream';
import { personColumns, toPerson } from '../friends/friends.service';
import { markConversationNotificationRead, notify } from '../notifications/notifications.service';

export interface MessageDeps {
  db: Db;
  clock: Clock;
}

/** The LISTEN/NOTIFY channel of private messages; the notification key is the user who should hear of it. */
export const MESSAGES_CHANNEL = USER_STREAM_CHANNEL;

/** What a note on the user's stream carries (realtime/user-stream.ts). */
export type MessageNotification = UserStreamNote;

const messageColumns = {
  id: privateMessages.id,
  senderId: privateMessages.senderId,
  recipientId: privateMessages.recipientId,
  message: privateMessages.message,
  createdAt: privateMessages.createdAt,
  readAt: privateMessages.readAt,
  hiddenAt: privateMessages.hiddenAt,
};

interface MessageRow {
  id: string;
  senderId: string;
  recipientId: string;
  message: string;
  createdAt: Date;
  readAt: Date | null;
  hiddenAt?: Date | string | null;
}

/** A message as `viewerId` reads it: hidden pending review, only its sender still sees the words. */
function toView(r: MessageRow, viewerId?: string): PrivateMessageView {
  const hidden = r.hiddenAt != null;
  return {
    id: r.id,
    senderId: r.senderId,
    recipientId: r.recipientId,
    message: hidden && viewerId !== r.senderId ? '' : r.message,
    hidden,
    createdAt: r.createdAt.toISOString(),
    readAt: r.readAt ? r.readAt.toISOString() : null,
  };
}

const asDate = (v: Date | string) => (v instanceof Date ? v : new Date(v));

/**
 * Sends a private message (already trimmed and checked by sendPrivateMessageSchema). Anyone
 * may write to anyone who has not hidden their profile. The trigger on private_messages
 * keeps both people's conversation rows; the notifications leave only if the row commits.
 */
export async function sendPrivateMessage({ db, clock }: MessageDeps, senderId: string, input: SendPrivateMessageInput): Promise<PrivateMessageView> {
  if (input.recipientId === senderId) throw badRequest('self_message', MESSAGE_ERRORS.notYourself);
  return db.transaction(async (tx) => {
    const message = { senderId, recipientId: input.recipientId, message: input.message, at: clock.now() };
    // With BEGIN, in one round trip (issue 33): the recipient, the blocks between the two and the
    // sender's name (for the notification) in one statement, and the message itself; a refused
    // message (no such recipient, a block) rolls it back with the transaction. The notification
    // leaves with COMMIT.
    const [facts, inserted] = await Promise.allSettled([
      messageFacts(tx, { senderId, recipientId: input.recipientId }),
      sendMessageRow(tx, message),
    ]);
    const [found] = settled(facts);
    if (!found?.recipient) throw notFound(MESSAGE_ERRORS.recipientNotFound);
    refuseIfBlocked(senderId, found.blockers);
    const row = settled(inserted);
    await commitWith(tx, [tellOfMessage(tx, message, row, found.senderName)]);
    return toView(row);
  });
}

/** The value of a statement sent with others, or its error (in the order the statements were sent). */
function settled<T>(result: PromiseSettledResult<T>): T {
  if (result.status === 'rejected') throw result.reason;
  return result.value;
}

type NewMessage = { senderId: string; recipientId: string; message: string; at: Date };

/** The recipient (if present), the blocks between the two and the sender's name: one statement, built once (issue 33). */
const messageFacts = prebuilt((db) => {
  const senderId = sql.placeholder('senderId');
  return db
    .select({ recipient: users.id, blockers: blockersBetween(senderId, sql.placeholder('recipientId')), senderName: sql<string | null>`(select name from users where id = ${senderId})` })
    .from(sql`(select 1) as one`)
    .leftJoin(users, and(eq(users.id, sql.placeholder('recipientId')), isNull(users.deletedAt)));
});

const insertMessageRow = prebuilt((db) =>
  db
    .insert(privateMessages)
    .values({ senderId: sql.placeholder('senderId'), recipientId: sql.placeholder('recipientId'), message: sql.placeholder('message'), createdAt: sql.placeholder('at') })
    .returning(messageColumns),
);

/** Sends the message's insert (at once: it may leave with other statements). */
async function sendMessageRow(tx: DbOrTx, input: NewMessage) {
  const [row] = await insertMessageRow(tx, input);
  return row!;
}

/**
 * Queues both people's live events (sent after commit) and sends the recipient's notification:
 * one unread per conversation, counting up; mailed if it stays unread (decision 024).
 */
function tellOfMessage(tx: DbOrTx, input: NewMessage, row: { id: string }, senderName: string | null | undefined): Promise<void> {
  const note: MessageNotification = { kind: 'message', messageId: row.id };
  const events = publishEach(tx, MESSAGES_CHANNEL, [input.recipientId, input.senderId], note);
  const told = notify(tx, input.at, [
    { userId: input.recipientId, kind: 'private_message', data: { fromId: input.senderId, fromName: senderName ?? FORMER_MEMBER_NAME, count: 1 }, dedupeKey: input.senderId },
  ]);
  return Promise.all([events, told]).then(() => undefined);
}

/**
 * Inserts a private message inside the caller's transaction (the caller checked the
 * recipient) and queues the notifications to both people: they leave only if it commits.
 * Other features (challenge invitations) write their messages with it.
 */
export async function insertPrivateMessage(
  tx: DbOrTx,
  input: NewMessage & { /** When the caller read it already. */ senderName?: string | null },
  options: { notification?: boolean } = {},
): Promise<PrivateMessageView> {
  const row = await sendMessageRow(tx, input);
  // A message that carries its own notification (a challenge invitation) says `notification: false`.
  if (options.notification !== false) {
    const senderName =
      input.senderName !== undefined ? input.senderName : (await tx.select({ name: users.name }).from(users).where(eq(users.id, input.senderId)))[0]?.name;
    await tellOfMessage(tx, input, row, senderName);
  } else {
    const note: MessageNotification = { kind: 'message', messageId: row.id };
    await publishEach(tx, MESSAGES_CHANNEL, [input.recipientId, input.senderId], note);
  }
  return toView(row);
}

/**
 * The user's conversations, newest first, each with its last message and the partner's
 * unread messages (counted up to UNREAD_COUNT_CAP). One query: a range of
 * private_conversations_owner_recent_idx, and per row an index probe of private_messages by
 * id and of private_messages_unread_idx.
 */
export async function listConversations({ db }: MessageDeps, userId: string, before?: string): Promise<ConversationList> {
  let after = sql``;
  if (before) {
    const cursor = parseConversationCursor(before);
    if (!cursor) throw badRequest('bad_cursor', MESSAGE_ERRORS.badCursor);
    after = sql`and (c.last_message_at, c.partner_id) < (${cursor.at}::timestamptz, ${cursor.partnerId}::uuid)`;
  }
  const result = await db.execute<{
    partner_id: string;
    cursor_at: string;
    id: string;
    sender_id: string;
    recipient_id: string;
    message: string;
    created_at: Date | string;
    read_at: Date | string | null;
    hidden_at: Date | string | null;
    name: string;
    photo_url: string | null;
    state: string;
    district: number;
    deleted_at: Date | string | null;
    unread_count: number;
  }>(sql`
    select c.partner_id,
      to_char(c.last_message_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as cursor_at,
      m.id, m.sender_id, m.recipient_id, left(m.message, ${MESSAGE_PREVIEW_LENGTH}) as message, m.created_at, m.read_at, m.hidden_at,
      u.name, u.photo_url, u.state, u.district, u.deleted_at,
      (select count(*)::int from (
        select 1 from private_messages x
        where x.recipient_id = ${userId} and x.sender_id = c.partner_id and x.read_at is null
        limit ${UNREAD_COUNT_CAP}) capped) as unread_count
    from private_conversations c
    join private_messages m on m.id = c.last_message_id
    join users u on u.id = c.partner_id
    where c.owner_id = ${userId} ${after}
    order by c.last_message_at desc, c.partner_id desc
    limit ${CONVERSATIONS_PAGE_SIZE + 1}`);
  const rows = result.rows.slice(0, CONVERSATIONS_PAGE_SIZE);
  const last = rows.at(-1);
  return {
    conversations: rows.map((r) => ({
      partner: toPerson({ id: r.partner_id, name: r.name, photoUrl: r.photo_url, state: r.state, district: r.district, deletedAt: r.deleted_at ? asDate(r.deleted_at) : null }),
      lastMessage: toView({
        id: r.id,
        senderId: r.sender_id,
        recipientId: r.recipient_id,
        message: r.message,
        createdAt: asDate(r.created_at),
        readAt: r.read_at ? asDate(r.read_at) : null,
        hiddenAt: r.hidden_at,
      }, userId),
      unreadCount: r.unread_count,
    })),
    nextCursor: result.rows.length > CONVERSATIONS_PAGE_SIZE && last ? conversationCursor(last.cursor_at, last.partner_id) : null,
  };
}

async function partnerOf(db: DbOrTx, userId: string, partnerId: string) {
  if (partnerId === userId) throw badRequest('self_conversation', MESSAGE_ERRORS.notYourself);
  const [partner] = await db.select(personColumns).from(users).where(eq(users.id, partnerId));
  if (!partner) throw notFound(MESSAGE_ERRORS.userNotFound);
  return partner;
}

/**
 * One conversation: the newest THREAD_PAGE_SIZE messages between the user and the partner
 * (older ones with `before` = a message id), shown oldest first. Only the two people's
 * messages can come back: both directions are ranges of private_messages_sender_idx keyed by
 * the viewer's own id.
 */
export async function getConversation({ db }: MessageDeps, userId: string, partnerId: string, before?: string): Promise<ConversationThread> {
  const partner = await partnerOf(db, userId, partnerId);
  let older = sql``;
  if (before) {
    const [cursor] = await db.select(messageColumns).from(privateMessages).where(eq(privateMessages.id, before));
    const inThisConversation =
      cursor && ((cursor.senderId === userId && cursor.recipientId === partnerId) || (cursor.senderId === partnerId && cursor.recipientId === userId));
    if (!inThisConversation) throw badRequest('bad_cursor', MESSAGE_ERRORS.badCursor);
    // The cursor's own time, to the microsecond (a JavaScript Date keeps milliseconds only).
    older = sql`and (created_at, id) < (select p.created_at, p.id from private_messages p where p.id = ${cursor.id})`;
  }
  const limit = THREAD_PAGE_SIZE + 1;
  const result = await db.execute<{ id: string; sender_id: string; recipient_id: string; message: string; created_at: Date | string; read_at: Date | string | null; hidden_at: Date | string | null }>(sql`
    select * from (
      (select id, sender_id, recipient_id, message, created_at, read_at, hidden_at from private_messages
        where sender_id = ${userId} and recipient_id = ${partnerId} ${older}
        order by created_at desc, id desc limit ${limit})
      union all
      (select id, sender_id, recipient_id, message, created_at, read_at, hidden_at from private_messages
        where sender_id = ${partnerId} and recipient_id = ${userId} ${older}
        order by created_at desc, id desc limit ${limit})
    ) both_ways
    order by created_at desc, id desc
    limit ${limit}`);
  const newestFirst = result.rows.slice(0, THREAD_PAGE_SIZE);
  return {
    partner: toPerson(partner),
    messages: newestFirst
      .reverse()
      .map((r) =>
        toView({ id: r.id, senderId: r.sender_id, recipientId: r.recipient_id, message: r.message, createdAt: asDate(r.created_at), readAt: r.read_at ? asDate(r.read_at) : null, hiddenAt: r.hidden_at }, userId),
      ),
    hasMore: result.rows.length > THREAD_PAGE_SIZE,
  };
}

/**
 * Opening a conversation marks the partner's messages to the user read (spec section 4). The
 * user's other tabs hear of it (their unread badge falls too).
 */
export async function markConversationRead({ db, clock }: MessageDeps, userId: string, partnerId: string): Promise<ConversationRead> {
  await partnerOf(db, userId, partnerId);
  return db.transaction(async (tx) => {
    const result = await tx.execute(sql`
      update private_messages set read_at = ${clock.now().toISOString()}::timestamptz
      where recipient_id = ${userId} and sender_id = ${partnerId} and read_at is null`);
    const marked = result.rowCount ?? 0;
    if (marked > 0) {
      await publish(tx, MESSAGES_CHANNEL, userId, { kind: 'read', partnerId } satisfies MessageNotification);
      // Read here, so its notification is read too (and no mail goes out for it).
      await markConversationNotificationRead(tx, userId, partnerId, clock.now());
    }
    return { marked };
  });
}

/** Unread messages to the user, counted up to UNREAD_COUNT_CAP (the navbar's badge): a range of private_messages_unread_idx. */
export async function countUnread({ db }: MessageDeps, userId: string): Promise<number> {
  const result = await db.execute<{ count: number }>(sql`
    select count(*)::int as count from (
      select 1 from private_messages where recipient_id = ${userId} and read_at is null limit ${UNREAD_COUNT_CAP}
    ) capped`);
  return result.rows[0]?.count ?? 0;
}

/** One message by id, or null. */
export async function findMessage(db: DbOrTx, messageId: string): Promise<PrivateMessageView | null> {
  const [row] = await db.select(messageColumns).from(privateMessages).where(eq(privateMessages.id, messageId));
  return row ? toView(row) : null;
}

/** Reads a notified message once per process, however many local streams want it. */
export function sharedMessageReader(db: DbOrTx): (messageId: string) => Promise<PrivateMessageView | null> {
  const inFlight = new Map<string, Promise<PrivateMessageView | null>>();
  return (messageId) => {
    let pending = inFlight.get(messageId);
    if (!pending) {
      pending = findMessage(db, messageId).finally(() => {
        setTimeout(() => inFlight.delete(messageId), 1000).unref();
      });
      inFlight.set(messageId, pending);
    }
    return pending;
  };
}
