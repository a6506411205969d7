// The real app as two worker processes behind one port (WORKERS=2, issue 16), on its embedded
// PostgreSQL: requests land on both, and what must hold across processes does — sessions, rate
// limits, live streams, who has the app open, and each background job once.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ParsedMail } from 'mailparser';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedConnection } from './db/app-database';
import { freePort } from './test/free-port';
import { startSmtpSink } from './test/smtp-sink';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const RATE_LIMIT = 6;

let child: ChildProcess;
let baseUrl = '';
let dataDir = '';
let output = '';
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let received: ParsedMail[] = [];
let database: pg.Client;

async function waitUntil(what: string, condition: () => boolean | Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (child.exitCode !== null) throw new Error(`the app exited while waiting for ${what}:\n${output.slice(-3000)}`);
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}:\n${output.slice(-3000)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The app's JSON log lines. */
function logLines(): Array<Record<string, unknown>> {
  return output
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

const workerPids = () => new Set(logLines().filter((l) => l.msg === 'caucus app listening').map((l) => l.pid as number));

/** The pid that answered each logged request to `path` (the request log line is written by the process that answered). */
const answeredBy = (pathname: string) => logLines().filter((l) => l.msg === 'request' && l.path === pathname).map((l) => l.pid as number);

/** A request on a connection of its own (no keep-alive), so the cluster hands each to a process in turn. */
async function request(pathname: string, init: { method?: string; body?: unknown; cookie?: string } = {}) {
  const res = await fetch(`${baseUrl}${pathname}`, {
    method: init.method ?? 'GET',
    headers: {
      connection: 'close',
      origin: baseUrl,
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.cookie ? { cookie: init.cookie } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    redirect: 'manual',
  });
  return res;
}

async function signUpAndIn(email: string): Promise<{ id: string; cookie: string }> {
  const res = await request('/api/auth/sign-up/email', {
    method: 'POST',
    body: { email, password: 'a long password', name: `Two ${email.split('@')[0]}`, politicalAlignment: 'Independent', state: 'CA', district: 12, callbackURL: '/auth' },
  });
  expect(res.status, await res.clone().text()).toBe(200);
  await waitUntil(`the confirmation mail to ${email}`, () => received.some((m) => m.to && JSON.stringify(m.to).includes(email)));
  const mail = received.find((m) => JSON.stringify(m.to).includes(email))!;
  const link = /https?:\/\/\S+verify-email\S+/.exec(mail.text ?? '')?.[0];
  expect(link, mail.text).toBeDefined();
  const confirmed = await request(new URL(link!).pathname + new URL(link!).search);
  expect([200, 302]).toContain(confirmed.status);
  const signIn = await request('/api/auth/sign-in/email', { method: 'POST', body: { email, password: 'a long password' } });
  expect(signIn.status).toBe(200);
  const cookie = signIn.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const session = (await (await request('/api/session', { cookie })).json()) as { user: { id: string } | null };
  expect(session.user).not.toBeNull();
  return { id: session.user!.id, cookie };
}

beforeAll(async () => {
  smtp = await startSmtpSink();
  received = smtp.received;

  dataDir = mkdtempSync(path.join(tmpdir(), 'caucus-cluster-'));
  chmodSync(dataDir, 0o755); // as root, PostgreSQL runs as the postgres user and must reach the folder
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      SKIP_WEB_BUILD: '1',
      WORKERS: '2',
      PORT: String(port),
      HOST: '127.0.0.1',
      BASE_URL: baseUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SMTP_URL: smtp.url,
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
      AUTH_RATE_LIMIT_MAX: String(RATE_LIMIT),
      AUTH_MAILS_PER_RECIPIENT_MAX: '100',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await waitUntil('two workers listening', () => workerPids().size === 2, 120_000);
  database = new pg.Client(embeddedConnection(dataDir));
  database.on('error', () => undefined); // PostgreSQL stops in the last test
  await database.connect();
}, 150_000);

afterAll(async () => {
  await database?.end().catch(() => undefined);
  if (child && child.exitCode === null && child.signalCode === null) {
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 20_000).unref())]);
    if (child.exitCode === null) child.kill('SIGKILL');
  }
  await smtp?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}, 40_000);

describe('two server processes behind one port (WORKERS=2)', () => {
  it('answers from both processes', async () => {
    for (let i = 0; i < 12; i++) expect((await request('/api/health')).status).toBe(200);
    await waitUntil('the twelve requests in the log', () => answeredBy('/api/health').length >= 12);
    expect(new Set(answeredBy('/api/health'))).toEqual(workerPids());
  });

  it('sums /metrics over both processes, whichever of them answers the scrape (issue 30)', async () => {
    const before = answeredBy('/api/health').length;
    for (let i = 0; i < 8; i++) expect((await request('/api/health')).status).toBe(200);
    await waitUntil('the eight requests in the log', () => answeredBy('/api/health').length >= before + 8);
    const counted = (text: string) =>
      text
        .split('\n')
        .filter((l) => l.startsWith('caucus_http_requests_total{') && l.includes('route="/api/health"'))
        .reduce((sum, l) => sum + Number(l.split(' ').at(-1)), 0);
    for (let i = 0; i < 4; i++) {
      const res = await request('/metrics'); // from 127.0.0.1, allowed by default
      expect(res.status).toBe(200);
      // Each process answered about half of them: the sum is every one.
      expect(counted(await res.text())).toBe(answeredBy('/api/health').length);
    }
    await waitUntil('the scrapes in the log', () => answeredBy('/metrics').length >= 4);
    expect(new Set(answeredBy('/metrics'))).toEqual(workerPids());
  });

  it('signs people up, mails each confirmation once, and keeps each session in every process', async () => {
    const emails = ['ana', 'ben', 'cy'].map((n) => `${n}-${Date.now()}@example.test`);
    const people = await Promise.all(emails.map((email) => signUpAndIn(email)));
    // Each mail went out once, although both processes run the mail job and both heard it was written.
    // (The sign-in after it, from a client that kept no device cookie, is a new device: its own mail.)
    for (const email of emails) expect(received.filter((m) => JSON.stringify(m.to).includes(email) && (m.text ?? '').includes('verify-email'))).toHaveLength(1);
    const before = answeredBy('/api/session').length;
    for (let i = 0; i < 10; i++) {
      const session = (await (await request('/api/session', { cookie: people[i % 3]!.cookie })).json()) as { user: { id: string } | null };
      expect(session.user?.id).toBe(people[i % 3]!.id);
    }
    await waitUntil('the ten requests in the log', () => answeredBy('/api/session').length >= before + 10);
    expect(new Set(answeredBy('/api/session').slice(before))).toEqual(workerPids());
  });

  it('counts a rate limit once across processes', async () => {
    // Password-reset requests from one address (no other test sends any): the limit's count is
    // one row in PostgreSQL, whichever process takes each request.
    const statuses: number[] = [];
    for (let i = 0; i <= RATE_LIMIT; i++) {
      const res = await request('/api/auth/request-password-reset', { method: 'POST', body: { email: `nobody-${i}@example.test`, redirectTo: '/reset-password' } });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, RATE_LIMIT)).toEqual(Array(RATE_LIMIT).fill(200));
    expect(statuses[RATE_LIMIT]).toBe(429);
    await waitUntil('the attempts in the log', () => answeredBy('/api/auth/request-password-reset').length >= RATE_LIMIT + 1);
    expect(new Set(answeredBy('/api/auth/request-password-reset'))).toEqual(workerPids());
  });

  it('brings every message to a live stream held by one process, whichever process took it; records who has the app open', async () => {
    const [reader, writer] = await Promise.all([signUpAndIn(`reader-${Date.now()}@example.test`), signUpAndIn(`writer-${Date.now()}@example.test`)]);
    // The reader's stream, on one connection held open.
    const events: string[] = [];
    const stream = http.get(`${baseUrl}/api/messages/stream`, { headers: { cookie: reader.cookie, accept: 'text/event-stream' } }, (res) => {
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => events.push(chunk));
    });
    stream.on('error', () => undefined);
    await waitUntil('the stream to be ready', () => events.join('').includes('event: ready'));
    const present = async () =>
      (await database.query<{ n: string }>(`select count(*) as n from live_presence where user_id = $1`, [reader.id])).rows[0]!.n === '1';
    await waitUntil('the reader to be recorded as present', present);

    const before = answeredBy('/api/messages').length;
    for (let i = 0; i < 6; i++) {
      const res = await request('/api/messages', { method: 'POST', cookie: writer.cookie, body: { recipientId: reader.id, message: `hello ${i}` } });
      expect(res.status).toBe(201);
    }
    // A process writes its request's log line as it answers: the last ones may still be on their way.
    await waitUntil('the six requests in the log', () => answeredBy('/api/messages').length >= before + 6);
    // Sent through both processes, so some crossed from one process to the other; each reached the one stream.
    expect(new Set(answeredBy('/api/messages').slice(before))).toEqual(workerPids());
    await waitUntil('six messages on the stream', () => (events.join('').match(/event: message/g) ?? []).length >= 6);

    stream.destroy();
    await waitUntil('the reader to be recorded as gone', async () => !(await present()));
  });

  it("spaces the embedded PostgreSQL's checkpoints (issue 33: fewer full-page images per write)", async () => {
    const rows = (await database.query<{ name: string; setting: string }>("select name, setting from pg_settings where name in ('checkpoint_timeout', 'max_wal_size')")).rows;
    expect(Object.fromEntries(rows.map((r) => [r.name, r.setting]))).toEqual({ checkpoint_timeout: '900', max_wal_size: '4096' });
  });

  it('runs each worker with a larger young generation (issue 33, decision 065)', () => {
    const pids = [...workerPids()];
    expect(pids).toHaveLength(2);
    for (const pid of pids) expect(readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')).toContain('--max-semi-space-size=32');
  });

  it("a profile hidden in the database leaves both processes' shared cache at once (issue 33, decision 055)", async () => {
    const person = await signUpAndIn('hidden-two@example.test');
    const visitorSees = async () => ((await (await request(`/api/profiles/${person.id}`)).json()) as { hidden: boolean }).hidden;
    // Each request its own connection: both processes answer, and each keeps the answer (10 s).
    for (let i = 0; i < 8; i++) expect(await visitorSees()).toBe(false);
    await database.query('update users set profile_hidden_at = now() where id = $1', [person.id]);
    // Well inside the cache's 10 s: only the trigger's notification can have made them forget.
    await waitUntil(
      'both processes to answer the profile hidden',
      async () => {
        for (let i = 0; i < 8; i++) if (!(await visitorSees())) return false;
        return true;
      },
      4_000,
    );
  });

  it('starts a worker again when one is killed, and forgets what it held', async () => {
    const [victim] = [...workerPids()];
    const processes = async () => (await database.query<{ id: string }>('select id from app_processes')).rows.map((r) => r.id);
    expect((await processes()).some((id) => id.includes(`:${victim}:`))).toBe(true);
    process.kill(victim!, 'SIGKILL');
    await waitUntil('a third worker listening', () => workerPids().size === 3);
    await waitUntil('the killed worker forgotten', async () => !(await processes()).some((id) => id.includes(`:${victim}:`)));
    for (let i = 0; i < 6; i++) expect((await request('/api/health')).status).toBe(200);
  });

  it('stops every process and its PostgreSQL on SIGTERM', async () => {
    await database.end();
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    const [code] = (await exited) as [number | null];
    expect(code).toBe(0);
    const workers = logLines().filter((l) => l.msg === 'shutting down' && l.signal === 'primary').length;
    expect(workers).toBe(2);
  });
});
