import { describe, expect, it } from 'vitest';
import {
  BADGE_REWARDS,
  REWARDS,
  WELCOME_VOUCHER,
  earnLabel,
  findReward,
  isRewardEarned,
  rewardKeyOf,
  rewardKeyParamSchema,
  rewardState,
  VOUCHER_CODE_PATTERN,
  voucherCodeFrom,
} from './reward-catalogue';

describe('the reward catalogue (spec section 9)', () => {
  it('the Welcome Voucher is a $100 hotel savings card that needs no badge', () => {
    expect(WELCOME_VOUCHER).toMatchObject({ key: 'welcome_voucher', badgeName: null, prize: '$100 Hotel Savings Card', requirement: { kind: 'verified' } });
  });

  it.each([
    ['Friend', 'friend_badge', { kind: 'sparks', count: 1 }, '$100 Restaurant Voucher'],
    ['Believer', 'believer_badge', { kind: 'sparks', count: 10 }, '$200 Restaurant Voucher'],
    ['Evangelist', 'evangelist_badge', { kind: 'sparks', count: 100 }, '$300 Restaurant Voucher'],
    ['Avatar', 'avatar_badge', { kind: 'sparks', count: 1000 }, 'Airfare plus a 2-Night Hotel Stay for 2'],
    ['Lieutenant', 'lieutenant_badge', { kind: 'banners', count: 1 }, '$200 Restaurant Voucher'],
    ['Captain', 'captain_badge', { kind: 'banners', count: 5 }, '$200 Hotel Card plus a $200 Restaurant Voucher'],
    ['Colonel', 'colonel_badge', { kind: 'banners', count: 15 }, '$400 Hotel Card plus a $300 Restaurant Voucher'],
    ['General', 'general_badge', { kind: 'banners', count: 45 }, 'All-Inclusive 2-Night Resort Getaway'],
    ['Marshal', 'marshal_badge', { kind: 'banners', count: 150 }, '7-Night Luxury Resort Getaway'],
    ['Champion', 'champion_badge', { kind: 'champion' }, '$400 Hotel Card plus a $400 Restaurant Voucher'],
  ])('%s: key %s, %j, %s', (badgeName, key, requirement, prize) => {
    expect(findReward(key)).toEqual({ key, title: badgeName, badgeName, prize, requirement });
  });

  it('holds the Welcome Voucher and the ten badge rewards, in the page order, with unique keys', () => {
    expect(BADGE_REWARDS).toHaveLength(10);
    expect(REWARDS.map((r) => r.key)).toEqual([
      'welcome_voucher',
      'friend_badge',
      'believer_badge',
      'evangelist_badge',
      'avatar_badge',
      'lieutenant_badge',
      'captain_badge',
      'colonel_badge',
      'general_badge',
      'marshal_badge',
      'champion_badge',
    ]);
    expect(new Set(REWARDS.map((r) => r.key)).size).toBe(REWARDS.length);
    for (const r of REWARDS) expect(r.key).toMatch(/^[a-z0-9_]+$/); // the reward_claims check constraint
  });

  it.each([['Friend', 'friend_badge'], ['Champion', 'champion_badge'], ['Life of the Party', 'life_of_the_party_badge']])('rewardKeyOf(%s) is %s', (name, key) => {
    expect(rewardKeyOf(name)).toBe(key);
  });

  it.each([['unknown_badge'], ['Friend_badge'], [''], ['george washington_badge']])('knows no reward %j', (key) => {
    expect(findReward(key)).toBeUndefined();
  });
});

describe('earnLabel: the clickable Earn N text', () => {
  it.each([
    [{ kind: 'sparks', count: 1 } as const, 'Earn 1 Spark'],
    [{ kind: 'sparks', count: 10 } as const, 'Earn 10 Sparks'],
    [{ kind: 'sparks', count: 1000 } as const, 'Earn 1,000 Sparks'],
    [{ kind: 'banners', count: 1 } as const, 'Earn 1 Banner'],
    [{ kind: 'banners', count: 150 } as const, 'Earn 150 Banners'],
    [{ kind: 'champion' } as const, null],
    [{ kind: 'verified' } as const, null],
  ])('%j -> %s', (requirement, label) => {
    expect(earnLabel(requirement)).toBe(label);
  });
});

describe('rewardState: the four states of a reward card (spec section 4)', () => {
  it.each([
    // earned, verified, claimed -> state
    [false, false, false, 'not_earned'],
    [false, true, false, 'not_earned'],
    [true, false, false, 'earned_unverified'],
    [true, true, false, 'claimable'],
    [true, true, true, 'claimed'],
    // A claim stays claimed whatever else is read later.
    [false, false, true, 'claimed'],
    [true, false, true, 'claimed'],
  ])('earned %s, verified %s, claimed %s -> %s', (earned, verified, claimed, state) => {
    expect(rewardState({ earned, verified, claimed })).toBe(state);
  });
});

describe('isRewardEarned', () => {
  it.each([
    ['welcome_voucher', [], true],
    ['friend_badge', [], false],
    ['friend_badge', ['Friend'], true],
    ['believer_badge', ['Friend'], false],
    ['champion_badge', ['Champion', 'Friend'], true],
  ])('%s with badges %j -> %s', (key, badges, earned) => {
    expect(isRewardEarned(findReward(key)!, badges)).toBe(earned);
    expect(isRewardEarned(findReward(key)!, new Set(badges))).toBe(earned);
  });
});

describe('the claim key parameter', () => {
  it.each([['friend_badge', true], ['welcome_voucher', true], ['Friend', false], ['../x', false], ['a'.repeat(65), false], ['', false]])('%j valid: %s', (key, ok) => {
    const result = rewardKeyParamSchema.safeParse({ key });
    expect(result.success).toBe(ok);
    if (!result.success) expect(result.error.issues[0]?.message).toBe('Reward Not Found');
  });
});

describe('voucher codes', () => {
  it.each([
    [[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], 'GUC-AAAA-AAAA-AAAA'],
    [[31, 32, 63, 255, 1, 2, 3, 4, 5, 6, 7, 8], 'GUC-9A99-BCDE-FGHJ'],
  ])('%j -> %s', (bytes, code) => {
    expect(voucherCodeFrom(bytes)).toBe(code);
    expect(code).toMatch(VOUCHER_CODE_PATTERN);
  });

  it('refuses too little randomness', () => {
    expect(() => voucherCodeFrom([1, 2, 3])).toThrow();
  });
});
