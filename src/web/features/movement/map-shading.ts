/**
 * How the movement's map shades a state (issue 18): by the share of its districts where at least
 * one level-1 caucus has elected its Delegate, in five steps. Pure, so the legend, the map and
 * the tests read the same steps.
 */

/** One step of the map's scale: shares from `min` (inclusive, or exclusive for `above`) to `max`. */
export interface ShadeStep {
  /** 0..4: the lightest (no district yet) to the darkest. */
  index: number;
  /** Lowest share of the step, 0..1. */
  min: number;
  /** Highest share of the step, 0..1. */
  max: number;
}

/** The five steps: none, then up to a quarter, a half, three quarters, and all. */
export const SHADE_STEPS: readonly ShadeStep[] = [
  { index: 0, min: 0, max: 0 },
  { index: 1, min: 0, max: 0.25 },
  { index: 2, min: 0.25, max: 0.5 },
  { index: 3, min: 0.5, max: 0.75 },
  { index: 4, min: 0.75, max: 1 },
];

/**
 * The step of a share: 0 only for exactly none, so a state with one district begun is never drawn
 * like a state with none; each other step holds shares above its `min` up to its `max`.
 */
export function shadeStep(share: number): number {
  if (!Number.isFinite(share) || share <= 0) return 0;
  if (share <= 0.25) return 1;
  if (share <= 0.5) return 2;
  if (share <= 0.75) return 3;
  return 4;
}

/** A share as a whole percent for people: never "0%" for a share above none, never "100%" below all. */
export function sharePercent(share: number): number {
  if (!Number.isFinite(share) || share <= 0) return 0;
  if (share >= 1) return 100;
  return Math.min(99, Math.max(1, Math.round(share * 100)));
}
