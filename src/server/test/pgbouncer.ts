// A real PgBouncer (Debian's /usr/sbin/pgbouncer, 1.18 here and on CI) in front of a PostgreSQL
// server, for tests and CI: its own config, logs and pid file in a temporary folder, a free port
// on 127.0.0.1, every database of the upstream server reachable through it (`* = host=… port=…`).
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { whyNoAnswer } from '../db/client';
import { freePort } from './free-port';

export const PGBOUNCER_BINARY = '/usr/sbin/pgbouncer';

export interface PgBouncerOptions {
  upstream: { host: string; port: number };
  /** Only transaction mode is what the issue asks for; session mode would hide what needs a session. */
  poolMode?: 'transaction' | 'session';
  /** Server connections per database and user (PgBouncer's default_pool_size; its default is 20). */
  defaultPoolSize?: number;
  /** Client connections PgBouncer accepts in all (its default 100 is too few for a test run's pools). */
  maxClientConn?: number;
  /** Seconds an idle server connection is kept (PgBouncer's default 600; a test run's databases come and go). */
  serverIdleTimeoutSeconds?: number;
  /** Users allowed in (auth_type trust still needs each user in auth_file). Default: postgres. */
  users?: string[];
  /** Startup parameters it drops instead of refusing the client. Default: extra_float_digits. */
  ignoreStartupParameters?: string[];
  /** How long to wait for it to answer a query through it. Default 15 s. */
  startTimeoutMs?: number;
}

export interface PgBouncer {
  host: '127.0.0.1';
  port: number;
  /** PgBouncer's own pid (not a wrapper's). */
  pid: number;
  /** Its folder: pgbouncer.ini, pgbouncer.log, userlist.txt. */
  dir: string;
  /** A postgres:// URL of `database` through PgBouncer. */
  url(database: string, user?: string): string;
  /** Its log so far (for a failing test's message). */
  log(): string;
  /** Kills it (SIGTERM: PgBouncer 1.18's immediate shutdown, then SIGKILL if it lingers) and removes its folder. */
  stop(): Promise<void>;
}

const asRoot = process.getuid?.() === 0;

/** The postgres account's uid and gid: PgBouncer refuses to run as root. */
function postgresAccount(): { uid: number; gid: number } {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('postgres:'));
  if (!line) throw new Error('there is no postgres user on this machine (apt-get install postgresql pgbouncer)');
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

/** Processes started here that must not outlive this process, should it end before stop(). */
const running = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/**
 * The settings that matter (the rest are PgBouncer's defaults):
 * - pool_mode = transaction: each transaction may run on a different server connection, so nothing
 *   that lives in a session (session advisory locks, SET without LOCAL, LISTEN, temporary tables,
 *   named prepared statements before PgBouncer 1.21) may be relied on through it.
 * - ignore_startup_parameters = extra_float_digits: PgBouncer 1.18 refuses a client whose startup
 *   packet carries a parameter it does not track (it tracks client_encoding, DateStyle, TimeZone,
 *   standard_conforming_strings, application_name); JDBC-style drivers and some tools send
 *   extra_float_digits. node-postgres sends only client_encoding (and application_name, options,
 *   statement_timeout… when configured): the app must therefore send no `options` through it —
 *   with DATABASE_PREPARED_STATEMENTS=off it sends none (no `-c plan_cache_mode`). `options` is
 *   deliberately not ignored: a startup option silently dropped would hide a setting that is lost.
 * - unix_socket_dir empty: TCP on 127.0.0.1 only, nothing left in /tmp.
 * - max_client_conn: a test run opens a pool per test file (up to 30 clients each), plus hubs.
 */
export async function startPgBouncer(options: PgBouncerOptions): Promise<PgBouncer> {
  const { upstream, poolMode = 'transaction', defaultPoolSize = 20, maxClientConn = 1000, users = ['postgres'], startTimeoutMs = 15_000 } = options;
  const ignoreStartupParameters = options.ignoreStartupParameters ?? ['extra_float_digits'];
  const dir = mkdtempSync(path.join(tmpdir(), 'caucus-pgbouncer-'));
  const port = await freePort();
  const ini = path.join(dir, 'pgbouncer.ini');
  const logFile = path.join(dir, 'pgbouncer.log');
  writeFileSync(path.join(dir, 'userlist.txt'), users.map((u) => `"${u}" ""\n`).join(''));
  writeFileSync(
    ini,
    [
      '[databases]',
      `* = host=${upstream.host} port=${upstream.port}`,
      '',
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${path.join(dir, 'userlist.txt')}`,
      `admin_users = ${users[0]}`,
      `pool_mode = ${poolMode}`,
      `default_pool_size = ${defaultPoolSize}`,
      `max_client_conn = ${maxClientConn}`,
      ...(options.serverIdleTimeoutSeconds === undefined ? [] : [`server_idle_timeout = ${options.serverIdleTimeoutSeconds}`]),
      `ignore_startup_parameters = ${ignoreStartupParameters.join(', ')}`,
      `logfile = ${logFile}`,
      `pidfile = ${path.join(dir, 'pgbouncer.pid')}`,
      '',
    ].join('\n'),
  );
  const account = asRoot ? postgresAccount() : undefined;
  if (account) {
    chownSync(dir, account.uid, account.gid);
    for (const f of ['pgbouncer.ini', 'userlist.txt']) chownSync(path.join(dir, f), account.uid, account.gid);
  }
  // Spawned with the postgres user's ids directly (not through runuser, which forks): its pid is PgBouncer's.
  const child = spawn(PGBOUNCER_BINARY, [ini], { stdio: ['ignore', 'ignore', 'pipe'], ...(account ?? {}) });
  running.add(child);
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  let exited: string | undefined;
  const exit = once(child, 'exit').then(([code, signal]) => {
    exited = `exited (${code ?? signal})`;
    running.delete(child);
  });
  child.on('error', (error) => (exited = `could not start: ${error.message}`));

  const readLog = () => (existsSync(logFile) ? readFileSync(logFile, 'utf8') : '') + stderr;
  const url = (database: string, user = 'postgres') => `postgres://${encodeURIComponent(user)}@127.0.0.1:${port}/${encodeURIComponent(database)}`;

  const stop = async () => {
    if (!exited) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exit;
      clearTimeout(timer);
    }
    rmSync(dir, { recursive: true, force: true });
  };

  // Ready when a query through it reaches the upstream server.
  const deadline = Date.now() + startTimeoutMs;
  let lastError = '';
  for (;;) {
    if (exited) {
      const log = readLog();
      await stop();
      throw new Error(`PgBouncer ${exited}: ${log.trim()}`);
    }
    const refused = await whyNoAnswer({ connectionString: url('postgres', users[0]), connectionTimeoutMillis: 2_000 });
    if (!refused) break;
    lastError = refused.message;
    if (Date.now() > deadline) {
      const log = readLog();
      await stop();
      throw new Error(`PgBouncer on port ${port} did not answer a query within ${startTimeoutMs} ms (${lastError}): ${log.trim()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }

  return { host: '127.0.0.1', port, pid: child.pid!, dir, url, log: readLog, stop };
}
