import { z } from 'zod';

/**
 * What /admin/system shows the people who run the movement (issue 30), as GET /api/admin/system
 * answers it: the same figures /metrics gives Prometheus, in one JSON answer. Times are ISO
 * strings; a figure the app cannot know (no backups configured, no replica) is null.
 */
const isoTime = z.string();

export const backupHistoryPointSchema = z.object({
  at: isoTime,
  ok: z.boolean(),
  /** Size of the base backup in bytes, when the tool says. */
  bytes: z.number().nullable(),
  seconds: z.number(),
});

export const jobQueueStatusSchema = z.object({
  queue: z.string(),
  /** Jobs waiting to run (created or retry). */
  waiting: z.number(),
  active: z.number(),
  /** Jobs that failed for good in the last 24 hours. */
  failedLastDay: z.number(),
  /** Seconds the oldest waiting job has waited, null when none waits. */
  oldestWaitingSeconds: z.number().nullable(),
  lastFailedAt: isoTime.nullable(),
  /** The last failure's message, cut to 300 characters, no stack. */
  lastError: z.string().nullable(),
});

export const systemStatusSchema = z.object({
  version: z.string(),
  /** The last migration applied (its file name without .sql) and how many. */
  migration: z.object({ latest: z.string(), count: z.number() }),
  startedAt: isoTime,
  nodeVersion: z.string(),
  workers: z.number(),
  database: z.object({
    mode: z.enum(['embedded', 'url']),
    reachable: z.boolean(),
    serverVersion: z.string().nullable(),
    /** Seconds the read replica is behind, null without a replica. */
    replicaLagSeconds: z.number().nullable(),
  }),
  backups: z.object({
    /** embedded: the app's own backups in BACKUP_DIR; pgbackrest: Debian's pgBackRest; null: none configured. */
    tool: z.enum(['embedded', 'pgbackrest']).nullable(),
    /** Hours between scheduled base backups. */
    scheduleHours: z.number(),
    retentionDays: z.number().nullable(),
    lastBackupAt: isoTime.nullable(),
    lastBackupOk: z.boolean().nullable(),
    lastBackupError: z.string().nullable(),
    /** True when the last good base backup is older than twice the schedule (or there is none). */
    overdue: z.boolean(),
    /** PostgreSQL's pg_stat_archiver: the last WAL segment archived and the last failure. */
    lastArchivedWalAt: isoTime.nullable(),
    archiveFailedCount: z.number(),
    lastArchiveFailedAt: isoTime.nullable(),
    lastDrill: z.object({ at: isoTime, ok: z.boolean(), detail: z.string().nullable() }).nullable(),
    history: z.array(backupHistoryPointSchema),
  }),
  jobs: z.array(jobQueueStatusSchema),
  mail: z.object({
    /** Messages not yet sent. */
    backlog: z.number(),
    /** Unsent messages that failed at least once. */
    failing: z.number(),
    sentLastDay: z.number(),
    lastError: z.string().nullable(),
    lastErrorAt: isoTime.nullable(),
  }),
  /** Live streams open in every process of this app. */
  liveStreams: z.number(),
  disk: z.object({ freeBytes: z.number(), totalBytes: z.number() }).nullable(),
  memory: z.object({ rssBytes: z.number(), heapUsedBytes: z.number() }),
});
export type SystemStatus = z.infer<typeof systemStatusSchema>;
export type JobQueueStatus = z.infer<typeof jobQueueStatusSchema>;
