// The app behind PgBouncer as Debian 12 ships it (1.18) in transaction mode (issue 31, decision
// 047): the real app process with DATABASE_URL through a real PgBouncer, DATABASE_DIRECT_URL around
// it (LISTEN, the job queue, the migration lock) and DATABASE_PREPARED_STATEMENTS=off. A visitor
// signs up, the confirmation mail leaves through the job queue, they confirm and sign in; members
// write to a chat and a live stream hears it; many signed-in requests at once all answer. Then
// why the setting matters: with named statements on, PgBouncer 1.18 refuses the app's connections
// (the `options` startup parameter), and, were `options` ignored, two clients naming the same
// statement on one server connection collide.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addVotingMembers, createCaucusRow } from '../test/caucus-factories';
import { DEFAULT_PASSWORD } from '../test/factories';
import { spawnApp as spawnAppProcess, stopApp, type AppProcess as TestApp } from '../test/app-process';
import { startPgBouncer, type PgBouncer } from '../test/pgbouncer';
import { startSmtpSink } from '../test/smtp-sink';
import { sseReader } from '../test/sse-client';
import { cookieOf } from '../test/test-app';
import { createTestDatabase, directConnectionOf, directDatabaseUrlOf } from '../test/test-database';
import { openDatabase, type Database } from './client';
import { executePrepared, preparedStatementsOn, setPreparedStatements } from './prepared-statements';
import { waitUntil } from '../test/wait-until';


let database: Database;
let bouncer: PgBouncer;
let databaseName: string;
const cleanups: Array<() => Promise<void> | void> = [];

/** PgBouncer goes in front of whatever server the run uses (embedded PostgreSQL 18's socket, or TEST_DATABASE_DIRECT_URL's). */
function upstreamOf(connection: pg.PoolConfig): { host: string; port: number; database: string } {
  if (connection.connectionString) {
    const u = new URL(connection.connectionString);
    const socket = u.searchParams.get('host');
    return { host: socket ?? u.hostname, port: Number(u.port || 5432), database: decodeURIComponent(u.pathname.slice(1)) };
  }
  return { host: String(connection.host), port: Number(connection.port ?? 5432), database: String(connection.database) };
}

beforeAll(async () => {
  database = await createTestDatabase();
  const upstream = upstreamOf(directConnectionOf(database));
  databaseName = upstream.database;
  // A small pool, so the app's clients share server connections as they would under load.
  bouncer = await startPgBouncer({ upstream, defaultPoolSize: 3 });
  cleanups.push(() => bouncer.stop());
});

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

type AppProcess = TestApp & { stop(): Promise<void> };

/** The app as one server process (src/server/test/app-process.ts) with `env` over the settings every app here shares. */
async function spawnApp(env: Record<string, string>): Promise<AppProcess> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'caucus-pgbouncer-app-'));
  const app = await spawnAppProcess({
    dataDir,
    databaseUrl: env.DATABASE_URL,
    env: { WORKERS: '1', AUTH_SECRET: 'pgbouncer-test-secret-0123456789abcdef', LOG_FORMAT: 'json', LOG_LEVEL: 'info', ...env },
  });
  const stop = async () => {
    await stopApp(app);
    rmSync(dataDir, { recursive: true, force: true });
  };
  cleanups.push(stop);
  return { ...app, stop };
}

const tail = (text: string) => text.trimEnd().split('\n').slice(-30).join('\n');

describe('the app through PgBouncer 1.18 in transaction mode (DATABASE_PREPARED_STATEMENTS=off)', () => {
  let app: AppProcess;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  const request = (pathname: string, init: RequestInit & { cookie?: string; json?: unknown } = {}) => {
    const headers = new Headers(init.headers);
    headers.set('Origin', app.baseUrl);
    if (init.cookie) headers.set('Cookie', init.cookie);
    if (init.json !== undefined) headers.set('Content-Type', 'application/json');
    return fetch(`${app.baseUrl}${pathname}`, { ...init, headers, body: init.json !== undefined ? JSON.stringify(init.json) : init.body, redirect: 'manual' });
  };
  const signIn = async (email: string, password: string) => {
    const res = await request('/api/auth/sign-in/email', { method: 'POST', json: { email, password } });
    expect(res.status, await res.clone().text()).toBe(200);
    return cookieOf(res);
  };

  beforeAll(async () => {
    sink = await startSmtpSink();
    cleanups.push(() => sink.close());
    app = await spawnApp({
      DATABASE_URL: bouncer.url(databaseName),
      DATABASE_DIRECT_URL: directDatabaseUrlOf(database),
      DATABASE_PREPARED_STATEMENTS: 'off',
      SMTP_URL: sink.url,
    });
    await waitUntil(
      'the app to answer /api/health',
      async () => {
        if (app.child.exitCode !== null) throw new Error(`the app exited (${app.child.exitCode}):\n${tail(app.output())}`);
        return fetch(`${app.baseUrl}/api/health`).then((r) => r.ok, () => false);
      },
      90_000,
      { detail: () => tail(app.output()) },
    );
  }, 120_000);

  it('signs a visitor up, delivers the confirmation mail from the job queue, confirms and signs them in', { timeout: 60_000 }, async () => {
    const email = `through-pgbouncer-${Date.now()}@example.test`;
    const signUp = await request('/api/auth/sign-up/email', {
      method: 'POST',
      json: { email, password: 'a long password', name: 'Pooled Voter', politicalAlignment: 'Independent', state: 'CA', district: 12, callbackURL: '/auth?confirmed=1' },
    });
    expect(signUp.status, await signUp.clone().text()).toBe(200);
    // The mail job runs on pg-boss (direct), woken by a NOTIFY its LISTEN connection hears (direct).
    await waitUntil('the confirmation mail at the SMTP sink', () => sink.received.some((m) => m.to && JSON.stringify(m.to).includes(email)), 30_000, { detail: () => tail(app.output()) });
    const mail = sink.received.find((m) => JSON.stringify(m.to).includes(email))!;
    const link = new URL(mail.text!.match(/https?:\/\/\S+/)![0]);
    const confirm = await request(link.pathname + link.search);
    expect([200, 302]).toContain(confirm.status);
    const cookie = await signIn(email, 'a long password');
    const session = await request('/api/session', { cookie });
    expect(((await session.json()) as { user: { email: string } }).user.email).toBe(email);
    const [row] = (await database.db.execute<{ email_verified: boolean }>(sql`select email_verified from users where email = ${email}`)).rows;
    expect(row?.email_verified).toBe(true);
  });

  it('writes a chat message that a member’s open live stream receives (LISTEN direct)', { timeout: 60_000 }, async () => {
    const caucus = await createCaucusRow(database.db);
    const [alice, bob] = await addVotingMembers(database.db, caucus, 2);
    const aliceCookie = await signIn(alice!.email, DEFAULT_PASSWORD);
    const bobCookie = await signIn(bob!.email, DEFAULT_PASSWORD);
    const controller = new AbortController();
    const stream = await request(`/api/caucuses/${caucus.id}/chat/stream`, { cookie: aliceCookie, signal: controller.signal, headers: { Accept: 'text/event-stream' } });
    try {
      expect(stream.status).toBe(200);
      const events = sseReader(stream.body!);
      await events.until((e) => e.event === 'ready', 15_000);
      const text = `through PgBouncer ${Date.now()}`;
      const posted = await request(`/api/caucuses/${caucus.id}/chat`, { method: 'POST', cookie: bobCookie, json: { message: text } });
      expect(posted.status, await posted.clone().text()).toBe(201);
      const heard = await events.until((e) => e.event === 'message' && (e.data ?? '').includes(text), 15_000);
      expect(heard.data).toContain(bob!.id);
      const count = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from chat_messages where caucus_id = ${caucus.id} and message = ${text}`);
      expect(count.rows[0]!.n).toBe(1);
    } finally {
      controller.abort();
    }
  });

  it('answers 60 signed-in requests at once, every one (no statement tied to a server connection)', { timeout: 60_000 }, async () => {
    const caucus = await createCaucusRow(database.db);
    const members = await addVotingMembers(database.db, caucus, 3);
    const cookies = await Promise.all(members.map((m) => signIn(m.email, DEFAULT_PASSWORD)));
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => request(`/api/caucuses/${caucus.id}/chat`, { cookie: cookies[i % cookies.length] })));
    const bodies = await Promise.all(answers.map((r) => r.text()));
    expect(answers.map((r) => r.status), bodies.find((_, i) => answers[i]!.status !== 200)).toEqual(answers.map(() => 200));
    // It did go through PgBouncer: its pool for this database served transactions.
    const admin = new pg.Client(bouncer.url('pgbouncer'));
    await admin.connect();
    try {
      const stats = await admin.query<{ database: string; total_xact_count: string }>('show stats');
      const mine = stats.rows.find((r) => r.database === databaseName);
      expect(Number(mine?.total_xact_count ?? 0)).toBeGreaterThan(60);
    } finally {
      await admin.end();
    }
  });
});

describe('why DATABASE_PREPARED_STATEMENTS=off matters with PgBouncer 1.18', () => {
  const runSetting = preparedStatementsOn();
  afterAll(() => setPreparedStatements(runSetting));

  it('with it on, PgBouncer refuses the app’s connections: they carry the `options` startup parameter', { timeout: 90_000 }, async () => {
    setPreparedStatements(true);
    const pooled = openDatabase(bouncer.url(databaseName), { max: 1 });
    try {
      await expect(pooled.pool.query('select 1')).rejects.toThrow(/unsupported startup parameter: options/);
    } finally {
      await pooled.close();
    }
    // The real app, told so: it logs the same refusal instead of serving.
    const app = await spawnApp({ DATABASE_URL: bouncer.url(databaseName), DATABASE_DIRECT_URL: directDatabaseUrlOf(database), DATABASE_PREPARED_STATEMENTS: 'on' });
    await waitUntil('the app to report PgBouncer’s refusal', () => app.output().includes('unsupported startup parameter: options'), 60_000, { detail: () => tail(app.output()) });
    expect(await fetch(`${app.baseUrl}/api/health`).then((r) => r.status, () => 'not listening')).not.toBe(200);
    await app.stop();
  });

  it('and were `options` ignored, two clients naming one statement collide on a shared server connection; unnamed they do not', { timeout: 30_000 }, async () => {
    // One server connection for all clients, as a busy pool shares them; `options` dropped silently.
    const lenient = await startPgBouncer({ upstream: upstreamOf(directConnectionOf(database)), defaultPoolSize: 1, ignoreStartupParameters: ['extra_float_digits', 'options'] });
    cleanups.push(() => lenient.stop());
    const query = sql`select count(*)::int as n from users where email like ${'%@example.test'}`;
    /** The same statement by two clients (each its own pool) one after the other: its answer, or the second's error. */
    const twoClients = async (named: boolean): Promise<string> => {
      setPreparedStatements(named);
      const first = openDatabase(lenient.url(databaseName), { max: 1 });
      const second = openDatabase(lenient.url(databaseName), { max: 1 });
      try {
        const a = await executePrepared<{ n: number }>(first.db, query);
        const b = await executePrepared<{ n: number }>(second.db, query).catch((e: unknown) => e as Error & { cause?: unknown });
        if (b instanceof Error) return `${b.message} ${String(b.cause)}`;
        return JSON.stringify(b.rows) === JSON.stringify(a.rows) ? 'same answer' : `different answers: ${JSON.stringify([a.rows, b.rows])}`;
      } finally {
        await first.close();
        await second.close();
      }
    };
    expect(await twoClients(false)).toBe('same answer');
    expect(await twoClients(true)).toMatch(/prepared statement "p_[0-9a-f]{20}" already exists/);
  });
});
