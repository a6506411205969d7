import { and, asc, eq, sql } from 'drizzle-orm';
import { LEADERBOARD_SIZE, rankEntries, type Leaderboard, type LeaderboardQuery } from '../../../domain/points/leaderboards';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/auth';
import { brownieCounts } from '../../db/schema/points';

export interface LeaderboardDeps {
  db: Db;
}

const COUNTERS = { banners: users.banners, sparks: users.sparks } as const;

/**
 * The top 100 users by one counter, above 0, highest first, ties by name then id, deleted
 * people left out; optionally in one state or district. One query, read in order from the
 * partial index of that counter and scope (users_<metric>[_state|_district]_leaderboard_idx):
 * its predicate is written here literally (`> 0`, `is null`) so the planner can use it.
 */
export async function readLeaderboard({ db }: LeaderboardDeps, query: LeaderboardQuery): Promise<Leaderboard> {
  const rows = query.metric === 'brownies' ? await topByBrownies(db, query) : await topByCounter(db, query, COUNTERS[query.metric]);
  return {
    metric: query.metric,
    state: query.state ?? null,
    district: query.state ? (query.district ?? null) : null,
    entries: rankEntries(rows),
  };
}

async function topByCounter(db: Db, query: LeaderboardQuery, counter: (typeof COUNTERS)[keyof typeof COUNTERS]) {
  return db
    .select({ id: users.id, name: users.name, photoUrl: users.image, state: users.state, district: users.district, count: counter })
    .from(users)
    .where(
      and(
        sql`${counter} > 0`,
        sql`${users.deletedAt} is null`,
        query.state ? eq(users.state, query.state) : undefined,
        query.state && query.district !== undefined ? eq(users.district, query.district) : undefined,
      ),
    )
    .orderBy(sql`${counter} desc nulls last`, asc(users.name), asc(users.id))
    .limit(LEADERBOARD_SIZE);
}

/**
 * Brownies are counted in brownie_counts (decision 060), whose rows carry the name, state and
 * district the order and filters need: read in order from its index for the scope
 * (brownie_counts[_state|_district]_leaderboard_idx), each row joined to its person by primary
 * key for the photo and to leave deleted people out.
 */
async function topByBrownies(db: Db, query: LeaderboardQuery) {
  return db
    .select({ id: brownieCounts.userId, name: brownieCounts.name, photoUrl: users.image, state: brownieCounts.state, district: brownieCounts.district, count: brownieCounts.brownies })
    .from(brownieCounts)
    .innerJoin(users, eq(users.id, brownieCounts.userId))
    .where(
      and(
        sql`${users.deletedAt} is null`,
        query.state ? eq(brownieCounts.state, query.state) : undefined,
        query.state && query.district !== undefined ? eq(brownieCounts.district, query.district) : undefined,
      ),
    )
    .orderBy(sql`${brownieCounts.brownies} desc nulls last`, asc(brownieCounts.name), asc(brownieCounts.userId))
    .limit(LEADERBOARD_SIZE);
}
