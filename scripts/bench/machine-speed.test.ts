import { describe, expect, it } from 'vitest';
import { fixedTaskCpuMs, wakeUpRoundTripUs } from './machine-speed';

describe('the machine-speed measures the bench reports', () => {
  it('times a wake-up round trip between two threads, in µs, in a process of its own', () => {
    const us = wakeUpRoundTripUs(500);
    // A round trip is two wake-ups: more than a microsecond on any machine, far less than the
    // 10 s bound that would make it NaN.
    expect(Number.isFinite(us)).toBe(true);
    expect(us).toBeGreaterThan(1);
    expect(us).toBeLessThan(10_000);
  });

  it('times the fixed task in ms of CPU', () => {
    const ms = fixedTaskCpuMs();
    expect(ms).toBeGreaterThan(10);
    expect(ms).toBeLessThan(60_000);
  });
});
