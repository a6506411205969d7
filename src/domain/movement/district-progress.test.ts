import { describe, expect, it } from 'vitest';
import { districtProgress, fillLevels, highestFinishedLevel, neededForCandidate, stateShare, votersPerDelegate } from './district-progress';

describe('what a Candidate needs per level (10^(5 − level))', () => {
  it.each([
    [1, 10_000],
    [2, 1_000],
    [3, 100],
    [4, 10],
    [5, 1],
  ])('level %i needs %i finished elections', (level, needed) => {
    expect(neededForCandidate(level)).toBe(needed);
  });

  it.each([0, 6, 1.5, -1])('refuses level %s', (level) => {
    expect(() => neededForCandidate(level)).toThrow(RangeError);
    expect(() => votersPerDelegate(level)).toThrow(RangeError);
  });

  it.each([
    [1, 10],
    [3, 1_000],
    [5, 100_000],
  ])('a level-%i Delegate stands for %i voters', (level, voters) => {
    expect(votersPerDelegate(level)).toBe(voters);
  });
});

describe('fillLevels', () => {
  it('gives levels 1..5, zeros for missing ones, repeated levels summed', () => {
    expect(
      fillLevels([
        { level: 3, caucuses: 1, finished: 0 },
        { level: 1, caucuses: 4, finished: 2 },
        { level: 1, caucuses: 1, finished: 1 },
      ]),
    ).toEqual([
      { level: 1, caucuses: 5, finished: 3 },
      { level: 2, caucuses: 0, finished: 0 },
      { level: 3, caucuses: 1, finished: 0 },
      { level: 4, caucuses: 0, finished: 0 },
      { level: 5, caucuses: 0, finished: 0 },
    ]);
  });
});

describe("a district's progress", () => {
  const at = (...finished: number[]) => finished.map((f, i) => ({ level: i + 1, caucuses: f + 1, finished: f }));
  it.each([
    { name: 'nothing yet', counts: [], highest: 0, voters: 0, candidate: false, missing: [10_000, 1_000, 100, 10, 1] },
    { name: 'caucuses but no finished election', counts: at(0, 0), highest: 0, voters: 0, candidate: false, missing: [10_000, 1_000, 100, 10, 1] },
    { name: 'three level-1 elections', counts: at(3), highest: 1, voters: 30, candidate: false, missing: [9_997, 1_000, 100, 10, 1] },
    { name: 'two level-2 elections', counts: at(25, 2), highest: 2, voters: 200, candidate: false, missing: [9_975, 998, 100, 10, 1] },
    { name: 'a level-3 election above no lower ones counted', counts: [{ level: 3, caucuses: 1, finished: 1 }], highest: 3, voters: 1_000, candidate: false, missing: [10_000, 1_000, 99, 10, 1] },
    { name: 'more than needed at a level', counts: at(12_000), highest: 1, voters: 120_000, candidate: false, missing: [0, 1_000, 100, 10, 1] },
    { name: 'the Candidate elected', counts: at(10_000, 1_000, 100, 10, 1), highest: 5, voters: 100_000, candidate: true, missing: [0, 0, 0, 0, 0] },
    { name: 'the Candidate elected with lower levels short (nothing missing any more)', counts: at(9_000, 900, 90, 9, 1), highest: 5, voters: 100_000, candidate: true, missing: [0, 0, 0, 0, 0] },
  ])('$name', ({ counts, highest, voters, candidate, missing }) => {
    const progress = districtProgress(counts);
    expect(progress.highestFinishedLevel).toBe(highest);
    expect(highestFinishedLevel(counts)).toBe(highest);
    expect(progress.votersBehind).toBe(voters);
    expect(progress.hasCandidate).toBe(candidate);
    expect(progress.levels.map((l) => l.missing)).toEqual(missing);
    expect(progress.levels.map((l) => l.needed)).toEqual([10_000, 1_000, 100, 10, 1]);
  });
});

describe("the map's measure: share of a state's districts with a finished level-1 election", () => {
  it.each([
    [0, 15, 0],
    [3, 15, 0.2],
    [1, 1, 1],
    [52, 52, 1],
    [2, 0, 0],
    [5, 4, 1],
  ])('%i of %i districts → %d', (withFinished, districts, share) => {
    expect(stateShare(withFinished, districts)).toBeCloseTo(share, 10);
  });
});
