import { and, eq, sql } from 'drizzle-orm';
import type { ChatMessageView } from '../../../domain/caucuses/chat-types';
import type { Clock } from '../../clock';
import type { Db, DbOrTx } from '../../db/client';
import { caucusMembers, caucuses, chatMessages } from '../../db/schema/caucuses';
import { forbidden, notFound } from '../../http/app-error';
import { findChatLine, listChatLines, writeChatLine, type ChatLine, type ChatRoomTable } from './chat-lines.service';

export interface ChatDeps {
  db: Db;
  clock: Clock;
}

/** The LISTEN/NOTIFY channel of caucus chats; the notification key is the caucus id. */
export const CHAT_CHANNEL = 'caucus_chat';
/** The chat shows the newest messages, oldest first. */
export const CHAT_HISTORY_LIMIT = 200;

export const CHAT_ERRORS = {
  notFound: 'Caucus not found',
  membersOnly: 'Only members and organizers of this caucus can use its chat.',
} as const;

export type { ChatMessageView };

/** What a chat notification carries (the row is read by each process, once). */
export interface ChatNotification {
  caucusId: string;
  messageId: string;
}

/**
 * Spec: the caucus chat is only for its members (voting or organizer rows) and organizers
 * (caucuses.organizer_id). 404 for an unknown caucus, 403 for anyone else.
 */
export async function assertChatAccess(db: DbOrTx, userId: string, caucusId: string): Promise<void> {
  const [row] = await db
    .select({ organizerId: caucuses.organizerId, memberId: caucusMembers.userId })
    .from(caucuses)
    .leftJoin(caucusMembers, and(eq(caucusMembers.caucusId, caucuses.id), eq(caucusMembers.userId, userId)))
    .where(eq(caucuses.id, caucusId));
  if (!row) throw notFound(CHAT_ERRORS.notFound);
  if (row.memberId === null && row.organizerId !== userId) throw forbidden('not_member', CHAT_ERRORS.membersOnly);
}

/** The caucus chat's table for the shared chat lines (chat-lines.service). */
const CAUCUS_CHAT: ChatRoomTable = {
  table: chatMessages,
  id: chatMessages.id,
  room: chatMessages.caucusId,
  userId: chatMessages.userId,
  message: chatMessages.message,
  createdAt: chatMessages.createdAt,
  hiddenAt: chatMessages.hiddenAt,
  channel: CHAT_CHANNEL,
};

const toView = ({ roomId, ...line }: ChatLine): ChatMessageView => ({ ...line, caucusId: roomId });

/** The caucus's newest CHAT_HISTORY_LIMIT messages, oldest first, with each sender's name. */
export async function listChatMessages({ db }: ChatDeps, userId: string, caucusId: string): Promise<ChatMessageView[]> {
  await assertChatAccess(db, userId, caucusId);
  return (await listChatLines(db, CAUCUS_CHAT, userId, caucusId, CHAT_HISTORY_LIMIT)).map(toView);
}

/**
 * Writes a message (already trimmed and checked by chatMessageSchema) and, in the same
 * transaction, notifies every server process: the notification leaves only if the row commits.
 */
export async function postChatMessage({ db, clock }: ChatDeps, userId: string, caucusId: string, message: string): Promise<ChatMessageView> {
  return db.transaction(async (tx) => {
    await assertChatAccess(tx, userId, caucusId);
    const line = await writeChatLine(tx, CAUCUS_CHAT, { roomId: caucusId, userId, message, createdAt: clock.now() }, (messageId): ChatNotification => ({ caucusId, messageId }));
    return toView(line);
  });
}

/** One message by id (what a stream sends after a notification), or null if it is gone. */
export async function findChatMessage(db: DbOrTx, messageId: string): Promise<ChatMessageView | null> {
  const line = await findChatLine(db, CAUCUS_CHAT, messageId);
  return line ? toView(line) : null;
}

/** A notified message and who may read it live: each member (and the organizer), with whether they blocked its author. */
export interface ChatDelivery {
  view: ChatMessageView | null;
  /** Reader id → they blocked the message's author. Someone absent has left the caucus. */
  readers: Map<string, boolean>;
}

/**
 * Reads a notified message, and its caucus's readers with their blocks, once per process
 * however many local streams want it: two queries per message instead of two per member
 * (issue 16: a caucus chat message reaching 10 open streams).
 */
export function sharedDeliveryReader(db: DbOrTx): (messageId: string) => Promise<ChatDelivery> {
  const inFlight = new Map<string, Promise<ChatDelivery>>();
  const read = async (messageId: string): Promise<ChatDelivery> => {
    const view = await findChatMessage(db, messageId);
    if (!view) return { view, readers: new Map() };
    const rows = await db.execute<{ user_id: string; blocked: boolean }>(sql`
      select r.user_id, exists (select 1 from user_blocks b where b.blocker_id = r.user_id and b.blocked_id = ${view.userId}) as blocked
      from (select user_id from caucus_members where caucus_id = ${view.caucusId}
            union select organizer_id from caucuses where id = ${view.caucusId} and organizer_id is not null) as r`);
    return { view, readers: new Map(rows.rows.map((r) => [r.user_id, r.blocked])) };
  };
  return (messageId) => {
    let pending = inFlight.get(messageId);
    if (!pending) {
      pending = read(messageId).finally(() => {
        // Keep the answer for the listeners of the same notification, then let it go.
        setTimeout(() => inFlight.delete(messageId), 1000).unref();
      });
      inFlight.set(messageId, pending);
    }
    return pending;
  };
}
