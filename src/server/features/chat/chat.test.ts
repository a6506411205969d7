import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAUCUS_MESSAGES } from '../../../domain/caucuses/caucus-schemas';
import { fixedClock, systemClock } from '../../clock';
import type { Database } from '../../db/client';
import { users } from '../../db/schema/auth';
import { userBlocks } from '../../db/schema/moderation';
import { caucusMembers, chatMessages } from '../../db/schema/caucuses';
import type { AppEnv } from '../../http/session';
import { createNotificationHub, notifyEachQuery, notifyQuery } from '../../realtime/notification-hub';
import { addOrganizer, addVotingMembers, createCaucusRow } from '../../test/caucus-factories';
import { createUser } from '../../test/factories';
import { createTestApp } from '../../test/test-app';
import { sseReader, startLiveInstance, type LiveInstance, type SseEvent } from '../../test/sse-client';
import { createTestDatabase, directConnectionOf } from '../../test/test-database';
import { CHAT_STREAM_UNAVAILABLE, chatRoutes } from './chat.routes';
import { CHAT_CHANNEL, CHAT_ERRORS, CHAT_HISTORY_LIMIT, type ChatMessageView } from './chat.service';

let database: Database;
let a: Instance;
let b: Instance;

/** One server process of the app (its own hub, a real HTTP port), streaming a caucus's chat. */
interface Instance extends Omit<LiveInstance, 'stream'> {
  stream(caucusId: string, cookie: string): ReturnType<LiveInstance['stream']>;
}

async function startInstance(name: string, options: { withHub?: boolean } = {}): Promise<Instance> {
  const live = await startLiveInstance(database, name, options);
  return { ...live, stream: (caucusId, cookie) => live.stream(`/api/caucuses/${caucusId}/chat/stream`, cookie) };
}

beforeAll(async () => {
  database = await createTestDatabase();
  a = await startInstance('a');
  b = await startInstance('b');
  // Registered after the database's own clean-up, so it runs first: hubs go before the database.
  afterAll(async () => {
    await a.close();
    await b.close();
  });
});

// ---------- helpers ----------


/** Waits for a condition with a deadline (for effects with no event to await, like an unsubscribe). */
async function eventually(condition: () => boolean | Promise<boolean>, ms = 5000, what = 'the condition'): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

const errorMessage = async (res: Response) => ((await res.json()) as { error: { message: string } }).error.message;
const messageCount = async (caucusId: string) => database.db.$count(chatMessages, eq(chatMessages.caucusId, caucusId));

/** A caucus with two voting members, a member organizer and an owning organizer (no member row). */
async function caucusWithPeople() {
  const owner = await createUser(database.db);
  const caucus = await createCaucusRow(database.db, { organizerId: owner.id });
  const [alice, bob] = await addVotingMembers(database.db, caucus, 2);
  const coOrganizer = await createUser(database.db);
  await addOrganizer(database.db, caucus.id, coOrganizer.id);
  return { caucus, owner, alice: alice!, bob: bob!, coOrganizer };
}

const post = (inst: Instance, caucusId: string, cookie: string | undefined, message: unknown) =>
  inst.request(`/api/caucuses/${caucusId}/chat`, { method: 'POST', cookie, json: { message } });

// ---------- membership rules ----------

describe('who may use a caucus chat', () => {
  it('anonymous visitors get 401 on reading, writing and streaming', async () => {
    const { caucus } = await caucusWithPeople();
    expect((await a.request(`/api/caucuses/${caucus.id}/chat`)).status).toBe(401);
    expect((await post(a, caucus.id, undefined, 'hello')).status).toBe(401);
    expect((await a.request(`/api/caucuses/${caucus.id}/chat/stream`)).status).toBe(401);
    expect(await messageCount(caucus.id)).toBe(0);
  });

  it('a signed-in non-member gets 403 with the rule’s message on reading, writing and streaming, and writes nothing', async () => {
    const { caucus } = await caucusWithPeople();
    const outsider = await createUser(database.db);
    const cookie = await a.signIn(outsider);

    const read = await a.request(`/api/caucuses/${caucus.id}/chat`, { cookie });
    expect(read.status).toBe(403);
    expect(await errorMessage(read)).toBe(CHAT_ERRORS.membersOnly);

    const write = await post(a, caucus.id, cookie, 'let me in');
    expect(write.status).toBe(403);
    expect(await errorMessage(write)).toBe('Only members and organizers of this caucus can use its chat.');

    const stream = await a.request(`/api/caucuses/${caucus.id}/chat/stream`, { cookie });
    expect(stream.status).toBe(403);
    expect(await messageCount(caucus.id)).toBe(0);
  });

  it('an unknown caucus is 404', async () => {
    const user = await createUser(database.db);
    const cookie = await a.signIn(user);
    const res = await a.request('/api/caucuses/00000000-0000-4000-8000-000000000000/chat', { cookie });
    expect(res.status).toBe(404);
    expect(await errorMessage(res)).toBe('Caucus not found');
    expect((await post(a, '00000000-0000-4000-8000-000000000000', cookie, 'hi')).status).toBe(404);
  });

  it('voting members, member organizers and the owning organizer may read and write', async () => {
    const { caucus, owner, alice, coOrganizer } = await caucusWithPeople();
    for (const [who, text] of [
      [alice, 'from a voting member'],
      [coOrganizer, 'from a co-organizer'],
      [owner, 'from the organizer'],
    ] as const) {
      const cookie = await a.signIn(who);
      const res = await post(a, caucus.id, cookie, text);
      expect(res.status).toBe(201);
      expect(await res.json()).toMatchObject({ caucusId: caucus.id, userId: who.id, userName: who.name, message: text });
      const read = await a.request(`/api/caucuses/${caucus.id}/chat`, { cookie });
      expect(read.status).toBe(200);
    }
    expect(await messageCount(caucus.id)).toBe(3);
  });

  it('a member who left can no longer read or write', async () => {
    const { caucus, alice } = await caucusWithPeople();
    const cookie = await a.signIn(alice);
    await database.db.delete(caucusMembers).where(eq(caucusMembers.userId, alice.id));
    expect((await a.request(`/api/caucuses/${caucus.id}/chat`, { cookie })).status).toBe(403);
    expect((await post(a, caucus.id, cookie, 'still here?')).status).toBe(403);
  });
});

// ---------- messages ----------

describe('chat messages', () => {
  it.each([
    ['an empty message', '', CAUCUS_MESSAGES.chatEmpty],
    ['a blank message', '   \n\t ', CAUCUS_MESSAGES.chatEmpty],
    ['a missing message', undefined, CAUCUS_MESSAGES.chatEmpty],
    ['2001 characters', 'x'.repeat(2001), CAUCUS_MESSAGES.chatTooLong],
  ])('refuses %s with 400 and writes nothing', async (_label, message, expected) => {
    const { caucus, alice } = await caucusWithPeople();
    const res = await post(a, caucus.id, await a.signIn(alice), message);
    expect(res.status).toBe(400);
    expect(await errorMessage(res)).toBe(expected);
    expect(await messageCount(caucus.id)).toBe(0);
  });

  it('stores the trimmed text and accepts exactly 2000 characters', async () => {
    const { caucus, alice } = await caucusWithPeople();
    const cookie = await a.signIn(alice);
    const res = await post(a, caucus.id, cookie, '  Hello, neighbours!  \n');
    expect(res.status).toBe(201);
    expect(((await res.json()) as ChatMessageView).message).toBe('Hello, neighbours!');
    expect((await post(a, caucus.id, cookie, ` ${'y'.repeat(2000)} `)).status).toBe(201);
  });

  it('lists messages oldest first with the sender’s name', async () => {
    const { caucus, alice, bob } = await caucusWithPeople();
    // Inserted out of order: the list follows created_at, not insertion.
    await database.db.insert(chatMessages).values([
      { caucusId: caucus.id, userId: bob.id, message: 'third', createdAt: new Date('2030-01-01T10:02:00Z') },
      { caucusId: caucus.id, userId: alice.id, message: 'first', createdAt: new Date('2030-01-01T10:00:00Z') },
      { caucusId: caucus.id, userId: bob.id, message: 'second', createdAt: new Date('2030-01-01T10:01:00Z') },
    ]);
    const res = await a.request(`/api/caucuses/${caucus.id}/chat`, { cookie: await a.signIn(alice) });
    const list = (await res.json()) as ChatMessageView[];
    expect(list.map((m) => [m.message, m.userName])).toEqual([
      ['first', alice.name],
      ['second', bob.name],
      ['third', bob.name],
    ]);
    expect(list[0]!.createdAt).toBe('2030-01-01T10:00:00.000Z');
  });

  it(`returns the newest ${CHAT_HISTORY_LIMIT}, still oldest first`, async () => {
    const { caucus, alice } = await caucusWithPeople();
    const start = Date.parse('2030-02-01T00:00:00Z');
    await database.db.insert(chatMessages).values(
      Array.from({ length: CHAT_HISTORY_LIMIT + 5 }, (_, i) => ({ caucusId: caucus.id, userId: alice.id, message: `m${i}`, createdAt: new Date(start + i * 1000) })),
    );
    const list = (await (await a.request(`/api/caucuses/${caucus.id}/chat`, { cookie: await a.signIn(alice) })).json()) as ChatMessageView[];
    expect(list).toHaveLength(CHAT_HISTORY_LIMIT);
    expect(list[0]!.message).toBe('m5');
    expect(list.at(-1)!.message).toBe(`m${CHAT_HISTORY_LIMIT + 4}`);
  });

  it('shows a deleted profile as Former member', async () => {
    const { caucus, alice, bob } = await caucusWithPeople();
    await database.db.insert(chatMessages).values({ caucusId: caucus.id, userId: bob.id, message: 'bye' });
    await database.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, bob.id));
    const list = (await (await a.request(`/api/caucuses/${caucus.id}/chat`, { cookie: await a.signIn(alice) })).json()) as ChatMessageView[];
    expect(list.map((m) => m.userName)).toEqual(['Former member']);
  });

  it('rate-limits posting per user: 20 messages per 10 seconds, then 429', async () => {
    const clock = fixedClock('2030-03-01T12:00:00Z');
    const t = createTestApp(database.db, { clock });
    const { caucus, alice, bob } = await caucusWithPeople();
    const aliceCookie = await t.signIn(alice.email, alice.password);
    for (let i = 0; i < 20; i++) {
      const res = await t.request(`/api/caucuses/${caucus.id}/chat`, { method: 'POST', cookie: aliceCookie, json: { message: `n${i}` } });
      expect(res.status).toBe(201);
    }
    const limited = await t.request(`/api/caucuses/${caucus.id}/chat`, { method: 'POST', cookie: aliceCookie, json: { message: 'one too many' } });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('10');
    expect(await errorMessage(limited)).toBe('Too many attempts. Please try again in 10 seconds.');
    expect(await messageCount(caucus.id)).toBe(20);
    // Someone else is not held back, and the window passes.
    const bobCookie = await t.signIn(bob.email, bob.password);
    expect((await t.request(`/api/caucuses/${caucus.id}/chat`, { method: 'POST', cookie: bobCookie, json: { message: 'me too' } })).status).toBe(201);
    clock.set('2030-03-01T12:00:11Z');
    expect((await t.request(`/api/caucuses/${caucus.id}/chat`, { method: 'POST', cookie: aliceCookie, json: { message: 'later' } })).status).toBe(201);
  });
});

// ---------- live updates ----------

describe('live chat across server processes', () => {
  it('a client streaming from instance B receives a message posted through instance A', async () => {
    const { caucus, alice, bob } = await caucusWithPeople();
    const other = await caucusWithPeople();
    const bobOnB = await b.stream(caucus.id, await b.signIn(bob));
    const otherOnB = await b.stream(other.caucus.id, await b.signIn(other.alice));
    try {
      expect(bobOnB.res.status).toBe(200);
      expect(bobOnB.res.headers.get('content-type')).toContain('text/event-stream');
      await bobOnB.events.until((e) => e.event === 'ready');
      await otherOnB.events.until((e) => e.event === 'ready');

      const res = await post(a, caucus.id, await a.signIn(alice), '  Meeting at 7?  ');
      expect(res.status).toBe(201);
      const posted = (await res.json()) as ChatMessageView;

      const received = await bobOnB.events.until((e) => e.event === 'message');
      expect(received.id).toBe(posted.id);
      expect(JSON.parse(received.data!)).toEqual({
        id: posted.id,
        caucusId: caucus.id,
        userId: alice.id,
        userName: alice.name,
        message: 'Meeting at 7?',
        createdAt: posted.createdAt,
        hidden: false,
        blocked: false,
      });

      // The other caucus's stream got nothing: a later message of its own comes first.
      await post(a, other.caucus.id, await a.signIn(other.bob), 'our own news');
      const next = await otherOnB.events.until((e) => e.event === 'message');
      expect(JSON.parse(next.data!)).toMatchObject({ caucusId: other.caucus.id, message: 'our own news' });
    } finally {
      bobOnB.abort();
      otherOnB.abort();
    }
  });

  it('delivers several messages in the order they were posted', async () => {
    const { caucus, alice, bob } = await caucusWithPeople();
    const stream = await b.stream(caucus.id, await b.signIn(bob));
    try {
      await stream.events.until((e) => e.event === 'ready');
      const cookie = await a.signIn(alice);
      for (const text of ['one', 'two', 'three']) expect((await post(a, caucus.id, cookie, text)).status).toBe(201);
      const got: string[] = [];
      while (got.length < 3) {
        const e = await stream.events.until((x) => x.event === 'message');
        got.push((JSON.parse(e.data!) as ChatMessageView).message);
      }
      expect(got).toEqual(['one', 'two', 'three']);
    } finally {
      stream.abort();
    }
  });

  it('closes cleanly and unsubscribes when the client goes away', async () => {
    const { caucus, alice } = await caucusWithPeople();
    const before = b.hub.subscriberCount(CHAT_CHANNEL, caucus.id);
    const stream = await b.stream(caucus.id, await b.signIn(alice));
    await stream.events.until((e) => e.event === 'ready');
    expect(b.hub.subscriberCount(CHAT_CHANNEL, caucus.id)).toBe(before + 1);

    stream.abort();
    await eventually(() => b.hub.subscriberCount(CHAT_CHANNEL, caucus.id) === before, 5000, 'the stream to unsubscribe');

    // Nothing breaks when a message arrives afterwards.
    expect((await post(a, caucus.id, await a.signIn(alice), 'anyone?')).status).toBe(201);
    expect((await a.request('/api/health')).status).toBe(200);
  });

  it('unsubscribes when the response body is cancelled (app.request, no socket)', async () => {
    const { caucus, alice } = await caucusWithPeople();
    const res = await b.request(`/api/caucuses/${caucus.id}/chat/stream`, { cookie: await b.signIn(alice) });
    expect(res.status).toBe(200);
    const events = sseReader(res.body!);
    await events.until((e) => e.event === 'ready');
    expect(b.hub.subscriberCount(CHAT_CHANNEL, caucus.id)).toBe(1);
    await events.cancel();
    await eventually(() => b.hub.subscriberCount(CHAT_CHANNEL, caucus.id) === 0, 5000, 'the stream to unsubscribe');
  });

  it('brings a message live to each reader as that reader may see it: empty for one who blocked its author, whole for the organizer', async () => {
    const { caucus, owner, alice, bob } = await caucusWithPeople();
    await database.db.insert(userBlocks).values({ blockerId: bob.id, blockedId: alice.id });
    const bobStream = await b.stream(caucus.id, await b.signIn(bob));
    const ownerStream = await b.stream(caucus.id, await b.signIn(owner));
    try {
      await bobStream.events.until((e) => e.event === 'ready');
      await ownerStream.events.until((e) => e.event === 'ready');
      expect((await post(a, caucus.id, await a.signIn(alice), 'see you at the library')).status).toBe(201);
      const toBob = JSON.parse((await bobStream.events.until((e) => e.event === 'message')).data ?? '') as { message: string; blocked: boolean; userId: string };
      const toOwner = JSON.parse((await ownerStream.events.until((e) => e.event === 'message')).data ?? '') as { message: string; blocked: boolean };
      expect(toBob).toMatchObject({ userId: alice.id, message: '', blocked: true });
      expect(toOwner).toMatchObject({ message: 'see you at the library', blocked: false });
    } finally {
      bobStream.abort();
      ownerStream.abort();
    }
  });

  it('ends the stream of a member who leaves the caucus', async () => {
    const { caucus, alice, bob } = await caucusWithPeople();
    const stream = await b.stream(caucus.id, await b.signIn(bob));
    try {
      await stream.events.until((e) => e.event === 'ready');
      await database.db.delete(caucusMembers).where(eq(caucusMembers.userId, bob.id));
      expect((await post(a, caucus.id, await a.signIn(alice), 'secret plans')).status).toBe(201);
      const seen: SseEvent[] = [];
      for (let e = await stream.events.next(); e !== null; e = await stream.events.next()) seen.push(e);
      expect(seen.filter((e) => e.event === 'message')).toEqual([]);
      await eventually(() => b.hub.subscriberCount(CHAT_CHANNEL, caucus.id) === 0, 5000, 'the stream to unsubscribe');
    } finally {
      stream.abort();
    }
  });

  it('reconnects its LISTEN connection when it drops, tells streams to resync, and keeps delivering', async () => {
    const { caucus, alice, bob } = await caucusWithPeople();
    const stream = await b.stream(caucus.id, await b.signIn(bob));
    try {
      await stream.events.until((e) => e.event === 'ready');
      const admin = new pg.Client(database.pool.options);
      await admin.connect();
      try {
        const killed = await admin.query(
          'select pg_terminate_backend(pid) as ok from pg_stat_activity where application_name = $1 and datname = current_database()',
          [b.applicationName],
        );
        expect(killed.rowCount).toBe(1);
      } finally {
        await admin.end();
      }
      await stream.events.until((e) => e.event === 'resync');
      expect((await post(a, caucus.id, await a.signIn(alice), 'after the outage')).status).toBe(201);
      const e = await stream.events.until((x) => x.event === 'message');
      expect(JSON.parse(e.data!)).toMatchObject({ message: 'after the outage' });
    } finally {
      stream.abort();
    }
  });

  it('answers 503 for the stream when the process has no notification hub, while posting still works', async () => {
    const plain = await startInstance('plain', { withHub: false });
    try {
      const { caucus, alice } = await caucusWithPeople();
      const cookie = await plain.signIn(alice);
      const res = await plain.request(`/api/caucuses/${caucus.id}/chat/stream`, { cookie });
      expect(res.status).toBe(503);
      expect(await errorMessage(res)).toBe(CHAT_STREAM_UNAVAILABLE);
      expect((await post(plain, caucus.id, cookie, 'no live updates here')).status).toBe(201);
    } finally {
      await plain.close();
    }
  });

  it('sends a heartbeat comment while idle', async () => {
    const { caucus, alice } = await caucusWithPeople();
    const app = new Hono<AppEnv>();
    app.use('*', async (c, next) => {
      c.set('user', { id: alice.id, email: alice.email, name: alice.name });
      await next();
    });
    app.route('/api', chatRoutes({ db: database.db, clock: systemClock, notifications: b.hub, heartbeatMs: 20 }));
    const res = await app.request(`/api/caucuses/${caucus.id}/chat/stream`);
    const events = sseReader(res.body!);
    await events.until((e) => e.event === 'ready');
    const beat = await events.until((e) => e.comment !== undefined, 2000);
    expect(beat.comment).toBe('heartbeat');
    await events.cancel();
    await eventually(() => b.hub.subscriberCount(CHAT_CHANNEL, caucus.id) === 0, 5000, 'the stream to unsubscribe');
  });
});

describe('notification payloads', () => {
  it('refuses a payload over PostgreSQL’s 8000-byte limit', () => {
    expect(() => notifyQuery(CHAT_CHANNEL, 'k', { text: 'x'.repeat(8000) })).toThrow(/exceeds/);
    expect(() => notifyQuery('bad channel; drop table users', 'k', {})).toThrow(/channel/);
    expect(() => notifyEachQuery(CHAT_CHANNEL, ['a', 'b'], { text: 'x'.repeat(8000) })).toThrow(/exceeds/);
    expect(() => notifyEachQuery('bad channel', ['a'], {})).toThrow(/channel/);
    expect(() => notifyEachQuery(CHAT_CHANNEL, [], {})).toThrow(/at least one/);
  });

  it('one statement publishes to each of many keys', async () => {
    const hub = createNotificationHub({ connection: directConnectionOf(database), applicationName: 'caucus-test-each' });
    try {
      const heard: string[] = [];
      const keys = ['each-1', 'each-2', 'each-3'];
      let allHeard!: () => void;
      const done = new Promise<void>((resolve) => (allHeard = resolve));
      // Each subscription resolves once this process LISTENs: publish after all three.
      await Promise.all(
        keys.map((key) =>
          hub.subscribe(CHAT_CHANNEL, key, (event) => {
            if (event.type === 'notification') heard.push(key);
            if (heard.length === keys.length) allHeard();
          }),
        ),
      );
      await database.db.execute(notifyEachQuery(CHAT_CHANNEL, keys, { ping: true }));
      await done;
      expect(heard.sort()).toEqual(keys);
    } finally {
      await hub.close();
    }
  });

  it('a closed hub refuses new subscribers', async () => {
    const hub = createNotificationHub({ connection: directConnectionOf(database), applicationName: 'caucus-test-closed' });
    await hub.close();
    await expect(hub.subscribe(CHAT_CHANNEL, 'k', () => undefined)).rejects.toThrow(/closed/);
  });
});
