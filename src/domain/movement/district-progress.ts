import { MAX_LEVEL, MIN_LEVEL } from '../caucuses/level';

/**
 * The election tree's arithmetic (issue 18): ten voters elect a level-1 Delegate, ten level-1
 * Delegates a level-2 Delegate, and so on; the district's level-5 Delegate is its Candidate.
 * Pure: no zod here, so a page importing these functions does not bring zod along.
 */

export const LEVELS = [1, 2, 3, 4, 5] as const;
/** Members of a caucus in the nominal tree (a caucus may ask for fewer; the tree counts ten). */
export const CAUCUS_SIZE = 10;

export interface LevelCount {
  level: number;
  /** Caucuses of this level in the district. */
  caucuses: number;
  /** Of those, caucuses whose election is finished (a Delegate elected). */
  finished: number;
}

export interface LevelNeed extends LevelCount {
  /** Finished elections of this level a Candidate needs: 10^(5 − level). */
  needed: number;
  /** How many more finished elections this level needs: max(0, needed − finished). */
  missing: number;
}

export interface DistrictProgress {
  /** The highest level with a finished election; 0 when none. */
  highestFinishedLevel: number;
  /** Voters behind the highest finished level: its finished elections × 10^level (0 when none). */
  votersBehind: number;
  /** True when the level-5 election is finished: the district has its Candidate. */
  hasCandidate: boolean;
  /** Per level 1..5, what exists and what a Candidate needs. */
  levels: LevelNeed[];
}

/** Finished elections of `level` a district needs for its Candidate: 10^(5 − level). */
export function neededForCandidate(level: number): number {
  if (!Number.isInteger(level) || level < MIN_LEVEL || level > MAX_LEVEL) throw new RangeError(`level ${level} is not 1..5`);
  return CAUCUS_SIZE ** (MAX_LEVEL - level);
}

/** Voters a Delegate of `level` stands for in the nominal tree: 10^level. */
export function votersPerDelegate(level: number): number {
  if (!Number.isInteger(level) || level < MIN_LEVEL || level > MAX_LEVEL) throw new RangeError(`level ${level} is not 1..5`);
  return CAUCUS_SIZE ** level;
}

/** Five rows, levels 1..5, from any list of per-level counts (missing levels count 0, repeats add up). */
export function fillLevels(counts: readonly LevelCount[]): LevelCount[] {
  return LEVELS.map((level) => {
    const rows = counts.filter((c) => c.level === level);
    return { level, caucuses: rows.reduce((s, r) => s + r.caucuses, 0), finished: rows.reduce((s, r) => s + r.finished, 0) };
  });
}

/** The highest level with a finished election; 0 when none. */
export function highestFinishedLevel(counts: readonly LevelCount[]): number {
  return counts.reduce((best, c) => (c.finished > 0 && c.level > best ? c.level : best), 0);
}

/** A district's progress towards its Candidate from its per-level counts. */
export function districtProgress(counts: readonly LevelCount[]): DistrictProgress {
  const levels = fillLevels(counts);
  const highest = highestFinishedLevel(levels);
  const hasCandidate = levels[MAX_LEVEL - 1]!.finished > 0;
  return {
    highestFinishedLevel: highest,
    votersBehind: highest === 0 ? 0 : levels[highest - 1]!.finished * votersPerDelegate(highest),
    hasCandidate,
    levels: levels.map((l) => {
      const needed = neededForCandidate(l.level);
      return { ...l, needed, missing: hasCandidate ? 0 : Math.max(0, needed - l.finished) };
    }),
  };
}

/**
 * The map's measure for a state: the share (0..1) of its House districts that have at least one
 * finished level-1 election. Honest without population data: it says where the movement has
 * started electing, not how many people it reaches. 0 for a state with no districts.
 */
export function stateShare(districtsWithFinishedLevel1: number, districts: number): number {
  if (districts <= 0) return 0;
  return Math.min(1, Math.max(0, districtsWithFinishedLevel1 / districts));
}
