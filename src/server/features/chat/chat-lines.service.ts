import { desc, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { chatLineFor } from '../../../domain/moderation/moderation-rules';
import { FORMER_MEMBER_NAME } from '../../../domain/profiles/profile-types';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema/auth';
import { publish } from '../../realtime/publish';
import { blockedByViewer } from '../blocks/blocks.service';

/**
 * The part that a caucus's chat and a challenge's chat share (issue 29): a room's lines with
 * their authors' names, the newest first read and served oldest first, hidden lines and lines
 * of blocked authors masked per reader (chatLineFor), one line read by id for the live stream,
 * and a line written with its live event in the transaction of the write. Each chat says who
 * may use it and what its room is called (`caucusId`, `challengeId`); the rest is here once.
 */

type Text = AnyPgColumn<{ data: string; notNull: true }>;

/** A chat's table: `room` is the column of the caucus or challenge the line was written in. */
export interface ChatRoomTable {
  table: PgTable;
  id: Text;
  room: Text;
  userId: Text;
  message: Text;
  createdAt: AnyPgColumn<{ data: Date; notNull: true }>;
  hiddenAt: AnyPgColumn<{ data: Date; notNull: false }>;
  /** The LISTEN/NOTIFY channel of this chat; an event's key is the room's id. */
  channel: string;
}

/** A line as both chats show it, before the room's own name for `roomId`. */
export interface ChatLine {
  id: string;
  roomId: string;
  userId: string;
  userName: string;
  message: string;
  createdAt: string;
  hidden: boolean;
  blocked: boolean;
}

const lineColumns = (t: ChatRoomTable) => ({
  id: t.id,
  roomId: t.room,
  userId: t.userId,
  message: t.message,
  createdAt: t.createdAt,
  userName: users.name,
  deletedAt: users.deletedAt,
  hiddenAt: t.hiddenAt,
});

interface LineRow {
  id: string;
  roomId: string;
  userId: string;
  message: string;
  createdAt: Date;
  userName: string;
  deletedAt: Date | null;
  hiddenAt: Date | null;
}

function toLine(r: LineRow): ChatLine {
  return {
    id: r.id,
    roomId: r.roomId,
    userId: r.userId,
    userName: r.deletedAt ? FORMER_MEMBER_NAME : r.userName,
    message: r.message,
    createdAt: r.createdAt.toISOString(),
    hidden: r.hiddenAt !== null,
    blocked: false,
  };
}

/** The room's newest `limit` lines, oldest first, as `viewerId` may read them (access already checked). */
export async function listChatLines(db: DbOrTx, t: ChatRoomTable, viewerId: string, roomId: string, limit: number): Promise<ChatLine[]> {
  const rows = await db
    .select({ ...lineColumns(t), blocked: blockedByViewer(viewerId, t.userId) })
    .from(t.table)
    .innerJoin(users, eq(users.id, t.userId))
    .where(eq(t.room, roomId))
    .orderBy(desc(t.createdAt), desc(t.id))
    .limit(limit);
  return rows.reverse().map((r) => chatLineFor(toLine(r), viewerId, r.blocked));
}

/** One line by id (what a stream sends after a notification), or null if it is gone. */
export async function findChatLine(db: DbOrTx, t: ChatRoomTable, messageId: string): Promise<ChatLine | null> {
  const [row] = await db.select(lineColumns(t)).from(t.table).innerJoin(users, eq(users.id, t.userId)).where(eq(t.id, messageId));
  return row ? toLine(row) : null;
}

/**
 * Writes a line (already trimmed and checked) inside the caller's transaction, after its access
 * check, and publishes `notification(id)` on the chat's channel: it leaves only if the row commits.
 */
export async function writeChatLine(
  tx: DbOrTx,
  t: ChatRoomTable,
  line: { roomId: string; userId: string; message: string; createdAt: Date },
  notification: (messageId: string) => object,
): Promise<ChatLine> {
  const column = (c: AnyPgColumn) => sql.identifier(c.name);
  const inserted = await tx.execute<{ id: string }>(sql`
    insert into ${t.table} (${column(t.room)}, ${column(t.userId)}, ${column(t.message)}, ${column(t.createdAt)})
    values (${line.roomId}, ${line.userId}, ${line.message}, ${line.createdAt})
    returning ${column(t.id)} as id`);
  const id = inserted.rows[0]!.id;
  await publish(tx, t.channel, line.roomId, notification(id));
  return (await findChatLine(tx, t, id))!;
}
