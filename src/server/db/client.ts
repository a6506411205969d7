import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { withAfterCommit } from './after-commit';
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

export function openDatabase(connection: ConnectionConfig, options: { max?: number } = {}): Database {
  const config: pg.PoolConfig = typeof connection === 'string' ? { connectionString: connection } : { ...connection };
  const pool = new pg.Pool({ max: options.max ?? 10, ...config });
  // An idle client losing its connection must not crash the process.
  pool.on('error', () => undefined);
  // Live events are sent after their write commits (src/server/realtime/publish.ts).
  const db = withAfterCommit(drizzle(pool, { schema }));
  return { db, pool, close: () => pool.end() };
}

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export async function migrateDatabase(db: Db): Promise<void> {
  await migrate(db, { migrationsFolder });
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
