import { describe, expect, it } from 'vitest';
import { parseRetryAfter, tooManyAttemptsMessage, waitInWords } from './wait-words';

describe('waitInWords', () => {
  it.each([
    [0, '1 second'],
    [0.2, '1 second'],
    [1, '1 second'],
    [2, '2 seconds'],
    [59, '59 seconds'],
    [59.5, '1 minute'],
    [60, '1 minute'],
    [61, '2 minutes'],
    [120, '2 minutes'],
    [240, '4 minutes'],
    [3540, '59 minutes'],
    [3541, '1 hour'],
    [3600, '1 hour'],
    [3601, '1 hour and 1 minute'],
    [3900, '1 hour and 5 minutes'],
    [7200, '2 hours'],
    [7260, '2 hours and 1 minute'],
    [Number.NaN, '1 second'],
  ])('%s seconds is "%s"', (seconds, words) => {
    expect(waitInWords(seconds)).toBe(words);
  });

  it('makes the 429 message', () => {
    expect(tooManyAttemptsMessage(240)).toBe('Too many attempts. Please try again in 4 minutes.');
    expect(tooManyAttemptsMessage(30)).toBe('Too many attempts. Please try again in 30 seconds.');
  });
});

describe('parseRetryAfter', () => {
  const now = new Date('2026-01-01T00:00:00Z');
  it.each([
    [null, null],
    ['', null],
    ['120', 120],
    [' 7 ', 7],
    ['-3', null],
    ['soon', null],
    ['Thu, 01 Jan 2026 00:02:00 GMT', 120],
    ['Wed, 31 Dec 2025 23:00:00 GMT', 0],
  ])('%j gives %j', (header, seconds) => {
    expect(parseRetryAfter(header, now)).toBe(seconds);
  });
});
