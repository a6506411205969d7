import { describe, expect, it } from 'vitest';
import { dayOf, lastDays, lastWeeks, weekOf } from './time-buckets';

const NY = 'America/New_York';
const LA = 'America/Los_Angeles';

describe('day and week buckets (the app’s time zone, weeks from Monday)', () => {
  it.each([
    ['2026-11-26T12:00:00Z', 'UTC', '2026-11-26', '2026-11-23'], // a Thursday
    ['2026-11-23T00:00:00Z', 'UTC', '2026-11-23', '2026-11-23'], // Monday midnight starts its week
    ['2026-11-22T23:59:59Z', 'UTC', '2026-11-22', '2026-11-16'], // Sunday ends the week before
    ['2027-01-01T03:00:00Z', 'UTC', '2027-01-01', '2026-12-28'], // a week across the new year
    ['2024-02-29T10:00:00Z', 'UTC', '2024-02-29', '2024-02-26'], // a leap day
    // 9:36 pm in New York on Thursday the 26th is the 27th in UTC: New York's day is the 26th.
    ['2026-11-27T02:36:00Z', NY, '2026-11-26', '2026-11-23'],
    ['2026-11-27T02:36:00Z', 'UTC', '2026-11-27', '2026-11-23'],
    // Sunday 9 pm in New York is Monday in UTC: New York's week is still the one before.
    ['2026-11-23T02:00:00Z', NY, '2026-11-22', '2026-11-16'],
    ['2026-11-23T05:00:00Z', NY, '2026-11-23', '2026-11-23'], // midnight in New York (EST) starts Monday
    ['2026-03-08T07:59:00Z', NY, '2026-03-08', '2026-03-02'], // the night clocks go forward
    ['2027-01-01T07:00:00Z', LA, '2026-12-31', '2026-12-28'], // New Year's Eve still, on the west coast
  ])('%s in %s: day %s, week of %s', (at, zone, day, week) => {
    expect(dayOf(new Date(at), zone)).toBe(day);
    expect(weekOf(new Date(at), zone)).toBe(week);
  });

  it('lists the last days up to today, oldest first', () => {
    expect(lastDays(new Date('2026-03-02T08:00:00Z'), 4, 'UTC')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
    expect(lastDays(new Date('2026-03-02T03:00:00Z'), 2, NY)).toEqual(['2026-02-28', '2026-03-01']);
    expect(lastDays(new Date('2026-03-02T08:00:00Z'), 90, NY)).toHaveLength(90);
  });

  it('lists the Mondays of the last weeks up to this one, oldest first', () => {
    expect(lastWeeks(new Date('2026-11-26T12:00:00Z'), 3, 'UTC')).toEqual(['2026-11-09', '2026-11-16', '2026-11-23']);
    expect(lastWeeks(new Date('2026-11-23T02:00:00Z'), 2, NY)).toEqual(['2026-11-09', '2026-11-16']);
    const weeks = lastWeeks(new Date('2026-11-26T12:00:00Z'), 52, NY);
    expect(weeks).toHaveLength(52);
    expect(new Set(weeks.map((w) => new Date(`${w}T00:00:00Z`).getUTCDay()))).toEqual(new Set([1]));
  });
});
