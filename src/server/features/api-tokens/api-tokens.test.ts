import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_MESSAGES, TOKENS_PER_USER_MAX, type ApiToken, type CreatedToken } from '../../../domain/api/api-tokens';
import type { Database } from '../../db/client';
import { apiTokens } from '../../db/schema/api-tokens';
import { createUser } from '../../test/factories';
import { addVotingMembers, createCaucusRow } from '../../test/caucus-factories';
import { createTestApp, TEST_ORIGIN } from '../../test/test-app';
import { createTestDatabase } from '../../test/test-database';
import { hashToken } from './api-tokens.service';

let database: Database;
let t: ReturnType<typeof createTestApp>;

beforeAll(async () => {
  database = await createTestDatabase();
  t = createTestApp(database.db);
});

type Person = Awaited<ReturnType<typeof createUser>>;
const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; message: string } }).error;

async function makeToken(who: Person, scopes: string[] = ['caucuses:read', 'members:read'], name = 'Spreadsheet'): Promise<CreatedToken> {
  const res = await t.request('/api/me/tokens', { method: 'POST', cookie: await t.cookieFor(who), json: { name, scopes } });
  expect(res.status).toBe(201);
  return (await res.json()) as CreatedToken;
}

/** A request as a script would send it: no cookie, no Origin, the token in Authorization. */
const withToken = (token: string, path: string, init: RequestInit = {}) =>
  t.request(path, { ...init, headers: { authorization: `Bearer ${token}`, origin: '', ...(init.headers as Record<string, string>) } });

/** A caucus of three voting members and its organizer-free roster, plus someone outside it. */
async function caucusWithMembers() {
  const caucus = await createCaucusRow(database.db);
  const members = await addVotingMembers(database.db, caucus, 3);
  const outsider = await createUser(database.db);
  return { caucus, members, outsider };
}

describe('creating, listing and revoking tokens (issue 17)', () => {
  it('shows a token once, stores only its hash, and lists it by name with its last four characters', async () => {
    const owner = await createUser(database.db);
    const created = await makeToken(owner, ['caucuses:read'], 'My dashboard');
    expect(created.token).toMatch(/^cau_[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({ name: 'My dashboard', scopes: ['caucuses:read'], hint: created.token.slice(-4), lastUsedAt: null });
    const [row] = await database.db.select().from(apiTokens).where(eq(apiTokens.id, created.id));
    expect(row!.tokenHash).toBe(hashToken(created.token));
    expect(JSON.stringify(row)).not.toContain(created.token);
    const list = (await (await t.request('/api/me/tokens', { cookie: await t.cookieFor(owner) })).json()) as ApiToken[];
    expect(list).toEqual([{ id: created.id, name: 'My dashboard', scopes: ['caucuses:read'], hint: created.hint, createdAt: created.createdAt, lastUsedAt: null }]);
    expect(JSON.stringify(list)).not.toContain(created.token);
  });

  it('refuses a token without a name or a scope, with the messages people read', async () => {
    const owner = await createUser(database.db);
    const cookie = await t.cookieFor(owner);
    const noName = await t.request('/api/me/tokens', { method: 'POST', cookie, json: { name: '  ', scopes: ['caucuses:read'] } });
    expect(noName.status).toBe(400);
    expect((await errorOf(noName)).message).toBe(TOKEN_MESSAGES.nameRequired);
    const noScope = await t.request('/api/me/tokens', { method: 'POST', cookie, json: { name: 'x', scopes: [] } });
    expect((await errorOf(noScope)).message).toBe(TOKEN_MESSAGES.scopeRequired);
    const badScope = await t.request('/api/me/tokens', { method: 'POST', cookie, json: { name: 'x', scopes: ['caucuses:write'] } });
    expect(badScope.status).toBe(400);
    expect(await database.db.select().from(apiTokens).where(eq(apiTokens.userId, owner.id))).toEqual([]);
  });

  it(`holds at most ${TOKENS_PER_USER_MAX} live tokens, even when twenty are asked for at once`, async () => {
    const owner = await createUser(database.db);
    const cookie = await t.cookieFor(owner);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => t.request('/api/me/tokens', { method: 'POST', cookie, json: { name: `t${i}`, scopes: ['members:read'] } })),
    );
    expect(answers.filter((r) => r.status === 201)).toHaveLength(TOKENS_PER_USER_MAX);
    const refused = answers.filter((r) => r.status === 409);
    expect(refused).toHaveLength(20 - TOKENS_PER_USER_MAX);
    expect((await errorOf(refused[0]!)).message).toBe(TOKEN_MESSAGES.tooMany);
  });

  it("revokes one's own token, after which it reads nothing; someone else's token is not found", async () => {
    const owner = await createUser(database.db);
    const other = await createUser(database.db);
    const created = await makeToken(owner);
    const notMine = await t.request(`/api/me/tokens/${created.id}`, { method: 'DELETE', cookie: await t.cookieFor(other) });
    expect(notMine.status).toBe(404);
    expect((await withToken(created.token, '/api/my/caucuses')).status).toBe(200);
    const revoked = await t.request(`/api/me/tokens/${created.id}`, { method: 'DELETE', cookie: await t.cookieFor(owner) });
    expect(revoked.status).toBe(200);
    const after = await withToken(created.token, '/api/my/caucuses');
    expect(after.status).toBe(401);
    expect(after.headers.get('www-authenticate')).toContain('Bearer');
    expect((await errorOf(after)).message).toBe(TOKEN_MESSAGES.invalid);
    const list = (await (await t.request('/api/me/tokens', { cookie: await t.cookieFor(owner) })).json()) as ApiToken[];
    expect(list).toEqual([]);
  });
});

describe('reading with a token', () => {
  it("reads its owner's caucus roster and the members' public profiles, and keeps the last-used time", async () => {
    const { caucus, members } = await caucusWithMembers();
    const created = await makeToken(members[0]!);
    const roster = await withToken(created.token, `/api/caucuses/${caucus.id}`);
    expect(roster.status).toBe(200);
    expect(roster.headers.get('cache-control')).toBe('private, no-store');
    const detail = (await roster.json()) as { members: Array<{ id: string; name: string }> };
    expect(detail.members.map((m) => m.id).sort()).toEqual(members.map((m) => m.id).sort());
    const profile = await withToken(created.token, `/api/profiles/${members[2]!.id}`);
    expect(profile.status).toBe(200);
    expect(((await profile.json()) as { name: string }).name).toBe(members[2]!.name);
    const mine = await withToken(created.token, '/api/my/caucuses');
    expect(((await mine.json()) as Array<{ id: string }>).map((c) => c.id)).toEqual([caucus.id]);
    const [row] = await database.db.select().from(apiTokens).where(eq(apiTokens.id, created.id));
    expect(row!.lastUsedAt).toBeInstanceOf(Date);
  });

  it('refuses every write, whatever the route, and changes nothing', async () => {
    const { caucus, members } = await caucusWithMembers();
    const created = await makeToken(members[0]!);
    const writes: Array<[string, string, unknown]> = [
      ['POST', `/api/caucuses/${caucus.id}/leave`, {}],
      ['PUT', `/api/caucuses/${caucus.id}/vote`, { candidateId: members[1]!.id }],
      ['POST', '/api/me/tokens', { name: 'another', scopes: ['caucuses:read'] }],
      ['DELETE', `/api/me/tokens/${created.id}`, undefined],
      ['PATCH', '/api/me/tagline', { tagline: 'changed by a token' }],
      ['POST', '/api/brownies', { receiverId: members[1]!.id }],
      ['POST', '/api/auth/sign-out', {}],
    ];
    for (const [method, path, json] of writes) {
      const res = await withToken(created.token, path, { method, ...(json === undefined ? {} : { body: JSON.stringify(json), headers: { 'content-type': 'application/json', origin: TEST_ORIGIN } }) });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect((await errorOf(res)).code, `${method} ${path}`).toBe('token_read_only');
    }
    const roster = (await (await withToken(created.token, `/api/caucuses/${caucus.id}`)).json()) as { members: unknown[] };
    expect(roster.members).toHaveLength(3);
    expect(await database.db.select().from(apiTokens).where(eq(apiTokens.userId, members[0]!.id))).toHaveLength(1);
  });

  it("reads nothing outside its scopes or its owner's caucuses", async () => {
    const { caucus, members, outsider } = await caucusWithMembers();
    const other = await caucusWithMembers();
    const onlyCaucuses = await makeToken(members[0]!, ['caucuses:read']);
    const refusedScope = await withToken(onlyCaucuses.token, `/api/profiles/${members[1]!.id}`);
    expect(refusedScope.status).toBe(403);
    expect((await errorOf(refusedScope)).message).toBe(TOKEN_MESSAGES.outOfScope);
    const both = await makeToken(members[0]!);
    for (const path of [`/api/caucuses/${other.caucus.id}`, `/api/profiles/${outsider.id}`, '/api/messages/conversations', '/api/me/data', '/api/me/tokens', '/api/notifications']) {
      const res = await withToken(both.token, path);
      expect(res.status, path).toBe(403);
    }
    expect((await withToken(both.token, `/api/caucuses/${caucus.id}`)).status).toBe(200);
  });

  it('is refused when malformed, unknown, or sent with another scheme; a cookie beside it is not read', async () => {
    const { members } = await caucusWithMembers();
    for (const header of ['Bearer nonsense', 'Bearer cau_' + 'A'.repeat(43), 'Basic dXNlcjpwYXNz', 'Bearer', 'Bearer a b']) {
      const res = await t.request('/api/my/caucuses', { headers: { authorization: header } });
      expect(res.status, header).toBe(401);
    }
    const cookie = await t.cookieFor(members[0]!);
    const res = await t.request('/api/my/caucuses', { cookie, headers: { authorization: 'Bearer cau_' + 'B'.repeat(43) } });
    expect(res.status).toBe(401);
  });

  it('has its own rate limit, per token', async () => {
    const limitedApp = createTestApp(database.db, { settings: { API_TOKEN_RATE_LIMIT_MAX: 5, API_TOKEN_RATE_LIMIT_WINDOW_SECONDS: 60 } });
    const withToken = (token: string, path: string) => limitedApp.request(path, { headers: { authorization: `Bearer ${token}`, origin: '' } });
    const { caucus, members } = await caucusWithMembers();
    const first = await makeToken(members[0]!);
    const second = await makeToken(members[1]!);
    const answers = await Promise.all(Array.from({ length: 8 }, () => withToken(first.token, `/api/caucuses/${caucus.id}`)));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(5);
    const limited = answers.filter((r) => r.status === 429);
    expect(limited).toHaveLength(3);
    expect(Number(limited[0]!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await withToken(second.token, `/api/caucuses/${caucus.id}`)).status).toBe(200);
    // People using the app are not counted against it.
    expect((await limitedApp.request(`/api/caucuses/${caucus.id}`, { cookie: await t.cookieFor(members[0]!) })).status).toBe(200);
  });

  it('reads nothing once its owner has deleted the account', async () => {
    const { members } = await caucusWithMembers();
    const created = await makeToken(members[0]!);
    await database.db.execute(`update users set deleted_at = now() where id = '${members[0]!.id}'`);
    expect((await withToken(created.token, '/api/my/caucuses')).status).toBe(401);
  });
});
