import { and, eq, inArray, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONVERSATIONS_PAGE_SIZE, MESSAGE_ERRORS, MESSAGE_PREVIEW_LENGTH, THREAD_PAGE_SIZE } from '../../../domain/social/messages';
import { UNREAD_COUNT_CAP } from '../../../domain/social/unread-count';
import type { ConversationList, ConversationThread, MessageStreamEvent, PrivateMessageView } from '../../../domain/social/social-types';
import type { Database } from '../../db/client';
import { users } from '../../db/schema/auth';
import { privateConversations, privateMessages } from '../../db/schema/social';
import { createUser } from '../../test/factories';
import { startLiveInstance, type LiveInstance } from '../../test/sse-client';
import { createTestApp, fixedClock } from '../../test/test-app';
import { createTestDatabase, throughPgBouncer } from '../../test/test-database';
import { statementLogOf } from '../../test/statement-log';
import { MESSAGE_STREAM_UNAVAILABLE } from './messages.routes';

let database: Database;
let t: ReturnType<typeof createTestApp>;
let live: LiveInstance;
let liveB: LiveInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  t = createTestApp(database.db);
  live = await startLiveInstance(database, 'messages-a');
  liveB = await startLiveInstance(database, 'messages-b');
  // Registered after the database's own clean-up, so it runs first: servers go before the database.
  afterAll(async () => {
    await live.close();
    await liveB.close();
  });
});

type Person = Awaited<ReturnType<typeof createUser>>;
/** One sign-in per user for the whole file. */
const cookieOf = (user: Person) => t.cookieFor(user);
const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; message: string } }).error;
const get = async (path: string, who: Person | null) => t.request(path, { cookie: who ? await cookieOf(who) : undefined });
const post = async (path: string, who: Person | null, json?: unknown) =>
  t.request(path, { method: 'POST', cookie: who ? await cookieOf(who) : undefined, ...(json === undefined ? {} : { json }) });

const person = () => createUser(database.db);
const send = (from: Person, to: string, message: unknown) => post('/api/messages', from, { recipientId: to, message });
const conversations = async (who: Person, before?: string) =>
  (await (await get(`/api/messages/conversations${before ? `?before=${encodeURIComponent(before)}` : ''}`, who)).json()) as ConversationList;
const thread = async (who: Person, partnerId: string, before?: string) =>
  (await (await get(`/api/messages/conversations/${partnerId}${before ? `?before=${before}` : ''}`, who)).json()) as ConversationThread;
const unread = async (who: Person) => ((await (await get('/api/messages/unread-count', who)).json()) as { count: number }).count;
const markRead = (who: Person, partnerId: string) => post(`/api/messages/conversations/${partnerId}/read`, who);

const between = (a: string, b: string) =>
  or(and(eq(privateMessages.senderId, a), eq(privateMessages.recipientId, b)), and(eq(privateMessages.senderId, b), eq(privateMessages.recipientId, a)));
const countFrom = (senderId: string) => database.db.$count(privateMessages, eq(privateMessages.senderId, senderId));

/** Messages written straight into the table (the trigger keeps the conversations), a second apart from `start`. */
async function insertMessages(rows: Array<{ from: Person; to: Person; text: string }>, start = Date.parse('2030-01-01T00:00:00Z')) {
  await database.db.insert(privateMessages).values(rows.map((r, i) => ({ senderId: r.from.id, recipientId: r.to.id, message: r.text, createdAt: new Date(start + i * 1000) })));
}

describe('signed-in only', () => {
  it('answers 401 to visitors everywhere', async () => {
    const someone = await person();
    expect((await get('/api/messages/conversations', null)).status).toBe(401);
    expect((await get(`/api/messages/conversations/${someone.id}`, null)).status).toBe(401);
    expect((await post(`/api/messages/conversations/${someone.id}/read`, null)).status).toBe(401);
    expect((await get('/api/messages/unread-count', null)).status).toBe(401);
    expect((await send(null as unknown as Person, someone.id, 'hi')).status).toBe(401);
    expect((await t.request('/api/messages/stream')).status).toBe(401);
  });
});

describe('sending a private message', () => {
  it('stores the trimmed text; the recipient has one unread message in one conversation', async () => {
    const [ann, ben] = await Promise.all([person(), person()]);
    const res = await send(ann, ben.id, '  Hello Ben!  \n');
    expect(res.status).toBe(201);
    const sent = (await res.json()) as PrivateMessageView;
    expect(sent).toMatchObject({ senderId: ann.id, recipientId: ben.id, message: 'Hello Ben!', readAt: null });

    expect(await unread(ben)).toBe(1);
    expect(await unread(ann)).toBe(0);
    const benList = await conversations(ben);
    expect(benList.conversations).toHaveLength(1);
    expect(benList.conversations[0]).toMatchObject({ partner: { id: ann.id, name: ann.name }, lastMessage: { id: sent.id, message: 'Hello Ben!' }, unreadCount: 1 });
    const annList = await conversations(ann);
    expect(annList.conversations[0]).toMatchObject({ partner: { id: ben.id }, lastMessage: { id: sent.id }, unreadCount: 0 });
  });

  it.each<[string, (me: Person) => Promise<unknown>, unknown, number, string]>([
    ['an empty message', async () => (await person()).id, '', 400, MESSAGE_ERRORS.empty],
    ['a whitespace message', async () => (await person()).id, ' \n\t ', 400, MESSAGE_ERRORS.empty],
    ['no message at all', async () => (await person()).id, undefined, 400, MESSAGE_ERRORS.empty],
    ['2,001 characters', async () => (await person()).id, 'x'.repeat(2001), 400, MESSAGE_ERRORS.tooLong],
    ['a message to nobody', async () => undefined, 'Hello', 400, MESSAGE_ERRORS.recipientRequired],
    ['a message to an empty recipient', async () => '', 'Hello', 400, MESSAGE_ERRORS.recipientRequired],
    ['a message to an unknown user', async () => '00000000-0000-4000-8000-000000000000', 'Hello', 404, MESSAGE_ERRORS.recipientNotFound],
    [
      'a message to a hidden profile',
      async () => {
        const gone = await person();
        await database.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone.id));
        return gone.id;
      },
      'Hello',
      404,
      MESSAGE_ERRORS.recipientNotFound,
    ],
    ['a message to oneself', async (me) => me.id, 'Hello', 400, MESSAGE_ERRORS.notYourself],
  ])('refuses %s with the rule’s message and writes nothing', async (_label, recipient, message, status, expected) => {
    const me = await person();
    const res = await post('/api/messages', me, { recipientId: await recipient(me), message });
    expect(res.status).toBe(status);
    expect((await errorOf(res)).message).toBe(expected);
    expect(await countFrom(me.id)).toBe(0);
    expect(await database.db.$count(privateConversations, eq(privateConversations.ownerId, me.id))).toBe(0);
  });

  it('accepts exactly 2,000 characters', async () => {
    const [ann, ben] = await Promise.all([person(), person()]);
    expect((await send(ann, ben.id, 'y'.repeat(2000))).status).toBe(201);
  });

  it('200 messages at once from one person: exactly 30 sent, the rest 429, never a 500', async () => {
    const clock = fixedClock('2030-04-01T12:00:00Z');
    const app = createTestApp(database.db, { clock });
    const [ann, ben] = await Promise.all([person(), person()]);
    const cookie = await app.signIn(ann.email, ann.password);
    const statuses = (
      await Promise.all(Array.from({ length: 200 }, (_, i) => app.request('/api/messages', { method: 'POST', cookie, json: { recipientId: ben.id, message: `at once ${i}` } })))
    ).map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(30);
    expect(statuses.filter((s) => s === 429)).toHaveLength(170);
    expect(await countFrom(ann.id)).toBe(30);
  });

  it('rate-limits sending per user: 30 a minute, then 429', async () => {
    const clock = fixedClock('2030-03-01T12:00:00Z');
    const app = createTestApp(database.db, { clock });
    const [ann, ben] = await Promise.all([person(), person()]);
    const cookie = await app.signIn(ann.email, ann.password);
    for (let i = 0; i < 30; i++) {
      expect((await app.request('/api/messages', { method: 'POST', cookie, json: { recipientId: ben.id, message: `n${i}` } })).status).toBe(201);
    }
    const limited = await app.request('/api/messages', { method: 'POST', cookie, json: { recipientId: ben.id, message: 'one too many' } });
    expect(limited.status).toBe(429);
    expect(await countFrom(ann.id)).toBe(30);
    clock.set('2030-03-01T12:01:01Z');
    expect((await app.request('/api/messages', { method: 'POST', cookie, json: { recipientId: ben.id, message: 'later' } })).status).toBe(201);
  });
});

describe('conversations', () => {
  it('lists conversations newest first, with the last message (cut to a preview) and the partner’s unread count', async () => {
    const [me, ann, ben, cat] = await Promise.all([person(), person(), person(), person()]);
    await insertMessages([
      { from: ann, to: me, text: 'ann 1' },
      { from: me, to: ben, text: 'to ben' },
      { from: ann, to: me, text: 'ann 2' },
      { from: cat, to: me, text: 'c'.repeat(300) },
      { from: ben, to: me, text: 'ben answers' },
    ]);
    const list = await conversations(me);
    expect(list.nextCursor).toBeNull();
    expect(list.conversations.map((c) => [c.partner.id, c.lastMessage.message.slice(0, 12), c.unreadCount])).toEqual([
      [ben.id, 'ben answers', 1],
      [cat.id, 'cccccccccccc', 1],
      [ann.id, 'ann 2', 2],
    ]);
    expect(list.conversations[1]!.lastMessage.message).toHaveLength(MESSAGE_PREVIEW_LENGTH);
    expect(await unread(me)).toBe(4);
  });

  it(`pages the list ${CONVERSATIONS_PAGE_SIZE} at a time with a cursor`, async () => {
    const me = await person();
    const partners = await Promise.all(Array.from({ length: CONVERSATIONS_PAGE_SIZE + 3 }, () => person()));
    // Every conversation's last message at the same instant: the partner id breaks the tie.
    await database.db
      .insert(privateMessages)
      .values(partners.map((p) => ({ senderId: p.id, recipientId: me.id, message: 'same time', createdAt: new Date('2030-02-01T00:00:00.123Z') })));
    const first = await conversations(me);
    expect(first.conversations).toHaveLength(CONVERSATIONS_PAGE_SIZE);
    expect(first.nextCursor).not.toBeNull();
    const second = await conversations(me, first.nextCursor!);
    expect(second.conversations).toHaveLength(3);
    expect(second.nextCursor).toBeNull();
    const seen = [...first.conversations, ...second.conversations].map((c) => c.partner.id);
    expect(new Set(seen).size).toBe(partners.length);
    expect(seen).toEqual([...partners.map((p) => p.id)].sort().reverse());

    const bad = await get('/api/messages/conversations?before=yesterday', me);
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).message).toBe(MESSAGE_ERRORS.badCursor);
  });

  it('caps unread counts at the cap', async () => {
    const [me, flood] = await Promise.all([person(), person()]);
    await insertMessages(Array.from({ length: UNREAD_COUNT_CAP + 20 }, (_, i) => ({ from: flood, to: me, text: `m${i}` })));
    expect(await unread(me)).toBe(UNREAD_COUNT_CAP);
    expect((await conversations(me)).conversations[0]!.unreadCount).toBe(UNREAD_COUNT_CAP);
  });

  it('opens a conversation oldest first with both directions, and pages back with `before`', async () => {
    const [me, ann] = await Promise.all([person(), person()]);
    const total = THREAD_PAGE_SIZE + 10;
    await insertMessages(Array.from({ length: total }, (_, i) => (i % 2 ? { from: me, to: ann, text: `m${i}` } : { from: ann, to: me, text: `m${i}` })));
    const newest = await thread(me, ann.id);
    expect(newest.partner).toMatchObject({ id: ann.id, name: ann.name });
    expect(newest.hasMore).toBe(true);
    expect(newest.messages.map((m) => m.message)).toEqual(Array.from({ length: THREAD_PAGE_SIZE }, (_, i) => `m${i + 10}`));
    const older = await thread(me, ann.id, newest.messages[0]!.id);
    expect(older.hasMore).toBe(false);
    expect(older.messages.map((m) => m.message)).toEqual(Array.from({ length: 10 }, (_, i) => `m${i}`));

    const stranger = await person();
    const [foreign] = await database.db
      .insert(privateMessages)
      .values({ senderId: stranger.id, recipientId: ann.id, message: 'not yours' })
      .returning({ id: privateMessages.id });
    const bad = await get(`/api/messages/conversations/${ann.id}?before=${foreign!.id}`, me);
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).message).toBe(MESSAGE_ERRORS.badCursor);
  });

  it('marking a conversation read sets read_at on the partner’s messages to the reader only', async () => {
    const clock = fixedClock('2030-04-01T09:00:00Z');
    const app = createTestApp(database.db, { clock });
    const [me, ann, ben] = await Promise.all([person(), person(), person()]);
    await insertMessages([
      { from: ann, to: me, text: 'a1' },
      { from: ann, to: me, text: 'a2' },
      { from: me, to: ann, text: 'mine' },
      { from: ben, to: me, text: 'b1' },
    ]);
    const cookie = await app.signIn(me.email, me.password);
    const res = await app.request(`/api/messages/conversations/${ann.id}/read`, { method: 'POST', cookie });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ marked: 2 });
    const rows = await database.db.select().from(privateMessages).where(inArray(privateMessages.senderId, [ann.id, me.id, ben.id]));
    const readAt = (text: string) => rows.find((r) => r.message === text)!.readAt;
    expect(readAt('a1')).toEqual(new Date('2030-04-01T09:00:00Z'));
    expect(readAt('a2')).toEqual(new Date('2030-04-01T09:00:00Z'));
    expect(readAt('mine')).toBeNull();
    expect(readAt('b1')).toBeNull();
    expect(await unread(me)).toBe(1);
    expect((await conversations(me)).conversations.map((c) => [c.partner.id, c.unreadCount])).toEqual([
      [ben.id, 1],
      [ann.id, 0],
    ]);
    // Reading again changes nothing.
    expect(await (await app.request(`/api/messages/conversations/${ann.id}/read`, { method: 'POST', cookie })).json()).toEqual({ marked: 0 });
  });

  it('shows a hidden partner as Former member and keeps the history', async () => {
    const [me, ann] = await Promise.all([person(), person()]);
    await insertMessages([{ from: ann, to: me, text: 'farewell' }]);
    await database.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, ann.id));
    expect((await conversations(me)).conversations[0]!.partner).toMatchObject({ id: ann.id, name: 'Former member', photoUrl: null });
    expect((await thread(me, ann.id)).messages.map((m) => m.message)).toEqual(['farewell']);
  });

  it('answers 404 for an unknown partner and 400 for oneself', async () => {
    const me = await person();
    expect((await get('/api/messages/conversations/00000000-0000-4000-8000-000000000000', me)).status).toBe(404);
    expect((await get('/api/messages/conversations/nobody', me)).status).toBe(404);
    const self = await get(`/api/messages/conversations/${me.id}`, me);
    expect(self.status).toBe(400);
    expect((await errorOf(self)).message).toBe(MESSAGE_ERRORS.notYourself);
  });
});

describe('privacy: nobody reads a conversation they are not in', () => {
  it('a third person asking for either side of a conversation gets only their own (empty) one', async () => {
    const [ann, ben, eve] = await Promise.all([person(), person(), person()]);
    const secret = `secret-${Math.random()}`;
    await send(ann, ben.id, secret);
    await send(ben, ann.id, `${secret}-reply`);

    for (const path of [`/api/messages/conversations/${ann.id}`, `/api/messages/conversations/${ben.id}`, '/api/messages/conversations', '/api/messages/unread-count']) {
      const res = await get(path, eve);
      expect(res.status).toBe(200);
      expect(await res.text()).not.toContain(secret);
    }
    expect((await thread(eve, ann.id)).messages).toEqual([]);
    expect((await conversations(eve)).conversations).toEqual([]);
    // Eve "reading" Ann's conversation marks nothing of Ann and Ben's.
    expect(await (await markRead(eve, ann.id)).json()).toEqual({ marked: 0 });
    expect(await unread(ben)).toBe(1);
    expect(await unread(ann)).toBe(1);
    // The two see each other's messages.
    expect((await thread(ann, ben.id)).messages.map((m) => m.message)).toEqual([secret, `${secret}-reply`]);
    expect((await thread(ben, ann.id)).messages.map((m) => m.message)).toEqual([secret, `${secret}-reply`]);
  });
});

describe('races', () => {
  it('two people writing each other at once: every message lands, both conversation rows point at the newest', async () => {
    const [ann, ben] = await Promise.all([person(), person()]);
    await Promise.all([cookieOf(ann), cookieOf(ben)]);
    const statuses = await Promise.all(
      Array.from({ length: 40 }, async (_, i) => (await (i % 2 ? send(ann, ben.id, `a${i}`) : send(ben, ann.id, `b${i}`))).status),
    );
    expect(statuses.every((s) => s === 201)).toBe(true);
    const [newest] = await database.db
      .select({ id: privateMessages.id, createdAt: privateMessages.createdAt })
      .from(privateMessages)
      .where(between(ann.id, ben.id))
      .orderBy(privateMessages.createdAt, privateMessages.id)
      .then((rows) => rows.slice(-1));
    const rows = await database.db.select().from(privateConversations).where(inArray(privateConversations.ownerId, [ann.id, ben.id]));
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row.lastMessageId).toBe(newest!.id);
    expect(await database.db.$count(privateMessages, between(ann.id, ben.id))).toBe(40);
  });
});

describe('live messages (Server-Sent Events)', () => {
  it('the recipient and the sender’s other tabs receive a message sent through another server process; nobody else does', async () => {
    const [ann, ben, eve] = await Promise.all([person(), person(), person()]);
    const benStream = await liveB.stream('/api/messages/stream', await liveB.signIn(ben));
    const annStream = await liveB.stream('/api/messages/stream', await liveB.signIn(ann));
    const eveStream = await liveB.stream('/api/messages/stream', await liveB.signIn(eve));
    try {
      expect(benStream.res.status).toBe(200);
      expect(benStream.res.headers.get('content-type')).toContain('text/event-stream');
      for (const s of [benStream, annStream, eveStream]) await s.events.until((e) => e.event === 'ready');

      const res = await live.request('/api/messages', { method: 'POST', cookie: await live.signIn(ann), json: { recipientId: ben.id, message: 'Are you coming tonight?' } });
      expect(res.status).toBe(201);
      const sent = (await res.json()) as PrivateMessageView;

      for (const s of [benStream, annStream]) {
        const event = await s.events.until((e) => e.event === 'message');
        expect(event.id).toBe(sent.id);
        expect(JSON.parse(event.data!) as MessageStreamEvent).toEqual({ type: 'message', message: sent });
      }
      // Eve's stream: her own message comes first, nothing of Ann and Ben's.
      await live.request('/api/messages', { method: 'POST', cookie: await live.signIn(ben), json: { recipientId: eve.id, message: 'hello Eve' } });
      const eveGot = JSON.parse((await eveStream.events.until((e) => e.event === 'message')).data!) as MessageStreamEvent;
      expect(eveGot).toMatchObject({ type: 'message', message: { senderId: ben.id, recipientId: eve.id, message: 'hello Eve' } });

      // Ben reads the conversation: his stream hears it (his other tabs' badges fall).
      expect((await live.request(`/api/messages/conversations/${ann.id}/read`, { method: 'POST', cookie: await live.signIn(ben) })).status).toBe(200);
      const read = await benStream.events.until((e) => e.event === 'read');
      expect(JSON.parse(read.data!)).toEqual({ type: 'read', partnerId: ann.id });
    } finally {
      benStream.abort();
      annStream.abort();
      eveStream.abort();
    }
  });

  it('answers 503 when the process has no realtime hub', async () => {
    const plain = await startLiveInstance(database, 'messages-no-hub', { withHub: false });
    try {
      const me = await person();
      const res = await plain.request('/api/messages/stream', { cookie: await plain.signIn(me) });
      expect(res.status).toBe(503);
      expect((await errorOf(res)).message).toBe(MESSAGE_STREAM_UNAVAILABLE);
    } finally {
      await plain.close();
    }
  });
});

describe('round trips (issue 33: a write costs about what its round trips cost)', () => {
  it('a message: the session with the rate limit counted, BEGIN with the facts and the message, the notification with COMMIT and the events', async () => {
    const [sender, recipient] = [await person(), await person()];
    const cookie = await cookieOf(sender);
    const sent = await statementLogOf(database).during(async () => {
      const res = await t.request('/api/messages', { method: 'POST', cookie, json: { recipientId: recipient.id, message: 'Counting round trips' } });
      expect(res.status).toBe(201);
    });
    // The events leave with COMMIT (with the commit's mark before it); through PgBouncer, after it.
    expect(sent.roundTrips, sent.texts.join('\n')).toBe(throughPgBouncer() ? 4 : 3);
    expect(sent.statements.length, sent.texts.join('\n')).toBe(throughPgBouncer() ? 7 : 8);
  });
});
