import { describe, expect, it } from 'vitest';
import { NO_METRICS, badgeProgress, badgesReachedBy, type BadgeMetrics } from './badge-progress';
import { BADGES, findBadge } from './catalogue';

const metrics = (patch: Partial<BadgeMetrics> = {}): BadgeMetrics => ({ ...NO_METRICS, ...patch });
const progressOf = (name: string, patch: Partial<BadgeMetrics>, earned = false) => badgeProgress(findBadge(name)!, metrics(patch), earned);

describe('badge progress (PRODUCT-RULES.md, Badges)', () => {
  it.each([
    ['Friend', { sparks: 0 }, 0, 1, 0, false],
    ['Friend', { sparks: 1 }, 1, 1, 100, true],
    ['Believer', { sparks: 4 }, 4, 10, 40, false],
    ['Believer', { sparks: 12 }, 10, 10, 100, true],
    ['Evangelist', { sparks: 99 }, 99, 100, 99, false],
    ['Avatar', { sparks: 999 }, 999, 1000, 99, false],
    ['Lieutenant', { banners: 1 }, 1, 1, 100, true],
    ['Captain', { banners: 3 }, 3, 5, 60, false],
    ['Marshal', { banners: 150 }, 150, 150, 100, true],
    ['Hugger', { browniesBestDay: 4 }, 4, 5, 80, false],
    ['Hugger', { browniesBestDay: 5 }, 5, 5, 100, true],
    ['Life of the Party', { browniesBestDay: 9 }, 9, 10, 90, false],
    ["Everyone's Favorite", { browniesBestDay: 30 }, 30, 30, 100, true],
    ['Chatterbox', { debateContributions: 5 }, 5, 5, 100, true],
    ['Advocate', { debateContributions: 24 }, 24, 25, 96, false],
    ['Cicero', { debateContributions: 125 }, 125, 125, 100, true],
    ['Warrior', { challengeWins: 1 }, 1, 1, 100, true],
    ['Gladiator', { challengeWins: 9 }, 9, 10, 90, false],
    ['Conqueror', { challengeWins: 150 }, 150, 150, 100, true],
  ] as const)('%s with %j: %i / %i, %i%%, reached %s', (name, patch, current, target, percent, reached) => {
    expect(progressOf(name, patch)).toEqual({ current, target, percent, reached, closed: false });
  });

  it.each([
    // Pioneer: the district's finalized level-1 count against 100 / 1,000; earned by the place of a caucus voted in.
    ['Pioneer 100', { districtFinalizedLevel1: 40, pioneerRank: null }, { current: 40, target: 100, reached: false, closed: false }],
    ['Pioneer 100', { districtFinalizedLevel1: 40, pioneerRank: 12 }, { current: 40, target: 100, reached: true, closed: false }],
    ['Pioneer 100', { districtFinalizedLevel1: 100, pioneerRank: 100 }, { current: 100, target: 100, reached: true, closed: false }],
    ['Pioneer 100', { districtFinalizedLevel1: 140, pioneerRank: 101 }, { current: 100, target: 100, reached: false, closed: true }],
    ['Pioneer 100', { districtFinalizedLevel1: 100, pioneerRank: null }, { current: 100, target: 100, reached: false, closed: true }],
    ['Pioneer 1K', { districtFinalizedLevel1: 140, pioneerRank: 101 }, { current: 140, target: 1000, reached: true, closed: false }],
    // OG: the first 100 / 1,000 / 10,000 to confirm their email; never earnable afterwards.
    ['OG 100', { confirmedMembers: 50, foundingRank: 7 }, { current: 50, target: 100, reached: true, closed: false }],
    ['OG 100', { confirmedMembers: 150, foundingRank: 101 }, { current: 100, target: 100, reached: false, closed: true }],
    ['OG 1K', { confirmedMembers: 150, foundingRank: 101 }, { current: 150, target: 1000, reached: true, closed: false }],
    ['OG 10K', { confirmedMembers: 20000, foundingRank: 10000 }, { current: 10000, target: 10000, reached: true, closed: false }],
    ['OG 10K', { confirmedMembers: 20000, foundingRank: 10001 }, { current: 10000, target: 10000, reached: false, closed: true }],
    ['OG 10K', { confirmedMembers: 20000, foundingRank: null }, { current: 10000, target: 10000, reached: false, closed: true }],
    ['OG 10K', { confirmedMembers: 30, foundingRank: null }, { current: 30, target: 10000, reached: false, closed: false }],
    // Delegate - Level N: elected by a level N-1 caucus; Candidate: by a level 5 caucus.
    ['Delegate - Level 2', { delegateOfLevels: [1] }, { current: 1, target: 1, reached: true, closed: false }],
    ['Delegate - Level 3', { delegateOfLevels: [1] }, { current: 0, target: 1, reached: false, closed: false }],
    ['Delegate - Level 5', { delegateOfLevels: [1, 2, 3, 4] }, { current: 1, target: 1, reached: true, closed: false }],
    ['Candidate', { delegateOfLevels: [1, 2, 3, 4] }, { current: 0, target: 1, reached: false, closed: false }],
    ['Candidate', { delegateOfLevels: [5] }, { current: 1, target: 1, reached: true, closed: false }],
    ['George Washington', { premiumBadges: [] }, { current: 0, target: 1, reached: false, closed: false }],
    ['George Washington', { premiumBadges: ['George Washington'] }, { current: 1, target: 1, reached: true, closed: false }],
  ] as const)('%s with %j', (name, patch, expected) => {
    expect(progressOf(name, patch as Partial<BadgeMetrics>)).toMatchObject(expected);
  });

  it.each([
    [{ sparks: 3, organizedCaucuses: 0, votedInFinalizedLevel1: false, premiumBadgesBought: 0 }, 1, 25, false],
    [{ sparks: 3, organizedCaucuses: 1, votedInFinalizedLevel1: true, premiumBadgesBought: 0 }, 3, 75, false],
    [{ sparks: 5, organizedCaucuses: 2, votedInFinalizedLevel1: true, premiumBadgesBought: 1 }, 4, 100, true],
  ])('Champion with %j: %i / 4, %i%%', (champion, current, percent, reached) => {
    expect(progressOf('Champion', { champion })).toEqual({ current, target: 4, percent, reached, closed: false });
  });

  it('an earned badge is complete whatever the figures say (OG and Pioneer are historical)', () => {
    expect(progressOf('OG 100', { confirmedMembers: 500, foundingRank: null }, true)).toEqual({ current: 100, target: 100, percent: 100, reached: true, closed: false });
    expect(progressOf('Believer', { sparks: 2 }, true)).toMatchObject({ current: 10, percent: 100, reached: true });
  });

  it('every badge of the catalogue has progress with a positive target', () => {
    for (const badge of BADGES) expect(badgeProgress(badge, NO_METRICS).target, badge.name).toBeGreaterThan(0);
  });
});

describe('badgesReachedBy: what the engine awards', () => {
  it.each([
    [{}, []],
    [{ sparks: 12 }, ['Friend', 'Believer']],
    [{ banners: 5 }, ['Lieutenant', 'Captain']],
    [{ browniesBestDay: 10 }, ['Hugger', 'Life of the Party']],
    [{ debateContributions: 25, challengeWins: 1 }, ['Advocate', 'Chatterbox', 'Warrior']],
    [{ pioneerRank: 101, districtFinalizedLevel1: 300 }, ['Pioneer 1K']],
    [{ foundingRank: 100, confirmedMembers: 100 }, ['OG 100', 'OG 1K', 'OG 10K']],
    [{ foundingRank: 10001 }, []],
    [{ delegateOfLevels: [1, 5] }, ['Candidate', 'Delegate - Level 2']],
    [{ premiumBadges: ['George Washington'] }, ['George Washington']],
    [
      { sparks: 3, champion: { sparks: 3, organizedCaucuses: 1, votedInFinalizedLevel1: true, premiumBadgesBought: 1 } },
      ['Champion', 'Friend'],
    ],
  ] as const)('%j reaches %j', (patch, names) => {
    expect(badgesReachedBy(metrics(patch as Partial<BadgeMetrics>)).sort()).toEqual([...names].sort());
  });
});
