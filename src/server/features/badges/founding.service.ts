import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/auth';
import type { Clock } from '../../clock';
import { evaluateBadges } from './badge-engine.service';

/**
 * A user confirmed their email: record when, give them their founding rank (their place in
 * the order of confirmation, 1 = the installation's first member) and award OG 100 / 1K / 10K
 * when the rank is within them, all in one transaction. Ranks are handed out one at a time
 * under a transaction-level advisory lock (as Pioneer places are), so concurrent confirmations
 * never share a rank; a rank is fixed once given, so an OG badge is never earnable afterwards.
 * Confirming again changes nothing. Returns the rank (null for an unknown user).
 */
export async function recordEmailConfirmation(deps: { db: Db; clock: Clock }, userId: string): Promise<number | null> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('founding-rank'))`);
    const [user] = await tx.select({ rank: users.foundingRank }).from(users).where(eq(users.id, userId)).for('no key update');
    if (!user) return null;
    let rank = user.rank;
    if (rank === null) {
      const [top] = await tx.select({ max: sql<number>`coalesce(max(${users.foundingRank}), 0)::int` }).from(users);
      rank = (top?.max ?? 0) + 1;
    }
    await tx
      .update(users)
      .set({ foundingRank: rank, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now.toISOString()}::timestamptz)` })
      .where(eq(users.id, userId));
    await evaluateBadges(tx, userId, now);
    return rank;
  });
}
