import { sql } from 'drizzle-orm';
import { badgesReachedBy, type BadgeMetrics } from '../../../domain/badges/badge-progress';
import type { DbOrTx } from '../../db/client';
import { executePrepared } from '../../db/prepared-statements';
import { awardBadges } from '../points/awards.service';

/**
 * The badge engine (docs/decisions/010-badge-engine.md). Every badge is earned by
 * `evaluateBadges` (or `evaluateBadgesOf`) inside the transaction of the event that changes
 * a figure a badge counts: it locks the users, reads their figures in one query, and awards
 * (through `awardBadges`: once each, with a badge_earned activity) every badge of the catalogue
 * the figures reach (`badgesReachedBy`, pure data and rules in src/domain/badges).
 */

export interface UserBadgeFigures extends BadgeMetrics {
  userId: string;
  /** Names of the badges the user already holds. */
  earned: string[];
}

interface FiguresRow extends Record<string, unknown> {
  id: string;
  sparks: number;
  banners: number;
  founding_rank: number | null;
  brownies_best_day: number;
  debate_contributions: number;
  challenge_wins: number;
  pioneer_rank: number | null;
  district_finalized_level1: number;
  confirmed_members: number;
  delegate_of_levels: number[];
  organized: number;
  voted_level1: boolean;
  premium_badges: string[];
  earned: string[];
}

/**
 * The figures of some users, in one query whatever their number; each part reads an index
 * (brownies by receiver and day, contributions by author, memberships and votes by user,
 * caucuses by delegate, organizer and Pioneer place, the highest founding rank).
 * Outer columns are written as `u.…` on purpose (see the drizzle note in STACK-NOTES.md).
 */
export async function readBadgeFiguresOf(tx: DbOrTx, userIds: readonly string[]): Promise<Map<string, UserBadgeFigures>> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return new Map();
  // Prepared: planning this statement cost PostgreSQL 1.9 ms, running it 0.4 (decision 034).
  const result = await executePrepared<FiguresRow>(tx, sql`
    select
      u.id,
      u.sparks,
      u.banners,
      u.founding_rank,
      coalesce((select max(d.n) from (select count(*)::int as n from brownies b where b.receiver_user_id = u.id group by b.given_on) d), 0)::int
        as brownies_best_day,
      ((select count(*) from debate_responses r where r.user_id = u.id)
        + (select count(*) from debate_rebuttals r where r.user_id = u.id)
        + (select count(*) from debate_defenses r where r.user_id = u.id))::int as debate_contributions,
      (select count(*) from challenge_members cm join challenges ch on ch.id = cm.challenge_id
        where cm.user_id = u.id and ch.status = 'completed' and ch.winning_team = cm.team)::int as challenge_wins,
      (select min(c.pioneer_rank) from caucus_members m join caucuses c on c.id = m.caucus_id
        where m.user_id = u.id and m.is_voting_member and c.pioneer_rank is not null) as pioneer_rank,
      coalesce((select max(c.pioneer_rank) from caucuses c
        where c.state = u.state and c.district = u.district and c.pioneer_rank is not null), 0) as district_finalized_level1,
      coalesce((select max(f.founding_rank) from users f), 0) as confirmed_members,
      coalesce((select array_agg(distinct c.level) from caucuses c where c.elected_delegate_id = u.id and c.election_finalized), '{}')
        as delegate_of_levels,
      (select count(*) from (
        select c.id from caucuses c where c.organizer_id = u.id
        union
        select m.caucus_id from caucus_members m where m.user_id = u.id and m.is_organizer) o)::int as organized,
      exists (select 1 from votes v join caucuses c on c.id = v.caucus_id
        where v.voter_id = u.id and c.level = 1 and c.election_finalized) as voted_level1,
      coalesce((select array_agg(pb.name) from premium_badge_purchases p join premium_badges pb on pb.id = p.premium_badge_id
        where p.user_id = u.id), '{}') as premium_badges,
      coalesce((select array_agg(b.name) from user_badges ub join badges b on b.id = ub.badge_id where ub.user_id = u.id), '{}') as earned
    from users u
    where u.id = any(${sql.param(ids)}::uuid[])`);
  return new Map(result.rows.map((r) => [r.id, toFigures(r)]));
}

function toFigures(r: FiguresRow): UserBadgeFigures {
  return {
    userId: r.id,
    sparks: r.sparks,
    banners: r.banners,
    browniesBestDay: r.brownies_best_day,
    debateContributions: r.debate_contributions,
    challengeWins: r.challenge_wins,
    pioneerRank: r.pioneer_rank,
    districtFinalizedLevel1: r.district_finalized_level1,
    foundingRank: r.founding_rank,
    confirmedMembers: r.confirmed_members,
    delegateOfLevels: [...r.delegate_of_levels].sort((a, b) => a - b),
    champion: {
      sparks: r.sparks,
      organizedCaucuses: r.organized,
      votedInFinalizedLevel1: r.voted_level1,
      premiumBadgesBought: r.premium_badges.length,
    },
    premiumBadges: r.premium_badges,
    earned: r.earned,
  };
}

/** One user's figures (null for an unknown user). */
export async function readBadgeFigures(tx: DbOrTx, userId: string): Promise<UserBadgeFigures | null> {
  return (await readBadgeFiguresOf(tx, [userId])).get(userId) ?? null;
}

/**
 * Awards every badge the users' figures reach and they do not hold yet. Call it inside the
 * transaction of the event, after the event's own writes. The users' rows are locked first
 * (FOR NO KEY UPDATE, in id order, so two events never wait on each other in a cycle): two
 * events of one user evaluate one after the other, and the second sees the first's rows, so a
 * threshold crossed by concurrent events is always seen, and awarded once (user_badges'
 * primary key). Returns the names newly earned, per user.
 */
export async function evaluateBadgesOf(tx: DbOrTx, userIds: readonly string[], at: Date): Promise<Map<string, string[]>> {
  const ids = [...new Set(userIds)].sort();
  const earned = new Map<string, string[]>();
  if (ids.length === 0) return earned;
  await executePrepared(tx, sql`select u.id from users u where u.id = any(${sql.param(ids)}::uuid[]) order by u.id for no key update`);
  return awardReachedBadges(tx, await readBadgeFiguresOf(tx, ids), at);
}

/**
 * Awards every badge the figures reach that their user does not hold yet, for figures read (by
 * `readBadgeFiguresOf`) in this transaction after the users' rows were locked and the event's own
 * writes were sent: `evaluateBadgesOf` for a caller that holds those locks already (a brownie
 * locks its receiver by updating their counter, and sends the figures' read behind it).
 */
export async function awardReachedBadges(tx: DbOrTx, figures: Map<string, UserBadgeFigures>, at: Date): Promise<Map<string, string[]>> {
  const earned = new Map<string, string[]>();
  for (const id of [...figures.keys()].sort()) {
    const f = figures.get(id)!;
    const held = new Set(f.earned);
    const missing = badgesReachedBy(f).filter((name) => !held.has(name));
    if (missing.length > 0) earned.set(id, await awardBadges(tx, id, missing, at));
  }
  return earned;
}

/** `evaluateBadgesOf` for one user: the names newly earned. */
export async function evaluateBadges(tx: DbOrTx, userId: string, at: Date): Promise<string[]> {
  return (await evaluateBadgesOf(tx, [userId], at)).get(userId) ?? [];
}

/**
 * For the challenges feature: once a challenge is completed (status, winning_team written in
 * the same transaction), each member of the winning team has one more challenge win; award
 * Warrior, Gladiator, Destroyer and Conqueror as they are reached. A tie has no winner.
 */
export async function awardChallengeWinBadges(tx: DbOrTx, challengeId: string, at: Date): Promise<Map<string, string[]>> {
  const winners = await tx.execute<{ user_id: string }>(sql`
    select cm.user_id from challenge_members cm join challenges ch on ch.id = cm.challenge_id
    where ch.id = ${challengeId} and ch.status = 'completed' and ch.winning_team = cm.team`);
  return evaluateBadgesOf(
    tx,
    winners.rows.map((r) => r.user_id),
    at,
  );
}

/**
 * For the debates feature: after a response, rebuttal or defense is inserted, its author may
 * reach Chatterbox, Advocate or Cicero (contributions are counted from the three tables).
 */
export async function awardDebateContributionBadges(tx: DbOrTx, authorId: string, at: Date): Promise<string[]> {
  return evaluateBadges(tx, authorId, at);
}
