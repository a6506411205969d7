import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_SCOPES } from '../domain/api/api-tokens';
import { ADMIN_EMAIL, buildRouteWorld, type RouteWorld } from './test/route-world';
import { METHOD_OF, ROUTE_CATALOG, type RouteRequest } from './test/route-catalog';
import { createTestApp, testSettings } from './test/test-app';
import { createTestDatabase } from './test/test-database';

/**
 * Issue 29: no answer that depends on who asks may be kept by a cache in front of the app and
 * handed to the next person. Every route of the app's table (the route catalog is `app.routes`,
 * src/server/authorization-matrix.test.ts proves it), asked by a signed-in member and through
 * the member's API token: each answer says `private, no-store`, or is one of the public reads
 * below and the very same bytes for a visitor, the member and the token.
 */
const PUBLIC_READS = new Set([
  'GET /api/stats/movement',
  'GET /api/movement/states',
  'GET /api/movement/states/:state',
  'GET /api/movement/states/:state/districts/:district',
  'GET /api/movement/progress',
  'GET /api/openapi.json',
  'GET /api/docs',
  'GET /api/photos/:id',
  'GET /api/debate-audio/:userId/:debateId/:file',
  'GET /share/caucus/:file',
]);

const database = await createTestDatabase();
const dist = mkdtempSync(path.join(tmpdir(), 'cache-control-'));
writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head><title>Caucus</title></head><body><div id="root"></div></body></html>');
afterAll(() => rmSync(dist, { recursive: true, force: true }));
const { auth, request } = createTestApp(database.db, { settings: { ADMIN_EMAILS: [ADMIN_EMAIL] }, webDist: dist });

async function send(req: RouteRequest, method: string, headers: Record<string, string>): Promise<Response> {
  const query = req.query ? `?${new URLSearchParams(req.query).toString()}` : '';
  if (req.file) {
    const form = new FormData();
    form.set(req.file.field, new Blob([Buffer.from(req.file.bytes)], { type: req.file.type }), req.file.name);
    return request(req.path + query, { method, body: form, headers });
  }
  return request(req.path + query, { method, json: req.json, headers });
}

interface Answer {
  key: string;
  as: 'member' | 'token' | 'visitor';
  status: number;
  cacheControl: string;
  body: string;
}

const isPersonal = (cacheControl: string) => /\bprivate\b/.test(cacheControl) && /\bno-store\b/.test(cacheControl);
const isPublic = (cacheControl: string) => /\bpublic\b/.test(cacheControl);

let world: RouteWorld;
const answers: Answer[] = [];

beforeAll(async () => {
  world = await buildRouteWorld(database.db, auth, testSettings.AUTH_SECRET);
  const created = await request('/api/me/tokens', { method: 'POST', headers: { cookie: world.cookies.member }, json: { name: 'Cache check', scopes: [...TOKEN_SCOPES] } });
  expect(created.status).toBe(201);
  const { token } = (await created.json()) as { token: string };

  // Reads first: the writes that follow may end the member's session or remove what they read.
  const ordered = [...ROUTE_CATALOG].sort((a, b) => Number(METHOD_OF(a.key) !== 'GET') - Number(METHOD_OF(b.key) !== 'GET'));
  for (const row of ordered) {
    const method = METHOD_OF(row.key);
    const askers = method === 'GET' ? (['member', 'token', 'visitor'] as const) : (['member'] as const);
    for (const as of askers) {
      const headers: Record<string, string> =
        as === 'member' ? { cookie: world.cookies.member } : as === 'token' ? { authorization: `Bearer ${token}`, origin: '' } : {};
      const res = await send(row.request(world, 'member'), method, headers);
      const streaming = res.headers.get('content-type')?.startsWith('text/event-stream') ?? false;
      const body = streaming ? '' : Buffer.from(await res.arrayBuffer()).toString('base64');
      if (streaming) await res.body?.cancel();
      answers.push({ key: row.key, as, status: res.status, cacheControl: res.headers.get('cache-control') ?? '(none)', body });
    }
  }
}, 300_000);

describe('answers that depend on who asks are kept by no cache (issue 29)', () => {
  it('every answer to the member and to their API token is private and not stored, or a listed public read', () => {
    const wrong = answers
      .filter((a) => a.as !== 'visitor')
      .filter((a) => !isPersonal(a.cacheControl) && !(PUBLIC_READS.has(a.key) && a.status < 400 && isPublic(a.cacheControl)))
      .map((a) => `${a.key} as ${a.as}: ${a.status} with Cache-Control ${a.cacheControl}`);
    expect(wrong).toEqual([]);
  });

  it('a public read is the very same answer for a visitor and a member (and a token, where its scopes reach), and every listed one was served public', () => {
    for (const key of PUBLIC_READS) {
      const forKey = answers.filter((a) => a.key === key);
      expect(forKey.map((a) => a.as).sort(), key).toEqual(['member', 'token', 'visitor']);
      const [member, visitor, token] = (['member', 'visitor', 'token'] as const).map((as) => forKey.find((a) => a.as === as)!);
      for (const a of [member!, visitor!]) {
        expect(a.status, `${key} as ${a.as}`).toBe(200);
        expect(a.cacheControl, `${key} as ${a.as}`).toMatch(/\bpublic\b/);
      }
      expect(visitor!.body, `${key}: the visitor's answer differs from the member's`).toBe(member!.body);
      // A token reads only its scopes' routes: refused elsewhere (privately, as every error is).
      if (token!.status < 400) expect(token!.body, `${key}: the token's answer differs from the member's`).toBe(member!.body);
      else expect(token!.cacheControl, key).toBe('private, no-store');
    }
  });

  it('a visitor’s answers outside the public reads are not stored either (the same address may answer a member)', () => {
    const wrong = answers
      .filter((a) => a.as === 'visitor' && !PUBLIC_READS.has(a.key) && !isPersonal(a.cacheControl))
      .map((a) => `${a.key}: ${a.status} with Cache-Control ${a.cacheControl}`);
    expect(wrong).toEqual([]);
  });

  it('pages drawn for the member, and an unknown API path, are private and not stored', async () => {
    for (const page of ['/', '/profile', `/caucus/${world.caucusA.id}`, '/notifications']) {
      const res = await request(page, { headers: { cookie: world.cookies.member } });
      expect(res.status, page).toBe(200);
      expect(res.headers.get('cache-control'), page).toBe('private, no-store');
    }
    const missing = await request('/api/no-such-route', { headers: { cookie: world.cookies.member } });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('cache-control')).toBe('private, no-store');
  });
});
