// scripts/archive-wal.mjs, PostgreSQL's archive_command for the app's backups, run as PostgreSQL runs it.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { ARCHIVE_SCRIPT, RESTORE_SCRIPT } from './wal-archive';

const dir = mkdtempSync(path.join(tmpdir(), 'caucus-archive-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const archive = (source: string, target: string) => spawnSync(process.execPath, [ARCHIVE_SCRIPT, source, target], { encoding: 'utf8' });
const restore = (archived: string, target: string) => spawnSync(process.execPath, [RESTORE_SCRIPT, archived, target], { encoding: 'utf8' });

describe('archive-wal.mjs', () => {
  it('copies a segment, accepts the same segment again, refuses a different one and leaves no temporary file', () => {
    const source = path.join(dir, 'segment');
    const target = path.join(dir, 'archived');
    writeFileSync(source, 'wal bytes 1');

    expect(archive(source, target).status).toBe(0);
    expect(gunzipSync(readFileSync(`${target}.gz`)).toString()).toBe('wal bytes 1');
    expect(existsSync(target)).toBe(false);
    // A retry after a crash between the copy and PostgreSQL's acknowledgement.
    expect(archive(source, target).status).toBe(0);

    writeFileSync(source, 'wal bytes 2');
    const refused = archive(source, target);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('archived already with different content');
    expect(gunzipSync(readFileSync(`${target}.gz`)).toString()).toBe('wal bytes 1');
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

  it('keeps a mostly empty 16 MB segment small, and restore-wal.mjs gives it back whole', () => {
    const segment = Buffer.alloc(16 * 1024 * 1024);
    segment.write('a few records at the start of a segment closed by archive_timeout');
    const source = path.join(dir, '000000010000000000000042');
    writeFileSync(source, segment);
    const archived = path.join(dir, 'archive-42');
    expect(archive(source, archived).status).toBe(0);
    expect(statSync(`${archived}.gz`).size).toBeLessThan(200_000);

    const back = path.join(dir, 'pg_wal-42');
    expect(restore(archived, back).status).toBe(0);
    expect(readFileSync(back).equals(segment)).toBe(true);
  });

  it('restores a plain file archived by an older version, and says 1 for one that is not archived', () => {
    const plain = path.join(dir, 'archive-plain');
    writeFileSync(plain, 'older wal');
    const back = path.join(dir, 'pg_wal-plain');
    expect(restore(plain, back).status).toBe(0);
    expect(readFileSync(back, 'utf8')).toBe('older wal');
    // An older plain file counts as archived: the same segment again is accepted, a different one refused.
    writeFileSync(path.join(dir, 'seg-plain'), 'older wal');
    expect(archive(path.join(dir, 'seg-plain'), plain).status).toBe(0);
    expect(existsSync(`${plain}.gz`)).toBe(false);

    expect(restore(path.join(dir, '00000009.history'), path.join(dir, 'nothing')).status).toBe(1);
    expect(existsSync(path.join(dir, 'nothing'))).toBe(false);
  });
});
