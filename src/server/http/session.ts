import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import { matchedRoutes } from 'hono/route';
import type { Db } from '../db/client';
import { prebuiltSql, preparedStatementsOn } from '../db/prepared-statements';
import { sessions, users } from '../db/schema/auth';
import { SESSION_DAYS, SESSION_UPDATE_AGE_SECONDS, type Auth } from '../features/auth/auth';
import { unauthorized } from './app-error';
import { decisionOf, userRateLimitAmong, type CountedHit, type UserRateLimit } from './rate-limit';
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
export type AppEnv = {
  Variables: {
    user: SessionUser | null;
    apiToken?: RequestToken;
    client?: RequestClient;
    /** The route's per-person limit, counted with the session (userRateLimit). */
    rateLimitHit?: CountedHit;
  };
};

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
    // A route limited per person (userRateLimit) has its hit counted in the same statement.
    const limit = userRateLimitAmong(matchedRoutes(c));
    let row: Awaited<ReturnType<typeof findSession.execute>>[number] | undefined;
    if (limit) {
      const counted = await sessionCountingHit(db, token, limit);
      row = counted.row;
      if (counted.hit) c.set('rateLimitHit', counted.hit);
    } else {
      [row] = await findSession.execute({ token });
    }
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

/**
 * The session by its token, as `loadSession`'s lookup reads it, and one hit of a per-person limit
 * counted for its user in the same statement (issue 33: a rate-limited write's session lookup
 * and hit were two round trips). The hit is counted only for a session that is in force (not
 * expired, its account confirmed and present), as the route's own count would be after
 * `signedIn`; like `hitRateLimit`, its commit waits for no flush.
 */
const sessionWithHit = prebuiltSql<
  { token: string; name: string; now: Date; windowStartLimit: Date; validAt: Date },
  {
    expires_at: string;
    session_id: string;
    proven_at: string;
    id: string;
    email: string;
    name: string;
    email_verified: boolean;
    deleted_at: string | null;
    suspended_until: string | null;
    suspension_reason: string | null;
    hit_count: number | null;
    hit_window_start: string | null;
  }
>(sql`
  with s as (
    select se.expires_at, se.id as session_id, se.proven_at, u.id, u.email, u.name, u.email_verified, u.deleted_at, u.suspended_until, u.suspension_reason
    from sessions se join users u on u.id = se.user_id
    where se.token = ${sql.placeholder('token')}
  ), hit as (
    insert into rate_limits (key, window_start, count)
    select ${sql.placeholder('name')}::text || ':' || s.id, ${sql.placeholder('now')}::timestamptz, 1
    from s, (select set_config('synchronous_commit', 'off', true)) as no_flush
    where s.expires_at > ${sql.placeholder('validAt')}::timestamptz and s.email_verified and s.deleted_at is null
    on conflict (key) do update set
      count = case when rate_limits.window_start <= ${sql.placeholder('windowStartLimit')}::timestamptz then 1 else rate_limits.count + 1 end,
      window_start = case when rate_limits.window_start <= ${sql.placeholder('windowStartLimit')}::timestamptz then ${sql.placeholder('now')}::timestamptz else rate_limits.window_start end
    returning count, window_start
  )
  select s.*, hit.count as hit_count, hit.window_start as hit_window_start from s left join hit on true`);

const dateOrNull = (v: string | null) => (v === null ? null : new Date(v));

async function sessionCountingHit(db: Db, token: string, limit: UserRateLimit) {
  const now = limit.clock.now();
  const windowStartLimit = new Date(now.getTime() - limit.windowSeconds * 1000);
  // In force as loadSession judges it (the server's time); the window is the limit's clock's.
  const { rows } = await sessionWithHit(db, { token, name: limit.name, now, windowStartLimit, validAt: new Date() });
  const r = rows[0];
  if (!r) return { row: undefined, hit: undefined };
  const row = {
    expiresAt: new Date(r.expires_at),
    sessionId: r.session_id,
    provenAt: new Date(r.proven_at),
    id: r.id,
    email: r.email,
    name: r.name,
    emailVerified: r.email_verified,
    deletedAt: dateOrNull(r.deleted_at),
    suspendedUntil: dateOrNull(r.suspended_until),
    suspensionReason: r.suspension_reason,
  };
  const hit: CountedHit | undefined =
    r.hit_count === null || r.hit_window_start === null
      ? undefined
      : { name: limit.name, decision: decisionOf({ count: r.hit_count, window_start: r.hit_window_start }, limit.max, limit.windowSeconds, now) };
  return { row, hit };
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
