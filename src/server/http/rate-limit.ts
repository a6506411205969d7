import { sql } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import { tooManyAttemptsMessage } from '../../domain/throttle/wait-words';
import { rateLimitSubject } from '../../domain/network/forwarded-client';
import { clientAddress } from './request-client';
import type { Db } from '../db/client';
import { prebuiltSql } from '../db/prepared-statements';
import type { Clock } from '../clock';

export interface RateLimitDecision {
  allowed: boolean;
  count: number;
  retryAfterSeconds: number;
  /** The start of the window this hit was counted in (to refund it: refundRateLimit). */
  windowStart: Date;
}

/**
 * Counts one hit of `key` in a fixed window, atomically in PostgreSQL, so several server
 * processes share one count.
 */
export async function hitRateLimit(
  db: Db,
  key: string,
  max: number,
  windowSeconds: number,
  now: Date,
): Promise<RateLimitDecision> {
  const windowStartLimit = new Date(now.getTime() - windowSeconds * 1000);
  // A count is not worth a flush to disk: the statement's own transaction commits without
  // waiting for one (a crash may forget the last fraction of a second of hits), which keeps a
  // rate-limited write (a message, a brownie) to one WAL flush instead of two (issue 16).
  const result = await countHit(db, { key, now, windowStartLimit });
  return decisionOf(result.rows[0]!, max, windowSeconds, now);
}

/** The decision of a counted hit, from the row the count returned. */
export function decisionOf(row: { count: number; window_start: Date | string }, max: number, windowSeconds: number, now: Date): RateLimitDecision {
  const windowStart = new Date(row.window_start);
  const retryAfterSeconds = Math.max(1, Math.ceil((windowStart.getTime() + windowSeconds * 1000 - now.getTime()) / 1000));
  return { allowed: row.count <= max, count: row.count, retryAfterSeconds, windowStart };
}

/** One hit counted (built once and prepared: every rate-limited request sends it, issue 33). */
const countHit = prebuiltSql<{ key: string; now: Date; windowStartLimit: Date }, { count: number; window_start: Date }>(sql`
    insert into rate_limits (key, window_start, count)
    select ${sql.placeholder('key')}, ${sql.placeholder('now')}::timestamptz, 1 from (select set_config('synchronous_commit', 'off', true)) as no_flush
    on conflict (key) do update set
      count = case when rate_limits.window_start <= ${sql.placeholder('windowStartLimit')}::timestamptz then 1 else rate_limits.count + 1 end,
      window_start = case when rate_limits.window_start <= ${sql.placeholder('windowStartLimit')}::timestamptz then ${sql.placeholder('now')}::timestamptz else rate_limits.window_start end
    returning count, window_start`);

/**
 * Takes back one hit counted by hitRateLimit (for an attempt that turned out not to count),
 * unless its window has passed since.
 */
export async function refundRateLimit(db: Db, key: string, windowStart: Date): Promise<void> {
  await db.execute(sql`
    update rate_limits set count = greatest(count - 1, 0)
    where key = ${key} and window_start = ${windowStart}`);
}

/** The one answer to a refused request: 429, Retry-After in seconds, the wait in words. */
export function tooManyAttempts(c: Context, retryAfterSeconds: number): Response {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  c.header('Retry-After', String(seconds));
  return c.json({ error: { code: 'rate_limited', message: tooManyAttemptsMessage(seconds) } }, 429);
}

/**
 * A refusal to wait, thrown by a service past a limit or a back-off (a password asked again, an
 * email change): the error handler answers it as tooManyAttempts does, 429 with Retry-After.
 */
export class TooManyAttempts extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('too many attempts');
  }
}

/** The real client (behind TRUSTED_PROXIES too), decided once per request in request-client.ts. */
export { clientAddress };

export function rateLimit(options: {
  db: Db;
  clock: Clock;
  name: string;
  max: number;
  windowSeconds: number;
  key?: (c: Parameters<MiddlewareHandler>[0]) => string | Promise<string>;
}): MiddlewareHandler {
  return async (c, next) => {
    // Per address by default: an IPv6 visitor by their /64 (rateLimitSubject).
    const who = options.key ? await options.key(c) : rateLimitSubject(clientAddress(c));
    const decision = await hitRateLimit(options.db, `${options.name}:${who}`, options.max, options.windowSeconds, options.clock.now());
    if (!decision.allowed) return tooManyAttempts(c, decision.retryAfterSeconds);
    await next();
  };
}

/** A per-person limit, as the session lookup counts it (userRateLimit, loadSession). */
export interface UserRateLimit {
  name: string;
  max: number;
  windowSeconds: number;
  clock: Clock;
}

/** A per-person limit's hit, counted by the session lookup along with the session (loadSession). */
export interface CountedHit {
  name: string;
  decision: RateLimitDecision;
}

const USER_RATE_LIMIT = Symbol('user rate limit');

/** The first per-person limit (userRateLimit) among a request's matched handlers, if any. */
export function userRateLimitAmong(handlers: ReadonlyArray<{ handler: unknown }>): UserRateLimit | undefined {
  for (const { handler } of handlers) {
    const limit = userRateLimitOf(handler);
    if (limit) return limit;
  }
  return undefined;
}

/** The per-person limit a route's middleware declares (userRateLimit), if `handler` is one. */
function userRateLimitOf(handler: unknown): UserRateLimit | undefined {
  // A sub-app's handlers are wrapped when mounted (hono-base.js: __COMPOSED_HANDLER holds the original).
  let h = handler as { [USER_RATE_LIMIT]?: UserRateLimit; __COMPOSED_HANDLER?: unknown } | undefined;
  for (let depth = 0; h && depth < 8; depth++) {
    if (h[USER_RATE_LIMIT]) return h[USER_RATE_LIMIT];
    h = h.__COMPOSED_HANDLER as typeof h;
  }
  return undefined;
}

/**
 * A limit per signed-in person (after `signedIn`): `max` attempts per window under `name`. The
 * session lookup counts the hit in the same statement that reads the session (issue 33: one round
 * trip less for every rate-limited write), and this answers from that count (a session due for
 * better-auth's refresh included); when the lookup did not count it (no session was read: an API
 * token's request), this counts it itself.
 */
export function userRateLimit(options: { db: Db; clock: Clock; name: string; max: number; windowSeconds: number }): MiddlewareHandler {
  const { db, clock, name, max, windowSeconds } = options;
  const middleware: MiddlewareHandler = async (c, next) => {
    const counted = c.get('rateLimitHit') as CountedHit | undefined;
    const user = c.get('user') as { id: string };
    const decision = counted?.name === name ? counted.decision : await hitRateLimit(db, `${name}:${user.id}`, max, windowSeconds, clock.now());
    if (!decision.allowed) return tooManyAttempts(c, decision.retryAfterSeconds);
    await next();
  };
  return Object.assign(middleware, { [USER_RATE_LIMIT]: { name, max, windowSeconds, clock } satisfies UserRateLimit });
}
