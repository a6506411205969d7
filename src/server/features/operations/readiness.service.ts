import { sql } from 'drizzle-orm';
import { readiness } from '../../../domain/operations/operations-rules';
import type { Db } from '../../db/client';

export interface ReadinessDeps {
  db: Db;
  /** The migrations this version ships. */
  shippedMigrations: readonly string[];
  /** Whether this process's job queue is started (and not stopped). */
  jobsRunning: () => boolean;
  /** How long the database may take to answer (default 2 s). */
  databaseTimeoutMs?: number;
}

/** Resolves with the promise's value, or rejects after `ms` (the query itself is left to end). */
function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * GET /api/ready (decision 042): the database answers within a couple of seconds, every migration
 * this version ships is applied (one statement does both), and this process's job queue runs.
 */
export async function checkReadiness(deps: ReadinessDeps) {
  let database = false;
  let migrations = false;
  try {
    const result = await within(deps.db.execute<{ applied: number }>(sql`select count(*)::int as applied from drizzle.__drizzle_migrations`), deps.databaseTimeoutMs ?? 2000);
    database = true;
    migrations = Number(result.rows[0]?.applied) === deps.shippedMigrations.length;
  } catch {
    // unreachable, or too slow: not ready
  }
  return readiness({ database, migrations, jobs: deps.jobsRunning() });
}
