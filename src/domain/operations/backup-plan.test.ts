import { describe, expect, it } from 'vitest';
import { backupDue, chooseBaseBackup, retentionPlan, walFilesToDelete, type BaseBackupSummary } from './backup-plan';

const at = (iso: string) => new Date(iso);
const backup = (label: string, started: string, stopped: string, walStart: string): BaseBackupSummary => ({ label, startedAt: at(started), stoppedAt: at(stopped), walStart });

describe('backupDue', () => {
  const now = at('2026-12-01T12:00:00Z');
  it.each([
    ['no backup, no attempt', null, null, 24, true],
    ['good backup within the schedule', '2026-12-01T00:00:00Z', '2026-12-01T00:00:00Z', 24, false],
    ['good backup older than the schedule', '2026-11-30T11:00:00Z', '2026-11-30T11:00:00Z', 24, true],
    ['older than the schedule, a failed attempt 10 minutes ago', '2026-11-30T11:00:00Z', '2026-12-01T11:50:00Z', 24, false],
    ['older than the schedule, a failed attempt 2 hours ago', '2026-11-30T11:00:00Z', '2026-12-01T10:00:00Z', 24, true],
    ['a half-hour schedule retries after half an hour', '2026-12-01T11:00:00Z', '2026-12-01T11:25:00Z', 0.5, true],
    ['no backup, an attempt 5 minutes ago', null, '2026-12-01T11:55:00Z', 24, false],
  ] as const)('%s', (_, good, attempt, hours, due) => {
    expect(backupDue({ lastGoodAt: good ? at(good) : null, lastAttemptAt: attempt ? at(attempt) : null, now, scheduleHours: hours })).toBe(due);
  });
});

describe('retentionPlan', () => {
  const now = at('2026-12-15T00:00:00Z');
  const b1 = backup('b1', '2026-11-20T00:00:00Z', '2026-11-20T00:01:00Z', '000000010000000000000010');
  const b2 = backup('b2', '2026-12-02T00:00:00Z', '2026-12-02T00:01:00Z', '000000010000000000000020');
  const b3 = backup('b3', '2026-12-14T00:00:00Z', '2026-12-14T00:01:00Z', '000000010000000000000030');
  it.each([
    ['nothing to keep or delete', [], 14, [], null],
    ['deletes what is older than the retention', [b1, b2, b3], 14, ['b1'], '000000010000000000000020'],
    ['keeps the newest even when it is old', [b1], 14, [], '000000010000000000000010'],
    ['keeps only the newest of old ones', [b1, b2], 1, ['b1'], '000000010000000000000020'],
    ['all within the retention', [b3, b2, b1], 60, [], '000000010000000000000010'],
  ] as const)('%s', (_, backups, days, deleted, keepWalFrom) => {
    expect(retentionPlan(backups, now, days)).toEqual({ deleteLabels: deleted, keepWalFrom });
  });
});

describe('walFilesToDelete', () => {
  const names = [
    '00000001000000000000000F',
    '000000010000000000000010',
    '000000010000000000000010.00000028.backup',
    '00000001000000000000000E.partial',
    '00000002000000000000000F',
    '000000020000000000000011',
    '00000002.history',
    '000000010000000000000009.tmp-123',
    '00000001000000000000000D.gz',
    '000000010000000000000012.gz',
    '00000001000000000000000C.gz.tmp-77',
    '00000003.history.gz',
    'README',
  ];
  it('deletes segments before the cutoff, gzipped or not, on any timeline, and keeps history files and strangers', () => {
    expect(walFilesToDelete(names, '000000010000000000000010')).toEqual([
      '00000001000000000000000F',
      '00000001000000000000000E.partial',
      '00000002000000000000000F',
      '00000001000000000000000D.gz',
    ]);
  });
  it('refuses a cutoff that is not a segment name', () => {
    expect(() => walFilesToDelete(names, 'nope')).toThrow('not a WAL segment name');
  });
});

describe('chooseBaseBackup', () => {
  const b1 = backup('b1', '2026-12-01T00:00:00Z', '2026-12-01T00:05:00Z', '000000010000000000000010');
  const b2 = backup('b2', '2026-12-02T00:00:00Z', '2026-12-02T00:05:00Z', '000000010000000000000020');
  it.each([
    ['no backups', [], undefined, { ok: false, reason: 'no-backup' }],
    ['the newest without a target', [b1, b2], undefined, { ok: true, backup: b2 }],
    ['the newest complete by the target', [b1, b2], '2026-12-01T12:00:00Z', { ok: true, backup: b1 }],
    ['a target after both', [b2, b1], '2026-12-03T00:00:00Z', { ok: true, backup: b2 }],
    ['a target at the very stop of a backup', [b1, b2], '2026-12-02T00:05:00Z', { ok: true, backup: b2 }],
    ['a target before every backup was complete', [b1, b2], '2026-12-01T00:04:00Z', { ok: false, reason: 'before-earliest', earliest: b1.stoppedAt }],
  ] as const)('%s', (_, backups, to, expected) => {
    expect(chooseBaseBackup(backups, to ? at(to) : undefined)).toEqual(expected);
  });
});
