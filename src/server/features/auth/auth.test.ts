import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/auth';
import { sparks } from '../../db/schema/points';
import { mailOutbox, newsletterSubscriptions, rateLimits } from '../../db/schema/platform';
import { createTestDatabase } from '../../test/test-database';
import { createTestApp, cookieOf } from '../../test/test-app';
import { createUser } from '../../test/factories';
import type { Database } from '../../db/client';

let database: Database;
let t: ReturnType<typeof createTestApp>;

beforeAll(async () => {
  database = await createTestDatabase();
  t = createTestApp(database.db);
});

let n = 0;
const signUpBody = (patch: Record<string, unknown> = {}) => ({
  email: `voter${++n}-${Date.now()}@example.test`,
  password: 'a long password',
  name: 'New Voter',
  politicalAlignment: 'Independent',
  state: 'CA',
  district: 12,
  ...patch,
});

async function signUp(body: Record<string, unknown>) {
  return t.request('/api/auth/sign-up/email', { method: 'POST', json: { ...body, callbackURL: '/auth?confirmed=1' } });
}

async function confirmationLink(email: string): Promise<string> {
  const [mail] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
  const match = mail?.textBody.match(/https?:\/\/\S+/);
  if (!match) throw new Error(`no confirmation mail for ${email}`);
  return match[0];
}

async function confirm(email: string) {
  const link = new URL(await confirmationLink(email));
  return t.request(link.pathname + link.search);
}

describe('sign-up', () => {
  it('registers, writes the confirmation mail to the outbox, records the newsletter subscription', async () => {
    const body = signUpBody();
    const res = await signUp(body);
    expect(res.status).toBe(200);
    const [user] = await database.db.select().from(users).where(eq(users.email, body.email));
    expect(user).toMatchObject({ state: 'CA', district: 12, emailVerified: false, sparks: 0, isAdministrator: false, verified: false });
    expect(await confirmationLink(body.email)).toContain('/api/auth/verify-email?token=');
    const subs = await database.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, body.email));
    expect(subs).toHaveLength(1);
  });

  it.each([
    ['an unknown state', { state: 'XX' }, 'Please choose one of the 50 states'],
    ['a district beyond the state', { district: 53 }, "Please choose a district within the state's range"],
    ['a district of the wrong type', { district: 'twelve' }, undefined],
    ['a missing name', { name: '' }, undefined],
    ['a too long name', { name: 'x'.repeat(200) }, undefined],
    ['a missing state', { state: undefined }, undefined],
    ['a referral id that does not exist', { recruitedBy: '7d3c7a5e-7c43-4c8f-9c0e-1d2a3b4c5d6e' }, 'This referral link is not valid'],
    ['a referral id that is not an id', { recruitedBy: 'abc' }, 'This referral link is not valid'],
    ['a short password', { password: 'short' }, undefined],
    ['a bad email', { email: 'not-an-email' }, undefined],
  ])('refuses %s with a 4xx and writes nothing', async (_label, patch, message) => {
    const body = signUpBody(patch);
    const before = await database.db.$count(users);
    const res = await signUp(body);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    if (message) expect(((await res.json()) as { message: string }).message).toBe(message);
    expect(await database.db.$count(users)).toBe(before);
    expect(t.logs.filter((l) => (l.level as number) >= 50)).toEqual([]);
  });

  it('refuses a sign-up attempt to become administrator or verified', async () => {
    const body = signUpBody({ isAdministrator: true, verified: true, sparks: 99 });
    const res = await signUp(body);
    expect(res.status).toBeLessThan(500);
    const [user] = await database.db.select().from(users).where(eq(users.email, body.email));
    if (user) expect(user).toMatchObject({ isAdministrator: false, verified: false, sparks: 0 });
  });

  it('treats email case-insensitively', async () => {
    const body = signUpBody();
    await signUp(body);
    await signUp({ ...body, email: body.email.toUpperCase() });
    expect(await database.db.$count(users, eq(users.email, body.email))).toBe(1);
  });
});

describe('email confirmation and the referral Spark', () => {
  it('refuses sign-in before confirmation, signs in after, and gives the referrer 1 Spark once', async () => {
    const referrer = await createUser(database.db);
    const body = signUpBody({ recruitedBy: referrer.id });
    expect((await signUp(body)).status).toBe(200);

    const early = await t.request('/api/auth/sign-in/email', { method: 'POST', json: { email: body.email, password: body.password } });
    expect(early.status).toBe(403);

    const confirmed = await confirm(body.email);
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get('location')).toBe('/auth?confirmed=1');
    expect(cookieOf(confirmed)).toContain('session_token');

    await confirm(body.email); // clicking the link again gives nothing more
    const [after] = await database.db.select().from(users).where(eq(users.id, referrer.id));
    expect(after!.sparks).toBe(1);
    expect(await database.db.$count(sparks, eq(sparks.userId, referrer.id))).toBe(1);

    const cookie = await t.signIn(body.email, body.password);
    const me = await t.request('/api/me', { cookie });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ email: body.email, name: 'New Voter' });
  });

  it('gives no Spark without a referrer', async () => {
    const body = signUpBody();
    await signUp(body);
    await confirm(body.email);
    const [user] = await database.db.select().from(users).where(eq(users.email, body.email));
    expect(await database.db.$count(sparks, eq(sparks.referredUserId, user!.id))).toBe(0);
  });
});

describe('password reset', () => {
  it('mails a reset link, sets the new password, and ends old sessions', async () => {
    const user = await createUser(database.db);
    const oldCookie = await t.signIn(user.email, user.password);
    const res = await t.request('/api/auth/request-password-reset', { method: 'POST', json: { email: user.email, redirectTo: '/auth?reset=true' } });
    expect(res.status).toBe(200);
    const [mail] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, user.email));
    const link = new URL(mail!.textBody.match(/https?:\/\/\S+/)![0]);
    const landing = await t.request(link.pathname + link.search);
    expect(landing.status).toBe(302);
    const target = new URL(landing.headers.get('location')!, 'http://localhost:3000');
    expect(target.pathname).toBe('/auth');
    expect(target.searchParams.get('reset')).toBe('true');
    const token = target.searchParams.get('token')!;
    const reset = await t.request('/api/auth/reset-password', { method: 'POST', json: { token, newPassword: 'a brand new password' } });
    expect(reset.status).toBe(200);
    expect((await t.request('/api/me', { cookie: oldCookie })).status).toBe(401);
    await expect(t.signIn(user.email, user.password)).rejects.toThrow();
    expect(await t.signIn(user.email, 'a brand new password')).toContain('session_token');
  });
});

describe('security', () => {
  it('refuses a state change without our Origin (CSRF)', async () => {
    const user = await createUser(database.db);
    const cookie = await t.signIn(user.email, user.password);
    const res = await t.app.request('/api/me/tagline', {
      method: 'PATCH',
      headers: { cookie, 'content-type': 'application/json', origin: 'https://evil.example' },
      body: JSON.stringify({ tagline: 'pwned' }),
    });
    expect(res.status).toBe(403);
    const [row] = await database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.tagline).toBe('');
  });

  it('sets HttpOnly SameSite session cookies and security headers', async () => {
    const user = await createUser(database.db);
    const res = await t.request('/api/auth/sign-in/email', { method: 'POST', json: { email: user.email, password: user.password } });
    const setCookie = res.headers.getSetCookie().join('\n');
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const health = await t.request('/api/health');
    expect(health.status).toBe(200);
    const csp = health.headers.get('content-security-policy')!;
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(health.headers.get('x-content-type-options')).toBe('nosniff');
    expect(health.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  it('never logs passwords or tokens', async () => {
    const user = await createUser(database.db, { password: 'SuperSecretPassw0rd' });
    await t.signIn(user.email, 'SuperSecretPassw0rd');
    await t.request('/api/auth/request-password-reset', { method: 'POST', json: { email: user.email, redirectTo: '/auth?reset=true' } });
    const [mail] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, user.email));
    const resetToken = mail!.textBody.match(/reset-password\/([^?\s]+)/)![1]!;
    await t.request(`/api/auth/reset-password/${resetToken}?callbackURL=/auth`);
    const all = JSON.stringify(t.logs);
    expect(all).not.toContain('SuperSecretPassw0rd');
    expect(all).not.toContain(resetToken);
  });
});

describe('rate limits', () => {
  it('limits sign-in attempts per client, shared through the database', async () => {
    await database.db.delete(rateLimits); // other tests of this file signed in from the same client
    const limited = createTestApp(database.db, { settings: { AUTH_RATE_LIMIT_MAX: 3 } });
    const other = createTestApp(database.db, { settings: { AUTH_RATE_LIMIT_MAX: 3 } }); // a second "process"
    const attempt = (app: typeof limited) =>
      app.request('/api/auth/sign-in/email', { method: 'POST', json: { email: 'nobody@example.test', password: 'wrong password' } });
    const statuses = [];
    for (let i = 0; i < 2; i++) statuses.push((await attempt(limited)).status);
    for (let i = 0; i < 2; i++) statuses.push((await attempt(other)).status);
    expect(statuses.slice(0, 3).every((s) => s === 401)).toBe(true);
    expect(statuses[3]).toBe(429);
  });
});
