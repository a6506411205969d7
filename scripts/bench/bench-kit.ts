// What every part of the bench shares: the endpoint type, recording and replaying the SQL of
// a service call, sessions minted straight into the database, and small helpers.
import { createHmac, randomBytes } from 'node:crypto';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { schema, type Db } from '../../src/server/db/client';

// ---- the SQL each endpoint runs, recorded from the services themselves ---------------------

export interface RecordedQuery {
  text: string;
  params: unknown[];
}

/** Runs `fn` against a drizzle instance that records every query (text and parameters). */
export async function recordQueries(pool: pg.Pool, fn: (db: Db) => Promise<unknown>): Promise<RecordedQuery[]> {
  const recorded: RecordedQuery[] = [];
  const db = drizzle(pool, { schema, logger: { logQuery: (text, params) => void recorded.push({ text, params }) } });
  await fn(db);
  return recorded;
}

/** Replays recorded queries with their parameters re-mapped (a sample's ids swapped for another's). */
export function replay(queries: RecordedQuery[], substitutions: () => Map<unknown, unknown>) {
  return async (client: pg.PoolClient) => {
    const swap = substitutions();
    for (const q of queries) await client.query(q.text, q.params.map((p) => (swap.has(p) ? swap.get(p) : p)));
  };
}

export interface HttpRequest {
  path: string;
  method?: 'GET' | 'POST' | 'PUT';
  headers?: Record<string, string>;
  json?: unknown;
}

export interface Endpoint {
  name: string;
  route: string;
  note: string;
  request: () => HttpRequest;
  /** A write: each request consumes one prepared case; the p95 target is for reads only. */
  write?: boolean;
  raw: ((client: pg.PoolClient) => Promise<void>) | null;
  /** `false` when the raw run is not the same work (a cached answer against its uncached query). */
  ratioGoal?: false;
  /** Concurrency of the raw run when it differs from the app's. */
  rawConnections?: number;
  rawNote: string;
  explain: RecordedQuery[];
}

export const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;

export async function count(pool: pg.Pool, table: string): Promise<number> {
  return Number((await pool.query<{ n: string }>(`select count(*) as n from ${table}`)).rows[0]!.n);
}

/**
 * Sessions for many users at once, written straight into the sessions table with the cookie
 * better-auth would set (token.HMAC-SHA256(AUTH_SECRET, token)): signing thousands of users in
 * through /api/auth would hit the sign-in rate limit. Removed again by `dropMintedSessions`.
 */
export async function mintSessions(pool: pg.Pool, userIds: string[], secret: string): Promise<Map<string, { cookie: string; token: string }>> {
  const cookies = new Map<string, { cookie: string; token: string }>();
  const tokens: string[] = [];
  for (const id of userIds) {
    const token = `bench-${randomBytes(18).toString('base64url')}`;
    tokens.push(token);
    const signature = createHmac('sha256', secret).update(token).digest('base64');
    cookies.set(id, { cookie: `better-auth.session_token=${encodeURIComponent(`${token}.${signature}`)}`, token });
  }
  await pool.query(
    `insert into sessions (token, user_id, expires_at, user_agent)
     select t, u, now() + interval '29 days 12 hours', 'bench' from unnest($1::text[], $2::uuid[]) as x(t, u)`,
    [tokens, userIds],
  );
  return cookies;
}

export async function dropMintedSessions(pool: pg.Pool): Promise<void> {
  await pool.query(`delete from sessions where user_agent = 'bench' and token like 'bench-%'`);
}

export async function explain(pool: pg.Pool, queries: RecordedQuery[]): Promise<string> {
  const plans: string[] = [];
  for (const q of queries) {
    const result = await pool.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${q.text}`, q.params);
    plans.push(result.rows.map((r) => r['QUERY PLAN']).join('\n'));
  }
  return plans.join('\n\n');
}

