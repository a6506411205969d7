import { z } from 'zod';

/**
 * The answer of GET /api/stats/movement (issue 17), the figures of /the-movement. Kept apart
 * from movement.ts so the page's own import of EMPTY_MOVEMENT_STATS does not bring zod along.
 */
export const movementStatsSchema = z.object({
  /** Members who confirmed their email (deleted ones not counted). */
  totalMembers: z.number().int(),
  totalCaucuses: z.number().int(),
  /** Caucuses whose election is not finalized yet. */
  activeCaucuses: z.number().int(),
  finalizedCaucuses: z.number().int(),
  /** Districts with at least one caucus. */
  districtsActive: z.number().int(),
});
export type MovementStats = z.infer<typeof movementStatsSchema>;
