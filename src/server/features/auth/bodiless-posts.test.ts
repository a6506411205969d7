import { describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema/auth';
import { eq } from 'drizzle-orm';
import { METHOD_OF, ROUTE_CATALOG } from '../../test/route-catalog';
import { buildRouteWorld, createUserWithSession } from '../../test/route-world';
import { createTestApp } from '../../test/test-app';
import { createTestDatabase } from '../../test/test-database';

/**
 * Issue 29: a sign-out has nothing to send. A POST without a body and without Content-Type
 * signs out (200, as documented), and no other write answers 415 or 5xx to an empty request.
 */
const database = await createTestDatabase();
const { app, auth, request } = createTestApp(database.db);
const secret = 'test-secret-test-secret-test-secret-0123456789';

/** A POST as Node's server hands it on when nothing was sent: a body stream with nothing in it, and no Content-Type. */
const nothing = () => ({ method: 'POST', body: new ReadableStream({ start: (controller) => controller.close() }), duplex: 'half' }) as RequestInit;

describe('POST /api/auth/sign-out without a body (issue 29)', () => {
  it('signs the member out: 200, the session row gone and its cookie cleared', async () => {
    const member = await createUserWithSession(database.db, auth, secret);
    const res = await request('/api/auth/sign-out', { ...nothing(), cookie: member.cookie });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true });
    expect(res.headers.getSetCookie().some((c) => c.includes('session_token=;') || /session_token=[^;]*; Max-Age=0/.test(c))).toBe(true);
    expect(await database.db.select().from(sessions).where(eq(sessions.userId, member.id))).toEqual([]);
  });

  it('answers a visitor the same', async () => {
    const res = await request('/api/auth/sign-out', nothing());
    expect(res.status).toBe(200);
  });

  it('still reads a JSON body when one is sent', async () => {
    const member = await createUserWithSession(database.db, auth, secret);
    const res = await request('/api/auth/sign-out', { method: 'POST', cookie: member.cookie, json: {} });
    expect(res.status).toBe(200);
  });
});

describe('every write without a body', () => {
  it('is answered about its input or state, never 415 or 5xx', async () => {
    const world = await buildRouteWorld(database.db, auth, secret);
    const failures: string[] = [];
    for (const row of ROUTE_CATALOG.filter((r) => METHOD_OF(r.key) !== 'GET')) {
      // The member's session stays: deleting the account or signing out would end it for the next rows (sign-out is above).
      if (row.key === 'DELETE /api/me' || row.key === 'POST /api/auth/sign-out') continue;
      const req = row.request(world, 'member');
      const res = await request(req.path, { ...nothing(), method: METHOD_OF(row.key), cookie: world.cookies.member });
      if (res.status === 415 || res.status >= 500) failures.push(`${row.key}: ${res.status} ${(await res.text()).slice(0, 200)}`);
      else await res.body?.cancel();
    }
    expect(failures).toEqual([]);
    expect(app.routes.length).toBeGreaterThan(0);
  }, 120_000);
});
