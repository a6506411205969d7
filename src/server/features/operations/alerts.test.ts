import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * deploy/alerts.yml (issue 30): Debian's promtool accepts the rules, and deploy/alerts.test.yml
 * shows them firing and staying quiet when they should (backups, 5xx, WAL, disk, mail, jobs).
 */
const deploy = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../deploy');

const promtool = (...args: string[]) => spawnSync('promtool', args, { cwd: deploy, encoding: 'utf8', timeout: 60_000 });

describe('deploy/alerts.yml', () => {
  it('passes promtool check rules', () => {
    const result = promtool('check', 'rules', 'alerts.yml');
    expect(result.error, 'promtool is in Debian\'s prometheus package').toBeUndefined();
    expect(result.status, result.stdout + result.stderr).toBe(0);
    expect(result.stdout).toMatch(/SUCCESS: \d+ rules found/);
  });

  it('passes its unit tests (promtool test rules)', () => {
    const result = promtool('test', 'rules', 'alerts.test.yml');
    expect(result.status, result.stdout + result.stderr).toBe(0);
    expect(result.stdout + result.stderr).toContain('SUCCESS');
  });
});
