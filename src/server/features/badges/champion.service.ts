import { sql } from 'drizzle-orm';
import { isChampion, type ChampionMetrics } from '../../../domain/badges/champion';
import type { DbOrTx } from '../../db/client';
import { awardBadges } from '../points/awards.service';

/** The four Champion figures of one user, in one query. */
export async function readChampionMetrics(tx: DbOrTx, userId: string): Promise<ChampionMetrics> {
  const result = await tx.execute<{ sparks: number; organized: number; voted: boolean; premium: number }>(sql`
    select
      coalesce((select u.sparks from users u where u.id = ${userId}), 0)::int as sparks,
      (select count(*) from caucuses c
        where c.organizer_id = ${userId}
           or exists (select 1 from caucus_members m where m.caucus_id = c.id and m.user_id = ${userId} and m.is_organizer))::int as organized,
      exists (select 1 from votes v join caucuses c on c.id = v.caucus_id
        where v.voter_id = ${userId} and c.level = 1 and c.election_finalized) as voted,
      (select count(*) from premium_badge_purchases p where p.user_id = ${userId})::int as premium`);
  const row = result.rows[0]!;
  return { sparks: row.sparks, organizedCaucuses: row.organized, votedInFinalizedLevel1: row.voted, premiumBadgesBought: row.premium };
}

/**
 * Awards Champion when its four conditions hold (once: awardBadges). Call it inside the
 * transaction of any event that can complete a condition: a Spark, organizing a caucus, a
 * level-1 finalization (for its voters), a premium badge purchase. Returns whether it was newly earned.
 */
export async function awardChampionIfComplete(tx: DbOrTx, userId: string, at: Date): Promise<boolean> {
  if (!isChampion(await readChampionMetrics(tx, userId))) return false;
  return (await awardBadges(tx, userId, ['Champion'], at)).length > 0;
}
