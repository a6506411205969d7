import type { MiddlewareHandler } from 'hono';
import { TOKEN_MESSAGES, tokenRouteOf } from '../../domain/api/api-tokens';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { findTokenHolder, LAST_USED_PRECISION_MS, tokenMayRead, touchToken } from '../features/api-tokens/api-tokens.service';
import { hitRateLimit, tooManyAttempts } from './rate-limit';
import type { AppEnv } from './session';

export interface ApiTokenAuthDeps {
  db: Db;
  clock: Clock;
  /** Requests per token per window: the tokens' own limit, apart from people's. */
  max: number;
  windowSeconds: number;
}

/** /api/openapi.json and the reference page: read with or without a token, never as the token's holder. */
export const isApiDescription = (path: string) => path === '/api/openapi.json' || path === '/api/docs' || path.startsWith('/api/docs/');

/**
 * `Authorization: Bearer <token>` (issue 17): a personal token reads, never writes, only the
 * routes of its scopes (TOKEN_ROUTES) and only its owner's caucuses and their members, within
 * its own rate limit. A request with a token is that token's alone: a cookie beside it is not read.
 */
export function apiTokenAuth(deps: ApiTokenAuthDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const header = c.req.header('authorization');
    // The API's own description is public: a tool configured with a token loads it as anyone would.
    if (header === undefined || isApiDescription(c.req.path)) return next();
    const refuse = (status: 401 | 403, code: string, message: string) => {
      if (status === 401) c.header('WWW-Authenticate', 'Bearer error="invalid_token"');
      c.header('Cache-Control', 'no-store');
      return c.json({ error: { code, message } }, status);
    };
    const [scheme, token, ...rest] = header.trim().split(/\s+/);
    if (!scheme || scheme.toLowerCase() !== 'bearer' || !token || rest.length > 0) return refuse(401, 'invalid_token', TOKEN_MESSAGES.invalid);
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return refuse(403, 'token_read_only', TOKEN_MESSAGES.readOnly);
    const holder = await findTokenHolder(deps.db, token);
    if (!holder) return refuse(401, 'invalid_token', TOKEN_MESSAGES.invalid);
    const now = deps.clock.now();
    const limit = await hitRateLimit(deps.db, `api-token:${holder.tokenId}`, deps.max, deps.windowSeconds, now);
    if (!limit.allowed) return tooManyAttempts(c, limit.retryAfterSeconds);
    const route = tokenRouteOf(c.req.path);
    if (!route || !holder.scopes.includes(route.scope) || !(await tokenMayRead(deps.db, holder.user.id, route))) {
      return refuse(403, 'token_scope', TOKEN_MESSAGES.outOfScope);
    }
    if (!holder.lastUsedAt || now.getTime() - holder.lastUsedAt.getTime() >= LAST_USED_PRECISION_MS) await touchToken(deps.db, holder.tokenId, now);
    c.set('user', holder.user);
    c.set('apiToken', { id: holder.tokenId, scopes: holder.scopes });
    c.header('Cache-Control', 'no-store');
    await next();
  };
}
