import { describe, expect, it } from 'vitest';
import { levelMark, tileStatus, type LevelCounts } from './tile-status';

const levels = (...rows: Array<[caucuses: number, finished: number]>): LevelCounts[] => rows.map(([caucuses, finished], i) => ({ level: i + 1, caucuses, finished }));

describe('tileStatus', () => {
  it.each([
    { name: 'nothing', levels: levels([0, 0], [0, 0]), candidate: false, status: { kind: 'none' } },
    { name: 'caucuses forming, none finished', levels: levels([3, 0], [1, 0]), candidate: false, status: { kind: 'forming', caucuses: 4 } },
    { name: 'level 1 finished', levels: levels([3, 1], [0, 0]), candidate: false, status: { kind: 'finished', level: 1 } },
    { name: 'the highest finished level counts, not the highest with caucuses', levels: levels([20, 12], [2, 1], [1, 0]), candidate: false, status: { kind: 'finished', level: 2 } },
    { name: 'a Candidate', levels: levels([1, 1], [1, 1], [1, 1], [1, 1], [1, 1]), candidate: true, status: { kind: 'candidate' } },
  ])('$name', ({ levels: rows, candidate, status }) => {
    expect(tileStatus(rows, candidate)).toEqual(status);
  });
});

describe('levelMark', () => {
  it.each([
    [{ level: 1, caucuses: 0, finished: 0 }, 'empty'],
    [{ level: 1, caucuses: 2, finished: 0 }, 'forming'],
    [{ level: 1, caucuses: 2, finished: 1 }, 'finished'],
  ] as const)('%o → %s', (level, mark) => {
    expect(levelMark(level)).toBe(mark);
  });
});
