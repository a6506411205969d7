// Tolerant reads on a hot standby (DATABASE_REPLICA_URL, decision 028): public reads that may lag
// a second go to the replica, except a browser's reads right after its own write, which stay on
// the primary until the replica has replayed that write (read-your-writes, by WAL position).
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Logger } from '../logger';
import { schema, withGenericPlans, type Database, type Db } from './client';
import { requestIsHttps } from '../http/request-client';
import { connectionForUrl, trackPool } from './primary-locator';

/** Set after a write: the primary's WAL position once that write had committed, in hexadecimal (cookie-safe). */
export const WROTE_COOKIE = 'caucus_wrote';
/** Far longer than the lag the replica is allowed (maxLagMs): past it the replica has the write anyway. */
export const WROTE_COOKIE_SECONDS = 60;
/** What the cookie says when the primary's position could not be read: this browser reads the primary. */
const EVERYTHING = 'ffffffffffffffff';

export interface ReplicaRoutingOptions {
  /** How old the replica's replay position may get before a read asks for it again (ms). */
  refreshMs?: number;
  /** A state older than this (no answer since) is not trusted: reads go to the primary (ms). */
  staleMs?: number;
  /** Past this lag behind the primary, the replica is left alone (ms). */
  maxLagMs?: number;
  /** A replica found down is asked again after this long, not at every read (ms). */
  retryDownMs?: number;
  /** How long the status query may take before the replica counts as down (ms). */
  statusTimeoutMs?: number;
  now?: () => number;
}

export const REPLICA_DEFAULTS = { refreshMs: 25, staleMs: 1000, maxLagMs: 1000, retryDownMs: 1000, statusTimeoutMs: 1000 } as const;

export type ReplicaState =
  | { usable: true; reason: 'ok'; replayLsn: bigint; lagMs: number; checkedAt: number }
  | { usable: false; reason: 'unchecked' | 'down' | 'lagging' | 'not-standby'; replayLsn: bigint | null; lagMs: number | null; checkedAt: number };

/** The Db a request's tolerant reads use. */
export type ReadDbFor = (c: Context) => Db;

export interface ReadReplica {
  /** The replica (through its fallback) for a GET or HEAD, unless this browser wrote what it has not replayed yet. */
  readDbFor: ReadDbFor;
  /** For reads shared by every visitor (a process-wide cache): the replica when usable, else the primary. */
  tolerantDb: Db;
  /** Sets the `caucus_wrote` cookie after every successful write. */
  markWrites: MiddlewareHandler;
  /** Asks the replica for its position and lag now (start-up, tests). */
  refresh(): Promise<ReplicaState>;
  state(): ReplicaState;
  close(): Promise<void>;
}

/** A WAL position as PostgreSQL writes it (`16/B374D848`), as one number; null if it is not one. */
export function parseLsn(text: string | null | undefined): bigint | null {
  const m = text ? /^([0-9A-F]{1,8})\/([0-9A-F]{1,8})$/i.exec(text) : null;
  return m ? (BigInt(`0x${m[1]}`) << 32n) | BigInt(`0x${m[2]}`) : null;
}

/** The position a `caucus_wrote` cookie carries; null for anything else. */
export function parseWroteCookie(value: string | undefined): bigint | null {
  return value && /^[0-9a-f]{1,16}$/i.test(value) ? BigInt(`0x${value}`) : null;
}

// One round trip: is it a standby, how far has it replayed, and how far behind is it. The lag is
// 0 while it has replayed all it received from a live WAL receiver (an idle primary sends nothing,
// so the time since the last replayed commit would grow without any lag); otherwise it is the age
// of the last replayed commit. The receiver's pid is the one column every role may read.
const STATUS_SQL = `select pg_is_in_recovery() as standby,
  pg_last_wal_replay_lsn()::text as replay,
  case when pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() and exists (select 1 from pg_stat_wal_receiver) then 0
       else extract(epoch from clock_timestamp() - pg_last_xact_replay_timestamp()) * 1000 end as lag_ms`;

// The insert position, not the write position (pg_current_wal_lsn): with asynchronous commit a
// committed transaction's record may not be written out yet, but it is always inserted. At an
// idle page boundary it can stand a page header past the last record: reads then stay on the
// primary until the next record, never the reverse.
const PRIMARY_LSN_SQL = 'select pg_current_wal_insert_lsn()::text as lsn';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * An error the replica gave that the primary would not: it is down or unreachable (anything that
 * is not an error PostgreSQL sent), shutting down, out of connections, or — fallback without
 * blame — a query cancelled by replay (40001, 57014) or a write that reached it (25006).
 */
function replicaFault(error: unknown): 'down' | 'retry' | null {
  if (!(error instanceof pg.DatabaseError)) return 'down';
  const code = error.code ?? '';
  if (/^(08|53|57P|58)/.test(code)) return 'down';
  if (code === '40001' || code === '57014' || code === '25006') return 'retry';
  return null;
}

/**
 * The replica's pool as drizzle sees it: every query goes to the replica while it is usable, and
 * to the primary when it is not, or when the replica fails that query. drizzle calls `query` for
 * a statement and `connect` for a transaction (its name must contain "Pool" for that).
 */
class ReplicaFallbackPool {
  constructor(
    private readonly replica: pg.Pool,
    private readonly primary: pg.Pool,
    private readonly usable: () => boolean,
    private readonly failed: (error: unknown, fault: 'down' | 'retry') => void,
  ) {}

  async query(config: pg.QueryConfig, values?: unknown[]): Promise<pg.QueryResult> {
    if (!this.usable()) return this.primary.query(config, values);
    try {
      return await this.replica.query(config, values);
    } catch (error) {
      const fault = replicaFault(error);
      if (!fault) throw error;
      this.failed(error, fault);
      return this.primary.query(config, values);
    }
  }

  async connect(): Promise<pg.PoolClient> {
    if (!this.usable()) return this.primary.connect();
    try {
      return await this.replica.connect();
    } catch (error) {
      this.failed(error, 'down');
      return this.primary.connect();
    }
  }
}

export interface ReadReplicaDeps extends ReplicaRoutingOptions {
  /** The primary: writes, the session, everything not tolerant, and every fallback. */
  primary: Pick<Database, 'db' | 'pool'>;
  /** A pool on the hot standby. close() ends it. */
  replica: pg.Pool;
  logger: Logger;
}

/** Routing between the primary and a hot standby of it; see the file's first lines. */
export function createReadReplica(deps: ReadReplicaDeps): ReadReplica {
  const o = {
    refreshMs: deps.refreshMs ?? REPLICA_DEFAULTS.refreshMs,
    staleMs: deps.staleMs ?? REPLICA_DEFAULTS.staleMs,
    maxLagMs: deps.maxLagMs ?? REPLICA_DEFAULTS.maxLagMs,
    retryDownMs: deps.retryDownMs ?? REPLICA_DEFAULTS.retryDownMs,
    statusTimeoutMs: deps.statusTimeoutMs ?? REPLICA_DEFAULTS.statusTimeoutMs,
  };
  const now = deps.now ?? Date.now;
  const { logger, replica, primary } = deps;
  // An idle connection to a replica that restarts must not crash the process.
  replica.on('error', () => undefined);

  let state: ReplicaState = { usable: false, reason: 'unchecked', replayLsn: null, lagMs: null, checkedAt: 0 };
  let refreshing: Promise<ReplicaState> | null = null;

  // Once a minute at most per kind of trouble, not once per request.
  const lastLogged = new Map<string, number>();
  const logOncePerMinute = (key: string, log: () => void) => {
    const at = now();
    const last = lastLogged.get(key);
    if (last !== undefined && at - last < 60_000) return;
    lastLogged.set(key, at);
    log();
  };

  const setState = (next: ReplicaState, error?: unknown) => {
    if (!next.usable && (state.usable || state.reason !== next.reason)) {
      logOncePerMinute(`unusable:${next.reason}`, () =>
        logger.warn(
          { reason: next.reason, lagMs: next.lagMs, err: error instanceof Error ? error.message : undefined },
          'read replica: not used, tolerant reads go to the primary',
        ),
      );
    } else if (next.usable && !state.usable && state.reason !== 'unchecked') {
      logOncePerMinute('usable', () => logger.info({ lagMs: next.lagMs }, 'read replica: in use again'));
    }
    state = next;
  };

  const down = (error: unknown) => setState({ usable: false, reason: 'down', replayLsn: state.replayLsn, lagMs: null, checkedAt: now() }, error);

  // pg honours a query's own query_timeout; its types do not list it.
  const statusQuery = { text: STATUS_SQL, query_timeout: o.statusTimeoutMs } as pg.QueryConfig;
  const refresh = (): Promise<ReplicaState> => {
    if (refreshing) return refreshing;
    refreshing = replica
      .query<{ standby: boolean; replay: string | null; lag_ms: string | number | null }>(statusQuery)
      .then(
        ({ rows: [row] }) => {
          const checkedAt = now();
          const replayLsn = parseLsn(row?.replay);
          if (!row?.standby || replayLsn === null) {
            setState({ usable: false, reason: 'not-standby', replayLsn: null, lagMs: null, checkedAt });
            return;
          }
          // No commit replayed since the standby started, and not caught up: the lag is unknown.
          const lagMs = row.lag_ms === null ? Number.POSITIVE_INFINITY : Math.max(0, Number(row.lag_ms));
          setState(lagMs <= o.maxLagMs ? { usable: true, reason: 'ok', replayLsn, lagMs, checkedAt } : { usable: false, reason: 'lagging', replayLsn, lagMs, checkedAt });
        },
        (error: unknown) => down(error),
      )
      .then(() => state)
      .finally(() => {
        refreshing = null;
      });
    return refreshing;
  };

  /** Starts one refresh in the background when the state is due; a read never waits for it. */
  const refreshIfDue = () => {
    const age = now() - state.checkedAt;
    if (!refreshing && age >= (state.reason === 'down' ? o.retryDownMs : o.refreshMs)) void refresh();
    return age;
  };

  const replicaUsable = () => {
    const age = refreshIfDue();
    return state.usable && age < o.staleMs;
  };

  const onFailure = (error: unknown, fault: 'down' | 'retry') => {
    if (fault === 'down') return down(error);
    const code = (error as { code?: string }).code;
    // A write that reached the replica is a routing mistake to fix; a cancelled read is replay's doing.
    if (code === '25006') logOncePerMinute('read-only', () => logger.error({ err: (error as Error).message }, 'read replica: a write was sent to it; it ran on the primary'));
    else logOncePerMinute(`retry:${code}`, () => logger.warn({ code }, 'read replica: a read failed there and ran on the primary'));
  };

  const tolerantDb: Db = drizzle(new ReplicaFallbackPool(replica, primary.pool, replicaUsable, onFailure) as unknown as pg.Pool, { schema });

  const readDbFor: ReadDbFor = (c) => {
    const method = c.req.method;
    if (method !== 'GET' && method !== 'HEAD') return primary.db;
    if (c.req.header('cookie')?.includes(WROTE_COOKIE)) {
      const wrote = parseWroteCookie(getCookie(c, WROTE_COOKIE));
      // A value that is no position (edited by hand) is ignored: it can only concern this browser.
      if (wrote !== null && (state.replayLsn === null || state.replayLsn < wrote)) {
        refreshIfDue();
        return primary.db;
      }
    }
    return tolerantDb;
  };

  const markWrites: MiddlewareHandler = async (c, next) => {
    await next();
    const wrote =
      (WRITE_METHODS.has(c.req.method) && c.res.status < 400) ||
      // A GET can sign in (the email confirmation link): the next reads are the new session's.
      c.res.headers.getSetCookie().some((cookie) => /^[^=]*session_token=[^;]/.test(cookie));
    if (!wrote) return;
    let lsn = EVERYTHING;
    try {
      const { rows } = await primary.pool.query<{ lsn: string }>(PRIMARY_LSN_SQL);
      lsn = parseLsn(rows[0]?.lsn)?.toString(16) ?? EVERYTHING;
    } catch (error) {
      logOncePerMinute('primary-lsn', () => logger.warn({ err: (error as Error).message }, 'read replica: the WAL position after a write could not be read'));
    }
    setCookie(c, WROTE_COOKIE, lsn, { path: '/', httpOnly: true, sameSite: 'Lax', maxAge: WROTE_COOKIE_SECONDS, secure: requestIsHttps(c) });
  };

  return {
    readDbFor,
    tolerantDb,
    markWrites,
    refresh,
    state: () => state,
    close: async () => {
      await refreshing?.catch(() => undefined);
      await replica.end();
    },
  };
}

/** Opens a pool on DATABASE_REPLICA_URL and routes between it and the primary; asks it once before returning. */
export async function openReadReplica(options: { url: string; primary: Pick<Database, 'db' | 'pool'>; logger: Logger; poolMax?: number }): Promise<ReadReplica> {
  // Several standbys may be listed as libpq does (target_session_attrs=prefer-standby or standby,
  // decision 046): the pool follows the one that will do. A replica that does not answer must
  // cost a read little: after 2 s it counts as down.
  const { config } = connectionForUrl(options.url, { connectTimeoutMs: 2000 });
  const replica = new pg.Pool(
    withGenericPlans({
      ...config,
      max: options.poolMax ?? 10,
      // (A following Client bounds its own wait; pg-pool's timer would cut its search short.)
      ...(config.Client ? {} : { connectionTimeoutMillis: 2000 }),
      application_name: 'caucus tolerant reads',
    }),
  );
  trackPool(config.Client, replica);
  const readReplica = createReadReplica({ primary: options.primary, replica, logger: options.logger });
  const first = await readReplica.refresh();
  if (first.usable) options.logger.info({ lagMs: first.lagMs }, 'read replica: tolerant reads go to DATABASE_REPLICA_URL');
  return readReplica;
}
