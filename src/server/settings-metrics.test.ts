import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSettings } from './settings';

// METRICS_ALLOW and METRICS_TOKEN (issue 30, decision 042); the other settings are in settings.test.ts.
const dir = () => mkdtempSync(path.join(tmpdir(), 'caucus-settings-'));

describe('metrics settings', () => {
  it('lets this machine read /metrics by default, with no token', () => {
    const s = loadSettings({ DATA_DIR: dir() });
    expect(s.METRICS_ALLOW).toEqual(['127.0.0.1', '::1']);
    expect(s.METRICS_TOKEN).toBeUndefined();
  });

  it.each([
    ['10.0.0.0/8, 192.168.1.5 ,fd00::/8', ['10.0.0.0/8', '192.168.1.5', 'fd00::/8']],
    ['none', []],
    ['NONE', []],
  ])('reads METRICS_ALLOW=%s', (value, entries) => {
    expect(loadSettings({ DATA_DIR: dir(), METRICS_ALLOW: value }).METRICS_ALLOW).toEqual(entries);
  });

  it.each([
    [{ METRICS_ALLOW: '10.0.0.0/8, prometheus.local' }, "METRICS_ALLOW: 'prometheus.local' is not an IP address or CIDR range"],
    [{ METRICS_ALLOW: '10.0.0.0/40' }, "METRICS_ALLOW: '10.0.0.0/40' is not an IP address or CIDR range"],
    [{ METRICS_TOKEN: 'too-short' }, 'METRICS_TOKEN must be at least 24 characters'],
  ])('stops on %j naming the setting', (env, message) => {
    expect(() => loadSettings({ DATA_DIR: dir(), ...env })).toThrow(message);
  });

  it('never repeats the token in its refusal', () => {
    expect(() => loadSettings({ DATA_DIR: dir(), METRICS_TOKEN: 'secret-but-short' })).toThrow(expect.objectContaining({ message: expect.not.stringContaining('secret-but-short') }));
  });
});
