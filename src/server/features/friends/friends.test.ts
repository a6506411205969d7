import { randomBytes } from 'node:crypto';
import { and, eq, inArray, or } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { FRIEND_MESSAGES, friendshipPair } from '../../../domain/social/friends';
import type { FriendSearchResult, FriendsOverview, SendFriendRequestResult } from '../../../domain/social/social-types';
import type { Database } from '../../db/client';
import { users } from '../../db/schema/auth';
import { activities } from '../../db/schema/points';
import { friendRequests, friendships } from '../../db/schema/social';
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
const get = async (path: string, who: Person | null) => t.request(path, { cookie: who ? await cookieOf(who) : undefined });
const post = async (path: string, who: Person | null, json?: unknown) =>
  t.request(path, { method: 'POST', cookie: who ? await cookieOf(who) : undefined, ...(json === undefined ? {} : { json }) });

/** A word no other test's names contain, so each test's search sees only its own people. */
const token = () => Array.from(randomBytes(8), (b) => 'abcdefghijklmnopqrstuvwxyz'[b % 26]).join('');
const person = (name?: string) => createUser(database.db, name ? { name } : {});

const request = (from: Person, to: string) => post('/api/friends/requests', from, { userId: to });
const respond = (who: Person, requestId: string, response: string) => post(`/api/friends/requests/${requestId}/respond`, who, { response });
const overview = async (who: Person) => (await (await get('/api/friends', who)).json()) as FriendsOverview;

async function pairRows(a: string, b: string) {
  const pair = friendshipPair(a, b);
  const [friends, requests] = await Promise.all([
    database.db.select().from(friendships).where(and(eq(friendships.user1Id, pair.user1Id), eq(friendships.user2Id, pair.user2Id))),
    database.db
      .select()
      .from(friendRequests)
      .where(
        or(
          and(eq(friendRequests.requesterId, a), eq(friendRequests.requesteeId, b)),
          and(eq(friendRequests.requesterId, b), eq(friendRequests.requesteeId, a)),
        ),
      ),
  ]);
  return { friends, requests, pending: requests.filter((r) => r.status === 'pending') };
}

const friendActivities = (userIds: string[]) =>
  database.db.select().from(activities).where(and(inArray(activities.userId, userIds), eq(activities.activityType, 'friend_added')));

describe('signed-in only', () => {
  it('answers 401 to visitors everywhere and writes nothing', async () => {
    const someone = await person();
    expect((await get('/api/friends', null)).status).toBe(401);
    expect((await get('/api/friends/search?q=ab', null)).status).toBe(401);
    expect((await request(null as unknown as Person, someone.id)).status).toBe(401);
    expect((await post('/api/friends/requests/00000000-0000-4000-8000-000000000000/respond', null, { response: 'accepted' })).status).toBe(401);
  });
});

describe('finding people by name', () => {
  it('returns at most 10, prefix matches first, never the searcher or a hidden profile', async () => {
    const word = token();
    const me = await person(`${word} Searcher`);
    const prefix = await Promise.all(Array.from({ length: 8 }, (_, i) => person(`${word} Prefix ${i}`)));
    const inside = await Promise.all(Array.from({ length: 4 }, (_, i) => person(`Inside ${word} ${i}`)));
    const hidden = await person(`${word} Hidden`);
    await database.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, hidden.id));

    const res = await get(`/api/friends/search?q=${word.toUpperCase()}`, me);
    expect(res.status).toBe(200);
    const found = (await res.json()) as FriendSearchResult[];
    expect(found).toHaveLength(10);
    expect(found.slice(0, 8).map((f) => f.id).sort()).toEqual(prefix.map((p) => p.id).sort());
    expect(inside.map((p) => p.id)).toEqual(expect.arrayContaining(found.slice(8).map((f) => f.id)));
    expect(found.map((f) => f.id)).not.toContain(me.id);
    expect(found.map((f) => f.id)).not.toContain(hidden.id);
    // Public fields only.
    expect(Object.keys(found[0]!).sort()).toEqual(['district', 'id', 'name', 'photoUrl', 'relation', 'requestId', 'state']);
  });

  it('says how the searcher stands with each person', async () => {
    const word = token();
    const me = await person(`${word} Me`);
    const [friend, asked, asker, stranger] = await Promise.all(['Friend', 'Asked', 'Asker', 'Stranger'].map((n) => person(`${word} ${n}`)));
    await database.db.insert(friendships).values(friendshipPair(me.id, friend!.id));
    const sent = (await (await request(me, asked!.id)).json()) as SendFriendRequestResult;
    const received = (await (await request(asker!, me.id)).json()) as SendFriendRequestResult;

    const found = (await (await get(`/api/friends/search?q=${word}`, me)).json()) as FriendSearchResult[];
    const relation = (id: string) => found.find((f) => f.id === id);
    expect(relation(friend!.id)).toMatchObject({ relation: 'friend', requestId: null });
    expect(relation(asked!.id)).toMatchObject({ relation: 'request_sent', requestId: sent.status === 'pending' ? sent.request.id : 'x' });
    expect(relation(asker!.id)).toMatchObject({ relation: 'request_received', requestId: received.status === 'pending' ? received.request.id : 'x' });
    expect(relation(stranger!.id)).toMatchObject({ relation: 'none', requestId: null });
  });

  it.each([
    ['', 'Enter at least 2 characters to search.'],
    ['a', 'Enter at least 2 characters to search.'],
    ['x'.repeat(101), 'Search text can be at most 100 characters'],
  ])('refuses the query %j with 400', async (q, message) => {
    const me = await person();
    const res = await get(`/api/friends/search?q=${q}`, me);
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toBe(message);
  });
});

describe('friend requests', () => {
  it('a request is pending for both sides until answered', async () => {
    const [ann, ben] = await Promise.all([person(), person()]);
    const res = await request(ann, ben.id);
    expect(res.status).toBe(201);
    const sent = (await res.json()) as SendFriendRequestResult;
    expect(sent).toMatchObject({ status: 'pending', request: { person: { id: ben.id, name: ben.name } } });

    const annView = await overview(ann);
    const benView = await overview(ben);
    expect(annView.sent.map((r) => r.person.id)).toEqual([ben.id]);
    expect(annView.received).toEqual([]);
    expect(benView.received.map((r) => r.person.id)).toEqual([ann.id]);
    expect(benView.received[0]!.id).toBe(sent.status === 'pending' ? sent.request.id : '');
    expect(annView.friends).toEqual([]);
    expect(benView.friends).toEqual([]);
  });

  it('accepting creates the friendship and a friend_added activity for both', async () => {
    const clock = fixedClock('2030-05-01T10:00:00Z');
    const app = createTestApp(database.db, { clock });
    const [ann, ben] = await Promise.all([person(), person()]);
    const annCookie = await app.signIn(ann.email, ann.password);
    const benCookie = await app.signIn(ben.email, ben.password);
    const sent = (await (await app.request('/api/friends/requests', { method: 'POST', cookie: annCookie, json: { userId: ben.id } })).json()) as {
      request: { id: string };
    };
    clock.set('2030-05-01T11:00:00Z');
    const res = await app.request(`/api/friends/requests/${sent.request.id}/respond`, { method: 'POST', cookie: benCookie, json: { response: 'accepted' } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'accepted', friend: { id: ann.id, name: ann.name, since: '2030-05-01T11:00:00.000Z' } });

    const rows = await pairRows(ann.id, ben.id);
    expect(rows.friends).toHaveLength(1);
    expect(rows.requests).toMatchObject([{ status: 'accepted', respondedAt: new Date('2030-05-01T11:00:00Z') }]);
    const acts = await friendActivities([ann.id, ben.id]);
    expect(acts.map((a) => [a.userId, a.description]).sort()).toEqual(
      [
        [ann.id, `Became friends with ${ben.name}`],
        [ben.id, `Became friends with ${ann.name}`],
      ].sort(),
    );
    expect((await overview(ann)).friends.map((f) => f.id)).toEqual([ben.id]);
    expect((await overview(ben)).friends.map((f) => f.id)).toEqual([ann.id]);
    expect((await overview(ben)).received).toEqual([]);
  });

  it('declining leaves no friendship and no activity, and the answer cannot be given twice', async () => {
    const [ann, ben] = await Promise.all([person(), person()]);
    const sent = (await (await request(ann, ben.id)).json()) as { request: { id: string } };
    const res = await respond(ben, sent.request.id, 'declined');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'declined', friend: null });
    const again = await respond(ben, sent.request.id, 'accepted');
    expect(again.status).toBe(409);
    expect((await errorOf(again)).message).toBe(FRIEND_MESSAGES.alreadyAnswered('declined'));
    const rows = await pairRows(ann.id, ben.id);
    expect(rows.friends).toEqual([]);
    expect(rows.requests.map((r) => r.status)).toEqual(['declined']);
    expect(await friendActivities([ann.id, ben.id])).toEqual([]);
    // A declined request does not block a later one.
    expect((await request(ann, ben.id)).status).toBe(201);
  });

  it('only the person asked may answer: the requester gets 403, anyone else 404, and nothing changes', async () => {
    const [ann, ben, cat] = await Promise.all([person(), person(), person()]);
    const sent = (await (await request(ann, ben.id)).json()) as { request: { id: string } };
    const byRequester = await respond(ann, sent.request.id, 'accepted');
    expect(byRequester.status).toBe(403);
    expect((await errorOf(byRequester)).message).toBe(FRIEND_MESSAGES.notYourRequest);
    const byStranger = await respond(cat, sent.request.id, 'accepted');
    expect(byStranger.status).toBe(404);
    expect((await errorOf(byStranger)).message).toBe(FRIEND_MESSAGES.requestNotFound);
    expect((await respond(ben, '00000000-0000-4000-8000-000000000000', 'accepted')).status).toBe(404);
    expect((await respond(ben, 'not-an-id', 'accepted')).status).toBe(404);
    const bad = await respond(ben, sent.request.id, 'maybe');
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).message).toBe(FRIEND_MESSAGES.answerRequired);
    expect((await pairRows(ann.id, ben.id)).pending).toHaveLength(1);
  });

  it.each<[string, (me: Person) => Promise<string>, number, string]>([
    ['to oneself', async (me) => me.id, 400, FRIEND_MESSAGES.notYourself],
    ['to nobody', async () => '', 400, FRIEND_MESSAGES.chooseSomeone],
    ['to something that is not an id', async () => 'bob', 400, FRIEND_MESSAGES.chooseSomeone],
    ['to an unknown user', async () => '00000000-0000-4000-8000-000000000000', 404, FRIEND_MESSAGES.userNotFound],
    [
      'to a hidden profile',
      async () => {
        const gone = await person();
        await database.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone.id));
        return gone.id;
      },
      404,
      FRIEND_MESSAGES.userNotFound,
    ],
  ])('refuses a request %s and writes nothing', async (_label, target, status, message) => {
    const me = await person();
    const res = await request(me, await target(me));
    expect(res.status).toBe(status);
    expect((await errorOf(res)).message).toBe(message);
    expect(await database.db.$count(friendRequests, eq(friendRequests.requesterId, me.id))).toBe(0);
  });

  it('refuses a second request in the same direction, and a request between friends', async () => {
    const [ann, ben] = await Promise.all([person(), person()]);
    expect((await request(ann, ben.id)).status).toBe(201);
    const twice = await request(ann, ben.id);
    expect(twice.status).toBe(409);
    expect((await errorOf(twice)).message).toBe(FRIEND_MESSAGES.alreadyRequested);
    expect((await pairRows(ann.id, ben.id)).requests).toHaveLength(1);

    const [cat, dan] = await Promise.all([person(), person()]);
    await database.db.insert(friendships).values(friendshipPair(cat.id, dan.id));
    for (const [from, to] of [
      [cat, dan],
      [dan, cat],
    ] as const) {
      const res = await request(from, to.id);
      expect(res.status).toBe(409);
      expect((await errorOf(res)).message).toBe(FRIEND_MESSAGES.alreadyFriends);
    }
    expect((await pairRows(cat.id, dan.id)).requests).toEqual([]);
  });

  it('asking someone who already asked you accepts their request: one friendship, no second request', async () => {
    const [ann, ben] = await Promise.all([person(), person()]);
    expect((await request(ann, ben.id)).status).toBe(201);
    const back = await request(ben, ann.id);
    expect(back.status).toBe(200);
    expect(await back.json()).toMatchObject({ status: 'accepted', friend: { id: ann.id } });
    const rows = await pairRows(ann.id, ben.id);
    expect(rows.friends).toHaveLength(1);
    expect(rows.requests.map((r) => [r.requesterId, r.status])).toEqual([[ann.id, 'accepted']]);
    expect(await friendActivities([ann.id, ben.id])).toHaveLength(2);
  });

  it('hides hidden profiles from the lists', async () => {
    const [me, friend, asker] = await Promise.all([person(), person(), person()]);
    await database.db.insert(friendships).values(friendshipPair(me.id, friend.id));
    await request(asker, me.id);
    await database.db.update(users).set({ deletedAt: new Date() }).where(inArray(users.id, [friend.id, asker.id]));
    expect(await overview(me)).toEqual({ friends: [], received: [], sent: [] });
  });

  it('rate-limits requests per user: 30 an hour, then 429', async () => {
    const clock = fixedClock('2030-06-01T12:00:00Z');
    const app = createTestApp(database.db, { clock });
    const me = await person();
    const cookie = await app.signIn(me.email, me.password);
    const targets = await Promise.all(Array.from({ length: 31 }, () => person()));
    for (const target of targets.slice(0, 30)) {
      expect((await app.request('/api/friends/requests', { method: 'POST', cookie, json: { userId: target.id } })).status).toBe(201);
    }
    const limited = await app.request('/api/friends/requests', { method: 'POST', cookie, json: { userId: targets[30]!.id } });
    expect(limited.status).toBe(429);
    expect(await database.db.$count(friendRequests, eq(friendRequests.requesterId, me.id))).toBe(30);
    clock.set('2030-06-01T13:00:01Z');
    expect((await app.request('/api/friends/requests', { method: 'POST', cookie, json: { userId: targets[30]!.id } })).status).toBe(201);
  });
});

describe('races', () => {
  it('two people asking each other at the same moment end with one friendship and no pending request (many pairs, many tries)', async () => {
    const pairs = await Promise.all(Array.from({ length: 12 }, async () => [await person(), await person()] as const));
    await Promise.all(pairs.flatMap(([a, b]) => [cookieOf(a), cookieOf(b)]));
    const answers = await Promise.all(
      pairs.flatMap(([a, b]) => [request(a, b.id), request(b, a.id), request(a, b.id), request(b, a.id)]).map(async (p) => (await p).status),
    );
    // Each pair: one 201 (the first request), one 200 (the other's request accepted it), and 409s.
    expect(answers.filter((s) => s === 201)).toHaveLength(pairs.length);
    expect(answers.filter((s) => s === 200)).toHaveLength(pairs.length);
    expect(answers.filter((s) => s !== 201 && s !== 200).every((s) => s === 409)).toBe(true);
    for (const [a, b] of pairs) {
      const rows = await pairRows(a.id, b.id);
      expect(rows.friends).toHaveLength(1);
      expect(rows.pending).toEqual([]);
      expect(rows.requests.map((r) => r.status)).toEqual(['accepted']);
      expect(await friendActivities([a.id, b.id])).toHaveLength(2);
    }
  });

  it('accepting the same request many times at once accepts it once', async () => {
    const [ann, ben] = await Promise.all([person(), person()]);
    const sent = (await (await request(ann, ben.id)).json()) as { request: { id: string } };
    await cookieOf(ben);
    const statuses = await Promise.all(Array.from({ length: 10 }, async () => (await respond(ben, sent.request.id, 'accepted')).status));
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(9);
    expect((await pairRows(ann.id, ben.id)).friends).toHaveLength(1);
    expect(await friendActivities([ann.id, ben.id])).toHaveLength(2);
  });
});
