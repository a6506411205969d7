import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DISK_NEARLY_FULL_FREE_SHARE, REPLICA_LAG_WARNING_SECONDS } from '../../../domain/operations/system-figures';

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

  it('warns at the thresholds /admin/system uses, so the page and the alerts agree', () => {
    const rules = readFileSync(path.join(deploy, 'alerts.yml'), 'utf8');
    expect(Number(/caucus_replica_lag_seconds > ([\d.]+)/.exec(rules)?.[1])).toBe(REPLICA_LAG_WARNING_SECONDS);
    expect(Number(/caucus_data_dir_free_bytes \/ caucus_data_dir_size_bytes < ([\d.]+)/.exec(rules)?.[1])).toBe(DISK_NEARLY_FULL_FREE_SHARE);
  });
});
