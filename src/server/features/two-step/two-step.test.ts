import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthFormResult } from '../../../domain/auth/auth-form-result';
import { RENDERER_FILE } from '../../http/page-render';
import { TWO_STEP_MESSAGES, type RecoveryCodes, type TwoStepSetup, type TwoStepStatus } from '../../../domain/accounts/two-step';
import { RECENT_PROOF_REQUIRED } from '../../../domain/accounts/recent-proof';
import type { Database } from '../../db/client';
import { sessions, twoFactors, users } from '../../db/schema/auth';
import { createUser } from '../../test/factories';
import { createTestApp } from '../../test/test-app';
import { createTestDatabase } from '../../test/test-database';
import { verifyTwoStepCode } from './two-step-code.service';

let database: Database;
let t: ReturnType<typeof createTestApp>;

let forms: ReturnType<typeof createTestApp>;
let dist: string;
let ssr: string;

beforeAll(async () => {
  database = await createTestDatabase();
  t = createTestApp(database.db);
  // The /auth page's forms without JavaScript (decision 035), with a renderer that prints the form result.
  dist = mkdtempSync(path.join(tmpdir(), 'two-step-web-'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html lang="en"><head><title>App</title></head><body><div id="root"></div></body></html>');
  ssr = mkdtempSync(path.join(tmpdir(), 'two-step-ssr-'));
  writeFileSync(
    path.join(ssr, RENDERER_FILE),
    'export const renderPage = async (r) => ({ html: `<pre id="form-result">${JSON.stringify(r.formResult ?? null).replace(/</g, "\\\\u003c")}</pre>`, state: "{}" });',
  );
  forms = createTestApp(database.db, { webDist: dist, ssrDist: ssr });
});
afterAll(() => {
  rmSync(dist, { recursive: true, force: true });
  rmSync(ssr, { recursive: true, force: true });
});

type Person = Awaited<ReturnType<typeof createUser>>;
const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; message: string } }).error;

/** A browser's cookie jar, enough for these tests: set cookies replace, emptied ones go. */
class Jar {
  private readonly cookies = new Map<string, string>();
  take(res: Response): this {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      const name = pair!.slice(0, at);
      const value = pair!.slice(at + 1);
      if (!value || /max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return this;
  }
  has(part: string): boolean {
    return [...this.cookies.keys()].some((name) => name.includes(part));
  }
  drop(part: string): this {
    for (const name of [...this.cookies.keys()]) if (name.includes(part)) this.cookies.delete(name);
    return this;
  }
  get header(): string {
    return [...this.cookies].map(([n, v]) => `${n}=${v}`).join('; ');
  }
}

const codeFor = (key: string) => createOTP(base32.decode(key), { digits: 6, period: 30 }).totp();
/** A code that is not the current one (nor within the plugin's window of one period either side). */
const wrongCodeFor = async (key: string) => {
  const right = await codeFor(key);
  return right === '000000' ? '111111' : '000000';
};

async function signInWithPassword(jar: Jar, who: Person) {
  const res = await t.request('/api/auth/sign-in/email', { method: 'POST', cookie: jar.header, json: { email: who.email, password: who.password } });
  jar.take(res);
  return res;
}

async function whoIsSignedIn(jar: Jar): Promise<string | null> {
  const res = await t.request('/api/session', { cookie: jar.header });
  return ((await res.json()) as { user: { id: string } | null }).user?.id ?? null;
}

/** Turns two-step sign-in on for a new person: their key, recovery codes and signed-in jar. */
async function personWithTwoStep() {
  const who = await createUser(database.db);
  const jar = new Jar();
  expect((await signInWithPassword(jar, who)).status).toBe(200);
  const setup = await t.request('/api/me/two-step/setup', { method: 'POST', cookie: jar.header, json: { password: who.password } });
  expect(setup.status).toBe(200);
  const { key } = (await setup.json()) as TwoStepSetup;
  const confirm = await t.request('/api/me/two-step/confirm', { method: 'POST', cookie: jar.header, json: { code: await codeFor(key) } });
  expect(confirm.status).toBe(200);
  jar.take(confirm);
  const { recoveryCodes } = (await confirm.json()) as RecoveryCodes;
  return { who, jar, key, recoveryCodes };
}

describe('turning two-step sign-in on (decision 050)', () => {
  it('needs the password, gives a key that is not on until its first code, then shows ten recovery codes once', async () => {
    const who = await createUser(database.db);
    const jar = new Jar();
    await signInWithPassword(jar, who);

    const wrong = await t.request('/api/me/two-step/setup', { method: 'POST', cookie: jar.header, json: { password: 'not the password' } });
    expect(wrong.status).toBe(400);
    expect(await errorOf(wrong)).toMatchObject({ code: 'wrong_password', message: TWO_STEP_MESSAGES.wrongPassword });
    expect(await database.db.select().from(twoFactors).where(eq(twoFactors.userId, who.id))).toEqual([]);

    const setup = await t.request('/api/me/two-step/setup', { method: 'POST', cookie: jar.header, json: { password: who.password } });
    expect(setup.status).toBe(200);
    const { key, totpUri } = (await setup.json()) as TwoStepSetup;
    expect(key).toMatch(/^[A-Z2-7]{32,}$/);
    expect(totpUri).toContain(`secret=${key}`);
    // Sealed at rest: the key is not in the row.
    const [row] = await database.db.select().from(twoFactors).where(eq(twoFactors.userId, who.id));
    expect(row!.verified).toBe(false);
    expect(row!.secret).not.toContain(key);

    const status = async () => (await (await t.request('/api/me/two-step', { cookie: jar.header })).json()) as TwoStepStatus;
    expect(await status()).toEqual({ enabled: false, recoveryCodesLeft: null });

    const badCode = await t.request('/api/me/two-step/confirm', { method: 'POST', cookie: jar.header, json: { code: await wrongCodeFor(key) } });
    expect(badCode.status).toBe(400);
    expect((await errorOf(badCode)).code).toBe('wrong_code');
    expect(await status()).toEqual({ enabled: false, recoveryCodesLeft: null });

    const confirm = await t.request('/api/me/two-step/confirm', { method: 'POST', cookie: jar.header, json: { code: await codeFor(key) } });
    expect(confirm.status).toBe(200);
    const { recoveryCodes } = (await confirm.json()) as RecoveryCodes;
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/);
    // better-auth replaced the session: the new cookie is the one that works.
    jar.take(confirm);
    expect(await whoIsSignedIn(jar)).toBe(who.id);
    expect(await status()).toEqual({ enabled: true, recoveryCodesLeft: 10 });
    const [user] = await database.db.select({ on: users.twoFactorEnabled }).from(users).where(eq(users.id, who.id));
    expect(user!.on).toBe(true);

    // Once on, confirming again shows nothing, and a new setup is refused.
    const again = await t.request('/api/me/two-step/confirm', { method: 'POST', cookie: jar.header, json: { code: await codeFor(key) } });
    expect(again.status).toBe(409);
    const setupAgain = await t.request('/api/me/two-step/setup', { method: 'POST', cookie: jar.header, json: { password: who.password } });
    expect(setupAgain.status).toBe(409);
    expect((await errorOf(setupAgain)).message).toBe(TWO_STEP_MESSAGES.alreadyOn);
  });

  it('refuses a confirmation that was never started, and a visitor', async () => {
    const who = await createUser(database.db);
    const jar = new Jar();
    await signInWithPassword(jar, who);
    const none = await t.request('/api/me/two-step/confirm', { method: 'POST', cookie: jar.header, json: { code: '123456' } });
    expect(none.status).toBe(409);
    expect((await errorOf(none)).code).toBe('two_step_not_started');
    expect((await t.request('/api/me/two-step', {})).status).toBe(401);
  });

  it('gives ten new recovery codes for the password; the old ones stop working', async () => {
    const { who, jar, recoveryCodes } = await personWithTwoStep();
    const wrong = await t.request('/api/me/two-step/recovery-codes', { method: 'POST', cookie: jar.header, json: { password: 'nope nope nope' } });
    expect(wrong.status).toBe(400);
    const res = await t.request('/api/me/two-step/recovery-codes', { method: 'POST', cookie: jar.header, json: { password: who.password } });
    expect(res.status).toBe(200);
    const fresh = ((await res.json()) as RecoveryCodes).recoveryCodes;
    expect(fresh).toHaveLength(10);
    expect(await verifyTwoStepCode({ db: database.db, secret: 'test-secret-test-secret-test-secret-0123456789' }, who.id, recoveryCodes[0]!)).toBe(false);
    expect(await verifyTwoStepCode({ db: database.db, secret: 'test-secret-test-secret-test-secret-0123456789' }, who.id, fresh[0]!)).toBe(true);
  });
});

describe('the password asked on this page', () => {
  it('backs off wrong passwords as wrong sign-ins (one count for both), even sent twenty at once', async () => {
    const throttled = createTestApp(database.db, { settings: { SIGN_IN_FREE_FAILURES: 3 } });
    const who = await createUser(database.db);
    const jar = new Jar();
    jar.take(await throttled.request('/api/auth/sign-in/email', { method: 'POST', json: { email: who.email, password: who.password } }));
    const ask = (path: string, password: string) => throttled.request(path, { method: 'POST', cookie: jar.header, json: { password } });
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => ask('/api/me/two-step/setup', `guess ${i}`)));
    const statuses = answers.map((res) => res.status).sort();
    expect(statuses.filter((status) => status === 400)).toHaveLength(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(17);
    // The right password waits too, and so does the sign-in.
    const waited = await ask('/api/me/two-step/setup', who.password);
    expect(waited.status).toBe(429);
    expect(Number(waited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await throttled.request('/api/auth/sign-in/email', { method: 'POST', json: { email: who.email, password: who.password } })).status).toBe(429);
    expect(await database.db.select().from(twoFactors).where(eq(twoFactors.userId, who.id))).toEqual([]);
  });

  it('forgets the wrong passwords after a right one', async () => {
    const throttled = createTestApp(database.db, { settings: { SIGN_IN_FREE_FAILURES: 2 } });
    const who = await createUser(database.db);
    const jar = new Jar();
    jar.take(await throttled.request('/api/auth/sign-in/email', { method: 'POST', json: { email: who.email, password: who.password } }));
    const ask = (password: string) => throttled.request('/api/me/two-step/setup', { method: 'POST', cookie: jar.header, json: { password } });
    expect((await ask('guess 1')).status).toBe(400);
    expect((await ask(who.password)).status).toBe(200);
    expect((await ask('guess 2')).status).toBe(400);
    expect((await ask('guess 3')).status).toBe(400);
    expect((await ask(who.password)).status).toBe(429);
  });
});

describe('signing in with two-step sign-in on', () => {
  it('asks for the code after the password: no session until the right code', async () => {
    const { who, key } = await personWithTwoStep();
    const browser = new Jar();
    const first = await signInWithPassword(browser, who);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ twoFactorRedirect: true, twoFactorMethods: ['totp'] });
    expect(browser.has('session_token')).toBe(false);
    expect(browser.has('two_factor')).toBe(true);
    expect(await whoIsSignedIn(browser)).toBeNull();

    const wrong = await t.request('/api/auth/two-factor/verify-totp', { method: 'POST', cookie: browser.header, json: { code: await wrongCodeFor(key) } });
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as { code: string }).code).toBe('INVALID_CODE');
    expect(await whoIsSignedIn(browser)).toBeNull();

    const right = await t.request('/api/auth/two-factor/verify-totp', { method: 'POST', cookie: browser.header, json: { code: await codeFor(key) } });
    expect(right.status).toBe(200);
    browser.take(right);
    expect(await whoIsSignedIn(browser)).toBe(who.id);
    // Without the password first there is nothing to answer.
    const stranger = await t.request('/api/auth/two-factor/verify-totp', { method: 'POST', json: { code: await codeFor(key) } });
    expect(stranger.status).toBe(400);
    expect((await errorOf(stranger)).code).toBe('two_step_expired');
  });

  it('ends the code step after five wrong codes: the password again', async () => {
    const { who, key } = await personWithTwoStep();
    const browser = new Jar();
    await signInWithPassword(browser, who);
    const wrong = await wrongCodeFor(key);
    for (let i = 0; i < 5; i++) {
      const res = await t.request('/api/auth/two-factor/verify-totp', { method: 'POST', cookie: browser.header, json: { code: wrong } });
      expect(res.status).toBe(401);
    }
    const sixth = await t.request('/api/auth/two-factor/verify-totp', { method: 'POST', cookie: browser.header, json: { code: await codeFor(key) } });
    expect(sixth.status).toBe(400);
    expect(((await sixth.json()) as { code: string }).code).toBe('TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE');
    expect(await whoIsSignedIn(browser.take(sixth))).toBeNull();
  });

  it('takes a recovery code once and never again', async () => {
    const { who, recoveryCodes } = await personWithTwoStep();
    const [code] = recoveryCodes;
    const first = new Jar();
    await signInWithPassword(first, who);
    const used = await t.request('/api/auth/two-factor/verify-backup-code', { method: 'POST', cookie: first.header, json: { code } });
    expect(used.status).toBe(200);
    expect(await whoIsSignedIn(first.take(used))).toBe(who.id);

    const second = new Jar();
    await signInWithPassword(second, who);
    const again = await t.request('/api/auth/two-factor/verify-backup-code', { method: 'POST', cookie: second.header, json: { code } });
    expect(again.status).toBe(401);
    expect(((await again.json()) as { code: string }).code).toBe('INVALID_BACKUP_CODE');
    expect(await whoIsSignedIn(second.take(again))).toBeNull();
    const status = (await (await t.request('/api/me/two-step', { cookie: first.header })).json()) as TwoStepStatus;
    expect(status.recoveryCodesLeft).toBe(9);
  });

  it('skips the code on a trusted device, and only there', async () => {
    const { who, key } = await personWithTwoStep();
    const trusted = new Jar();
    await signInWithPassword(trusted, who);
    const verified = await t.request('/api/auth/two-factor/verify-totp', { method: 'POST', cookie: trusted.header, json: { code: await codeFor(key), trustDevice: true } });
    expect(verified.status).toBe(200);
    trusted.take(verified);
    expect(trusted.has('trust_device')).toBe(true);

    // Signed out, then in again on the same browser: the password is enough.
    trusted.drop('session_token');
    const again = await signInWithPassword(trusted, who);
    expect(((await again.json()) as { token?: string }).token).toBeTruthy();
    expect(await whoIsSignedIn(trusted)).toBe(who.id);

    // Another browser still gets the code step.
    const other = new Jar();
    const elsewhere = await signInWithPassword(other, who);
    expect(await elsewhere.json()).toMatchObject({ twoFactorRedirect: true });
  });
});

describe('turning two-step sign-in off', () => {
  it('needs a recent proof and the password; then the password alone signs in', async () => {
    const { who, jar } = await personWithTwoStep();
    const [session] = await database.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, who.id));
    await database.db.update(sessions).set({ provenAt: new Date(Date.now() - 60 * 60_000) }).where(eq(sessions.id, session!.id));
    const stale = await t.request('/api/me/two-step/disable', { method: 'POST', cookie: jar.header, json: { password: who.password } });
    expect(stale.status).toBe(403);
    expect((await errorOf(stale)).code).toBe(RECENT_PROOF_REQUIRED.code);

    await database.db.update(sessions).set({ provenAt: new Date() }).where(eq(sessions.id, session!.id));
    const wrong = await t.request('/api/me/two-step/disable', { method: 'POST', cookie: jar.header, json: { password: 'wrong password!' } });
    expect(wrong.status).toBe(400);
    expect((await errorOf(wrong)).code).toBe('wrong_password');

    const off = await t.request('/api/me/two-step/disable', { method: 'POST', cookie: jar.header, json: { password: who.password } });
    expect(off.status).toBe(200);
    expect(await off.json()).toEqual({ enabled: false });
    jar.take(off);
    expect(await whoIsSignedIn(jar)).toBe(who.id);
    expect(await database.db.select().from(twoFactors).where(eq(twoFactors.userId, who.id))).toEqual([]);

    const browser = new Jar();
    const signIn = await signInWithPassword(browser, who);
    expect(((await signIn.json()) as { token?: string }).token).toBeTruthy();
    const offAgain = await t.request('/api/me/two-step/disable', { method: 'POST', cookie: jar.header, json: { password: who.password } });
    expect(offAgain.status).toBe(409);
  });
});

describe('verifyTwoStepCode (for "Confirm it\'s you")', () => {
  const deps = () => ({ db: database.db, secret: 'test-secret-test-secret-test-secret-0123456789' });

  it('takes the current code, refuses a wrong one, and is false for someone without two-step sign-in', async () => {
    const { who, key } = await personWithTwoStep();
    expect(await verifyTwoStepCode(deps(), who.id, await codeFor(key))).toBe(true);
    expect(await verifyTwoStepCode(deps(), who.id, ` ${(await codeFor(key)).replace(/(\d{3})/, '$1 ')} `)).toBe(true);
    expect(await verifyTwoStepCode(deps(), who.id, await wrongCodeFor(key))).toBe(false);
    expect(await verifyTwoStepCode(deps(), who.id, 'not a code')).toBe(false);
    const plain = await createUser(database.db);
    expect(await verifyTwoStepCode(deps(), plain.id, await codeFor(key))).toBe(false);
  });

  it('spends a recovery code once, even when asked twice at the same moment', async () => {
    const { who, recoveryCodes } = await personWithTwoStep();
    const code = recoveryCodes[3]!;
    const answers = await Promise.all([verifyTwoStepCode(deps(), who.id, code), verifyTwoStepCode(deps(), who.id, code)]);
    expect(answers.filter(Boolean)).toHaveLength(1);
    expect(await verifyTwoStepCode(deps(), who.id, code)).toBe(false);
    // Typed without its dash it is the same code.
    expect(await verifyTwoStepCode(deps(), who.id, recoveryCodes[4]!.replace('-', ''))).toBe(true);
  });

  it('spends ten different recovery codes asked at the same moment, each once', async () => {
    const { who, recoveryCodes } = await personWithTwoStep();
    const answers = await Promise.all(recoveryCodes.map((code) => verifyTwoStepCode(deps(), who.id, code)));
    expect(answers).toEqual(recoveryCodes.map(() => true));
    for (const code of recoveryCodes) expect(await verifyTwoStepCode(deps(), who.id, code)).toBe(false);
  });

  it('is false while the code step is locked after too many wrong codes', async () => {
    const { who, key } = await personWithTwoStep();
    await database.db.update(twoFactors).set({ lockedUntil: new Date(Date.now() + 60_000) }).where(eq(twoFactors.userId, who.id));
    expect(await verifyTwoStepCode(deps(), who.id, await codeFor(key))).toBe(false);
  });
});

describe('the code step without JavaScript (decision 035)', () => {
  const post = (url: string, fields: Record<string, string>, cookie = '') =>
    forms.request(url, { method: 'POST', body: new URLSearchParams(fields).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) } });
  const formResultOf = async (res: Response) => JSON.parse(/<pre id="form-result">([^<]*)<\/pre>/.exec(await res.text())![1]!) as AuthFormResult;

  it('leads from the password form to a code form, and a right code signs in; nothing secret in an address', async () => {
    const { who, key, recoveryCodes } = await personWithTwoStep();
    const browser = new Jar();
    const password = await post('/auth?next=%2Fcaucus-search', { form: 'login', email: who.email, password: who.password });
    expect(password.status).toBe(303);
    expect(password.headers.get('location')).toBe('/auth?two-step=1&next=%2Fcaucus-search');
    browser.take(password);
    expect(browser.has('two_factor')).toBe(true);
    expect(browser.has('session_token')).toBe(false);

    const empty = await post('/auth?two-step=1', { form: 'two-step', code: '' }, browser.header);
    expect(empty.status).toBe(422);
    expect((await formResultOf(empty)).problems).toEqual({ code: true });

    const wrong = await post('/auth?two-step=1', { form: 'two-step', code: await wrongCodeFor(key) }, browser.header);
    expect(wrong.status).toBe(401);
    expect((await formResultOf(wrong)).refusal).toMatchObject({ code: 'INVALID_CODE' });

    const right = await post('/auth?two-step=1&next=%2Fcaucus-search', { form: 'two-step', code: await codeFor(key), trust: '1' }, browser.header);
    expect(right.status).toBe(303);
    expect(right.headers.get('location')).toBe('/caucus-search');
    browser.take(right);
    expect(browser.has('trust_device')).toBe(true);
    expect(await whoIsSignedIn(browser)).toBe(who.id);

    // A recovery code works the same way (told apart by its shape), once.
    const other = new Jar().take(await post('/auth', { form: 'login', email: who.email, password: who.password }));
    const recovered = await post('/auth?two-step=1', { form: 'two-step', code: recoveryCodes[0]!.replace('-', '') }, other.header);
    expect(recovered.status).toBe(303);
    expect(recovered.headers.get('location')).toBe('/profile');
    expect(await whoIsSignedIn(other.take(recovered))).toBe(who.id);
  });
});
