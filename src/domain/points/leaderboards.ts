import { z } from 'zod';
import { MAX_DISTRICT, STATE_CODES, isAtLarge, isValidDistrict, stateName } from '../geography/states';

/**
 * Leaderboards (spec section 2 and 7): the top 100 users by Banners, Brownies or Sparks,
 * only counts above 0, highest first (ties by name, then id), optionally in one state or one
 * district; hidden (deleted) profiles never appear.
 */
export const LEADERBOARD_METRICS = ['banners', 'brownies', 'sparks'] as const;
export type LeaderboardMetric = (typeof LEADERBOARD_METRICS)[number];
export const LEADERBOARD_SIZE = 100;

export const LEADERBOARD_LABELS: Record<LeaderboardMetric, string> = {
  banners: 'Banners',
  brownies: 'Brownies',
  sparks: 'Sparks',
};

export const LEADERBOARD_MESSAGES = {
  metric: 'Choose a leaderboard: banners, brownies or sparks',
  state: 'Choose one of the 50 states',
  districtNeedsState: 'Choose a state before a district',
  district: 'Choose a district of that state',
} as const;

const optional = (v: unknown) => (v === '' || v === null ? undefined : v);

export const leaderboardQuerySchema = z
  .object({
    metric: z.enum(LEADERBOARD_METRICS, { error: LEADERBOARD_MESSAGES.metric }),
    state: z.preprocess(optional, z.enum(STATE_CODES, { error: LEADERBOARD_MESSAGES.state }).optional()),
    district: z.preprocess(optional, z.coerce.number({ error: LEADERBOARD_MESSAGES.district }).int(LEADERBOARD_MESSAGES.district).min(1, LEADERBOARD_MESSAGES.district).max(MAX_DISTRICT, LEADERBOARD_MESSAGES.district).optional()),
  })
  .superRefine((v, ctx) => {
    if (v.district === undefined) return;
    if (!v.state) ctx.addIssue({ code: 'custom', message: LEADERBOARD_MESSAGES.districtNeedsState, path: ['district'] });
    else if (!isValidDistrict(v.state, v.district)) ctx.addIssue({ code: 'custom', message: LEADERBOARD_MESSAGES.district, path: ['district'] });
  });
export type LeaderboardQuery = z.infer<typeof leaderboardQuerySchema>;

export const leaderboardEntrySchema = z.object({
  /** Equal counts share a rank ("1, 2, 2, 4"). */
  rank: z.number().int(),
  id: z.string(),
  name: z.string(),
  photoUrl: z.string().nullable(),
  state: z.string(),
  district: z.number().int(),
  count: z.number().int(),
});
export type LeaderboardEntry = z.infer<typeof leaderboardEntrySchema>;

/** The answer of GET /api/leaderboards: the top entries of one metric in one scope. */
export const leaderboardSchema = z.object({
  metric: z.enum(LEADERBOARD_METRICS),
  state: z.string().nullable(),
  district: z.number().int().nullable(),
  entries: z.array(leaderboardEntrySchema),
});
export type Leaderboard = z.infer<typeof leaderboardSchema>;

/**
 * Ranks of rows already ordered highest first: equal counts share a rank and the next count
 * skips ahead ("1, 2, 2, 4"), the usual competition ranking.
 */
export function rankEntries<T extends { count: number }>(rows: readonly T[]): Array<T & { rank: number }> {
  let rank = 0;
  return rows.map((row, i) => {
    if (i === 0 || row.count !== rows[i - 1]!.count) rank = i + 1;
    return { ...row, rank };
  });
}

/** "Top Sparks in California, district 12" style heading for a leaderboard's scope ("Vermont, at-large district"). */
export function leaderboardScope(state: string | null | undefined, district: number | null | undefined): string {
  if (!state) return 'the whole country';
  if (!district) return stateName(state);
  return isAtLarge(state) ? `${stateName(state)}, at-large district` : `${stateName(state)}, district ${district}`;
}
