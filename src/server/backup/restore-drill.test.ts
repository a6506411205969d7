// The restore drill of the embedded PostgreSQL's backups (issue 30, decision 043), with real
// processes: the app archives its WAL and takes its first base backup at start; joins, votes and
// chat messages are acknowledged through HTTP under concurrent load; T is noted; more writes; the
// data folder is destroyed; `npm run restore -- --to T` brings back exactly what was acknowledged
// before T, with the session secret and VAPID keys; a restore without --to brings back everything.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { mintSessions } from '../../../scripts/bench/bench-kit';
import { embeddedConnection } from '../db/app-database';
import { openDatabase, type Database } from '../db/client';
import { unsubscribeToken } from '../features/notifications/unsubscribe-token';
import { createCaucusRow, addVotingMembers } from '../test/caucus-factories';
import { createUser } from '../test/factories';
import { startApp as startAppProcess, stopApp as stopAppProcess, type AppProcess } from '../test/app-process';
import { readManifests } from './base-backup';
import { restoreBackup, startPostgresOn } from './restore';
import { checkRestoredDatabase } from './restored-database-check';
import { archivedWalFile } from './wal-archive';
import { isAlive } from '../db/embedded';
import { waitUntil } from '../test/wait-until';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const started: AppProcess[] = [];
const folders: string[] = [];


function newFolder(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'caucus-drill-'));
  chmodSync(dir, 0o755); // as root, PostgreSQL runs as the postgres user and must reach the folder
  folders.push(dir);
  return dir;
}

function postmasterPid(dataDir: string): number | undefined {
  const file = path.join(dataDir, 'postgres', 'postmaster.pid');
  if (!existsSync(file)) return undefined;
  const pid = Number.parseInt(readFileSync(file, 'utf8').split('\n')[0] ?? '', 10);
  return Number.isInteger(pid) ? pid : undefined;
}

async function stopPostmaster(dataDir: string): Promise<void> {
  const pid = postmasterPid(dataDir);
  if (pid === undefined || !isAlive(pid)) return;
  process.kill(pid, 'SIGINT');
  await waitUntil(`PostgreSQL ${pid} to stop`, () => !isAlive(pid), 30_000);
}

/** The app on the embedded PostgreSQL of `dataDir`, archiving into `backupDir`; its log beside the folder. */
async function startApp(dataDir: string, backupDir: string): Promise<AppProcess> {
  const app = await startAppProcess(
    {
      dataDir,
      logFile: `${dataDir}-app-${started.length}.log`,
      env: { AUTH_SECRET: '', WORKERS: '1', BACKUP_DIR: backupDir, ARCHIVE_TIMEOUT_SECONDS: '2' },
    },
    90_000,
  );
  started.push(app);
  return app;
}

/** SIGKILL: the disk is lost with the app; SIGTERM: a clean stop. */
async function stopApp(app: AppProcess, signal: NodeJS.Signals): Promise<void> {
  if (signal === 'SIGTERM') return stopAppProcess(app);
  if (app.child.exitCode !== null || app.child.signalCode !== null) return;
  app.child.kill(signal);
  await app.exited;
}

afterAll(async () => {
  for (const app of started) await stopApp(app, 'SIGTERM');
  for (const dir of folders) {
    for (const sub of ['data', 'at-t', 'latest']) await stopPostmaster(path.join(dir, sub)).catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  }
}, 120_000);

/** The writes of one phase: a caucus with 4 voting members and 8 voters free to join it. */
async function prepare(db: Database['db'], district: number) {
  const caucus = await createCaucusRow(db, { state: 'OH', district, requiredVotingMembers: 20 });
  const members = await addVotingMembers(db, caucus, 4);
  const joiners = [];
  for (let i = 0; i < 8; i++) joiners.push(await createUser(db, { state: 'OH', district }));
  return { caucus, members, joiners };
}

interface Acknowledged {
  joins: Array<{ caucusId: string; userId: string }>;
  votes: Array<{ caucusId: string; voterId: string; candidateId: string }>;
  messages: string[];
}

/** Every write of a phase at once (concurrent load), keeping those the app acknowledged. */
async function writePhase(baseUrl: string, cookies: Map<string, { cookie: string }>, phase: Awaited<ReturnType<typeof prepare>>, candidateIndex: number): Promise<Acknowledged> {
  const ack: Acknowledged = { joins: [], votes: [], messages: [] };
  const call = (userId: string, method: string, route: string, body: object) =>
    fetch(`${baseUrl}${route}`, {
      method,
      headers: { 'content-type': 'application/json', origin: baseUrl, cookie: cookies.get(userId)!.cookie },
      body: JSON.stringify(body),
    });
  const id = phase.caucus.id;
  const candidate = phase.members[candidateIndex]!.id;
  await Promise.all([
    ...phase.joiners.map(async (u) => {
      const res = await call(u.id, 'POST', `/api/caucuses/${id}/join`, {});
      if (res.ok) ack.joins.push({ caucusId: id, userId: u.id });
      else throw new Error(`join answered ${res.status}: ${await res.text()}`);
    }),
    // Three of four vote (a unanimous vote would finalize the election).
    ...phase.members.slice(0, 3).map(async (u) => {
      const res = await call(u.id, 'PUT', `/api/caucuses/${id}/vote`, { candidateId: candidate });
      if (res.ok) ack.votes.push({ caucusId: id, voterId: u.id, candidateId: candidate });
      else throw new Error(`vote answered ${res.status}: ${await res.text()}`);
    }),
    ...phase.members.flatMap((u) =>
      [1, 2].map(async (n) => {
        const res = await call(u.id, 'POST', `/api/caucuses/${id}/chat`, { message: `drill message ${n} from ${u.name}` });
        if (res.ok) ack.messages.push(((await res.json()) as { id: string }).id);
        else throw new Error(`chat answered ${res.status}: ${await res.text()}`);
      }),
    ),
  ]);
  return ack;
}

async function present(pool: pg.Pool, ack: Acknowledged): Promise<{ joins: number; votes: number; messages: number }> {
  const joins = await pool.query<{ n: string }>(
    `select count(*) as n from caucus_members m join unnest($1::uuid[], $2::uuid[]) as a(c, u) on m.caucus_id = a.c and m.user_id = a.u where m.is_voting_member`,
    [ack.joins.map((j) => j.caucusId), ack.joins.map((j) => j.userId)],
  );
  const votes = await pool.query<{ n: string }>(
    `select count(*) as n from votes v join unnest($1::uuid[], $2::uuid[], $3::uuid[]) as a(c, u, k) on v.caucus_id = a.c and v.voter_id = a.u and v.candidate_id = a.k`,
    [ack.votes.map((v) => v.caucusId), ack.votes.map((v) => v.voterId), ack.votes.map((v) => v.candidateId)],
  );
  const messages = await pool.query<{ n: string }>(`select count(*) as n from chat_messages where id = any($1::uuid[])`, [ack.messages]);
  return { joins: Number(joins.rows[0]!.n), votes: Number(votes.rows[0]!.n), messages: Number(messages.rows[0]!.n) };
}

const counts = (ack: Acknowledged) => ({ joins: ack.joins.length, votes: ack.votes.length, messages: ack.messages.length });

describe('the restore drill of the embedded backups', () => {
  it('restores to T exactly what was acknowledged before T, and without --to everything archived', async () => {
    const folder = newFolder();
    const dataDir = path.join(folder, 'data');
    const backupDir = path.join(folder, 'backups');
    const app = await startApp(dataDir, backupDir);

    // The app's first base backup, taken at start because there was none.
    await waitUntil('the first base backup', () => readManifests(backupDir).length > 0, 60_000, { intervalMs: 200 });
    const secret = readFileSync(path.join(dataDir, 'auth-secret'), 'utf8').trim();
    const vapid = readFileSync(path.join(dataDir, 'vapid-keys.json'), 'utf8');

    const live = openDatabase(embeddedConnection(dataDir), { max: 2 });
    let before: Acknowledged;
    let after: Acknowledged;
    let T: Date;
    let unsubscribe: string;
    try {
      const first = await prepare(live.db, 3);
      const second = await prepare(live.db, 4);
      const people = [first, second].flatMap((p) => [...p.members, ...p.joiners].map((u) => u.id));
      const cookies = await mintSessions(live.pool, people, secret);
      unsubscribe = unsubscribeToken(secret, first.members[0]!.id, 'digest-daily');
      before = await writePhase(app.baseUrl, cookies, first, 0);
      // T: after the last write acknowledged before it; the writes after T start once the clock passed it.
      T = new Date(Date.now() + 5);
      await waitUntil('the clock to pass T', () => Date.now() > T.getTime() + 5, 1_000, { intervalMs: 2 });
      after = await writePhase(app.baseUrl, cookies, second, 1);
      // And a write after T in the first caucus too: a message that must not come back.
      const late = await fetch(`${app.baseUrl}/api/caucuses/${first.caucus.id}/chat`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: app.baseUrl, cookie: cookies.get(first.members[3]!.id)!.cookie },
        body: JSON.stringify({ message: 'after T' }),
      });
      expect(late.status).toBe(201);
      after.messages.push(((await late.json()) as { id: string }).id);
      // Everything written is archived: switch to a new WAL segment and wait for the archiver.
      const switched = (await live.pool.query<{ wal: string }>('select pg_walfile_name(pg_switch_wal()) as wal')).rows[0]!.wal;
      await waitUntil(
        `WAL ${switched} archived`,
        async () => ((await live.pool.query<{ last: string | null }>('select last_archived_wal as last from pg_stat_archiver')).rows[0]!.last ?? '') >= switched,
        30_000,
        { intervalMs: 100 },
      );
      expect(existsSync(archivedWalFile(backupDir, switched))).toBe(true);
    } finally {
      await live.close();
    }
    expect(counts(before)).toEqual({ joins: 8, votes: 3, messages: 8 });
    expect(counts(after)).toEqual({ joins: 8, votes: 3, messages: 9 });
    // The disk is lost: the app dies and its data folder goes.
    await stopApp(app, 'SIGKILL');
    await stopPostmaster(dataDir);
    rmSync(dataDir, { recursive: true, force: true });

    // npm run restore -- --to T --data-dir NEW, as the operator runs it.
    const atT = path.join(folder, 'at-t');
    const restoreStarted = Date.now();
    const cli = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/backup.ts', 'restore', '--to', T.toISOString(), '--data-dir', atT], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, BACKUP_DIR: backupDir, DATABASE_URL: '', AUTH_SECRET: 'x'.repeat(40), NODE_ENV: 'development', BASE_URL: 'http://127.0.0.1:3000' },
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(cli.status, `${cli.stdout}\n${cli.stderr}`).toBe(0);
    expect(cli.stdout).toContain(`DATA_DIR=${atT} npm start`);
    const restoreSeconds = (Date.now() - restoreStarted) / 1000;
    // The secrets came back, byte for byte.
    expect(readFileSync(path.join(atT, 'auth-secret'), 'utf8').trim()).toBe(secret);
    expect(readFileSync(path.join(atT, 'vapid-keys.json'), 'utf8')).toBe(vapid);
    // Without --to: everything archived (done before any app runs on a restored folder).
    const latest = path.join(folder, 'latest');
    await restoreBackup({ backupDir, target: latest });
    const server = await startPostgresOn(path.join(latest, 'postgres'));
    try {
      const database = openDatabase({ ...server.connection, database: 'caucus' } as pg.PoolConfig, { max: 2 });
      try {
        expect(await present(database.pool, before)).toEqual(counts(before));
        expect(await present(database.pool, after)).toEqual(counts(after));
      } finally {
        await database.close();
      }
    } finally {
      await server.stop();
    }
    // The app on the folder restored to T, archiving into the same BACKUP_DIR (a new timeline).
    const restored = await startApp(atT, backupDir);
    const database = openDatabase(embeddedConnection(atT), { max: 2 });
    try {
      expect(await present(database.pool, before), 'every write acknowledged before T').toEqual(counts(before));
      expect(await present(database.pool, after), 'no write after T').toEqual({ joins: 0, votes: 0, messages: 0 });
      const check = await checkRestoredDatabase(database);
      expect(check.records.checked).toBeGreaterThanOrEqual(1);
      expect(check.records.broken).toEqual([]);
      expect(check.invariants.filter((i) => i.violations > 0)).toEqual([]);
    } finally {
      await database.close();
    }
    // An unsubscribe link signed before the loss still works (the old AUTH_SECRET came back).
    const res = await fetch(`${restored.baseUrl}/api/unsubscribe/${unsubscribe}`);
    expect(res.status, await res.text()).toBe(200);
    // The new timeline's history reaches the archive.
    await waitUntil('00000002.history archived', () => existsSync(archivedWalFile(backupDir, '00000002.history')), 30_000, { intervalMs: 200 });
    console.log(`restore to T took ${restoreSeconds.toFixed(1)} s (the CLI process included)`);
  }, 240_000);
});
