import { z } from 'zod';
import { MAX_DISTRICT } from '../geography/states';

/**
 * The answers of /api/movement/* (issue 18: /the-movement, its state and district pages). Every
 * figure comes from aggregates a scheduled job refreshes (decision 032); `updatedAt` says when
 * (null before the first refresh). Days are calendar dates of the app's time zone (APP_TIME_ZONE,
 * the zone every date of the app is shown in; the progress answer names it), weeks start on its
 * Monday (decision 040).
 */

export const MOVEMENT_MESSAGES = {
  stateInvalid: 'Please give a state as its two-letter code, like OH.',
  districtInvalid: 'Please give a district as a whole number, like 3.',
  districtWithoutState: 'Please give the state of the district.',
  stateNotFound: 'There is no such state.',
  districtNotFound: 'This state has no such district.',
} as const;

/** How many Delegates of one level the district answer lists (the most recent first). */
export const DELEGATES_PER_LEVEL_MAX = 50;
/** The progress answer's windows. */
export const PROGRESS_DAYS = 90;
export const PROGRESS_WEEKS = 52;

// ---- input -----------------------------------------------------------------------------------

const stateCode = z
  .string({ error: MOVEMENT_MESSAGES.stateInvalid })
  .regex(/^[A-Za-z]{2}$/, MOVEMENT_MESSAGES.stateInvalid)
  .transform((s) => s.toUpperCase());
/**
 * A district as the path or query writes it: 1 to 99 in plain digits (districts are numbered
 * from 1, an at-large state's one district too; no state has more than MAX_DISTRICT). The
 * pattern is the whole rule, so the document says exactly what is taken: a number the state
 * does not have (AK's 2, OH's 99) is a 404, not a 400.
 */
const districtNumber = z
  .string({ error: MOVEMENT_MESSAGES.districtInvalid })
  .regex(/^[1-9][0-9]?$/, MOVEMENT_MESSAGES.districtInvalid)
  .transform(Number);

/** /api/movement/states/{state}: any two letters (an unknown code is a 404, not a 400). */
export const movementStateParamSchema = z.object({ state: stateCode });
export const movementDistrictParamSchema = z.object({ state: stateCode, district: districtNumber });
/** /api/movement/progress: the country, a state, or a district of a state. */
export const movementProgressQuerySchema = z
  .object({ state: stateCode.optional(), district: districtNumber.optional() })
  .refine((q) => q.district === undefined || q.state !== undefined, { message: MOVEMENT_MESSAGES.districtWithoutState, path: ['district'] });

// ---- answers -----------------------------------------------------------------------------------

const count = z.number().int().min(0);
const updatedAt = z.string().nullable().describe('When the aggregates were last refreshed (ISO 8601); null before the first refresh');

export const movementLevelCountSchema = z
  .object({
    level: z.number().int().min(1).max(5),
    caucuses: count.describe('Caucuses of this level'),
    finished: count.describe('Of those, caucuses whose election is finished'),
  })
  .meta({ id: 'MovementLevelCount' });
export type MovementLevelCount = z.infer<typeof movementLevelCountSchema>;

export const movementStateSummarySchema = z
  .object({
    state: z.string(),
    name: z.string(),
    districts: count.describe("The state's House districts"),
    districtsWithCaucus: count.describe('Districts with at least one caucus'),
    districtsWithFinishedLevel1: count.describe('Districts with at least one finished level-1 election'),
    share: z
      .number()
      .min(0)
      .max(1)
      .describe("The map's measure: districtsWithFinishedLevel1 / districts (0..1). Honest without population data: where electing has begun, not how many people it reaches"),
    districtsWithCandidate: count.describe('Districts whose level-5 election is finished'),
    highestFinishedLevel: z.number().int().min(0).max(5).describe('Highest level with a finished election in any district; 0 when none'),
    caucuses: count,
    finished: count.describe('Finished elections, all levels'),
    levels: z.array(movementLevelCountSchema).describe('Levels 1..5, summed over the districts'),
  })
  .meta({ id: 'MovementStateSummary' });
export type MovementStateSummary = z.infer<typeof movementStateSummarySchema>;

export const movementStatesSchema = z
  .object({
    updatedAt,
    measure: z.literal('share_of_districts_with_finished_level1').describe("What each state's `share` is"),
    states: z.array(movementStateSummarySchema),
  })
  .meta({ id: 'MovementStates' });
export type MovementStates = z.infer<typeof movementStatesSchema>;

export const movementDistrictTileSchema = z
  .object({
    district: z.number().int().min(1).max(MAX_DISTRICT),
    levels: z.array(movementLevelCountSchema).describe('Levels 1..5'),
    highestFinishedLevel: z.number().int().min(0).max(5),
    hasCandidate: z.boolean(),
  })
  .meta({ id: 'MovementDistrictTile' });
export type MovementDistrictTile = z.infer<typeof movementDistrictTileSchema>;

export const movementStateSchema = z
  .object({
    updatedAt,
    state: z.string(),
    name: z.string(),
    share: z.number().min(0).max(1),
    districts: z.array(movementDistrictTileSchema).describe('Every district of the state, 1..n, with or without caucuses'),
  })
  .meta({ id: 'MovementState' });
export type MovementState = z.infer<typeof movementStateSchema>;

/** A Delegate as the movement pages show one: the public name and a link to the public profile. */
export const movementDelegateSchema = z
  .object({
    id: z.string().describe('The public profile: /profile/{id}'),
    name: z.string().describe('The public name ("Former member" for a deleted account)'),
    photoUrl: z.string().nullable().describe('Null for a deleted account or a hidden profile'),
  })
  .meta({ id: 'MovementDelegate' });
export type MovementDelegate = z.infer<typeof movementDelegateSchema>;

export const movementTreeLevelSchema = movementLevelCountSchema
  .extend({
    needed: count.describe('Finished elections of this level a Candidate needs: 10^(5 − level)'),
    missing: count.describe('How many more this level needs (0 once the district has its Candidate)'),
    delegates: z.array(movementDelegateSchema).describe(`The Delegates of this level, most recent first, at most ${DELEGATES_PER_LEVEL_MAX}`),
    moreDelegates: count.describe('Delegates of this level not listed'),
  })
  .meta({ id: 'MovementTreeLevel' });
export type MovementTreeLevel = z.infer<typeof movementTreeLevelSchema>;

export const movementDistrictSchema = z
  .object({
    updatedAt,
    state: z.string(),
    name: z.string(),
    district: z.number().int().min(1).max(MAX_DISTRICT),
    levels: z.array(movementTreeLevelSchema).describe('Levels 1..5'),
    highestFinishedLevel: z.number().int().min(0).max(5),
    votersBehind: count.describe('Voters behind the highest finished level: its finished elections × 10^level'),
    candidate: movementDelegateSchema.nullable().describe("The level-5 Delegate: the district's Candidate, once elected"),
  })
  .meta({ id: 'MovementDistrict' });
export type MovementDistrict = z.infer<typeof movementDistrictSchema>;

export const movementProgressSchema = z
  .object({
    updatedAt,
    state: z.string().nullable().describe('Null for the whole country'),
    district: z.number().int().nullable(),
    timeZone: z.string().describe("The IANA time zone whose days and weeks these are: the app's (APP_TIME_ZONE), in which every date of the app is shown"),
    joinsPerDay: z
      .array(z.object({ day: z.string().describe('YYYY-MM-DD, a day of `timeZone`'), joins: count }))
      .describe(`Voters who joined a level-1 caucus per day (still members), the last ${PROGRESS_DAYS} days, oldest first`),
    electionsPerWeek: z
      .array(z.object({ week: z.string().describe('The Monday, YYYY-MM-DD, of a week of `timeZone`'), finished: count }))
      .describe(`Elections finished per week, all levels, the last ${PROGRESS_WEEKS} weeks, oldest first`),
  })
  .meta({ id: 'MovementProgress' });
export type MovementProgress = z.infer<typeof movementProgressSchema>;
