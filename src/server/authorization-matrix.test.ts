import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, buildRouteWorld, ROLES, type Role, type RouteWorld } from './test/route-world';
import { expectationFor, isAllowedStatus, METHOD_OF, ROUTE_CATALOG, type Expectation, type RouteRequest, type RouteRow } from './test/route-catalog';
import { createTestApp } from './test/test-app';
import { createTestDatabase } from './test/test-database';

/**
 * Issue 11: every route of the app × every role. The route table is `app.routes` itself, so
 * a route added without a row in src/server/test/route-catalog.ts fails the first test.
 */

const database = await createTestDatabase();
const { app, auth, request } = createTestApp(database.db, { settings: { ADMIN_EMAILS: [ADMIN_EMAIL] } });
const secret = 'test-secret-test-secret-test-secret-0123456789';

/** "METHOD /path" of every route handler (middleware mounted with app.use is 'ALL'). */
export function routeKeys(routes: readonly { method: string; path: string }[]): string[] {
  return [...new Set(routes.filter((r) => r.method !== 'ALL').map((r) => `${r.method} ${r.path}`))].sort();
}

async function send(req: RouteRequest, method: string, cookie: string): Promise<Response> {
  const query = req.query ? `?${new URLSearchParams(req.query).toString()}` : '';
  if (req.file) {
    const form = new FormData();
    form.set(req.file.field, new Blob([Buffer.from(req.file.bytes)], { type: req.file.type }), req.file.name);
    return request(req.path + query, { method, body: form, cookie });
  }
  return request(req.path + query, { method, json: req.json, cookie });
}

/**
 * What a refused request must not change: every row of the tables a route writes (rate-limit
 * counters and sessions aside), as one digest.
 */
const WRITTEN_TABLES = [
  'users',
  'caucuses',
  'caucus_members',
  'votes',
  'chat_messages',
  'voting_member_invitations',
  'organizer_invitations',
  'friend_requests',
  'friendships',
  'private_messages',
  'broadcasts',
  'brownies',
  'reward_claims',
  'photos',
  'debates',
  'debate_invitations',
  'debate_participants',
  'debate_responses',
  'debate_rebuttals',
  'debate_defenses',
  'debate_votes',
  'challenges',
  'challenge_members',
  'challenge_invitations',
  'challenge_chat_messages',
  'payments',
  'verification_sessions',
];
async function digest(): Promise<string> {
  const parts = WRITTEN_TABLES.map((t) => `(select md5(coalesce(string_agg(x::text, ',' order by x::text), '')) from ${t} x)`);
  const result = await database.db.execute<{ d: string }>(sql.raw(`select md5(concat(${parts.join(', ')})) as d`));
  return result.rows[0]!.d;
}

function matches(row: RouteRow, expectation: Expectation, status: number): boolean {
  return expectation === 'ok' ? isAllowedStatus(row, status) : status === expectation;
}

interface Outcome {
  row: RouteRow;
  role: Role;
  expected: Expectation;
  status: number;
  leaked: string[];
  /** A refused state change that changed something anyway. */
  changed: boolean;
  body: string;
}

let shared: RouteWorld;
const outcomes: Outcome[] = [];
let elapsedMs = 0;

beforeAll(async () => {
  const started = performance.now();
  shared = await buildRouteWorld(database.db, auth, secret);
  // Reads first, on the shared world; a state change allowed to a role gets a world of its own.
  const ordered = [...ROUTE_CATALOG].sort((a, b) => Number(METHOD_OF(a.key) !== 'GET') - Number(METHOD_OF(b.key) !== 'GET'));
  for (const row of ordered) {
    const method = METHOD_OF(row.key);
    // A state change gets a world of its own per row: roles act on their own things (their
    // profile, session, vote…), or are refused and change nothing; `isolate` rows get one per role.
    const rowWorld = method === 'GET' ? shared : await buildRouteWorld(database.db, auth, secret);
    for (const role of ROLES) {
      const expected = expectationFor(row, role);
      const world = row.isolate && expected === 'ok' ? await buildRouteWorld(database.db, auth, secret) : rowWorld;
      const refusedWrite = method !== 'GET' && expected !== 'ok';
      const before = refusedWrite ? await digest() : '';
      const res = await send(row.request(world, role), method, world.cookies[role]);
      const body = row.stream && res.status === 200 ? '' : await res.text();
      if (row.stream && res.status === 200) await res.body?.cancel();
      const hiddenFrom = row.hiddenFrom ?? ROLES.filter((r) => expectationFor(row, r) !== 'ok');
      const leaked = row.secrets && hiddenFrom.includes(role) ? row.secrets(world).filter((s) => body.includes(s)) : [];
      const changed = refusedWrite && res.status === expected && (await digest()) !== before;
      outcomes.push({ row, role, expected, status: res.status, leaked, changed, body: body.slice(0, 200) });
    }
  }
  elapsedMs = performance.now() - started;
}, 300_000);

const describeFailure = (o: Outcome) =>
  `${o.row.key} as ${o.role}: expected ${o.expected === 'ok' ? 'to be served' : o.expected}, got ${o.status}${o.leaked.length ? ` and saw ${JSON.stringify(o.leaked)}` : ''}${o.changed ? ' and the refused request changed the database' : ''} (rule: ${o.row.rule}) ${o.body}`;

describe('the route catalog is the app’s route table', () => {
  it('has one row per route of app.routes, and no other', () => {
    const appKeys = routeKeys(app.routes);
    const catalogKeys = ROUTE_CATALOG.map((r) => r.key);
    expect(new Set(catalogKeys).size, 'duplicate rows').toBe(catalogKeys.length);
    expect(appKeys.filter((k) => !catalogKeys.includes(k)), 'routes without a row in src/server/test/route-catalog.ts').toEqual([]);
    expect(catalogKeys.filter((k) => !appKeys.includes(k)), 'rows for routes the app no longer has').toEqual([]);
  });

  it('notices a route added without a row', () => {
    const routes = [...app.routes, { method: 'GET', path: '/api/brand-new' }];
    expect(routeKeys(routes).filter((k) => !ROUTE_CATALOG.some((r) => r.key === k))).toEqual(['GET /api/brand-new']);
  });
});

describe('authorization matrix: every route × anonymous, unconfirmed, member, organizer, member of another caucus, delegate, admin, suspended', () => {
  it('answers every role as its row says, shows no private text to those it must not, and a refused change changes nothing', () => {
    const failures = outcomes.filter((o) => (!matches(o.row, o.expected, o.status) || o.leaked.length > 0 || o.changed));
    console.info(`authorization matrix: ${ROUTE_CATALOG.length} routes × ${ROLES.length} roles = ${outcomes.length} requests in ${Math.round(elapsedMs)} ms`);
    // MATRIX_PRINT=1 prints every answer: route × role → status.
    if (process.env.MATRIX_PRINT) {
      const table = new Map<string, Record<string, number>>();
      for (const o of outcomes) table.set(o.row.key, { ...table.get(o.row.key), [o.role]: o.status });
      console.info([...table].map(([key, statuses]) => `${key.padEnd(56)} ${ROLES.map((r) => `${r}=${statuses[r]}`).join(' ')}`).join('\n'));
    }
    expect(failures.map(describeFailure)).toEqual([]);
  });

  it('never answers 5xx', () => {
    // But a 503 where the row expects one: a live stream past its cap, readiness without a job queue (this app runs none).
    const expected503 = (o: Outcome) => o.status === 503 && (o.row.stream || o.row.okAlso?.includes(503));
    expect(outcomes.filter((o) => o.status >= 500 && !expected503(o)).map(describeFailure)).toEqual([]);
  });
});
