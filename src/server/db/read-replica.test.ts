// DATABASE_REPLICA_URL against a real hot standby: this test makes its own primary from this
// machine's PostgreSQL 15 (initdb, trust for replication on 127.0.0.1), a standby of it with
// pg_basebackup, and proves with the real app that tolerant reads go to the standby, that a
// browser reads its own writes, that a lagging or stopped standby is left for the primary, and
// that writes never reach it. TEST_DATABASE_URL plays no part: the 5432 server refuses replication.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { chmodSync, chownSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { systemClock } from '../clock';
import { createUser } from '../test/factories';
import { TEST_ORIGIN, testSettings } from '../test/test-app';
import { migrateDatabase, openDatabase, type Database } from './client';
import { createReadReplica, parseLsn, parseWroteCookie, WROTE_COOKIE, type ReadReplica } from './read-replica';
import { freePort } from '../test/free-port';

const BIN = '/usr/lib/postgresql/15/bin';
/** PostgreSQL refuses to run as root: the tools then run as the postgres user. */
const asRoot = process.getuid?.() === 0;

/** Undone in reverse order in afterAll: pools close before their servers stop, the folder goes last. */
const cleanups: Array<() => Promise<void> | void> = [];
const postmasterPids: number[] = [];
// Should the test process die before afterAll, its servers must not outlive it (SIGQUIT: immediate stop).
const killLeftovers = () => {
  for (const pid of postmasterPids) {
    try {
      process.kill(pid, 'SIGQUIT');
    } catch {
      // already stopped
    }
  }
};
process.on('exit', killLeftovers);

/** Runs a PostgreSQL tool (as postgres when we are root) and resolves when it exits; its stderr in the error. */
async function pgTool(tool: string, args: string[]): Promise<void> {
  const [command, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', path.join(BIN, tool), ...args]] : [path.join(BIN, tool), args];
  // 'exit', not 'close': pg_ctl leaves the server running, which must not hold our pipes open.
  const child = spawn(command, argv, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`${tool} ${args.join(' ')} failed (${code}): ${stderr.trim()}`);
}

async function startServer(dataDir: string, port: number, socketDir: string): Promise<void> {
  await pgTool('pg_ctl', ['-D', dataDir, '-l', `${dataDir}.log`, '-w', '-t', '30', '-o', `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${socketDir} -c fsync=off`, 'start']);
  const pid = Number.parseInt(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0] ?? '', 10);
  postmasterPids.push(pid);
  cleanups.push(async () => {
    await pgTool('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']).catch(() => {
      // pg_ctl could not stop it (its folder gone?): the signal can.
      if (Number.isInteger(pid)) process.kill(pid, 'SIGQUIT');
    });
  });
}

/** Polls `condition` until it holds, or fails naming `what` after `timeoutMs`. */
async function waitUntil(what: string, condition: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

let base: string;
let primaryPort: number;
let standbyPort: number;
let primary: Database;
/** A superuser connection to the standby, for pausing and resuming replay. */
let standby: pg.Pool;

const connectionTo = (port: number, max = 5): pg.PoolConfig => ({ host: '127.0.0.1', port, user: 'postgres', database: 'caucus', max });

beforeAll(async () => {
  if (!existsSync(path.join(BIN, 'pg_basebackup'))) {
    throw new Error(`PostgreSQL 15's server tools are missing (${BIN}/initdb, pg_ctl, pg_basebackup): install postgresql-15; this test needs them to make a hot standby`);
  }
  base = mkdtempSync(path.join(tmpdir(), 'caucus-replica-'));
  cleanups.push(() => rmSync(base, { recursive: true, force: true }));
  chmodSync(base, 0o755);
  if (asRoot) {
    const { uid, gid } = idsOf('postgres');
    chownSync(base, uid, gid);
  }
  [primaryPort, standbyPort] = [await freePort(), await freePort()];

  // The primary: initdb's pg_hba.conf with --auth=trust lets local and 127.0.0.1 replication in.
  const primaryDir = path.join(base, 'primary');
  await pgTool('initdb', ['-D', primaryDir, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
  await startServer(primaryDir, primaryPort, base);
  const admin = new pg.Client({ ...connectionTo(primaryPort), database: 'postgres' });
  await admin.connect();
  await admin.query('create database caucus');
  await admin.end();
  primary = openDatabase(connectionTo(primaryPort, 10));
  cleanups.push(() => primary.close());
  await migrateDatabase(primary.db);

  // The standby: a base backup streaming its WAL, with standby.signal and primary_conninfo (-R).
  const standbyDir = path.join(base, 'standby');
  await pgTool('pg_basebackup', ['-h', '127.0.0.1', '-p', String(primaryPort), '-U', 'postgres', '-D', standbyDir, '-R', '-X', 'stream', '-c', 'fast']);
  await startServer(standbyDir, standbyPort, base);
  standby = new pg.Pool(connectionTo(standbyPort, 2));
  standby.on('error', () => undefined);
  cleanups.push(() => standby.end().catch(() => undefined));
  const { rows } = await standby.query<{ standby: boolean }>('select pg_is_in_recovery() as standby');
  expect(rows[0]?.standby).toBe(true);
});

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) {
    try {
      await cleanup();
    } catch {
      // the next cleanups must run all the same
    }
  }
  process.off('exit', killLeftovers);
});

function idsOf(user: string): { uid: number; gid: number } {
  const passwd = readFileSync('/etc/passwd', 'utf8').split('\n').find((line) => line.startsWith(`${user}:`));
  if (!passwd) throw new Error(`no ${user} user on this machine: PostgreSQL cannot run as root`);
  const [, , uid, gid] = passwd.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

const pauseReplay = async () => {
  await standby.query('select pg_wal_replay_pause()');
  await waitUntil('replay to pause', async () => (await standby.query<{ s: string }>('select pg_get_wal_replay_pause_state() as s')).rows[0]?.s === 'paused');
};
const resumeReplay = () => standby.query('select pg_wal_replay_resume()');
/** The end of the primary's last record once written (synchronous commit: every commit so far). */
const primaryWrittenLsn = async () => parseLsn((await primary.pool.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn')).rows[0]?.lsn)!;
/** Waits until the routing finds the standby usable with everything the primary has written. */
async function caughtUp(routing: ReadReplica): Promise<void> {
  const target = await primaryWrittenLsn();
  await waitUntil('the standby to replay all the primary wrote', async () => {
    const state = await routing.refresh();
    return state.usable && state.replayLsn >= target;
  });
}

/** The real app, with or without a replica, and a browser's way to call it. */
function appWith(readReplica: ReadReplica | null) {
  const logs: Array<Record<string, unknown>> = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => void logs.push(JSON.parse(line) as Record<string, unknown>) });
  const { app } = createApp({ db: primary.db, clock: systemClock, logger, settings: testSettings, readReplica });
  const request = (url: string, init: { method?: string; json?: unknown; cookie?: string } = {}) => {
    const headers = new Headers({ origin: TEST_ORIGIN });
    if (init.cookie) headers.set('cookie', init.cookie);
    if (init.json !== undefined) headers.set('content-type', 'application/json');
    const incoming = { socket: { remoteAddress: '127.0.0.1', remotePort: 50000, remoteFamily: 'IPv4' } };
    return app.request(url, { method: init.method ?? 'GET', headers, body: init.json === undefined ? undefined : JSON.stringify(init.json) }, { incoming });
  };
  return { request, logs };
}

/** A browser's cookies: each response's Set-Cookie replaces those of the same name. */
function cookieJar() {
  const cookies = new Map<string, string>();
  return {
    take(res: Response) {
      for (const line of res.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const eq = pair!.indexOf('=');
        cookies.set(pair!.slice(0, eq), pair!.slice(eq + 1));
      }
    },
    header: (leaveOut: string[] = []) =>
      [...cookies]
        .filter(([name]) => !leaveOut.includes(name))
        .map(([name, value]) => `${name}=${value}`)
        .join('; '),
    get: (name: string) => cookies.get(name),
  };
}

describe('parseLsn', () => {
  it('reads a WAL position and orders positions across the 32-bit halves', () => {
    expect(parseLsn('16/B374D848')).toBe((0x16n << 32n) | 0xb374d848n);
    expect(parseLsn('1/0')! > parseLsn('0/FFFFFFFF')!).toBe(true);
    for (const bad of ['', 'x', '1/', '/1', '1/2/3', '123456789/0', '0/1; other=1']) expect(parseLsn(bad)).toBeNull();
    expect(parseWroteCookie('16b374d848')).toBe(parseLsn('16/B374D848'));
    for (const bad of [undefined, '', 'garbage', '0/1', '1'.repeat(17)]) expect(parseWroteCookie(bad)).toBeNull();
  });
});

describe('reads on a hot standby (DATABASE_REPLICA_URL)', () => {
  let router: ReadReplica;
  let api: ReturnType<typeof appWith>;
  let writer: { id: string; email: string; password: string };
  const writerCookies = cookieJar();
  const tagline = async (cookie?: string, through = api) => {
    const res = await through.request(`/api/profiles/${writer.id}`, { cookie });
    expect(res.status).toBe(200);
    return ((await res.json()) as { tagline: string }).tagline;
  };

  beforeAll(async () => {
    // A generous lag bound: replay is paused for seconds on purpose here (the bound has its own test).
    router = createReadReplica({ primary, replica: new pg.Pool(connectionTo(standbyPort)), logger: pino({ level: 'silent' }), maxLagMs: 60_000 });
    cleanups.push(() => router.close());
    api = appWith(router);
    writer = await createUser(primary.db, { tagline: 'before' });
    const signedIn = await api.request('/api/auth/sign-in/email', { method: 'POST', json: { email: writer.email, password: writer.password } });
    expect(signedIn.status).toBe(200);
    writerCookies.take(signedIn);
    await caughtUp(router);
  });

  it("serves a visitor from the standby, and the writer's own read from the primary until the standby has replayed it", async () => {
    await pauseReplay();
    try {
      const res = await api.request('/api/me/tagline', { method: 'PATCH', json: { tagline: 'written while replay is paused' }, cookie: writerCookies.header() });
      expect(res.status).toBe(200); // a write, on the primary, while the standby replays nothing
      const setCookie = res.headers.getSetCookie().find((c) => c.startsWith(`${WROTE_COOKIE}=`));
      expect(setCookie).toMatch(new RegExp(`^${WROTE_COOKIE}=[0-9a-f]{1,16}; Max-Age=60; Path=/; HttpOnly; SameSite=Lax$`));
      writerCookies.take(res);
      expect(parseWroteCookie(writerCookies.get(WROTE_COOKIE))! > (await router.refresh()).replayLsn!).toBe(true);
      expect(router.state().usable).toBe(true);

      expect(await tagline()).toBe('before'); // a visitor: the standby, which has not replayed the write
      expect(await tagline(writerCookies.header())).toBe('written while replay is paused'); // the writer: the primary
      // The same person without the cookie reads the standby: the cookie is what keeps their reads on the primary.
      expect(await tagline(writerCookies.header([WROTE_COOKIE]))).toBe('before');
      // A cookie that is no WAL position is ignored.
      expect(await tagline(`${WROTE_COOKIE}=garbage`)).toBe('before');

      // Someone else signs in (a write: their new session) and reads their own profile: the
      // session lookup and /api/me are the primary's, or this session would not exist yet.
      const other = await createUser(primary.db);
      const otherSignIn = await api.request('/api/auth/sign-in/email', { method: 'POST', json: { email: other.email, password: other.password } });
      expect(otherSignIn.status).toBe(200);
      const otherCookies = cookieJar();
      otherCookies.take(otherSignIn);
      const me = await api.request('/api/me', { cookie: otherCookies.header([WROTE_COOKIE]) });
      expect(me.status).toBe(200);
      expect(((await me.json()) as { id: string }).id).toBe(other.id);
    } finally {
      await resumeReplay();
    }
  });

  it("goes back to the standby for the writer once it has replayed the write", async () => {
    const wrote = parseWroteCookie(writerCookies.get(WROTE_COOKIE))!;
    expect(wrote).not.toBeNull();
    // An idle primary may leave its insert position a page header past its last record
    // (read-replica.ts): one more record and the standby's replay passes it.
    await primary.pool.query('update users set tagline = tagline where id = $1', [writer.id]);
    await waitUntil('the standby to replay past the cookie', async () => {
      const state = await router.refresh();
      return state.usable && state.replayLsn >= wrote;
    });
    expect(await tagline()).toBe('written while replay is paused');

    // Proof that the writer's read is the standby's now: a change it has not replayed stays unseen.
    await pauseReplay();
    try {
      await primary.pool.query(`update users set tagline = 'changed on the primary only' where id = $1`, [writer.id]);
      await router.refresh();
      expect(await tagline(writerCookies.header())).toBe('written while replay is paused');
      expect(await tagline()).toBe('written while replay is paused');
    } finally {
      await resumeReplay();
    }
  });

  it('leaves a standby lagging past the bound for the primary', async () => {
    const strict = createReadReplica({ primary, replica: new pg.Pool(connectionTo(standbyPort)), logger: pino({ level: 'silent' }), maxLagMs: 200 });
    cleanups.push(() => strict.close());
    const strictApi = appWith(strict);
    await caughtUp(strict);
    await caughtUp(router);

    await pauseReplay();
    try {
      await primary.pool.query(`update users set tagline = 'lagging' where id = $1`, [writer.id]);
      await waitUntil('the strict routing to find the standby lagging', async () => (await strict.refresh()).reason === 'lagging');
      expect(strict.state().lagMs).toBeGreaterThan(200);
      expect(await tagline(undefined, strictApi)).toBe('lagging'); // the primary
      await router.refresh();
      expect(await tagline()).toBe('changed on the primary only'); // the 60 s bound still reads the standby
    } finally {
      await resumeReplay();
    }
    await waitUntil('the strict routing to use the standby again', async () => (await strict.refresh()).usable);
  });

  it('answers from the primary when the standby is stopped, and logs that once', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) });
    const watched = createReadReplica({ primary, replica: new pg.Pool(connectionTo(standbyPort)), logger, maxLagMs: 60_000 });
    cleanups.push(() => watched.close());
    const watchedApi = appWith(watched);
    await primary.pool.query(`update users set tagline = 'before the standby stops' where id = $1`, [writer.id]);
    await caughtUp(watched);
    expect(await tagline(undefined, watchedApi)).toBe('before the standby stops');

    await pgTool('pg_ctl', ['-D', path.join(base, 'standby'), '-m', 'fast', '-w', 'stop']);
    await primary.pool.query(`update users set tagline = 'after the standby stopped' where id = $1`, [writer.id]);
    for (let i = 0; i < 5; i++) expect(await tagline(undefined, watchedApi)).toBe('after the standby stopped');
    expect(watched.state().reason).toBe('down');
    expect(lines.filter((line) => line.reason === 'down')).toHaveLength(1);
  });
});

describe('without DATABASE_REPLICA_URL', () => {
  it('sets no cookie and reads the primary', async () => {
    const api = appWith(null);
    const user = await createUser(primary.db, { tagline: 'plain' });
    const jar = cookieJar();
    const signedIn = await api.request('/api/auth/sign-in/email', { method: 'POST', json: { email: user.email, password: user.password } });
    jar.take(signedIn);
    const res = await api.request('/api/me/tagline', { method: 'PATCH', json: { tagline: 'plain, changed' }, cookie: jar.header() });
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().some((c) => c.startsWith(`${WROTE_COOKIE}=`))).toBe(false);
    expect(((await (await api.request(`/api/profiles/${user.id}`)).json()) as { tagline: string }).tagline).toBe('plain, changed');
  });
});
