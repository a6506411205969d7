import { z } from 'zod';

/**
 * What the app reads from and decides for pgBackRest (issue 30, decision 044), as pure
 * functions: the backups `pgbackrest info --output=json` lists, which kind of backup to take
 * next, the retention it is given, the summary of `pgbackrest verify`, and the text of an error
 * with anything secret taken out. The commands themselves run in
 * src/server/backup/pgbackrest-tool.ts.
 */

/** One backup of the stanza, as the app shows it. */
export interface PgbackrestBackup {
  /** pgBackRest's label, e.g. 20261127-075951F or 20261127-075951F_20261128-020000D. */
  label: string;
  type: 'full' | 'diff' | 'incr';
  startedAt: Date;
  finishedAt: Date;
  /** The size of the database the backup restores (what a restore writes), in bytes. */
  bytes: number | null;
  /** What this backup added to the repository (compressed), in bytes. */
  repositoryBytes: number | null;
  walStart: string | null;
  walStop: string | null;
  /** pgBackRest found a problem (a page checksum error) while copying. */
  error: boolean;
}

export interface PgbackrestStanzaInfo {
  stanza: string;
  /** pgBackRest's status: code 0 is ok; 1 missing stanza path, 2 no valid backups, … */
  status: { code: number; message: string };
  /** Oldest first, as pgBackRest lists them. */
  backups: PgbackrestBackup[];
  /** The archived WAL range of the current database (min, max), null when none. */
  archive: { min: string; max: string } | null;
}

// Only what we read; pgBackRest adds fields between versions and those must not break us.
const backupJson = z.object({
  label: z.string(),
  type: z.enum(['full', 'diff', 'incr']),
  timestamp: z.object({ start: z.number(), stop: z.number() }),
  archive: z.object({ start: z.string().nullable(), stop: z.string().nullable() }).partial().optional(),
  info: z
    .object({ size: z.number().optional(), repository: z.object({ delta: z.number().optional(), size: z.number().optional() }).partial().optional() })
    .partial()
    .optional(),
  error: z.boolean().optional(),
});

const stanzaJson = z.object({
  name: z.string(),
  status: z.object({ code: z.number(), message: z.string() }),
  backup: z.array(backupJson).default([]),
  archive: z.array(z.object({ min: z.string().nullable().optional(), max: z.string().nullable().optional(), database: z.object({ id: z.number() }).partial().optional() })).default([]),
  db: z.array(z.object({ id: z.number() }).partial()).default([]),
});

export class PgbackrestOutputError extends Error {}

/** Reads `pgbackrest info --output=json` for one stanza. Throws PgbackrestOutputError when it is not that. */
export function parsePgbackrestInfo(json: string, stanza: string): PgbackrestStanzaInfo {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    throw new PgbackrestOutputError('pgbackrest info did not answer JSON');
  }
  const parsed = z.array(stanzaJson).safeParse(raw);
  if (!parsed.success) throw new PgbackrestOutputError('pgbackrest info answered JSON of an unexpected shape');
  const entry = parsed.data.find((s) => s.name === stanza);
  if (!entry) throw new PgbackrestOutputError(`pgbackrest info does not list the stanza ${stanza}`);
  // The archive of the current database: the one with the highest id (an upgrade adds one).
  const currentDb = Math.max(0, ...entry.db.map((d) => d.id ?? 0));
  const archive = entry.archive.find((a) => (a.database?.id ?? currentDb) === currentDb) ?? entry.archive.at(-1);
  return {
    stanza: entry.name,
    status: entry.status,
    backups: entry.backup.map((b) => ({
      label: b.label,
      type: b.type,
      startedAt: new Date(b.timestamp.start * 1000),
      finishedAt: new Date(b.timestamp.stop * 1000),
      bytes: b.info?.size ?? null,
      repositoryBytes: b.info?.repository?.delta ?? null,
      walStart: b.archive?.start ?? null,
      walStop: b.archive?.stop ?? null,
      error: b.error ?? false,
    })),
    archive: archive?.min && archive.max ? { min: archive.min, max: archive.max } : null,
  };
}

/**
 * The kind of the next scheduled backup: a full one when there is none yet or the newest full
 * one is `fullEveryDays` old; otherwise a differential one (everything changed since that full
 * backup), so that a restore needs at most two backups, never a chain of incrementals.
 */
export function nextBackupType(backups: readonly Pick<PgbackrestBackup, 'type' | 'startedAt' | 'error'>[], now: Date, fullEveryDays = 7): 'full' | 'diff' {
  const fulls = backups.filter((b) => b.type === 'full' && !b.error);
  if (fulls.length === 0) return 'full';
  const newest = Math.max(...fulls.map((b) => b.startedAt.getTime()));
  return now.getTime() - newest >= fullEveryDays * 86_400_000 ? 'full' : 'diff';
}

/**
 * pgBackRest's time-based retention (`repo1-retention-full-type=time`) counts whole days:
 * BACKUP_RETENTION_DAYS rounded up, so a fraction of a day never keeps less than asked.
 */
export function retentionFullDays(retentionDays: number): number {
  if (!Number.isFinite(retentionDays) || retentionDays <= 0) throw new RangeError('retention must be a positive number of days');
  return Math.ceil(retentionDays);
}

/**
 * A moment as recovery_target_time and pgBackRest's --target read it
 * ("2026-12-01 20:15:00.123+00"): UTC, milliseconds kept.
 */
export function recoveryTargetTime(at: Date): string {
  if (Number.isNaN(at.getTime())) throw new RangeError('not a valid time');
  return at.toISOString().replace('T', ' ').replace('Z', '+00');
}

/**
 * Why a restore to `to` cannot work, or null when it can: pgBackRest starts from the newest
 * backup that ended before the target, so there must be one (an earlier target would make
 * PostgreSQL stop before its copy is consistent, and refuse to start).
 */
export function restoreTargetProblem(backups: readonly Pick<PgbackrestBackup, 'finishedAt' | 'error'>[], to: Date | undefined): string | null {
  const usable = backups.filter((b) => !b.error);
  if (usable.length === 0) return 'the repository holds no backup to restore: take one with `npm run backup`';
  if (to === undefined) return null;
  const earliest = new Date(Math.min(...usable.map((b) => b.finishedAt.getTime())));
  if (to.getTime() <= earliest.getTime()) {
    return `no backup ended before ${to.toISOString()}: the earliest moment a restore can reach is just after ${earliest.toISOString()}`;
  }
  return null;
}

export interface VerifySummary {
  ok: boolean;
  backupsChecked: number;
  backupsValid: number;
  walChecked: number;
  walValid: number;
  /** The lines that name a problem (an invalid backup, missing or bad WAL), at most 10. */
  problems: string[];
}

/** Reads the text of `pgbackrest verify --output=text` (pgBackRest 2.45). */
export function parseVerifyText(text: string): VerifySummary {
  const lines = text.split('\n').map((l) => l.trim()).filter(Boolean);
  let backupsChecked = 0;
  let backupsValid = 0;
  let walChecked = 0;
  let walValid = 0;
  const problems: string[] = [];
  let stanzaOk = false;
  for (const line of lines) {
    const status = /^status:\s*(.+)$/.exec(line);
    if (status) stanzaOk = status[1] === 'ok';
    const wal = /total WAL checked:\s*(\d+), total valid WAL:\s*(\d+)/.exec(line);
    if (wal) {
      walChecked += Number(wal[1]);
      walValid += Number(wal[2]);
      if (wal[1] !== wal[2]) problems.push(line);
    }
    const backup = /^backup:\s*(\S+), status:\s*([a-z]+)/.exec(line);
    if (backup) {
      backupsChecked += 1;
      if (backup[2] === 'valid') backupsValid += 1;
      else problems.push(line);
    }
    const missing = /^missing:\s*(\d+), checksum invalid:\s*(\d+), size invalid:\s*(\d+), other:\s*(\d+)/.exec(line);
    if (missing && missing.slice(1).some((n) => n !== '0')) problems.push(line);
  }
  return {
    ok: stanzaOk && problems.length === 0 && backupsChecked > 0 && backupsValid === backupsChecked,
    backupsChecked,
    backupsValid,
    walChecked,
    walValid,
    problems: problems.slice(0, 10),
  };
}

/**
 * Text from pgBackRest (its stderr, a command line it echoes) with every secret it could carry
 * replaced by "***": passwords in connection strings and key=value pairs, repository cipher
 * passes, object-store keys and tokens.
 */
export function redactSecrets(text: string): string {
  return text
    .replace(/(\b[a-z][a-z0-9+.-]*:\/\/[^:/@\s]*:)[^@\s]*@/gi, '$1***@')
    .replace(/((?:--)?[a-z0-9-]*(?:pass|password|secret|key|token)[a-z0-9-]*\s*[=:]\s*)('[^']*'|"[^"]*"|\S+)/gi, '$1***')
    .replace(/(\bauthorization:\s*\S+\s+)\S+/gi, '$1***');
}

/** The last `max` characters of a process's output, redacted, for an error message. */
export function errorTail(output: string, max = 600): string {
  const text = redactSecrets(output.trim());
  return text.length > max ? `…${text.slice(text.length - max)}` : text;
}
