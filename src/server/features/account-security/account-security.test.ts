import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { CONFIRM_IDENTITY_MESSAGES } from '../../../domain/accounts/confirm-identity';
import { SECOND_FACTOR_REQUIRED } from '../../../domain/accounts/administrator-access';
import { RECENT_PROOF_REQUIRED } from '../../../domain/accounts/recent-proof';
import type { Database } from '../../db/client';
import { apiTokens } from '../../db/schema/api-tokens';
import { sessions, users } from '../../db/schema/auth';
import { debates } from '../../db/schema/debates';
import { addTestPasskey, createUser } from '../../test/factories';
import { createCaucusRow } from '../../test/caucus-factories';
import { createTestApp } from '../../test/test-app';
import { createTestDatabase } from '../../test/test-database';

let database: Database;
let t: ReturnType<typeof createTestApp>;

beforeAll(async () => {
  database = await createTestDatabase();
  t = createTestApp(database.db);
});

type Person = Awaited<ReturnType<typeof createUser>>;
const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; message: string } }).error;

/** Every session of the person proved who they are an hour ago: too long for a sensitive action. */
async function makeProofStale(who: Person): Promise<Date> {
  await t.cookieFor(who);
  const stale = new Date(Date.now() - 60 * 60_000);
  await database.db.update(sessions).set({ provenAt: stale }).where(eq(sessions.userId, who.id));
  return stale;
}

const provenAtOf = async (who: Person) => (await database.db.select({ provenAt: sessions.provenAt }).from(sessions).where(eq(sessions.userId, who.id)))[0]!.provenAt;

const confirm = async (who: Person, json: unknown) => t.request('/api/me/confirm-identity', { method: 'POST', cookie: await t.cookieFor(who), json });

describe('POST /api/me/confirm-identity (issue 32)', () => {
  it('takes the right password and records the proof on the session', async () => {
    const person = await createUser(database.db);
    const stale = await makeProofStale(person);
    const before = Date.now();
    const res = await confirm(person, { password: person.password });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { confirmed: true; provenAt: string };
    expect(body.confirmed).toBe(true);
    const provenAt = await provenAtOf(person);
    expect(provenAt.getTime()).toBeGreaterThan(stale.getTime());
    expect(provenAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(new Date(body.provenAt).getTime()).toBe(provenAt.getTime());
  });

  it('refuses a wrong password or code with words people read, and changes nothing', async () => {
    const person = await createUser(database.db);
    const stale = await makeProofStale(person);
    const wrong = await confirm(person, { password: 'not-the-password' });
    expect(wrong.status).toBe(400);
    expect(await errorOf(wrong)).toEqual({ code: 'wrong_password', message: CONFIRM_IDENTITY_MESSAGES.wrongPassword });
    const code = await confirm(person, { code: '123456' });
    expect(code.status).toBe(400);
    expect((await errorOf(code)).code).toBe('wrong_code');
    expect((await provenAtOf(person)).getTime()).toBe(stale.getTime());
  });

  it('refuses an empty or mixed answer with a 400', async () => {
    const person = await createUser(database.db);
    for (const json of [{}, { password: '' }, { code: '   ' }, { password: person.password, code: '123456' }, { password: person.password, extra: 1 }, 'x', { password: 42 }]) {
      const res = await confirm(person, json);
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect((await errorOf(res)).message).toBe(CONFIRM_IDENTITY_MESSAGES.answerRequired);
    }
  });

  it('backs off after the free wrong answers, per account, even for guesses sent at once', async () => {
    const strict = createTestApp(database.db, { settings: { CONFIRM_IDENTITY_FREE_FAILURES: 2, CONFIRM_IDENTITY_BACKOFF_BASE_SECONDS: 600 } });
    const person = await createUser(database.db);
    const other = await createUser(database.db);
    const cookie = await strict.cookieFor(person);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => strict.request('/api/me/confirm-identity', { method: 'POST', cookie, json: { password: 'guess-guess' } })),
    );
    const statuses = answers.map((r) => r.status).sort();
    // Two free failures and one more after the first back-off would be due only 10 minutes later.
    expect(statuses.filter((s) => s === 400).length).toBe(2);
    expect(statuses.filter((s) => s === 429).length).toBe(4);
    // Now even the right password waits: the answer is not even checked.
    const right = await strict.request('/api/me/confirm-identity', { method: 'POST', cookie, json: { password: person.password } });
    expect(right.status).toBe(429);
    expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(0);
    // Someone else is not slowed down.
    const theirs = await strict.request('/api/me/confirm-identity', { method: 'POST', cookie: await strict.cookieFor(other), json: { password: other.password } });
    expect(theirs.status).toBe(200);
  });

  it('forgets the wrong answers after a right one', async () => {
    const strict = createTestApp(database.db, { settings: { CONFIRM_IDENTITY_FREE_FAILURES: 2, CONFIRM_IDENTITY_BACKOFF_BASE_SECONDS: 600 } });
    const person = await createUser(database.db);
    const cookie = await strict.cookieFor(person);
    const send = (password: string) => strict.request('/api/me/confirm-identity', { method: 'POST', cookie, json: { password } });
    expect((await send('wrong-one')).status).toBe(400);
    expect((await send(person.password)).status).toBe(200);
    expect((await send('wrong-two')).status).toBe(400);
    expect((await send('wrong-three')).status).toBe(400);
  });

  it('is not for API tokens or visitors', async () => {
    const person = await createUser(database.db);
    const created = await t.request('/api/me/tokens', { method: 'POST', cookie: await t.cookieFor(person), json: { name: 'Script', scopes: ['caucuses:read'] } });
    const { token } = (await created.json()) as { token: string };
    const headers = { authorization: `Bearer ${token}`, origin: '' };
    const byToken = await t.request('/api/me/confirm-identity', { method: 'POST', headers, json: { password: person.password } });
    expect(byToken.status).toBe(403);
    expect((await t.request('/api/me/sign-in-methods', { headers })).status).toBe(403);
    expect((await t.request('/api/me/confirm-identity', { method: 'POST', json: { password: 'whatever1' } })).status).toBe(401);
    expect((await t.request('/api/me/sign-in-methods')).status).toBe(401);
  });
});

describe('GET /api/me/sign-in-methods', () => {
  it('tells a password, two-step sign-in and how many passkeys', async () => {
    const person = await createUser(database.db);
    const read = async () => (await t.request('/api/me/sign-in-methods', { cookie: await t.cookieFor(person) })).json();
    expect(await read()).toEqual({ password: true, twoStep: false, passkeys: 0 });
    await addTestPasskey(database.db, person.id);
    await addTestPasskey(database.db, person.id);
    await database.db.update(users).set({ twoFactorEnabled: true }).where(eq(users.id, person.id));
    expect(await read()).toEqual({ password: true, twoStep: true, passkeys: 2 });
  });
});

describe('sensitive actions ask again', () => {
  it('creating an API token: refused with a stale proof, nothing created; allowed once confirmed', async () => {
    const person = await createUser(database.db);
    const cookie = await t.cookieFor(person);
    await makeProofStale(person);
    const create = () => t.request('/api/me/tokens', { method: 'POST', cookie, json: { name: 'Later', scopes: ['members:read'] } });
    const refused = await create();
    expect(refused.status).toBe(403);
    expect(await errorOf(refused)).toEqual(RECENT_PROOF_REQUIRED);
    expect(await database.db.select().from(apiTokens).where(eq(apiTokens.userId, person.id))).toEqual([]);
    expect((await confirm(person, { password: person.password })).status).toBe(200);
    expect((await create()).status).toBe(201);
  });

  it('deleting the account: refused with a stale proof, the account stays; allowed once confirmed', async () => {
    const person = await createUser(database.db);
    const cookie = await t.cookieFor(person);
    await makeProofStale(person);
    const remove = () => t.request('/api/me', { method: 'DELETE', cookie, json: { confirmation: 'DELETE' } });
    const refused = await remove();
    expect(refused.status).toBe(403);
    expect((await errorOf(refused)).code).toBe(RECENT_PROOF_REQUIRED.code);
    const [still] = await database.db.select({ deletedAt: users.deletedAt }).from(users).where(eq(users.id, person.id));
    expect(still!.deletedAt).toBeNull();
    expect((await confirm(person, { password: person.password })).status).toBe(200);
    expect((await remove()).status).toBe(200);
  });

  it('an administrator action (a suspension): refused with a stale proof, allowed once confirmed; reads need no proof', async () => {
    const admin = await createUser(database.db, { isAdministrator: true });
    const target = await createUser(database.db);
    const cookie = await t.cookieFor(admin);
    await makeProofStale(admin);
    expect((await t.request('/api/admin/moderation', { cookie })).status).toBe(200);
    const suspend = () => t.request(`/api/admin/users/${target.id}/suspension`, { method: 'POST', cookie, json: { days: 3, reason: 'Spam' } });
    const refused = await suspend();
    expect(refused.status).toBe(403);
    expect((await errorOf(refused)).code).toBe(RECENT_PROOF_REQUIRED.code);
    const [untouched] = await database.db.select({ until: users.suspendedUntil }).from(users).where(eq(users.id, target.id));
    expect(untouched!.until).toBeNull();
    expect((await confirm(admin, { password: admin.password })).status).toBe(200);
    expect((await suspend()).status).toBe(200);
  });

  it("administrators' powers on shared routes: someone else's debate, a broadcast to everyone, a level-5 caucus's members", async () => {
    const admin = await createUser(database.db, { isAdministrator: true });
    const creator = await createUser(database.db);
    const cookie = await t.cookieFor(admin);
    const [debate] = await database.db
      .insert(debates)
      .values({ creatorId: creator.id, title: 'Someone else’s', prompt: 'Why?', debateType: 'text', expiresAt: new Date(Date.now() + 86_400_000) })
      .returning({ id: debates.id });
    const caucus = await createCaucusRow(database.db, { level: 5, state: 'WY', district: 41 });
    await makeProofStale(admin);
    const deleteDebate = await t.request(`/api/debates/${debate!.id}`, { method: 'DELETE', cookie });
    const broadcast = await t.request('/api/broadcasts', { method: 'POST', cookie, json: { message: 'To all', scope: 'everyone' } });
    const required = await t.request(`/api/caucuses/${caucus.id}/required-members`, { method: 'PATCH', cookie, json: { requiredVotingMembers: 10 } });
    for (const res of [deleteDebate, broadcast, required]) {
      expect(res.status).toBe(403);
      expect((await errorOf(res)).code).toBe(RECENT_PROOF_REQUIRED.code);
    }
    expect(await database.db.select({ id: debates.id }).from(debates).where(eq(debates.id, debate!.id))).toHaveLength(1);
    expect((await confirm(admin, { password: admin.password })).status).toBe(200);
    expect((await t.request(`/api/debates/${debate!.id}`, { method: 'DELETE', cookie })).status).toBe(200);
  });

  it("someone's own debate is theirs to delete without asking again", async () => {
    const creator = await createUser(database.db);
    const [debate] = await database.db
      .insert(debates)
      .values({ creatorId: creator.id, title: 'Mine', prompt: 'Why?', debateType: 'text', expiresAt: new Date(Date.now() + 86_400_000) })
      .returning({ id: debates.id });
    const cookie = await t.cookieFor(creator);
    await makeProofStale(creator);
    expect((await t.request(`/api/debates/${debate!.id}`, { method: 'DELETE', cookie })).status).toBe(200);
  });
});

describe('administrators need a second factor (issue 32)', () => {
  /** Every route under /api/admin, with made-up ids (the guard answers before anything is looked up). */
  const adminRoutes = () =>
    [...new Map(t.app.routes.filter((r) => r.path.startsWith('/api/admin/') && r.method !== 'ALL').map((r) => [`${r.method} ${r.path}`, r])).values()].map((r) => ({
      method: r.method,
      path: r.path.replace(':kind', 'debate').replace(/:[a-zA-Z]+/g, randomUUID()),
    }));

  it('every administrator route answers 403 second_factor_required to an administrator without one', async () => {
    const admin = await createUser(database.db, { isAdministrator: true, secondFactor: false });
    const cookie = await t.cookieFor(admin);
    const routes = adminRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(6);
    for (const { method, path } of routes) {
      const res = await t.request(path, { method, cookie, json: method === 'GET' ? undefined : {} });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(await errorOf(res), `${method} ${path}`).toEqual(SECOND_FACTOR_REQUIRED);
    }
    const caucus = await createCaucusRow(database.db, { level: 5, state: 'WY', district: 42 });
    const required = await t.request(`/api/caucuses/${caucus.id}/required-members`, { method: 'PATCH', cookie, json: { requiredVotingMembers: 10 } });
    const broadcast = await t.request('/api/broadcasts', { method: 'POST', cookie, json: { message: 'To all', scope: 'everyone' } });
    for (const res of [required, broadcast]) expect((await errorOf(res)).code).toBe(SECOND_FACTOR_REQUIRED.code);
  });

  it('the same administrator reaches the tools once a passkey or two-step sign-in is there', async () => {
    const withPasskey = await createUser(database.db, { isAdministrator: true, secondFactor: false });
    const withTwoStep = await createUser(database.db, { isAdministrator: true, secondFactor: false });
    expect((await t.request('/api/admin/log', { cookie: await t.cookieFor(withPasskey) })).status).toBe(403);
    // Signed in before two-step is on (with it on, the password alone makes no session).
    const cookies = [await t.cookieFor(withPasskey), await t.cookieFor(withTwoStep)];
    expect((await t.request('/api/admin/log', { cookie: cookies[1] })).status).toBe(403);
    await addTestPasskey(database.db, withPasskey.id);
    await database.db.update(users).set({ twoFactorEnabled: true }).where(eq(users.id, withTwoStep.id));
    for (const cookie of cookies) {
      expect((await t.request('/api/admin/log', { cookie })).status).toBe(200);
      expect((await t.request('/api/admin/moderation', { cookie })).status).toBe(200);
    }
  });

  it('someone who is not an administrator is still told so, second factor or not', async () => {
    const person = await createUser(database.db, { secondFactor: true });
    const res = await t.request('/api/admin/moderation', { cookie: await t.cookieFor(person) });
    expect(res.status).toBe(403);
    expect((await errorOf(res)).code).toBe('admins_only');
    expect((await database.db.execute(sql`select count(*)::int as n from passkeys where user_id = ${person.id}`)).rows[0]).toEqual({ n: 1 });
  });
});
