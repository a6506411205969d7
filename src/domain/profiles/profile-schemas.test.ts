import { describe, expect, it } from 'vitest';
import { resolveAlignment, splitAlignment } from './alignment';
import {
  MESSAGES,
  isDeleteConfirmation,
  registerFormSchema,
  signUpProfileSchema,
  updateAlignmentSchema,
  updateBioSchema,
  updateLocationSchema,
  updateTaglineSchema,
} from './profile-schemas';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? null : r.error!.issues[0]!.message;

const goodForm = {
  name: 'Ada',
  email: 'ada@example.com',
  password: 'correct horse',
  confirmPassword: 'correct horse',
  alignment: 'Independent',
  state: 'CA',
  district: '12',
};

describe('register form', () => {
  it.each([
    ['a complete form', {}, null],
    ['mismatched passwords', { confirmPassword: 'other horse' }, MESSAGES.passwordsDoNotMatch],
    ['a missing name', { name: '  ' }, MESSAGES.requiredFields],
    ['a missing state', { state: '' }, MESSAGES.requiredFields],
    ['a missing district', { district: '' }, MESSAGES.requiredFields],
    ['a district beyond the state', { district: '53' }, MESSAGES.invalidDistrict],
    ['Other without its text', { alignment: 'Other', otherAlignment: ' ' }, MESSAGES.otherAlignmentRequired],
    ['Other with its text', { alignment: 'Other', otherAlignment: 'Whig' }, null],
    ['a bad email', { email: 'nope' }, MESSAGES.invalidEmail],
  ])('%s', (_label, patch, message) => {
    expect(firstMessage(registerFormSchema.safeParse({ ...goodForm, ...patch }))).toBe(message);
  });
});

describe('sign-up profile fields (server)', () => {
  const good = { name: 'Ada', politicalAlignment: 'Green', state: 'WY', district: 1, recruitedBy: null };
  it.each([
    ['valid', {}, true],
    ['unknown state', { state: 'XX' }, false],
    ['district 2 of a one-district state', { district: 2 }, false],
    ['district as text number', { district: '1' }, true],
    ['district as words', { district: 'one' }, false],
    ['referrer not a uuid', { recruitedBy: 'abc' }, false],
    ['referrer uuid', { recruitedBy: '7d3c7a5e-7c43-4c8f-9c0e-1d2a3b4c5d6e' }, true],
    ['empty name', { name: '' }, false],
    ['name too long', { name: 'x'.repeat(81) }, false],
  ])('%s', (_label, patch, ok) => {
    expect(signUpProfileSchema.safeParse({ ...good, ...patch }).success).toBe(ok);
  });
});

describe('profile editors', () => {
  it.each([
    [updateTaglineSchema, { tagline: 'x'.repeat(180) }, true],
    [updateTaglineSchema, { tagline: 'x'.repeat(181) }, false],
    [updateTaglineSchema, { tagline: 5 }, false],
    [updateBioSchema, { bio: 'x'.repeat(800) }, true],
    [updateBioSchema, { bio: 'x'.repeat(801) }, false],
    [updateAlignmentSchema, { alignment: 'Democrat' }, true],
    [updateAlignmentSchema, { alignment: 'Whig' }, false],
    [updateAlignmentSchema, { alignment: 'Other' }, false],
    [updateAlignmentSchema, { alignment: 'Other', otherAlignment: 'Whig' }, true],
    [updateLocationSchema, { state: 'TX', district: 38 }, true],
    [updateLocationSchema, { state: 'TX', district: 39 }, false],
    [updateLocationSchema, { state: 'PR', district: 1 }, false],
  ] as const)('case %#', (schema, input, ok) => {
    expect(schema.safeParse(input).success).toBe(ok);
  });
});

describe('alignment values', () => {
  it.each([
    ['Democrat', undefined, 'Democrat'],
    ['Other', 'Whig', 'Whig'],
    ['Other', '  ', null],
    ['Tory', undefined, null],
  ])('resolveAlignment(%s, %s) = %s', (choice, other, expected) => {
    expect(resolveAlignment(choice, other)).toBe(expected);
  });
  it('splits stored values back', () => {
    expect(splitAlignment('Green')).toEqual({ choice: 'Green', other: '' });
    expect(splitAlignment('Whig')).toEqual({ choice: 'Other', other: 'Whig' });
    expect(splitAlignment(null)).toEqual({ choice: '', other: '' });
  });
});

describe('delete confirmation', () => {
  it.each([
    ['delete', true],
    ['DELETE', true],
    [' Delete ', true],
    ['del', false],
    ['', false],
  ])('%j -> %s', (text, ok) => {
    expect(isDeleteConfirmation(text)).toBe(ok);
  });
});
