import { describe, expect, it } from 'vitest';
import { poolSizePerProcess, restartDecision, workerCount, workerExecArgv } from './cluster-primary';

describe('how many processes, with how many connections', () => {
  it.each([
    [0, 2, 2],
    [0, 1, 1],
    [0, 16, 16],
    [1, 8, 1],
    [3, 2, 3],
  ])('WORKERS=%i on %i cores → %i processes', (setting, cores, expected) => {
    expect(workerCount(setting, cores)).toBe(expected);
  });

  it.each([
    [1, 20],
    [2, 20],
    [4, 20],
    [6, 15],
    [8, 10],
    [16, 5],
    [64, 5],
  ])('%i processes → %i connections each', (processes, expected) => {
    expect(poolSizePerProcess(processes)).toBe(expected);
  });
});

describe("a worker's node options", () => {
  it.each([
    [[], '', ['--max-semi-space-size=32']],
    [['--enable-source-maps'], '', ['--enable-source-maps', '--max-semi-space-size=32']],
    [['--max-semi-space-size=64'], '', ['--max-semi-space-size=64']],
    [['--max-semi-space-size', '8'], '', ['--max-semi-space-size', '8']],
    [[], '--max-old-space-size=512 --max-semi-space-size=4', []],
    [[], '--max-semi-space-size-x=4', ['--max-semi-space-size=32']],
  ])('primary %j, NODE_OPTIONS %j → %j', (primary, nodeOptions, expected) => {
    expect(workerExecArgv(primary, nodeOptions)).toEqual(expected);
  });
});

describe('restarting a worker that ended', () => {
  const now = 1_000_000;
  it.each([
    ['killed by a signal', null, [now], 'restart'],
    ['crashed (exit 1)', 1, [now], 'restart'],
    ['the fourth end within a minute', 1, [now - 50_000, now - 40_000, now - 1000, now], 'restart'],
    ['the fifth end within a minute', 1, [now - 50_000, now - 40_000, now - 30_000, now - 1000, now], 'stop'],
    ['five ends, the oldest over a minute ago', 1, [now - 61_000, now - 40_000, now - 30_000, now - 1000, now], 'restart'],
    ['could not listen (exit 4)', 4, [now], 'stop'],
    ['bad settings (exit 2)', 2, [now], 'stop'],
    ['data folder in use (exit 3)', 3, [now], 'stop'],
  ] as const)('%s → %s', (_what, code, exits, expected) => {
    expect(restartDecision(code, exits, now)).toBe(expected);
  });
});
