import { describe, expect, it } from 'vitest';
import { archivingFailing, attentionPoints, backupsOverdueNow, byteAmount, diskUse, secondsSince, timeAmount, type Attention } from './system-figures';
import { systemStatusSchema, type SystemStatus } from './system-status';

const NOW = new Date('2026-11-27T12:00:00Z');
const hoursAgo = (hours: number) => new Date(NOW.getTime() - hours * 3_600_000).toISOString();

/** An answer of GET /api/admin/system where all is well, checked against the shared schema. */
function healthy(): SystemStatus {
  return systemStatusSchema.parse({
    version: '1.0.0',
    migration: { latest: '0026_backup-events', count: 27 },
    startedAt: hoursAgo(5),
    nodeVersion: 'v20.19.0',
    workers: 2,
    database: { mode: 'embedded', reachable: true, serverVersion: '18.0', replicaLagSeconds: null },
    backups: {
      tool: 'embedded',
      scheduleHours: 24,
      retentionDays: 14,
      lastBackupAt: hoursAgo(3),
      lastBackupOk: true,
      lastBackupError: null,
      overdue: false,
      lastArchivedWalAt: hoursAgo(0.01),
      archiveFailedCount: 0,
      lastArchiveFailedAt: null,
      lastDrill: { at: hoursAgo(48), ok: true, detail: null },
      history: [],
    },
    jobs: [{ queue: 'mail', waiting: 0, active: 0, failedLastDay: 0, oldestWaitingSeconds: null, lastFailedAt: null, lastError: null }],
    mail: { backlog: 0, failing: 0, sentLastDay: 12, lastError: null, lastErrorAt: null },
    liveStreams: 3,
    disk: { freeBytes: 50e9, totalBytes: 100e9 },
    memory: { rssBytes: 200e6, heapUsedBytes: 80e6 },
  });
}

describe('timeAmount: an age or a duration in the unit a person would say', () => {
  it.each([
    [0, 'second', 0],
    [-5, 'second', 0],
    [59.9, 'second', 59],
    [60, 'minute', 1],
    [119 * 60, 'minute', 119],
    [2 * 3600, 'hour', 2],
    [26 * 3600, 'hour', 26],
    [48 * 3600 - 1, 'hour', 47],
    [48 * 3600, 'day', 2],
    [30 * 86_400 + 5, 'day', 30],
  ] as const)('%s s is %s × %i', (seconds, unit, count) => {
    expect(timeAmount(seconds)).toEqual({ unit, count });
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY])('refuses %s', (seconds) => {
    expect(() => timeAmount(seconds)).toThrow(RangeError);
  });
});

describe('secondsSince', () => {
  it.each([
    [null, null],
    ['not a time', null],
    [hoursAgo(1), 3600],
    [new Date(NOW.getTime() + 2000).toISOString(), -2],
  ])('%s → %s', (at, seconds) => {
    expect(secondsSince(at, NOW)).toBe(seconds);
  });
});

describe('byteAmount: a size in the unit a person would read', () => {
  it.each([
    [0, 'byte', 0],
    [999, 'byte', 999],
    [1000, 'kilobyte', 1],
    [1234, 'kilobyte', 1.2],
    [9_960, 'kilobyte', 10],
    [45_678, 'kilobyte', 46],
    [999_600, 'megabyte', 1],
    [2_500_000_000, 'gigabyte', 2.5],
    [250e9, 'gigabyte', 250],
    [3e15, 'terabyte', 3000],
  ] as const)('%s bytes is %s %s', (bytes, unit, amount) => {
    expect(byteAmount(bytes)).toEqual({ unit, amount });
  });

  it.each([-1, Number.NaN])('refuses %s', (bytes) => {
    expect(() => byteAmount(bytes)).toThrow(RangeError);
  });
});

describe('backupsOverdueNow: past twice the schedule, or none', () => {
  const backups = (over: Partial<SystemStatus['backups']>) => ({ ...healthy().backups, ...over });
  it.each([
    ['a backup 3 h ago on a 24 h schedule', {}, false],
    ['a backup 47 h ago on a 24 h schedule', { lastBackupAt: hoursAgo(47) }, false],
    ['exactly twice the schedule', { lastBackupAt: hoursAgo(48) }, false],
    ['just past twice the schedule', { lastBackupAt: hoursAgo(48.01) }, true],
    ['a backup 13 h ago on a 6 h schedule', { scheduleHours: 6, lastBackupAt: hoursAgo(13) }, true],
    ['no backup yet', { lastBackupAt: null, lastBackupOk: null }, true],
    ['the server says so', { overdue: true }, true],
    ['the last one failed an hour ago (the server knows the last good one is recent)', { lastBackupAt: hoursAgo(1), lastBackupOk: false }, false],
    ['backups are off (no tool)', { tool: null, lastBackupAt: null, overdue: true }, false],
  ] as const)('%s → %s', (_what, over, overdue) => {
    expect(backupsOverdueNow(backups(over), NOW)).toBe(overdue);
  });
});

describe('archivingFailing: the last failure after the last archived segment', () => {
  it.each([
    ['never failed', { archiveFailedCount: 0, lastArchiveFailedAt: null, lastArchivedWalAt: hoursAgo(1) }, false],
    ['failed once, archived since', { archiveFailedCount: 1, lastArchiveFailedAt: hoursAgo(2), lastArchivedWalAt: hoursAgo(1) }, false],
    ['failed after the last success', { archiveFailedCount: 4, lastArchiveFailedAt: hoursAgo(0.5), lastArchivedWalAt: hoursAgo(1) }, true],
    ['failed and never archived', { archiveFailedCount: 1, lastArchiveFailedAt: hoursAgo(1), lastArchivedWalAt: null }, true],
  ])('%s → %s', (_what, figures, failing) => {
    expect(archivingFailing(figures)).toBe(failing);
  });
});

describe('diskUse', () => {
  it.each([
    [50, 100, 0.5, false],
    [10, 100, 0.9, false],
    [9.9, 100, 0.901, true],
    [0, 100, 1, true],
    [0, 0, 0, false],
  ])('%s free of %s → %s used, nearly full: %s', (freeBytes, totalBytes, usedShare, nearlyFull) => {
    const use = diskUse({ freeBytes, totalBytes });
    expect(use.usedShare).toBeCloseTo(usedShare, 5);
    expect(use.nearlyFull).toBe(nearlyFull);
  });
});

describe('attentionPoints: what needs an operator, the most urgent first', () => {
  const change = (edit: (s: SystemStatus) => void) => {
    const status = healthy();
    edit(status);
    return status;
  };
  it.each<[string, SystemStatus, Attention[]]>([
    ['all well', healthy(), []],
    ['database unreachable', change((s) => void (s.database.reachable = false)), ['database-unreachable']],
    ['no backup yet', change((s) => Object.assign(s.backups, { lastBackupAt: null, lastBackupOk: null, overdue: true })), ['backup-overdue']],
    ['the last backup failed, a good one is recent', change((s) => Object.assign(s.backups, { lastBackupOk: false, lastBackupError: 'disk full' })), ['backup-failed']],
    ['backups off', change((s) => Object.assign(s.backups, { tool: null, lastBackupAt: null, overdue: false })), []],
    ['archiving failing', change((s) => Object.assign(s.backups, { archiveFailedCount: 2, lastArchiveFailedAt: hoursAgo(0) })), ['archiving-failing']],
    ['the last drill failed', change((s) => void (s.backups.lastDrill = { at: hoursAgo(1), ok: false, detail: 'row count differs' })), ['drill-failed']],
    ['disk nearly full', change((s) => void (s.disk = { freeBytes: 5e9, totalBytes: 100e9 })), ['disk-nearly-full']],
    ['disk unknown', change((s) => void (s.disk = null)), []],
    ['a job failed today', change((s) => void (s.jobs[0]!.failedLastDay = 1)), ['jobs-failing']],
    ['mail failing', change((s) => void (s.mail.failing = 3)), ['mail-failing']],
    ['replica 31 s behind', change((s) => void (s.database.replicaLagSeconds = 31)), ['replica-lagging']],
    ['replica 30 s behind', change((s) => void (s.database.replicaLagSeconds = 30)), []],
    [
      'several at once, in order',
      change((s) => {
        s.mail.failing = 1;
        s.database.reachable = false;
        s.backups.lastBackupAt = hoursAgo(100);
      }),
      ['database-unreachable', 'backup-overdue', 'mail-failing'],
    ],
  ])('%s', (_what, status, points) => {
    expect(attentionPoints(status, NOW)).toEqual(points);
  });
});
