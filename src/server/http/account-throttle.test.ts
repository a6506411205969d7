import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { mailOutbox } from '../db/schema/platform';
import { createUser } from '../test/factories';
import { createTestDatabase } from '../test/test-database';
import { createTestApp, fixedClock, TEST_ORIGIN } from '../test/test-app';
import type { AppSettings } from '../app';
import { claimBackOffAttempt, clearBackOff, emailOfRequest } from './account-throttle';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});

const START = '2030-05-01T12:00:00Z';
const SIGN_IN_LIMITS: Partial<AppSettings> = {
  SIGN_IN_FREE_FAILURES: 3,
  SIGN_IN_BACKOFF_BASE_SECONDS: 60,
  SIGN_IN_BACKOFF_MAX_SECONDS: 3600,
  SIGN_IN_FAILURES_FORGOTTEN_AFTER_SECONDS: 86_400,
  // Two attempts per client address: only the per-account limit can refuse the 3rd address's guess.
  AUTH_RATE_LIMIT_MAX: 2,
};

/** What @hono/node-server gives the app for a request from `ip` (app.request() has no socket). */
const fromAddress = (ip: string) => ({ incoming: { socket: { remoteAddress: ip, remoteFamily: 'IPv4' } } });

let ipCounter = 0;
const nextIp = () => {
  const n = ++ipCounter;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
};

type TestApp = ReturnType<typeof createTestApp>;

async function post(t: TestApp, path: string, json: unknown, ip = nextIp()): Promise<Response> {
  return t.app.request(
    path,
    { method: 'POST', headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' }, body: JSON.stringify(json) },
    fromAddress(ip),
  );
}
const signIn = (t: TestApp, email: string, password: string, ip?: string) => post(t, '/api/auth/sign-in/email', { email, password }, ip);

async function refusal(res: Response) {
  const body = (await res.json()) as { error: { code: string; message: string } };
  return { status: res.status, retryAfter: res.headers.get('retry-after'), code: body.error.code, message: body.error.message };
}

describe('sign-in: per account, with back-off, whatever the address', () => {
  it('refuses the account after the free failures from any address, with a wait that doubles', async () => {
    const clock = fixedClock(START);
    const t = createTestApp(database.db, { clock, settings: SIGN_IN_LIMITS });
    const user = await createUser(database.db);

    for (let i = 0; i < 3; i++) expect((await signIn(t, user.email, 'wrong password')).status).toBe(401);
    // A fresh address, and even the right password: the account waits a minute.
    expect(await refusal(await signIn(t, user.email, user.password))).toEqual({
      status: 429,
      retryAfter: '60',
      code: 'rate_limited',
      message: 'Too many attempts. Please try again in 1 minute.',
    });
    clock.set(new Date(Date.parse(START) + 59_000));
    expect(await refusal(await signIn(t, user.email, 'wrong password'))).toMatchObject({ status: 429, retryAfter: '1', message: 'Too many attempts. Please try again in 1 second.' });

    // The wait has passed: one more guess, then 2 minutes, then 4.
    clock.set(new Date(Date.parse(START) + 60_000));
    expect((await signIn(t, user.email, 'wrong password')).status).toBe(401);
    expect(await refusal(await signIn(t, user.email, 'wrong password'))).toMatchObject({ status: 429, retryAfter: '120', message: 'Too many attempts. Please try again in 2 minutes.' });
    clock.set(new Date(Date.parse(START) + 180_000));
    expect((await signIn(t, user.email, 'wrong password')).status).toBe(401);
    expect(await refusal(await signIn(t, user.email, 'wrong password'))).toMatchObject({ status: 429, retryAfter: '240', message: 'Too many attempts. Please try again in 4 minutes.' });

    // Another account is not held back.
    const other = await createUser(database.db);
    expect((await signIn(t, other.email, other.password)).status).toBe(200);
  });

  it('counts an address without an account the same (a refusal tells nothing), whatever its case and spaces', async () => {
    const t = createTestApp(database.db, { clock: fixedClock(START), settings: SIGN_IN_LIMITS });
    const email = `nobody-${Date.now()}@example.test`;
    expect((await signIn(t, email, 'guess one')).status).toBe(401);
    expect((await signIn(t, email.toUpperCase(), 'guess two')).status).toBe(401);
    expect((await signIn(t, `  ${email}  `, 'guess three')).status).toBeLessThan(500); // better-auth refuses the spaces: 400
    expect((await signIn(t, email, 'guess four')).status).toBe(429);
  });

  it('clears the count after a successful sign-in', async () => {
    const clock = fixedClock(START);
    const t = createTestApp(database.db, { clock, settings: SIGN_IN_LIMITS });
    const user = await createUser(database.db);
    for (let i = 0; i < 2; i++) expect((await signIn(t, user.email, 'wrong password')).status).toBe(401);
    expect((await signIn(t, user.email, user.password)).status).toBe(200);
    // Three free failures again, not one.
    for (let i = 0; i < 3; i++) expect((await signIn(t, user.email, 'wrong password')).status).toBe(401);
    expect((await signIn(t, user.email, 'wrong password')).status).toBe(429);
  });

  it('never waits more than the cap, and forgets failures after a day', async () => {
    const clock = fixedClock(START);
    const t = createTestApp(database.db, { clock, settings: { ...SIGN_IN_LIMITS, SIGN_IN_BACKOFF_MAX_SECONDS: 300 } });
    const user = await createUser(database.db);
    let at = Date.parse(START);
    const waits: number[] = [];
    for (let i = 0; i < 8; i++) {
      let res = await signIn(t, user.email, 'wrong password');
      if (res.status === 429) {
        const wait = Number(res.headers.get('retry-after'));
        waits.push(wait);
        at += wait * 1000;
        clock.set(new Date(at));
        res = await signIn(t, user.email, 'wrong password');
      }
      expect(res.status).toBe(401);
    }
    expect(waits).toEqual([60, 120, 240, 300, 300]);
    expect((await signIn(t, user.email, user.password)).status).toBe(429);
    clock.set(new Date(at + 86_400_000));
    expect((await signIn(t, user.email, user.password)).status).toBe(200);
  });

  it('lets a password reset end the wait: the owner signs in at once with the new password', async () => {
    const t = createTestApp(database.db, { clock: fixedClock(START), settings: SIGN_IN_LIMITS });
    const user = await createUser(database.db);
    for (let i = 0; i < 4; i++) await signIn(t, user.email, 'wrong password');
    expect((await signIn(t, user.email, user.password)).status).toBe(429);

    expect((await post(t, '/api/auth/request-password-reset', { email: user.email, redirectTo: '/auth?reset=true' })).status).toBe(200);
    const [mail] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, user.email));
    const token = mail!.textBody.match(/reset-password\/([^?\s]+)/)![1]!;
    expect((await post(t, '/api/auth/reset-password', { token, newPassword: 'a brand new password' })).status).toBe(200);
    expect((await signIn(t, user.email, 'a brand new password')).status).toBe(200);
  });

  it('does not count a right password refused because the email is not confirmed', async () => {
    const t = createTestApp(database.db, { clock: fixedClock(START), settings: SIGN_IN_LIMITS });
    const user = await createUser(database.db, { emailVerified: false, emailVerifiedAt: null });
    for (let i = 0; i < 5; i++) {
      const res = await signIn(t, user.email, user.password);
      expect(res.status).toBe(403);
      expect(((await res.json()) as { code: string }).code).toBe('EMAIL_NOT_VERIFIED');
    }
  });

  it('lets at most the free failures through when guesses arrive all at once', async () => {
    const t = createTestApp(database.db, { clock: fixedClock(START), settings: { ...SIGN_IN_LIMITS, AUTH_RATE_LIMIT_MAX: 1000 } });
    const user = await createUser(database.db);
    const statuses = await Promise.all(Array.from({ length: 60 }, (_, i) => signIn(t, user.email, `wrong password ${i}`).then((r) => r.status)));
    expect(statuses.filter((s) => s === 401)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(57);
  });

  it('counts form-encoded guesses (which better-auth also reads) on the same account', async () => {
    const t = createTestApp(database.db, { clock: fixedClock(START), settings: SIGN_IN_LIMITS });
    const user = await createUser(database.db);
    const formSignIn = async (password: string): Promise<Response> =>
      t.app.request(
        '/api/auth/sign-in/email',
        {
          method: 'POST',
          headers: { origin: TEST_ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ email: user.email, password }).toString(),
        },
        fromAddress(nextIp()),
      );
    expect((await formSignIn('wrong password')).status).toBe(401);
    expect((await formSignIn('wrong password')).status).toBe(401);
    expect((await signIn(t, user.email, 'wrong password')).status).toBe(401);
    expect((await formSignIn(user.password)).status).toBe(429);
  });

  it('refuses a body too large to read, without passing it on', async () => {
    const t = createTestApp(database.db, { clock: fixedClock(START), settings: SIGN_IN_LIMITS });
    const res = await signIn(t, 'someone@example.test', 'x'.repeat(20_000));
    expect(res.status).toBe(413);
    expect(await refusal(res)).toMatchObject({ code: 'too_large' });
  });

  it('leaves the body whole for better-auth on the real Node server', async () => {
    const t = createTestApp(database.db, { clock: fixedClock(START), settings: SIGN_IN_LIMITS });
    const user = await createUser(database.db);
    const server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
    try {
      await new Promise<void>((resolve) => (server.listening ? resolve() : server.once('listening', () => resolve())));
      const { port } = server.address() as AddressInfo;
      const send = (password: string) =>
        fetch(`http://127.0.0.1:${port}/api/auth/sign-in/email`, {
          method: 'POST',
          headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
          body: JSON.stringify({ email: user.email, password }),
        });
      const ok = await send(user.password);
      expect(ok.status).toBe(200);
      expect(ok.headers.getSetCookie().join()).toContain('session_token');
      expect((await send('wrong password')).status).toBe(401);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('claimBackOffAttempt', () => {
  it('answers every attempt while right answers clear the counter at the same moment (no missing row, no error)', async () => {
    const policy = { freeFailures: 1000, baseSeconds: 60, maxSeconds: 3600, forgetAfterSeconds: 86_400 };
    const key = `race:${Date.now()}`;
    const outcomes = await Promise.allSettled(
      Array.from({ length: 60 }, async (_, i) => {
        const decision = await claimBackOffAttempt(database.db, key, new Date(), policy);
        if (i % 2 === 0) await clearBackOff(database.db, key);
        return decision;
      }),
    );
    expect(outcomes.filter((o) => o.status === 'rejected')).toEqual([]);
    expect(outcomes.every((o) => o.status === 'fulfilled' && o.value.allowed)).toBe(true);
  });
});

describe('emailOfRequest', () => {
  const request = (body: string | null, type = 'application/json') =>
    new Request('http://localhost/api/auth/sign-in/email', { method: 'POST', headers: { 'content-type': type }, body });

  it.each([
    ['JSON', request('{"email":"a@b.test","password":"x"}'), { email: 'a@b.test' }],
    ['a form', request('email=a%40b.test&password=x', 'application/x-www-form-urlencoded'), { email: 'a@b.test' }],
    ['no email', request('{"password":"x"}'), { email: null }],
    ['an email that is not text', request('{"email":["a@b.test"]}'), { email: null }],
    ['bad JSON', request('{"email":'), { email: null }],
    ['no body', request(null), { email: null }],
    ['too much', request(`{"email":"${'a'.repeat(17_000)}"}`), 'too_large'],
  ])('reads %s', async (_label, req, expected) => {
    expect(await emailOfRequest(req)).toEqual(expected);
    if (req.body && expected !== 'too_large') expect(await req.text()).not.toBe(''); // still readable
  });
});

describe('mails per recipient', () => {
  const MAIL_LIMITS: Partial<AppSettings> = { AUTH_MAILS_PER_RECIPIENT_MAX: 2, AUTH_MAILS_PER_RECIPIENT_WINDOW_SECONDS: 3600 };

  it('caps reset requests per address, for unknown addresses too, and opens again after the window', async () => {
    const clock = fixedClock(START);
    const t = createTestApp(database.db, { clock, settings: MAIL_LIMITS });
    const user = await createUser(database.db);
    const reset = (email: string) => post(t, '/api/auth/request-password-reset', { email, redirectTo: '/auth?reset=true' });

    expect((await reset(user.email)).status).toBe(200);
    expect((await reset(user.email.toUpperCase())).status).toBe(200);
    expect(await refusal(await reset(user.email))).toEqual({
      status: 429,
      retryAfter: '3600',
      code: 'rate_limited',
      message: 'Too many attempts. Please try again in 1 hour.',
    });
    expect(await database.db.$count(mailOutbox, eq(mailOutbox.toAddress, user.email))).toBe(2);

    const unknown = `nobody-${Date.now()}@example.test`;
    expect((await reset(unknown)).status).toBe(200);
    expect((await reset(unknown)).status).toBe(200);
    expect((await reset(unknown)).status).toBe(429);

    clock.set(new Date(Date.parse(START) + 3600_000));
    expect((await reset(user.email)).status).toBe(200);
  });

  it('counts confirmation resends and sign-ups on the same address, but not refused requests', async () => {
    const t = createTestApp(database.db, { clock: fixedClock(START), settings: MAIL_LIMITS });
    const email = `new-${Date.now()}@example.test`;
    const signUp = (patch: Record<string, unknown> = {}) =>
      post(t, '/api/auth/sign-up/email', { email, password: 'a long password', name: 'New Voter', politicalAlignment: 'Independent', state: 'CA', district: 12, ...patch });

    expect((await signUp({ state: 'XX' })).status).toBe(400); // refused: sends nothing, counts nothing
    expect((await signUp()).status).toBe(200);
    expect((await post(t, '/api/auth/send-verification-email', { email, callbackURL: '/auth?confirmed=1' })).status).toBe(200);
    expect((await post(t, '/api/auth/send-verification-email', { email, callbackURL: '/auth?confirmed=1' })).status).toBe(429);
    expect((await post(t, '/api/auth/request-password-reset', { email, redirectTo: '/auth?reset=true' })).status).toBe(429);
    expect((await signUp()).status).toBe(429);
  });
});
