/**
 * How much of the movement's figures a refresh recounts (issue 18, decisions 032 and 069).
 *
 * The figures are aggregates of caucuses and caucus_members. PostgreSQL counts the rows written
 * to each table (pg_stat_user_tables); the refresh keeps two of those counts from its last
 * recount: every write (`changes`), and the memberships updated or deleted plus the caucuses
 * deleted (`removals`). The scheduled job then:
 * - skips the recount when nothing was written since (a quiet minute);
 * - recounts the daily joins of the recent days alone when only rows were added since: the app
 *   writes a membership with the time of its request, so what was added since the last recount
 *   is from its days on (a membership added with an older date, as the seed does, waits for the
 *   next whole recount);
 * - recounts everything otherwise: when a membership left or changed, or a caucus went (any
 *   day's count may change), when a counter is unknown, or when the last whole recount is older
 *   than WHOLE_RECOUNT_AT_LEAST_EVERY_MS (which also heals anything the counters missed).
 * Anything but the job (start-up, the seed, the tests) asks for a whole recount.
 */

export type RecountScope =
  | { kind: 'skip' }
  | { kind: 'whole' }
  /** Recount the daily joins from the day `since` falls in (in the app's time zone); the rest whole. */
  | { kind: 'since'; since: Date };

export interface RecountFacts {
  /** The scheduled job asks; anything else gets a whole recount. */
  onlyIfChanged: boolean;
  now: Date;
  /** When the last recount (whole or not) began, if ever. */
  lastRecountAt: Date | null;
  /** When the last whole recount began, if ever. */
  lastWholeAt: Date | null;
  /** The counts of writes now and at the last recount (as PostgreSQL gives them: decimal strings). */
  changes: string;
  lastChanges: string | null;
  removals: string;
  lastRemovals: string | null;
}

/** However quiet, the job recounts everything at least this often. */
export const WHOLE_RECOUNT_AT_LEAST_EVERY_MS = 60 * 60_000;

/**
 * How long before the last recount a membership added since may be dated: its request's time,
 * taken before its transaction commits (a join's transaction lasts milliseconds; ten minutes
 * leaves room for any retry or wait).
 */
export const ADDED_SINCE_MARGIN_MS = 10 * 60_000;

export function recountScope(facts: RecountFacts): RecountScope {
  if (!facts.onlyIfChanged || facts.lastRecountAt === null || facts.lastWholeAt === null) return { kind: 'whole' };
  if (facts.now.getTime() - facts.lastWholeAt.getTime() >= WHOLE_RECOUNT_AT_LEAST_EVERY_MS) return { kind: 'whole' };
  // A counter of 0 is one PostgreSQL lost (a reset, a crash): it tells nothing.
  if (facts.changes === '0' || facts.lastChanges === null) return { kind: 'whole' };
  if (facts.changes === facts.lastChanges) return { kind: 'skip' };
  if (facts.lastRemovals === null || facts.removals !== facts.lastRemovals) return { kind: 'whole' };
  return { kind: 'since', since: new Date(facts.lastRecountAt.getTime() - ADDED_SINCE_MARGIN_MS) };
}
