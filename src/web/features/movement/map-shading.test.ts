import { describe, expect, it } from 'vitest';
import { SHADE_STEPS, shadeStep, sharePercent } from './map-shading';

describe('shadeStep', () => {
  it.each([
    [0, 0],
    [-1, 0],
    [Number.NaN, 0],
    [0.0001, 1],
    [1 / 52, 1],
    [0.25, 1],
    [0.2501, 2],
    [0.5, 2],
    [0.51, 3],
    [0.75, 3],
    [0.76, 4],
    [1, 4],
    [2, 4],
  ])('share %s → step %s', (share, step) => {
    expect(shadeStep(share)).toBe(step);
  });

  it('puts each step’s own bounds inside it', () => {
    for (const step of SHADE_STEPS.slice(1)) {
      expect(shadeStep(step.max)).toBe(step.index);
      expect(shadeStep(step.min + 0.001)).toBe(step.index);
    }
  });
});

describe('sharePercent', () => {
  it.each([
    [0, 0],
    [0.001, 1],
    [1 / 52, 2],
    [0.5, 50],
    [0.996, 99],
    [1, 100],
    [Number.POSITIVE_INFINITY, 0],
  ])('share %s → %s%%', (share, percent) => {
    expect(sharePercent(share)).toBe(percent);
  });
});
