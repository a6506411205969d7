import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { BROADCAST_LIST_LIMIT, BROADCAST_MESSAGES, type BroadcastList, type BroadcastView } from '../../../domain/social/broadcasts';
import { MESSAGE_ERRORS } from '../../../domain/social/messages';
import type { Database } from '../../db/client';
import { caucusMembers, caucuses } from '../../db/schema/caucuses';
import { broadcasts } from '../../db/schema/social';
import { createCaucusRow } from '../../test/caucus-factories';
import { createUser } from '../../test/factories';
import { createTestApp, fixedClock } from '../../test/test-app';
import { createTestDatabase } from '../../test/test-database';

let database: Database;
let t: ReturnType<typeof createTestApp>;

beforeAll(async () => {
  database = await createTestDatabase();
  t = createTestApp(database.db);
});

type Person = Awaited<ReturnType<typeof createUser>>;
/** One sign-in per user for the whole file. */
const cookieOf = (user: Person) => t.cookieFor(user);
const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; message: string } }).error;

/** Each test has a district of its own (California has 52). */
let nextDistrict = 1;
const freshDistrict = () => ({ state: 'CA', district: nextDistrict++ });

const resident = (home: { state: string; district: number }, extra: { isAdministrator?: boolean } = {}) => createUser(database.db, { ...home, ...extra });
const broadcast = async (who: Person, json: Record<string, unknown>) => t.request('/api/broadcasts', { method: 'POST', cookie: await cookieOf(who), json });
const listOf = async (who: Person) => (await (await t.request('/api/broadcasts', { cookie: await cookieOf(who) })).json()) as BroadcastList;
const idsFor = async (who: Person) => (await listOf(who)).broadcasts.map((b) => b.id);
const sent = async (res: Response) => {
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as BroadcastView;
};
const broadcastCount = (senderId: string) => database.db.$count(broadcasts, eq(broadcasts.senderId, senderId));

/**
 * A finalized caucus: its voting members (the delegate among them) and, optionally, an
 * organizer who does not vote. Inserted straight into the tables, as an election would leave them.
 */
async function finalizedCaucus(home: { state: string; district: number }, level: number, members: Person[], delegate: Person, organizer?: Person) {
  const caucus = await createCaucusRow(database.db, { ...home, level, requiredVotingMembers: members.length, name: `Level ${level} caucus` });
  await database.db.insert(caucusMembers).values(members.map((m) => ({ caucusId: caucus.id, userId: m.id, isVotingMember: true })));
  if (organizer) await database.db.insert(caucusMembers).values({ caucusId: caucus.id, userId: organizer.id, isVotingMember: false, isOrganizer: true });
  await database.db
    .update(caucuses)
    .set({ electionFinalized: true, votingFinalized: true, votingStarted: true, electedDelegateId: delegate.id, finalizedAt: new Date() })
    .where(eq(caucuses.id, caucus.id));
  return caucus;
}

/**
 * A district's tree:
 *   L3 (d1b, x)            delegate d1b
 *   └ L2 (d1a, d1b)        delegate d1b
 *     ├ L1a (v1, v2, d1a)  delegate d1a, organized by org
 *     └ L1b (v3, d1b)      delegate d1b
 *   L1c (v4, d1c)          delegate d1c (its delegate never joined a level-2 caucus)
 * plus a resident of the district in no caucus.
 */
async function districtTree() {
  const home = freshDistrict();
  const [v1, v2, v3, v4, d1a, d1b, d1c, x, org, bystander] = await Promise.all(Array.from({ length: 10 }, () => resident(home)));
  const l1a = await finalizedCaucus(home, 1, [v1!, v2!, d1a!], d1a!, org!);
  const l1b = await finalizedCaucus(home, 1, [v3!, d1b!], d1b!);
  const l1c = await finalizedCaucus(home, 1, [v4!, d1c!], d1c!);
  const l2 = await finalizedCaucus(home, 2, [d1a!, d1b!], d1b!);
  const l3 = await finalizedCaucus(home, 3, [d1b!, x!], d1b!);
  return { home, v1: v1!, v2: v2!, v3: v3!, v4: v4!, d1a: d1a!, d1b: d1b!, d1c: d1c!, x: x!, org: org!, bystander: bystander!, l1a, l1b, l1c, l2, l3 };
}

describe('signed-in only', () => {
  it('answers 401 to visitors', async () => {
    expect((await t.request('/api/broadcasts')).status).toBe(401);
    expect((await t.request('/api/broadcasts', { method: 'POST', json: { message: 'hi', scope: 'everyone' } })).status).toBe(401);
  });
});

describe('administrators: everyone, a state, a district', () => {
  it('a global broadcast reaches everyone, newest first, with its sender and audience', async () => {
    const admin = await resident(freshDistrict(), { isAdministrator: true });
    const [here, there] = await Promise.all([resident(freshDistrict()), resident({ state: 'WY', district: 1 })]);
    const first = await sent(await broadcast(admin, { message: 'first', scope: 'everyone' }));
    const second = await sent(await broadcast(admin, { message: '  second  ', scope: 'everyone' }));
    expect(second).toMatchObject({ message: 'second', scope: 'everyone', audienceLabel: 'Everyone', sender: { id: admin.id, name: admin.name }, sentByMe: true, level: null });
    for (const who of [here, there]) {
      const ids = await idsFor(who);
      expect(ids.indexOf(second.id)).toBeGreaterThanOrEqual(0);
      expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
    }
    expect((await listOf(here)).broadcasts.find((b) => b.id === second.id)!.sentByMe).toBe(false);
  });

  it('a state broadcast reaches the users of that state and not those of another', async () => {
    const admin = await resident(freshDistrict(), { isAdministrator: true });
    const [texan1, texan2, ohioan] = await Promise.all([resident({ state: 'TX', district: 1 }), resident({ state: 'TX', district: 38 }), resident({ state: 'OH', district: 1 })]);
    const b = await sent(await broadcast(admin, { message: 'Texas, vote!', scope: 'state', state: 'TX' }));
    expect(b).toMatchObject({ scope: 'state', targetState: 'TX', targetDistrict: null, audienceLabel: 'Texas' });
    expect(await idsFor(texan1)).toContain(b.id);
    expect(await idsFor(texan2)).toContain(b.id);
    const outside = await t.request('/api/broadcasts', { cookie: await cookieOf(ohioan) });
    expect(await outside.text()).not.toContain('Texas, vote!');
    // The sender sees what they sent, even outside its audience.
    expect((await listOf(admin)).broadcasts.find((x) => x.id === b.id)).toMatchObject({ sentByMe: true });
  });

  it('a district broadcast reaches that district only', async () => {
    const admin = await resident(freshDistrict(), { isAdministrator: true });
    const [inside, nextDoor, sameNumberElsewhere] = await Promise.all([
      resident({ state: 'NY', district: 7 }),
      resident({ state: 'NY', district: 8 }),
      resident({ state: 'NJ', district: 7 }),
    ]);
    const b = await sent(await broadcast(admin, { message: 'NY-7 meeting', scope: 'district', state: 'NY', district: '7' }));
    expect(b).toMatchObject({ scope: 'district', targetState: 'NY', targetDistrict: 7, audienceLabel: 'District NY-7' });
    expect(await idsFor(inside)).toContain(b.id);
    expect(await idsFor(nextDoor)).not.toContain(b.id);
    expect(await idsFor(sameNumberElsewhere)).not.toContain(b.id);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['a district scope without a state', { message: 'hi', scope: 'district', district: 3 }, BROADCAST_MESSAGES.stateRequired],
    ['a state scope without a state', { message: 'hi', scope: 'state' }, BROADCAST_MESSAGES.stateRequired],
    ['a district scope without a district', { message: 'hi', scope: 'district', state: 'TX' }, BROADCAST_MESSAGES.districtRequired],
    ['a district beyond the state’s count', { message: 'hi', scope: 'district', state: 'TX', district: 39 }, 'District must be between 1 and 38 for Texas.'],
    ['an unknown state', { message: 'hi', scope: 'state', state: 'ZZ' }, BROADCAST_MESSAGES.stateRequired],
    ['no scope', { message: 'hi' }, BROADCAST_MESSAGES.scopeRequired],
    ['an empty message', { message: '   ', scope: 'everyone' }, MESSAGE_ERRORS.empty],
    ['2,001 characters', { message: 'x'.repeat(2001), scope: 'everyone' }, MESSAGE_ERRORS.tooLong],
  ])('refuses %s with 400 and writes nothing', async (_label, json, message) => {
    const admin = await resident(freshDistrict(), { isAdministrator: true });
    const res = await broadcast(admin, json);
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toBe(message);
    expect(await broadcastCount(admin.id)).toBe(0);
  });

  it('offers the administrator’s scopes in the send options', async () => {
    const admin = await resident(freshDistrict(), { isAdministrator: true });
    expect((await listOf(admin)).sendOptions).toEqual({ scopes: ['everyone', 'state', 'district'], constituency: null });
  });
});

describe('who may not broadcast', () => {
  it('a voter is refused with 403, offered no send form, and nothing is written', async () => {
    const voter = await resident(freshDistrict());
    for (const json of [
      { message: 'hi', scope: 'everyone' },
      { message: 'hi', scope: 'state', state: 'CA' },
      { message: 'hi', scope: 'constituents' },
    ]) {
      const res = await broadcast(voter, json);
      expect(res.status).toBe(403);
      expect((await errorOf(res)).message).toBe(BROADCAST_MESSAGES.notAllowed);
    }
    expect(await broadcastCount(voter.id)).toBe(0);
    expect((await listOf(voter)).sendOptions).toEqual({ scopes: [], constituency: null });
  });

  it('a delegate may not use an administrator’s scope, nor a finalized caucus’s ordinary member', async () => {
    const tree = await districtTree();
    const res = await broadcast(tree.d1a, { message: 'hi', scope: 'state', state: 'CA' });
    expect(res.status).toBe(403);
    expect((await errorOf(res)).message).toBe(BROADCAST_MESSAGES.adminsOnly);
    const member = await broadcast(tree.v1, { message: 'hi', scope: 'constituents' });
    expect(member.status).toBe(403);
    expect(await broadcastCount(tree.d1a.id)).toBe(0);
    expect(await broadcastCount(tree.v1.id)).toBe(0);
  });

  it('rate-limits broadcasts per user: 10 an hour, then 429', async () => {
    const clock = fixedClock('2030-07-01T12:00:00Z');
    const app = createTestApp(database.db, { clock });
    const admin = await resident(freshDistrict(), { isAdministrator: true });
    const cookie = await app.signIn(admin.email, admin.password);
    for (let i = 0; i < 10; i++) {
      expect((await app.request('/api/broadcasts', { method: 'POST', cookie, json: { message: `b${i}`, scope: 'everyone' } })).status).toBe(201);
    }
    expect((await app.request('/api/broadcasts', { method: 'POST', cookie, json: { message: 'too many', scope: 'everyone' } })).status).toBe(429);
    expect(await broadcastCount(admin.id)).toBe(10);
  });
});

describe('elected delegates: every voter in the representation tree beneath them', () => {
  it('a level-1 delegate reaches their caucus’s voters, not its organizer nor other caucuses', async () => {
    const tree = await districtTree();
    expect((await listOf(tree.d1a)).sendOptions).toMatchObject({ scopes: ['constituents'], constituency: { caucusId: tree.l1a.id, level: 1 } });
    const b = await sent(await broadcast(tree.d1a, { message: 'Thanks for electing me', scope: 'constituents' }));
    expect(b).toMatchObject({ scope: 'constituents', level: 1, targetState: tree.home.state, targetDistrict: tree.home.district });
    for (const who of [tree.v1, tree.v2, tree.d1a]) expect(await idsFor(who)).toContain(b.id);
    for (const who of [tree.v3, tree.v4, tree.d1b, tree.d1c, tree.x, tree.org, tree.bystander]) expect(await idsFor(who)).not.toContain(b.id);
  });

  it('a higher delegate reaches the whole tree beneath their highest caucus, and no one outside it', async () => {
    const tree = await districtTree();
    expect((await listOf(tree.d1b)).sendOptions.constituency).toMatchObject({ caucusId: tree.l3.id, level: 3 });
    const b = await sent(await broadcast(tree.d1b, { message: 'Level 3 report', scope: 'constituents' }));
    expect(b).toMatchObject({ scope: 'constituents', level: 3 });
    for (const who of [tree.v1, tree.v2, tree.v3, tree.d1a, tree.d1b, tree.x]) expect(await idsFor(who)).toContain(b.id);
    for (const who of [tree.v4, tree.d1c, tree.org, tree.bystander]) {
      const res = await t.request('/api/broadcasts', { cookie: await cookieOf(who) });
      expect(await res.text()).not.toContain('Level 3 report');
    }
  });

  it('a tree in another district hears nothing of this one', async () => {
    const here = await districtTree();
    const there = await districtTree();
    const b = await sent(await broadcast(here.d1b, { message: 'only here', scope: 'constituents' }));
    for (const who of [there.v1, there.v3, there.d1a, there.d1b, there.x]) expect(await idsFor(who)).not.toContain(b.id);
  });

  it('the district’s Candidate (a level-5 delegate) reaches the whole district', async () => {
    const home = freshDistrict();
    const [candidate, neighbour] = await Promise.all([resident(home), resident(home)]);
    const elsewhere = await resident(freshDistrict());
    await finalizedCaucus(home, 5, [candidate], candidate);
    expect((await listOf(candidate)).sendOptions).toMatchObject({ scopes: ['constituents'], constituency: { level: 5 } });
    const b = await sent(await broadcast(candidate, { message: 'Your Candidate speaks', scope: 'constituents' }));
    expect(b).toMatchObject({ scope: 'district', level: 5, targetState: home.state, targetDistrict: home.district, audienceLabel: `District CA-${home.district} (from its Candidate)` });
    expect(await idsFor(neighbour)).toContain(b.id);
    expect(await idsFor(elsewhere)).not.toContain(b.id);
  });
});

describe('the list', () => {
  it(`shows the newest ${BROADCAST_LIST_LIMIT} meant for the viewer, newest first`, async () => {
    const admin = await resident(freshDistrict(), { isAdministrator: true });
    const home = freshDistrict();
    const viewer = await resident(home);
    const start = Date.parse('2031-01-01T00:00:00Z');
    // Older to newer, alternating between the viewer's district and the whole country.
    await database.db.insert(broadcasts).values(
      Array.from({ length: BROADCAST_LIST_LIMIT + 10 }, (_, i) => ({
        senderId: admin.id,
        message: `n${i}`,
        scope: i % 2 ? 'district' : 'everyone',
        targetState: i % 2 ? home.state : null,
        targetDistrict: i % 2 ? home.district : null,
        createdAt: new Date(start + i * 1000),
      })),
    );
    const list = (await listOf(viewer)).broadcasts;
    expect(list).toHaveLength(BROADCAST_LIST_LIMIT);
    expect(list.map((b) => b.message)).toEqual(Array.from({ length: BROADCAST_LIST_LIMIT }, (_, i) => `n${BROADCAST_LIST_LIMIT + 9 - i}`));
  });
});
