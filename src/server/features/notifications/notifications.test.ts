import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_PAGE_SIZE, type NotificationKind, type NotificationPage, type NotificationView } from '../../../domain/notifications/notifications';
import type { MessageStreamEvent } from '../../../domain/social/social-types';
import { fixedClock, systemClock } from '../../clock';
import type { Database } from '../../db/client';
import { preparedStatementsOn } from '../../db/prepared-statements';
import { users } from '../../db/schema/auth';
import { notifications } from '../../db/schema/notifications';
import { addOrganizer, addVotingMembers, createCaucusRow } from '../../test/caucus-factories';
import { createDebateRow } from '../../test/debate-factories';
import { createUser } from '../../test/factories';
import { makeFriends } from '../../test/social-factories';
import { startLiveInstance, type LiveInstance } from '../../test/sse-client';
import { createTestApp, testPasswordKeys } from '../../test/test-app';
import { createTestDatabase, directConnectionOf } from '../../test/test-database';
import { waitUntil } from '../../test/wait-until';
import { createNotificationHub } from '../../realtime/notification-hub';
import * as caucusService from '../caucuses/caucuses.service';
import * as challengeService from '../challenges/challenges.service';
import * as debateService from '../debates/debates.service';
import * as messageService from '../messages/messages.service';
import { DELIVERY_CHANNEL, DELIVERY_LATER_KEY, DELIVERY_WAKE_KEY, NOTIFICATION_MESSAGES, notify } from './notifications.service';

let database: Database;
let t: ReturnType<typeof createTestApp>;
let live: LiveInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  t = createTestApp(database.db);
  live = await startLiveInstance(database, 'notifications');
  afterAll(async () => {
    await live.close();
  });
});

type Person = Awaited<ReturnType<typeof createUser>>;
const deps = () => ({ db: database.db, clock: systemClock, passwordKeys: testPasswordKeys });
const person = (overrides: Parameters<typeof createUser>[1] = {}) => createUser(database.db, overrides);
const get = async (path: string, who: Person | null) => t.request(path, { cookie: who ? await t.cookieFor(who) : undefined });
const post = async (path: string, who: Person | null, json: unknown = {}) => t.request(path, { method: 'POST', cookie: who ? await t.cookieFor(who) : undefined, json });
const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; message: string } }).error;

/** The kinds of the notifications `who` has, newest first (through the API). */
async function kindsOf(who: Person): Promise<NotificationKind[]> {
  const page = (await (await get('/api/notifications', who)).json()) as NotificationPage;
  return page.items.map((n) => n.kind);
}
const countOf = async (who: Person) => ((await (await get('/api/notifications/unread-count', who)).json()) as { count: number }).count;
/** Rows of `kind` for `userId` straight from the table. */
const rowsOf = (userId: string, kind: NotificationKind) =>
  database.db.select().from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.kind, kind)));

describe('notify', () => {
  it('writes any number of recipients, in all three ways at once, with one statement text per combination', async () => {
    const [ann, ben, cat, dan] = await Promise.all([person(), person(), person(), person()]);
    const at = new Date('2030-02-03T04:05:06.789Z');
    const statementsOf = async (tx: Parameters<Parameters<Database['db']['transaction']>[0]>[0]) =>
      (
        await tx.execute<{ statement: string }>(
          sql`select statement from pg_prepared_statements where statement like '%insert into notifications%do update%do nothing%'`,
        )
      ).rows.map((r) => r.statement);
    await database.db.transaction(async (tx) => {
      // Plain (no key), folding (counts up the unread one), once (said once while unread): 1 then 3 recipients each.
      await notify(tx, at, [
        { userId: ann.id, kind: 'friend_request', data: { fromId: ben.id, fromName: 'Ben "quoted", \\ backslashed' } },
        { userId: ann.id, kind: 'private_message', data: { fromId: ben.id, fromName: 'Ben', count: 1 }, dedupeKey: ben.id },
        { userId: ann.id, kind: 'caucus_full', data: { caucusId: cat.id, caucusName: 'C' }, dedupeKey: cat.id },
      ]);
      await notify(
        tx,
        at,
        [ann, ben, cat].flatMap((p) => [
          { userId: p.id, kind: 'friend_request' as const, data: { fromId: dan.id, fromName: 'Dan' } },
          { userId: p.id, kind: 'private_message' as const, data: { fromId: ben.id, fromName: 'Ben', count: 1 }, dedupeKey: ben.id },
          { userId: p.id, kind: 'caucus_full' as const, data: { caucusId: cat.id, caucusName: 'C' }, dedupeKey: cat.id },
        ]),
      );
      // The three ways in one statement, prepared once on this connection for both calls.
      if (preparedStatementsOn()) expect(await statementsOf(tx)).toHaveLength(1);
    });
    const mine = await rowsOf(ann.id, 'private_message');
    expect(mine).toHaveLength(1);
    expect(mine[0]!.data).toEqual({ fromId: ben.id, fromName: 'Ben', count: 2 });
    expect(mine[0]!.deliverAt?.getTime()).toBe(at.getTime() + 20_000);
    expect((await rowsOf(ann.id, 'friend_request')).map((r) => (r.data as { fromName: string }).fromName).sort()).toEqual(['Ben "quoted", \\ backslashed', 'Dan']);
    expect(await rowsOf(ann.id, 'caucus_full')).toHaveLength(1);
    for (const p of [ben, cat]) {
      expect(await rowsOf(p.id, 'friend_request')).toHaveLength(1);
      expect((await rowsOf(p.id, 'private_message'))[0]!.data).toEqual({ fromId: ben.id, fromName: 'Ben', count: 1 });
      expect((await rowsOf(p.id, 'caucus_full'))[0]!.createdAt.getTime()).toBe(at.getTime());
    }
  });
});

describe('friend requests', () => {
  it('tell the person asked, and the asker once accepted; nobody else', async () => {
    const [ann, ben, eve] = await Promise.all([person({ name: 'Ann Asker' }), person({ name: 'Ben Asked' }), person()]);
    const sent = await post('/api/friends/requests', ann, { userId: ben.id });
    expect(sent.status).toBeLessThan(300);
    expect(await kindsOf(ben)).toEqual(['friend_request']);
    expect(await kindsOf(ann)).toEqual([]);
    const [request] = ((await (await get('/api/notifications', ben)).json()) as NotificationPage).items;
    expect(request).toMatchObject({ title: 'Friend request', body: 'Ann Asker wants to be your friend.', link: '/friends', readAt: null });

    const { received } = (await (await get('/api/friends', ben)).json()) as { received: Array<{ id: string }> };
    expect((await post(`/api/friends/requests/${received[0]!.id}/respond`, ben, { response: 'accepted' })).status).toBe(200);
    expect(await kindsOf(ann)).toEqual(['friend_accepted']);
    expect(await kindsOf(ben)).toEqual(['friend_request']);
    expect(await kindsOf(eve)).toEqual([]);
  });
});

describe('the list, the count and marking read', () => {
  it('pages newest first with a cursor, and refuses a cursor it did not make', async () => {
    const ann = await person();
    const base = Date.parse('2030-01-01T00:00:00Z');
    for (let i = 0; i < NOTIFICATION_PAGE_SIZE + 5; i++) {
      await notify(database.db, new Date(base + i * 1000), [{ userId: ann.id, kind: 'friend_request', data: { fromId: ann.id, fromName: `Asker ${i}` } }]);
    }
    const first = (await (await get('/api/notifications', ann)).json()) as NotificationPage;
    expect(first.items).toHaveLength(NOTIFICATION_PAGE_SIZE);
    expect(first.items[0]!.body).toBe(`Asker ${NOTIFICATION_PAGE_SIZE + 4} wants to be your friend.`);
    expect(first.nextCursor).not.toBeNull();
    const second = (await (await get(`/api/notifications?before=${first.nextCursor}`, ann)).json()) as NotificationPage;
    expect(second.items.map((n) => n.body)).toEqual([4, 3, 2, 1, 0].map((i) => `Asker ${i} wants to be your friend.`));
    expect(second.nextCursor).toBeNull();
    expect(await countOf(ann)).toBe(NOTIFICATION_PAGE_SIZE + 5);

    for (const cursor of ['nonsense', Buffer.from('2030-01-01|not-a-uuid').toString('base64url'), 'x'.repeat(201)]) {
      const res = await get(`/api/notifications?before=${cursor}`, ann);
      expect(res.status).toBe(400);
    }
    const bad = await get('/api/notifications?before=nonsense', ann);
    expect((await errorOf(bad)).message).toBe(NOTIFICATION_MESSAGES.badCursor);
  });

  it('marks one read (its owner only) and all read', async () => {
    const [ann, ben] = await Promise.all([person(), person()]);
    await notify(database.db, new Date(), [
      { userId: ann.id, kind: 'friend_request', data: { fromId: ben.id, fromName: 'Ben' } },
      { userId: ann.id, kind: 'friend_accepted', data: { friendId: ben.id, friendName: 'Ben' } },
    ]);
    const page = (await (await get('/api/notifications', ann)).json()) as NotificationPage;
    const [one, two] = page.items as [NotificationView, NotificationView];
    expect(await countOf(ann)).toBe(2);

    // Someone else's, a made-up one and a malformed id are all simply not found; nothing changes.
    for (const [who, id] of [
      [ben, one.id],
      [ann, '00000000-0000-0000-0000-000000000000'],
      [ann, 'not-an-id'],
    ] as const) {
      const res = await post(`/api/notifications/${id}/read`, who);
      expect(res.status).toBe(404);
      expect((await errorOf(res)).message).toBe(NOTIFICATION_MESSAGES.notFound);
    }
    expect(await countOf(ann)).toBe(2);

    expect((await post(`/api/notifications/${one.id}/read`, ann)).status).toBe(200);
    expect((await post(`/api/notifications/${one.id}/read`, ann)).status).toBe(200);
    expect(await countOf(ann)).toBe(1);
    const after = (await (await get('/api/notifications', ann)).json()) as NotificationPage;
    expect(after.items.find((n) => n.id === one.id)!.readAt).not.toBeNull();
    expect(after.items.find((n) => n.id === two.id)!.readAt).toBeNull();

    expect(await (await post('/api/notifications/read-all', ann)).json()).toEqual({ updated: 1 });
    expect(await countOf(ann)).toBe(0);
  });

  it('names a person who has since deleted their account as a former member', async () => {
    const [ann, ben] = await Promise.all([person(), person({ name: 'Ben Leaving' })]);
    await notify(database.db, new Date(), [{ userId: ann.id, kind: 'friend_request', data: { fromId: ben.id, fromName: 'Ben Leaving' } }]);
    const before = ((await (await get('/api/notifications', ann)).json()) as NotificationPage).items[0]!;
    expect(before.body).toBe('Ben Leaving wants to be your friend.');
    expect((await t.request('/api/me', { method: 'DELETE', cookie: await t.cookieFor(ben), json: { confirmation: 'delete' } })).status).toBe(200);
    const after = ((await (await get('/api/notifications', ann)).json()) as NotificationPage).items[0]!;
    expect(after.body).toBe('Former member wants to be your friend.');
    // An id that is not even an id names no one present, and the list still answers.
    await notify(database.db, new Date(), [{ userId: ann.id, kind: 'friend_request', data: { fromId: 'not-an-id', fromName: 'Ghost' } }]);
    const res = await get('/api/notifications', ann);
    expect(res.status).toBe(200);
    expect(((await res.json()) as NotificationPage).items[0]!.body).toBe('Former member wants to be your friend.');
  });

  it('is for signed-in users only', async () => {
    expect((await get('/api/notifications', null)).status).toBe(401);
    expect((await get('/api/notifications/unread-count', null)).status).toBe(401);
    expect((await post('/api/notifications/read-all', null)).status).toBe(401);
  });

  it('reaches the live stream of its recipient and no one else', async () => {
    const [ann, ben, eve] = await Promise.all([person(), person(), person()]);
    const benStream = await live.stream('/api/messages/stream', await live.signIn(ben));
    const eveStream = await live.stream('/api/messages/stream', await live.signIn(eve));
    try {
      for (const s of [benStream, eveStream]) await s.events.until((e) => e.event === 'ready');
      expect((await live.request('/api/friends/requests', { method: 'POST', cookie: await live.signIn(ann), json: { userId: ben.id } })).status).toBeLessThan(300);
      const event = await benStream.events.until((e) => e.event === 'notification');
      expect(JSON.parse(event.data!) as MessageStreamEvent).toEqual({ type: 'notification' });
      // Eve's stream delivers in commit order: a message to her, sent after Ben's request, comes
      // with no notification before it.
      await live.request('/api/messages', { method: 'POST', cookie: await live.signIn(ann), json: { recipientId: eve.id, message: 'hello Eve' } });
      const seen: string[] = [];
      await eveStream.events.until((e) => {
        if (e.event) seen.push(e.event);
        return e.event === 'message';
      });
      expect(seen).not.toContain('notification');
    } finally {
      benStream.abort();
      eveStream.abort();
    }
  });
});

describe('caucus events', () => {
  it('an invitation tells the invitee; joins tell the organizers, folded into one unread notification', async () => {
    const organizer = await person({ name: 'Olga Organizer', state: 'WA', district: 3 });
    const caucus = await createCaucusRow(database.db, { name: 'Rainier Neighbours', state: 'WA', district: 3, organizerId: organizer.id });
    await addOrganizer(database.db, caucus.id, organizer.id);
    const [vic, wes] = await Promise.all([person({ name: 'Vic Voter', state: 'WA', district: 3 }), person({ name: 'Wes Voter', state: 'WA', district: 3 })]);

    expect((await post(`/api/caucuses/${caucus.id}/voter-invitations`, organizer, { inviteeId: vic.id })).status).toBeLessThan(300);
    const [invitation] = ((await (await get('/api/notifications', vic)).json()) as NotificationPage).items;
    expect(invitation).toMatchObject({ kind: 'caucus_invitation', body: 'Olga Organizer invited you to join Rainier Neighbours as a voting member.', link: '/my-caucuses' });

    await caucusService.joinCaucus(deps(), vic.id, caucus.id, {});
    await caucusService.joinCaucus(deps(), wes.id, caucus.id, {});
    const joined = await rowsOf(organizer.id, 'caucus_joined');
    expect(joined).toHaveLength(1);
    const [view] = ((await (await get('/api/notifications', organizer)).json()) as NotificationPage).items;
    expect(view!.body).toBe('Wes Voter and 1 other joined Rainier Neighbours.');
    expect(await rowsOf(vic.id, 'caucus_joined')).toHaveLength(0);

    // Once read, the next join starts a new one.
    await post('/api/notifications/read-all', organizer);
    await caucusService.joinCaucus(deps(), (await person({ name: 'Xia Voter', state: 'WA', district: 3 })).id, caucus.id, {});
    expect(await rowsOf(organizer.id, 'caucus_joined')).toHaveLength(2);
  });

  it('200 concurrent joins that fill a caucus tell each member exactly once that it is full', async () => {
    const organizer = await person({ state: 'KS', district: 3 });
    const caucus = await createCaucusRow(database.db, { state: 'KS', district: 3, organizerId: organizer.id });
    const people = await Promise.all(Array.from({ length: 200 }, () => person({ state: 'KS', district: 3 })));
    const results = await Promise.all(people.map((p) => caucusService.joinCaucus(deps(), p.id, caucus.id, {}).then(() => p.id, () => null)));
    const members = results.filter((id): id is string => id !== null);
    expect(members).toHaveLength(10);
    const full = await database.db.select({ userId: notifications.userId }).from(notifications).where(and(eq(notifications.kind, 'caucus_full'), eq(notifications.dedupeKey, caucus.id)));
    expect(full.map((r) => r.userId).sort()).toEqual([...members].sort());
    // The organizer's joins fold into one unread notification counting all ten.
    const [joined] = await rowsOf(organizer.id, 'caucus_joined');
    expect((joined!.data as { count: number }).count).toBe(10);
  });

  it('a finished election tells every member and organizer who the Delegate is, and the Delegate what it means', async () => {
    const organizer = await person({ state: 'OR', district: 2 });
    const caucus = await createCaucusRow(database.db, { name: 'Cascade Ten', state: 'OR', district: 2, organizerId: organizer.id });
    await addOrganizer(database.db, caucus.id, organizer.id);
    const members = await addVotingMembers(database.db, caucus, 10);
    const delegate = members[3]!;
    const last = members[9]!;
    const [delegateRow] = await database.db.select({ name: users.name }).from(users).where(eq(users.id, delegate.id));
    for (const m of members.slice(0, 9)) await caucusService.castVote(deps(), m.id, caucus.id, delegate.id);
    // Nine of ten agree: only the tenth hears that the election waits for them, once.
    expect(await rowsOf(last.id, 'vote_missing')).toHaveLength(1);
    for (const m of members.slice(0, 9)) expect(await rowsOf(m.id, 'vote_missing')).toHaveLength(0);
    const [missing] = ((await (await get('/api/notifications', last)).json()) as NotificationPage).items;
    expect(missing).toMatchObject({ kind: 'vote_missing', body: `9 of 10 members of Cascade Ten voted for ${delegateRow!.name}; your vote is missing.` });
    await caucusService.castVote(deps(), last.id, caucus.id, delegate.id);

    for (const m of [...members.filter((x) => x.id !== delegate.id), organizer]) {
      const rows = await rowsOf(m.id, 'election_finalized');
      expect(rows).toHaveLength(1);
      expect(rows[0]!.data).toMatchObject({ caucusId: caucus.id, delegateId: delegate.id, delegateName: delegateRow!.name });
    }
    expect(await rowsOf(delegate.id, 'election_finalized')).toHaveLength(0);
    const [mine] = ((await (await get('/api/notifications', delegate)).json()) as NotificationPage).items.filter((n) => n.kind === 'elected_delegate');
    expect(mine).toMatchObject({
      body: 'Cascade Ten elected you. You now represent it at level 2: join or start a level 2 caucus with the other Delegates of your district.',
      link: '/representation',
    });
    // The organizer hears of the Banner they earned; a member does not.
    const [organizerNews] = ((await (await get('/api/notifications', organizer)).json()) as NotificationPage).items.filter((n) => n.kind === 'election_finalized');
    expect(organizerNews!.body).toBe(`Cascade Ten elected ${delegateRow!.name} as its Delegate. You earned a Banner for organizing it.`);
    const [memberNews] = ((await (await get('/api/notifications', members[0]!)).json()) as NotificationPage).items.filter((n) => n.kind === 'election_finalized');
    expect(memberNews!.body).toBe(`Cascade Ten elected ${delegateRow!.name} as its Delegate.`);
    // The badge engine's award is a notification too, written with the badge.
    const badges = (await rowsOf(delegate.id, 'badge_earned')).map((r) => (r.data as { badgeName: string }).badgeName);
    expect(badges).toContain('Delegate - Level 2');
    expect((await rowsOf(members[0]!.id, 'badge_earned')).map((r) => (r.data as { badgeName: string }).badgeName)).not.toContain('Delegate - Level 2');
  });
});

describe('a split election', () => {
  it('tells every voting member once when the last missing vote splits it; a changed vote while split tells no one again', async () => {
    const caucus = await createCaucusRow(database.db, { name: 'Split Four', requiredVotingMembers: 4 });
    const members = await addVotingMembers(database.db, caucus, 4);
    const [a, b, c, d] = members as [Person, Person, Person, Person];
    await caucusService.castVote(deps(), a.id, caucus.id, a.id);
    await caucusService.castVote(deps(), b.id, caucus.id, a.id);
    await caucusService.castVote(deps(), c.id, caucus.id, d.id);
    for (const m of members) expect(await rowsOf(m.id, 'election_split')).toHaveLength(0);
    await caucusService.castVote(deps(), d.id, caucus.id, d.id);
    const [leaderName] = (await database.db.select({ name: users.name }).from(users).where(eq(users.id, a.id < d.id ? a.id : d.id))).map((r) => r.name);
    for (const m of members) {
      const rows = await rowsOf(m.id, 'election_split');
      expect(rows).toHaveLength(1);
      expect(rows[0]!.data).toEqual({ caucusId: caucus.id, caucusName: 'Split Four', candidateId: a.id < d.id ? a.id : d.id, candidateName: leaderName, leading: 2, required: 4 });
    }
    // A member changes their vote and it stays split: nobody is told again.
    await database.db.update(notifications).set({ readAt: new Date() }).where(eq(notifications.kind, 'election_split'));
    await caucusService.castVote(deps(), c.id, caucus.id, a.id);
    await caucusService.castVote(deps(), c.id, caucus.id, d.id);
    for (const m of members) expect(await rowsOf(m.id, 'election_split')).toHaveLength(1);
  });
});

describe('debates and challenges', () => {
  const text = (t: string) => ({ contentType: 'text' as const, text: t });

  it('a response tells the debate\'s creator, a rebuttal the response\'s author, a defense the rebuttal\'s author', async () => {
    const [creator, responder, rebutter] = await Promise.all([person({ name: 'Cora Creator' }), person({ name: 'Remy Responder' }), person({ name: 'Rita Rebutter' })]);
    const debate = await createDebateRow(database.db, creator.id, { title: 'Meet weekly?' });
    // The creator answering their own debate tells no one.
    await debateService.submitContribution(deps(), { debateId: debate.id, userId: creator.id, kind: 'response', content: text('Yes, weekly.') });
    expect(await rowsOf(creator.id, 'debate_reply')).toHaveLength(0);

    const response = await debateService.submitContribution(deps(), { debateId: debate.id, userId: responder.id, kind: 'response', content: text('Every other week.') });
    await debateService.submitContribution(deps(), { debateId: debate.id, userId: rebutter.id, kind: 'response', content: text('Monthly.') });
    const rebuttal = await debateService.submitContribution(deps(), { debateId: debate.id, userId: rebutter.id, kind: 'rebuttal', parentId: response.id, content: text('Too rare.') });
    await debateService.submitContribution(deps(), { debateId: debate.id, userId: responder.id, kind: 'defense', parentId: rebuttal.id, content: text('Rare is fine.') });

    const bodies = async (who: Person) => ((await (await get('/api/notifications', who)).json()) as NotificationPage).items.filter((n) => n.kind === 'debate_reply').map((n) => n.body);
    expect(await bodies(creator)).toEqual(['Rita Rebutter responded to your debate "Meet weekly?".', 'Remy Responder responded to your debate "Meet weekly?".']);
    expect(await bodies(responder)).toEqual(['Rita Rebutter rebutted your response in "Meet weekly?".']);
    expect(await bodies(rebutter)).toEqual(['Remy Responder defended their response against your rebuttal in "Meet weekly?".']);
  });

  it('a challenge tells each friend it invites, and not its creator', async () => {
    const [creator, ann, ben] = await Promise.all([person({ name: 'Hana Host' }), person(), person()]);
    await makeFriends(database.db, creator.id, ann.id);
    await makeFriends(database.db, creator.id, ben.id);
    const { id } = await challengeService.createChallenge(deps(), creator.id, { name: 'Spark Sprint', challengeType: 'sparks', durationDays: 7, team: 'blue', inviteeIds: [ann.id, ben.id] });
    for (const invitee of [ann, ben]) {
      const rows = await rowsOf(invitee.id, 'challenge_invitation');
      expect(rows.map((r) => r.data)).toEqual([{ challengeId: id, challengeName: 'Spark Sprint', inviterId: creator.id, inviterName: 'Hana Host' }]);
    }
    expect(await rowsOf(creator.id, 'challenge_invitation')).toHaveLength(0);
    // The invitation travels as a private message, but says itself once: no "new message" beside it.
    for (const invitee of [ann, ben]) expect(await rowsOf(invitee.id, 'private_message')).toHaveLength(0);
  });
});

describe('private messages', () => {
  it('fold into one unread notification per conversation that counts up, due 20 s after the first, and read with the conversation', async () => {
    const [reader, writer, other] = await Promise.all([person(), person({ name: 'Wes Writer' }), person({ name: 'Ola Other' })]);
    const sentAt = new Date('2026-11-02T10:00:00Z');
    const clock = fixedClock(sentAt);
    for (let i = 0; i < 5; i += 1) {
      clock.set(new Date(sentAt.getTime() + i * 1000));
      await messageService.sendPrivateMessage({ db: database.db, clock }, writer.id, { recipientId: reader.id, message: `Hello ${i}` });
    }
    await messageService.sendPrivateMessage({ db: database.db, clock }, other.id, { recipientId: reader.id, message: 'Hi' });
    const rows = await rowsOf(reader.id, 'private_message');
    expect(rows.map((r) => [r.dedupeKey, r.data])).toEqual(
      expect.arrayContaining([
        [writer.id, { fromId: writer.id, fromName: 'Wes Writer', count: 5 }],
        [other.id, { fromId: other.id, fromName: 'Ola Other', count: 1 }],
      ]),
    );
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.dedupeKey === writer.id)!.deliverAt).toEqual(new Date(sentAt.getTime() + 20_000));
    // The sender is not told of their own message.
    expect(await rowsOf(writer.id, 'private_message')).toHaveLength(0);
    const [shown] = ((await (await get('/api/notifications', reader)).json()) as NotificationPage).items.filter((n) => n.body.startsWith('Wes Writer'));
    expect(shown).toMatchObject({ kind: 'private_message', body: 'Wes Writer sent you 5 messages.', link: `/messages?with=${writer.id}` });

    await messageService.markConversationRead({ db: database.db, clock }, reader.id, writer.id);
    const after = await rowsOf(reader.id, 'private_message');
    expect(after.find((r) => r.dedupeKey === writer.id)!.readAt).not.toBeNull();
    expect(after.find((r) => r.dedupeKey === writer.id)!.deliverAt).toBeNull();
    expect(after.find((r) => r.dedupeKey === other.id)!.readAt).toBeNull();
  });
});

describe('waking the delivery job (issue 33)', () => {
  it('a private message asks for delivery at its time, not at once; a notification due now wakes it at once', async () => {
    const hub = createNotificationHub({ connection: directConnectionOf(database), applicationName: 'caucus-test-delivery-wakes' });
    const heard: string[] = [];
    try {
      for (const key of [DELIVERY_WAKE_KEY, DELIVERY_LATER_KEY]) {
        await hub.subscribe(DELIVERY_CHANNEL, key, (event) => void heard.push(`${key} ${event.type === 'notification' ? String(event.data) : 'resync'}`));
      }
      const [sender, recipient] = [await createUser(database.db), await createUser(database.db)];
      const at = new Date('2030-02-01T12:00:00.000Z');
      await database.db.transaction((tx) =>
        notify(tx, at, [{ userId: recipient.id, kind: 'private_message', data: { fromId: sender.id, fromName: sender.name, count: 1 }, dedupeKey: sender.id }]),
      );
      // Notifications are heard in the order their transactions committed: once this one's is
      // heard, anything the message's transaction sent was heard before it.
      await database.db.transaction((tx) =>
        notify(tx, at, [{ userId: recipient.id, kind: 'caucus_full', data: { caucusId: '7a1c1c8e-0000-4000-8000-000000000003', caucusName: 'Wakes' } }]),
      );
      await waitUntil('both wakes heard', () => heard.length >= 2, 10_000);
      expect(heard).toEqual([`${DELIVERY_LATER_KEY} 2030-02-01T12:00:20.000Z`, `${DELIVERY_WAKE_KEY} null`]);
    } finally {
      await hub.close();
    }
  });
});
