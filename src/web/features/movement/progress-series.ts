/**
 * The progress charts' figures (issue 18) from the answer of /api/movement/progress: totals and
 * the busiest bucket, for the sentence that says in words what a chart draws. Pure.
 */

export interface SeriesPoint {
  /** The bucket's first day, YYYY-MM-DD: a calendar date of the app's time zone. */
  at: string;
  value: number;
}

export interface SeriesSummary {
  total: number;
  /** The bucket with the most, the latest of equals; null when every bucket is 0. */
  busiest: SeriesPoint | null;
}

export function summarize(points: readonly SeriesPoint[]): SeriesSummary {
  let total = 0;
  let busiest: SeriesPoint | null = null;
  for (const p of points) {
    total += p.value;
    if (p.value > 0 && (!busiest || p.value >= busiest.value)) busiest = p;
  }
  return { total, busiest };
}

/** A day of the answer (YYYY-MM-DD) as the instant to format in UTC: noon UTC, that very date. */
export function dayInstant(day: string): Date {
  return new Date(`${day}T12:00:00Z`);
}
