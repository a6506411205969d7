import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import type { Db } from '../db/client';
import { preparedStatementsOn } from '../db/prepared-statements';
import { sessions, users } from '../db/schema/auth';
import { SESSION_DAYS, SESSION_UPDATE_AGE_SECONDS, type Auth } from '../features/auth/auth';
import { unauthorized } from './app-error';
import type { RequestClient } from './request-client';

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  /** Suspended until then (issue 14): every write is refused while it lies ahead. */
  suspendedUntil?: Date | null;
  suspensionReason?: string | null;
  /** The browser session's id (sessions.id): "this device" in the devices list (issue 32). Absent for an API token. */
  sessionId?: string;
  /** When the person last proved who they are in this session (sessions.proven_at; src/server/http/recent-proof.ts). */
  provenAt?: Date;
}

/** Set when the request is a personal API token's (issue 17): it reads only, within its scopes. */
export interface RequestToken {
  id: string;
  scopes: readonly string[];
}

/** `client`: who sent the request, behind trusted proxies too (http/request-client.ts, decision 041). */
export type AppEnv = { Variables: { user: SessionUser | null; apiToken?: RequestToken; client?: RequestClient } };

export interface SessionDeps {
  auth: Auth;
  db: Db;
  /** better-auth's secret: the session cookie is `token.base64(HMAC-SHA256(secret, token))`. */
  secret: string;
}

/**
 * The token of a signed session cookie, or null when the signature does not match. The same
 * check as better-auth's (better-call `getSignedCookie`), with node:crypto instead of WebCrypto.
 */
export function verifySignedToken(cookieValue: string, secret: string): string | null {
  const dot = cookieValue.lastIndexOf('.');
  if (dot < 1) return null;
  const token = cookieValue.slice(0, dot);
  const signature = cookieValue.slice(dot + 1);
  if (signature.length !== 44 || !signature.endsWith('=')) return null;
  const expected = createHmac('sha256', secret).update(token).digest();
  const given = Buffer.from(signature, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

/**
 * Reads the session cookie (if any) into `c.var.user`.
 *
 * The hot path is one indexed query (the session by token, joined to its user) after an HMAC
 * check of the cookie: `auth.api.getSession` costs two queries and several milliseconds of CPU
 * per request. Whenever better-auth would write (a session due for its daily refresh, an expired
 * one to delete), the request goes through `auth.api.getSession` so its rules stay the only ones.
 */
export function loadSession({ auth, db, secret }: SessionDeps): MiddlewareHandler<AppEnv> {
  let cookieName: string | undefined;
  const findSession = db
    .select({
      expiresAt: sessions.expiresAt,
      sessionId: sessions.id,
      provenAt: sessions.provenAt,
      id: users.id,
      email: users.email,
      name: users.name,
      emailVerified: users.emailVerified,
      deletedAt: users.deletedAt,
      suspendedUntil: users.suspendedUntil,
      suspensionReason: users.suspensionReason,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.token, sql.placeholder('token')))
    // Unnamed ('') when DATABASE_PREPARED_STATEMENTS=off: behind PgBouncer 1.18 in transaction mode a
    // named statement is parsed on one server connection and later bound on another (decision 047).
    .prepare(preparedStatementsOn() ? 'session_by_token' : '');

  return createMiddleware<AppEnv>(async (c, next) => {
    // A personal API token's request is the token's alone (src/server/http/api-token-auth.ts).
    if (c.get('apiToken')) return next();
    // No session cookie, no session: skip the lookup for visitors (most public reads).
    if (!c.req.header('cookie')?.includes('session_token')) {
      c.set('user', null);
      return next();
    }
    cookieName ??= (await auth.$context).authCookies.sessionToken.name;
    const raw = getCookie(c, cookieName);
    const token = raw ? verifySignedToken(raw, secret) : null;
    if (!token) {
      c.set('user', null);
      return next();
    }
    const [row] = await findSession.execute({ token });
    // A session counts only for a confirmed, present account: better-auth makes none for an
    // unconfirmed one, but a session that exists anyway (made by hand, or left from before a
    // profile was hidden) must not be able to do anything.
    if (!row || !row.emailVerified || row.deletedAt) {
      c.set('user', null);
      return next();
    }
    const now = Date.now();
    const dueForRefresh = row.expiresAt.getTime() - SESSION_DAYS * 86_400_000 + SESSION_UPDATE_AGE_SECONDS * 1000 <= now;
    if (row.expiresAt.getTime() > now && !dueForRefresh) {
      c.set('user', { id: row.id, email: row.email, name: row.name, suspendedUntil: row.suspendedUntil, suspensionReason: row.suspensionReason, sessionId: row.sessionId, provenAt: row.provenAt });
      return next();
    }
    const session = await auth.api.getSession({ headers: c.req.raw.headers });
    c.set(
      'user',
      session
        ? { id: session.user.id, email: session.user.email, name: session.user.name, suspendedUntil: row.suspendedUntil, suspensionReason: row.suspensionReason, sessionId: row.sessionId, provenAt: row.provenAt }
        : null,
    );
    await next();
  });
}

/** The signed-in user, or a 401. */
export function requireUser(c: { var: { user: SessionUser | null } }): SessionUser {
  if (!c.var.user) throw unauthorized();
  return c.var.user;
}

/** Answers 401 before anything else runs (a rate limit keyed by the user needs one). */
export const signedIn = createMiddleware<AppEnv>(async (c, next) => {
  requireUser(c);
  await next();
});
