// The national shape of docs/scaling.md on this machine, for `npm run bench -- --shape national`
// (issue 31): a PostgreSQL 15 primary (Debian's, initdb'd as user postgres in a temp folder, a
// free port), a standby made with pg_basebackup -R that every commit waits for
// (synchronous_standby_names = '*', synchronous_commit = on), and PgBouncer 1.18 in transaction
// mode in front of the primary. The app then runs with DATABASE_URL through PgBouncer,
// DATABASE_DIRECT_URL straight to the primary (LISTEN, the job queue, the migration lock) and
// DATABASE_PREPARED_STATEMENTS=off. stop() ends every process started here and removes the folder.
import { execFile } from 'node:child_process';
import { appendFileSync, chownSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { startPgBouncer } from '../../src/server/test/pgbouncer';
import { freePort } from './app-process';
import { postmasterPid } from './cpu-accounting';

const run = promisify(execFile);
const PG_BIN = '/usr/lib/postgresql/15/bin';
const DATABASE = 'caucus';
/** The standby's application_name, the one synchronous_standby_names waits for. */
const STANDBY_NAME = 'caucus_standby';

export interface NationalShape {
  /** The app's DATABASE_URL: through PgBouncer (transaction mode) to the primary. */
  databaseUrl: string;
  /** The app's DATABASE_DIRECT_URL: the primary itself, around PgBouncer. */
  directUrl: string;
  /** The synchronous standby (read-only), e.g. to check what it has. */
  standbyUrl: string;
  /** PIDs whose process trees' CPU is counted per part (null when not on this machine). */
  pids: { primary: number | null; standby: number | null; pgbouncer: number | null };
  /** What runs, in one line for the report. */
  description: string;
  stop(): Promise<void>;
}

/** The postgres account's ids: PostgreSQL refuses to run as root. */
function postgresAccount(): { uid: number; gid: number } {
  const line = readFileSync('/etc/passwd', 'utf8').split('\n').find((l) => l.startsWith('postgres:'));
  if (!line) throw new Error('There is no postgres user on this machine (apt-get install postgresql-15 pgbouncer).');
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

/** Runs a PostgreSQL 15 tool as user postgres (with its ids, no wrapper), in the shape's folder. */
async function asPostgres(dir: string, tool: string, args: string[], timeoutMs = 120_000): Promise<string> {
  const { stdout } = await run(path.join(PG_BIN, tool), args, {
    cwd: dir,
    timeout: timeoutMs,
    env: { PATH: `${PG_BIN}:/usr/bin:/bin`, HOME: dir, LANG: 'C.UTF-8' },
    ...(process.getuid?.() === 0 ? postgresAccount() : {}),
  });
  return stdout;
}

function conf(dataDir: string, settings: Record<string, string | number>): void {
  const lines = Object.entries(settings).map(([k, v]) => `${k} = ${typeof v === 'number' ? v : `'${v.replace(/'/g, "''")}'`}`);
  appendFileSync(path.join(dataDir, 'postgresql.auto.conf'), `${lines.join('\n')}\n`);
}

/** Polls `check` until it is true, or throws `what` after `timeoutMs`. */
async function until(what: string, timeoutMs: number, check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown = null;
  for (;;) {
    try {
      if (await check()) return;
    } catch (e) {
      last = e;
    }
    if (Date.now() > deadline) throw new Error(`${what} within ${timeoutMs / 1000} s${last instanceof Error ? `: ${last.message}` : ''}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function query<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Starts the primary, its synchronous standby and PgBouncer; `log` says each step. On a failure
 * half way, what was started is stopped before the error is thrown.
 */
export async function startNationalShape(options: {
  log: (message: string) => void;
  defaultPoolSize?: number;
  /** Given the shape's stop() as soon as there is something to stop (a Ctrl-C while it starts). */
  onStarting?: (stop: () => Promise<void>) => void;
}): Promise<NationalShape> {
  const { log } = options;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'caucus-national-'));
  if (process.getuid?.() === 0) {
    const { uid, gid } = postgresAccount();
    chownSync(dir, uid, gid);
  }
  const primaryDir = path.join(dir, 'primary');
  const standbyDir = path.join(dir, 'standby');
  const stops: Array<() => Promise<void>> = [];
  // Should this process end without stop() (an uncaught error, process.exit), the postmasters
  // (daemons, not our children) get an immediate shutdown; PgBouncer is killed by pgbouncer.ts.
  const lastResort = () => {
    for (const dataDir of [standbyDir, primaryDir]) {
      const pid = postmasterPid(dataDir);
      if (pid) {
        try {
          process.kill(pid, 'SIGQUIT');
        } catch {
          /* gone already */
        }
      }
    }
  };
  process.on('exit', lastResort);
  let stopping: Promise<void> | null = null;
  const stop = () =>
    (stopping ??= (async () => {
      for (const s of stops.splice(0).reverse()) await s().catch((e: unknown) => log(`  (stopping: ${e instanceof Error ? e.message : String(e)})`));
      process.off('exit', lastResort);
      rmSync(dir, { recursive: true, force: true });
    })());
  options.onStarting?.(stop);
  const pgCtlStop = (dataDir: string) => async () => {
    await asPostgres(dir, 'pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', '-t', '60', 'stop']).catch(async () => {
      // A postmaster that does not stop in time: end it by its own PID, and its children go with it.
      const pid = postmasterPid(dataDir);
      if (pid) process.kill(pid, 'SIGQUIT');
    });
  };
  try {
    const primaryPort = await freePort();
    log(`National shape in ${dir}: initdb of the primary (PostgreSQL 15, port ${primaryPort})…`);
    await asPostgres(dir, 'initdb', ['-D', primaryDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
    conf(primaryDir, {
      port: primaryPort,
      listen_addresses: '127.0.0.1',
      unix_socket_directories: dir,
      // As the embedded server (embedded.ts): the app's pools, PgBouncer's and the bench's.
      max_connections: 200,
      wal_level: 'replica',
      synchronous_commit: 'on',
    });
    await asPostgres(dir, 'pg_ctl', ['-D', primaryDir, '-l', path.join(dir, 'primary.log'), '-w', '-t', '60', 'start']);
    stops.push(pgCtlStop(primaryDir));
    const directUrl = `postgres://postgres@127.0.0.1:${primaryPort}/${DATABASE}`;
    await query(`postgres://postgres@127.0.0.1:${primaryPort}/postgres`, `create database ${DATABASE}`);

    const standbyPort = await freePort();
    log(`  the standby: pg_basebackup -R from the primary (port ${standbyPort})…`);
    await asPostgres(dir, 'pg_basebackup', [
      '-d', `host=127.0.0.1 port=${primaryPort} user=postgres application_name=${STANDBY_NAME}`,
      '-D', standbyDir, '-R', '-X', 'stream', '-c', 'fast',
    ]);
    // -R writes primary_conninfo (with application_name) and standby.signal; the standby listens on its own port.
    conf(standbyDir, { port: standbyPort, hot_standby: 'on' });
    await asPostgres(dir, 'pg_ctl', ['-D', standbyDir, '-l', path.join(dir, 'standby.log'), '-w', '-t', '60', 'start']);
    stops.push(pgCtlStop(standbyDir));
    // Only now does every commit wait for the standby (set earlier, create database would wait for ever).
    await query(directUrl, `alter system set synchronous_standby_names = '${STANDBY_NAME}'`);
    await query(directUrl, 'select pg_reload_conf()');
    await until('The standby did not become the primary\'s synchronous standby', 60_000, async () => {
      const rows = await query<{ sync_state: string }>(directUrl, `select sync_state from pg_stat_replication where application_name = '${STANDBY_NAME}'`);
      return rows[0]?.sync_state === 'sync';
    });
    const [{ sync } = { sync: '' }] = await query<{ sync: string }>(directUrl, "select current_setting('synchronous_standby_names') || ', synchronous_commit ' || current_setting('synchronous_commit') as sync");

    log(`  PgBouncer 1.18 in transaction mode in front of the primary…`);
    const bouncer = await startPgBouncer({ upstream: { host: '127.0.0.1', port: primaryPort }, poolMode: 'transaction', defaultPoolSize: options.defaultPoolSize ?? 20, maxClientConn: 500 });
    stops.push(() => bouncer.stop());
    const databaseUrl = bouncer.url(DATABASE);
    const [{ v } = { v: '?' }] = await query<{ v: string }>(databaseUrl, "select current_setting('server_version') as v");
    log(`  ready: PgBouncer ${bouncer.host}:${bouncer.port} → primary ${primaryPort} (PostgreSQL ${v}) → synchronous standby ${standbyPort} (${sync}).`);
    return {
      databaseUrl,
      directUrl,
      standbyUrl: `postgres://postgres@127.0.0.1:${standbyPort}/${DATABASE}`,
      pids: { primary: postmasterPid(primaryDir), standby: postmasterPid(standbyDir), pgbouncer: bouncer.pid },
      description:
        `PostgreSQL ${v} primary (Debian's, TCP on 127.0.0.1, max_connections 200, otherwise initdb's defaults) with a synchronous standby ` +
        `(pg_basebackup -R, synchronous_standby_names ${sync}: each commit waits for the standby's flush), PgBouncer 1.18 in transaction mode ` +
        `in front of the primary (default_pool_size ${options.defaultPoolSize ?? 20}); the app's DATABASE_URL through PgBouncer, ` +
        `DATABASE_DIRECT_URL to the primary, DATABASE_PREPARED_STATEMENTS=off`,
      stop,
    };
  } catch (e) {
    await stop();
    throw e;
  }
}
