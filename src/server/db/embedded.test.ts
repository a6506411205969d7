import { mkdirSync, mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirUnreachableError, letPostgresReach } from './embedded';

const mode = (p: string) => statSync(p).mode & 0o777;

describe('letPostgresReach (the embedded PostgreSQL runs as its own user when we are root)', () => {
  it('opens a data folder made with mode 0700 (as mktemp -d makes it) for passing through, not for reading', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'caucus-reach-'));
    expect(mode(dataDir)).toBe(0o700);
    letPostgresReach(dataDir);
    expect(mode(dataDir)).toBe(0o711);
  });

  it('creates a missing data folder', () => {
    const dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'caucus-reach-')), 'data');
    const parent = path.dirname(dataDir);
    letPostgresReach(parent);
    letPostgresReach(dataDir);
    expect(statSync(dataDir).isDirectory()).toBe(true);
  });

  it('says in one line what to do when a parent folder is closed to others', () => {
    const closed = mkdtempSync(path.join(tmpdir(), 'caucus-closed-'));
    const dataDir = path.join(closed, 'app', 'data');
    mkdirSync(dataDir, { recursive: true });
    expect(() => letPostgresReach(dataDir)).toThrow(DataDirUnreachableError);
    expect(() => letPostgresReach(dataDir)).toThrow(`Run \`chmod o+x ${closed}\``);
    expect(mode(closed)).toBe(0o700); // not ours to change
  });
});
