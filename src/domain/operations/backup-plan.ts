/**
 * The decisions of the app's own backups (issue 30, decision 043), as pure functions: when a
 * base backup is due, which backups and WAL segments retention deletes, and which base backup a
 * point-in-time restore starts from. The files and processes are src/server/backup's.
 */

/** A base backup as its manifest describes it. */
export interface BaseBackupSummary {
  label: string;
  /** When pg_backup_start was called. */
  startedAt: Date;
  /** When pg_backup_stop returned: the earliest time a restore from this backup can reach. */
  stoppedAt: Date;
  /** The first WAL segment the backup needs (pg_walfile_name of its start). */
  walStart: string;
}

/**
 * A base backup is due when the newest good one is older than the schedule (or there is none),
 * unless one was attempted within the hour (a failing backup is retried hourly, not at every check).
 */
export function backupDue(input: { lastGoodAt: Date | null; lastAttemptAt: Date | null; now: Date; scheduleHours: number }): boolean {
  const scheduleMs = input.scheduleHours * 3_600_000;
  if (input.lastGoodAt && input.now.getTime() - input.lastGoodAt.getTime() < scheduleMs) return false;
  const retryMs = Math.min(scheduleMs, 3_600_000);
  if (input.lastAttemptAt && input.now.getTime() - input.lastAttemptAt.getTime() < retryMs) return false;
  return true;
}

/**
 * Retention: base backups started more than `retentionDays` ago go, except the newest one, which
 * always stays (a movement that stopped writing for a month still has its backup). WAL segments
 * before the oldest kept backup's start are no longer needed by any restore.
 */
export function retentionPlan(backups: readonly BaseBackupSummary[], now: Date, retentionDays: number): { deleteLabels: string[]; keepWalFrom: string | null } {
  const newestFirst = [...backups].sort((a, b) => b.startedAt.getTime() - a.startedAt.getTime());
  const cutoff = now.getTime() - retentionDays * 86_400_000;
  const kept = newestFirst.filter((b, i) => i === 0 || b.startedAt.getTime() >= cutoff);
  const deleteLabels = newestFirst.filter((b) => !kept.includes(b)).map((b) => b.label);
  const oldestKept = kept.at(-1);
  return { deleteLabels, keepWalFrom: oldestKept?.walStart ?? null };
}

const WAL_SEGMENT = /^([0-9A-F]{8})([0-9A-F]{16})(\.partial|\.[0-9A-F]{8}\.backup)?(\.gz)?$/;

/**
 * The archived files older than the segment `keepFrom` (as pg_archivecleanup decides: by log and
 * segment number, whatever the timeline). Timeline history files always stay: they are tiny and a
 * restore needs them to pick a new timeline.
 */
export function walFilesToDelete(names: readonly string[], keepFrom: string): string[] {
  const cutoff = WAL_SEGMENT.exec(keepFrom);
  if (!cutoff) throw new Error(`not a WAL segment name: ${keepFrom}`);
  return names.filter((name) => {
    const m = WAL_SEGMENT.exec(name);
    return m !== null && m[2]! < cutoff[2]!;
  });
}

export type BaseBackupChoice =
  | { ok: true; backup: BaseBackupSummary }
  | { ok: false; reason: 'no-backup' }
  | { ok: false; reason: 'before-earliest'; earliest: Date };

/**
 * The base backup a restore starts from: for a target time, the newest one that was complete
 * (pg_backup_stop returned) by then; without a target, the newest one. WAL replay then carries it
 * to the target (or to the end of the archive).
 */
export function chooseBaseBackup(backups: readonly BaseBackupSummary[], to?: Date): BaseBackupChoice {
  if (backups.length === 0) return { ok: false, reason: 'no-backup' };
  const newestFirst = [...backups].sort((a, b) => b.stoppedAt.getTime() - a.stoppedAt.getTime());
  if (!to) return { ok: true, backup: newestFirst[0]! };
  const found = newestFirst.find((b) => b.stoppedAt.getTime() <= to.getTime());
  if (found) return { ok: true, backup: found };
  return { ok: false, reason: 'before-earliest', earliest: newestFirst.at(-1)!.stoppedAt };
}
