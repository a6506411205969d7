import { describe, expect, it } from 'vitest';
import { confirmRefusal, emailChangeExpiries, emailAddressSchema, undoRefusal, type EmailChangeState } from './email-change';

const requestedAt = new Date('2026-11-27T12:00:00Z');
const { confirmExpiresAt, undoExpiresAt } = emailChangeExpiries(requestedAt, { confirmHours: 24, undoHours: 72 });
const base: EmailChangeState = { oldEmail: 'Old@example.test', newEmail: 'new@example.test', confirmExpiresAt, confirmedAt: null, undoExpiresAt, undoneAt: null, cancelledAt: null };
const at = (hours: number) => new Date(requestedAt.getTime() + hours * 3_600_000);

describe('email change rules (decision 051)', () => {
  it('gives the links 24 and 72 hours from the request', () => {
    expect(confirmExpiresAt.toISOString()).toBe('2026-11-28T12:00:00.000Z');
    expect(undoExpiresAt.toISOString()).toBe('2026-11-30T12:00:00.000Z');
  });

  it.each<[string, Partial<EmailChangeState>, string, number, ReturnType<typeof confirmRefusal>]>([
    ['pending, in time', {}, 'old@example.test', 1, null],
    ['a minute before expiry', {}, 'old@example.test', 23.98, null],
    ['at expiry', {}, 'old@example.test', 24, 'badLink'],
    ['already confirmed', { confirmedAt: at(1) }, 'old@example.test', 2, 'badLink'],
    ['replaced by a newer request', { cancelledAt: at(1) }, 'old@example.test', 2, 'badLink'],
    ['undone', { undoneAt: at(1) }, 'old@example.test', 2, 'badLink'],
    ['the address changed meanwhile', {}, 'other@example.test', 2, 'changedMeanwhile'],
  ])('confirm: %s', (_name, patch, current, hours, expected) => {
    expect(confirmRefusal({ ...base, ...patch }, current, at(hours))).toBe(expected);
  });

  it.each<[string, Partial<EmailChangeState>, number, ReturnType<typeof undoRefusal>]>([
    ['pending', {}, 1, null],
    ['confirmed', { confirmedAt: at(1) }, 48, null],
    ['replaced by a newer request', { cancelledAt: at(1) }, 48, null],
    ['at 72 hours', { confirmedAt: at(1) }, 72, 'badLink'],
    ['already used', { undoneAt: at(1) }, 2, 'badLink'],
    ['stopped by another undo', { undoExpiresAt: null }, 2, 'badLink'],
  ])('undo: %s', (_name, patch, hours, expected) => {
    expect(undoRefusal({ ...base, ...patch }, at(hours))).toBe(expected);
  });

  it.each([
    ['  Someone@Example.TEST ', 'someone@example.test'],
    ['no-at-sign', null],
    ['', null],
    [`${'a'.repeat(250)}@x.io`, null],
  ])('reads the address %j', (input, expected) => {
    const parsed = emailAddressSchema.safeParse(input);
    expect(parsed.success ? parsed.data : null).toBe(expected);
  });
});
