import { describe, expect, it } from 'vitest';
import { hasRecentProof } from './recent-proof';

const now = new Date('2026-11-27T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);

describe('hasRecentProof', () => {
  // ACCOUNT_RECENT_PROOF_MINUTES' default.
  const minutes = 10;

  it.each([
    ['no proof', null, false],
    ['just now', ago(0), true],
    ['9 minutes 59 seconds ago', ago(9 * 60_000 + 59_000), true],
    ['exactly 10 minutes ago', ago(10 * 60_000), true],
    ['10 minutes and a second ago', ago(10 * 60_000 + 1000), false],
    ['yesterday', ago(86_400_000), false],
    ['half a minute ahead (clock skew between processes)', ago(-30_000), true],
    ['an hour ahead (not a real proof time)', ago(-3_600_000), false],
  ])('%s → %s', (_name, provenAt, expected) => {
    expect(hasRecentProof(provenAt, now, minutes)).toBe(expected);
  });

  it('takes another window', () => {
    expect(hasRecentProof(ago(4 * 60_000), now, 3)).toBe(false);
    expect(hasRecentProof(ago(2 * 60_000), now, 3)).toBe(true);
  });
});
