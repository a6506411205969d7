import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { systemClock } from '../clock';
import type { Database } from '../db/client';
import { CHAT_CHANNEL } from '../features/chat/chat.service';
import { MESSAGES_CHANNEL } from '../features/messages/messages.service';
import { AppError } from '../http/app-error';
import { errorHandler } from '../http/error-handler';
import { addVotingMembers, createCaucusRow } from '../test/caucus-factories';
import { sseReader, withDeadline, type SseReader } from '../test/sse-client';
import { cookieOf, TEST_ORIGIN, testSettings } from '../test/test-app';
import { createTestDatabase, directConnectionOf } from '../test/test-database';
import { createNotificationHub, notifyQuery, type NotificationHub } from './notification-hub';
import { streamHubEvents } from './sse-stream';
import { createStreamCap, LIVE_STREAMS_UNAVAILABLE, STREAM_RETRY_AFTER_SECONDS, type StreamCap } from './stream-cap';

let database: Database;
let hub: NotificationHub;

beforeAll(async () => {
  database = await createTestDatabase();
  hub = createNotificationHub({ connection: directConnectionOf(database), applicationName: `caucus-test-cap-${process.pid}` });
  // Registered after the database's own clean-up, so it runs first: the hub goes before the database.
  afterAll(() => hub.close());
});

/** Waits for a condition with a deadline (for effects with no event to await, like a stream's end). */
async function eventually(condition: () => boolean | Promise<boolean>, what: string, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

interface Listening {
  baseUrl: string;
  server: Server;
  close(): Promise<void>;
}

async function listen(fetch: (request: Request, env: unknown) => Response | Promise<Response>, serverOptions: Record<string, unknown> = {}): Promise<Listening> {
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch, port: 0, hostname: '127.0.0.1', serverOptions }, () => resolve(s));
  });
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    baseUrl,
    server: server as Server,
    close: async () => {
      (server as Server).closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

interface OpenStream {
  res: Response;
  events: SseReader;
  abort(): void;
}

async function openStream(baseUrl: string, path: string, headers: Record<string, string> = {}): Promise<OpenStream> {
  const controller = new AbortController();
  const res = await fetch(`${baseUrl}${path}`, { headers: { accept: 'text/event-stream', ...headers }, signal: controller.signal });
  return { res, events: sseReader(res.body!), abort: () => controller.abort() };
}

// ---------- the cap through the app: every stream route shares LIVE_STREAMS_MAX ----------

describe('the cap on open live streams (LIVE_STREAMS_MAX)', () => {
  let site: Listening;
  let request: (path: string, init?: RequestInit) => Promise<Response>;

  beforeAll(async () => {
    const { app } = createApp({
      db: database.db,
      clock: systemClock,
      logger: pino({ level: 'silent' }),
      settings: { ...testSettings, LIVE_STREAMS_MAX: 3 },
      notifications: hub,
    });
    site = await listen(app.fetch);
    request = async (path, init = {}) => app.request(path, { ...init, headers: { origin: TEST_ORIGIN, ...(init.headers as Record<string, string>) } });
    afterAll(() => site.close());
  });

  async function signIn(user: { email: string; password: string }): Promise<string> {
    const res = await request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: user.password }),
    });
    expect(res.status).toBe(200);
    return cookieOf(res);
  }

  it('refuses the 4th stream with 503, Retry-After and too_many_streams, lets one in when one closes, and counts back to 0', async () => {
    const caucus = await createCaucusRow(database.db);
    const members = await addVotingMembers(database.db, caucus, 4);
    const cookies = await Promise.all(members.map(signIn));
    const chat = `/api/caucuses/${caucus.id}/chat/stream`;
    const open = async (path: string, cookie: string) => {
      const stream = await openStream(site.baseUrl, path, { cookie });
      expect(stream.res.status).toBe(200);
      await stream.events.until((e) => e.event === 'ready');
      return stream;
    };

    // Chat and the user stream count against the same cap.
    const first = [await open(chat, cookies[0]!), await open(chat, cookies[1]!), await open('/api/messages/stream', cookies[2]!)];
    expect(hub.subscriberCount(CHAT_CHANNEL, caucus.id) + hub.subscriberCount(MESSAGES_CHANNEL, members[2]!.id)).toBe(3);

    const refused = await fetch(`${site.baseUrl}${chat}`, { headers: { cookie: cookies[3]!, accept: 'text/event-stream' } });
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe(String(STREAM_RETRY_AFTER_SECONDS));
    expect(await refused.json()).toEqual({ error: { code: 'too_many_streams', message: LIVE_STREAMS_UNAVAILABLE } });
    // In the visitor's language, with the header kept.
    const refusedEs = await fetch(`${site.baseUrl}/api/messages/stream`, { headers: { cookie: cookies[3]!, 'accept-language': 'es' } });
    expect(refusedEs.status).toBe(503);
    expect(refusedEs.headers.get('retry-after')).toBe(String(STREAM_RETRY_AFTER_SECONDS));
    const es = (await refusedEs.json()) as { error: { code: string; message: string } };
    expect(es.error.code).toBe('too_many_streams');
    expect(es.error.message).toMatch(/conexiones en vivo/);
    // Nothing else is refused: the process answers the rest as before.
    expect((await fetch(`${site.baseUrl}/api/health`)).status).toBe(200);
    expect((await request(`/api/caucuses/${caucus.id}/chat`, { headers: { cookie: cookies[3]! } })).status).toBe(200);

    // One leaves: a place frees up once its stream has ended on the server.
    first[0]!.abort();
    await eventually(() => hub.subscriberCount(CHAT_CHANNEL, caucus.id) === 1, 'the first stream to end');
    const fourth = await open(chat, cookies[3]!);

    // Everyone leaves: the count is back to 0, so a full cap's worth opens again (and no more).
    for (const s of [...first.slice(1), fourth]) s.abort();
    await eventually(() => hub.subscriberCount(CHAT_CHANNEL, caucus.id) + hub.subscriberCount(MESSAGES_CHANNEL, members[2]!.id) === 0, 'every stream to end');
    const again = [await open(chat, cookies[0]!), await open(chat, cookies[1]!), await open(chat, cookies[2]!)];
    expect((await fetch(`${site.baseUrl}${chat}`, { headers: { cookie: cookies[3]! } })).status).toBe(503);
    for (const s of again) s.abort();
    await eventually(() => hub.subscriberCount(CHAT_CHANNEL, caucus.id) === 0, 'the last streams to end');
  });
});

// ---------- the count goes down however a stream ends ----------

describe('a stream gives back its place however it ends', () => {
  /** A bare stream route around streamHubEvents, with its own cap and a per-test notification handler. */
  function bareApp(cap: StreamCap, onNotification: (data: unknown) => Promise<void> | void = () => undefined, heartbeatMs = 60_000) {
    const app = new Hono();
    app.onError(errorHandler(pino({ level: 'silent' })));
    app.get('/s/:key', (c) =>
      streamHubEvents(c, {
        hub,
        unavailableMessage: 'unavailable',
        cap,
        channel: CHAT_CHANNEL,
        key: c.req.param('key'),
        heartbeatMs,
        onNotification: async (data, send) => {
          await onNotification(data);
          await send('message', data);
        },
      }),
    );
    return app;
  }
  const key = () => `cap-${Math.random().toString(36).slice(2)}`;
  const publish = (k: string, data: unknown) => database.db.execute(notifyQuery(CHAT_CHANNEL, k, data));

  it('when the client goes away', async () => {
    const cap = createStreamCap(2);
    const site = await listen(bareApp(cap).fetch);
    try {
      const stream = await openStream(site.baseUrl, `/s/${key()}`);
      await stream.events.until((e) => e.event === 'ready');
      expect(cap.open).toBe(1);
      stream.abort();
      await eventually(() => cap.open === 0, 'the place to be given back');
    } finally {
      await site.close();
    }
  });

  it('when the server closes its connections (shutdown)', async () => {
    const cap = createStreamCap(2);
    const site = await listen(bareApp(cap).fetch);
    const streams = [await openStream(site.baseUrl, `/s/${key()}`), await openStream(site.baseUrl, `/s/${key()}`)];
    for (const s of streams) await s.events.until((e) => e.event === 'ready');
    expect(cap.open).toBe(2);
    await site.close();
    await eventually(() => cap.open === 0, 'the places to be given back');
    for (const s of streams) s.abort();
  });

  it('when handling a notification fails, or a check refuses (AppError), and the refusal then lets a new one in', async () => {
    const cap = createStreamCap(1);
    const site = await listen(
      bareApp(cap, (data) => {
        if ((data as { fail?: string }).fail === 'error') throw new Error('the row could not be read');
        if ((data as { fail?: string }).fail === 'refusal') throw new AppError(403, 'forbidden', 'No longer a member');
      }).fetch,
    );
    try {
      for (const fail of ['error', 'refusal']) {
        const k = key();
        const stream = await openStream(site.baseUrl, `/s/${k}`);
        expect(stream.res.status).toBe(200);
        await stream.events.until((e) => e.event === 'ready');
        expect(cap.open).toBe(1);
        // The cap is full meanwhile.
        expect((await fetch(`${site.baseUrl}/s/${key()}`)).status).toBe(503);
        await publish(k, { fail });
        // The server ends the stream: the client reads its end, and the place is free again.
        expect(await withDeadline(drain(stream.events), 5000, 'the stream to end')).toBe('ended');
        await eventually(() => cap.open === 0, `the place to be given back after ${fail}`);
      }
    } finally {
      await site.close();
    }
  });

  it('when the hub cannot subscribe (closed): the stream ends at once and frees its place', async () => {
    const closedHub = createNotificationHub({ connection: directConnectionOf(database), applicationName: 'caucus-test-cap-closed' });
    await closedHub.close();
    const cap = createStreamCap(1);
    const app = new Hono();
    app.get('/s', (c) => streamHubEvents(c, { hub: closedHub, unavailableMessage: 'x', cap, channel: CHAT_CHANNEL, key: 'k', heartbeatMs: 60_000, onNotification: async () => undefined }));
    const res = await app.request('/s');
    expect(res.status).toBe(200);
    await res.text(); // the stream ends without a `ready`
    await eventually(() => cap.open === 0, 'the place to be given back');
    expect((await app.request('/s')).status).toBe(200);
  });
});

async function drain(events: SseReader): Promise<'ended'> {
  while ((await events.next(5000)) !== null) {
    /* read to the end */
  }
  return 'ended';
}

// ---------- Node's HTTP timeouts do not cut a stream ----------

describe("Node's HTTP server timeouts and a long stream", () => {
  it('requestTimeout bounds receiving the request, not the answer: a stream outlives it', async () => {
    const cap = createStreamCap(1);
    const app = new Hono();
    app.get('/s', (c) => streamHubEvents(c, { hub, unavailableMessage: 'x', cap, channel: CHAT_CHANNEL, key: 'timeouts', heartbeatMs: 50, onNotification: async () => undefined }));
    // Timeouts far shorter than Node's defaults (requestTimeout 300 s, headersTimeout 60 s, keepAliveTimeout 5 s), checked often.
    const site = await listen(app.fetch, { requestTimeout: 300, headersTimeout: 200, keepAliveTimeout: 100, connectionsCheckingInterval: 50 });
    try {
      const stream = await openStream(site.baseUrl, '/s');
      await stream.events.until((e) => e.event === 'ready');
      const started = Date.now();
      let beats = 0;
      // Heartbeats keep arriving well past every timeout (counted, not slept for).
      while (Date.now() - started < 1500) {
        const e = await stream.events.next(2000);
        expect(e).not.toBeNull();
        if (e?.comment === 'heartbeat') beats += 1;
      }
      expect(beats).toBeGreaterThan(10);
      expect(cap.open).toBe(1);
      stream.abort();
      await eventually(() => cap.open === 0, 'the place to be given back');
    } finally {
      await site.close();
    }
  });
});

describe('createStreamCap', () => {
  it('counts places, refuses past max, and a release counts once', () => {
    const cap = createStreamCap(2);
    const a = cap.tryTake();
    const b = cap.tryTake();
    expect(a).not.toBeNull();
    expect(b).not.toBeNull();
    expect(cap.tryTake()).toBeNull();
    expect(cap.open).toBe(2);
    a!();
    a!();
    expect(cap.open).toBe(1);
    expect(cap.tryTake()).not.toBeNull();
    expect(() => createStreamCap(0)).toThrow(/at least 1/);
  });
});
