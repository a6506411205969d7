import { beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../clock';
import { createToken } from '../features/api-tokens/api-tokens.service';
import { METHOD_OF, PATH_OF, ROUTE_CATALOG } from '../test/route-catalog';
import { buildRouteWorld, type RouteWorld } from '../test/route-world';
import { createTestApp } from '../test/test-app';
import { createTestDatabase } from '../test/test-database';
import { allowedMethods, METHOD_NOT_ALLOWED_MESSAGE, routePattern, routeShapes } from './method-not-allowed';

/**
 * Issue 29: a method a path of the API does not take is a 405 with `Allow`, the same for a
 * visitor, a member and a token, over the whole route table.
 */
const database = await createTestDatabase();
const { app, auth, request } = createTestApp(database.db);
const secret = 'test-secret-test-secret-test-secret-0123456789';
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

let world: RouteWorld;
let token: string;
beforeAll(async () => {
  world = await buildRouteWorld(database.db, auth, secret);
  token = (await createToken({ db: database.db, clock: systemClock }, world.users.member.id, { name: '405', scopes: ['caucuses:read', 'members:read'] })).token;
}, 60_000);

describe('the route table as the 405 check reads it', () => {
  it('turns route paths into patterns, parameters with their own expressions too', () => {
    expect(routePattern('/api/caucuses/:id').test('/api/caucuses/abc')).toBe(true);
    expect(routePattern('/api/caucuses/:id').test('/api/caucuses/abc/leave')).toBe(false);
    expect(routePattern('/api/caucuses/:id/record.csv').test('/api/caucuses/abc/recordxcsv')).toBe(false);
    expect(routePattern('/api/x/:key{.+}').test('/api/x/a/b')).toBe(true);
  });

  it('lists the methods of every path a request path matches, HEAD beside GET', () => {
    const shapes = routeShapes(
      [
        { method: 'GET', path: '/api/caucuses/search' },
        { method: 'DELETE', path: '/api/caucuses/:id' },
        { method: 'ALL', path: '/api/*' },
        { method: 'PUT', path: '/api/:kind/settings' },
        { method: 'GET', path: '/api/health' },
      ],
      '/api/',
    );
    expect(allowedMethods(shapes, '/api/caucuses/search')).toEqual(['GET', 'HEAD', 'DELETE']);
    expect(allowedMethods(shapes, '/api/caucuses/abc')).toEqual(['DELETE']);
    expect(allowedMethods(shapes, '/api/nothing-here')).toBeNull();
    // A path whose first segment is a parameter is tried whatever the first segment asked.
    expect(allowedMethods(shapes, '/api/caucuses/settings')).toEqual(['PUT', 'DELETE']);
    expect(allowedMethods(shapes, '/api/health/settings')).toEqual(['PUT']);
    expect(allowedMethods(shapes, '/api/health')).toEqual(['GET', 'HEAD']);
    expect(allowedMethods(shapes, '/api/Health')).toBeNull();
  });
});

describe('405 with Allow (issue 29)', () => {
  it('answers every method a path of the API does not take with 405 and Allow, whoever asks', async () => {
    const shapes = routeShapes(app.routes, '/api/');
    const failures: string[] = [];
    const paths = new Map<string, string>();
    for (const row of ROUTE_CATALOG) if (PATH_OF(row.key).startsWith('/api/')) paths.set(row.request(world, 'member').path, row.key);
    let checked = 0;
    for (const [path, key] of paths) {
      const allowed = allowedMethods(shapes, path);
      if (!allowed?.includes(METHOD_OF(key))) failures.push(`${key}: ${path} is not matched by its own route`);
      for (const method of METHODS.filter((m) => !allowed?.includes(m))) {
        for (const [who, init] of [
          ['visitor', {}],
          ['member', { cookie: world.cookies.member }],
          ['token', { headers: { authorization: `Bearer ${token}` } }],
        ] as const) {
          const res = await request(path, { method, ...init });
          checked += 1;
          const body = (await res.json().catch(() => null)) as { error?: { code?: string; message?: string } } | null;
          if (res.status !== 405 || res.headers.get('allow') !== allowed!.join(', ') || body?.error?.code !== 'method_not_allowed' || body.error.message !== METHOD_NOT_ALLOWED_MESSAGE) {
            failures.push(`${method} ${path} as ${who}: ${res.status} Allow: ${res.headers.get('allow')} ${JSON.stringify(body)} (expected 405, Allow: ${allowed!.join(', ')})`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(300);
  }, 120_000);

  it('leaves a path the API does not have to the 404 it always gave', async () => {
    const res = await request('/api/no-such-thing');
    expect(res.status).toBe(404);
    expect(res.headers.get('allow')).toBeNull();
  });

  it('answers HEAD where GET is taken, and speaks the caller’s language', async () => {
    expect((await request('/api/health', { method: 'HEAD' })).status).toBe(200);
    const res = await request('/api/health', { method: 'DELETE', headers: { 'accept-language': 'es' } });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD');
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe('Esta dirección no admite este método.');
  });
});
