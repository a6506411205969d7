export const MIN_LEVEL = 1;
export const MAX_LEVEL = 5;

/**
 * A user's level: 1 + the highest level of a finalized caucus in which they are the
 * elected delegate, capped at 5; 1 if never elected (PRODUCT-RULES.md).
 */
export function userLevel(highestDelegateLevel: number | null | undefined): number {
  if (!highestDelegateLevel || highestDelegateLevel < MIN_LEVEL) return MIN_LEVEL;
  return Math.min(MAX_LEVEL, highestDelegateLevel + 1);
}
