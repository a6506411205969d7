import { describe, expect, it } from 'vitest';
import { formatDollars, governmentIdSchema, missingStepsMessage, normalizeGovernmentId } from './verification-schemas';

describe('the U.S. Government ID# field', () => {
  it.each(['D123', 'A1234567', 'd123-456-789', 'X'.repeat(20), '  S9999  '])('accepts %j', (id) => {
    expect(governmentIdSchema.safeParse(id).success).toBe(true);
  });
  it.each(['', 'abc', 'X'.repeat(21), 'D123 456', 'D12/34', '12345678;drop', 'ñ1234'])('refuses %j', (id) => {
    expect(governmentIdSchema.safeParse(id).success).toBe(false);
  });
  it('compares IDs without case or dashes', () => {
    expect(normalizeGovernmentId(' d123-4567 ')).toBe(normalizeGovernmentId('D1234567'));
  });
});

describe('money and the missing steps', () => {
  it('shows cents as dollars with 2 decimals', () => {
    expect(formatDollars(300)).toBe('$3.00');
    expect(formatDollars(1999)).toBe('$19.99');
  });
  it.each([
    [{ verified: false, feePaid: false, identity: 'none' as const }, 'The $3.00 verification fee has not been received, and the identity check has not been started.'],
    [{ verified: false, feePaid: true, identity: 'pending' as const }, 'The identity check is still in progress.'],
    [{ verified: false, feePaid: false, identity: 'verified' as const }, 'The $3.00 verification fee has not been received.'],
    [{ verified: false, feePaid: true, identity: 'failed' as const }, 'The identity check did not pass; please start a new one.'],
    [{ verified: true, feePaid: true, identity: 'verified' as const }, 'Your account is verified.'],
  ])('%j → %s', (status, message) => {
    expect(missingStepsMessage(status)).toBe(message);
  });
});
