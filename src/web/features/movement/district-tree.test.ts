import { describe, expect, it } from 'vitest';
import { bandFill } from './district-tree';

describe('bandFill', () => {
  it.each([
    { finished: 0, needed: 10_000, fill: 0 },
    { finished: 1, needed: 10_000, fill: 0.02 }, // a sliver as soon as there is one
    { finished: 5_000, needed: 10_000, fill: 0.5 },
    { finished: 10_000, needed: 10_000, fill: 1 },
    { finished: 12, needed: 10, fill: 1 }, // more than needed stays full
    { finished: 3, needed: 0, fill: 0 },
  ])('$finished of $needed → $fill', ({ finished, needed, fill }) => {
    expect(bandFill({ finished, needed })).toBe(fill);
  });
});
