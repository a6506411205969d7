import { describe, expect, it } from 'vitest';
import { createTokenSchema, TOKEN_MESSAGES, TOKEN_NAME_MAX, TOKEN_ROUTES, tokenRouteOf, TOKENS_PER_USER_MAX } from './api-tokens';

describe('tokenRouteOf: the routes a personal API token may read (issue 17)', () => {
  const id = '2b0c6a1e-0b5e-4a5e-9a41-6f7c1e0a8d11';
  it.each([
    ['/api/my/caucuses', { scope: 'caucuses:read', subject: 'self', id: null }],
    ['/api/my/representation', { scope: 'caucuses:read', subject: 'self', id: null }],
    [`/api/caucuses/${id}`, { scope: 'caucuses:read', subject: 'caucus', id }],
    [`/api/caucuses/${id}/record`, { scope: 'caucuses:read', subject: 'caucus', id }],
    [`/api/caucuses/${id}/record.csv`, { scope: 'caucuses:read', subject: 'caucus', id }],
    [`/api/profiles/${id}`, { scope: 'members:read', subject: 'member', id }],
    [`/api/profiles/${id}/badges`, { scope: 'members:read', subject: 'member', id }],
    [`/api/profiles/${id}/activities`, { scope: 'members:read', subject: 'member', id }],
  ])('%s', (path, expected) => {
    expect(tokenRouteOf(path)).toEqual(expected);
  });

  it.each(['/api/caucuses', `/api/caucuses/${id}/chat`, `/api/caucuses/${id}/recordXcsv`, '/api/me', '/api/me/tokens', '/api/messages/conversations', '/api/my/caucuses/', `/api/profiles/${id}/x`])(
    'refuses %s',
    (path) => {
      expect(tokenRouteOf(path)).toBeNull();
    },
  );

  it('lists each route once', () => {
    expect(new Set(TOKEN_ROUTES.map((r) => r.path)).size).toBe(TOKEN_ROUTES.length);
  });
});

describe('createTokenSchema', () => {
  it.each([
    [{ name: 'Sheet', scopes: ['caucuses:read'] }, true],
    [{ name: ' Sheet ', scopes: ['caucuses:read', 'caucuses:read', 'members:read'] }, true],
    [{ name: '', scopes: ['caucuses:read'] }, TOKEN_MESSAGES.nameRequired],
    [{ name: 'x'.repeat(TOKEN_NAME_MAX + 1), scopes: ['caucuses:read'] }, TOKEN_MESSAGES.nameTooLong],
    [{ name: 'Sheet', scopes: [] }, TOKEN_MESSAGES.scopeRequired],
    [{ name: 'Sheet', scopes: ['caucuses:write'] }, TOKEN_MESSAGES.scopeRequired],
    [{ name: 'Sheet' }, TOKEN_MESSAGES.scopeRequired],
  ])('%j', (input, outcome) => {
    const parsed = createTokenSchema.safeParse(input);
    if (outcome === true) expect(parsed.success).toBe(true);
    else expect(parsed.error?.issues[0]?.message).toBe(outcome);
  });

  it('trims the name and keeps each scope once', () => {
    expect(createTokenSchema.parse({ name: ' Sheet ', scopes: ['members:read', 'members:read'] })).toEqual({ name: 'Sheet', scopes: ['members:read'] });
  });

  it('says the limits the constants set', () => {
    expect(TOKEN_MESSAGES.nameTooLong).toContain(String(TOKEN_NAME_MAX));
    expect(TOKEN_MESSAGES.tooMany).toContain(String(TOKENS_PER_USER_MAX));
  });
});
