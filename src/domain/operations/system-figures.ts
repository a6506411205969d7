import { backupOverdue } from './operations-rules';
import type { SystemStatus } from './system-status';

/**
 * How /admin/system reads the figures of GET /api/admin/system (issue 30): an age or a duration
 * in the unit a person would say, a size in bytes in the unit a person would read, whether the
 * backups are overdue, and what needs an operator's attention. Pure rules: the page puts the
 * words in (Intl, in the page's language).
 */

/** The units an age or a duration is said in, as Intl names them. */
export type TimeUnit = 'second' | 'minute' | 'hour' | 'day';

export interface TimeAmount {
  unit: TimeUnit;
  /** Whole units, rounded down: "59 minutes" is not yet an hour. */
  count: number;
}

/**
 * `seconds` in the unit a person would say: seconds under a minute, minutes under two hours,
 * hours under two days, then days ("26 hours" says more than "1 day" about a daily backup).
 * A negative amount (a clock a little ahead of the server's) is 0 seconds.
 */
export function timeAmount(seconds: number): TimeAmount {
  if (!Number.isFinite(seconds)) throw new RangeError(`not a number of seconds: ${seconds}`);
  const s = Math.max(0, seconds);
  if (s < 60) return { unit: 'second', count: Math.floor(s) };
  if (s < 2 * 3600) return { unit: 'minute', count: Math.floor(s / 60) };
  if (s < 2 * 86_400) return { unit: 'hour', count: Math.floor(s / 3600) };
  return { unit: 'day', count: Math.floor(s / 86_400) };
}

/** Seconds from `at` (an ISO time) to `now`; null when there is no `at` or it does not parse. */
export function secondsSince(at: string | null, now: Date): number | null {
  if (at === null) return null;
  const then = Date.parse(at);
  return Number.isNaN(then) ? null : (now.getTime() - then) / 1000;
}

/** The units a size is said in, as Intl names them (decimal: a kilobyte is 1,000 bytes). */
export type ByteUnit = 'byte' | 'kilobyte' | 'megabyte' | 'gigabyte' | 'terabyte';

export interface ByteAmount {
  unit: ByteUnit;
  /** One decimal under 10 ("2.5 GB"), whole above ("250 GB"). */
  amount: number;
}

const BYTE_UNITS: readonly ByteUnit[] = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'];

/** `bytes` in the largest unit that keeps the amount at 1 or more (bytes stay whole). */
export function byteAmount(bytes: number): ByteAmount {
  if (!Number.isFinite(bytes) || bytes < 0) throw new RangeError(`not a size in bytes: ${bytes}`);
  let index = 0;
  let amount = bytes;
  while (amount >= 1000 && index < BYTE_UNITS.length - 1) {
    amount /= 1000;
    index += 1;
  }
  // Rounding up may reach the next unit ("999.96 kB" is "1 MB"): say it in that unit.
  let rounded = index === 0 ? Math.round(amount) : amount < 10 ? Math.round(amount * 10) / 10 : Math.round(amount);
  if (rounded >= 1000 && index < BYTE_UNITS.length - 1) {
    index += 1;
    rounded = 1;
  }
  return { unit: BYTE_UNITS[index]!, amount: rounded };
}

/**
 * Whether the backups are overdue now, as the page reads GET /api/admin/system's answer: the
 * server's `overdue` (it knows the last good backup when the last attempt failed), or, when the
 * last attempt was good, its age counted again to `now` by the same rule (operations-rules.ts:
 * past twice the schedule, or none), so a page left open turns red on time between refreshes.
 */
export function backupsOverdueNow(
  backups: Pick<SystemStatus['backups'], 'tool' | 'scheduleHours' | 'lastBackupAt' | 'lastBackupOk' | 'overdue'>,
  now: Date,
): boolean {
  if (backups.tool === null) return false;
  if (backups.overdue) return true;
  if (backups.lastBackupOk === false) return false;
  const lastOkAt = backups.lastBackupAt === null ? null : new Date(backups.lastBackupAt);
  return backupOverdue({ configured: true, lastOkAt: lastOkAt && !Number.isNaN(lastOkAt.getTime()) ? lastOkAt : null, scheduleHours: backups.scheduleHours, now });
}

/**
 * Whether WAL archiving is failing now: PostgreSQL counts failures for ever, so it fails when the
 * last failure is more recent than the last segment archived (or nothing was ever archived).
 */
export function archivingFailing(backups: Pick<SystemStatus['backups'], 'archiveFailedCount' | 'lastArchiveFailedAt' | 'lastArchivedWalAt'>): boolean {
  if (backups.archiveFailedCount === 0 || backups.lastArchiveFailedAt === null) return false;
  if (backups.lastArchivedWalAt === null) return true;
  return Date.parse(backups.lastArchiveFailedAt) >= Date.parse(backups.lastArchivedWalAt);
}

/** Under this share of free space the disk is nearly full (deploy/alerts.yml warns at the same share). */
export const DISK_NEARLY_FULL_FREE_SHARE = 0.1;

export interface DiskUse {
  /** Share of the disk in use, 0…1. */
  usedShare: number;
  nearlyFull: boolean;
}

export function diskUse(disk: { freeBytes: number; totalBytes: number }): DiskUse {
  if (disk.totalBytes <= 0) return { usedShare: 0, nearlyFull: false };
  const free = Math.min(Math.max(disk.freeBytes, 0), disk.totalBytes) / disk.totalBytes;
  return { usedShare: 1 - free, nearlyFull: free < DISK_NEARLY_FULL_FREE_SHARE };
}

/** A replica this many seconds behind is worth a look (deploy/alerts.yml: replica lag). */
export const REPLICA_LAG_WARNING_SECONDS = 30;

/** Something an operator should look at, in the order the page lists them (the most urgent first). */
export type Attention =
  | 'database-unreachable'
  | 'backup-overdue'
  | 'backup-failed'
  | 'archiving-failing'
  | 'drill-failed'
  | 'disk-nearly-full'
  | 'jobs-failing'
  | 'mail-failing'
  | 'replica-lagging';

/** What in `status` needs an operator's attention now; empty when all is well. */
export function attentionPoints(status: SystemStatus, now: Date): Attention[] {
  const points: Attention[] = [];
  if (!status.database.reachable) points.push('database-unreachable');
  if (backupsOverdueNow(status.backups, now)) points.push('backup-overdue');
  else if (status.backups.lastBackupOk === false) points.push('backup-failed');
  if (archivingFailing(status.backups)) points.push('archiving-failing');
  if (status.backups.lastDrill && !status.backups.lastDrill.ok) points.push('drill-failed');
  if (status.disk && diskUse(status.disk).nearlyFull) points.push('disk-nearly-full');
  if (status.jobs.some((q) => q.failedLastDay > 0)) points.push('jobs-failing');
  if (status.mail.failing > 0) points.push('mail-failing');
  if (status.database.replicaLagSeconds !== null && status.database.replicaLagSeconds > REPLICA_LAG_WARNING_SECONDS) points.push('replica-lagging');
  return points;
}
