import { describe, expect, it } from 'vitest';
import { BADGES, BADGE_CATEGORIES, PREMIUM_BADGES, badgeSlug, findBadge, findBadgeByNameOrSlug, formatPrice } from './catalogue';

describe('badge catalogue', () => {
  it('holds every badge the spec names, once', () => {
    const names = BADGES.map((b) => b.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of [
      'Friend', 'Believer', 'Evangelist', 'Avatar', 'Lieutenant', 'Captain', 'Colonel', 'General', 'Marshal',
      'Candidate', 'Champion', 'Delegate - Level 2', 'Delegate - Level 3', 'Delegate - Level 4', 'Delegate - Level 5',
      "Everyone's Favorite", 'Hugger', 'Life of the Party', 'OG 100', 'OG 1K', 'OG 10K', 'Pioneer 100', 'Pioneer 1K',
      'Chatterbox', 'Advocate', 'Cicero', 'Warrior', 'Gladiator', 'Destroyer', 'Conqueror', 'George Washington',
    ]) {
      expect(findBadge(name), name).toBeDefined();
    }
  });

  it.each([
    ['Friend', 1], ['Believer', 10], ['Evangelist', 100], ['Avatar', 1000],
    ['Lieutenant', 1], ['Captain', 5], ['Colonel', 15], ['General', 45], ['Marshal', 150],
    ['Hugger', 5], ['Life of the Party', 10], ["Everyone's Favorite", 30],
    ['Chatterbox', 5], ['Advocate', 25], ['Cicero', 125],
    ['Warrior', 1], ['Gladiator', 10], ['Destroyer', 50], ['Conqueror', 150],
    ['Pioneer 100', 100], ['Pioneer 1K', 1000], ['OG 100', 100], ['OG 1K', 1000], ['OG 10K', 10000],
  ])('%s threshold is %i (PRODUCT-RULES.md)', (name, threshold) => {
    expect(findBadge(name)?.threshold).toBe(threshold);
  });

  it('puts every badge in a known category', () => {
    for (const badge of BADGES) expect(BADGE_CATEGORIES).toContain(badge.category);
  });

  it.each([
    ["Everyone's Favorite", 'everyones-favorite'],
    ['Delegate - Level 2', 'delegate-level-2'],
    ['OG 1K', 'og-1k'],
  ])('slug of %s is %s', (name, slug) => {
    expect(badgeSlug(name)).toBe(slug);
  });

  it('lists each premium badge as a badge of the Premium category', () => {
    for (const p of PREMIUM_BADGES) expect(findBadge(p.name)).toMatchObject({ category: 'Premium', metric: 'premium', threshold: null });
    expect(BADGES.filter((b) => b.category === 'Premium')).toHaveLength(PREMIUM_BADGES.length);
  });

  it.each([
    ['og-1k', 'OG 1K'],
    ['OG 1K', 'OG 1K'],
    ['everyones-favorite', "Everyone's Favorite"],
    ["everyone's favorite", "Everyone's Favorite"],
    ['george-washington', 'George Washington'],
    ['og-2k', undefined],
  ])('findBadgeByNameOrSlug(%s) is %s', (key, name) => {
    expect(findBadgeByNameOrSlug(key)?.name).toBe(name);
  });

  it.each([[300, '$3.00'], [500, '$5.00'], [1999, '$19.99']])('formatPrice(%i) = %s', (cents, text) => {
    expect(formatPrice(cents)).toBe(text);
  });
});
