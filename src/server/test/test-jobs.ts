import type pg from 'pg';
import { systemClock } from '../clock';
import type { Database } from '../db/client';
import { createLogger } from '../logger';
import { appJobs } from '../jobs/app-jobs';
import { startJobQueue, type JobDefinition, type JobQueue } from '../jobs/job-queue';
import { TEST_ORIGIN, testSettings } from './test-app';
import { directConnectionOf } from './test-database';

/**
 * The connection settings of a test database for a job queue or a notification hub of its own:
 * direct (not through PgBouncer when the run goes through it), as the app's DATABASE_DIRECT_URL.
 */
export function connectionOf(database: Database): pg.PoolConfig {
  const { max: _max, ...config } = directConnectionOf(database);
  return config;
}

/** A job queue on the test database, as an app process would start it (quiet logs, fast polling). */
export function startTestJobQueue(database: Database, jobs: readonly JobDefinition[], options: { work?: boolean } = {}): Promise<JobQueue> {
  return startJobQueue({ connection: connectionOf(database), logger: createLogger('silent'), jobs, work: options.work ?? true, pollingIntervalSeconds: 0.5 });
}

/** The app's own jobs (appJobs, without mail or push) on a job queue of the test database, as one app process works them. */
export async function startAppJobQueue(database: Database): Promise<JobQueue> {
  let queue: JobQueue | null = null;
  const jobs = appJobs({ db: database.db, clock: systemClock, logger: createLogger('silent'), baseUrl: TEST_ORIGIN, secret: testSettings.AUTH_SECRET, mail: null, push: null, queue: () => queue, timeZone: testSettings.APP_TIME_ZONE });
  queue = await startTestJobQueue(database, jobs);
  return queue;
}
