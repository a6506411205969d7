import { sql } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Db } from '../db/client';
import type { Clock } from '../clock';

export interface RateLimitDecision {
  allowed: boolean;
  count: number;
  retryAfterSeconds: number;
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
  const result = await db.execute<{ count: number; window_start: Date }>(sql`
    insert into rate_limits (key, window_start, count) values (${key}, ${now}, 1)
    on conflict (key) do update set
      count = case when rate_limits.window_start <= ${windowStartLimit} then 1 else rate_limits.count + 1 end,
      window_start = case when rate_limits.window_start <= ${windowStartLimit} then ${now} else rate_limits.window_start end
    returning count, window_start`);
  const row = result.rows[0]!;
  const windowStart = new Date(row.window_start);
  const retryAfterSeconds = Math.max(1, Math.ceil((windowStart.getTime() + windowSeconds * 1000 - now.getTime()) / 1000));
  return { allowed: row.count <= max, count: row.count, retryAfterSeconds };
}

export function clientAddress(c: Parameters<MiddlewareHandler>[0]): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown'; // app.request() in tests has no socket
  }
}

export function rateLimit(options: {
  db: Db;
  clock: Clock;
  name: string;
  max: number;
  windowSeconds: number;
  key?: (c: Parameters<MiddlewareHandler>[0]) => string | Promise<string>;
}): MiddlewareHandler {
  return async (c, next) => {
    const who = options.key ? await options.key(c) : clientAddress(c);
    const decision = await hitRateLimit(options.db, `${options.name}:${who}`, options.max, options.windowSeconds, options.clock.now());
    if (!decision.allowed) {
      c.header('Retry-After', String(decision.retryAfterSeconds));
      return c.json(
        { error: { code: 'rate_limited', message: 'Too many attempts. Please wait a minute and try again.' } },
        429,
      );
    }
    await next();
  };
}
