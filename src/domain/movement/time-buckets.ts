import { calendarDayIn } from '../points/brownie-rules';

/**
 * Day and week buckets of the movement's progress (issue 18), in the app's time zone
 * (APP_TIME_ZONE, the zone every date of the app is shown in; decision 040): a day is a calendar
 * date there (YYYY-MM-DD), a week starts on its Monday (PostgreSQL's date_trunc('week') of the
 * local time does the same). The refresh job counts in the same zone, so a chart's days are the
 * days its reader sees on every other date of the app.
 */

const DAY_MS = 86_400_000;

const midnightUtc = (day: string) => Date.parse(`${day}T00:00:00Z`);
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The calendar date of an instant in `timeZone`, as YYYY-MM-DD. */
export function dayOf(at: Date, timeZone: string): string {
  return calendarDayIn(at, timeZone);
}

/** The Monday of the week an instant falls in, in `timeZone`, as YYYY-MM-DD. */
export function weekOf(at: Date, timeZone: string): string {
  const day = midnightUtc(dayOf(at, timeZone));
  const sinceMonday = (new Date(day).getUTCDay() + 6) % 7;
  return isoDay(day - sinceMonday * DAY_MS);
}

/** The last `count` days up to and including `now`'s day in `timeZone`, oldest first. */
export function lastDays(now: Date, count: number, timeZone: string): string[] {
  const today = midnightUtc(dayOf(now, timeZone));
  return Array.from({ length: count }, (_, i) => isoDay(today - (count - 1 - i) * DAY_MS));
}

/** The Mondays of the last `count` weeks up to and including `now`'s week in `timeZone`, oldest first. */
export function lastWeeks(now: Date, count: number, timeZone: string): string[] {
  const monday = midnightUtc(weekOf(now, timeZone));
  return Array.from({ length: count }, (_, i) => isoDay(monday - (count - 1 - i) * 7 * DAY_MS));
}
