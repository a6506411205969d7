import type { MovementStats } from './movement-stats';

/** What the page shows when the figures cannot be read: all counts fall back to 0. */
export const EMPTY_MOVEMENT_STATS: MovementStats = {
  totalMembers: 0,
  totalCaucuses: 0,
  activeCaucuses: 0,
  finalizedCaucuses: 0,
  districtsActive: 0,
};
