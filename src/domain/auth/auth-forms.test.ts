import { describe, expect, it } from 'vitest';
import { postLoginPath, readAuthForm } from './auth-forms';

const read = (fields: Record<string, string>, query = '') => readAuthForm(new URLSearchParams(fields), new URLSearchParams(query));

describe('readAuthForm', () => {
  it.each([
    ['no form field', {}],
    ['an unknown form', { form: 'sign-out' }],
  ])('does not read %s', (_, fields) => {
    expect(read(fields)).toEqual({ kind: 'unknown' });
  });

  it('reads a sign-in as the page does: trimmed email, the password as typed', () => {
    expect(read({ form: 'login', email: ' A@b.test ', password: ' pw ' })).toEqual({
      kind: 'call',
      form: 'login',
      values: { email: 'A@b.test' },
      call: { path: '/api/auth/sign-in/email', body: { email: 'A@b.test', password: ' pw ', callbackURL: '/auth?confirmed=1' } },
    });
  });

  it.each([
    [{ form: 'login', email: '', password: 'x' }, { email: true }],
    [{ form: 'login', email: 'a@b.test', password: '' }, { password: true }],
    [{ form: 'forgot', email: '' }, { email: true }],
    [{ form: 'forgot', email: 'nope' }, { email: 'Please enter a valid email address' }],
    [{ form: 'new-password', 'new-password': 'short', 'confirm-password': 'short' }, { password: 'Password must be at least 8 characters' }],
    [{ form: 'new-password', 'new-password': 'long enough one', 'confirm-password': 'long enough two' }, { confirm: 'Passwords do not match' }],
    [{ form: 'new-password', 'new-password': '', 'confirm-password': '' }, { password: true, confirm: true }],
  ])('finds the problems of %j', (fields, problems) => {
    const reading = read(fields, 'reset=true&token=abc');
    expect(reading.kind).toBe('invalid');
    if (reading.kind === 'invalid') expect(Object.fromEntries(Object.entries(reading.result.problems ?? {}).filter(([, v]) => v !== undefined))).toEqual(problems);
  });

  it('never keeps a password in what may be shown again', () => {
    const reading = read({ form: 'register', name: 'N', email: 'n@b.test', 'new-password': 'secret-one', 'confirm-password': 'secret-two', alignment: 'Independent', state: 'CA', district: '1' });
    expect(reading.kind).toBe('invalid');
    expect(JSON.stringify(reading)).not.toContain('secret-');
  });

  it('sends the referrer only when it is a user id, and the token from the page address', () => {
    const fields = { form: 'register', name: 'N', email: 'n@b.test', 'new-password': 'a long password', 'confirm-password': 'a long password', alignment: 'Other', 'other-alignment': ' Civic ', state: 'AK', district: '1' };
    const id = '6f1c1f0e-8a52-4c8e-9d4e-1d2f3a4b5c6d';
    const withRef = read(fields, `ref=${id}`);
    expect(withRef.kind === 'call' && withRef.call.body).toMatchObject({ recruitedBy: id, politicalAlignment: 'Civic', district: 1 });
    const badRef = read(fields, 'ref=not-a-user');
    expect(badRef.kind === 'call' && 'recruitedBy' in badRef.call.body).toBe(false);
    const reset = read({ form: 'new-password', 'new-password': 'a long password', 'confirm-password': 'a long password' }, 'reset=true&token=tok');
    expect(reset.kind === 'call' && reset.call).toEqual({ path: '/api/auth/reset-password', body: { newPassword: 'a long password', token: 'tok' } });
  });
});

describe('postLoginPath', () => {
  it.each([
    [null, '/profile'],
    ['', '/profile'],
    ['/caucus/1?tab=chat', '/caucus/1?tab=chat'],
    ['//evil.example', '/profile'],
    ['/\\evil.example', '/profile'],
    ['https://evil.example', '/profile'],
    ['/auth', '/profile'],
    ['/x\u0000y', '/profile'],
  ])('%j → %s', (next, expected) => {
    expect(postLoginPath(next)).toBe(expected);
  });
});
