import { describe, expect, it } from 'vitest';
import { LEADERBOARD_MESSAGES, leaderboardQuerySchema, leaderboardScope, rankEntries } from './leaderboards';

const firstMessage = (r: ReturnType<typeof leaderboardQuerySchema.safeParse>) => (r.success ? null : r.error.issues[0]!.message);

describe('leaderboardQuerySchema', () => {
  it.each([
    [{ metric: 'sparks' }, { metric: 'sparks' }],
    [{ metric: 'brownies', state: 'CA' }, { metric: 'brownies', state: 'CA' }],
    [{ metric: 'banners', state: 'CA', district: '52' }, { metric: 'banners', state: 'CA', district: 52 }],
    [{ metric: 'banners', state: 'AK', district: '1' }, { metric: 'banners', state: 'AK', district: 1 }],
    [{ metric: 'sparks', state: '', district: '' }, { metric: 'sparks' }],
  ])('accepts %j', (input, parsed) => {
    expect(leaderboardQuerySchema.parse(input)).toEqual(parsed);
  });

  it.each([
    [{}, LEADERBOARD_MESSAGES.metric],
    [{ metric: 'votes' }, LEADERBOARD_MESSAGES.metric],
    [{ metric: 'sparks', state: 'XX' }, LEADERBOARD_MESSAGES.state],
    [{ metric: 'sparks', state: 'ca' }, LEADERBOARD_MESSAGES.state],
    [{ metric: 'sparks', district: '3' }, LEADERBOARD_MESSAGES.districtNeedsState],
    [{ metric: 'sparks', state: 'CA', district: '53' }, LEADERBOARD_MESSAGES.district],
    [{ metric: 'sparks', state: 'CA', district: '0' }, LEADERBOARD_MESSAGES.district],
    [{ metric: 'sparks', state: 'AK', district: '2' }, LEADERBOARD_MESSAGES.district],
    [{ metric: 'sparks', state: 'CA', district: '2.5' }, LEADERBOARD_MESSAGES.district],
    [{ metric: 'sparks', state: 'CA', district: 'two' }, LEADERBOARD_MESSAGES.district],
  ])('refuses %j', (input, message) => {
    expect(firstMessage(leaderboardQuerySchema.safeParse(input))).toBe(message);
  });
});

describe('rankEntries', () => {
  it.each([
    [[], []],
    [[9], [1]],
    [[9, 7, 5], [1, 2, 3]],
    [[9, 7, 7, 5], [1, 2, 2, 4]],
    [[3, 3, 3], [1, 1, 1]],
    [[5, 5, 2, 2, 1], [1, 1, 3, 3, 5]],
  ])('counts %j rank %j', (counts, ranks) => {
    expect(rankEntries(counts.map((count) => ({ count }))).map((e) => e.rank)).toEqual(ranks);
  });
});

describe('leaderboardScope', () => {
  it.each([
    [null, null, 'the whole country'],
    ['CA', null, 'California'],
    ['CA', 12, 'California, district 12'],
    ['VT', 1, 'Vermont, at-large district'],
  ])('%s %s', (state, district, text) => {
    expect(leaderboardScope(state, district)).toBe(text);
  });
});
