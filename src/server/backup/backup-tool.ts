import type { Db } from '../db/client';
import { backupEvents } from '../db/schema/operations';

/**
 * What `npm run backup`, `backup:list`, `backup:verify` and `restore` drive (issue 30), whichever
 * tool backs the database up: the app's own for the embedded PostgreSQL (embedded-backup.ts) or
 * Debian's pgBackRest for a PostgreSQL server (pgbackrest-tool.ts).
 */
export interface BackupInfo {
  label: string;
  startedAt: Date;
  finishedAt: Date;
  bytes: number | null;
  walStart?: string | null;
  walStop?: string | null;
}

export interface BackupTool {
  readonly name: 'embedded' | 'pgbackrest';
  /** A base backup now; records a backup_events row. */
  backupNow(): Promise<BackupInfo>;
  /** Newest first. */
  list(): Promise<BackupInfo[]>;
  /** Records a 'verify' row. */
  verify(): Promise<{ ok: boolean; checked: string; detail: string }>;
  /** `target`: the new data folder for embedded, the PostgreSQL data directory for pgBackRest. */
  restore(options: { to?: Date; target: string }): Promise<{ target: string; recoveredTo: Date | null }>;
}

export type BackupEventKind = 'base-backup' | 'verify' | 'restore-drill';

/** One row of backup_events. `error` must carry no secret (the callers pass PostgreSQL's or the file system's message). */
export async function recordBackupEvent(
  db: Db,
  event: {
    kind: BackupEventKind;
    tool: 'embedded' | 'pgbackrest';
    startedAt: Date;
    ok: boolean;
    label?: string | null;
    detail?: Record<string, string | number | boolean | null>;
    error?: string | null;
  },
): Promise<void> {
  await db.insert(backupEvents).values({
    kind: event.kind,
    tool: event.tool,
    startedAt: event.startedAt,
    ok: event.ok,
    label: event.label ?? null,
    detail: event.detail ?? {},
    error: event.error ? event.error.slice(0, 1000) : null,
  });
}
