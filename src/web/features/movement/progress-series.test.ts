import { describe, expect, it } from 'vitest';
import { dayInstant, summarize } from './progress-series';

describe('summarize', () => {
  it.each([
    { name: 'no buckets', points: [], total: 0, busiest: null },
    { name: 'all zero', points: [{ at: '2026-01-01', value: 0 }], total: 0, busiest: null },
    {
      name: 'one peak',
      points: [
        { at: '2026-01-01', value: 2 },
        { at: '2026-01-02', value: 7 },
        { at: '2026-01-03', value: 1 },
      ],
      total: 10,
      busiest: { at: '2026-01-02', value: 7 },
    },
    {
      name: 'equal peaks: the latest',
      points: [
        { at: '2026-01-01', value: 5 },
        { at: '2026-01-02', value: 5 },
      ],
      total: 10,
      busiest: { at: '2026-01-02', value: 5 },
    },
  ])('$name', ({ points, total, busiest }) => {
    expect(summarize(points)).toEqual({ total, busiest });
  });
});

describe('dayInstant', () => {
  it.each(['America/New_York', 'America/Los_Angeles', 'Pacific/Honolulu', 'America/Anchorage'])('keeps the date in %s', (timeZone) => {
    const shown = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(dayInstant('2026-03-08'));
    expect(shown).toBe('2026-03-08');
  });
});
