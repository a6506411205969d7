import { sql } from 'drizzle-orm';
import { EMPTY_MOVEMENT_STATS } from '../../../domain/stats/movement';
import type { MovementStats } from '../../../domain/stats/movement-stats';
import type { Db } from '../../db/client';
import type { Clock } from '../../clock';
import { loggableError, type Logger } from '../../logger';

/** Counts the movement's figures: one round trip; members counted by an index-only scan. */
export async function countMovementStats(db: Db): Promise<MovementStats> {
  const result = await db.execute<{
    members: string;
    caucuses: string;
    finalized: string;
    districts: string;
  }>(sql`
    select
      (select count(*) from users where deleted_at is null and email_verified_at is not null) as members,
      (select count(*) from caucuses) as caucuses,
      (select count(*) from caucuses where election_finalized) as finalized,
      (select count(*) from (select distinct state, district from caucuses) d) as districts`);
  const row = result.rows[0]!;
  const total = Number(row.caucuses);
  const finalized = Number(row.finalized);
  return {
    totalMembers: Number(row.members),
    totalCaucuses: total,
    activeCaucuses: total - finalized,
    finalizedCaucuses: finalized,
    districtsActive: Number(row.districts),
  };
}

/**
 * The figures are read at most once per `ttlSeconds` per process, however many visitors ask,
 * so the page never costs a table scan per request. A failed read gives zeros (the spec's
 * fallback) and is logged.
 */
export function movementStatsReader(deps: { db: Db; clock: Clock; logger: Logger; ttlSeconds: number }) {
  let cached: { at: number; value: MovementStats } | null = null;
  let inFlight: Promise<MovementStats> | null = null;
  return async function readMovementStats(): Promise<MovementStats> {
    const now = deps.clock.now().getTime();
    if (cached && now - cached.at < deps.ttlSeconds * 1000) return cached.value;
    inFlight ??= countMovementStats(deps.db)
      .then((value) => {
        cached = { at: deps.clock.now().getTime(), value };
        return value;
      })
      .catch((error: unknown) => {
        deps.logger.error({ err: loggableError(error) }, 'movement stats failed');
        return EMPTY_MOVEMENT_STATS;
      })
      .finally(() => {
        inFlight = null;
      });
    return inFlight;
  };
}
