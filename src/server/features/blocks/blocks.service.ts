import type { BlockedPerson, BlockResult, UnblockResult } from '../../../domain/moderation/moderation-types';
import { and, desc, eq, inArray, isNull, or, sql, type SQLWrapper } from 'drizzle-orm';
import { blockRefusal } from '../../../domain/moderation/block-rules';
import { MODERATION_MESSAGES } from '../../../domain/moderation/moderation-rules';
import type { Clock } from '../../clock';
import type { Db, DbOrTx } from '../../db/client';
import { users } from '../../db/schema/auth';
import { caucusMembers } from '../../db/schema/caucuses';
import { userBlocks } from '../../db/schema/moderation';
import { friendRequests } from '../../db/schema/social';
import { badRequest, forbidden, notFound } from '../../http/app-error';

/**
 * Blocking (issues 14 and 29): whoever blocked whom, neither can address the other — what is
 * refused is the table BLOCK_RULES of src/domain/moderation/block-rules.ts — and the blocked
 * person's chat lines are folded away for the blocker. It never touches elections: a blocked
 * voting member stays a member and their vote counts.
 */
export interface BlockDeps {
  db: Db;
  clock: Clock;
}

export async function blockUser({ db, clock }: BlockDeps, blockerId: string, blockedId: string): Promise<BlockResult> {
  if (blockerId === blockedId) throw badRequest('block_self', MODERATION_MESSAGES.blockYourself);
  return db.transaction(async (tx) => {
    const [target] = await tx.select({ id: users.id }).from(users).where(and(eq(users.id, blockedId), isNull(users.deletedAt)));
    if (!target) throw notFound(MODERATION_MESSAGES.userNotFound);
    await tx.insert(userBlocks).values({ blockerId, blockedId, createdAt: clock.now() }).onConflictDoNothing();
    // Their pending friend request to you is answered: declined.
    await tx
      .update(friendRequests)
      .set({ status: 'declined', respondedAt: clock.now() })
      .where(and(eq(friendRequests.requesterId, blockedId), eq(friendRequests.requesteeId, blockerId), eq(friendRequests.status, 'pending')));
    const [shared] = await tx.execute<{ n: number }>(sql`
      select count(*)::int as n from ${caucusMembers} a
      join ${caucusMembers} b on b.caucus_id = a.caucus_id and b.user_id = ${blockedId}
      where a.user_id = ${blockerId}`).then((r) => r.rows);
    return { blocked: true as const, sharedCaucuses: shared?.n ?? 0 };
  });
}

export async function unblockUser({ db }: BlockDeps, blockerId: string, blockedId: string): Promise<UnblockResult> {
  const removed = await db
    .delete(userBlocks)
    .where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)))
    .returning({ id: userBlocks.blockedId });
  if (removed.length === 0) throw notFound(MODERATION_MESSAGES.notBlocked);
  return { unblocked: true };
}

export async function listBlocked({ db }: Pick<BlockDeps, 'db'>, blockerId: string): Promise<BlockedPerson[]> {
  const rows = await db
    .select({ id: users.id, name: users.name, photoUrl: users.image, blockedAt: userBlocks.createdAt })
    .from(userBlocks)
    .innerJoin(users, eq(users.id, userBlocks.blockedId))
    .where(eq(userBlocks.blockerId, blockerId))
    .orderBy(desc(userBlocks.createdAt))
    .limit(1000);
  return rows.map((r) => ({ ...r, blockedAt: r.blockedAt.toISOString() }));
}

/** Whether `viewerId` blocked `otherId` (for a profile page's Block / Unblock button). */
export async function hasBlocked(db: DbOrTx, viewerId: string, otherId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: userBlocks.blockedId })
    .from(userBlocks)
    .where(and(eq(userBlocks.blockerId, viewerId), eq(userBlocks.blockedId, otherId)));
  return !!row;
}

/**
 * Refuses something sent from `senderId` to `recipientId` when either blocked the other: the
 * recipient's block is theirs to keep quiet about ("You cannot send this to this person."); a
 * block of the sender's own says how to undo it.
 */
export async function assertNotBlocked(tx: DbOrTx, senderId: string, recipientIds: string | readonly string[]): Promise<void> {
  const recipients = typeof recipientIds === 'string' ? [recipientIds] : [...recipientIds];
  if (recipients.length === 0) return;
  const rows = await tx
    .select({ blockerId: userBlocks.blockerId })
    .from(userBlocks)
    .where(
      or(
        and(inArray(userBlocks.blockerId, recipients), eq(userBlocks.blockedId, senderId)),
        and(eq(userBlocks.blockerId, senderId), inArray(userBlocks.blockedId, recipients)),
      ),
    );
  refuseIfBlocked(senderId, rows.map((r) => r.blockerId));
}

/**
 * The refusal of `assertNotBlocked`, for a caller that read the blocks itself (with other facts
 * in one statement: `blockersBetween`): `blockerIds` are the blockers of the blocks between the
 * sender and the recipients.
 */
export function refuseIfBlocked(senderId: string, blockerIds: readonly string[]): void {
  const refusal = blockRefusal(senderId, blockerIds);
  if (refusal === 'you_blocked') throw forbidden('you_blocked', MODERATION_MESSAGES.youBlocked);
  if (refusal === 'blocked') throw forbidden('blocked', MODERATION_MESSAGES.blocked);
}

/**
 * SQL: the blockers (uuid[], empty when none) of the blocks between `senderId` and `recipientId`,
 * either way: read with the row a service reads or locks anyway (the receiver of a brownie, the
 * recipient of a message), so the check costs no round trip. `recipientId` may be a column.
 */
export const blockersBetween = (senderId: string | SQLWrapper, recipientId: string | SQLWrapper) =>
  sql<string[]>`coalesce((select array_agg(${userBlocks.blockerId}) from ${userBlocks}
    where (${userBlocks.blockerId} = ${recipientId} and ${userBlocks.blockedId} = ${senderId})
       or (${userBlocks.blockerId} = ${senderId} and ${userBlocks.blockedId} = ${recipientId})), '{}'::uuid[])`;

/** SQL: whether `viewerId` blocked the author column (for chat lines folded away). */
export const blockedByViewer = (viewerId: string, authorColumn: unknown) =>
  sql<boolean>`exists (select 1 from ${userBlocks} where ${userBlocks.blockerId} = ${viewerId} and ${userBlocks.blockedId} = ${authorColumn})`;
