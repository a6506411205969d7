import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { afterEach, describe, expect, it } from 'vitest';
import { trackInFlight } from './in-flight';

const servers: Array<{ close: () => void }> = [];
afterEach(() => {
  for (const s of servers.splice(0)) s.close();
});

/** A real HTTP server whose /slow answers when the test says, and whose /stream never ends. */
async function start() {
  let answer: () => void = () => undefined;
  let started: () => void = () => undefined;
  const slowStarted = new Promise<void>((resolve) => (started = resolve));
  const app = new Hono();
  app.post('/slow', async (c) => {
    started();
    await new Promise<void>((resolve) => (answer = resolve));
    return c.json({ saved: true });
  });
  app.get('/stream', (c) =>
    streamSSE(c, async (s) => {
      await s.writeSSE({ data: 'ready' });
      await new Promise(() => undefined);
    }),
  );
  app.get('/quick', (c) => c.text('ok'));
  const tracked = trackInFlight(app.fetch);
  const server = serve({ fetch: tracked.fetch, port: 0, hostname: '127.0.0.1' });
  await once(server, 'listening');
  servers.push({
    close: () => {
      (server as unknown as { closeAllConnections: () => void }).closeAllConnections();
      server.close();
    },
  });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, tracked, slowStarted, answer: () => answer() };
}

describe('trackInFlight', () => {
  it('counts a request until its answer is written, and settles when none is left', async () => {
    const { base, tracked, slowStarted, answer } = await start();
    expect(await (await fetch(`${base}/quick`)).text()).toBe('ok');
    expect(await tracked.settled(1000)).toBe(true);

    const slow = fetch(`${base}/slow`, { method: 'POST' });
    await slowStarted;
    expect(tracked.count()).toBe(1);
    // Not settled while the POST is being answered …
    expect(await tracked.settled(50)).toBe(false);
    const settled = tracked.settled(10_000);
    answer();
    // … and settled once it is, with the answer delivered whole.
    expect(await settled).toBe(true);
    expect(await (await slow).json()).toEqual({ saved: true });
    expect(tracked.count()).toBe(0);
  });

  it('does not wait for a live stream, which never ends by itself', async () => {
    const { base, tracked } = await start();
    const controller = new AbortController();
    const stream = await fetch(`${base}/stream`, { signal: controller.signal });
    expect(stream.headers.get('content-type')).toContain('text/event-stream');
    expect(tracked.count()).toBe(0);
    expect(await tracked.settled(1000)).toBe(true);
    controller.abort();
  });
});
