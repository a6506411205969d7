import { describe, expect, it } from 'vitest';
import { userLevel } from './level';

describe('user level (PRODUCT-RULES: Levels)', () => {
  it.each([
    [null, 1],
    [undefined, 1],
    [0, 1],
    [1, 2],
    [2, 3],
    [3, 4],
    [4, 5],
    [5, 5],
  ])('highest delegate level %s gives level %i', (highest, level) => {
    expect(userLevel(highest)).toBe(level);
  });
});
