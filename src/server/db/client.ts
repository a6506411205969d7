import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { withAfterCommit } from './after-commit';
import { carryNotesWithCommit } from './pipelined-transaction';
import { preparedStatementsOn } from './prepared-statements';
import { connectionForUrl, trackPool } from './primary-locator';
import * as auth from './schema/auth';
import * as caucuses from './schema/caucuses';
import * as challenges from './schema/challenges';
import * as debates from './schema/debates';
import * as payments from './schema/payments';
import * as platform from './schema/platform';
import * as notifications from './schema/notifications';
import * as points from './schema/points';
import * as social from './schema/social';

export const schema = { ...auth, ...caucuses, ...points, ...payments, ...social, ...debates, ...challenges, ...platform, ...notifications };
export type Db = NodePgDatabase<typeof schema>;
/** A database handle or an open transaction: services accept either. */
export type DbOrTx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

export type ConnectionConfig = string | pg.PoolConfig;

export interface Database {
  db: Db;
  pool: pg.Pool;
  close(): Promise<void>;
}

/**
 * The app's named statements (the session lookup, src/server/db/prepared-statements.ts) are
 * the ones whose planning costs more than running them: PostgreSQL gives them its generic plan
 * from their first run instead of weighing custom plans each time, which it kept doing for the
 * badge figures (decision 034). Unnamed statements are planned on each call, as before.
 */
export function withGenericPlans(config: pg.PoolConfig): pg.PoolConfig {
  // PgBouncer refuses a startup option it does not know, and has no named statements to plan.
  if (!preparedStatementsOn()) return config;
  return { ...config, options: [config.options, '-c plan_cache_mode=force_generic_plan'].filter(Boolean).join(' ') };
}

/** A connection's config as an object: a URL with several hosts gets a Client that follows the primary. */
export function poolConfigOf(connection: ConnectionConfig): pg.PoolConfig {
  return typeof connection === 'string' ? connectionForUrl(connection).config : { ...connection };
}

/** One client of a connection (with the connection's own Client class when it follows a primary). */
export function newClient(connection: ConnectionConfig, extra: pg.ClientConfig = {}): pg.Client {
  const config = poolConfigOf(connection);
  const ClientClass = (config.Client as unknown as typeof pg.Client | undefined) ?? pg.Client;
  return new ClientClass({ ...config, ...extra });
}

/** Whether a server answers a query on a fresh connection: null when it does, else why not (one try). */
export async function whyNoAnswer(config: pg.ClientConfig): Promise<Error | null> {
  const client = new pg.Client(config);
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('select 1');
    return null;
  } catch (e) {
    return e instanceof Error ? e : new Error(String(e));
  } finally {
    await client.end().catch(() => undefined);
  }
}

export function openDatabase(
  connection: ConnectionConfig,
  options: {
    max?: number;
    /** Each connection is a server session of its own (no PgBouncer in transaction mode between): live events leave with COMMIT (`carryNotesWithCommit`). */
    sessions?: boolean;
  } = {},
): Database {
  const config = poolConfigOf(connection);
  // Pipeline mode: a statement sent before the previous one's answer leaves at once instead of
  // waiting for it, so a transaction's BEGIN and COMMIT ride with its statements
  // (pipelined-transaction.ts, issue 33). Statements awaited one by one run as before.
  const pool = new pg.Pool(withGenericPlans({ max: options.max ?? 10, ...config, pipeline: true }));
  trackPool(config.Client, pool);
  // An idle client losing its connection must not crash the process.
  pool.on('error', () => undefined);
  if (options.sessions) carryNotesWithCommit(pool);
  // Live events are sent after their write commits (src/server/realtime/publish.ts).
  const db = withAfterCommit(drizzle(pool, { schema }));
  return { db, pool, close: () => pool.end() };
}

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** The advisory lock key that lets one process at a time migrate a database. */
export const MIGRATION_LOCK_KEY = 0x6361_7563; // 'cauc'

/**
 * Brings the database to the latest migration. Several processes may start at once against the
 * same database (app servers behind a balancer, a bench attaching to a starting app): one
 * migrates while the others wait on a session advisory lock, then find nothing left to do.
 * Without it, the second saw the tables missing, ran the same migrations, and failed on
 * "already exists". The lock is held on a connection of its own (the pool may have only one),
 * so it goes with that connection whatever happens.
 */
export async function migrateDatabase(db: Db, lockConnection?: ConnectionConfig): Promise<void> {
  // Behind PgBouncer in transaction mode a session lock needs the direct connection (DATABASE_DIRECT_URL).
  const lock = newClient(lockConnection ?? (db as unknown as { $client: pg.Pool }).$client.options);
  lock.on('error', () => undefined);
  await lock.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migrate(db, { migrationsFolder });
  } finally {
    await lock.end().catch(() => undefined);
  }
}

/** The PostgreSQL error behind a drizzle error (drizzle wraps it in `cause`). */
export function pgErrorOf(error: unknown): { code?: string; constraint?: string } | undefined {
  let e: unknown = error;
  for (let i = 0; i < 3 && e && typeof e === 'object'; i++) {
    const candidate = e as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return candidate as { code?: string; constraint?: string };
    }
    e = candidate.cause;
  }
  return undefined;
}
