import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { createTestDatabase } from '../test/test-database';
import { createTestApp, TEST_ORIGIN } from '../test/test-app';
import { freePort } from '../test/free-port';

/**
 * The app behind Debian's Caddy (a reverse proxy on this machine, as docs/operations.md runs
 * it), over real sockets: clients connect to Caddy from their own loopback addresses
 * (127.0.0.2, 127.0.0.3 …), Caddy connects to the app from 127.0.0.1, the one trusted proxy.
 */
let database: Database;
let t: ReturnType<typeof createTestApp>;
let app: ReturnType<typeof serve>;
let appPort: number;
let caddy: ChildProcess;
let caddyPort: number;
let caddyHome: string;

beforeAll(async () => {
  database = await createTestDatabase();
  t = createTestApp(database.db, { settings: { AUTH_RATE_LIMIT_MAX: 10, AUTH_RATE_LIMIT_WINDOW_SECONDS: 60, TRUSTED_PROXIES: ['127.0.0.1'] } });
  app = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  appPort = (app.address() as AddressInfo).port;

  caddyPort = await freePort();
  caddyHome = mkdtempSync(path.join(tmpdir(), 'caucus-caddy-'));
  const caddyfile = path.join(caddyHome, 'Caddyfile');
  writeFileSync(caddyfile, `{\n\tadmin off\n\tauto_https off\n}\nhttp://127.0.0.1:${caddyPort} {\n\treverse_proxy 127.0.0.1:${appPort}\n}\n`);
  const env = { ...process.env, HOME: caddyHome, XDG_DATA_HOME: caddyHome, XDG_CONFIG_HOME: caddyHome };
  caddy = spawn('caddy', ['run', '--config', caddyfile, '--adapter', 'caddyfile'], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  let output = '';
  caddy.stderr!.on('data', (chunk: Buffer) => void (output += chunk.toString()));
  const exited = new Promise<never>((_, reject) => caddy.once('exit', (code) => reject(new Error(`caddy exited (${code}): ${output}`))));
  // Ready when it answers (polled, at most 20 s).
  const deadline = Date.now() + 20_000;
  for (;;) {
    const answered = await Promise.race([get(caddyPort, '/api/health', '127.0.0.1').then((r) => r.status === 200, () => false), exited]);
    if (answered) break;
    if (Date.now() > deadline) throw new Error(`caddy did not answer in 20 s: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}, 60_000);

afterAll(async () => {
  if (caddy && caddy.exitCode === null) {
    const exit = new Promise((resolve) => caddy.once('exit', resolve));
    caddy.kill('SIGTERM');
    await exit;
  }
  app?.close();
  if (caddyHome) rmSync(caddyHome, { recursive: true, force: true });
});

interface Answer {
  status: number;
  body: string;
}

/** One HTTP request from a chosen local address (each 127.x.y.z is a different client). */
function request(port: number, pathname: string, from: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: pathname, method: init.method ?? 'GET', localAddress: from, headers: init.headers, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, body }));
    });
    req.on('error', reject);
    req.end(init.body);
  });
}

const get = (port: number, pathname: string, from: string, headers: Record<string, string> = {}) => request(port, pathname, from, { headers });

const signInAttempt = (port: number, from: string, headers: Record<string, string> = {}) =>
  request(port, '/api/auth/sign-in/email', from, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, ...headers },
    body: JSON.stringify({ email: 'not an email', password: 'x' }),
  });

describe('behind Caddy', () => {
  it('gives two clients their own sign-in limit, and a forged X-Forwarded-For buys nothing', async () => {
    const [a, b] = ['127.0.0.2', '127.0.0.3'];
    for (let i = 0; i < 10; i++) expect((await signInAttempt(caddyPort, a, { 'x-forwarded-for': `198.18.0.${i + 1}` })).status, `attempt ${i + 1}`).toBe(400);
    expect((await signInAttempt(caddyPort, a)).status).toBe(429);
    expect((await signInAttempt(caddyPort, b)).status).toBe(400);
    const lines = t.logs.filter((l) => l.msg === 'request' && l.path === '/api/auth/sign-in/email');
    expect(new Set(lines.map((l) => l.client))).toEqual(new Set([a, b]));
  });

  it('reads several X-Forwarded-For headers on the wire as one list, in order', async () => {
    // Joined: 198.18.2.1, 198.18.2.2, 127.0.0.1 → past the trusted proxy, 198.18.2.2 (not the
    // first header's 198.18.2.1, nor the last one's 127.0.0.1).
    const headers = { 'x-forwarded-for': ['198.18.2.1', '198.18.2.2', '127.0.0.1'] } as unknown as Record<string, string>;
    expect((await request(appPort, '/api/config', '127.0.0.1', { headers })).status).toBe(200);
    expect(t.logs.filter((l) => l.msg === 'request' && l.path === '/api/config').map((l) => l.client)).toEqual(['198.18.2.2']);
  });

  it('believes no X-Forwarded-For from a client that reaches the app directly', async () => {
    const direct = '127.0.0.4';
    for (let i = 0; i < 10; i++) expect((await signInAttempt(appPort, direct, { 'x-forwarded-for': `198.18.1.${i + 1}` })).status, `attempt ${i + 1}`).toBe(400);
    expect((await signInAttempt(appPort, direct, { 'x-forwarded-for': '198.18.1.99' })).status).toBe(429);
  });
});
