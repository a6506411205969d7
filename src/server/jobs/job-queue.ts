import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { PgBoss, fromDrizzle, type QueuePolicy } from 'pg-boss';
import type { DbOrTx } from '../db/client';
import { loggableError, type Logger } from '../logger';

/**
 * Background work on pg-boss, a job queue kept in the app's own PostgreSQL (schema `pgboss`,
 * decision 024): reminders, digests, delivery of notifications and their retries. pg-boss
 * hands each job to exactly one worker whatever the number of app processes (it claims rows
 * with `for update skip locked`), and its cron runs each schedule once per occurrence across
 * processes. Nothing here decides *what* a job does: each feature gives a handler.
 */

export interface JobDefinition {
  name: string;
  /**
   * 'stately': at most one waiting and one running job (a "wake up and deliver what is due"
   * job: sending it again while one waits changes nothing). Default 'standard'.
   */
  policy?: QueuePolicy;
  /** A cron expression (UTC): pg-boss sends the job at each occurrence, once across processes. */
  cron?: string;
  /** Tries after a failure (with backoff). Default 3. */
  retryLimit?: number;
  /** Seconds a run may take before it is retried. Default 300. */
  expireInSeconds?: number;
  handler: (data: unknown) => Promise<void>;
}

export interface JobQueue {
  /**
   * Queues a job now (or after `startAfterSeconds`); with a `singletonKey`, one job per key at a
   * time. With `tx`, the job is written in that transaction: it exists exactly when the change
   * that asked for it commits.
   */
  send(name: string, data?: object | null, options?: { startAfterSeconds?: number; singletonKey?: string; tx?: DbOrTx }): Promise<void>;
  stop(): Promise<void>;
  /** Whether the queue is started and not stopped (GET /api/ready); a queue without it counts as running. */
  isRunning?(): boolean;
}

export interface JobQueueOptions {
  connection: pg.PoolConfig | string;
  logger: Logger;
  jobs: readonly JobDefinition[];
  /** Run the workers in this process (false: only send jobs). Default true. */
  work?: boolean;
  /** Seconds between polls of an idle queue when no NOTIFY wakes it (default 2). */
  pollingIntervalSeconds?: number;
}

export async function startJobQueue(options: JobQueueOptions): Promise<JobQueue> {
  const { logger, jobs, work = true } = options;
  const connection = typeof options.connection === 'string' ? { connectionString: options.connection } : options.connection;
  const boss = new PgBoss({
    ...(connection as object),
    schema: 'pgboss',
    max: 4,
    application_name: 'caucus-jobs',
    // pg-boss's LISTEN connection is a plain pg.Client on the first host: with several hosts
    // (decision 046) the queue polls instead (every 2 s); its pool follows the primary.
    useListenNotify: !(connection as pg.PoolConfig).Client,
    // Cron occurrences are checked often so a minute's schedule is not late by half a minute.
    cronMonitorIntervalSeconds: 10,
    openTelemetry: { enabled: false },
  } as ConstructorParameters<typeof PgBoss>[0]);
  boss.on('error', (e: unknown) => {
    // PostgreSQL shutting down (the embedded server stops with the app): not a fault of a job.
    if ((e as { code?: string }).code === '57P01') logger.warn('job queue: the database is shutting down');
    else logger.error({ err: loggableError(e) }, 'job queue error');
  });
  await boss.start();

  for (const job of jobs) {
    await boss.createQueue(job.name, {
      policy: job.policy ?? 'standard',
      retryLimit: job.retryLimit ?? 3,
      retryBackoff: true,
      expireInSeconds: job.expireInSeconds ?? 300,
      notify: true,
    });
    if (job.cron) await boss.schedule(job.name, job.cron, null, { tz: 'UTC' });
    else await boss.unschedule(job.name).catch(() => undefined);
    if (work) {
      const polling = options.pollingIntervalSeconds ?? 2;
      await boss.work(
        job.name,
        // Up to 10 jobs per fetch, run one after another (a failure makes pg-boss retry the
        // fetch's jobs: every handler here is safe to run again).
        { pollingIntervalSeconds: polling, notifyPollingIntervalSeconds: polling, batchSize: 10 },
        async (batch) => {
          for (const one of batch) {
            try {
              await job.handler(one.data);
            } catch (e) {
              logger.error({ err: loggableError(e), job: job.name }, 'job failed (pg-boss retries it)');
              throw e;
            }
          }
        },
      );
    }
  }

  let running = true;
  boss.on('stopped', () => {
    running = false;
  });
  return {
    isRunning: () => running,
    async send(name, data = null, sendOptions = {}) {
      await boss.send(name, data, {
        ...(sendOptions.startAfterSeconds ? { startAfter: sendOptions.startAfterSeconds } : {}),
        ...(sendOptions.singletonKey ? { singletonKey: sendOptions.singletonKey } : {}),
        ...(sendOptions.tx ? { db: fromDrizzle(sendOptions.tx as Parameters<typeof fromDrizzle>[0], sql) } : {}),
      });
    },
    async stop() {
      running = false;
      await boss.stop({ graceful: true, timeout: 10_000, close: true });
    },
  };
}
