/**
 * What a district's tile on a state page says (issue 18), from its per-level counts: its
 * Candidate elected, the highest level finished, caucuses forming with none finished, or nothing
 * yet. And, per level, the mark its five-step bar draws. Pure.
 */

export interface LevelCounts {
  level: number;
  caucuses: number;
  finished: number;
}

export type TileStatus =
  | { kind: 'candidate' }
  | { kind: 'finished'; level: number }
  | { kind: 'forming'; caucuses: number }
  | { kind: 'none' };

/** A level's mark: an election finished there, caucuses there but none finished, or nothing. */
export type LevelMark = 'finished' | 'forming' | 'empty';

export function tileStatus(levels: readonly LevelCounts[], hasCandidate: boolean): TileStatus {
  if (hasCandidate) return { kind: 'candidate' };
  const highest = levels.reduce((best, l) => (l.finished > 0 && l.level > best ? l.level : best), 0);
  if (highest > 0) return { kind: 'finished', level: highest };
  const caucuses = levels.reduce((sum, l) => sum + l.caucuses, 0);
  return caucuses > 0 ? { kind: 'forming', caucuses } : { kind: 'none' };
}

export function levelMark(level: LevelCounts): LevelMark {
  if (level.finished > 0) return 'finished';
  return level.caucuses > 0 ? 'forming' : 'empty';
}
