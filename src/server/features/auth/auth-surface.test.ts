// Issue 11: better-auth's endpoints that the app does not use are closed, so no write of a
// user's fields goes around the app's own rules; sign-up takes no photo URL.
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { AUTH_ENDPOINTS } from '../../app';
import { isRedirectTarget } from '../../http/auth-input-guard';
import type { Database } from '../../db/client';
import { sessions, users } from '../../db/schema/auth';
import { createUser } from '../../test/factories';
import { createTestApp, TEST_ORIGIN } from '../../test/test-app';
import { createTestDatabase } from '../../test/test-database';

let database: Database;
let t: ReturnType<typeof createTestApp>;

beforeAll(async () => {
  database = await createTestDatabase();
  t = createTestApp(database.db);
});

const userRow = async (id: string) => (await database.db.select().from(users).where(eq(users.id, id)))[0]!;

describe("better-auth's endpoints the app does not use", () => {
  const closed: Array<[string, string, Record<string, unknown>]> = [
    ['POST', '/api/auth/update-user', { state: 'CA', district: 12, name: 'x'.repeat(5000), image: 'javascript:alert(1)', politicalAlignment: 'Whig' }],
    ['POST', '/api/auth/change-email', { newEmail: 'someone-else@example.test' }],
    ['POST', '/api/auth/change-password', { currentPassword: 'wrong guess', newPassword: 'another long password' }],
    ['POST', '/api/auth/delete-user', {}],
    ['GET', '/api/auth/delete-user/callback', {}],
    ['GET', '/api/auth/list-sessions', {}],
    ['GET', '/api/auth/get-session', {}],
    ['POST', '/api/auth/get-session', {}],
    ['POST', '/api/auth/update-session', {}],
    ['POST', '/api/auth/revoke-session', { token: 'x' }],
    ['POST', '/api/auth/revoke-sessions', {}],
    ['POST', '/api/auth/revoke-other-sessions', {}],
    ['POST', '/api/auth/verify-password', { password: 'a guess' }],
    ['POST', '/api/auth/sign-in/social', { provider: 'github' }],
    ['POST', '/api/auth/link-social', { provider: 'github' }],
    ['GET', '/api/auth/list-accounts', {}],
    ['POST', '/api/auth/unlink-account', { providerId: 'credential' }],
    ['GET', '/api/auth/account-info', {}],
    ['POST', '/api/auth/refresh-token', {}],
    ['POST', '/api/auth/get-access-token', {}],
    ['GET', '/api/auth/ok', {}],
    ['GET', '/api/auth/callback/github', {}],
  ];

  it.each(closed)('%s %s answers 404 to a signed-in member and changes nothing', async (method, path, body) => {
    const user = await createUser(database.db, { state: 'WY', district: 1 });
    const cookie = await t.cookieFor(user);
    const before = await userRow(user.id);
    const sessionsBefore = await database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    const res = await t.request(path, { method, cookie, ...(method === 'POST' ? { json: body } : {}) });
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('token');
    expect(await userRow(user.id)).toEqual(before);
    expect(await database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual(sessionsBefore);
    // The session still works: nothing was revoked or changed.
    expect((await t.request('/api/me', { cookie })).status).toBe(200);
  });

  it('leaves open exactly the endpoints the pages use', () => {
    expect(AUTH_ENDPOINTS.map((e) => `${e.method} ${e.path}`).sort()).toEqual(
      [
        'GET /api/auth/reset-password/:token',
        'GET /api/auth/verify-email',
        'POST /api/auth/request-password-reset',
        'POST /api/auth/reset-password',
        'POST /api/auth/send-verification-email',
        'POST /api/auth/sign-in/email',
        'POST /api/auth/sign-out',
        'POST /api/auth/sign-up/email',
        // Passkeys (issue 32, decision 049): the app's own plugin.
        'POST /api/auth/passkey/sign-in-options',
        'POST /api/auth/sign-in/passkey',
        // Two-step sign-in's code step (decision 050).
        'POST /api/auth/two-factor/verify-totp',
        'POST /api/auth/two-factor/verify-backup-code',
      ].sort(),
    );
  });
});

describe('sign-up takes no photo URL', () => {
  it('drops an image from the body: a profile photo is only ever an upload', async () => {
    const email = `photo-${Date.now()}@example.test`;
    const res = await t.request('/api/auth/sign-up/email', {
      method: 'POST',
      json: { email, password: 'a long password', name: 'Voter', politicalAlignment: 'Independent', state: 'CA', district: 12, image: 'javascript:alert(1)' },
    });
    expect(res.status).toBe(200);
    const [row] = await database.db.select({ image: users.image }).from(users).where(eq(users.email, email));
    expect(row!.image).toBeNull();
  });

  it('the database refuses any photo URL but an app upload path', async () => {
    const user = await createUser(database.db);
    for (const image of ['javascript:alert(1)', 'https://evil.example/x.png', '//evil.example/x', 'data:text/html,hi']) {
      await expect(database.db.update(users).set({ image }).where(eq(users.id, user.id))).rejects.toThrow();
    }
    await database.db.update(users).set({ image: '/api/photos/0b7c9a2e-1111-4222-8333-444455556666' }).where(eq(users.id, user.id));
  });
});

describe('bodies', () => {
  it('refuses an oversized JSON body with 413 before reading it, signed in or not', async () => {
    const user = await createUser(database.db);
    const cookie = await t.cookieFor(user);
    const huge = 'x'.repeat(200 * 1024);
    for (const who of [undefined, cookie]) {
      const res = await t.request('/api/me/tagline', { method: 'PATCH', cookie: who, json: { tagline: huge } });
      expect(res.status).toBe(413);
      expect(((await res.json()) as { error: { message: string } }).error.message).toBe('This request is too large: the limit is 128 KB.');
    }
    const signUp = await t.request('/api/auth/sign-up/email', { method: 'POST', json: { email: 'big@example.test', password: huge } });
    expect(signUp.status).toBe(413);
  });

  it('counts a chunked body as it streams and stops at the limit', async () => {
    const chunk = new TextEncoder().encode('x'.repeat(64 * 1024));
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 40) return controller.close();
        sent++;
        controller.enqueue(chunk);
      },
    });
    const res = await t.request('/api/auth/sign-in/email', { method: 'POST', body, headers: { 'content-type': 'application/json' }, duplex: 'half' } as RequestInit);
    expect(res.status).toBe(413);
    expect(sent).toBeLessThan(40);
  });

  it('answers 401 to an anonymous write before parsing its body', async () => {
    const res = await t.request('/api/me/tagline', { method: 'PATCH', body: '{not json', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(401);
    const upload = await t.request('/api/me/photo', { method: 'POST', body: 'garbage', headers: { 'content-type': 'multipart/form-data; boundary=x' } });
    expect(upload.status).toBe(401);
  });

  it('refuses a declared upload over its limit at once, before the sign-in check reads anything', async () => {
    const res = await t.request('/api/me/photo', {
      method: 'POST',
      body: 'x',
      headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(100 * 1024 * 1024) },
    });
    expect(res.status).toBe(413);
  });
});

describe('bodies on the real Node server', () => {
  /** The app on a port of its own: the request Node hands it is the one users send (app.request builds its own). */
  async function served<T>(run: (url: string) => Promise<T>): Promise<T> {
    const server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
    try {
      await new Promise<void>((resolve) => (server.listening ? resolve() : server.once('listening', () => resolve())));
      return await run(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  }

  it('reads a JSON body whose length is declared, and refuses one declared over the limit without reading it', async () => {
    const user = await createUser(database.db);
    const cookie = await t.cookieFor(user);
    await served(async (url) => {
      const send = (tagline: string) =>
        fetch(`${url}/api/me/tagline`, { method: 'PATCH', headers: { origin: TEST_ORIGIN, cookie, 'content-type': 'application/json' }, body: JSON.stringify({ tagline }) });
      expect((await send('Declared and read')).status).toBe(200);
      expect((await userRow(user.id)).tagline).toBe('Declared and read');
      const huge = await send('x'.repeat(200 * 1024));
      expect(huge.status).toBe(413);
      expect(((await huge.json()) as { error: { message: string } }).error.message).toBe('This request is too large: the limit is 128 KB.');
      expect((await userRow(user.id)).tagline).toBe('Declared and read');
      // JSON that does not parse, read by the direct path: a 400 that changes nothing.
      for (const body of ['{not json', '{"tagline": "unfinished', '']) {
        const bad = await fetch(`${url}/api/me/tagline`, { method: 'PATCH', headers: { origin: TEST_ORIGIN, cookie, 'content-type': 'application/json' }, body });
        expect(bad.status, body).toBe(400);
      }
      expect((await userRow(user.id)).tagline).toBe('Declared and read');
    });
  });

  it('counts a chunked JSON body as it streams: a small one is read whole, a large one refused', async () => {
    const user = await createUser(database.db);
    const cookie = await t.cookieFor(user);
    const streamOf = (text: string, times: number) => {
      const chunk = new TextEncoder().encode(text);
      let sent = 0;
      return new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent >= times) return controller.close();
          sent++;
          controller.enqueue(chunk);
        },
      });
    };
    await served(async (url) => {
      const send = (body: ReadableStream<Uint8Array>) =>
        fetch(`${url}/api/me/tagline`, { method: 'PATCH', headers: { origin: TEST_ORIGIN, cookie, 'content-type': 'application/json' }, body, duplex: 'half' } as RequestInit);
      const small = await send(streamOf(JSON.stringify({ tagline: 'Sent in chunks' }), 1));
      expect(small.status).toBe(200);
      expect((await userRow(user.id)).tagline).toBe('Sent in chunks');
      expect((await send(streamOf('x'.repeat(64 * 1024), 40))).status).toBe(413);
      expect((await userRow(user.id)).tagline).toBe('Sent in chunks');
    });
  });
});

describe('where better-auth may send the browser next', () => {
  it.each([
    ['/auth?confirmed=1', true],
    ['/', true],
    ['http://localhost:3000/auth', true],
    ['https://caucus.example.org/x', true],
    ['//evil.example/x', false],
    ['/\\evil.example', false],
    ['99999999999', false],
    ['javascript:alert(1)', false],
    ['data:text/html,hi', false],
    ['', false],
  ])('%j is a redirect target: %s', (value, expected) => expect(isRedirectTarget(value)).toBe(expected));

  it.each([
    ['/api/auth/verify-email?token=not-a-token&callbackURL=99999999999'],
    ['/api/auth/reset-password/not-a-token?callbackURL=javascript%3Aalert(1)'],
  ])('GET %s is a 400, not a 500', async (path) => {
    const res = await t.request(path);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe('This link is not valid. Please use the link from your email.');
  });

  it('a sign-up whose callbackURL is not an address is a 400 and makes no account', async () => {
    const email = `callback-${Date.now()}@example.test`;
    const res = await t.request('/api/auth/sign-up/email', {
      method: 'POST',
      json: { email, password: 'a long password', name: 'Voter', politicalAlignment: 'Independent', state: 'CA', district: 12, callbackURL: 12345 },
    });
    expect(res.status).toBe(400);
    expect(await database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });
});
