import { z } from 'zod';

/**
 * Personal API tokens (issue 17): read-only keys a person makes for their own tools. A token
 * reads only the routes of its scopes, and only what concerns its owner's own caucuses.
 */
export const TOKEN_SCOPES = ['caucuses:read', 'members:read'] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

/** Every route a token may read, with the scope it needs ({param} as in /api/openapi.json). */
export const TOKEN_ROUTES: ReadonlyArray<{ path: string; scope: TokenScope; subject: 'caucus' | 'member' | 'self' }> = [
  { path: '/api/my/caucuses', scope: 'caucuses:read', subject: 'self' },
  { path: '/api/my/representation', scope: 'caucuses:read', subject: 'self' },
  { path: '/api/caucuses/{id}', scope: 'caucuses:read', subject: 'caucus' },
  { path: '/api/caucuses/{id}/record', scope: 'caucuses:read', subject: 'caucus' },
  { path: '/api/caucuses/{id}/record.csv', scope: 'caucuses:read', subject: 'caucus' },
  { path: '/api/profiles/{id}', scope: 'members:read', subject: 'member' },
  { path: '/api/profiles/{id}/activities', scope: 'members:read', subject: 'member' },
  { path: '/api/profiles/{id}/badges', scope: 'members:read', subject: 'member' },
];

const ROUTE_PATTERNS = TOKEN_ROUTES.map((route) => ({
  ...route,
  pattern: new RegExp(`^${route.path.replace(/\./g, '\\.').replace(/\{[^}]+\}/g, '([^/]+)')}$`),
}));

export type TokenRouteMatch = { scope: TokenScope; subject: 'caucus' | 'member' | 'self'; id: string | null };

/** The token route a path is, with its id; null for every other path (a token may not read it). */
export function tokenRouteOf(path: string): TokenRouteMatch | null {
  // /api/caucuses/{id}/record.csv before /api/caucuses/{id}: the patterns are anchored, so order is free.
  for (const route of ROUTE_PATTERNS) {
    const match = route.pattern.exec(path);
    if (match) return { scope: route.scope, subject: route.subject, id: match[1] ? decodeURIComponent(match[1]) : null };
  }
  return null;
}

export const TOKEN_NAME_MAX = 60;
/** How many live tokens one person may hold. */
export const TOKENS_PER_USER_MAX = 10;
/** A token is `cau_` and 43 characters of base64url (32 random bytes). */
export const TOKEN_PATTERN = /^cau_[A-Za-z0-9_-]{43}$/;

export const TOKEN_MESSAGES = {
  readOnly: 'API tokens can only read. Sign in to the app to make changes.',
  invalid: 'This API token is not valid. It may have been revoked.',
  outOfScope: 'This API token cannot read this.',
  nameRequired: 'Please give the token a name.',
  nameTooLong: 'The name can be at most 60 characters.',
  scopeRequired: 'Please choose at least one scope.',
  tooMany: 'You can hold at most 10 tokens. Revoke one you no longer use first.',
  notFound: 'Token not found',
} as const;

export const createTokenSchema = z.object({
  name: z.string({ error: TOKEN_MESSAGES.nameRequired }).trim().min(1, TOKEN_MESSAGES.nameRequired).max(TOKEN_NAME_MAX, TOKEN_MESSAGES.nameTooLong),
  scopes: z
    .array(z.enum(TOKEN_SCOPES, { error: TOKEN_MESSAGES.scopeRequired }), { error: TOKEN_MESSAGES.scopeRequired })
    .min(1, TOKEN_MESSAGES.scopeRequired)
    .max(10)
    .transform((scopes) => [...new Set(scopes)]),
});
export type CreateTokenInput = z.input<typeof createTokenSchema>;

export const apiTokenSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    scopes: z.array(z.enum(TOKEN_SCOPES)),
    /** The token's last four characters, to tell tokens apart; the token itself is shown once. */
    hint: z.string(),
    createdAt: z.string(),
    lastUsedAt: z.string().nullable(),
  })
  .meta({ id: 'ApiToken' });
export type ApiToken = z.infer<typeof apiTokenSchema>;

/** The answer to creating a token: the only time the token itself is shown. */
export const createdTokenSchema = apiTokenSchema.extend({ token: z.string() });
export type CreatedToken = z.infer<typeof createdTokenSchema>;
