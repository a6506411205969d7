import { beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../clock';
import { UNDOCUMENTED_ALIASES } from '../../http/api-docs';
import { isApiDescription } from '../../http/api-token-auth';
import { METHOD_OF, PATH_OF, ROUTE_CATALOG, type RouteRequest, type RouteRow } from '../../test/route-catalog';
import { ADMIN_EMAIL, buildRouteWorld, type Role, type RouteWorld } from '../../test/route-world';
import { createTestApp } from '../../test/test-app';
import { createTestDatabase } from '../../test/test-database';
import { createToken } from '../api-tokens/api-tokens.service';

/**
 * Issue 29: the `security` of every operation of /api/openapi.json is what a visitor, a member
 * and a member's personal API token really get. A visitor gets 401 exactly where the document
 * asks for credentials; a member is never asked to sign in; a token is served where the
 * operation lists `token` and refused with 403 (as the document's 403 says) where it does not.
 * Every answer also passes the contract check of the test app (its status is documented and
 * its body matches the schema).
 */
const database = await createTestDatabase();
const { auth, request } = createTestApp(database.db, { settings: { ADMIN_EMAILS: [ADMIN_EMAIL] } });
const secret = 'test-secret-test-secret-test-secret-0123456789';

type Security = Array<Record<string, string[]>>;
interface Operation {
  key: string;
  security: Security | undefined;
}

/** "GET /api/caucuses/{id}" for a Hono route key "GET /api/caucuses/:id". */
const documentKey = (routeKey: string) => routeKey.replace(/:([A-Za-z0-9_]+)(\{[^}]*\})?/g, '{$1}');

const needsCredentials = (security: Security) => security.length > 0 && !security.some((entry) => Object.keys(entry).length === 0);
const lists = (security: Security, scheme: string) => security.some((entry) => scheme in entry);

async function send(req: RouteRequest, method: string, credentials: { cookie?: string; token?: string }): Promise<Response> {
  const query = req.query ? `?${new URLSearchParams(req.query).toString()}` : '';
  const headers = credentials.token ? { authorization: `Bearer ${credentials.token}` } : undefined;
  if (req.file) {
    const form = new FormData();
    form.set(req.file.field, new Blob([Buffer.from(req.file.bytes)], { type: req.file.type }), req.file.name);
    return request(req.path + query, { method, body: form, cookie: credentials.cookie, headers });
  }
  return request(req.path + query, { method, json: req.json, cookie: credentials.cookie, headers });
}

interface Outcome {
  row: RouteRow;
  security: Security;
  who: 'visitor' | 'member' | 'token';
  status: number;
  code: string | null;
}

const outcomes: Outcome[] = [];
let operations: Operation[] = [];

async function codeOf(res: Response): Promise<string | null> {
  if (!res.headers.get('content-type')?.includes('json')) {
    await res.body?.cancel();
    return null;
  }
  const body = (await res.json().catch(() => null)) as { error?: { code?: string } } | null;
  return body?.error?.code ?? null;
}

beforeAll(async () => {
  const document = (await (await request('/api/openapi.json')).json()) as { paths: Record<string, Record<string, { security?: Security }>> };
  operations = Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ key: `${method.toUpperCase()} ${path}`, security: operation.security })),
  );
  const shared = await buildRouteWorld(database.db, auth, secret);
  const tokenOf = async (world: RouteWorld) =>
    (await createToken({ db: database.db, clock: systemClock }, world.users.member.id, { name: 'Security check', scopes: ['caucuses:read', 'members:read'] })).token;
  const sharedToken = await tokenOf(shared);
  // Reads on one world; each write on a world of its own, the member last (the one who may change it).
  const rows = ROUTE_CATALOG.filter((row) => operations.some((op) => op.key === documentKey(row.key)));
  for (const row of rows) {
    const method = METHOD_OF(row.key);
    const security = operations.find((op) => op.key === documentKey(row.key))!.security ?? [];
    const world = method === 'GET' ? shared : await buildRouteWorld(database.db, auth, secret);
    const token = method === 'GET' ? sharedToken : await tokenOf(world);
    const role: Role = 'member';
    const attempts: Array<[Outcome['who'], { cookie?: string; token?: string }, Role]> = [
      ['visitor', {}, 'anonymous'],
      ['token', { token }, role],
      ['member', { cookie: world.cookies.member }, role],
    ];
    for (const [who, credentials, as] of attempts) {
      const res = await send(row.request(world, as), method, credentials);
      outcomes.push({ row, security, who, status: res.status, code: await codeOf(res) });
    }
  }
}, 300_000);

describe('the declared security of every operation (issue 29)', () => {
  it('declares it on every operation, with only the schemes the document defines', () => {
    expect(operations.length).toBeGreaterThan(100);
    for (const op of operations) {
      expect(op.security, op.key).toBeDefined();
      for (const entry of op.security!) for (const scheme of Object.keys(entry)) expect(['session', 'token'], op.key).toContain(scheme);
    }
  });

  it('tries every documented operation', () => {
    const tried = new Set(outcomes.map((o) => documentKey(o.row.key)));
    expect(operations.map((op) => op.key).filter((key) => !tried.has(key))).toEqual([]);
    expect(UNDOCUMENTED_ALIASES.filter((key) => tried.has(key))).toEqual([]);
  });

  it('answers a visitor 401 exactly where the operation needs credentials', () => {
    const wrong = outcomes
      .filter((o) => o.who === 'visitor')
      .filter((o) => (o.status === 401) !== needsCredentials(o.security))
      .map((o) => `${o.row.key}: security ${JSON.stringify(o.security)}, a visitor got ${o.status} ${o.code ?? ''}`);
    expect(wrong).toEqual([]);
  });

  it('never asks a signed-in member to sign in', () => {
    const wrong = outcomes.filter((o) => o.who === 'member' && (o.status === 401 || !lists(o.security, 'session') && needsCredentials(o.security)));
    expect(wrong.map((o) => `${o.row.key}: security ${JSON.stringify(o.security)}, a member got ${o.status} ${o.code ?? ''}`)).toEqual([]);
  });

  it('serves a token where the operation lists `token`, and refuses it with 403 everywhere else under /api', () => {
    const wrong = outcomes
      .filter((o) => o.who === 'token')
      .filter((o) => {
        const path = PATH_OF(o.row.key);
        // Outside /api (a mail's unsubscribe, a share image) the header is not read: as a visitor.
        if (!path.startsWith('/api/')) return o.status === 401 || o.status === 403;
        // The API's own description is read with a token as without one.
        if (isApiDescription(path.replace(/:[A-Za-z]+/g, 'x'))) return o.status !== 200;
        if (lists(o.security, 'token')) return o.status < 200 || o.status >= 300;
        return o.status !== 403 || !['token_scope', 'token_read_only'].includes(o.code ?? '');
      })
      .map((o) => `${o.row.key}: security ${JSON.stringify(o.security)}, a token got ${o.status} ${o.code ?? ''}`);
    expect(wrong).toEqual([]);
  });
});

describe('a personal API token and the API description (issue 29)', () => {
  it('reads /api/openapi.json and the reference page like anyone, even a token that is not valid', async () => {
    for (const path of ['/api/openapi.json', '/api/docs', '/api/docs/initializer.js']) {
      const res = await request(path, { headers: { authorization: 'Bearer cau_not-a-real-token' } });
      expect(res.status, path).toBe(200);
      await res.body?.cancel();
    }
  });
});
