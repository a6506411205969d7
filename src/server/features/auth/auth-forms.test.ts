// The /auth page's forms without JavaScript (issue 29, decision 035): POST /auth takes the
// form-encoded fields, goes through the same JSON endpoints and guards, and answers with a
// redirect or the page drawn again. Never a secret in an address, never a 500.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthFormResult } from '../../../domain/auth/auth-form-result';
import type { Database } from '../../db/client';
import { users } from '../../db/schema/auth';
import { mailOutbox } from '../../db/schema/platform';
import { createUser, DEFAULT_PASSWORD } from '../../test/factories';
import { FORM_ENCODED as FORM, formResultIn, formResultPages, postForm as post } from '../../test/form-pages';
import { createTestApp } from '../../test/test-app';
import { createTestDatabase } from '../../test/test-database';

let database: Database;
let t: ReturnType<typeof createTestApp>;
const pages = formResultPages();
const dist = pages.webDist;
const ssr = pages.ssrDist;

beforeAll(async () => {
  database = await createTestDatabase();
  t = createTestApp(database.db, { webDist: dist, ssrDist: ssr });
});
afterAll(() => pages.remove());

/** The form result the answer's page was drawn with. */
async function formResultOf(res: Response): Promise<AuthFormResult | null> {
  return formResultIn(await res.text()) as AuthFormResult | null;
}

let n = 0;
const email = (tag: string) => `${tag}-${++n}-${Date.now()}@example.test`;

async function latestMail(to: string) {
  const [mail] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to));
  return mail;
}

describe('the Log In form without JavaScript', () => {
  it('signs in: 303 to /profile with the session cookie, nothing of the password in the answer', async () => {
    const user = await createUser(database.db);
    const res = await post(t, '/auth', { form: 'login', email: user.email, password: user.password });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/profile');
    const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    expect(cookie).toContain('session_token');
    const session = await t.request('/api/session', { cookie });
    expect(((await session.json()) as { user: { id: string } | null }).user?.id).toBe(user.id);
  });

  it.each([
    ['/caucus-search', '/caucus-search'],
    ['//evil.example/x', '/profile'],
    ['/auth?reset=true', '/profile'],
    ['https://evil.example/', '/profile'],
  ])('goes to the page asked for by ?next=%s when it is one of the app (%s)', async (next, expected) => {
    const user = await createUser(database.db);
    const res = await post(t, `/auth?next=${encodeURIComponent(next)}`, { form: 'login', email: user.email, password: user.password });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(expected);
  });

  it('draws the form again with the refusal for a wrong password: the email kept, the password never sent back', async () => {
    const user = await createUser(database.db);
    const res = await post(t, '/auth', { form: 'login', email: user.email, password: 'a wrong guess 12345' });
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.headers.getSetCookie()).toEqual([]);
    const result = await formResultOf(res.clone());
    expect(result).toMatchObject({ form: 'login', outcome: 'refused', values: { email: user.email }, refusal: { status: 401, code: 'INVALID_EMAIL_OR_PASSWORD' } });
    expect(await res.text()).not.toContain('a wrong guess 12345');
  });

  it('says which fields are missing (422), without asking the API', async () => {
    const res = await post(t, '/auth', { form: 'login', email: '  ', password: '' });
    expect(res.status).toBe(422);
    expect(await formResultOf(res)).toEqual({ form: 'login', outcome: 'refused', values: { email: '' }, problems: { email: true, password: true } });
  });
});

describe('the Register form without JavaScript', () => {
  const fields = (address: string, patch: Record<string, string> = {}) => ({
    form: 'register',
    name: 'Nora Noscript',
    email: address,
    'new-password': 'a long enough password',
    'confirm-password': 'a long enough password',
    alignment: 'Independent',
    'other-alignment': '',
    state: 'CA',
    district: '12',
    ...patch,
  });

  it('registers and draws the "check your inbox" view; the confirmation mail goes out', async () => {
    const address = email('register');
    const res = await post(t, '/auth', fields(address));
    expect(res.status).toBe(200);
    const result = await formResultOf(res);
    expect(result).toMatchObject({ form: 'register', outcome: 'sent', values: { email: address, name: 'Nora Noscript' } });
    expect(JSON.stringify(result)).not.toContain('a long enough password');
    const [row] = await database.db.select().from(users).where(eq(users.email, address));
    expect(row).toMatchObject({ name: 'Nora Noscript', state: 'CA', district: 12, politicalAlignment: 'Independent', emailVerified: false });
    expect((await latestMail(address))?.textBody).toContain('/api/auth/verify-email?token=');
  });

  it('records the referrer of ?ref=', async () => {
    const referrer = await createUser(database.db);
    const address = email('referred');
    const res = await post(t, `/auth?ref=${referrer.id}`, fields(address));
    expect(res.status).toBe(200);
    const [row] = await database.db.select().from(users).where(eq(users.email, address));
    expect(row?.recruitedBy).toBe(referrer.id);
  });

  it.each([
    ['passwords that differ', { 'confirm-password': 'something else entirely' }, { confirmPassword: 'Passwords do not match' }],
    ['a missing name', { name: ' ' }, { name: true }],
    ['a district beyond the state', { district: '53' }, { district: "Please choose a district within the state's range" }],
    ['Other without its text', { alignment: 'Other' }, { otherAlignment: 'Please describe your political alignment' }],
  ])('refuses %s (422) with the field problem, the passwords never sent back', async (_, patch, problems) => {
    const address = email('refused');
    const res = await post(t, '/auth', fields(address, patch));
    expect(res.status).toBe(422);
    const text = await res.text();
    expect(text).not.toContain('a long enough password');
    const result = formResultIn(text) as AuthFormResult;
    expect(result).toMatchObject({ form: 'register', outcome: 'refused', problems });
    expect(await database.db.select().from(users).where(eq(users.email, address))).toEqual([]);
  });

  it('answers an address already registered as a new one (the page tells nobody who has an account)', async () => {
    const user = await createUser(database.db);
    const res = await post(t, '/auth', fields(user.email));
    expect(res.status).toBe(200);
    expect(await formResultOf(res)).toMatchObject({ form: 'register', outcome: 'sent', values: { email: user.email } });
  });
});

describe('the reset forms without JavaScript', () => {
  it('sends the reset mail, then sets the new password from the link: 303 to the Log In tab', async () => {
    const user = await createUser(database.db);
    const sent = await post(t, '/auth?reset=true', { form: 'forgot', email: user.email });
    expect(sent.status).toBe(200);
    expect(await formResultOf(sent)).toEqual({ form: 'forgot', outcome: 'sent', values: { email: user.email } });
    const link = new URL((await latestMail(user.email))!.textBody.match(/https?:\/\/\S+/)![0]);
    // The mailed link leads through better-auth to /auth?reset=true&token=…
    const landing = await t.request(link.pathname + link.search);
    const page = new URL(landing.headers.get('location')!, 'http://localhost');
    const token = page.searchParams.get('token')!;
    expect(token).toBeTruthy();

    const mismatch = await post(t, `/auth?reset=true&token=${token}`, { form: 'new-password', 'new-password': 'a new passphrase', 'confirm-password': 'another' });
    expect(mismatch.status).toBe(422);
    expect(await formResultOf(mismatch)).toMatchObject({ form: 'new-password', problems: { confirm: 'Passwords do not match' } });

    const done = await post(t, `/auth?reset=true&token=${token}`, { form: 'new-password', 'new-password': 'a new passphrase', 'confirm-password': 'a new passphrase' });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe('/auth?password-updated=1');
    expect((await t.request('/api/auth/sign-in/email', { method: 'POST', json: { email: user.email, password: 'a new passphrase' } })).status).toBe(200);

    // The link works once.
    const again = await post(t, `/auth?reset=true&token=${token}`, { form: 'new-password', 'new-password': 'a third passphrase', 'confirm-password': 'a third passphrase' });
    expect(again.status).toBe(400);
    expect(await formResultOf(again)).toMatchObject({ form: 'new-password', outcome: 'refused', refusal: { code: 'INVALID_TOKEN' } });
  });

  it('refuses a reset request without a valid email (422), and a new password without a token (400)', async () => {
    const bad = await post(t, '/auth', { form: 'forgot', email: 'not an email' });
    expect(bad.status).toBe(422);
    expect(await formResultOf(bad)).toMatchObject({ problems: { email: 'Please enter a valid email address' } });
    const noToken = await post(t, '/auth?reset=true', { form: 'new-password', 'new-password': 'a new passphrase', 'confirm-password': 'a new passphrase' });
    expect(noToken.status).toBe(422);
    expect(await formResultOf(noToken)).toMatchObject({ refusal: { code: 'INVALID_TOKEN' } });
  });
});

describe('what the form handler refuses (never a 500)', () => {
  it('a form from another site, or without an Origin: 403, nothing done', async () => {
    const user = await createUser(database.db);
    for (const origin of ['https://evil.example', 'null']) {
      const res = await post(t, '/auth', { form: 'login', email: user.email, password: user.password }, { headers: { origin } });
      expect(res.status).toBe(403);
      expect(res.headers.getSetCookie()).toEqual([]);
    }
    const res = await t.app.request('/auth', { method: 'POST', body: `form=login&email=${encodeURIComponent(user.email)}&password=x`, headers: { 'content-type': FORM } });
    expect(res.status).toBe(403);
  });

  it.each([
    ['JSON', 'application/json', JSON.stringify({ form: 'login', email: 'a@b.test', password: 'x' })],
    ['multipart', 'multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="form"\r\n\r\nlogin\r\n--x--\r\n'],
    ['no type', '', 'form=login'],
  ])('a body that is not form-encoded (%s): 415', async (_, type, body) => {
    const res = await t.request('/auth', { method: 'POST', body, headers: type ? { 'content-type': type } : {} });
    expect(res.status).toBe(415);
  });

  it('a huge body: 413, unread', async () => {
    const res = await post(t, '/auth', { form: 'login', email: 'a@b.test', password: 'x'.repeat(20_000) });
    expect(res.status).toBe(413);
  });

  it.each([
    ['no form named', 'email=a%40b.test&password=x'],
    ['an unknown form', 'form=delete-everything&email=a%40b.test'],
    ['nothing at all', ''],
  ])('%s: 400', async (_, body) => {
    expect((await post(t, '/auth', body)).status).toBe(400);
  });

  it.each([
    ['a NUL in the email', 'form=login&email=a%00b%40c.test&password=x'],
    ['bytes that are not UTF-8', 'form=login&email=%FF%FE%40x.test&password=%C3%28'],
    ['a broken escape', 'form=login&email=%E0%A4%A&password=%'],
    ['a NUL in the name', 'form=register&name=a%00b&email=x%40y.test&new-password=12345678&confirm-password=12345678&alignment=Independent&state=CA&district=1'],
    ['a control character in a token', 'form=new-password&new-password=a%20new%20passphrase&confirm-password=a%20new%20passphrase'],
  ])('%s: a 4xx with the form drawn again', async (_, body) => {
    const res = await post(t, '/auth?reset=true&token=%00', body);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });

  it('the per-address rate limit of sign-in applies: 429 with Retry-After, the form drawn again', async () => {
    const limited = createTestApp(database.db, { webDist: dist, ssrDist: ssr, settings: { AUTH_RATE_LIMIT_MAX: 2 } });
    const user = await createUser(database.db);
    const address = '203.0.113.77';
    for (let i = 0; i < 2; i++) {
      expect((await post(limited, '/auth', { form: 'login', email: user.email, password: 'wrong password' }, { remoteAddress: address })).status).toBe(401);
    }
    const res = await post(limited, '/auth', { form: 'login', email: user.email, password: user.password }, { remoteAddress: address });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await formResultOf(res)).toMatchObject({ form: 'login', refusal: { status: 429, code: 'rate_limited' } });
    // Another address is not held back.
    expect((await post(limited, '/auth', { form: 'login', email: user.email, password: user.password }, { remoteAddress: '203.0.113.78' })).status).toBe(303);
  });

  it('behind a trusted proxy the limit is the forwarded client’s, through the form too (decision 041)', async () => {
    const limited = createTestApp(database.db, { webDist: dist, ssrDist: ssr, settings: { AUTH_RATE_LIMIT_MAX: 2, TRUSTED_PROXIES: ['loopback'] } });
    const user = await createUser(database.db);
    const behindProxy = (client: string, password: string) =>
      post(limited, '/auth', { form: 'login', email: user.email, password }, { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': client } });
    for (let i = 0; i < 2; i++) expect((await behindProxy('203.0.113.90', 'wrong password')).status).toBe(401);
    expect((await behindProxy('203.0.113.90', user.password)).status).toBe(429);
    expect((await behindProxy('203.0.113.91', user.password)).status).toBe(303);
  });

  it("the per-account back-off of sign-in applies, whatever the address", async () => {
    const throttled = createTestApp(database.db, { webDist: dist, ssrDist: ssr, settings: { SIGN_IN_FREE_FAILURES: 1 } });
    const user = await createUser(database.db);
    expect((await post(throttled, '/auth', { form: 'login', email: user.email, password: 'wrong 1' }, { remoteAddress: '198.51.100.1' })).status).toBe(401);
    const res = await post(throttled, '/auth', { form: 'login', email: user.email, password: DEFAULT_PASSWORD }, { remoteAddress: '198.51.100.2' });
    expect(res.status).toBe(429);
  });

  it('the mail limit per recipient applies to the reset form', async () => {
    const limited = createTestApp(database.db, { webDist: dist, ssrDist: ssr, settings: { AUTH_MAILS_PER_RECIPIENT_MAX: 1 } });
    const user = await createUser(database.db);
    expect((await post(limited, '/auth', { form: 'forgot', email: user.email })).status).toBe(200);
    expect((await post(limited, '/auth', { form: 'forgot', email: user.email })).status).toBe(429);
    const mails = await database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, user.email)));
    expect(mails).toHaveLength(1);
  });
});

describe('the other pages take no form', () => {
  it.each(['/caucus/00000000-0000-4000-8000-000000000000', '/debate/1', '/', '/profile', '/auth/other'])('POST %s: 405, Allow: GET, HEAD', async (url) => {
    const res = await post(t, url, { password: 'a secret' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD');
    expect(await res.text()).toContain('This page cannot take a form');
  });

  it('GET /auth is still the page', async () => {
    const res = await t.request('/auth');
    expect(res.status).toBe(200);
    expect(await formResultOf(res)).toBeNull();
  });
});
