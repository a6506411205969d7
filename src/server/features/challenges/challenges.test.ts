import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHALLENGE_MESSAGES, type ChallengeChatMessage, type ChallengeLists, type ChallengeView } from '../../../domain/challenges/challenge-schemas';
import type { Database } from '../../db/client';
import { users } from '../../db/schema/auth';
import { challengeChatMessages, challengeInvitations, challengeMembers, challenges } from '../../db/schema/challenges';
import { notifications } from '../../db/schema/notifications';
import { activities, badges, userBadges } from '../../db/schema/points';
import { privateMessages } from '../../db/schema/social';
import {
  addChallengeMember,
  createChallengeRow,
  giveBanners,
  giveSparks,
  inviteToChallenge,
  seedChallengeForBench,
} from '../../test/challenge-factories';
import { makeFriends } from '../../test/social-factories';
import { createUser } from '../../test/factories';
import { startLiveInstance, type LiveInstance } from '../../test/sse-client';
import { createTestApp, fixedClock } from '../../test/test-app';
import { createTestDatabase } from '../../test/test-database';
import { completeChallenge, completeDueChallenges, readChallengeScores } from './challenges.service';

const DAY = 86_400_000;
let database: Database;
let t: ReturnType<typeof createTestApp>;

beforeAll(async () => {
  database = await createTestDatabase();
  t = createTestApp(database.db);
});

type Person = Awaited<ReturnType<typeof createUser>>;
type App = ReturnType<typeof createTestApp>;
const person = () => createUser(database.db);
const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; message: string; title?: string } }).error;
const get = async (path: string, who: Person | null, app: App = t) => app.request(path, { cookie: who ? await app.cookieFor(who) : undefined });
const post = async (path: string, who: Person | null, json?: unknown, app: App = t) =>
  app.request(path, { method: 'POST', cookie: who ? await app.cookieFor(who) : undefined, ...(json === undefined ? {} : { json }) });

/** A creator with `n` friends. */
async function creatorWithFriends(n: number) {
  const creator = await person();
  const friends = await Promise.all(Array.from({ length: n }, () => person()));
  for (const f of friends) await makeFriends(database.db, creator.id, f.id);
  return { creator, friends };
}

const validInput = (inviteeIds: string[], change: Record<string, unknown> = {}) => ({
  name: 'Spark Sprint',
  challengeType: 'sparks',
  durationDays: 7,
  team: 'blue',
  inviteeIds,
  ...change,
});

async function createThroughApi(creator: Person, inviteeIds: string[], change: Record<string, unknown> = {}, app: App = t) {
  const res = await post('/api/challenges', creator, validInput(inviteeIds, change), app);
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

const view = async (id: string, who: Person, app: App = t) => {
  const res = await get(`/api/challenges/${id}`, who, app);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as ChallengeView;
};
const memberView = async (id: string, who: Person, app: App = t) => {
  const v = await view(id, who, app);
  if (v.kind !== 'member') throw new Error(`expected the member view, got ${v.kind}`);
  return v;
};

const challengeCount = (creatorId: string) => database.db.$count(challenges, eq(challenges.creatorId, creatorId));
const messagesFrom = (senderId: string) => database.db.$count(privateMessages, eq(privateMessages.senderId, senderId));
const membersOf = (challengeId: string) => database.db.select().from(challengeMembers).where(eq(challengeMembers.challengeId, challengeId));
const challengeRow = async (id: string) => (await database.db.select().from(challenges).where(eq(challenges.id, id)))[0]!;

async function warriorHolders(userIds: string[]) {
  const rows = await database.db
    .select({ userId: userBadges.userId })
    .from(userBadges)
    .innerJoin(badges, eq(badges.id, userBadges.badgeId))
    .where(and(inArray(userBadges.userId, userIds), eq(badges.name, 'Warrior')));
  return rows.map((r) => r.userId).sort();
}

describe('signed-in only', () => {
  it('answers 401 to visitors and writes nothing', async () => {
    const { creator, friends } = await creatorWithFriends(1);
    const id = (await createChallengeRow(database.db, { creatorId: creator.id })).id;
    expect((await get('/api/challenges', null)).status).toBe(401);
    expect((await post('/api/challenges', null, validInput([friends[0]!.id]))).status).toBe(401);
    expect((await get(`/api/challenges/${id}`, null)).status).toBe(401);
    expect((await post(`/api/challenges/${id}/accept`, null)).status).toBe(401);
    expect((await post(`/api/challenges/${id}/chat`, null, { message: 'hi' })).status).toBe(401);
    expect(await challengeCount(creator.id)).toBe(1);
  });
});

describe('creating a challenge', () => {
  it('makes the creator a member of their team and invites each friend by private message and invitation row', async () => {
    const clock = fixedClock(new Date());
    const app = createTestApp(database.db, { clock });
    const { creator, friends } = await creatorWithFriends(2);
    const id = await createThroughApi(creator, friends.map((f) => f.id), { team: 'orange', durationDays: 3, challengeType: 'banners', name: '  Banner Blitz ' }, app);

    const row = await challengeRow(id);
    expect(row).toMatchObject({ name: 'Banner Blitz', challengeType: 'banners', durationDays: 3, status: 'active', memberCount: 1, winningTeam: null });
    expect(row.startDate.toISOString()).toBe(clock.now().toISOString());
    expect(row.endDate.getTime() - row.startDate.getTime()).toBe(3 * DAY);
    expect((await membersOf(id)).map((m) => [m.userId, m.team])).toEqual([[creator.id, 'orange']]);

    const invitations = await database.db.select().from(challengeInvitations).where(eq(challengeInvitations.challengeId, id));
    expect(invitations.map((i) => i.inviteeId).sort()).toEqual(friends.map((f) => f.id).sort());
    for (const invitation of invitations) {
      const [message] = await database.db.select().from(privateMessages).where(eq(privateMessages.id, invitation.privateMessageId!));
      expect(message).toMatchObject({ senderId: creator.id, recipientId: invitation.inviteeId });
      expect(message!.message).toContain(`/challenge/${id}`);
      expect(message!.message).toContain('Banner Blitz');
    }
  });

  it.each<[string, (friendIds: string[], strangerId: string, selfId: string) => Record<string, unknown>, string]>([
    ['no friend invited', () => validInput([]), CHALLENGE_MESSAGES.noFriendsInvited],
    ['no invitee list', () => ({ ...validInput([]), inviteeIds: undefined }), CHALLENGE_MESSAGES.noFriendsInvited],
    ['12 invitees (13 members)', (f) => validInput(f.slice(0, 12)), CHALLENGE_MESSAGES.tooManyMembers],
    ['a stranger among the invitees', (f, s) => validInput([f[0]!, s]), CHALLENGE_MESSAGES.notYourFriend],
    ['oneself as invitee', (f, _s, me) => validInput([me]), CHALLENGE_MESSAGES.notYourFriend],
    ['2 days', (f) => validInput([f[0]!], { durationDays: 2 }), CHALLENGE_MESSAGES.durationRange],
    ['31 days', (f) => validInput([f[0]!], { durationDays: 31 }), CHALLENGE_MESSAGES.durationRange],
    ['a bad type', (f) => validInput([f[0]!], { challengeType: 'brownies' }), CHALLENGE_MESSAGES.typeRequired],
    ['a bad team', (f) => validInput([f[0]!], { team: 'green' }), CHALLENGE_MESSAGES.teamRequired],
    ['a blank name', (f) => validInput([f[0]!], { name: '  ' }), CHALLENGE_MESSAGES.nameRequired],
    ['a friend twice', (f) => validInput([f[0]!, f[0]!]), CHALLENGE_MESSAGES.duplicateInvitee],
  ])('refuses %s with 400 and writes nothing', async (_name, input, message) => {
    const { creator, friends } = await creatorWithFriends(12);
    const stranger = await person();
    const res = await post('/api/challenges', creator, input(friends.map((f) => f.id), stranger.id, creator.id));
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toBe(message);
    expect(await challengeCount(creator.id)).toBe(0);
    expect(await messagesFrom(creator.id)).toBe(0);
  });

  it('answers a malformed body with 400, never a 500', async () => {
    const { creator } = await creatorWithFriends(1);
    const res = await t.request('/api/challenges', { method: 'POST', cookie: await t.cookieFor(creator), headers: { 'content-type': 'application/json' }, body: '{"name": ' });
    expect(res.status).toBe(400);
    const wrongShape = await post('/api/challenges', creator, ['not', 'an', 'object']);
    expect(wrongShape.status).toBe(400);
    expect(await challengeCount(creator.id)).toBe(0);
  });

  it('refuses a friend whose profile is hidden, and writes nothing', async () => {
    const { creator, friends } = await creatorWithFriends(2);
    await database.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, friends[1]!.id));
    const res = await post('/api/challenges', creator, validInput(friends.map((f) => f.id)));
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toBe(CHALLENGE_MESSAGES.notYourFriend);
    expect(await challengeCount(creator.id)).toBe(0);
    expect(await messagesFrom(creator.id)).toBe(0);
  });

  it('accepts 11 friends (12 members)', async () => {
    const { creator, friends } = await creatorWithFriends(11);
    const id = await createThroughApi(creator, friends.map((f) => f.id));
    expect(await database.db.$count(challengeInvitations, eq(challengeInvitations.challengeId, id))).toBe(11);
  });

  it('is rate limited per user (10 an hour)', async () => {
    const { creator, friends } = await creatorWithFriends(1);
    const statuses = [];
    for (let i = 0; i < 11; i++) statuses.push((await post('/api/challenges', creator, validInput([friends[0]!.id]))).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(201));
    expect(statuses[10]).toBe(429);
    expect(await challengeCount(creator.id)).toBe(10);
  });
});

describe('Challenge access: its members, plus users invited to it', () => {
  it('a member sees the challenge, an invited user the invitation, anyone else Access Denied', async () => {
    const { creator, friends } = await creatorWithFriends(2);
    const stranger = await person();
    const id = await createThroughApi(creator, friends.map((f) => f.id));

    const mine = await view(id, creator);
    expect(mine).toMatchObject({ kind: 'member', myTeam: 'blue', challenge: { id, name: 'Spark Sprint', creatorName: creator.name, teamCounts: { blue: 1, orange: 0 } } });

    const invited = await view(id, friends[0]!);
    expect(invited).toMatchObject({ kind: 'invitation', inviterName: creator.name, teamToJoin: 'orange', canRespond: true });
    expect(invited).not.toHaveProperty('scores');

    for (const path of [`/api/challenges/${id}`, `/api/challenges/${id}/chat`]) {
      const res = await get(path, stranger);
      expect(res.status).toBe(403);
      expect(await errorOf(res)).toEqual({ code: 'access_denied', title: 'Access Denied', message: "You don't have access to this challenge." });
    }
  });

  it('answers Access Denied for an unknown or malformed id', async () => {
    const someone = await person();
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const res = await get(`/api/challenges/${id}`, someone);
      expect(res.status).toBe(403);
      expect((await errorOf(res)).code).toBe('access_denied');
    }
  });

  it('the chat is for members only: invited users and strangers are refused and nothing is written', async () => {
    const { creator, friends } = await creatorWithFriends(1);
    const stranger = await person();
    const id = await createThroughApi(creator, [friends[0]!.id]);
    for (const who of [friends[0]!, stranger]) {
      expect((await get(`/api/challenges/${id}/chat`, who)).status).toBe(403);
      const res = await post(`/api/challenges/${id}/chat`, who, { message: 'let me in' });
      expect(res.status).toBe(403);
      expect((await errorOf(res)).message).toBe(CHALLENGE_MESSAGES.accessDenied);
    }
    expect(await database.db.$count(challengeChatMessages, eq(challengeChatMessages.challengeId, id))).toBe(0);
  });
});

describe('accepting, declining and leaving', () => {
  it('Accept joins the smaller team, blue on a tie', async () => {
    const { creator, friends } = await creatorWithFriends(3);
    const id = await createThroughApi(creator, friends.map((f) => f.id), { team: 'blue' });
    const teams = [];
    for (const f of friends) {
      const res = await post(`/api/challenges/${id}/accept`, f);
      expect(res.status).toBe(200);
      teams.push(((await res.json()) as { team: string }).team);
    }
    // blue 1 / orange 0 -> orange; 1/1 -> blue; 2/1 -> orange.
    expect(teams).toEqual(['orange', 'blue', 'orange']);
    expect((await challengeRow(id)).memberCount).toBe(4);
    expect((await view(id, friends[0]!)).kind).toBe('member');
    const again = await post(`/api/challenges/${id}/accept`, friends[0]!);
    expect(again.status).toBe(409);
    expect((await errorOf(again)).message).toBe(CHALLENGE_MESSAGES.alreadyMember);
  });

  it('a stranger cannot accept: Access Denied and no membership', async () => {
    const { creator, friends } = await creatorWithFriends(1);
    const stranger = await person();
    const id = await createThroughApi(creator, [friends[0]!.id]);
    const res = await post(`/api/challenges/${id}/accept`, stranger);
    expect(res.status).toBe(403);
    expect(await membersOf(id)).toHaveLength(1);
  });

  it('declining removes the invitation: the user no longer has access', async () => {
    const { creator, friends } = await creatorWithFriends(1);
    const id = await createThroughApi(creator, [friends[0]!.id]);
    const res = await post(`/api/challenges/${id}/decline`, friends[0]!);
    expect(res.status).toBe(200);
    expect(await database.db.$count(challengeInvitations, eq(challengeInvitations.challengeId, id))).toBe(0);
    expect((await get(`/api/challenges/${id}`, friends[0]!)).status).toBe(403);
    expect((await post(`/api/challenges/${id}/accept`, friends[0]!)).status).toBe(403);
    expect(await membersOf(id)).toHaveLength(1);
    // The private message that carried the invitation stays.
    expect(await messagesFrom(creator.id)).toBe(1);
  });

  it('leaving while active deletes the membership (and the invitation: leaving is final)', async () => {
    const { creator, friends } = await creatorWithFriends(1);
    const id = await createThroughApi(creator, [friends[0]!.id]);
    expect((await post(`/api/challenges/${id}/accept`, friends[0]!)).status).toBe(200);
    const res = await post(`/api/challenges/${id}/leave`, friends[0]!);
    expect(res.status).toBe(200);
    expect((await membersOf(id)).map((m) => m.userId)).toEqual([creator.id]);
    expect((await challengeRow(id)).memberCount).toBe(1);
    expect((await get(`/api/challenges/${id}`, friends[0]!)).status).toBe(403);
    const again = await post(`/api/challenges/${id}/leave`, friends[0]!);
    expect(again.status).toBe(403);
  });

  it('joining, declining or leaving a completed challenge is refused and changes nothing', async () => {
    const { creator, friends } = await creatorWithFriends(3);
    const c = await createChallengeRow(database.db, { creatorId: creator.id, start: new Date(Date.now() - 10 * DAY), durationDays: 3 });
    await addChallengeMember(database.db, c.id, friends[0]!.id, 'orange');
    await inviteToChallenge(database.db, c.id, friends[1]!.id, creator.id);
    await inviteToChallenge(database.db, c.id, friends[2]!.id, creator.id);
    expect(await completeChallenge(database.db, c.id, new Date())).toBe(true);
    const before = await membersOf(c.id);

    for (const [path, who] of [
      [`/api/challenges/${c.id}/accept`, friends[1]!],
      [`/api/challenges/${c.id}/decline`, friends[2]!],
      [`/api/challenges/${c.id}/leave`, friends[0]!],
      [`/api/challenges/${c.id}/leave`, creator],
    ] as const) {
      const res = await post(path, who);
      expect(res.status, path).toBe(409);
      expect(await errorOf(res)).toMatchObject({ code: 'challenge_ended', message: CHALLENGE_MESSAGES.ended });
    }
    expect(await membersOf(c.id)).toEqual(before);
    expect(await database.db.$count(challengeInvitations, eq(challengeInvitations.challengeId, c.id))).toBe(2);
    // The invitation view says the challenge has ended and offers nothing.
    expect(await view(c.id, friends[1]!)).toMatchObject({ kind: 'invitation', canRespond: false, challenge: { status: 'completed' } });
  });

  it('an active challenge whose end date passed (not yet swept) refuses joins too', async () => {
    const { creator, friends } = await creatorWithFriends(1);
    const c = await createChallengeRow(database.db, { creatorId: creator.id, start: new Date(Date.now() - 4 * DAY), durationDays: 3 });
    await inviteToChallenge(database.db, c.id, friends[0]!.id, creator.id);
    const res = await post(`/api/challenges/${c.id}/accept`, friends[0]!);
    expect(res.status).toBe(409);
    expect(await membersOf(c.id)).toHaveLength(1);
  });
});

describe('At most 12 members, however many accept at once', () => {
  it('13 concurrent accepts into a challenge with only its creator admit exactly 11', async () => {
    const creator = await person();
    const invitees = await Promise.all(Array.from({ length: 13 }, () => person()));
    const c = await createChallengeRow(database.db, { creatorId: creator.id });
    for (const i of invitees) await inviteToChallenge(database.db, c.id, i.id, creator.id);
    // Sign everyone in first, so the accepts really race.
    await Promise.all(invitees.map((i) => t.cookieFor(i)));

    const results = await Promise.all(invitees.map((i) => post(`/api/challenges/${c.id}/accept`, i)));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(11);
    expect(statuses.filter((s) => s === 409)).toHaveLength(2);
    for (const r of results.filter((x) => x.status === 409)) expect((await errorOf(r)).message).toBe(CHALLENGE_MESSAGES.full);
    const members = await membersOf(c.id);
    expect(members).toHaveLength(12);
    expect(members.filter((m) => m.team === 'blue')).toHaveLength(6);
    expect((await challengeRow(c.id)).memberCount).toBe(12);
  });

  it('the database refuses a 13th member even without the service (member_count check)', async () => {
    const creator = await person();
    const others = await Promise.all(Array.from({ length: 12 }, () => person()));
    const c = await createChallengeRow(database.db, { creatorId: creator.id });
    for (let i = 0; i < 11; i++) await addChallengeMember(database.db, c.id, others[i]!.id, i % 2 ? 'blue' : 'orange');
    await expect(addChallengeMember(database.db, c.id, others[11]!.id, 'blue')).rejects.toThrow();
    expect(await membersOf(c.id)).toHaveLength(12);
  });
});

describe("Each team's score is the sum of its members' Sparks (or Banners) earned between start and end", () => {
  it('counts only members, only the window, only the challenge type; ranks the members', async () => {
    const clock = fixedClock(new Date());
    const app = createTestApp(database.db, { clock });
    const { creator, friends } = await creatorWithFriends(3);
    const outsider = await person();
    const id = await createThroughApi(creator, friends.map((f) => f.id), { team: 'blue' }, app);
    for (const f of friends) expect((await post(`/api/challenges/${id}/accept`, f, undefined, app)).status).toBe(200);
    // creator blue, friends: orange, blue, orange.
    const { startDate, endDate } = await challengeRow(id);
    const inside = (h: number) => new Date(startDate.getTime() + h * 3_600_000);
    await giveSparks(database.db, creator.id, [inside(1), inside(2), new Date(startDate.getTime() - 1000)]);
    await giveSparks(database.db, friends[0]!.id, [inside(3)]);
    await giveSparks(database.db, friends[1]!.id, [inside(4), new Date(endDate.getTime())]);
    await giveSparks(database.db, friends[2]!.id, [inside(5), inside(6), inside(7)]);
    await giveBanners(database.db, friends[0]!.id, [inside(1), inside(2), inside(3), inside(4)]);
    await giveSparks(database.db, outsider.id, [inside(1), inside(2)]);

    const v = await memberView(id, friends[0]!, app);
    expect(v.myTeam).toBe('orange');
    expect(v.scores.blue).toBe(2 + 1);
    expect(v.scores.orange).toBe(1 + 3);
    expect(v.scores.ranking.map((r) => [r.userId, r.team, r.score, r.rank])).toEqual([
      [friends[2]!.id, 'orange', 3, 1],
      [creator.id, 'blue', 2, 2],
      ...[
        [friends[0]!.id, 'orange', 1, 3],
        [friends[1]!.id, 'blue', 1, 3],
      ].sort((a, b) => {
        const na = [friends[0]!, friends[1]!].find((f) => f.id === a[0])!.name;
        const nb = [friends[0]!, friends[1]!].find((f) => f.id === b[0])!.name;
        return na.localeCompare(nb) || String(a[0]).localeCompare(String(b[0]));
      }),
    ]);
  });

  it('a Banners challenge counts Banners', async () => {
    const creator = await person();
    const mate = await person();
    const c = await createChallengeRow(database.db, { creatorId: creator.id, challengeType: 'banners', team: 'orange' });
    await addChallengeMember(database.db, c.id, mate.id, 'blue');
    const inside = new Date(c.startDate.getTime() + 60_000);
    await giveBanners(database.db, creator.id, [inside, inside]);
    await giveSparks(database.db, mate.id, [inside, inside, inside]);
    const scores = await readChallengeScores(database.db, c.id);
    expect({ blue: scores.blue, orange: scores.orange }).toEqual({ blue: 0, orange: 2 });
  });
});

describe('A challenge completes when its end date passes (a sweep, and on read)', () => {
  async function decidedChallenge(blueSparks: number, orangeSparks: number) {
    const blue = await Promise.all([person(), person()]);
    const orange = await Promise.all([person(), person()]);
    const start = new Date(Date.now() - 2 * DAY);
    const c = await createChallengeRow(database.db, { creatorId: blue[0]!.id, team: 'blue', start, durationDays: 3 });
    await addChallengeMember(database.db, c.id, blue[1]!.id, 'blue');
    for (const o of orange) await addChallengeMember(database.db, c.id, o.id, 'orange');
    const inside = new Date(start.getTime() + 3_600_000);
    await giveSparks(database.db, blue[0]!.id, Array(blueSparks).fill(inside));
    await giveSparks(database.db, orange[1]!.id, Array(orangeSparks).fill(inside));
    return { c, blue, orange };
  }

  it('on read, once the clock passes the end: the higher team wins and each of its members gets a win (Warrior)', async () => {
    const clock = fixedClock(new Date());
    const app = createTestApp(database.db, { clock });
    const { c, blue, orange } = await decidedChallenge(3, 1);
    expect(await memberView(c.id, orange[0]!, app)).toMatchObject({ challenge: { status: 'active', winningTeam: null } });

    clock.set(new Date(c.endDate.getTime() + 1000));
    const v = await memberView(c.id, orange[0]!, app);
    expect(v.challenge).toMatchObject({ status: 'completed', winningTeam: 'blue' });
    expect({ blue: v.scores.blue, orange: v.scores.orange }).toEqual({ blue: 3, orange: 1 });
    expect(await challengeRow(c.id)).toMatchObject({ status: 'completed', winningTeam: 'blue', blueScore: 3, orangeScore: 1 });
    expect(await warriorHolders([...blue, ...orange].map((u) => u.id))).toEqual(blue.map((u) => u.id).sort());
    // Lists show it as recent, no longer ongoing.
    const lists = (await (await get('/api/challenges', orange[0]!, app)).json()) as ChallengeLists;
    expect(lists.ongoing.map((x) => x.id)).not.toContain(c.id);
    expect(lists.recent.find((x) => x.id === c.id)).toMatchObject({ status: 'completed', winningTeam: 'blue', myTeam: 'orange' });
  });

  it('a tie has no winner and awards nothing', async () => {
    const { c, blue, orange } = await decidedChallenge(2, 2);
    expect(await completeChallenge(database.db, c.id, new Date(c.endDate.getTime() + 1))).toBe(true);
    expect(await challengeRow(c.id)).toMatchObject({ status: 'completed', winningTeam: null, blueScore: 2, orangeScore: 2 });
    expect(await warriorHolders([...blue, ...orange].map((u) => u.id))).toEqual([]);
  });

  it('does not complete before the end date', async () => {
    const { c } = await decidedChallenge(1, 0);
    expect(await completeChallenge(database.db, c.id, new Date(c.endDate.getTime() - 1))).toBe(false);
    expect((await challengeRow(c.id)).status).toBe('active');
  });

  it('concurrent sweeps complete it once and award each win once', async () => {
    const { c, blue, orange } = await decidedChallenge(0, 5);
    const at = new Date(c.endDate.getTime() + 1000);
    const clock = fixedClock(at);
    const results = await Promise.all([
      ...Array.from({ length: 8 }, () => completeChallenge(database.db, c.id, at).then((done) => (done ? 1 : 0))),
      ...Array.from({ length: 4 }, () => completeDueChallenges({ db: database.db, clock }).then((ids) => ids.filter((id) => id === c.id).length)),
    ]);
    expect(results.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await challengeRow(c.id)).toMatchObject({ status: 'completed', winningTeam: 'orange', orangeScore: 5, blueScore: 0 });
    expect(await warriorHolders([...blue, ...orange].map((u) => u.id))).toEqual(orange.map((u) => u.id).sort());
    const earned = await database.db
      .select({ userId: activities.userId })
      .from(activities)
      .where(and(inArray(activities.userId, [...blue, ...orange].map((o) => o.id)), eq(activities.activityType, 'badge_earned')));
    // Winners only, once per badge: Warrior (and Friend for the holder of the 5 Sparks).
    expect(earned.filter((a) => a.userId === orange[0]!.id)).toHaveLength(1);
    expect(earned.filter((a) => a.userId === orange[1]!.id)).toHaveLength(2);
    expect(earned.filter((a) => blue.some((b) => b.id === a.userId))).toHaveLength(0);
    // Each member hears how it ended, exactly once, in their team's words.
    const told = await database.db
      .select({ userId: notifications.userId, data: notifications.data })
      .from(notifications)
      .where(and(eq(notifications.kind, 'challenge_result'), inArray(notifications.userId, [...blue, ...orange].map((o) => o.id))));
    expect(told).toHaveLength(blue.length + orange.length);
    for (const o of orange) expect(told.find((r) => r.userId === o.id)!.data).toMatchObject({ challengeId: c.id, outcome: 'your team won, 0 Sparks (blue) to 5 (orange).' });
    for (const b of blue) expect(told.find((r) => r.userId === b.id)!.data).toMatchObject({ outcome: 'the orange team won, 0 Sparks (blue) to 5 (orange).' });
  });

  it('concurrent reads after the end show the same completed result', async () => {
    const { c, orange } = await decidedChallenge(4, 0);
    const clock = fixedClock(new Date(c.endDate.getTime() + 1000));
    const app = createTestApp(database.db, { clock });
    await Promise.all(orange.map((o) => app.cookieFor(o)));
    const views = await Promise.all([...orange, ...orange, ...orange].map((o) => memberView(c.id, o, app)));
    for (const v of views) expect(v.challenge).toMatchObject({ status: 'completed', winningTeam: 'blue' });
  });

  it('the sweep completes every due challenge and leaves running ones alone', async () => {
    const due = await decidedChallenge(1, 0);
    const running = await createChallengeRow(database.db, { creatorId: (await person()).id });
    const completed = await completeDueChallenges({ db: database.db, clock: fixedClock(new Date(due.c.endDate.getTime() + 1)) });
    expect(completed).toContain(due.c.id);
    expect(completed).not.toContain(running.id);
    expect((await challengeRow(due.c.id)).status).toBe('completed');
    expect((await challengeRow(running.id)).status).toBe('active');
    expect(await completeDueChallenges({ db: database.db, clock: fixedClock(new Date(due.c.endDate.getTime() + 1)) })).not.toContain(due.c.id);
  });
});

describe('the lists', () => {
  it('ongoing, recent (completed in the last 30 days) and open invitations', async () => {
    const me = await person();
    const other = await person();
    const ongoing = await createChallengeRow(database.db, { creatorId: me.id, name: 'Ongoing One' });
    const recent = await createChallengeRow(database.db, { creatorId: me.id, start: new Date(Date.now() - 10 * DAY), durationDays: 5 });
    const old = await createChallengeRow(database.db, { creatorId: me.id, start: new Date(Date.now() - 60 * DAY), durationDays: 5 });
    const invited = await createChallengeRow(database.db, { creatorId: other.id });
    await inviteToChallenge(database.db, invited.id, me.id, other.id);
    const notMine = await createChallengeRow(database.db, { creatorId: other.id });
    await completeChallenge(database.db, old.id, new Date());

    const res = await get('/api/challenges', me);
    expect(res.status).toBe(200);
    const lists = (await res.json()) as ChallengeLists;
    expect(lists.ongoing.map((c) => c.id)).toEqual([ongoing.id]);
    expect(lists.ongoing[0]).toMatchObject({ name: 'Ongoing One', myTeam: 'blue', memberCount: 1, status: 'active' });
    // The recent one was due: listing completed it.
    expect(lists.recent.map((c) => c.id)).toEqual([recent.id]);
    expect(lists.invitations.map((c) => c.id)).toEqual([invited.id]);
    expect([...lists.ongoing, ...lists.recent, ...lists.invitations].map((c) => c.id)).not.toContain(notMine.id);
  });
});

describe('Chat message (caucus and challenge): trimmed, non-empty', () => {
  it('members post trimmed messages and read them oldest first', async () => {
    const { creator, friends } = await creatorWithFriends(1);
    const id = await createThroughApi(creator, [friends[0]!.id]);
    await post(`/api/challenges/${id}/accept`, friends[0]!);
    const first = await post(`/api/challenges/${id}/chat`, creator, { message: '  Go blue!\nAll the way  ' });
    expect(first.status).toBe(201);
    expect(((await first.json()) as ChallengeChatMessage).message).toBe('Go blue!\nAll the way');
    expect((await post(`/api/challenges/${id}/chat`, friends[0]!, { message: 'Orange wins' })).status).toBe(201);
    const history = (await (await get(`/api/challenges/${id}/chat`, friends[0]!)).json()) as ChallengeChatMessage[];
    expect(history.map((m) => [m.userName, m.message])).toEqual([
      [creator.name, 'Go blue!\nAll the way'],
      [friends[0]!.name, 'Orange wins'],
    ]);
  });

  it('is rate limited per user (20 messages per 10 s)', async () => {
    const creator = await person();
    const c = await createChallengeRow(database.db, { creatorId: creator.id });
    const statuses = [];
    for (let i = 0; i < 21; i++) statuses.push((await post(`/api/challenges/${c.id}/chat`, creator, { message: `m${i}` })).status);
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(201));
    expect(statuses[20]).toBe(429);
    expect(await database.db.$count(challengeChatMessages, eq(challengeChatMessages.challengeId, c.id))).toBe(20);
  });

  it.each([
    ['', CHALLENGE_MESSAGES.chatEmpty],
    ['   \n ', CHALLENGE_MESSAGES.chatEmpty],
    ['x'.repeat(2001), CHALLENGE_MESSAGES.chatTooLong],
  ])('refuses %j with 400 and writes nothing', async (message, error) => {
    const creator = await person();
    const c = await createChallengeRow(database.db, { creatorId: creator.id });
    const res = await post(`/api/challenges/${c.id}/chat`, creator, { message });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toBe(error);
    expect(await database.db.$count(challengeChatMessages, eq(challengeChatMessages.challengeId, c.id))).toBe(0);
  });
});

describe('live chat', () => {
  let live: LiveInstance;
  beforeAll(async () => {
    live = await startLiveInstance(database, 'challenges');
  });
  afterAll(async () => {
    await live.close();
  });

  it('a member’s stream receives the other member’s message; a non-member’s stream is refused', async () => {
    const creator = await person();
    const mate = await person();
    const stranger = await person();
    const c = await createChallengeRow(database.db, { creatorId: creator.id });
    await addChallengeMember(database.db, c.id, mate.id, 'orange');
    const [creatorCookie, mateCookie, strangerCookie] = await Promise.all([live.signIn(creator), live.signIn(mate), live.signIn(stranger)]);

    const refused = await live.stream(`/api/challenges/${c.id}/chat/stream`, strangerCookie);
    expect(refused.res.status).toBe(403);
    refused.abort();

    const s = await live.stream(`/api/challenges/${c.id}/chat/stream`, creatorCookie);
    try {
      expect(s.res.status).toBe(200);
      await s.events.until((e) => e.event === 'ready');
      const res = await live.request(`/api/challenges/${c.id}/chat`, { method: 'POST', cookie: mateCookie, json: { message: 'Hello team' } });
      expect(res.status).toBe(201);
      const sent = (await res.json()) as ChallengeChatMessage;
      const e = await s.events.until((x) => x.event === 'message');
      expect(JSON.parse(e.data!)).toEqual(sent);
    } finally {
      s.abort();
    }
  });

  it('leaving ends the member’s stream', async () => {
    const creator = await person();
    const mate = await person();
    const c = await createChallengeRow(database.db, { creatorId: creator.id });
    await addChallengeMember(database.db, c.id, mate.id, 'orange');
    const [creatorCookie, mateCookie] = await Promise.all([live.signIn(creator), live.signIn(mate)]);
    const s = await live.stream(`/api/challenges/${c.id}/chat/stream`, mateCookie);
    try {
      await s.events.until((e) => e.event === 'ready');
      expect((await live.request(`/api/challenges/${c.id}/leave`, { method: 'POST', cookie: mateCookie })).status).toBe(200);
      expect((await live.request(`/api/challenges/${c.id}/chat`, { method: 'POST', cookie: creatorCookie, json: { message: 'still there?' } })).status).toBe(201);
      await expect(s.events.until((e) => e.event === 'message')).rejects.toThrow('the stream ended');
    } finally {
      s.abort();
    }
  });
});

describe('seedChallengeForBench', () => {
  it('makes a 12-member challenge whose window holds the members’ Sparks, with counters equal to the ledger', async () => {
    const seed = await seedChallengeForBench(database.db, { members: 12, ledgerRows: 20_000, inWindowPerMember: 50, otherUsers: 20 });
    expect(seed.memberIds).toHaveLength(12);
    expect(seed.ledgerRows).toBe(20_000);
    const scores = await readChallengeScores(database.db, seed.challengeId);
    expect(scores.ranking).toHaveLength(12);
    expect(scores.ranking.every((r) => r.score === 50)).toBe(true);
    expect(scores.blue + scores.orange).toBe(seed.inWindowRows);
    const mismatched = await database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from users u where u.email like 'bench-challenge-%' and u.sparks <> (select count(*) from sparks s where s.user_id = u.id)`,
    );
    expect(mismatched.rows[0]!.n).toBe(0);
    expect(await database.db.$count(challengeMembers, eq(challengeMembers.challengeId, seed.challengeId))).toBe(12);
  });
});
