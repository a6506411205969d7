import { describe, expect, it } from 'vitest';
import {
  errorTail,
  nextBackupType,
  parsePgbackrestInfo,
  parseVerifyText,
  PgbackrestOutputError,
  recoveryTargetTime,
  redactSecrets,
  restoreTargetProblem,
  retentionFullDays,
} from './pgbackrest-info';

// Captured from pgBackRest 2.45 (Debian 12) after one full backup of a PostgreSQL 15 cluster.
const INFO_ONE_FULL = `[{"archive":[{"database":{"id":1,"repo-key":1},"id":"15-1","max":"000000010000000000000003","min":"000000010000000000000001"}],"backup":[{"archive":{"start":"000000010000000000000002","stop":"000000010000000000000003"},"backrest":{"format":5,"version":"2.45"},"database":{"id":1,"repo-key":1},"error":false,"info":{"delta":23213902,"repository":{"delta":3062610,"size":3062610},"size":23213902},"label":"20261127-075951F","lsn":{"start":"0/2000028","stop":"0/3000050"},"prior":null,"reference":null,"timestamp":{"start":1795766391,"stop":1795766400},"type":"full"}],"cipher":"none","db":[{"id":1,"repo-key":1,"system-id":7712757896433747145,"version":"15"}],"name":"caucus","repo":[{"cipher":"none","key":1,"status":{"code":0,"message":"ok"}}],"status":{"code":0,"lock":{"backup":{"held":false}},"message":"ok"}}]`;

// A stanza created but never backed up.
const INFO_NO_BACKUP = `[{"archive":[],"backup":[],"cipher":"none","db":[{"id":1,"repo-key":1,"system-id":7712757896433747145,"version":"15"}],"name":"caucus","repo":[{"cipher":"none","key":1,"status":{"code":2,"message":"no valid backups"}}],"status":{"code":2,"lock":{"backup":{"held":false}},"message":"no valid backups"}}]`;

describe('parsePgbackrestInfo', () => {
  it('reads a full backup with its times, sizes and WAL range', () => {
    const info = parsePgbackrestInfo(INFO_ONE_FULL, 'caucus');
    expect(info.status).toEqual({ code: 0, message: 'ok' });
    expect(info.archive).toEqual({ min: '000000010000000000000001', max: '000000010000000000000003' });
    expect(info.backups).toEqual([
      {
        label: '20261127-075951F',
        type: 'full',
        startedAt: new Date(1795766391_000),
        finishedAt: new Date(1795766400_000),
        bytes: 23213902,
        repositoryBytes: 3062610,
        walStart: '000000010000000000000002',
        walStop: '000000010000000000000003',
        error: false,
      },
    ]);
  });

  it('reads a stanza with no backup yet', () => {
    const info = parsePgbackrestInfo(INFO_NO_BACKUP, 'caucus');
    expect(info.backups).toEqual([]);
    expect(info.archive).toBeNull();
    expect(info.status.code).toBe(2);
  });

  it.each([
    ['not JSON', 'ERROR: [055]: unable to load info file', 'did not answer JSON'],
    ['another shape', '{"name":"caucus"}', 'unexpected shape'],
    ['another stanza', INFO_ONE_FULL, 'does not list the stanza other'],
  ])('refuses %s', (_what, json, message) => {
    const stanza = json === INFO_ONE_FULL ? 'other' : 'caucus';
    expect(() => parsePgbackrestInfo(json, stanza)).toThrow(PgbackrestOutputError);
    expect(() => parsePgbackrestInfo(json, stanza)).toThrow(message);
  });
});

describe('nextBackupType', () => {
  const now = new Date('2026-12-10T02:00:00Z');
  const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000);
  it.each([
    ['no backup yet', [], 'full'],
    ['only a failed full backup', [{ type: 'full' as const, startedAt: daysAgo(1), error: true }], 'full'],
    ['a full backup of yesterday', [{ type: 'full' as const, startedAt: daysAgo(1), error: false }], 'diff'],
    ['a full backup of 6.9 days ago', [{ type: 'full' as const, startedAt: daysAgo(6.9), error: false }], 'diff'],
    ['a full backup of 7 days ago', [{ type: 'full' as const, startedAt: daysAgo(7), error: false }], 'full'],
    [
      'an old full and a recent differential',
      [
        { type: 'full' as const, startedAt: daysAgo(8), error: false },
        { type: 'diff' as const, startedAt: daysAgo(1), error: false },
      ],
      'full',
    ],
    [
      'an old full and a recent full',
      [
        { type: 'full' as const, startedAt: daysAgo(8), error: false },
        { type: 'full' as const, startedAt: daysAgo(2), error: false },
      ],
      'diff',
    ],
  ])('%s → %s', (_what, backups, expected) => {
    expect(nextBackupType(backups, now)).toBe(expected);
  });

  it('follows fullEveryDays', () => {
    expect(nextBackupType([{ type: 'full', startedAt: daysAgo(2), error: false }], now, 1)).toBe('full');
  });
});

describe('retentionFullDays', () => {
  it.each([
    [14, 14],
    [0.5, 1],
    [1.2, 2],
    [3650, 3650],
  ])('%s days → %s', (days, expected) => expect(retentionFullDays(days)).toBe(expected));
  it.each([0, -1, Number.NaN])('refuses %s', (days) => expect(() => retentionFullDays(days)).toThrow(RangeError));
});

describe('recoveryTargetTime', () => {
  it.each([
    ['2026-12-01T20:15:00.000Z', '2026-12-01 20:15:00.000+00'],
    ['2026-12-01T20:15:00.123Z', '2026-12-01 20:15:00.123+00'],
    ['2026-12-01T22:15:00.5+02:00', '2026-12-01 20:15:00.500+00'],
  ])('%s → %s', (iso, expected) => expect(recoveryTargetTime(new Date(iso))).toBe(expected));
  it('refuses an invalid date', () => expect(() => recoveryTargetTime(new Date('nope'))).toThrow(RangeError));
});

describe('restoreTargetProblem', () => {
  const backups = [
    { finishedAt: new Date('2026-12-01T02:30:40Z'), error: false },
    { finishedAt: new Date('2026-12-02T02:30:20Z'), error: false },
  ];
  it.each([
    ['the latest, with backups', backups, undefined, null],
    ['a moment after the first backup', backups, new Date('2026-12-01T20:15:00Z'), null],
    ['a moment after the last backup', backups, new Date('2026-12-03T08:00:00Z'), null],
    ['a moment before any backup ended', backups, new Date('2026-12-01T02:30:00Z'), 'the earliest moment a restore can reach is just after 2026-12-01T02:30:40.000Z'],
    ['the very end of the first backup', backups, new Date('2026-12-01T02:30:40Z'), 'no backup ended before 2026-12-01T02:30:40.000Z'],
    ['no backup at all', [], undefined, 'the repository holds no backup'],
    ['only a failed backup', [{ finishedAt: new Date('2026-12-01T02:30:40Z'), error: true }], new Date('2026-12-02T00:00:00Z'), 'the repository holds no backup'],
  ])('%s', (_what, list, to, expected) => {
    const problem = restoreTargetProblem(list, to);
    if (expected === null) expect(problem).toBeNull();
    else expect(problem).toContain(expected);
  });
});

describe('parseVerifyText', () => {
  const good = `stanza: caucus
status: ok
  archiveId: 15-1, total WAL checked: 3, total valid WAL: 3
    missing: 0, checksum invalid: 0, size invalid: 0, other: 0
  backup: 20261127-075951F, status: valid, total files checked: 964, total valid files: 964
    missing: 0, checksum invalid: 0, size invalid: 0, other: 0`;
  it('reads a repository that holds', () => {
    expect(parseVerifyText(good)).toEqual({ ok: true, backupsChecked: 1, backupsValid: 1, walChecked: 3, walValid: 3, problems: [] });
  });
  it.each([
    ['a missing WAL segment', good.replace('total valid WAL: 3', 'total valid WAL: 2').replace('missing: 0, checksum', 'missing: 1, checksum')],
    ['an invalid backup', good.replace('status: valid', 'status: invalid').replace(/missing: 0, checksum invalid: 0(?![\s\S]*missing)/, 'missing: 0, checksum invalid: 4')],
    ['a stanza in error', good.replace('status: ok', 'status: error')],
    ['no backup at all', 'stanza: caucus\nstatus: ok\n  archiveId: 15-1, total WAL checked: 0, total valid WAL: 0'],
  ])('says not ok for %s', (_what, text) => {
    expect(parseVerifyText(text).ok).toBe(false);
  });
});

describe('redactSecrets', () => {
  it.each([
    ['postgresql://caucus:s3cr3t@db.example:5432/caucus failed', 'postgresql://caucus:***@db.example:5432/caucus failed'],
    ['--repo1-cipher-pass=hunter2 --stanza=caucus', '--repo1-cipher-pass=*** --stanza=caucus'],
    ['repo1-s3-key-secret=abc/def repo1-s3-key=AKIA123', 'repo1-s3-key-secret=*** repo1-s3-key=***'],
    ["password='x y' host=a", "password=*** host=a"],
    ['Authorization: Bearer abc.def', 'Authorization: Bearer ***'],
    ['ERROR: [056]: unable to find primary cluster', 'ERROR: [056]: unable to find primary cluster'],
  ])('%s', (input, expected) => expect(redactSecrets(input)).toBe(expected));

  it('keeps the end of a long output', () => {
    const tail = errorTail(`${'x'.repeat(1000)}ERROR: the end`, 20);
    expect(tail).toBe('…xxxxxxERROR: the end');
  });
});
