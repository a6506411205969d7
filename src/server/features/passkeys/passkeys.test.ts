import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { PASSKEY_MESSAGES, type Passkey } from '../../../domain/accounts/passkeys';
import type { Database } from '../../db/client';
import { passkeys, sessions, users, webauthnChallenges } from '../../db/schema/auth';
import { createUser } from '../../test/factories';
import { createSoftwareAuthenticator, type Bend, type SoftwareAuthenticator } from '../../test/software-authenticator';
import { cookieOf, createTestApp, TEST_ORIGIN } from '../../test/test-app';
import { createTestDatabase } from '../../test/test-database';

let database: Database;
let t: ReturnType<typeof createTestApp>;

beforeAll(async () => {
  database = await createTestDatabase();
  t = createTestApp(database.db);
});

type Person = Awaited<ReturnType<typeof createUser>>;
type App = ReturnType<typeof createTestApp>;
const errorOf = async (res: Response) => {
  const body = (await res.json()) as { error?: { code: string; message: string }; code?: string; message?: string };
  return body.error ?? { code: body.code!, message: body.message! };
};
const RP_ID = new URL(TEST_ORIGIN).hostname;
const newAuthenticator = (synced = false) => createSoftwareAuthenticator({ origin: TEST_ORIGIN, rpId: RP_ID, synced });
const join = (...cookies: string[]) => cookies.filter(Boolean).join('; ');

/** Starts a registration: the options and the browser's challenge cookie. */
async function registerOptions(app: App, cookie: string) {
  const res = await app.request('/api/passkeys/register-options', { method: 'POST', cookie });
  expect(res.status).toBe(200);
  return { options: (await res.json()) as PublicKeyCredentialCreationOptionsJSON, challenge: cookieOf(res) };
}

/** A whole registration: options, the authenticator's answer, and the app's verdict. */
async function register(app: App, cookie: string, authenticator: SoftwareAuthenticator, name = 'Laptop', bend?: Bend) {
  const { options, challenge } = await registerOptions(app, cookie);
  return app.request('/api/passkeys', { method: 'POST', cookie: join(cookie, challenge), json: { name, response: authenticator.register(options, bend) } });
}

async function addPasskey(who: Person, authenticator = newAuthenticator(), name = 'Laptop'): Promise<Passkey> {
  const res = await register(t, await t.cookieFor(who), authenticator, name);
  expect(res.status).toBe(201);
  return (await res.json()) as Passkey;
}

async function signInOptions(app: App = t) {
  const res = await app.request('/api/auth/passkey/sign-in-options', { method: 'POST' });
  expect(res.status).toBe(200);
  return { options: (await res.json()) as PublicKeyCredentialRequestOptionsJSON, challenge: cookieOf(res) };
}

async function signInWith(authenticator: SoftwareAuthenticator, bend?: Bend) {
  const { options, challenge } = await signInOptions();
  return t.request('/api/auth/sign-in/passkey', { method: 'POST', cookie: challenge, json: { response: authenticator.authenticate(options, bend) } });
}

const sessionUser = async (cookie: string) => ((await (await t.request('/api/session', { cookie })).json()) as { user: { id: string } | null }).user;

describe('adding, listing, renaming and removing passkeys', () => {
  it('verifies a real registration, stores the key, and lists it without the credential', async () => {
    const owner = await createUser(database.db);
    const authenticator = newAuthenticator(true);
    const cookie = await t.cookieFor(owner);
    const { options, challenge } = await registerOptions(t, cookie);
    expect(options.rp.id).toBe(RP_ID);
    expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'preferred' });
    expect(challenge).toMatch(/^passkey_register=[0-9a-f-]{36}$/);
    const res = await t.request('/api/passkeys', { method: 'POST', cookie: join(cookie, challenge), json: { name: '  Work laptop ', response: authenticator.register(options) } });
    expect(res.status).toBe(201);
    const created = (await res.json()) as Passkey;
    expect(created).toMatchObject({ name: 'Work laptop', lastUsedAt: null, synced: true });
    const [row] = await database.db.select().from(passkeys).where(eq(passkeys.id, created.id));
    expect(row).toMatchObject({ userId: owner.id, credentialId: authenticator.credentialId, counter: 0, transports: 'internal,hybrid', deviceType: 'multiDevice', backedUp: true });
    const list = (await (await t.request('/api/passkeys', { cookie })).json()) as Passkey[];
    expect(list).toEqual([created]);
    expect(JSON.stringify(list)).not.toContain(authenticator.credentialId);
    // The challenge was used: it is gone, and the next options exclude the passkey already held.
    expect(await database.db.select().from(webauthnChallenges).where(eq(webauthnChallenges.userId, owner.id))).toEqual([]);
    const again = await registerOptions(t, cookie);
    expect(again.options.excludeCredentials?.map((c) => c.id)).toEqual([authenticator.credentialId]);
  });

  it('refuses an answer from another origin, one signed for another challenge, and a challenge used twice', async () => {
    const owner = await createUser(database.db);
    const cookie = await t.cookieFor(owner);
    const wrongOrigin = await register(t, cookie, newAuthenticator(), 'Laptop', { origin: 'https://evil.example' });
    expect(wrongOrigin.status).toBe(400);
    expect((await errorOf(wrongOrigin)).message).toBe(PASSKEY_MESSAGES.notVerified);

    const first = await registerOptions(t, cookie);
    const second = await registerOptions(t, cookie);
    // Signed over the first challenge (replaced by the second), sent with the second one's cookie.
    const crossed = await t.request('/api/passkeys', { method: 'POST', cookie: join(cookie, second.challenge), json: { name: 'Laptop', response: newAuthenticator().register(first.options) } });
    expect(crossed.status).toBe(400);
    expect((await errorOf(crossed)).code).toBe('passkey_not_verified');

    const third = await registerOptions(t, cookie);
    const authenticator = newAuthenticator();
    const response = authenticator.register(third.options);
    const ok = await t.request('/api/passkeys', { method: 'POST', cookie: join(cookie, third.challenge), json: { name: 'Laptop', response } });
    expect(ok.status).toBe(201);
    const replay = await t.request('/api/passkeys', { method: 'POST', cookie: join(cookie, third.challenge), json: { name: 'Laptop', response: newAuthenticator().register(third.options) } });
    expect(replay.status).toBe(400);
    expect((await errorOf(replay)).message).toBe(PASSKEY_MESSAGES.expired);
    // Without the browser's cookie there is no challenge at all.
    const noCookie = await t.request('/api/passkeys', { method: 'POST', cookie, json: { name: 'Laptop', response: newAuthenticator().register(third.options) } });
    expect(noCookie.status).toBe(400);
    expect(await database.db.select().from(passkeys).where(eq(passkeys.userId, owner.id))).toHaveLength(1);
  });

  it("renames and removes one's own; another person's is not found and stays", async () => {
    const owner = await createUser(database.db);
    const other = await createUser(database.db);
    const passkey = await addPasskey(owner);
    const otherCookie = await t.cookieFor(other);
    expect((await t.request(`/api/passkeys/${passkey.id}`, { method: 'PATCH', cookie: otherCookie, json: { name: 'Mine now' } })).status).toBe(404);
    expect((await t.request(`/api/passkeys/${passkey.id}`, { method: 'DELETE', cookie: otherCookie })).status).toBe(404);
    const cookie = await t.cookieFor(owner);
    const blank = await t.request(`/api/passkeys/${passkey.id}`, { method: 'PATCH', cookie, json: { name: '   ' } });
    expect(blank.status).toBe(400);
    expect((await errorOf(blank)).message).toBe(PASSKEY_MESSAGES.nameRequired);
    expect((await t.request(`/api/passkeys/${passkey.id}`, { method: 'PATCH', cookie, json: { name: 'x'.repeat(61) } })).status).toBe(400);
    const renamed = await t.request(`/api/passkeys/${passkey.id}`, { method: 'PATCH', cookie, json: { name: 'Phone' } });
    expect(((await renamed.json()) as Passkey).name).toBe('Phone');
    expect((await t.request(`/api/passkeys/${passkey.id}`, { method: 'DELETE', cookie })).status).toBe(200);
    expect(await database.db.select().from(passkeys).where(eq(passkeys.userId, owner.id))).toEqual([]);
  });

  it('holds at most PASSKEYS_PER_USER_MAX, counted again when the registration ends', async () => {
    const app = createTestApp(database.db, { settings: { PASSKEYS_PER_USER_MAX: 1 } });
    const owner = await createUser(database.db);
    const cookie = await app.cookieFor(owner);
    // Started while none was held; another passkey arrived before it ended.
    const started = await registerOptions(app, cookie);
    await database.db.insert(passkeys).values({ userId: owner.id, name: 'Phone', credentialId: 'already-held', publicKey: 'AAAA', counter: 0, deviceType: 'singleDevice', backedUp: false });
    const late = await app.request('/api/passkeys', { method: 'POST', cookie: join(cookie, started.challenge), json: { name: 'Laptop', response: newAuthenticator().register(started.options) } });
    expect(late.status).toBe(409);
    expect((await errorOf(late)).message).toBe(PASSKEY_MESSAGES.tooMany);
    const refused = await app.request('/api/passkeys/register-options', { method: 'POST', cookie });
    expect(refused.status).toBe(409);
    expect((await errorOf(refused)).message).toBe(PASSKEY_MESSAGES.tooMany);
    expect(await database.db.select().from(passkeys).where(eq(passkeys.userId, owner.id))).toHaveLength(1);
  });

  it('asks for a recent proof before adding one (a stolen session cannot plant a passkey)', async () => {
    const owner = await createUser(database.db);
    const cookie = await t.signIn(owner.email, owner.password);
    await database.db.update(sessions).set({ provenAt: new Date(Date.now() - 60 * 60_000) }).where(eq(sessions.userId, owner.id));
    const res = await t.request('/api/passkeys/register-options', { method: 'POST', cookie });
    expect(res.status).toBe(403);
    expect((await errorOf(res)).code).toBe('recent_proof_required');
  });
});

describe('signing in with a passkey', () => {
  it('signs in with a discoverable passkey, records its use, and moves the counter forward', async () => {
    const owner = await createUser(database.db);
    const authenticator = newAuthenticator();
    const passkey = await addPasskey(owner, authenticator);
    const { options, challenge } = await signInOptions();
    expect(options.allowCredentials ?? []).toEqual([]);
    expect(options.userVerification).toBe('required');
    const res = await t.request('/api/auth/sign-in/passkey', { method: 'POST', cookie: challenge, json: { response: authenticator.authenticate(options) } });
    expect(res.status).toBe(200);
    const session = cookieOf(res);
    expect(session).toContain('session_token=');
    expect((await sessionUser(session))?.id).toBe(owner.id);
    const [row] = await database.db.select().from(passkeys).where(eq(passkeys.id, passkey.id));
    expect(row!.counter).toBe(1);
    expect(row!.lastUsedAt).not.toBeNull();
  });

  it('refuses a replayed answer, a cloned counter, a forged signature, another origin and no user verification', async () => {
    const owner = await createUser(database.db);
    const authenticator = newAuthenticator();
    await addPasskey(owner, authenticator);
    // A replay: the same answer with the same challenge cookie, after it was used.
    const { options, challenge } = await signInOptions();
    const response = authenticator.authenticate(options);
    expect((await t.request('/api/auth/sign-in/passkey', { method: 'POST', cookie: challenge, json: { response } })).status).toBe(200);
    const replay = await t.request('/api/auth/sign-in/passkey', { method: 'POST', cookie: challenge, json: { response } });
    expect(replay.status).toBe(400);
    expect((await errorOf(replay)).message).toBe(PASSKEY_MESSAGES.expired);

    const cases: Array<[Bend, string]> = [
      [{ counter: 1 }, PASSKEY_MESSAGES.notVerified],
      [{ forgeSignature: true }, PASSKEY_MESSAGES.notVerified],
      [{ origin: 'https://evil.example' }, PASSKEY_MESSAGES.notVerified],
      [{ noUserVerification: true }, PASSKEY_MESSAGES.userVerificationRequired],
    ];
    for (const [bend, message] of cases) {
      const res = await signInWith(authenticator, bend);
      expect(res.status, JSON.stringify(bend)).toBe(400);
      expect((await errorOf(res)).message).toBe(message);
      expect(res.headers.getSetCookie().some((c) => c.includes('session_token=') && !c.includes('Max-Age=0'))).toBe(false);
    }
    // The real authenticator still works afterwards.
    expect((await signInWith(authenticator)).status).toBe(200);
  });

  it('refuses a passkey that is not registered, and an answer without the browser’s challenge', async () => {
    const stranger = newAuthenticator();
    stranger.register({ user: { id: 'AAAAAAAAAAAAAAAAAAAAAA', name: 'x', displayName: 'x' }, challenge: 'x' } as PublicKeyCredentialCreationOptionsJSON);
    const unknown = await signInWith(stranger);
    expect(unknown.status).toBe(400);
    expect((await errorOf(unknown)).message).toBe(PASSKEY_MESSAGES.unknown);

    const owner = await createUser(database.db);
    const authenticator = newAuthenticator();
    await addPasskey(owner, authenticator);
    const { options } = await signInOptions();
    const noCookie = await t.request('/api/auth/sign-in/passkey', { method: 'POST', json: { response: authenticator.authenticate(options) } });
    expect(noCookie.status).toBe(400);
    expect((await errorOf(noCookie)).message).toBe(PASSKEY_MESSAGES.expired);
  });

  it('refuses a deleted account and an unconfirmed email; a suspended person signs in as with the password', async () => {
    const deleted = await createUser(database.db);
    const deletedKey = newAuthenticator();
    await addPasskey(deleted, deletedKey);
    await database.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, deleted.id));
    const refused = await signInWith(deletedKey);
    expect(refused.status).toBe(403);

    const unconfirmed = await createUser(database.db);
    const unconfirmedKey = newAuthenticator();
    await addPasskey(unconfirmed, unconfirmedKey);
    await database.db.update(users).set({ emailVerified: false }).where(eq(users.id, unconfirmed.id));
    const notConfirmed = await signInWith(unconfirmedKey);
    expect(notConfirmed.status).toBe(403);
    expect((await errorOf(notConfirmed)).message).toBe(PASSKEY_MESSAGES.emailNotConfirmed);

    const suspended = await createUser(database.db);
    const suspendedKey = newAuthenticator();
    await addPasskey(suspended, suspendedKey);
    await database.db.update(users).set({ suspendedUntil: new Date(Date.now() + 86_400_000), suspensionReason: 'Test' }).where(eq(users.id, suspended.id));
    expect((await signInWith(suspendedKey)).status).toBe(200);
  });

  it('signs in at most once per challenge when the same answer races itself', async () => {
    const owner = await createUser(database.db);
    const authenticator = newAuthenticator();
    await addPasskey(owner, authenticator);
    const { options, challenge } = await signInOptions();
    const response = authenticator.authenticate(options);
    const results = await Promise.all([1, 2, 3].map(() => t.request('/api/auth/sign-in/passkey', { method: 'POST', cookie: challenge, json: { response } })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 400, 400]);
  });

  it('leaves the password and its reset: removing the last passkey keeps the account reachable', async () => {
    const owner = await createUser(database.db);
    const passkey = await addPasskey(owner);
    const cookie = await t.cookieFor(owner);
    expect((await t.request(`/api/passkeys/${passkey.id}`, { method: 'DELETE', cookie })).status).toBe(200);
    expect((await t.request('/api/auth/sign-in/email', { method: 'POST', json: { email: owner.email, password: owner.password } })).status).toBe(200);
    expect((await t.request('/api/auth/request-password-reset', { method: 'POST', json: { email: owner.email, redirectTo: '/reset-password' } })).status).toBe(200);
  });
});

describe("confirming it's you with a passkey", () => {
  it('records the proof on this session, with one of the person’s own passkeys only', async () => {
    const owner = await createUser(database.db);
    const other = await createUser(database.db);
    const authenticator = newAuthenticator();
    const otherAuthenticator = newAuthenticator();
    await addPasskey(owner, authenticator);
    await addPasskey(other, otherAuthenticator);
    const cookie = await t.signIn(owner.email, owner.password);
    const stale = new Date(Date.now() - 60 * 60_000);
    await database.db.update(sessions).set({ provenAt: stale }).where(eq(sessions.userId, owner.id));

    const optionsRes = await t.request('/api/passkeys/confirm-options', { method: 'POST', cookie });
    expect(optionsRes.status).toBe(200);
    const options = (await optionsRes.json()) as PublicKeyCredentialRequestOptionsJSON;
    expect(options.allowCredentials?.map((c) => c.id)).toEqual([authenticator.credentialId]);
    const challenge = cookieOf(optionsRes);
    const notMine = await t.request('/api/passkeys/confirm', { method: 'POST', cookie: join(cookie, challenge), json: { response: otherAuthenticator.authenticate(options) } });
    expect(notMine.status).toBe(400);
    expect((await errorOf(notMine)).message).toBe(PASSKEY_MESSAGES.notYours);
    const provenTimes = async () => (await database.db.select({ provenAt: sessions.provenAt }).from(sessions).where(eq(sessions.userId, owner.id))).map((r) => r.provenAt.getTime());
    // The owner has two sessions (one from adding the passkey, this one): both stale.
    expect(await provenTimes()).toEqual([stale.getTime(), stale.getTime()]);

    const again = await t.request('/api/passkeys/confirm-options', { method: 'POST', cookie });
    const res = await t.request('/api/passkeys/confirm', { method: 'POST', cookie: join(cookie, cookieOf(again)), json: { response: authenticator.authenticate((await again.json()) as PublicKeyCredentialRequestOptionsJSON) } });
    expect(res.status).toBe(200);
    // This session only is proven now; the other stays as it was.
    const times = (await provenTimes()).sort();
    expect(times[0]).toBe(stale.getTime());
    expect(Date.now() - times[1]!).toBeLessThan(60_000);
    // A sign-in challenge does not confirm, and a confirm challenge does not sign in.
    const signIn = await signInOptions();
    const crossed = await t.request('/api/passkeys/confirm', { method: 'POST', cookie: join(cookie, signIn.challenge), json: { response: authenticator.authenticate(signIn.options) } });
    expect(crossed.status).toBe(400);
  });

  it('has nothing to offer a person without a passkey', async () => {
    const owner = await createUser(database.db);
    const res = await t.request('/api/passkeys/confirm-options', { method: 'POST', cookie: await t.cookieFor(owner) });
    expect(res.status).toBe(404);
  });
});

describe('pending challenges stay bounded', () => {
  const challengesOf = (userId: string) => database.db.select().from(webauthnChallenges).where(eq(webauthnChallenges.userId, userId));
  const idIn = (challengeCookie: string) => challengeCookie.split('=')[1];

  it('50 simultaneous register-options from one person leave one challenge, the last one, which still registers', async () => {
    const owner = await createUser(database.db);
    const cookie = await t.cookieFor(owner);
    const answers = await Promise.all(Array.from({ length: 50 }, () => t.request('/api/passkeys/register-options', { method: 'POST', cookie })));
    expect(answers.map((r) => r.status)).toEqual(Array.from({ length: 50 }, () => 200));
    const started = await Promise.all(answers.map(async (res) => ({ options: (await res.json()) as PublicKeyCredentialCreationOptionsJSON, challenge: cookieOf(res) })));
    expect(new Set(started.map((s) => idIn(s.challenge))).size).toBe(50);

    const rows = await challengesOf(owner.id);
    expect(rows).toHaveLength(1);
    const last = started.find((s) => idIn(s.challenge) === rows[0]!.id)!;
    expect(last.options.challenge).toBe(rows[0]!.challenge);
    // A replaced challenge is gone: its browser is asked to try again, and the last one is untouched.
    const replaced = started.find((s) => s !== last)!;
    const stale = await t.request('/api/passkeys', { method: 'POST', cookie: join(cookie, replaced.challenge), json: { name: 'Old tab', response: newAuthenticator().register(replaced.options) } });
    expect(stale.status).toBe(400);
    expect((await errorOf(stale)).message).toBe(PASSKEY_MESSAGES.expired);
    const res = await t.request('/api/passkeys', { method: 'POST', cookie: join(cookie, last.challenge), json: { name: 'Laptop', response: newAuthenticator().register(last.options) } });
    expect(res.status).toBe(201);
    expect(await challengesOf(owner.id)).toEqual([]);
  });

  it("one pending challenge per purpose: confirm-options replaces the person's previous one and leaves their registration alone", async () => {
    const owner = await createUser(database.db);
    const authenticator = newAuthenticator();
    await addPasskey(owner, authenticator);
    const cookie = await t.cookieFor(owner);
    const registration = await registerOptions(t, cookie);
    const confirms = await Promise.all([1, 2, 3].map(() => t.request('/api/passkeys/confirm-options', { method: 'POST', cookie })));
    expect(confirms.map((r) => r.status)).toEqual([200, 200, 200]);
    const rows = await challengesOf(owner.id);
    expect(rows.map((r) => r.purpose).sort()).toEqual(['confirm', 'register']);
    const confirmId = rows.find((r) => r.purpose === 'confirm')!.id;
    const live = confirms.find((r) => idIn(cookieOf(r)) === confirmId)!;
    const res = await t.request('/api/passkeys/confirm', {
      method: 'POST',
      cookie: join(cookie, cookieOf(live)),
      json: { response: authenticator.authenticate((await live.json()) as PublicKeyCredentialRequestOptionsJSON) },
    });
    expect(res.status).toBe(200);
    expect((await challengesOf(owner.id)).map((r) => r.id)).toEqual([idIn(registration.challenge)]);
  });

  it('sign-in-options (nobody signed in) is rate limited per address, and expired challenges are swept', async () => {
    const limited = createTestApp(database.db, { settings: { AUTH_RATE_LIMIT_MAX: 3, AUTH_RATE_LIMIT_WINDOW_SECONDS: 60 } });
    const anonymous = async () => (await database.db.select().from(webauthnChallenges)).filter((r) => r.userId === null).length;
    const expired = await database.db
      .insert(webauthnChallenges)
      .values({ purpose: 'sign-in', userId: null, challenge: 'old', expiresAt: new Date(Date.now() - 1000) })
      .returning({ id: webauthnChallenges.id });
    const before = (await anonymous()) - 1;
    const ask = (remoteAddress: string) => limited.request('/api/auth/passkey/sign-in-options', { method: 'POST', remoteAddress });
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await ask('203.0.113.41')).status);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    expect((await ask('203.0.113.42')).status).toBe(200);
    // Four stored (three and one from another address), none for the refusals; the expired one swept.
    expect(await anonymous()).toBe(before + 4);
    expect(await database.db.select().from(webauthnChallenges).where(eq(webauthnChallenges.id, expired[0]!.id))).toEqual([]);
  });
});
