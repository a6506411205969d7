import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { archiveFlags, BackupDirError, prepareBackupDir, walDir } from './wal-archive';

const dir = mkdtempSync(path.join(tmpdir(), 'caucus-backup-dir-'));
chmodSync(dir, 0o755); // as root, the postgres user must reach BACKUP_DIR
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('prepareBackupDir', () => {
  it('makes the base and wal folders', () => {
    const backupDir = path.join(dir, 'ok', 'backups');
    prepareBackupDir(backupDir);
    expect(statSync(walDir(backupDir)).isDirectory()).toBe(true);
    expect(statSync(path.join(backupDir, 'base')).isDirectory()).toBe(true);
  });

  it('refuses a BACKUP_DIR that cannot be created, in one line naming BACKUP_DIR', () => {
    const file = path.join(dir, 'a-file');
    writeFileSync(file, '');
    const backupDir = path.join(file, 'backups');
    let error: unknown;
    try {
      prepareBackupDir(backupDir);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(BackupDirError);
    expect((error as Error).message).toBe(`BACKUP_DIR (${backupDir}) cannot be created or written: ENOTDIR. Choose a folder this user can write, or fix its owner.`);
  });
});

describe.runIf(process.getuid?.() === 0)('prepareBackupDir as root', () => {
  it('refuses a BACKUP_DIR the postgres user cannot reach, saying which folder to open', () => {
    const closed = path.join(dir, 'closed');
    mkdirSync(closed, { mode: 0o700 });
    const backupDir = path.join(closed, 'backups');
    expect(() => prepareBackupDir(backupDir)).toThrow(`BACKUP_DIR (${backupDir}) cannot be reached by the user 'postgres' (the embedded PostgreSQL archives into it): run \`chmod o+x ${closed}\``);
  });
});

describe('archiveFlags', () => {
  it('archives with the copy script into <BACKUP_DIR>/wal, quoting the path for the shell and % for PostgreSQL', () => {
    const flags = archiveFlags({ backupDir: "/srv/it's 100%", archiveTimeoutSeconds: 30 });
    expect(flags).toContain('archive_mode=on');
    expect(flags).toContain('archive_timeout=30');
    const command = flags.find((f) => f.startsWith('archive_command='))!;
    expect(command).toMatch(/archive-wal\.mjs' %p '\/srv\/it'\\''s 100%%\/wal'\/%f$/);
  });
});
