import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema/auth';
import { activities, badges, banners, userBadges } from '../../db/schema/points';
import { notify } from '../notifications/notifications.service';

/**
 * Earns badges (once each: the primary key of user_badges) and writes a `badge_earned`
 * activity for each one newly earned. Run it inside the transaction of the change that
 * earns them. Returns the names newly earned. Events call the badge engine
 * (`evaluateBadges` of the badges feature), which decides what is reached and calls this.
 */
export async function awardBadges(tx: DbOrTx, userId: string, badgeNames: readonly string[], at: Date): Promise<string[]> {
  if (badgeNames.length === 0) return [];
  const rows = await tx.select({ id: badges.id, name: badges.name }).from(badges).where(inArray(badges.name, [...badgeNames]));
  if (rows.length === 0) return [];
  const inserted = await tx
    .insert(userBadges)
    .values(rows.map((b) => ({ userId, badgeId: b.id, earnedAt: at })))
    .onConflictDoNothing()
    .returning({ badgeId: userBadges.badgeId });
  const earned = rows.filter((b) => inserted.some((i) => i.badgeId === b.id)).map((b) => b.name);
  if (earned.length > 0) {
    await tx.insert(activities).values(
      earned.map((name) => ({ userId, activityType: 'badge_earned', description: `Earned the ${name} badge`, createdAt: at })),
    );
    await notify(
      tx,
      at,
      earned.map((badgeName) => ({ userId, kind: 'badge_earned' as const, data: { badgeName } })),
    );
  }
  return earned;
}

/**
 * 1 Banner to an organizer for a finalized caucus: the ledger row and the counter in the same
 * transaction, once per organizer and caucus. The caller then runs the badge engine
 * (`evaluateBadgesOf` of the badges feature) for the Banner badges it reaches.
 */
export async function awardBanner(tx: DbOrTx, organizerId: string, caucusId: string, at: Date): Promise<boolean> {
  const inserted = await tx
    .insert(banners)
    .values({ organizerUserId: organizerId, caucusId, timestamp: at })
    .onConflictDoNothing()
    .returning({ id: banners.id });
  if (inserted.length === 0) return false;
  await tx
    .update(users)
    .set({ banners: sql`${users.banners} + 1` })
    .where(eq(users.id, organizerId));
  return true;
}

export async function writeActivities(
  tx: DbOrTx,
  rows: Array<{ userId: string; activityType: 'caucus_created' | 'caucus_joined' | 'election_finalized' | 'delegate_elected' | 'friend_added'; description: string }>,
  at: Date,
): Promise<void> {
  if (rows.length === 0) return;
  await tx.insert(activities).values(rows.map((r) => ({ ...r, createdAt: at })));
}

export async function hasBadge(tx: DbOrTx, userId: string, badgeName: string): Promise<boolean> {
  const [row] = await tx
    .select({ one: sql`1` })
    .from(userBadges)
    .innerJoin(badges, eq(badges.id, userBadges.badgeId))
    .where(and(eq(userBadges.userId, userId), eq(badges.name, badgeName)));
  return !!row;
}
