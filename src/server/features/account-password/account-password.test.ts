// Issue 32, A: common and breached passwords refused at sign-up, reset and change; changing
// one's password with the current one (throttled like sign-in, other sessions end, a notice).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMON_PASSWORD } from '../../../domain/accounts/common-passwords';
import { PASSWORD_CHANGE_MESSAGES } from '../../../domain/accounts/password-change';
import type { AuthFormResult } from '../../../domain/auth/auth-form-result';
import type { Database } from '../../db/client';
import { accounts, sessions, users } from '../../db/schema/auth';
import { mailOutbox } from '../../db/schema/platform';
import { RENDERER_FILE } from '../../http/page-render';
import { createUser } from '../../test/factories';
import { createTestApp } from '../../test/test-app';
import { createTestDatabase } from '../../test/test-database';
import { commonPasswords } from './common-passwords.service';

let database: Database;
let t: ReturnType<typeof createTestApp>;
let dist: string;
let ssr: string;

beforeAll(async () => {
  database = await createTestDatabase();
  dist = mkdtempSync(path.join(tmpdir(), 'account-password-web-'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html lang="en"><head><title>App</title></head><body><div id="root"></div></body></html>');
  // A renderer that draws the form result it was given (as in auth-forms.test.ts).
  ssr = mkdtempSync(path.join(tmpdir(), 'account-password-ssr-'));
  writeFileSync(
    path.join(ssr, RENDERER_FILE),
    'export const renderPage = async (r) => ({ html: `<pre id="form-result">${JSON.stringify(r.formResult ?? null).replace(/</g, "\\\\u003c")}</pre>`, state: "{}" });',
  );
  t = createTestApp(database.db, { webDist: dist, ssrDist: ssr });
});
afterAll(() => {
  rmSync(dist, { recursive: true, force: true });
  rmSync(ssr, { recursive: true, force: true });
});

type Person = Awaited<ReturnType<typeof createUser>>;
const COMMON = 'iloveyou123';
const NEW_PASSWORD = 'a sturdier passphrase 2026';
const errorOf = async (res: Response) => {
  const body = (await res.json()) as { error?: { code: string; message: string }; code?: string; message?: string };
  return body.error ?? { code: body.code, message: body.message };
};
let n = 0;
const address = (tag: string) => `${tag}-${++n}-${Date.now()}@example.test`;
const mailsTo = (to: string) => database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to));
const passwordHashOf = async (userId: string) => (await database.db.select({ password: accounts.password }).from(accounts).where(eq(accounts.userId, userId)))[0]!.password;

const change = (cookie: string, body: unknown, headers: Record<string, string> = {}, app = t) =>
  app.request('/api/me/password', { method: 'POST', cookie, json: body, headers: { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0', ...headers } });

describe('the common-password list', () => {
  it('is zxcvbn-ts’s list of common and breached passwords, loaded once', () => {
    expect(commonPasswords().size).toBeGreaterThan(40_000);
    expect(commonPasswords()).toBe(commonPasswords());
    expect(commonPasswords().has(COMMON)).toBe(true);
  });
});

describe('common passwords refused at sign-up and reset (better-auth hook)', () => {
  const signUpBody = (email: string, password: string) => ({ email, password, name: 'Nia Common', politicalAlignment: 'Independent', state: 'CA', district: 12, callbackURL: '/auth?confirmed=1' });

  it('refuses a common password at sign-up with the reason, in English and Spanish, and makes no account', async () => {
    const email = address('common-signup');
    const res = await t.request('/api/auth/sign-up/email', { method: 'POST', json: signUpBody(email, 'Password1234') });
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toMatchObject({ code: COMMON_PASSWORD.code, message: COMMON_PASSWORD.message });
    const spanish = await t.request('/api/auth/sign-up/email', { method: 'POST', json: signUpBody(email, COMMON), headers: { 'accept-language': 'es' } });
    expect((await errorOf(spanish)).message).toBe('Esta contraseña es demasiado común o apareció en filtraciones de datos. Elige otra.');
    expect(await database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    expect(await mailsTo(email)).toEqual([]);
    // A password that is not on the list goes through.
    expect((await t.request('/api/auth/sign-up/email', { method: 'POST', json: signUpBody(email, NEW_PASSWORD) })).status).toBe(200);
  });

  it('refuses it the same for an address that already has an account (nothing told, no mail)', async () => {
    const user = await createUser(database.db);
    const res = await t.request('/api/auth/sign-up/email', { method: 'POST', json: signUpBody(user.email, COMMON) });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).code).toBe(COMMON_PASSWORD.code);
    expect(await mailsTo(user.email)).toEqual([]);
  });

  it('refuses it from the Register form without JavaScript, under the password field', async () => {
    const email = address('common-form');
    const fields = { form: 'register', name: 'Nora Noscript', email, 'new-password': COMMON, 'confirm-password': COMMON, alignment: 'Independent', 'other-alignment': '', state: 'CA', district: '12' };
    const res = await t.request('/auth', { method: 'POST', body: new URLSearchParams(fields).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(res.status).toBe(400);
    const html = await res.text();
    const result = JSON.parse(/<pre id="form-result">([^<]*)<\/pre>/.exec(html)![1]!) as AuthFormResult;
    expect(result).toMatchObject({ form: 'register', outcome: 'refused', refusal: { code: COMMON_PASSWORD.code, message: COMMON_PASSWORD.message } });
    expect(html).not.toContain(COMMON);
    expect(await database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it('refuses it at reset; the link still works for a good password', async () => {
    const user = await createUser(database.db);
    await t.request('/api/auth/request-password-reset', { method: 'POST', json: { email: user.email, redirectTo: '/auth?reset=true' } });
    const [mail] = await database.db.select().from(mailOutbox).where(and(eq(mailOutbox.toAddress, user.email), like(mailOutbox.subject, '%eset%')));
    const link = new URL(mail!.textBody.match(/https?:\/\/\S+/)![0]);
    const landing = await t.request(link.pathname + link.search);
    const token = new URL(landing.headers.get('location')!, 'http://localhost:3000').searchParams.get('token')!;
    const before = await passwordHashOf(user.id);
    const refused = await t.request('/api/auth/reset-password', { method: 'POST', json: { token, newPassword: COMMON } });
    expect(refused.status).toBe(400);
    expect((await errorOf(refused)).code).toBe(COMMON_PASSWORD.code);
    expect(await passwordHashOf(user.id)).toBe(before);
    expect((await t.request('/api/auth/reset-password', { method: 'POST', json: { token, newPassword: NEW_PASSWORD } })).status).toBe(200);
    expect(await t.signIn(user.email, NEW_PASSWORD)).toContain('session_token');
  });
});

describe('POST /api/me/password', () => {
  async function twoDevices(who: Person) {
    const here = await t.signIn(who.email, who.password);
    const there = await t.signIn(who.email, who.password);
    return { here, there };
  }

  it('changes the password: this session stays (proven now), every other one ends, a notice is mailed', async () => {
    const who = await createUser(database.db);
    const { here, there } = await twoDevices(who);
    await database.db.update(sessions).set({ provenAt: new Date(Date.now() - 3_600_000) }).where(eq(sessions.userId, who.id));
    const res = await change(here, { currentPassword: who.password, newPassword: NEW_PASSWORD });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ changed: true, signedOutSessions: 1 });
    expect((await t.request('/api/me', { cookie: here })).status).toBe(200);
    expect((await t.request('/api/me', { cookie: there })).status).toBe(401);
    const [left] = await database.db.select().from(sessions).where(eq(sessions.userId, who.id));
    expect(Date.now() - left!.provenAt.getTime()).toBeLessThan(60_000);
    await expect(t.signIn(who.email, who.password)).rejects.toThrow();
    expect(await t.signIn(who.email, NEW_PASSWORD)).toContain('session_token');
    const notice = (await mailsTo(who.email)).find((m) => m.subject === 'Your password was changed');
    expect(notice?.textBody).toContain('Changed from: Firefox on Windows');
    expect(notice?.textBody).toContain('http://localhost:3000/auth?reset=true');
    expect(notice?.textBody).not.toContain(NEW_PASSWORD);
  });

  it('mails the notice in the person’s language', async () => {
    const who = await createUser(database.db, { language: 'es' });
    const cookie = await t.signIn(who.email, who.password);
    expect((await change(cookie, { currentPassword: who.password, newPassword: NEW_PASSWORD })).status).toBe(200);
    const notice = (await mailsTo(who.email)).find((m) => m.subject === 'Se cambió tu contraseña');
    expect(notice?.textBody).toContain('Cambiada desde: Firefox en Windows');
  });

  it.each([
    ['a wrong current password', { currentPassword: 'not my password', newPassword: NEW_PASSWORD }, 'wrong_password', PASSWORD_CHANGE_MESSAGES.wrongCurrent],
    ['no current password', { currentPassword: '', newPassword: NEW_PASSWORD }, 'invalid_input', PASSWORD_CHANGE_MESSAGES.currentRequired],
    ['a short new password', { currentPassword: 'CURRENT', newPassword: 'short' }, 'invalid_input', PASSWORD_CHANGE_MESSAGES.tooShort],
    ['a new password too long', { currentPassword: 'CURRENT', newPassword: 'x'.repeat(129) }, 'invalid_input', PASSWORD_CHANGE_MESSAGES.tooLong],
    ['a common new password', { currentPassword: 'CURRENT', newPassword: 'Sunshine1' }, COMMON_PASSWORD.code, COMMON_PASSWORD.message],
    ['the same password again', { currentPassword: 'CURRENT', newPassword: 'CURRENT' }, 'same_password', PASSWORD_CHANGE_MESSAGES.sameAsCurrent],
  ])('refuses %s with a 400 and changes nothing', async (_name, body, code, message) => {
    const who = await createUser(database.db);
    const { here, there } = await twoDevices(who);
    const before = await passwordHashOf(who.id);
    const swap = (v: string) => (v === 'CURRENT' ? who.password : v);
    const res = await change(here, { currentPassword: swap(body.currentPassword), newPassword: swap(body.newPassword) });
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toMatchObject({ code, message });
    expect(await passwordHashOf(who.id)).toBe(before);
    expect((await t.request('/api/me', { cookie: there })).status).toBe(200);
    expect((await mailsTo(who.email)).filter((m) => m.subject === 'Your password was changed')).toEqual([]);
  });

  it('asks a visitor to sign in', async () => {
    const res = await t.request('/api/me/password', { method: 'POST', json: { currentPassword: 'a', newPassword: NEW_PASSWORD } });
    expect(res.status).toBe(401);
  });

  it('backs off wrong current passwords like wrong sign-ins (one count for both), and forgets them after a right one', async () => {
    const throttled = createTestApp(database.db, { settings: { SIGN_IN_FREE_FAILURES: 2 } });
    const who = await createUser(database.db);
    const cookie = await throttled.signIn(who.email, who.password);
    expect((await change(cookie, { currentPassword: 'guess 1', newPassword: NEW_PASSWORD }, {}, throttled)).status).toBe(400);
    // The right password clears the count (as a right sign-in does) before the refusal about the new one.
    expect((await change(cookie, { currentPassword: who.password, newPassword: who.password }, {}, throttled)).status).toBe(400);
    expect((await change(cookie, { currentPassword: 'guess 2', newPassword: NEW_PASSWORD }, {}, throttled)).status).toBe(400);
    expect((await change(cookie, { currentPassword: 'guess 3', newPassword: NEW_PASSWORD }, {}, throttled)).status).toBe(400);
    const waited = await change(cookie, { currentPassword: who.password, newPassword: NEW_PASSWORD }, {}, throttled);
    expect(waited.status).toBe(429);
    expect(Number(waited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Sign-in shares the count: it waits too.
    const signIn = await throttled.request('/api/auth/sign-in/email', { method: 'POST', json: { email: who.email, password: who.password } });
    expect(signIn.status).toBe(429);
    await expect(throttled.signIn(who.email, NEW_PASSWORD)).rejects.toThrow();
  });

  it('of two changes at once with the right password, exactly one wins', async () => {
    const who = await createUser(database.db);
    const cookie = await t.signIn(who.email, who.password);
    const answers = await Promise.all(['first new passphrase', 'second new passphrase', 'third new passphrase'].map((newPassword) => change(cookie, { currentPassword: who.password, newPassword })));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 400, 400]);
    expect((await mailsTo(who.email)).filter((m) => m.subject === 'Your password was changed')).toHaveLength(1);
  });
});
