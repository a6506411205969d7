import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { JobQueueStatus } from '../../../domain/operations/system-status';
import { shortError } from '../../../domain/operations/operations-rules';
import { migrationsFolder, type Db } from '../../db/client';

/**
 * What the database says about the app's health (issue 30, decision 042): backups, WAL archiving,
 * the job queues, the mail outbox, the migrations. Read in two statements per collect (one
 * when pg-boss has not made its tables yet), whatever the number of rows; /metrics and
 * GET /api/admin/system both read them, through one short cache (2 s) (createDatabaseFiguresReader).
 */
export interface BackupEventFigure {
  at: Date;
  ok: boolean;
  bytes: number | null;
  seconds: number;
  error: string | null;
  detail: string | null;
}

export interface DatabaseFigures {
  /** The database's own clock when it was asked. */
  now: Date;
  serverVersion: string;
  migrationsApplied: number;
  archiver: { lastArchivedAt: Date | null; failedCount: number; lastFailedAt: Date | null };
  mail: { backlog: number; failing: number; sentLastDay: number; lastError: string | null; lastErrorAt: Date | null };
  /** Base backups, newest first (at most HISTORY_SIZE). */
  backups: BackupEventFigure[];
  lastGoodBackupAt: Date | null;
  lastDrill: BackupEventFigure | null;
  jobs: JobQueueStatus[];
}

/** How many base backups the history keeps (a month of daily ones). */
export const HISTORY_SIZE = 30;

/** The migrations this version of the app ships, from drizzle's journal, in order. */
export function shippedMigrations(folder = migrationsFolder): string[] {
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as { entries: Array<{ tag: string }> };
  return journal.entries.map((e) => e.tag);
}

const toDate = (value: unknown): Date | null => (value === null || value === undefined ? null : new Date(value as string));
const toNumber = (value: unknown): number | null => (value === null || value === undefined || value === '' || Number.isNaN(Number(value)) ? null : Number(value));

/** What the mail outbox waits before another try after `attempts` failures (src/server/mail/outbox.ts). */
const mailBackoffSeconds = (attempts: number) => Math.min(3600, 15 * 2 ** (attempts - 1));

interface EventRow {
  started_at: string;
  finished_at: string;
  ok: boolean;
  error: string | null;
  detail: Record<string, unknown> | null;
}

function eventFigure(row: EventRow): BackupEventFigure {
  const finished = new Date(row.finished_at);
  const detail = row.detail ?? {};
  const figures = Object.entries(detail)
    .filter(([, v]) => v !== null && typeof v !== 'object')
    .map(([k, v]) => `${k}: ${String(v)}`)
    .join(', ');
  const words = typeof detail.summary === 'string' ? detail.summary : figures || null;
  return {
    at: finished,
    ok: row.ok,
    bytes: toNumber(detail.bytes),
    seconds: Math.max(0, (finished.getTime() - new Date(row.started_at).getTime()) / 1000),
    error: shortError(row.error),
    detail: shortError(row.error ?? words),
  };
}

export async function readDatabaseFigures(db: Db): Promise<DatabaseFigures> {
  const main = await db.execute<{
    now: string;
    server_version: string;
    migrations_applied: number;
    has_jobs: boolean;
    archiver: { last_archived_time: string | null; failed_count: number; last_failed_time: string | null } | null;
    backlog: number;
    failing: number;
    sent_last_day: number;
    mail_error: { last_error: string; attempts: number; next_attempt_at: string } | null;
    backups: EventRow[];
    last_good: string | null;
    last_drill: EventRow | null;
  }>(sql`
    select now() as now,
      current_setting('server_version') as server_version,
      (select count(*)::int from drizzle.__drizzle_migrations) as migrations_applied,
      to_regclass('pgboss.job') is not null as has_jobs,
      (select row_to_json(a) from (select last_archived_time, failed_count, last_failed_time from pg_stat_archiver) a) as archiver,
      (select count(*)::int from mail_outbox where sent_at is null) as backlog,
      (select count(*)::int from mail_outbox where sent_at is null and attempts > 0) as failing,
      -- a mail is sent within about an hour of being written (outbox.ts backoff): its row is recent
      (select count(*)::int from mail_outbox where created_at > now() - interval '3 days' and sent_at > now() - interval '1 day') as sent_last_day,
      (select row_to_json(m) from (select last_error, attempts, next_attempt_at from mail_outbox
         where sent_at is null and last_error is not null order by next_attempt_at desc limit 1) m) as mail_error,
      (select coalesce(json_agg(b), '[]'::json) from (select started_at, finished_at, ok, error, detail from backup_events
         where kind = 'base-backup' order by finished_at desc limit ${HISTORY_SIZE}) b) as backups,
      (select max(finished_at) from backup_events where kind = 'base-backup' and ok) as last_good,
      (select row_to_json(d) from (select started_at, finished_at, ok, error, detail from backup_events
         where kind = 'restore-drill' order by finished_at desc limit 1) d) as last_drill`);
  const row = main.rows[0]!;
  const jobs = row.has_jobs ? await readJobQueues(db) : [];
  const mailError = row.mail_error;
  return {
    now: new Date(row.now),
    serverVersion: row.server_version,
    migrationsApplied: Number(row.migrations_applied),
    archiver: {
      lastArchivedAt: toDate(row.archiver?.last_archived_time),
      failedCount: Number(row.archiver?.failed_count ?? 0),
      lastFailedAt: toDate(row.archiver?.last_failed_time),
    },
    mail: {
      backlog: Number(row.backlog),
      failing: Number(row.failing),
      sentLastDay: Number(row.sent_last_day),
      lastError: shortError(mailError?.last_error),
      lastErrorAt: mailError ? new Date(new Date(mailError.next_attempt_at).getTime() - mailBackoffSeconds(mailError.attempts) * 1000) : null,
    },
    backups: row.backups.map(eventFigure),
    lastGoodBackupAt: toDate(row.last_good),
    lastDrill: row.last_drill ? eventFigure(row.last_drill) : null,
    jobs,
  };
}

/**
 * Every queue pg-boss knows (pgboss.queue), with its jobs by state in one pass over the jobs
 * that are not finished (pg-boss's state index) and the failures of the last day.
 */
async function readJobQueues(db: Db): Promise<JobQueueStatus[]> {
  const result = await db.execute<{
    queue: string;
    waiting: number;
    active: number;
    failed_last_day: number;
    oldest_due: string | null;
    last_failed_at: string | null;
    last_error: string | null;
    now: string;
  }>(sql`
    with counts as (
      select name,
        count(*) filter (where state in ('created', 'retry'))::int as waiting,
        count(*) filter (where state = 'active')::int as active,
        count(*) filter (where state = 'failed')::int as failed_last_day,
        min(start_after) filter (where state in ('created', 'retry') and start_after <= now()) as oldest_due,
        max(completed_on) filter (where state = 'failed') as last_failed_at
      from pgboss.job
      where state in ('created', 'retry', 'active') or (state = 'failed' and completed_on > now() - interval '1 day')
      group by name)
    select q.name as queue, coalesce(c.waiting, 0) as waiting, coalesce(c.active, 0) as active,
      coalesce(c.failed_last_day, 0) as failed_last_day, c.oldest_due, c.last_failed_at, now() as now,
      (select coalesce(f.output->>'message', f.output::text) from pgboss.job f
         where f.name = q.name and f.state = 'failed' and c.last_failed_at is not null
         order by f.completed_on desc limit 1) as last_error
    from pgboss.queue q left join counts c on c.name = q.name
    order by q.name`);
  return result.rows.map((r) => {
    const now = new Date(r.now).getTime();
    return {
      queue: r.queue,
      waiting: Number(r.waiting),
      active: Number(r.active),
      failedLastDay: Number(r.failed_last_day),
      oldestWaitingSeconds: r.oldest_due ? Math.max(0, (now - new Date(r.oldest_due).getTime()) / 1000) : null,
      lastFailedAt: r.last_failed_at ? new Date(r.last_failed_at).toISOString() : null,
      lastError: shortError(r.last_error),
    };
  });
}

/**
 * The figures, asked of the database at most once every `ttlMs` (several scrapes, the admin page
 * and Prometheus at once share one read), and one read at a time.
 */
export function createDatabaseFiguresReader(db: Db, ttlMs = 2000): () => Promise<DatabaseFigures> {
  let cached: { at: number; figures: DatabaseFigures } | null = null;
  let reading: Promise<DatabaseFigures> | null = null;
  return async () => {
    if (cached && performance.now() - cached.at < ttlMs) return cached.figures;
    reading ??= readDatabaseFigures(db)
      .then((figures) => {
        cached = { at: performance.now(), figures };
        return figures;
      })
      .finally(() => {
        reading = null;
      });
    return reading;
  };
}
