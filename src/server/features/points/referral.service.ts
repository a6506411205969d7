import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/auth';
import { sparks } from '../../db/schema/points';
import type { Clock } from '../../clock';
import { evaluateBadges } from '../badges/badge-engine.service';

/**
 * When a referred user confirms their email, the referrer gets 1 Spark: the ledger row and
 * the counter change in one transaction, once per referred user (a unique index), never for
 * self-referral, never for an unknown or deleted referrer. Returns whether a Spark was given.
 */
export async function awardReferralSpark(deps: { db: Db; clock: Clock }, referredUserId: string): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const [referred] = await tx
      .select({ recruitedBy: users.recruitedBy })
      .from(users)
      .where(eq(users.id, referredUserId));
    const referrerId = referred?.recruitedBy;
    if (!referrerId || referrerId === referredUserId) return false;
    const [referrer] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, referrerId), isNull(users.deletedAt), ne(users.id, referredUserId)))
      .for('update');
    if (!referrer) return false;
    const inserted = await tx
      .insert(sparks)
      .values({ userId: referrerId, referredUserId, timestamp: deps.clock.now() })
      .onConflictDoNothing()
      .returning({ id: sparks.id });
    if (inserted.length === 0) return false;
    await tx
      .update(users)
      .set({ sparks: sql`${users.sparks} + 1` })
      .where(eq(users.id, referrerId));
    // The badge engine: Friend, Believer, Evangelist, Avatar, and Champion if this completes it.
    await evaluateBadges(tx, referrerId, deps.clock.now());
    return true;
  });
}
