// npm run backup | backup:list | backup:verify | restore -- [--to "2026-12-01T20:15:00Z"] --data-dir NEW
// The database's backups (issue 30, docs/backups.md), by the tool BACKUP_TOOL names: the app's own
// for the embedded PostgreSQL (decision 043), or pgBackRest for a PostgreSQL server.
//   backup   a base backup now (while the app runs, through its PostgreSQL; otherwise this starts
//            the embedded PostgreSQL for the time of the backup, archiving on)
//   list     the base backups, and the window of time a restore can reach
//   verify   restores the newest backup into a temporary folder and checks it (rows, election
//            records, invariants); the result is recorded in the live database
//   restore  into a new data folder: to --to, or to the end of the archived WAL
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { embeddedBackupTool } from '../src/server/backup/embedded-backup';
import { readManifests } from '../src/server/backup/base-backup';
import { pgbackrestToolFromSettings } from '../src/server/backup/pgbackrest-tool';
import { lastArchivedWalAt, restoreBackup, RestoreError } from '../src/server/backup/restore';
import type { BackupInfo, BackupTool } from '../src/server/backup/backup-tool';
import { BackupDirError } from '../src/server/backup/wal-archive';
import { openAppDatabase, type AppDatabase } from '../src/server/db/app-database';
import { loggableError } from '../src/server/logger';
import { loadSettings, SettingsError, type Settings } from '../src/server/settings';

const USAGE = `Usage:
  npm run backup
  npm run backup:list
  npm run backup:verify
  npm run restore -- [--to "2026-12-01T20:15:00Z"] --data-dir NEW`;

if (existsSync('.env')) process.loadEnvFile('.env');

const fail = (message: string, code = 1): never => {
  console.error(message);
  process.exit(code);
};

const [command, ...rest] = process.argv.slice(2);
let settings: Settings;
try {
  settings = loadSettings();
} catch (e) {
  if (e instanceof SettingsError) fail(e.message, 2);
  throw e;
}
if (!settings!.backupTool) {
  fail('Backups are off: set BACKUP_DIR for the embedded PostgreSQL, or BACKUP_TOOL=pgbackrest for a PostgreSQL server (docs/backups.md).', 2);
}
const tool = settings!.backupTool!;
const log = (m: string) => console.log(m);

const size = (bytes: number | null) => (bytes === null ? '?' : bytes >= 1e9 ? `${(bytes / 1e9).toFixed(1)} GB` : `${(bytes / 1e6).toFixed(1)} MB`);

function table(backups: BackupInfo[]): string {
  const rows = [['label', 'finished', 'size', 'WAL range'], ...backups.map((b) => [b.label, b.finishedAt.toISOString(), size(b.bytes), `${b.walStart ?? '?'} … ${b.walStop ?? '?'}`])];
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  return rows.map((r) => r.map((cell, i) => cell.padEnd(widths[i]!)).join('  ')).join('\n');
}

/** The live database (for backup_events), and the tool that works on it. */
async function openTool(): Promise<{ database: AppDatabase; backups: BackupTool }> {
  let database: AppDatabase;
  try {
    database = await openAppDatabase({ settings, direct: true, whenAppRunning: 'attach', log });
  } catch (e) {
    if (e instanceof BackupDirError) fail(e.message, 2);
    throw e;
  }
  if (tool === 'pgbackrest') return { database: database!, backups: pgbackrestToolFromSettings(settings, database!.db) };
  const connection = typeof database!.connection === 'string' ? { connectionString: database!.connection } : database!.connection;
  return {
    database: database!,
    backups: embeddedBackupTool({ db: database!.db, connection, dataDir: settings.dataDir, backupDir: settings.backupDir!, retentionDays: settings.BACKUP_RETENTION_DAYS, log }),
  };
}

async function run(): Promise<void> {
  switch (command) {
    case 'backup': {
      const { database, backups } = await openTool();
      try {
        const b = await backups.backupNow();
        console.log(`Base backup ${b.label} done: ${size(b.bytes)}, finished ${b.finishedAt.toISOString()}.`);
      } finally {
        await database.close();
      }
      return;
    }
    case 'list': {
      if (tool === 'pgbackrest') {
        const { database, backups } = await openTool();
        try {
          console.log(table(await backups.list()));
        } finally {
          await database.close();
        }
        return;
      }
      const manifests = readManifests(settings.backupDir!);
      if (manifests.length === 0) {
        console.log(`No base backup in ${settings.backupDir}: take one with \`npm run backup\`.`);
        return;
      }
      console.log(
        table(manifests.map((m) => ({ label: m.label, startedAt: new Date(m.startedAt), finishedAt: new Date(m.stoppedAt), bytes: m.bytes, walStart: m.walStart, walStop: m.walStop }))),
      );
      const lastWal = lastArchivedWalAt(settings.backupDir!);
      console.log(
        `\nA restore can reach any moment from ${manifests.at(-1)!.stoppedAt} to the last archived WAL (${lastWal?.toISOString() ?? 'none yet'}); ` +
          `while the app runs, at most ARCHIVE_TIMEOUT_SECONDS (${settings.ARCHIVE_TIMEOUT_SECONDS} s) of writes wait to be archived.`,
      );
      return;
    }
    case 'verify': {
      const { database, backups } = await openTool();
      try {
        const result = await backups.verify();
        console.log(`${result.ok ? 'The backup holds' : 'THE BACKUP DOES NOT HOLD'} (${result.checked}):\n${result.detail}`);
        if (!result.ok) process.exitCode = 1;
      } finally {
        await database.close();
      }
      return;
    }
    case 'restore': {
      const { values } = parseArgs({ args: rest, options: { to: { type: 'string' }, 'data-dir': { type: 'string' } } });
      if (!values['data-dir']) fail(`restore needs --data-dir NEW (a new, empty folder)\n${USAGE}`, 2);
      let to: Date | undefined;
      if (values.to !== undefined) {
        to = new Date(values.to);
        if (Number.isNaN(to.getTime())) fail(`--to "${values.to}" is not a time: give an ISO time such as 2026-12-01T20:15:00Z`, 2);
      }
      const target = path.resolve(values['data-dir']!);
      if (tool === 'pgbackrest') {
        // PostgreSQL is stopped for a restore (pgBackRest refuses otherwise): no database to open.
        const r = await pgbackrestToolFromSettings(settings, null).restore({ to, target });
        console.log(
          [
            `Restored into ${r.target}${r.recoveredTo ? `, to ${r.recoveredTo.toISOString()}` : ', to the end of the archived WAL'}.`,
            'Start PostgreSQL on it (Debian: systemctl start postgresql@15-main), then the app (systemctl start caucus): docs/backups-pgbackrest.md.',
          ].join('\n'),
        );
        return;
      }
      const r = await restoreBackup({ backupDir: settings.backupDir!, target, to, log, timeoutMs: 24 * 3600_000 });
      console.log(
        [
          `Restored into ${r.target} in ${r.seconds} s, from base backup ${r.backup.label}; the last transaction replayed committed at ${r.recoveredTo?.toISOString() ?? '(none after the backup)'}.`,
          `The app's files of DATA_DIR came back too: ${r.backup.appFiles.join(', ') || 'none were in the backup'}.`,
          `Start the app on it:  DATA_DIR=${r.target} npm start`,
          `(With BACKUP_DIR=${settings.backupDir} it archives into the same folder, on a new timeline: take a base backup soon after, \`npm run backup\`.)`,
        ].join('\n'),
      );
      return;
    }
    default:
      fail(USAGE, 2);
  }
}

try {
  await run();
} catch (e) {
  if (e instanceof RestoreError || e instanceof BackupDirError) fail(e.message);
  fail(`The ${command} failed: ${loggableError(e).message}`);
}
