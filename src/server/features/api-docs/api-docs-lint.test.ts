import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app';
import { createTestDatabase } from '../../test/test-database';

/**
 * /api/openapi.json linted by Redocly CLI with its `recommended` ruleset and the repository's
 * redocly.yaml (issue 29, decision 039): no error and no warning.
 */
const database = await createTestDatabase();
const { request } = createTestApp(database.db);
const root = resolve(import.meta.dirname, '../../../..');
const folder = await mkdtemp(join(tmpdir(), 'caucus-openapi-lint-'));
afterAll(() => rm(folder, { recursive: true, force: true }));

interface LintReport {
  totals: { errors: number; warnings: number };
  problems: Array<{ ruleId: string; severity: string; message: string; location: Array<{ pointer: string }> }>;
}

/** Runs `redocly lint` on a document (no telemetry, no update check: the tests make no outside call). */
async function lint(document: unknown, name: string): Promise<LintReport> {
  const file = join(folder, name);
  await writeFile(file, JSON.stringify(document, null, 2));
  // It exits with 1 when it finds an error; the report is on stdout either way.
  const stdout = await promisify(execFile)(
    process.execPath,
    [join(root, 'node_modules/@redocly/cli/bin/cli.js'), 'lint', file, '--config', join(root, 'redocly.yaml'), '--format', 'json', '--max-problems', '1000'],
    { cwd: root, env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' }, maxBuffer: 64 * 1024 * 1024 },
  ).then(
    (result) => result.stdout,
    (error: { stdout?: string }) => {
      if (!error.stdout) throw error;
      return error.stdout;
    },
  );
  return JSON.parse(stdout) as LintReport;
}

const describeProblems = (report: LintReport) => report.problems.map((p) => `${p.severity} ${p.ruleId} at ${p.location[0]?.pointer}: ${p.message}`);

describe('/api/openapi.json under Redocly’s recommended rules (issue 29)', () => {
  it('has no error and no warning', async () => {
    const res = await request('/api/openapi.json');
    const report = await lint(await res.json(), 'openapi.json');
    expect(describeProblems(report)).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  }, 60_000);

  it('fails a document with the faults the testers found', async () => {
    const document = (await (await request('/api/openapi.json')).json()) as {
      info: Record<string, unknown>;
      servers: unknown[];
      paths: Record<string, Record<string, Record<string, unknown>>>;
    };
    delete document.info.license;
    document.servers = [{ url: 'http://localhost:3000' }];
    delete document.paths['/api/health']!.get!.security;
    document.paths['/api/caucuses/by-code/{code}'] = { get: { ...document.paths['/api/caucus-codes/{code}']!.get!, operationId: 'byCode' } };
    delete (document.paths['/api/config']!.get!.responses as Record<string, unknown>)['200'];
    const rules = new Set((await lint(document, 'broken.json')).problems.map((p) => p.ruleId));
    expect([...rules].sort()).toEqual(['info-license', 'no-ambiguous-paths', 'no-server-example.com', 'rule/operation-success-or-redirect-response', 'security-defined']);
  }, 60_000);
});
