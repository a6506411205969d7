import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { sessions } from '../db/schema/auth';
import { createTestDatabase } from '../test/test-database';
import { createTestApp, cookieOf } from '../test/test-app';
import { createUser } from '../test/factories';

/**
 * TRUSTED_PROXIES through the app (decision 041): the socket's peer is what app.request's
 * `remoteAddress` says, as @hono/node-server would give it. The same behind a real Caddy in
 * behind-caddy.test.ts.
 */
let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});

/** An address of the benchmarking network (198.18.0.0/15) no other test uses, fresh for each call. */
const someClient = () => `198.18.${randomInt(0, 256)}.${randomInt(1, 255)}`;

const PROXY = '127.0.0.1';
const LIMIT = { AUTH_RATE_LIMIT_MAX: 10, AUTH_RATE_LIMIT_WINDOW_SECONDS: 60 };

function signInAttempt(t: ReturnType<typeof createTestApp>, remoteAddress: string, headers: Record<string, string> = {}) {
  return t.request('/api/auth/sign-in/email', { method: 'POST', json: { email: 'not an email', password: 'x' }, remoteAddress, headers });
}

describe('the real client behind a trusted proxy', () => {
  it('gives two clients behind the proxy their own sign-in limit', async () => {
    const t = createTestApp(database.db, { settings: { ...LIMIT, TRUSTED_PROXIES: ['loopback'] } });
    const [a, b] = [someClient(), someClient()];
    for (let i = 0; i < 10; i++) expect((await signInAttempt(t, PROXY, { 'x-forwarded-for': a })).status, `attempt ${i + 1}`).toBe(400);
    expect((await signInAttempt(t, PROXY, { 'x-forwarded-for': a })).status).toBe(429);
    // A client-written entry left of the proxy's does not buy A a new count.
    expect((await signInAttempt(t, PROXY, { 'x-forwarded-for': `${b}, ${a}` })).status).toBe(429);
    expect((await signInAttempt(t, PROXY, { 'x-forwarded-for': b })).status).toBe(400);
  });

  it('counts an IPv6 client by its /64: another address of the same /64 is no new count', async () => {
    const t = createTestApp(database.db, { settings: { ...LIMIT, TRUSTED_PROXIES: ['loopback'] } });
    // A fresh /64 of the documentation range (2001:db8::/32) for each run.
    const prefix = `2001:db8:${randomInt(0, 0x10000).toString(16)}:${randomInt(0, 0x10000).toString(16)}`;
    for (let i = 0; i < 10; i++) expect((await signInAttempt(t, PROXY, { 'x-forwarded-for': `${prefix}::${(i + 1).toString(16)}` })).status, `attempt ${i + 1}`).toBe(400);
    expect((await signInAttempt(t, PROXY, { 'x-forwarded-for': `${prefix}:ffff:ffff:ffff:ffff` })).status).toBe(429);
    // The neighbouring /64 is someone else.
    const [, , third, fourth] = prefix.split(':');
    const neighbour = `2001:db8:${third}:${((parseInt(fourth!, 16) + 1) % 0x10000).toString(16)}::1`;
    expect((await signInAttempt(t, PROXY, { 'x-forwarded-for': neighbour })).status).toBe(400);
  });

  it('ignores X-Forwarded-For from a peer that is not a trusted proxy: the limit is the peer’s', async () => {
    const t = createTestApp(database.db, { settings: { ...LIMIT, TRUSTED_PROXIES: ['loopback'] } });
    const peer = someClient();
    for (let i = 0; i < 10; i++) expect((await signInAttempt(t, peer, { 'x-forwarded-for': someClient() })).status, `attempt ${i + 1}`).toBe(400);
    expect((await signInAttempt(t, peer, { 'x-forwarded-for': someClient() })).status).toBe(429);
    expect((await signInAttempt(t, peer)).status).toBe(429);
  });

  it('trusts nobody by default: behind a proxy every client is the proxy', async () => {
    const proxy = `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
    const t = createTestApp(database.db, { settings: LIMIT });
    for (let i = 0; i < 10; i++) expect((await signInAttempt(t, proxy, { 'x-forwarded-for': someClient() })).status).toBe(400);
    expect((await signInAttempt(t, proxy, { 'x-forwarded-for': someClient() })).status).toBe(429);
  });

  it('keeps the mailbox from a forwarded client elsewhere, though the proxy is on this machine', async () => {
    const t = createTestApp(database.db, { settings: { TRUSTED_PROXIES: ['loopback'] } });
    expect((await t.request('/dev/mailbox', { remoteAddress: PROXY, headers: { 'x-forwarded-for': '192.168.1.20' } })).status).toBe(404);
    expect((await t.request('/dev/mailbox/messages.json', { remoteAddress: PROXY, headers: { 'x-forwarded-for': '2001:db8::20' } })).status).toBe(404);
    // A client on this machine through the proxy, and the machine itself, still see it.
    expect((await t.request('/dev/mailbox', { remoteAddress: PROXY, headers: { 'x-forwarded-for': '127.0.0.1' } })).status).toBe(200);
    expect((await t.request('/dev/mailbox', { remoteAddress: PROXY })).status).toBe(200);
    // A forged loopback entry from a peer elsewhere opens nothing.
    expect((await t.request('/dev/mailbox', { remoteAddress: '192.168.1.20', headers: { 'x-forwarded-for': '127.0.0.1' } })).status).toBe(404);
  });

  it('writes the real client in the request log line, and the peer when the header is forged', async () => {
    const t = createTestApp(database.db, { settings: { TRUSTED_PROXIES: ['loopback'] } });
    const [client, forged, peer] = [someClient(), someClient(), someClient()];
    await t.request('/api/health', { remoteAddress: PROXY, headers: { 'x-forwarded-for': `${forged}, ${client}` } });
    await t.request('/api/config', { remoteAddress: peer, headers: { 'x-forwarded-for': forged } });
    const lines = t.logs.filter((l) => l.msg === 'request');
    expect(lines.find((l) => l.path === '/api/health')).toMatchObject({ client });
    expect(lines.find((l) => l.path === '/api/config')).toMatchObject({ client: peer });
    expect(JSON.stringify(t.logs)).not.toContain(forged);
  });

  it('records the real client on the session better-auth makes, never a forged header', async () => {
    const t = createTestApp(database.db, { settings: { TRUSTED_PROXIES: ['loopback'] } });
    const user = await createUser(database.db);
    const [client, forged, peer] = [someClient(), someClient(), someClient()];
    const signIn = async (remoteAddress: string, forwardedFor: string) => {
      const res = await t.request('/api/auth/sign-in/email', { method: 'POST', json: { email: user.email, password: user.password }, remoteAddress, headers: { 'x-forwarded-for': forwardedFor } });
      expect(res.status).toBe(200);
      const token = decodeURIComponent(cookieOf(res).split('=')[1]!).split('.')[0]!;
      return (await database.db.select({ ip: sessions.ipAddress }).from(sessions).where(eq(sessions.token, token)))[0]!.ip;
    };
    expect(await signIn(PROXY, `${forged}, ${client}`)).toBe(client);
    expect(await signIn(peer, forged)).toBe(peer);
  });

  it('marks its own cookies Secure when a trusted proxy says the browser came over https', async () => {
    const t = createTestApp(database.db, { settings: { TRUSTED_PROXIES: ['loopback'] } });
    const cookie = await t.cookieFor(await createUser(database.db));
    const setPreferences = (remoteAddress: string, proto: string) =>
      t.request('/api/me/preferences', { method: 'PATCH', json: { language: 'es' }, cookie, remoteAddress, headers: { 'x-forwarded-for': someClient(), 'x-forwarded-proto': proto } });
    const behindProxy = await setPreferences(PROXY, 'https');
    expect(behindProxy.status).toBe(200);
    expect(behindProxy.headers.getSetCookie().join('\n')).toMatch(/; Secure/);
    expect((await setPreferences(PROXY, 'http')).headers.getSetCookie().join('\n')).not.toMatch(/; Secure/);
    // From a peer that is not a proxy the header is the client's word: the connection is plain http.
    expect((await setPreferences(someClient(), 'https')).headers.getSetCookie().join('\n')).not.toMatch(/; Secure/);
  });

  it('leaves better-auth’s session cookie to BASE_URL: Secure and __Secure- behind an https proxy', async () => {
    const origin = 'https://caucus.example';
    const t = createTestApp(database.db, { settings: { BASE_URL: origin, TRUSTED_PROXIES: ['loopback'] }, checkContract: false });
    const user = await createUser(database.db);
    const res = await t.request('/api/auth/sign-in/email', {
      method: 'POST',
      json: { email: user.email, password: user.password },
      remoteAddress: PROXY,
      headers: { origin, 'x-forwarded-for': someClient(), 'x-forwarded-proto': 'https' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().find((c) => c.startsWith('__Secure-better-auth.session_token='))).toMatch(/; Secure/i);
  });
});
