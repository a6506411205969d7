import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { sessions, users } from '../db/schema/auth';
import { rateLimits } from '../db/schema/platform';
import { createUser } from '../test/factories';
import { createTestApp, testSettings } from '../test/test-app';
import { createTestDatabase } from '../test/test-database';
import { verifySignedToken } from './session';

const SECRET = 'a-secret-of-enough-length-for-hmac-tests';
const sign = (token: string, secret = SECRET) => `${token}.${createHmac('sha256', secret).update(token).digest('base64')}`;

describe('verifySignedToken', () => {
  it.each([
    ['a token signed with the secret', sign('abc123'), 'abc123'],
    ['a token with a dot in it', sign('abc.123'), 'abc.123'],
    ['a token signed with another secret', sign('abc123', 'another secret entirely'), null],
    ['a tampered token', sign('abc123').replace('abc123', 'abc124'), null],
    ['no signature', 'abc123', null],
    ['a short signature', 'abc123.c2hvcnQ=', null],
    ['an empty token', sign(''), null],
  ])('%s', (_name, cookie, expected) => {
    expect(verifySignedToken(cookie, SECRET)).toBe(expected);
  });
});

describe('the session middleware', () => {
  let database: Database;
  let t: ReturnType<typeof createTestApp>;

  beforeAll(async () => {
    database = await createTestDatabase();
    t = createTestApp(database.db);
  });

  async function signedIn() {
    const user = await createUser(database.db);
    const cookie = await t.signIn(user.email, user.password);
    const token = decodeURIComponent(cookie.split('=')[1]!).split('.')[0]!;
    return { user, cookie, token };
  }

  it('reads the signed-in user from a valid cookie', async () => {
    const { user, cookie } = await signedIn();
    const res = await t.request('/api/me', { cookie });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { id: string }).id).toBe(user.id);
  });

  it('treats a cookie whose signature does not match as no session', async () => {
    const { cookie } = await signedIn();
    const [name, value] = cookie.split('=') as [string, string];
    const decoded = decodeURIComponent(value);
    // One character changed, whatever it was (an 'x' replaced by 'x' would change nothing).
    const swapped = decoded[5] === 'x' ? 'y' : 'x';
    const forged = `${name}=${encodeURIComponent(`${decoded.slice(0, 5)}${swapped}${decoded.slice(6)}`)}`;
    expect((await t.request('/api/me', { cookie: forged })).status).toBe(401);
  });

  it('treats a token signed with another secret as no session', async () => {
    const { cookie, token } = await signedIn();
    const name = cookie.split('=')[0]!;
    const other = `${name}=${encodeURIComponent(sign(token, `${testSettings.AUTH_SECRET}-not`))}`;
    expect((await t.request('/api/me', { cookie: other })).status).toBe(401);
  });

  it('refuses an expired session', async () => {
    const { cookie, token } = await signedIn();
    await database.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.token, token));
    expect((await t.request('/api/me', { cookie })).status).toBe(401);
  });

  it('refuses a session that was deleted (signed out elsewhere)', async () => {
    const { cookie, token } = await signedIn();
    await database.db.delete(sessions).where(eq(sessions.token, token));
    expect((await t.request('/api/me', { cookie })).status).toBe(401);
  });

  it('refuses a session of an account whose email is not confirmed, for reads and writes', async () => {
    const { user, cookie } = await signedIn();
    await database.db.update(users).set({ emailVerified: false }).where(eq(users.id, user.id));
    expect((await t.request('/api/me', { cookie })).status).toBe(401);
    const write = await t.request('/api/me/tagline', { method: 'PATCH', cookie, json: { tagline: 'forced' } });
    expect(write.status).toBe(401);
    const [row] = await database.db.select({ tagline: users.tagline }).from(users).where(eq(users.id, user.id));
    expect(row!.tagline).not.toBe('forced');
    expect(((await (await t.request('/api/session', { cookie })).json()) as { user: unknown }).user).toBeNull();
  });

  it('refuses a session of a hidden (deleted) profile', async () => {
    const { user, cookie } = await signedIn();
    await database.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, user.id));
    expect((await t.request('/api/me', { cookie })).status).toBe(401);
  });

  it('extends a session used a day or more after its last extension, as better-auth does', async () => {
    const { cookie, token } = await signedIn();
    const extendedTwoDaysAgo = new Date(Date.now() + 28 * 86_400_000);
    await database.db.update(sessions).set({ expiresAt: extendedTwoDaysAgo }).where(eq(sessions.token, token));
    expect((await t.request('/api/me', { cookie })).status).toBe(200);
    const [row] = await database.db.select({ expiresAt: sessions.expiresAt }).from(sessions).where(eq(sessions.token, token));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
  });

  it('does not write to a session used within a day of its last extension', async () => {
    const { cookie, token } = await signedIn();
    const fresh = new Date(Date.now() + 29.5 * 86_400_000);
    await database.db.update(sessions).set({ expiresAt: fresh }).where(eq(sessions.token, token));
    expect((await t.request('/api/me', { cookie })).status).toBe(200);
    const [row] = await database.db.select({ expiresAt: sessions.expiresAt }).from(sessions).where(eq(sessions.token, token));
    expect(row!.expiresAt.getTime()).toBe(fresh.getTime());
  });

  describe('a route limited per person (userRateLimit): its hit counted with the session', () => {
    const hitsOf = async (key: string) => (await database.db.select({ count: rateLimits.count }).from(rateLimits).where(eq(rateLimits.key, key)))[0]?.count ?? 0;
    const give = (cookie: string, receiverId: string) => t.request('/api/brownies', { method: 'POST', cookie, json: { receiverId } });

    it('counts each request once, under the route\'s own name, whatever the route answers', async () => {
      const { user, cookie } = await signedIn();
      const [ann, ben] = [await createUser(database.db), await createUser(database.db)];
      expect((await give(cookie, ann.id)).status).toBe(201);
      expect((await give(cookie, ben.id)).status).toBe(409); // one brownie a day: refused, still an attempt
      expect((await give(cookie, '00000000-0000-0000-0000-000000000000')).status).toBe(404);
      expect(await hitsOf(`brownies:give:${user.id}`)).toBe(3);
      expect((await t.request('/api/messages', { method: 'POST', cookie, json: { recipientId: ann.id, message: 'Hello' } })).status).toBe(201);
      expect(await hitsOf(`messages:send:${user.id}`)).toBe(1);
      expect(await hitsOf(`brownies:give:${user.id}`)).toBe(3);
      // A read of the same person counts nothing.
      expect((await t.request('/api/me', { cookie })).status).toBe(200);
      expect(await hitsOf(`brownies:give:${user.id}`)).toBe(3);
    });

    it('answers 429 past the limit from the count read with the session', async () => {
      const { user, cookie } = await signedIn();
      await database.db.insert(rateLimits).values({ key: `brownies:give:${user.id}`, windowStart: new Date(), count: 30 });
      const res = await give(cookie, (await createUser(database.db)).id);
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await hitsOf(`brownies:give:${user.id}`)).toBe(31);
    });

    it('counts nothing for a session not in force: expired, an unconfirmed account, a hidden profile', async () => {
      const cases = [
        async (token: string) => void (await database.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.token, token))),
        async (_token: string, userId: string) => void (await database.db.update(users).set({ emailVerified: false }).where(eq(users.id, userId))),
        async (_token: string, userId: string) => void (await database.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, userId))),
      ];
      for (const spoil of cases) {
        const { user, cookie, token } = await signedIn();
        await spoil(token, user.id);
        expect((await give(cookie, (await createUser(database.db)).id)).status).toBe(401);
        expect(await hitsOf(`brownies:give:${user.id}`)).toBe(0);
      }
    });
  });
});
