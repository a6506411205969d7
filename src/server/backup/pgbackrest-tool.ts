// pgBackRest (Debian's package, 2.45) driven by the app for a PostgreSQL server (issue 30,
// decision 044): `npm run backup`, `backup:list`, `backup:verify` and `restore` with
// BACKUP_TOOL=pgbackrest call this. pgBackRest does the work — WAL archiving through
// PostgreSQL's archive_command, base backups, retention, restore to a point in time — and the
// app records each backup and check in backup_events so /metrics and /admin/system see them.
import { spawn } from 'node:child_process';
import { userInfo } from 'node:os';
import type { Db } from '../db/client';
import type { BackupInfo, BackupTool } from './backup-tool';
import { backupEvents } from '../db/schema/operations';
import {
  errorTail,
  nextBackupType,
  parsePgbackrestInfo,
  parseVerifyText,
  recoveryTargetTime,
  redactSecrets,
  restoreTargetProblem,
  retentionFullDays,
  type PgbackrestBackup,
} from '../../domain/operations/pgbackrest-info';

/** How long each kind of pgBackRest command may take before it is stopped (milliseconds). */
export interface PgbackrestTimeouts {
  /** info, and the short commands. */
  info: number;
  /** check: forces a WAL switch and waits for it to be archived. */
  check: number;
  backup: number;
  verify: number;
  restore: number;
}

export const DEFAULT_PGBACKREST_TIMEOUTS: PgbackrestTimeouts = {
  info: 60_000,
  check: 5 * 60_000,
  backup: 6 * 3_600_000,
  verify: 6 * 3_600_000,
  restore: 6 * 3_600_000,
};

export interface PgbackrestToolOptions {
  /** PGBACKREST_STANZA. */
  stanza: string;
  /** PGBACKREST_CONFIG; pgBackRest's own default (/etc/pgbackrest/pgbackrest.conf) when absent. */
  configPath?: string | undefined;
  /**
   * The app's database, where each backup and check is recorded (backup_events). Null for a
   * restore, which runs while the server is stopped (backupNow and verify then record nothing).
   */
  db: Db | null;
  /** BACKUP_RETENTION_DAYS: full backups (and what depends on them) are kept this many days. */
  retentionDays: number;
  /** A new full backup after this many days; differential ones in between (default 7). */
  fullEveryDays?: number;
  /**
   * The OS user pgBackRest must run as: the owner of the PostgreSQL data folder and of the
   * repository (Debian: postgres). A process running as root switches to it with runuser; any
   * other process runs pgBackRest as itself (run the command as that user: the systemd timer does).
   */
  osUser?: string;
  /** The pgbackrest binary (default: `pgbackrest` on PATH). */
  command?: string;
  timeouts?: Partial<PgbackrestTimeouts>;
  now?: () => Date;
}

export class PgbackrestError extends Error {}

interface RunResult {
  stdout: string;
  stderr: string;
}

/**
 * Runs pgBackRest with a bounded time. Its environment is only PATH and a UTC time zone: no
 * setting of the app (DATABASE_URL, AUTH_SECRET…) reaches it, and no PGBACKREST_* variable of
 * ours is read by it as an option. Errors carry the end of its output, with secrets taken out.
 */
function runner(options: Pick<PgbackrestToolOptions, 'osUser' | 'command' | 'configPath' | 'stanza'>) {
  const binary = options.command ?? 'pgbackrest';
  const switchUser = options.osUser !== undefined && process.getuid?.() === 0 && userInfo().username !== options.osUser;
  return async function run(subcommand: string, args: string[], timeoutMs: number): Promise<RunResult> {
    const pgArgs = [...(options.configPath ? [`--config=${options.configPath}`] : []), `--stanza=${options.stanza}`, ...args, subcommand];
    const [file, argv] = switchUser ? ['runuser', ['-u', options.osUser!, '--', binary, ...pgArgs]] : [binary, pgArgs];
    const started = Date.now();
    return new Promise<RunResult>((resolve, reject) => {
      const child = spawn(file, argv, {
        env: { PATH: process.env.PATH ?? '/usr/bin:/bin', TZ: 'UTC', LANG: 'C.UTF-8' },
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true, // its own process group: a timeout stops pgBackRest and its helpers
      });
      let stdout = '';
      let stderr = '';
      const cap = 4 * 1024 * 1024;
      child.stdout.on('data', (c: Buffer) => (stdout = (stdout + c.toString()).slice(-cap)));
      child.stderr.on('data', (c: Buffer) => (stderr = (stderr + c.toString()).slice(-cap)));
      let timedOut = false;
      const kill = (signal: NodeJS.Signals) => {
        try {
          process.kill(-child.pid!, signal);
        } catch {
          /* already gone */
        }
      };
      const timer = setTimeout(() => {
        timedOut = true;
        kill('SIGTERM');
        setTimeout(() => kill('SIGKILL'), 10_000).unref();
      }, timeoutMs);
      child.once('error', (error: NodeJS.ErrnoException) => {
        clearTimeout(timer);
        reject(
          new PgbackrestError(
            error.code === 'ENOENT'
              ? `${switchUser ? 'runuser' : binary} was not found: install pgBackRest (apt-get install pgbackrest)`
              : `pgbackrest ${subcommand} could not start: ${error.message}`,
          ),
        );
      });
      child.once('close', (code, signal) => {
        clearTimeout(timer);
        const seconds = ((Date.now() - started) / 1000).toFixed(1);
        if (timedOut) return reject(new PgbackrestError(`pgbackrest ${subcommand} took longer than ${timeoutMs / 1000} s and was stopped. ${errorTail(stderr)}`.trim()));
        if (code === 0) return resolve({ stdout, stderr });
        const how = code === null ? `signal ${signal}` : `exit ${code}`;
        const notInstalled = code === 127 ? ' (is pgBackRest installed? apt-get install pgbackrest)' : '';
        reject(new PgbackrestError(`pgbackrest ${subcommand} failed (${how}, ${seconds} s)${notInstalled}: ${errorTail(stderr || stdout) || 'no output'}`));
      });
    });
  };
}

const toBackupInfo = (b: PgbackrestBackup): BackupInfo => ({
  label: b.label,
  startedAt: b.startedAt,
  finishedAt: b.finishedAt,
  bytes: b.bytes,
  walStart: b.walStart,
  walStop: b.walStop,
});

const messageOf = (error: unknown) => redactSecrets(error instanceof Error ? error.message : String(error)).slice(0, 2000);

/**
 * The tool as the settings describe it: PGBACKREST_STANZA, PGBACKREST_CONFIG and
 * BACKUP_RETENTION_DAYS; pgBackRest runs as the postgres OS user (switched to when we are root).
 */
export function pgbackrestToolFromSettings(
  settings: { PGBACKREST_STANZA: string; PGBACKREST_CONFIG?: string | undefined; BACKUP_RETENTION_DAYS: number },
  db: Db | null,
) {
  return pgbackrestTool({ stanza: settings.PGBACKREST_STANZA, configPath: settings.PGBACKREST_CONFIG, db, retentionDays: settings.BACKUP_RETENTION_DAYS, osUser: 'postgres' });
}

/** The BackupTool of a PostgreSQL server backed up by pgBackRest. */
export function pgbackrestTool(options: PgbackrestToolOptions): BackupTool & {
  /** The stanza's backups and archived WAL range, as `pgbackrest info` says. */
  info(): Promise<ReturnType<typeof parsePgbackrestInfo>>;
  /** `pgbackrest check`: the server archives WAL into the repository now. */
  check(): Promise<void>;
} {
  const timeouts = { ...DEFAULT_PGBACKREST_TIMEOUTS, ...options.timeouts };
  const now = options.now ?? (() => new Date());
  const run = runner(options);
  const retention = retentionFullDays(options.retentionDays);

  const info = async () => parsePgbackrestInfo((await run('info', ['--output=json'], timeouts.info)).stdout, options.stanza);
  const check = async () => {
    await run('check', [], timeouts.check);
  };

  type EventRow = Omit<typeof backupEvents.$inferInsert, 'tool' | 'finishedAt'> & { kind: 'base-backup' | 'verify' };
  const record = async (row: EventRow) => {
    if (!options.db) return;
    await options.db.insert(backupEvents).values({ ...row, tool: 'pgbackrest', finishedAt: now() });
  };

  return {
    name: 'pgbackrest',
    info,
    check,

    async backupNow() {
      const startedAt = now();
      let type: 'full' | 'diff' = 'full';
      try {
        const before = await info();
        type = nextBackupType(before.backups, startedAt, options.fullEveryDays);
        // Retention on the command line: BACKUP_RETENTION_DAYS wins over the file's value, and
        // pgBackRest expires what is older right after the backup.
        await run(
          'backup',
          [`--type=${type}`, '--repo1-retention-full-type=time', `--repo1-retention-full=${retention}`],
          timeouts.backup,
        );
        const known = new Set(before.backups.map((b) => b.label));
        const made = (await info()).backups.filter((b) => !known.has(b.label)).at(-1);
        if (!made) throw new PgbackrestError('pgbackrest backup ended without error but info lists no new backup');
        const seconds = (now().getTime() - startedAt.getTime()) / 1000;
        await record({
          kind: 'base-backup',
          startedAt,
          ok: !made.error,
          label: made.label,
          detail: { type: made.type, bytes: made.bytes, repositoryBytes: made.repositoryBytes, walStart: made.walStart, walStop: made.walStop, seconds, retentionDays: retention },
          error: made.error ? 'pgBackRest found page checksum errors while copying (see its log)' : null,
        });
        return toBackupInfo(made);
      } catch (error) {
        // The failure is recorded (the admin page and the alert see it); if even that fails, the
        // backup's own error is the one to report.
        await record({ kind: 'base-backup', startedAt, ok: false, detail: { type, seconds: (now().getTime() - startedAt.getTime()) / 1000 }, error: messageOf(error) }).catch(
          () => undefined,
        );
        throw error;
      }
    },

    async list() {
      return (await info()).backups.map(toBackupInfo).reverse();
    },

    async verify() {
      const startedAt = now();
      try {
        // `check`: archiving works now (a WAL switch reaches the repository). `verify`: every
        // backup file and archived WAL segment in the repository has its recorded checksum.
        await check();
        const summary = parseVerifyText((await run('verify', ['--output=text', '--verbose=y'], timeouts.verify)).stdout);
        const checked = `stanza ${options.stanza}: ${summary.backupsChecked} backup(s), ${summary.walChecked} WAL segment(s)`;
        const detail = summary.ok
          ? `archiving works; ${summary.backupsValid} of ${summary.backupsChecked} backup(s) and ${summary.walValid} of ${summary.walChecked} WAL segment(s) valid`
          : `problems: ${summary.problems.join('; ') || (summary.backupsChecked === 0 ? 'no backup in the repository' : 'the stanza is not ok')}`;
        await record({
          kind: 'verify',
          startedAt,
          ok: summary.ok,
          label: null,
          detail: { backupsChecked: summary.backupsChecked, backupsValid: summary.backupsValid, walChecked: summary.walChecked, walValid: summary.walValid, seconds: (now().getTime() - startedAt.getTime()) / 1000 },
          error: summary.ok ? null : detail.slice(0, 2000),
        });
        return { ok: summary.ok, checked, detail };
      } catch (error) {
        const message = messageOf(error);
        await record({ kind: 'verify', startedAt, ok: false, detail: { seconds: (now().getTime() - startedAt.getTime()) / 1000 }, error: message }).catch(() => undefined);
        return { ok: false, checked: `stanza ${options.stanza}`, detail: message };
      }
    },

    async restore({ to, target }) {
      // PostgreSQL must be stopped and `target` (its data folder) empty, or pgBackRest refuses.
      // With a time, pgBackRest picks the newest backup that ended before it and PostgreSQL
      // replays archived WAL up to it; without one, to the end of the archive. Either way the
      // server is promoted when recovery ends: start it (systemctl start postgresql@15-main).
      const problem = restoreTargetProblem((await info()).backups, to);
      if (problem) throw new PgbackrestError(`Cannot restore: ${problem}.`);
      const args = to
        ? ['--type=time', `--target=${recoveryTargetTime(to)}`, '--target-action=promote']
        : ['--type=default'];
      await run('restore', [...args, `--pg1-path=${target}`], timeouts.restore);
      return { target, recoveredTo: to ?? null };
    },
  };
}
