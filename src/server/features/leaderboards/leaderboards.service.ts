import { and, asc, eq, sql } from 'drizzle-orm';
import { LEADERBOARD_SIZE, rankEntries, type Leaderboard, type LeaderboardQuery } from '../../../domain/points/leaderboards';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/auth';

export interface LeaderboardDeps {
  db: Db;
}

const COUNTERS = { banners: users.banners, brownies: users.brownies, sparks: users.sparks } as const;

/**
 * The top 100 users by one counter, above 0, highest first, ties by name then id, hidden
 * profiles left out; optionally in one state or district. One query, read in order from the
 * partial index of that counter and scope (users_<metric>[_state|_district]_leaderboard_idx):
 * its predicate is written here literally (`> 0`, `is null`) so the planner can use it.
 */
export async function readLeaderboard({ db }: LeaderboardDeps, query: LeaderboardQuery): Promise<Leaderboard> {
  const counter = COUNTERS[query.metric];
  const rows = await db
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
  return {
    metric: query.metric,
    state: query.state ?? null,
    district: query.state ? (query.district ?? null) : null,
    entries: rankEntries(rows),
  };
}
