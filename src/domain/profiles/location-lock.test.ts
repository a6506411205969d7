import { describe, expect, it } from 'vitest';
import { LOCATION_LOCK_MESSAGES, locationLockReason } from './location-lock';

describe('location lock rule', () => {
  it.each([
    [false, false, null],
    [true, false, LOCATION_LOCK_MESSAGES.finalized],
    [true, true, LOCATION_LOCK_MESSAGES.finalized],
    [false, true, LOCATION_LOCK_MESSAGES.activeMembership],
  ])('finalized=%s unfinalized=%s -> %s', (votingInFinalized, votingInUnfinalized, reason) => {
    expect(locationLockReason({ votingInFinalized, votingInUnfinalized })).toBe(reason);
  });
});
