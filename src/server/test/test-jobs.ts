import type pg from 'pg';
import type { Database } from '../db/client';
import { createLogger } from '../logger';
import { startJobQueue, type JobDefinition, type JobQueue } from '../jobs/job-queue';

/** The connection settings of a test database's pool (for a second process's own pool). */
export function connectionOf(database: Database): pg.PoolConfig {
  const { max: _max, ...config } = (database.pool as unknown as { options: pg.PoolConfig }).options;
  return config;
}

/** A job queue on the test database, as an app process would start it (quiet logs, fast polling). */
export function startTestJobQueue(database: Database, jobs: readonly JobDefinition[], options: { work?: boolean } = {}): Promise<JobQueue> {
  return startJobQueue({ connection: connectionOf(database), logger: createLogger('silent'), jobs, work: options.work ?? true, pollingIntervalSeconds: 0.5 });
}
