// How pgbackrestTool runs pgBackRest when things go wrong, with real processes standing in for a
// pgbackrest that is missing, hangs or fails (the drill, pgbackrest-drill.test.ts, runs the real
// one): a clear message, a bounded time, and no secret in the error.
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PgbackrestError, pgbackrestTool } from './pgbackrest-tool';

const dir = mkdtempSync(path.join(tmpdir(), 'caucus-pgbackrest-tool-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** An executable shell script standing in for pgbackrest. */
function fakePgbackrest(name: string, body: string): string {
  const file = path.join(dir, name);
  writeFileSync(file, `#!/bin/sh\n${body}\n`);
  chmodSync(file, 0o755);
  return file;
}

// `pgbackrest info --output=json` with one full backup that ended at 2026-12-01T02:30:40Z.
const INFO = JSON.stringify([
  {
    name: 'caucus',
    status: { code: 0, message: 'ok' },
    backup: [{ label: '20261201-023000F', type: 'full', timestamp: { start: 1796092200, stop: 1796092240 }, info: { size: 1 }, error: false }],
    archive: [{ database: { id: 1 }, min: '000000010000000000000001', max: '000000010000000000000009' }],
    db: [{ id: 1 }],
  },
]);

const tool = (command: string, timeoutMs = 10_000) =>
  pgbackrestTool({ stanza: 'caucus', configPath: '/etc/pgbackrest/pgbackrest.conf', db: null, retentionDays: 14, command, timeouts: { info: timeoutMs, backup: timeoutMs, restore: timeoutMs, check: timeoutMs, verify: timeoutMs } });

describe('pgbackrestTool when pgBackRest misbehaves', () => {
  it('says to install pgBackRest when the binary is missing', async () => {
    await expect(tool(path.join(dir, 'no-such-pgbackrest')).list()).rejects.toThrow(/was not found: install pgBackRest \(apt-get install pgbackrest\)/);
  });

  it('stops a command that takes longer than its bound', async () => {
    const started = Date.now();
    const error = await tool(fakePgbackrest('hangs', 'echo starting >&2; exec sleep 30'), 300)
      .list()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PgbackrestError);
    expect((error as Error).message).toMatch(/pgbackrest info took longer than 0.3 s and was stopped/);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('reports the exit code and the end of stderr, without secrets', async () => {
    const failing = fakePgbackrest(
      'fails',
      'echo "ERROR: [056]: unable to connect to \'postgresql://caucus:s3cr3t-pw@db:5432/caucus\' with repo1-cipher-pass=hunter2-key" >&2; exit 56',
    );
    const error = (await tool(failing)
      .list()
      .catch((e: unknown) => e)) as Error;
    expect(error.message).toContain('pgbackrest info failed (exit 56');
    expect(error.message).toContain('unable to connect');
    expect(error.message).not.toContain('s3cr3t-pw');
    expect(error.message).not.toContain('hunter2-key');
  });

  it('passes the stanza, config and target time, and nothing of the app’s environment', async () => {
    const argsFile = path.join(dir, 'args');
    const envFile = path.join(dir, 'env');
    // It answers `info` with one full backup of 2026-12-01 02:30, and records the restore's call.
    const recorder = fakePgbackrest(
      'records',
      `for last; do :; done
if [ "$last" = info ]; then echo '${INFO}'; exit 0; fi
printf '%s\\n' "$@" > ${argsFile}; env > ${envFile}`,
    );
    process.env.AUTH_SECRET_FOR_THIS_TEST = 'must-not-leak';
    try {
      const result = await tool(recorder).restore({ to: new Date('2026-12-01T20:15:00.250Z'), target: '/var/lib/postgresql/15/restored' });
      expect(result).toEqual({ target: '/var/lib/postgresql/15/restored', recoveredTo: new Date('2026-12-01T20:15:00.250Z') });
    } finally {
      delete process.env.AUTH_SECRET_FOR_THIS_TEST;
    }
    expect(readFileSync(argsFile, 'utf8').trim().split('\n')).toEqual([
      '--config=/etc/pgbackrest/pgbackrest.conf',
      '--stanza=caucus',
      '--type=time',
      '--target=2026-12-01 20:15:00.250+00',
      '--target-action=promote',
      '--pg1-path=/var/lib/postgresql/15/restored',
      'restore',
    ]);
    expect(readFileSync(envFile, 'utf8')).not.toContain('must-not-leak');
  });

  it('refuses a moment before the first backup ended, naming the earliest it can reach', async () => {
    const answers = fakePgbackrest('answers-info', `for last; do :; done\nif [ "$last" = info ]; then echo '${INFO}'; exit 0; fi\nexit 99`);
    await expect(tool(answers).restore({ to: new Date('2026-12-01T02:00:00Z'), target: '/var/lib/postgresql/15/main' })).rejects.toThrow(
      'Cannot restore: no backup ended before 2026-12-01T02:00:00.000Z: the earliest moment a restore can reach is just after 2026-12-01T02:30:40.000Z.',
    );
  });
});
