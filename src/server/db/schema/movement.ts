import { sql } from 'drizzle-orm';
import { bigint, check, date, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { tstz } from './columns';

/**
 * The movement's figures (issue 18, decision 032): aggregates of caucuses and caucus_members,
 * recomputed by the `movement-refresh` job (every minute, and at start-up) in a few set-based
 * statements, so the movement pages never count millions of rows per request. Read-only for
 * everything but `refreshMovementAggregates`.
 */

/**
 * One row (id 1): when the aggregates were last known to be current (`refreshed_at`), when they
 * were last recounted (`computed_at`), and PostgreSQL's count of rows written to caucuses and
 * caucus_members at that recount (`source_changes`), which lets a quiet minute skip the recount.
 * When the last whole recount was (`full_at`), and the count of memberships updated or deleted
 * and caucuses deleted at the last recount (`source_removals`): while it stays put, only joins
 * happened, and the daily joins are recounted for their days alone (decision 069).
 * Its row lock makes refreshes take turns.
 */
export const movementRefreshes = pgTable(
  'movement_refreshes',
  {
    id: integer('id').primaryKey(),
    refreshedAt: tstz('refreshed_at').notNull(),
    computedAt: tstz('computed_at'),
    sourceChanges: bigint('source_changes', { mode: 'bigint' }),
    fullAt: tstz('full_at'),
    sourceRemovals: bigint('source_removals', { mode: 'bigint' }),
  },
  (t) => [check('movement_refreshes_one_row', sql`${t.id} = 1`)],
);

/** Per district and level: its caucuses and, of those, the finished elections. */
export const movementDistrictLevels = pgTable(
  'movement_district_levels',
  {
    state: text('state').notNull(),
    district: integer('district').notNull(),
    level: integer('level').notNull(),
    caucuses: integer('caucuses').notNull(),
    finished: integer('finished').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.state, t.district, t.level] }),
    check('movement_district_levels_counts', sql`${t.finished} between 0 and ${t.caucuses}`),
  ],
);

/**
 * Voters who joined a level-1 caucus per day of the app's time zone (decision 040; memberships still held), per district, per
 * state (district 0) and for the country (state '', district 0).
 */
export const movementDailyJoins = pgTable(
  'movement_daily_joins',
  {
    state: text('state').notNull(),
    district: integer('district').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    joins: integer('joins').notNull(),
  },
  (t) => [primaryKey({ columns: [t.state, t.district, t.day] }), check('movement_daily_joins_positive', sql`${t.joins} > 0`)],
);

/**
 * Elections finished per week (from Monday, in the app's time zone) and level, per district, per state (district 0) and
 * for the country (state '', district 0).
 */
export const movementWeeklyElections = pgTable(
  'movement_weekly_elections',
  {
    state: text('state').notNull(),
    district: integer('district').notNull(),
    week: date('week', { mode: 'string' }).notNull(),
    level: integer('level').notNull(),
    finished: integer('finished').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.state, t.district, t.week, t.level] }),
    check('movement_weekly_elections_positive', sql`${t.finished} > 0`),
  ],
);
