import path from 'node:path';
import type { ConnectionConfig, Db } from '../db/client';
import type { JobDefinition } from '../jobs/job-queue';
import { loggableError, type Logger } from '../logger';
import { backupState, embeddedBackupTool, isBackupDue } from './embedded-backup';

/** The scheduled base backups of the embedded PostgreSQL (decision 043). */
export const BACKUP_JOB = 'backup-base';

export interface BackupScheduleSettings {
  backupTool: 'embedded' | 'pgbackrest' | null;
  backupDir: string | null;
  dataDir: string;
  BACKUP_SCHEDULE_HOURS: number;
  BACKUP_RETENTION_DAYS: number;
  ARCHIVE_TIMEOUT_SECONDS: number;
}

/**
 * One job, checked every ten minutes (and sent at start): it takes a base backup when the newest
 * good one is older than BACKUP_SCHEDULE_HOURS, or when there is none, then applies retention.
 * Stately, so however many processes run, one backup at a time.
 */
export function backupJobs(deps: { settings: BackupScheduleSettings; db: Db; connection: ConnectionConfig; logger: Logger }): JobDefinition[] {
  const { settings, logger } = deps;
  if (settings.backupTool !== 'embedded' || !settings.backupDir) return [];
  const backupDir = settings.backupDir;
  const connection = typeof deps.connection === 'string' ? { connectionString: deps.connection } : deps.connection;
  return [
    {
      name: BACKUP_JOB,
      policy: 'stately',
      cron: '*/10 * * * *',
      retryLimit: 0,
      expireInSeconds: 6 * 3600,
      handler: async () => {
        if (!(await isBackupDue(deps.db, backupDir, settings.BACKUP_SCHEDULE_HOURS, new Date()))) return;
        const tool = embeddedBackupTool({
          db: deps.db,
          connection,
          dataDir: settings.dataDir,
          backupDir,
          retentionDays: settings.BACKUP_RETENTION_DAYS,
          log: (m) => logger.info(m),
        });
        try {
          await tool.backupNow();
        } catch (e) {
          // Recorded in backup_events (ok=false) by backupNow; said here for the operator's log.
          logger.error({ err: loggableError(e) }, 'backups: the base backup failed');
        }
      },
    },
  ];
}

/** The start-up line: what the backups are, where, and the last base backup. */
export async function describeBackups(settings: BackupScheduleSettings, db: Db): Promise<string> {
  if (settings.backupTool === 'pgbackrest') return `backups: pgBackRest, every ${settings.BACKUP_SCHEDULE_HOURS} h, kept ${settings.BACKUP_RETENTION_DAYS} days`;
  if (settings.backupTool !== 'embedded' || !settings.backupDir) return 'backups: off (set BACKUP_DIR to turn the app\'s own backups on; docs/backups.md)';
  const { lastGood } = await backupState(db, settings.backupDir);
  const last = lastGood ? `last base backup ${lastGood.label} (${lastGood.stoppedAt})` : 'no base backup yet (one is taken now)';
  return `backups: embedded, in ${path.resolve(settings.backupDir)}, every ${settings.BACKUP_SCHEDULE_HOURS} h, kept ${settings.BACKUP_RETENTION_DAYS} days, WAL archived at least every ${settings.ARCHIVE_TIMEOUT_SECONDS} s; ${last}`;
}
