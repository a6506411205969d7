export const LOCATION_LOCK_MESSAGES = {
  finalized: 'Cannot edit after finalizing caucus election',
  activeMembership: 'Leave your current caucus before changing your location.',
} as const;

/**
 * Whether a user may change their home (PRODUCT-RULES: Profile and privacy): never once they
 * are a voting member of a finalized caucus, nor while they hold a voting membership in an
 * unfinalized one. Returns the reason when locked, null when free.
 */
export function locationLockReason(memberships: {
  votingInFinalized: boolean;
  votingInUnfinalized: boolean;
}): string | null {
  if (memberships.votingInFinalized) return LOCATION_LOCK_MESSAGES.finalized;
  if (memberships.votingInUnfinalized) return LOCATION_LOCK_MESSAGES.activeMembership;
  return null;
}
