import { chmodSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { desc, and, eq } from 'drizzle-orm';
import { backupDue, retentionPlan, walFilesToDelete } from '../../domain/operations/backup-plan';
import { openDatabase, type Db } from '../db/client';
import { APP_DATABASE_NAME } from '../db/app-database';
import { backupEvents } from '../db/schema/operations';
import { loggableError } from '../logger';
import { readManifests, summary, takeBaseBackup, type BackupManifest } from './base-backup';
import { recordBackupEvent, type BackupInfo, type BackupTool } from './backup-tool';
import { checkRestoredDatabase } from './restored-database-check';
import { restoreBackup, startPostgresOn } from './restore';
import { baseDir, postgresOwner, walDir } from './wal-archive';

/**
 * The app's own backups of the embedded PostgreSQL (decision 043), as the BackupTool that the
 * npm scripts and the scheduled job drive: base backups into BACKUP_DIR/base, WAL archived into
 * BACKUP_DIR/wal by PostgreSQL itself, restores to a point in time.
 */
export interface EmbeddedBackupDeps {
  /** The live database: backup_events rows are written there. */
  db: Db;
  /** The running embedded PostgreSQL (its socket). */
  connection: pg.ClientConfig;
  dataDir: string;
  backupDir: string;
  retentionDays: number;
  log?: (message: string) => void;
  now?: () => Date;
}

const info = (m: BackupManifest): BackupInfo => ({
  label: m.label,
  startedAt: new Date(m.startedAt),
  finishedAt: new Date(m.stoppedAt),
  bytes: m.bytes,
  walStart: m.walStart,
  walStop: m.walStop,
});

/** A message for a log line or a backup_events row: PostgreSQL's or the file system's words, no parameters. */
const errorText = (e: unknown) => loggableError(e).message;

export function embeddedBackupTool(deps: EmbeddedBackupDeps): BackupTool & {
  /** Deletes what retention no longer keeps; returns what went. */
  applyRetention(): { backups: string[]; walFiles: number };
} {
  const now = deps.now ?? (() => new Date());
  const log = deps.log ?? (() => undefined);

  const applyRetention = () => {
    const manifests = readManifests(deps.backupDir);
    const plan = retentionPlan(manifests.map(summary), now(), deps.retentionDays);
    for (const label of plan.deleteLabels) rmSync(path.join(baseDir(deps.backupDir), label), { recursive: true, force: true });
    let walFiles = 0;
    if (plan.keepWalFrom) {
      for (const name of walFilesToDelete(readdirSync(walDir(deps.backupDir)), plan.keepWalFrom)) {
        rmSync(path.join(walDir(deps.backupDir), name), { force: true });
        walFiles++;
      }
    }
    // Left by a backup or a check that was interrupted (a killed process): gone after 6 hours.
    const stale = now().getTime() - 6 * 3_600_000;
    for (const [dir, isLeftover] of [
      [baseDir(deps.backupDir), (name: string) => name.endsWith('.partial')],
      [deps.backupDir, (name: string) => name.startsWith('.verify-')],
    ] as const) {
      for (const name of readdirSync(dir)) {
        if (isLeftover(name) && statSync(path.join(dir, name)).mtimeMs < stale) rmSync(path.join(dir, name), { recursive: true, force: true });
      }
    }
    if (plan.deleteLabels.length > 0 || walFiles > 0) log(`backups: retention removed ${plan.deleteLabels.length} base backup(s) and ${walFiles} WAL file(s)`);
    return { backups: plan.deleteLabels, walFiles };
  };

  return {
    name: 'embedded',
    applyRetention,

    async backupNow() {
      const startedAt = now();
      try {
        const m = await takeBaseBackup({ connection: deps.connection, pgDir: path.join(deps.dataDir, 'postgres'), dataDir: deps.dataDir, backupDir: deps.backupDir, now });
        await recordBackupEvent(deps.db, {
          kind: 'base-backup',
          tool: 'embedded',
          startedAt,
          ok: true,
          label: m.label,
          detail: { bytes: m.bytes, seconds: m.seconds, walStart: m.walStart, walStop: m.walStop },
        });
        log(`backups: base backup ${m.label} taken (${m.bytes} bytes in ${m.seconds} s, WAL ${m.walStart}…${m.walStop})`);
        applyRetention();
        return info(m);
      } catch (e) {
        const error = errorText(e);
        await recordBackupEvent(deps.db, { kind: 'base-backup', tool: 'embedded', startedAt, ok: false, error, detail: { seconds: (now().getTime() - startedAt.getTime()) / 1000 } }).catch(
          () => undefined,
        );
        throw e;
      }
    },

    async list() {
      return readManifests(deps.backupDir).map(info);
    },

    async verify() {
      const startedAt = now();
      const result = await verifyLatestBackup(deps.backupDir);
      await recordBackupEvent(deps.db, {
        kind: 'verify',
        tool: 'embedded',
        startedAt,
        ok: result.ok,
        label: result.label,
        detail: result.figures,
        error: result.ok ? null : result.detail,
      });
      return { ok: result.ok, checked: result.label ?? 'no backup', detail: result.detail };
    },

    async restore(options) {
      const result = await restoreBackup({ backupDir: deps.backupDir, target: options.target, to: options.to, log });
      return { target: result.target, recoveredTo: result.recoveredTo };
    },
  };
}

/**
 * `npm run backup:verify`: restores the newest base backup with all the archived WAL into a
 * temporary folder inside BACKUP_DIR, starts it, checks it (rows, election records, invariants),
 * stops it and deletes the folder.
 */
export async function verifyLatestBackup(backupDir: string): Promise<{ ok: boolean; label: string | null; detail: string; figures: Record<string, number | string | boolean | null> }> {
  const scratch = mkdtempSync(path.join(backupDir, '.verify-'));
  if (postgresOwner()) chmodSync(scratch, 0o711);
  try {
    const restored = await restoreBackup({ backupDir, target: path.join(scratch, 'data') });
    const server = await startPostgresOn(path.join(scratch, 'data', 'postgres'));
    try {
      const database = openDatabase({ ...server.connection, database: APP_DATABASE_NAME } as pg.PoolConfig, { max: 2 });
      try {
        const check = await checkRestoredDatabase(database);
        const broken = check.invariants.filter((i) => i.violations > 0).map((i) => `${i.rule}: ${i.violations}`);
        const detail = [
          `base backup ${restored.backup.label}, replayed to ${restored.recoveredTo?.toISOString() ?? 'its end'} in ${restored.seconds} s`,
          `rows: ${Object.entries(check.rows).map(([t, n]) => `${t} ${n}`).join(', ')}`,
          `election records: ${check.records.checked} checked, ${check.records.broken.length} broken${check.records.broken.map((b) => ` (${b.caucusId} ${b.problem})`).join('')}`,
          `invariants: ${broken.length === 0 ? 'all hold' : broken.join('; ')}`,
        ].join('\n');
        return {
          ok: check.ok,
          label: restored.backup.label,
          detail,
          figures: {
            seconds: restored.seconds,
            recoveredTo: restored.recoveredTo?.toISOString() ?? null,
            users: check.rows.users ?? 0,
            records: check.records.checked,
            brokenRecords: check.records.broken.length,
            invariantViolations: check.invariants.reduce((n, i) => n + i.violations, 0),
          },
        };
      } finally {
        await database.close();
      }
    } finally {
      await server.stop();
    }
  } catch (e) {
    return { ok: false, label: readManifests(backupDir)[0]?.label ?? null, detail: errorText(e), figures: {} };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** The last good base backup on disk and the last attempt recorded: what the schedule and start-up say. */
export async function backupState(db: Db, backupDir: string): Promise<{ lastGood: BackupManifest | null; lastAttemptAt: Date | null }> {
  const lastGood = readManifests(backupDir)[0] ?? null;
  const [attempt] = await db
    .select({ at: backupEvents.startedAt })
    .from(backupEvents)
    .where(and(eq(backupEvents.kind, 'base-backup'), eq(backupEvents.tool, 'embedded')))
    .orderBy(desc(backupEvents.startedAt))
    .limit(1);
  return { lastGood, lastAttemptAt: attempt?.at ?? null };
}

export async function isBackupDue(db: Db, backupDir: string, scheduleHours: number, now: Date): Promise<boolean> {
  const state = await backupState(db, backupDir);
  return backupDue({ lastGoodAt: state.lastGood ? new Date(state.lastGood.stoppedAt) : null, lastAttemptAt: state.lastAttemptAt, now, scheduleHours });
}
