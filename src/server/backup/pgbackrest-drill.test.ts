// The restore drill of a PostgreSQL server backed up by pgBackRest (issue 30, decision 044), all
// real: Debian's PostgreSQL 15 and pgBackRest 2.45, the app as a process on the server. A full
// backup through pgbackrestTool; acknowledged joins, votes and chat messages through the HTTP API
// from concurrent writers; the time T noted while they run; more writes; the WAL archived; the
// cluster's folder destroyed; a restore to T; then every write acknowledged before T is there,
// none sent after T is, every election record holds and the bench's invariants count 0.
//
// Needs `apt-get install postgresql-15 pgbackrest` (CI installs them). CAUCUS_SKIP_PGBACKREST=1
// skips it, saying so; without the packages it fails, saying what to install.
import { execFile, execFileSync } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { countInvariantViolations } from '../db/database-invariants';
import { checkElectionRecord, sha256Hex } from '../../domain/caucuses/election-record';
import { migrateDatabase, openDatabase, type Database } from '../db/client';
import { caucusMembers, caucuses, chatMessages, votes } from '../db/schema/caucuses';
import { backupEvents } from '../db/schema/operations';
import { readElectionRecord } from '../features/caucuses/election-record.service';
import { addVotingMembers, createCaucusRow } from '../test/caucus-factories';
import { createUser } from '../test/factories';
import { freePort } from '../test/free-port';
import { startApp as startAppProcess, stopApp, type AppProcess } from '../test/app-process';
import { pgbackrestTool } from './pgbackrest-tool';
import { waitUntil } from '../test/wait-until';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const PG_BIN = '/usr/lib/postgresql/15/bin';
const STANZA = 'caucus';
const AUTH_SECRET = `drill-${randomBytes(24).toString('hex')}`;
const run = promisify(execFile);

function onPath(command: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const missing = [
  ...(existsSync(path.join(PG_BIN, 'initdb')) ? [] : [`PostgreSQL 15's server binaries (${PG_BIN})`]),
  ...(onPath('pgbackrest') ? [] : ['pgBackRest']),
];
const skipped = process.env.CAUCUS_SKIP_PGBACKREST === '1';
const asRoot = process.getuid?.() === 0;

/** As root, PostgreSQL and pgBackRest run as the postgres user (PostgreSQL refuses root). */
function asPostgres(command: string, args: string[]): [string, string[]] {
  return asRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
}

async function postgresCommand(command: string, args: string[], timeoutMs = 60_000): Promise<string> {
  const [file, argv] = asPostgres(command, args);
  try {
    const { stdout } = await run(file, argv, { timeout: timeoutMs, env: { PATH: process.env.PATH ?? '/usr/bin:/bin', LANG: 'C.UTF-8' } });
    return stdout;
  } catch (error) {
    const e = error as { stderr?: string; stdout?: string; message: string };
    throw new Error(`${command} ${args.join(' ')} failed: ${e.stderr || e.stdout || e.message}`);
  }
}

/** A temporary PostgreSQL 15 cluster archiving into a pgBackRest repository, both in `dir`. */
class Cluster {
  readonly data: string;
  readonly config: string;
  readonly socketDir: string;
  readonly logFile: string;
  constructor(
    readonly dir: string,
    readonly port: number,
  ) {
    this.data = path.join(dir, 'data');
    this.config = path.join(dir, 'pgbackrest.conf');
    this.socketDir = path.join(dir, 'run');
    this.logFile = path.join(dir, 'log', 'postgresql.log');
  }

  get url(): string {
    return `postgresql://postgres@127.0.0.1:${this.port}/caucus`;
  }

  async create(): Promise<void> {
    for (const sub of ['repo', 'log', 'lock', 'spool', 'run']) this.ownFolder(path.join(this.dir, sub), 0o750);
    await postgresCommand(path.join(PG_BIN, 'initdb'), ['-D', this.data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8', '--locale=C']);
    const archiveCommand = `pgbackrest --config=${this.config} --stanza=${STANZA} archive-push %p`;
    writeFileSync(
      path.join(this.data, 'postgresql.conf'),
      [
        '',
        '# issue 30 drill: the postgresql.conf lines of docs/backups-pgbackrest.md',
        `port = ${this.port}`,
        "listen_addresses = '127.0.0.1'",
        `unix_socket_directories = '${this.socketDir}'`,
        'wal_level = replica',
        'archive_mode = on',
        `archive_command = '${archiveCommand}'`,
        'archive_timeout = 5',
        'max_wal_senders = 3',
        '',
      ].join('\n'),
      { flag: 'a' },
    );
    // deploy/pgbackrest.conf itself, with the paths of this folder: the drill tests what operators install.
    const paths: Record<string, string> = {
      'repo1-path': path.join(this.dir, 'repo'),
      'log-path': path.join(this.dir, 'log'),
      'spool-path': path.join(this.dir, 'spool'),
      'pg1-path': this.data,
      'pg1-port': String(this.port),
      'pg1-socket-path': this.socketDir,
    };
    const deployed = readFileSync(path.join(root, 'deploy', 'pgbackrest.conf'), 'utf8').split('\n');
    const config = deployed.map((line) => {
      const key = /^([a-z0-9-]+)=/.exec(line)?.[1];
      if (!key || !(key in paths)) return line;
      const value = paths[key]!;
      delete paths[key];
      return `${key}=${value}`;
    });
    expect(Object.keys(paths), 'settings deploy/pgbackrest.conf should have').toEqual([]);
    // pgBackRest's locks (default /tmp/pgbackrest) in this folder too, apart from any other drill.
    config.splice(config.indexOf('[global]') + 1, 0, `lock-path=${path.join(this.dir, 'lock')}`);
    writeFileSync(this.config, config.join('\n'));
    chmodSync(this.config, 0o644);
  }

  ownFolder(dir: string, mode: number): void {
    mkdirSync(dir, { recursive: true, mode });
    chmodSync(dir, mode);
    if (asRoot) {
      const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
      const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
      chownSync(dir, uid, gid);
    }
  }

  async start(): Promise<void> {
    await postgresCommand(path.join(PG_BIN, 'pg_ctl'), ['-D', this.data, '-l', this.logFile, '-w', '-t', '60', 'start'], 90_000);
  }

  async stop(mode: 'fast' | 'immediate'): Promise<void> {
    if (!existsSync(path.join(this.data, 'postmaster.pid'))) return;
    await postgresCommand(path.join(PG_BIN, 'pg_ctl'), ['-D', this.data, '-m', mode, '-w', '-t', '60', 'stop'], 90_000);
  }

  logTail(): string {
    try {
      return readFileSync(this.logFile, 'utf8').trimEnd().split('\n').slice(-15).join('\n');
    } catch {
      return '(no PostgreSQL log)';
    }
  }
}

/** The app as a process on the cluster, taking its backups with pgBackRest. */
async function startApp(cluster: Cluster, dataDir: string): Promise<AppProcess> {
  // A loaded machine takes long to compile the server on its first start.
  const app = await startAppProcess(
    {
      dataDir,
      databaseUrl: cluster.url,
      env: { AUTH_SECRET, BACKUP_TOOL: 'pgbackrest', PGBACKREST_STANZA: STANZA, PGBACKREST_CONFIG: cluster.config },
    },
    240_000,
  );
  apps.push(app);
  return app;
}

/** Sessions written straight into the sessions table with the cookie better-auth sets (as the bench does). */
async function mintCookies(pool: pg.Pool, userIds: string[]): Promise<Map<string, string>> {
  const cookies = new Map<string, string>();
  const tokens = userIds.map((id) => {
    const token = `drill-${randomBytes(18).toString('base64url')}`;
    const signature = createHmac('sha256', AUTH_SECRET).update(token).digest('base64');
    cookies.set(id, `better-auth.session_token=${encodeURIComponent(`${token}.${signature}`)}`);
    return token;
  });
  await pool.query(
    `insert into sessions (token, user_id, expires_at, user_agent)
     select t, u, now() + interval '1 day', 'drill' from unnest($1::text[], $2::uuid[]) as x(t, u)`,
    [tokens, userIds],
  );
  return cookies;
}

/** One acknowledged-or-not write through the API, and how to find it in the database. */
interface Write {
  what: string;
  send: (baseUrl: string) => Promise<Response>;
  isThere: (db: Database) => Promise<boolean>;
  sentAt?: number;
  acknowledgedAt?: number;
}

const apps: AppProcess[] = [];
/** Seconds each step of the drill took (printed at the end, for docs/backups-pgbackrest.md). */
const timings: Record<string, number> = {};
let cluster: Cluster | undefined;
let tempDir: string | undefined;

afterAll(async () => {
  if (Object.keys(timings).length > 0) {
    console.info(`pgBackRest drill, seconds: ${Object.entries(timings).map(([k, v]) => `${k} ${v.toFixed(1)}`).join(', ')}`);
  }
  for (const app of apps) await stopApp(app);
  await cluster?.stop('immediate').catch(() => undefined);
  if (tempDir) rmSync(tempDir, { recursive: true, force: true });
}, 120_000);

const title = 'a PostgreSQL 15 server backed up by pgBackRest, destroyed, restored to a moment T';

if (skipped) {
  describe.skip(`${title} (skipped: CAUCUS_SKIP_PGBACKREST=1)`, () => {
    it('restore drill', () => undefined);
  });
} else if (missing.length > 0) {
  describe(title, () => {
    it('has what it needs installed', () => {
      expect.fail(
        `The pgBackRest restore drill needs ${missing.join(' and ')}: apt-get install -y postgresql-15 pgbackrest ` +
          '(CI installs them; CAUCUS_SKIP_PGBACKREST=1 skips this drill).',
      );
    });
  });
} else {
  describe(title, () => {
    it('keeps every write acknowledged before T and none sent after; records hold; invariants count 0', async () => {
      const timed = async <T>(name: string, fn: () => Promise<T>): Promise<T> => {
        const started = Date.now();
        try {
          return await fn();
        } finally {
          timings[name] = (Date.now() - started) / 1000;
        }
      };

      tempDir = mkdtempSync(path.join(tmpdir(), 'caucus-pgbackrest-'));
      chmodSync(tempDir, 0o755); // the postgres user reaches its folders and pgbackrest.conf
      const pgDir = path.join(tempDir, 'pg');
      const appDir = path.join(tempDir, 'app');
      mkdirSync(appDir);
      cluster = new Cluster(pgDir, await freePort());
      cluster.ownFolder(pgDir, 0o755);
      await timed('initdb and start', async () => {
        await cluster!.create();
        await cluster!.start();
      });
      const admin = new pg.Client({ host: '127.0.0.1', port: cluster.port, user: 'postgres', database: 'postgres' });
      await admin.connect();
      await admin.query('create database caucus');
      await admin.end();
      await timed('stanza-create and check', async () => {
        await postgresCommand('pgbackrest', [`--config=${cluster!.config}`, `--stanza=${STANZA}`, 'stanza-create']);
        await postgresCommand('pgbackrest', [`--config=${cluster!.config}`, `--stanza=${STANZA}`, 'check']);
      });

      // The schema first (the app would migrate it too), then the app starts while the data is
      // set up and backed up: its first start is the longest step on a busy machine.
      let database = openDatabase(cluster.url, { max: 4 });
      const { db, pool } = database;
      await timed('migrate', () => migrateDatabase(db));
      const appStarting = timed('app start (beside setup and backup)', () => startApp(cluster!, appDir));
      appStarting.catch(() => undefined); // awaited below; its failure is reported there

      const setupStarted = Date.now();
      // Setup by SQL: A, an open caucus to join; B, a full caucus voting; C, three members about
      // to elect their Delegate unanimously. Joiners of A and members of B are all different people.
      const caucusA = await createCaucusRow(db, { name: 'Drill A', state: 'OH', district: 3, requiredVotingMembers: 30 });
      const membersA = await addVotingMembers(db, caucusA, 2);
      const joiners = await Promise.all(Array.from({ length: 16 }, () => createUser(db, { state: 'OH', district: 3 })));
      const caucusB = await createCaucusRow(db, { name: 'Drill B', state: 'OH', district: 4, requiredVotingMembers: 12 });
      const membersB = await addVotingMembers(db, caucusB, 12);
      const caucusC = await createCaucusRow(db, { name: 'Drill C', state: 'OH', district: 5, requiredVotingMembers: 3 });
      const membersC = await addVotingMembers(db, caucusC, 3);
      const cookies = await mintCookies(pool, [...membersA, ...joiners, ...membersB, ...membersC].map((u) => u.id));

      timings['setup by SQL'] = (Date.now() - setupStarted) / 1000;
      const tool = pgbackrestTool({ stanza: STANZA, configPath: cluster.config, db, retentionDays: 14, osUser: 'postgres', timeouts: { backup: 120_000, check: 60_000, verify: 60_000, restore: 120_000 } });
      const backup = await timed('full backup', () => tool.backupNow());
      expect(backup.label).toMatch(/^\d{8}-\d{6}F$/);
      expect((await tool.list()).map((b) => b.label)).toEqual([backup.label]);
      const [backupRow] = await db.select().from(backupEvents).where(and(eq(backupEvents.kind, 'base-backup'), eq(backupEvents.label, backup.label)));
      expect(backupRow).toMatchObject({ tool: 'pgbackrest', ok: true, error: null });

      const first = await appStarting;
      const call = (method: string, pathname: string, userId: string, body: unknown) => (baseUrl: string) =>
        fetch(`${baseUrl}${pathname}`, {
          method,
          headers: { 'content-type': 'application/json', origin: baseUrl, cookie: cookies.get(userId)! },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(20_000),
        });

      // An election that ends before T: C's three members vote for the same one.
      for (const m of membersC) {
        const res = await call('PUT', `/api/caucuses/${caucusC.id}/vote`, m.id, { candidateId: membersC[0]!.id })(first.baseUrl);
        expect(res.status, await res.text()).toBe(200);
      }

      // The next backup is a differential one (the rule of decision 044); the restore to T
      // starts from it and the full backup it depends on.
      const diff = await timed('differential backup', () => tool.backupNow());
      expect(diff.label).toMatch(new RegExp(`^${backup.label}_\\d{8}-\\d{6}D$`));
      expect((await tool.list()).map((b) => b.label)).toEqual([diff.label, backup.label]);

      const writes: Write[] = [
        ...joiners.map((u, i) => ({
          what: `join ${i}`,
          send: call('POST', `/api/caucuses/${caucusA.id}/join`, u.id, {}),
          isThere: async (d: Database) =>
            (await d.db.select().from(caucusMembers).where(and(eq(caucusMembers.caucusId, caucusA.id), eq(caucusMembers.userId, u.id)))).length === 1,
        })),
        // Votes split between two candidates, so B's election stays open.
        ...membersB.map((u, i) => ({
          what: `vote ${i}`,
          send: call('PUT', `/api/caucuses/${caucusB.id}/vote`, u.id, { candidateId: membersB[i % 2]!.id }),
          isThere: async (d: Database) => (await d.db.select().from(votes).where(and(eq(votes.caucusId, caucusB.id), eq(votes.voterId, u.id)))).length === 1,
        })),
        ...membersB.map((u, i) => {
          const message = `Drill message ${i} ${randomBytes(4).toString('hex')}`;
          return {
            what: `chat ${i}`,
            send: call('POST', `/api/caucuses/${caucusB.id}/chat`, u.id, { message }),
            isThere: async (d: Database) => (await d.db.select().from(chatMessages).where(eq(chatMessages.message, message))).length === 1,
          };
        }),
      ];
      for (let i = writes.length - 1; i > 0; i--) {
        const j = Math.floor(Math.random() * (i + 1));
        [writes[i], writes[j]] = [writes[j]!, writes[i]!];
      }

      // Six writers at once; T is noted while they run, once half the writes are acknowledged.
      let next = 0;
      let acknowledged = 0;
      let T: number | undefined;
      const failures: string[] = [];
      const writer = async () => {
        while (next < writes.length) {
          const w = writes[next++]!;
          w.sentAt = Date.now();
          const res = await w.send(first.baseUrl);
          if (!res.ok) failures.push(`${w.what}: ${res.status} ${await res.text()}`);
          else w.acknowledgedAt = Date.now();
          acknowledged += 1;
          if (T === undefined && acknowledged >= writes.length / 2) T = Date.now();
        }
      };
      await timed('writes', () => Promise.all(Array.from({ length: 6 }, writer)));
      expect(failures).toEqual([]);
      expect(T).toBeDefined();
      const target = new Date(T!);
      // Date.now() counts whole milliseconds: "before T" is a millisecond earlier, "after" one later.
      const before = writes.filter((w) => w.acknowledgedAt! < T!);
      const after = writes.filter((w) => w.sentAt! > T!);
      expect(before.length).toBeGreaterThan(5);
      expect(after.length).toBeGreaterThan(5);

      // Every write is in WAL that pgBackRest has archived.
      const { rows } = await pool.query<{ wal: string }>('select pg_walfile_name(pg_switch_wal()) as wal');
      const switched = rows[0]!.wal;
      await timed('archive', () =>
        waitUntil(
          `pg_stat_archiver to show ${switched} archived`,
          async () => {
            const r = await pool.query<{ last: string | null; failed: string | null }>('select last_archived_wal as last, last_failed_wal as failed from pg_stat_archiver');
            return (r.rows[0]!.last ?? '') >= switched;
          },
          30_000,
        ),
      );
      const verified = await timed('verify', () => tool.verify());
      expect(verified, verified.detail).toMatchObject({ ok: true });
      expect(await db.select({ ok: backupEvents.ok, tool: backupEvents.tool }).from(backupEvents).where(eq(backupEvents.kind, 'verify'))).toEqual([{ ok: true, tool: 'pgbackrest' }]);

      // The disk is lost: the app and PostgreSQL stop hard, the cluster's folder is gone.
      await database.close();
      first.child.kill('SIGKILL');
      await once(first.child, 'exit').catch(() => undefined);
      await cluster.stop('immediate');
      rmSync(cluster.data, { recursive: true, force: true });
      expect(existsSync(cluster.data)).toBe(false);
      cluster.ownFolder(cluster.data, 0o700);

      const restored = await timed('restore', () => tool.restore({ to: target, target: cluster!.data }));
      expect(restored).toEqual({ target: cluster.data, recoveredTo: target });
      await timed('recovery', async () => {
        await cluster!.start().catch((e: Error) => {
          throw new Error(`${e.message}\n${cluster!.logTail()}`);
        });
        database = openDatabase(cluster!.url, { max: 4 });
        await waitUntil('recovery to end (pg_is_in_recovery() false)', async () => !(await database.pool.query<{ r: boolean }>('select pg_is_in_recovery() as r')).rows[0]!.r, 60_000, { intervalMs: 200 });
      });

      const lost = [];
      const resurrected = [];
      for (const w of before) if (!(await w.isThere(database))) lost.push(w.what);
      for (const w of after) if (await w.isThere(database)) resurrected.push(w.what);
      expect(lost, 'writes acknowledged before T that the restore lost').toEqual([]);
      expect(resurrected, 'writes sent after T that the restore brought back').toEqual([]);
      const [c] = await database.db.select().from(caucuses).where(eq(caucuses.id, caucusC.id));
      expect(c).toMatchObject({ electionFinalized: true, electedDelegateId: membersC[0]!.id });
      // The backup's own record came back with the data; the check made after T did not.
      expect(await database.db.select({ id: backupEvents.id }).from(backupEvents).where(eq(backupEvents.label, backup.label))).toHaveLength(1);
      expect(await database.db.select({ id: backupEvents.id }).from(backupEvents).where(eq(backupEvents.kind, 'verify'))).toHaveLength(0);

      // Every election record verifies (the logic of `npm run record:check`), as the app reads it.
      for (const [caucusId, readerId] of [
        [caucusA.id, membersA[0]!.id],
        [caucusB.id, membersB[0]!.id],
        [caucusC.id, membersC[0]!.id],
      ] as const) {
        const { viewerIsMember, ...file } = await readElectionRecord({ db: database.db }, caucusId, readerId);
        expect(viewerIsMember).toBe(true);
        const check = await checkElectionRecord(file, sha256Hex);
        expect(check.ok, `the record of ${file.caucus.name}: ${check.ok ? '' : check.problem}`).toBe(true);
        expect(check.entries).toBeGreaterThan(0);
      }
      const invariants = await countInvariantViolations(database.pool);
      expect(invariants.filter((i) => i.violations !== 0)).toEqual([]);

      await database.close();
      console.info(`pgBackRest drill: ${before.length} writes acknowledged before T kept, ${after.length} sent after T gone`);
    }, 540_000);
  });
}
