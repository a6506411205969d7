/**
 * Day and week buckets of the movement's progress (issue 18), in UTC: a day is a calendar date
 * (YYYY-MM-DD), a week starts on Monday (PostgreSQL's date_trunc('week') does the same).
 */

const DAY_MS = 86_400_000;

/** The UTC calendar date of an instant, as YYYY-MM-DD. */
export function dayOf(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** The Monday (UTC) of the week an instant falls in, as YYYY-MM-DD. */
export function weekOf(at: Date): string {
  const midnight = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  const sinceMonday = (new Date(midnight).getUTCDay() + 6) % 7;
  return dayOf(new Date(midnight - sinceMonday * DAY_MS));
}

/** The last `count` days up to and including `now`'s day, oldest first. */
export function lastDays(now: Date, count: number): string[] {
  const today = Date.parse(`${dayOf(now)}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) => dayOf(new Date(today - (count - 1 - i) * DAY_MS)));
}

/** The Mondays of the last `count` weeks up to and including `now`'s week, oldest first. */
export function lastWeeks(now: Date, count: number): string[] {
  const monday = Date.parse(`${weekOf(now)}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) => dayOf(new Date(monday - (count - 1 - i) * 7 * DAY_MS)));
}
