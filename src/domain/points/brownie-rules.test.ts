import { describe, expect, it } from 'vitest';
import { BROWNIE_MESSAGES, brownieRefusal, calendarDayIn, giveBrownieSchema } from './brownie-rules';

describe('calendarDayIn: one brownie per calendar day in the app time zone', () => {
  it.each([
    // Around midnight in New York (EST, UTC-5, in winter).
    ['2030-01-15T04:59:59Z', 'America/New_York', '2030-01-14'],
    ['2030-01-15T05:00:00Z', 'America/New_York', '2030-01-15'],
    // In summer (EDT, UTC-4) midnight is an hour earlier in UTC.
    ['2030-07-15T03:59:59Z', 'America/New_York', '2030-07-14'],
    ['2030-07-15T04:00:00Z', 'America/New_York', '2030-07-15'],
    // Spring forward (2030-03-10, 02:00 EST -> 03:00 EDT): the day is 23 hours long.
    ['2030-03-10T05:00:00Z', 'America/New_York', '2030-03-10'],
    ['2030-03-10T06:59:59Z', 'America/New_York', '2030-03-10'],
    ['2030-03-10T07:00:00Z', 'America/New_York', '2030-03-10'],
    ['2030-03-11T03:59:59Z', 'America/New_York', '2030-03-10'],
    ['2030-03-11T04:00:00Z', 'America/New_York', '2030-03-11'],
    // Fall back (2030-11-03, 02:00 EDT -> 01:00 EST): the day is 25 hours long.
    ['2030-11-03T04:00:00Z', 'America/New_York', '2030-11-03'],
    ['2030-11-03T05:30:00Z', 'America/New_York', '2030-11-03'],
    ['2030-11-03T06:30:00Z', 'America/New_York', '2030-11-03'],
    ['2030-11-04T04:59:59Z', 'America/New_York', '2030-11-03'],
    ['2030-11-04T05:00:00Z', 'America/New_York', '2030-11-04'],
    // New year and a leap day.
    ['2031-01-01T04:59:59Z', 'America/New_York', '2030-12-31'],
    ['2032-02-29T12:00:00Z', 'America/New_York', '2032-02-29'],
    // Other zones: the setting decides.
    ['2030-01-15T07:59:59Z', 'America/Los_Angeles', '2030-01-14'],
    ['2030-01-15T08:00:00Z', 'America/Los_Angeles', '2030-01-15'],
    ['2030-01-15T09:59:59Z', 'Pacific/Honolulu', '2030-01-14'],
    ['2030-01-14T23:59:59Z', 'UTC', '2030-01-14'],
    ['2030-01-15T00:00:00Z', 'UTC', '2030-01-15'],
    ['2030-01-14T15:00:00Z', 'Asia/Tokyo', '2030-01-15'],
  ])('%s in %s is %s', (instant, zone, day) => {
    expect(calendarDayIn(new Date(instant), zone)).toBe(day);
  });

  it('is the same day for every instant between two midnights of the zone', () => {
    const start = Date.parse('2030-11-03T04:00:00Z'); // midnight EDT, the 25-hour day
    for (let minutes = 0; minutes < 25 * 60; minutes += 7) {
      expect(calendarDayIn(new Date(start + minutes * 60_000), 'America/New_York')).toBe('2030-11-03');
    }
    expect(calendarDayIn(new Date(start + 25 * 60 * 60_000), 'America/New_York')).toBe('2030-11-04');
  });
});

describe('brownieRefusal: never to oneself', () => {
  const a = '6f1b1a52-0c43-4e4b-9d63-2f3d2f0c6a01';
  const b = '6f1b1a52-0c43-4e4b-9d63-2f3d2f0c6a02';
  it.each([
    [a, a, BROWNIE_MESSAGES.notToSelf],
    [a, b, null],
  ])('from %s to %s', (giver, receiver, refusal) => {
    expect(brownieRefusal(giver, receiver)).toBe(refusal);
  });
});

describe('giveBrownieSchema', () => {
  it.each([
    [{ receiverId: '6f1b1a52-0c43-4e4b-9d63-2f3d2f0c6a01' }, true],
    [{ receiverId: 'not-a-uuid' }, false],
    [{}, false],
  ])('%j valid: %s', (input, ok) => {
    expect(giveBrownieSchema.safeParse(input).success).toBe(ok);
  });

  it('keeps the spec texts', () => {
    expect(BROWNIE_MESSAGES).toMatchObject({
      alreadyGaveToday: 'You already gave a brownie today',
      dailyLimit: 'Daily limit reached: You can only give one brownie per day. Try again tomorrow!',
      notToSelf: 'Invalid action: You cannot give a brownie to yourself.',
      failed: 'Failed to give brownie. Please try again.',
      awardedTitle: 'Brownie Awarded!',
      awardedDescription: "You've successfully awarded a brownie to this user.",
    });
  });
});
