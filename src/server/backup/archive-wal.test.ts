// scripts/archive-wal.mjs, PostgreSQL's archive_command for the app's backups, run as PostgreSQL runs it.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ARCHIVE_SCRIPT } from './wal-archive';

const dir = mkdtempSync(path.join(tmpdir(), 'caucus-archive-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const archive = (source: string, target: string) => spawnSync(process.execPath, [ARCHIVE_SCRIPT, source, target], { encoding: 'utf8' });

describe('archive-wal.mjs', () => {
  it('copies a segment, accepts the same segment again, refuses a different one and leaves no temporary file', () => {
    const source = path.join(dir, 'segment');
    const target = path.join(dir, 'archived');
    writeFileSync(source, 'wal bytes 1');

    expect(archive(source, target).status).toBe(0);
    expect(readFileSync(target, 'utf8')).toBe('wal bytes 1');
    // A retry after a crash between the copy and PostgreSQL's acknowledgement.
    expect(archive(source, target).status).toBe(0);

    writeFileSync(source, 'wal bytes 2');
    const refused = archive(source, target);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('exists with different content');
    expect(readFileSync(target, 'utf8')).toBe('wal bytes 1');
    expect(readdirSync(dir).filter((n) => n.includes('.tmp-'))).toEqual([]);
  });

  it('fails (so PostgreSQL keeps the segment and retries) when the archive folder is missing', () => {
    const source = path.join(dir, 'segment-2');
    writeFileSync(source, 'x');
    const result = archive(source, path.join(dir, 'missing', 'archived'));
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('could not archive segment-2');
    expect(existsSync(path.join(dir, 'missing'))).toBe(false);
  });
});
