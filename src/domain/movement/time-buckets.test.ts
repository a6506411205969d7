import { describe, expect, it } from 'vitest';
import { dayOf, lastDays, lastWeeks, weekOf } from './time-buckets';

describe('day and week buckets (UTC, weeks from Monday)', () => {
  it.each([
    ['2026-11-26T12:00:00Z', '2026-11-26', '2026-11-23'], // a Thursday
    ['2026-11-23T00:00:00Z', '2026-11-23', '2026-11-23'], // Monday midnight starts its week
    ['2026-11-22T23:59:59Z', '2026-11-22', '2026-11-16'], // Sunday ends the week before
    ['2027-01-01T03:00:00Z', '2027-01-01', '2026-12-28'], // a week across the new year
    ['2024-02-29T10:00:00Z', '2024-02-29', '2024-02-26'], // a leap day
  ])('%s: day %s, week of %s', (at, day, week) => {
    expect(dayOf(new Date(at))).toBe(day);
    expect(weekOf(new Date(at))).toBe(week);
  });

  it('lists the last days up to today, oldest first', () => {
    expect(lastDays(new Date('2026-03-02T08:00:00Z'), 4)).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
    expect(lastDays(new Date('2026-03-02T08:00:00Z'), 90)).toHaveLength(90);
  });

  it('lists the Mondays of the last weeks up to this one, oldest first', () => {
    expect(lastWeeks(new Date('2026-11-26T12:00:00Z'), 3)).toEqual(['2026-11-09', '2026-11-16', '2026-11-23']);
    const weeks = lastWeeks(new Date('2026-11-26T12:00:00Z'), 52);
    expect(weeks).toHaveLength(52);
    expect(new Set(weeks.map((w) => new Date(`${w}T00:00:00Z`).getUTCDay()))).toEqual(new Set([1]));
  });
});
