import { readFileSync } from 'node:fs';
import { statfs } from 'node:fs/promises';
import { AggregatorRegistry, Gauge, Registry } from 'prom-client';
import { ageSeconds, backupOverdue } from '../../../domain/operations/operations-rules';
import type { SystemStatus } from '../../../domain/operations/system-status';
import type { DatabaseFigures } from './database-figures';
import { figureOf, type ProcessMetricsJson } from './process-metrics';
import { aggregateProcessMetrics } from './cluster-metrics';

/**
 * The figures of /metrics and GET /api/admin/system, from the same collectors (issue 30, decision
 * 042): the database's (database-figures.ts, one read per few seconds), every process's
 * (process-metrics.ts, summed across a cluster) and the data folder's disk.
 */
export interface OperationsSettings {
  backupTool: 'embedded' | 'pgbackrest' | null;
  backupScheduleHours: number;
  backupRetentionDays: number | null;
  /** DATA_DIR: its disk's free and total bytes (the disk alert). Null: not watched (tests). */
  dataDir: string | null;
  databaseMode: 'embedded' | 'url';
  workers: number;
}

export interface OperationsDeps {
  settings: OperationsSettings;
  /** The database's figures (cached); throws when the database does not answer. */
  databaseFigures: () => Promise<DatabaseFigures>;
  /** Every process's own figures: this one's alone, or each worker's of the cluster. */
  processFigures: () => Promise<ProcessMetricsJson[]>;
  /** The migrations this version ships (their names, in order). */
  shippedMigrations: readonly string[];
  now: () => Date;
}

export const APP_VERSION: string = (() => {
  try {
    return (JSON.parse(readFileSync(new URL('../../../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
  } catch {
    return 'unknown';
  }
})();

/** When this process started. */
const STARTED_AT = new Date(Date.now() - process.uptime() * 1000);

export async function diskOf(folder: string | null): Promise<{ freeBytes: number; totalBytes: number } | null> {
  if (!folder) return null;
  try {
    const s = await statfs(folder);
    return { freeBytes: s.bavail * s.bsize, totalBytes: s.blocks * s.bsize };
  } catch {
    return null; // not made yet, or gone: the figure is absent rather than wrong
  }
}

/** GET /api/admin/system's answer. */
export async function systemStatus(deps: OperationsDeps): Promise<SystemStatus> {
  const [figures, parts, disk] = await Promise.all([deps.databaseFigures(), deps.processFigures(), diskOf(deps.settings.dataDir)]);
  const processes = await aggregateProcessMetrics(parts);
  const { settings } = deps;
  const now = figures.now;
  const lastBackup = figures.backups[0] ?? null;
  const lag = figureOf(processes, 'caucus_replica_lag_seconds');
  const applied = figures.migrationsApplied;
  return {
    version: APP_VERSION,
    migration: { latest: deps.shippedMigrations[applied - 1] ?? 'none', count: applied },
    startedAt: STARTED_AT.toISOString(),
    nodeVersion: process.version,
    workers: settings.workers,
    database: { mode: settings.databaseMode, reachable: true, serverVersion: figures.serverVersion, replicaLagSeconds: lag },
    backups: {
      tool: settings.backupTool,
      scheduleHours: settings.backupScheduleHours,
      retentionDays: settings.backupTool ? settings.backupRetentionDays : null,
      lastBackupAt: lastBackup?.at.toISOString() ?? null,
      lastBackupOk: lastBackup?.ok ?? null,
      lastBackupError: lastBackup && !lastBackup.ok ? lastBackup.error : null,
      overdue: backupOverdue({ configured: settings.backupTool !== null, lastOkAt: figures.lastGoodBackupAt, scheduleHours: settings.backupScheduleHours, now }),
      lastArchivedWalAt: figures.archiver.lastArchivedAt?.toISOString() ?? null,
      archiveFailedCount: figures.archiver.failedCount,
      lastArchiveFailedAt: figures.archiver.lastFailedAt?.toISOString() ?? null,
      lastDrill: figures.lastDrill ? { at: figures.lastDrill.at.toISOString(), ok: figures.lastDrill.ok, detail: figures.lastDrill.detail } : null,
      history: figures.backups.map((b) => ({ at: b.at.toISOString(), ok: b.ok, bytes: b.bytes, seconds: b.seconds })),
    },
    jobs: figures.jobs,
    mail: {
      backlog: figures.mail.backlog,
      failing: figures.mail.failing,
      sentLastDay: figures.mail.sentLastDay,
      lastError: figures.mail.lastError,
      lastErrorAt: figures.mail.lastErrorAt?.toISOString() ?? null,
    },
    liveStreams: figureOf(processes, 'caucus_live_streams') ?? 0,
    disk,
    memory: {
      rssBytes: figureOf(processes, 'process_resident_memory_bytes') ?? process.memoryUsage().rss,
      heapUsedBytes: figureOf(processes, 'nodejs_heap_size_used_bytes') ?? process.memoryUsage().heapUsed,
    },
  };
}

/**
 * The Prometheus text of /metrics: every process's figures summed, then the database's and the
 * disk's, read once for the scrape. A database that does not answer gives `caucus_database_up 0`
 * and leaves its figures out (Prometheus then sees them absent, not zero).
 */
export async function metricsText(deps: OperationsDeps): Promise<{ contentType: string; text: string }> {
  const [parts, figures, disk] = await Promise.all([deps.processFigures(), deps.databaseFigures().catch(() => null), diskOf(deps.settings.dataDir)]);
  // Each metric summed across the processes by its aggregator (cluster-metrics.ts), then the database's.
  const merged = Registry.merge([AggregatorRegistry.aggregate(parts), databaseRegistry(deps, figures, disk)]);
  return { contentType: merged.contentType, text: await merged.metrics() };
}

/** A gauge of one value; none at all when the value is unknown (prom-client would say 0). */
function gauge(registry: Registry, name: string, help: string, value: number | null): void {
  if (value === null) return;
  new Gauge({ name, help, registers: [registry] }).set(value);
}

function databaseRegistry(deps: OperationsDeps, figures: DatabaseFigures | null, disk: { freeBytes: number; totalBytes: number } | null): Registry {
  const r = new Registry();
  const { settings } = deps;
  new Gauge({ name: 'caucus_build_info', help: "The app's version (always 1)", labelNames: ['version'], registers: [r] }).set({ version: APP_VERSION }, 1);
  gauge(r, 'caucus_database_up', 'Whether the database answered the figures of this scrape (1) or not (0)', figures ? 1 : 0);
  if (disk) {
    gauge(r, 'caucus_data_dir_free_bytes', "Bytes free for the app on DATA_DIR's disk", disk.freeBytes);
    gauge(r, 'caucus_data_dir_size_bytes', "Size of DATA_DIR's disk in bytes", disk.totalBytes);
  }
  gauge(r, 'caucus_backup_configured', 'Whether a backup tool is configured (BACKUP_TOOL or BACKUP_DIR): 1, or 0', settings.backupTool ? 1 : 0);
  if (settings.backupTool) gauge(r, 'caucus_backup_schedule_seconds', 'Seconds between scheduled base backups (BACKUP_SCHEDULE_HOURS)', settings.backupScheduleHours * 3600);
  if (!figures) return r;
  const now = figures.now;
  gauge(r, 'caucus_migrations_applied', 'Migrations applied to the database', figures.migrationsApplied);
  gauge(r, 'caucus_migrations_shipped', 'Migrations this version of the app ships', deps.shippedMigrations.length);
  if (settings.backupTool) {
    // No good backup yet: +Inf, so "older than twice the schedule" holds from the start.
    gauge(r, 'caucus_backup_last_success_age_seconds', 'Seconds since the last good base backup finished (+Inf when there is none)', ageSeconds(figures.lastGoodBackupAt, now) ?? Number.POSITIVE_INFINITY);
    if (figures.lastGoodBackupAt) gauge(r, 'caucus_backup_last_success_timestamp_seconds', 'When the last good base backup finished (Unix time)', figures.lastGoodBackupAt.getTime() / 1000);
    const last = figures.backups[0];
    if (last) gauge(r, 'caucus_backup_last_ok', 'Whether the last base backup attempt succeeded (1) or failed (0)', last.ok ? 1 : 0);
    if (last?.bytes !== null && last?.bytes !== undefined) gauge(r, 'caucus_backup_last_size_bytes', 'Size of the last base backup in bytes', last.bytes);
  }
  if (figures.lastDrill) {
    gauge(r, 'caucus_restore_drill_last_timestamp_seconds', 'When the last restore drill finished (Unix time)', figures.lastDrill.at.getTime() / 1000);
    gauge(r, 'caucus_restore_drill_last_ok', 'Whether the last restore drill succeeded (1) or failed (0)', figures.lastDrill.ok ? 1 : 0);
  }
  gauge(r, 'caucus_wal_last_archived_age_seconds', "Seconds since PostgreSQL last archived a WAL segment (pg_stat_archiver); absent when it never did", ageSeconds(figures.archiver.lastArchivedAt, now));
  gauge(r, 'caucus_wal_archive_failed_count', 'Failed attempts to archive a WAL segment since the statistics were reset (pg_stat_archiver.failed_count)', figures.archiver.failedCount);
  gauge(r, 'caucus_mail_outbox_backlog', 'Mails written and not yet sent', figures.mail.backlog);
  gauge(r, 'caucus_mail_outbox_failing', 'Unsent mails whose sending failed at least once', figures.mail.failing);
  gauge(r, 'caucus_mail_sent_last_day', 'Mails sent in the last 24 hours', figures.mail.sentLastDay);
  const waiting = new Gauge({ name: 'caucus_job_queue_waiting', help: 'Jobs waiting to run, by queue', labelNames: ['queue'], registers: [r] });
  const active = new Gauge({ name: 'caucus_job_queue_active', help: 'Jobs running now, by queue', labelNames: ['queue'], registers: [r] });
  const failed = new Gauge({ name: 'caucus_job_queue_failed_last_day', help: 'Jobs that failed for good (retries spent) in the last 24 hours, by queue', labelNames: ['queue'], registers: [r] });
  const oldest = new Gauge({ name: 'caucus_job_queue_oldest_waiting_seconds', help: 'Seconds the oldest due job has waited to run (0 when none waits), by queue', labelNames: ['queue'], registers: [r] });
  for (const q of figures.jobs) {
    waiting.set({ queue: q.queue }, q.waiting);
    active.set({ queue: q.queue }, q.active);
    failed.set({ queue: q.queue }, q.failedLastDay);
    oldest.set({ queue: q.queue }, q.oldestWaitingSeconds ?? 0);
  }
  return r;
}
