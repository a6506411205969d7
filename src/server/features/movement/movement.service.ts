import { sql } from 'drizzle-orm';
import { publicReadTags } from '../../caching/public-read-cache';
import { PUBLIC_READS_CHANNEL, PUBLIC_READS_KEY } from '../../caching/public-read-invalidation';
import { notifyQuery } from '../../realtime/notification-hub';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { notFound } from '../../http/app-error';
import { districtCount, isStateCode, STATES, stateName } from '../../../domain/geography/states';
import { FORMER_MEMBER_NAME } from '../../../domain/profiles/profile-types';
import { districtProgress, fillLevels, highestFinishedLevel, stateShare, type LevelCount } from '../../../domain/movement/district-progress';
import { dayOf, lastDays, lastWeeks } from '../../../domain/movement/time-buckets';
import { recountScope } from '../../../domain/movement/recount-scope';
import {
  DELEGATES_PER_LEVEL_MAX,
  MOVEMENT_MESSAGES,
  PROGRESS_DAYS,
  PROGRESS_WEEKS,
  type MovementDelegate,
  type MovementDistrict,
  type MovementDistrictTile,
  type MovementProgress,
  type MovementState,
  type MovementStates,
} from '../../../domain/movement/movement-answers';

/**
 * The movement's figures (issue 18, decision 032). `refreshMovementAggregates` recomputes the
 * aggregate tables of db/schema/movement.ts from caucuses and caucus_members (the
 * `movement-refresh` job runs it every minute and at start-up); every read below reads only
 * those small tables (and, for a district's Delegates, at most 50 index rows per level), so no
 * request counts the big tables.
 */

export interface MovementDeps {
  db: Db;
  clock: Clock;
  /** The app's time zone (APP_TIME_ZONE): the days and weeks of the progress are counted in it (decision 040). */
  timeZone: string;
}

export interface RefreshResult {
  refreshedAt: Date;
  /** Aggregate rows written or removed (0 when nothing changed since the last refresh). */
  changed: number;
  /** True when the recount was skipped: nothing had been written to caucuses or caucus_members since the last one. */
  skipped: boolean;
  /** True when every day was recounted; false when skipped, or when only the recent days' joins were (decision 069). */
  whole: boolean;
}

export interface RefreshOptions {
  /**
   * The scheduled job's way (decision 069, src/domain/movement/recount-scope.ts): skip the
   * recount when PostgreSQL's own counters of rows written to caucuses and caucus_members
   * (pg_stat_user_tables) are where the last recount left them, and recount the daily joins of
   * the recent days alone when only memberships were added since. The counters reach the
   * statistics within about a second of a commit, so a change made in that second is counted at
   * the next run; everything is recounted at least every WHOLE_RECOUNT_AT_LEAST_EVERY_MS.
   */
  onlyIfChanged?: boolean;
}

/**
 * Recomputes the aggregates in one transaction of four set-based statements. The first one
 * writes the refresh time and so locks the one `movement_refreshes` row: two refreshes at once
 * take turns, and the second finds the first's figures and changes only what changed since.
 * Each table is upserted from a fresh GROUP BY (rows whose figures did not change are left
 * alone, so a quiet minute writes nothing) and rows whose group vanished are deleted. Readers
 * see the old figures until the commit. Days and weeks are those of the app's time zone
 * (`deps.timeZone`, decision 040), the zone every date of the app is shown in. The daily joins,
 * the one count over every membership, are recounted for the recent days alone when the job
 * finds that only memberships were added since its last recount (decision 069).
 */
export async function refreshMovementAggregates(deps: MovementDeps, options: RefreshOptions = {}): Promise<RefreshResult> {
  return deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const last = await tx.execute<{ computed_at: Date | string | null; full_at: Date | string | null; source_changes: string | null; source_removals: string | null }>(sql`
      insert into movement_refreshes (id, refreshed_at) values (1, ${now.toISOString()})
      on conflict (id) do update set refreshed_at = greatest(movement_refreshes.refreshed_at, excluded.refreshed_at)
      returning computed_at, full_at, source_changes::text, source_removals::text`);
    // Read after the row lock: a refresh that waited for another sees the counters of now.
    const counted = await tx.execute<{ changes: string; removals: string }>(sql`
      select coalesce(sum(n_tup_ins + n_tup_upd + n_tup_del), 0)::text as changes,
        coalesce(sum(case when relid = 'caucus_members'::regclass then n_tup_upd + n_tup_del else n_tup_del end), 0)::text as removals
      from pg_stat_user_tables where relid in ('caucuses'::regclass, 'caucus_members'::regclass)`);
    const { changes, removals } = counted.rows[0] ?? { changes: '0', removals: '0' };
    const previous = last.rows[0];
    const asDate = (value: Date | string | null | undefined) => (value == null ? null : new Date(value));
    const scope = recountScope({
      onlyIfChanged: options.onlyIfChanged === true,
      now,
      lastRecountAt: asDate(previous?.computed_at),
      lastWholeAt: asDate(previous?.full_at),
      changes,
      lastChanges: previous?.source_changes ?? null,
      removals,
      lastRemovals: previous?.source_removals ?? null,
    });
    if (scope.kind === 'skip') return { refreshedAt: now, changed: 0, skipped: true, whole: false };
    const whole = scope.kind === 'whole';
    await tx.execute(sql`
      update movement_refreshes set computed_at = ${now.toISOString()}, source_changes = ${changes}::bigint, source_removals = ${removals}::bigint,
        full_at = ${whole ? sql`${now.toISOString()}` : sql`full_at`}
      where id = 1`);
    let changed = 0;
    const run = async (statement: ReturnType<typeof sql>) => {
      // Each statement answers one row, `changed`: the rows it wrote or removed.
      const result = await tx.execute<{ changed: string | number }>(statement);
      changed += Number(result.rows[0]?.changed ?? 0);
    };
    // Per district and level: caucuses and finished elections.
    await run(
      replaceFromGroups('movement_district_levels', ['state', 'district', 'level'], ['caucuses', 'finished'], sql`
        select state, district, level, count(*)::int as caucuses, (count(*) filter (where election_finalized))::int as finished
        from caucuses group by state, district, level`),
    );
    // Level-1 joins per day of the app's time zone (caucus_members.created_at, the member's joinedAt): per district, per state (district 0), the country ('', 0).
    // Only from the first day that may have changed when only memberships were added (every grouping has the day: a day's rows are whole).
    const firstDay = scope.kind === 'since' ? dayOf(scope.since, deps.timeZone) : null;
    await run(
      replaceFromGroups(
        'movement_daily_joins',
        ['state', 'district', 'day'],
        ['joins'],
        sql`
        select coalesce(state, '') as state, coalesce(district, 0) as district, day, count(*)::int as joins
        from (
          select c.state, c.district, (m.created_at at time zone ${deps.timeZone})::date as day
          from caucus_members m join caucuses c on c.id = m.caucus_id
          where m.is_voting_member and c.level = 1
            ${firstDay ? sql`and m.created_at >= (${firstDay}::date::timestamp at time zone ${deps.timeZone})` : sql``}
        ) joined
        group by grouping sets ((state, district, day), (state, day), (day))`,
        firstDay ? sql`t.day >= ${firstDay}::date` : undefined,
      ),
    );
    // Finished elections per week (from Monday, in the app's time zone) and level: per district, per state, the country.
    await run(
      replaceFromGroups('movement_weekly_elections', ['state', 'district', 'week', 'level'], ['finished'], sql`
        select coalesce(state, '') as state, coalesce(district, 0) as district, week, level, count(*)::int as finished
        from (
          select state, district, level, date_trunc('week', finalized_at at time zone ${deps.timeZone})::date as week
          from caucuses where election_finalized and finalized_at is not null
        ) done
        group by grouping sets ((state, district, week, level), (state, week, level), (week, level))`),
    );
    // Every process's shared copy of the figures goes at this commit (decision 055).
    await tx.execute(notifyQuery(PUBLIC_READS_CHANNEL, PUBLIC_READS_KEY, publicReadTags.movement));
    return { refreshedAt: now, changed, skipped: false, whole };
  });
}

/**
 * One statement that makes aggregate `table` equal to the rows of `fresh` (a GROUP BY): rows
 * upserted by their `keys` (written only when a `values` column differs, so a quiet minute writes
 * nothing and leaves no dead rows), rows whose group vanished deleted. It answers one row,
 * `changed`: the rows written or removed. The names are this file's constants, never input.
 * With `within` (a condition on the table's rows, alias `t`), `fresh` holds only the groups of
 * those rows, and only those may be deleted.
 */
function replaceFromGroups(table: string, keys: readonly string[], values: readonly string[], fresh: ReturnType<typeof sql>, within?: ReturnType<typeof sql>) {
  const list = (names: readonly string[], prefix = '') => sql.raw(names.map((n) => `${prefix}${n}`).join(', '));
  const columns = [...keys, ...values];
  return sql`
    with fresh as (${fresh}), upserted as (
      insert into ${sql.raw(table)} as t (${list(columns)})
      select ${list(columns)} from fresh
      on conflict (${list(keys)}) do update set ${sql.raw(values.map((v) => `${v} = excluded.${v}`).join(', '))}
      where (${list(values, 't.')}) is distinct from (${list(values, 'excluded.')})
      returning 1
    ), removed as (
      delete from ${sql.raw(table)} t
      where ${within ?? sql`true`} and not exists (select 1 from fresh f where ${sql.raw(keys.map((k) => `f.${k} = t.${k}`).join(' and '))})
      returning 1
    )
    select (select count(*) from upserted) + (select count(*) from removed) as changed`;
}

// ---- reads ------------------------------------------------------------------------------------

async function readUpdatedAt(db: Db): Promise<string | null> {
  const result = await db.execute<{ refreshed_at: Date | string }>(sql`select refreshed_at from movement_refreshes where id = 1`);
  const at = result.rows[0]?.refreshed_at;
  return at === undefined ? null : new Date(at).toISOString();
}

type LevelRow = { state: string; district: number; level: number; caucuses: number; finished: number };

async function readLevelRows(db: Db, where: ReturnType<typeof sql>): Promise<LevelRow[]> {
  const result = await db.execute<LevelRow>(sql`
    select state, district, level, caucuses, finished from movement_district_levels where ${where}`);
  return result.rows.map((r) => ({ ...r, district: Number(r.district), level: Number(r.level), caucuses: Number(r.caucuses), finished: Number(r.finished) }));
}

function assertState(state: string): void {
  if (!isStateCode(state)) throw notFound(MOVEMENT_MESSAGES.stateNotFound);
}

function assertDistrict(state: string, district: number): void {
  assertState(state);
  if (district < 1 || district > districtCount(state)) throw notFound(MOVEMENT_MESSAGES.districtNotFound);
}

/** Districts 1..n of a state as tiles, from its aggregate rows (districts beyond n ignored). */
function tilesOf(state: string, rows: readonly LevelRow[]): MovementDistrictTile[] {
  const byDistrict = new Map<number, LevelCount[]>();
  for (const row of rows) {
    const list = byDistrict.get(row.district) ?? [];
    list.push(row);
    byDistrict.set(row.district, list);
  }
  return Array.from({ length: districtCount(state) }, (_, i) => {
    const levels = fillLevels(byDistrict.get(i + 1) ?? []);
    const highest = highestFinishedLevel(levels);
    return { district: i + 1, levels, highestFinishedLevel: highest, hasCandidate: highest === 5 };
  });
}

/** GET /api/movement/states: every state's figures, for the map and its table. */
export async function readMovementStates(db: Db): Promise<MovementStates> {
  const [updatedAt, rows] = await Promise.all([readUpdatedAt(db), readLevelRows(db, sql`true`)]);
  const byState = new Map<string, LevelRow[]>();
  for (const row of rows) {
    const list = byState.get(row.state) ?? [];
    list.push(row);
    byState.set(row.state, list);
  }
  return {
    updatedAt,
    measure: 'share_of_districts_with_finished_level1',
    states: STATES.map((s) => {
      const tiles = tilesOf(s.code, byState.get(s.code) ?? []);
      const levels = fillLevels(tiles.flatMap((t) => t.levels));
      const withFinishedLevel1 = tiles.filter((t) => t.levels[0]!.finished > 0).length;
      return {
        state: s.code,
        name: s.name,
        districts: s.districts,
        districtsWithCaucus: tiles.filter((t) => t.levels.some((l) => l.caucuses > 0)).length,
        districtsWithFinishedLevel1: withFinishedLevel1,
        share: stateShare(withFinishedLevel1, s.districts),
        districtsWithCandidate: tiles.filter((t) => t.hasCandidate).length,
        highestFinishedLevel: highestFinishedLevel(levels),
        caucuses: levels.reduce((sum, l) => sum + l.caucuses, 0),
        finished: levels.reduce((sum, l) => sum + l.finished, 0),
        levels,
      };
    }),
  };
}

/** GET /api/movement/states/{state}: the state's districts as tiles. */
export async function readMovementState(db: Db, state: string): Promise<MovementState> {
  assertState(state);
  const [updatedAt, rows] = await Promise.all([readUpdatedAt(db), readLevelRows(db, sql`state = ${state}`)]);
  const districts = tilesOf(state, rows);
  return {
    updatedAt,
    state,
    name: stateName(state),
    share: stateShare(districts.filter((t) => t.levels[0]!.finished > 0).length, districts.length),
    districts,
  };
}

type DelegateRow = { level: number; id: string; name: string; photo_url: string | null; deleted_at: Date | string | null; profile_hidden_at: Date | string | null };

/** A Delegate as public profiles show one: a deleted account is a former member, a hidden profile has no photo. */
function publicDelegate(row: DelegateRow): MovementDelegate {
  const deleted = row.deleted_at !== null;
  const hidden = row.profile_hidden_at !== null;
  return { id: row.id, name: deleted ? FORMER_MEMBER_NAME : row.name, photoUrl: deleted || hidden ? null : row.photo_url };
}

/** GET /api/movement/states/{state}/districts/{district}: the district's election tree. */
export async function readMovementDistrict(db: Db, state: string, district: number): Promise<MovementDistrict> {
  assertDistrict(state, district);
  const [updatedAt, rows, delegates] = await Promise.all([
    readUpdatedAt(db),
    readLevelRows(db, sql`state = ${state} and district = ${district}`),
    // Per level the most recent Delegates, by caucuses_district_delegates_idx: at most 50 index rows a level.
    db.execute<DelegateRow>(sql`
      select l.level, d.id, d.name, d.photo_url, d.deleted_at, d.profile_hidden_at
      from generate_series(1, 5) as l(level)
      cross join lateral (
        select u.id, u.name, u.photo_url, u.deleted_at, u.profile_hidden_at, c.finalized_at, c.id as caucus_id
        from caucuses c join users u on u.id = c.elected_delegate_id
        where c.state = ${state} and c.district = ${district} and c.level = l.level and c.election_finalized
        order by c.finalized_at desc nulls last, c.id
        limit ${DELEGATES_PER_LEVEL_MAX}
      ) d
      order by l.level, d.finalized_at desc nulls last, d.caucus_id`),
  ]);
  const progress = districtProgress(rows);
  const delegatesOf = (level: number) => delegates.rows.filter((r) => Number(r.level) === level).map(publicDelegate);
  const levels = progress.levels.map((l) => {
    const listed = delegatesOf(l.level);
    return { ...l, delegates: listed, moreDelegates: Math.max(0, l.finished - listed.length) };
  });
  return {
    updatedAt,
    state,
    name: stateName(state),
    district,
    levels,
    highestFinishedLevel: progress.highestFinishedLevel,
    votersBehind: progress.votersBehind,
    candidate: levels[4]!.delegates[0] ?? null,
  };
}

/** GET /api/movement/progress: joins per day (90 days) and finished elections per week (52 weeks). */
export async function readMovementProgress(deps: MovementDeps, scope: { state?: string; district?: number }): Promise<MovementProgress> {
  if (scope.district !== undefined) assertDistrict(scope.state ?? '', scope.district);
  else if (scope.state !== undefined) assertState(scope.state);
  const state = scope.state ?? '';
  const district = scope.district ?? 0;
  const now = deps.clock.now();
  const days = lastDays(now, PROGRESS_DAYS, deps.timeZone);
  const weeks = lastWeeks(now, PROGRESS_WEEKS, deps.timeZone);
  const [updatedAt, joins, elections] = await Promise.all([
    readUpdatedAt(deps.db),
    deps.db.execute<{ day: string; joins: number }>(sql`
      select day::text as day, joins from movement_daily_joins
      where state = ${state} and district = ${district} and day >= ${days[0]}::date and day <= ${days.at(-1)}::date`),
    deps.db.execute<{ week: string; finished: string }>(sql`
      select week::text as week, sum(finished) as finished from movement_weekly_elections
      where state = ${state} and district = ${district} and week >= ${weeks[0]}::date and week <= ${weeks.at(-1)}::date
      group by week`),
  ]);
  const joinsByDay = new Map(joins.rows.map((r) => [r.day, Number(r.joins)]));
  const finishedByWeek = new Map(elections.rows.map((r) => [r.week, Number(r.finished)]));
  return {
    updatedAt,
    state: scope.state ?? null,
    district: scope.district ?? null,
    timeZone: deps.timeZone,
    joinsPerDay: days.map((day) => ({ day, joins: joinsByDay.get(day) ?? 0 })),
    electionsPerWeek: weeks.map((week) => ({ week, finished: finishedByWeek.get(week) ?? 0 })),
  };
}
