import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import pino from 'pino';
import { createApp } from '../app';
import { systemClock } from '../clock';
import type { Database } from '../db/client';
import { createNotificationHub, type NotificationHub } from '../realtime/notification-hub';
import { cookieOf, TEST_ORIGIN, testSettings } from './test-app';
import { directConnectionOf } from './test-database';

/** A server-sent event as a browser's EventSource sees it (or a comment block). */
export interface SseEvent {
  event?: string;
  data?: string;
  id?: string;
  comment?: string;
}

export interface SseReader {
  /** The next event or comment block; null when the stream ended. Fails after `ms`. */
  next(ms?: number): Promise<SseEvent | null>;
  /** Reads until an event matches; fails at the deadline or at the end of the stream. */
  until(match: (e: SseEvent) => boolean, ms?: number): Promise<SseEvent>;
  cancel(): Promise<void>;
}

export function withDeadline<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms waiting for ${what}`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/** Reads `text/event-stream` blocks from a response body. */
export function sseReader(body: ReadableStream<Uint8Array>): SseReader {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const parse = (block: string): SseEvent => {
    const e: SseEvent = {};
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) e.comment = (e.comment ? `${e.comment}\n` : '') + line.slice(1).trim();
      else {
        const i = line.indexOf(':');
        const field = i < 0 ? line : line.slice(0, i);
        const value = i < 0 ? '' : line.slice(i + 1).replace(/^ /, '');
        if (field === 'data') e.data = e.data === undefined ? value : `${e.data}\n${value}`;
        else if (field === 'event') e.event = value;
        else if (field === 'id') e.id = value;
      }
    }
    return e;
  };
  const next = async (ms = 5000): Promise<SseEvent | null> => {
    const deadline = Date.now() + ms;
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        return parse(block);
      }
      const chunk = await withDeadline(reader.read(), Math.max(1, deadline - Date.now()), 'a server-sent event');
      if (chunk.done) return null;
      buffer += decoder.decode(chunk.value, { stream: true });
    }
  };
  return {
    next,
    async until(match, ms = 5000) {
      const deadline = Date.now() + ms;
      for (;;) {
        const e = await next(Math.max(1, deadline - Date.now()));
        if (e === null) throw new Error('the stream ended before the expected event');
        if (match(e)) return e;
      }
    },
    cancel: () => reader.cancel().catch(() => undefined),
  };
}

/**
 * One server process of the app on a real HTTP port, with its own notification hub (one
 * LISTEN connection): what live-stream tests need, since app.request() cannot hold a stream
 * open the way a browser does.
 */
export interface LiveInstance {
  hub: NotificationHub;
  /** The hub's connection name in pg_stat_activity (tests end it to simulate a lost connection). */
  applicationName: string;
  baseUrl: string;
  request(path: string, init?: RequestInit & { cookie?: string; json?: unknown }): Promise<Response>;
  signIn(user: { email: string; password: string }): Promise<string>;
  /** GET `path` as an EventSource would, kept open until `abort()`. */
  stream(path: string, cookie: string): Promise<{ res: Response; events: SseReader; abort(): void }>;
  close(): Promise<void>;
}

export async function startLiveInstance(database: Database, name: string, options: { withHub?: boolean } = {}): Promise<LiveInstance> {
  const applicationName = `caucus-test-hub-${name}-${process.pid}`;
  const hub = createNotificationHub({ connection: directConnectionOf(database), applicationName, reconnectDelayMs: 20, maxReconnectDelayMs: 200 });
  const { app } = createApp({
    db: database.db,
    clock: systemClock,
    logger: pino({ level: 'silent' }),
    settings: testSettings,
    notifications: options.withHub === false ? undefined : hub,
  });
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const request = async (path: string, init: RequestInit & { cookie?: string; json?: unknown } = {}) => {
    const headers = new Headers(init.headers);
    if (!headers.has('origin')) headers.set('origin', TEST_ORIGIN);
    if (init.cookie) headers.set('cookie', init.cookie);
    let body = init.body;
    if (init.json !== undefined) {
      headers.set('content-type', 'application/json');
      body = JSON.stringify(init.json);
    }
    return app.request(path, { ...init, headers, body });
  };

  return {
    hub,
    applicationName,
    baseUrl,
    request,
    async signIn(user) {
      const res = await request('/api/auth/sign-in/email', { method: 'POST', json: { email: user.email, password: user.password } });
      if (res.status !== 200) throw new Error(`sign-in failed: ${res.status}`);
      return cookieOf(res);
    },
    async stream(path, cookie) {
      const controller = new AbortController();
      const res = await fetch(`${baseUrl}${path}`, { headers: { cookie, accept: 'text/event-stream' }, signal: controller.signal });
      return { res, events: sseReader(res.body!), abort: () => controller.abort() };
    },
    async close() {
      (server as Server).closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await hub.close();
    },
  };
}
