import { describe, expect, it } from 'vitest';
import { REOPEN_STREAM_MAX_MS, REOPEN_STREAM_MS, reopenStreamDelayMs } from './stream-reopen';

describe('reopenStreamDelayMs', () => {
  it('waits 30 s at first, doubling per refusal in a row up to the ceiling', () => {
    const none = () => 0;
    expect([1, 2, 3, 4, 5, 6, 20].map((n) => reopenStreamDelayMs(n, none))).toEqual([30_000, 60_000, 120_000, 240_000, 240_000, 240_000, 240_000]);
    expect(reopenStreamDelayMs(0, none)).toBe(REOPEN_STREAM_MS);
  });

  it('spreads a crowd refused together over twice the wait', () => {
    expect(reopenStreamDelayMs(1, () => 0.999)).toBe(59_970);
    expect(reopenStreamDelayMs(9, () => 0.5)).toBe(REOPEN_STREAM_MAX_MS * 1.5);
    const delays = new Set(Array.from({ length: 50 }, () => reopenStreamDelayMs(1)));
    expect(delays.size).toBeGreaterThan(40);
    for (const d of delays) expect(d >= 30_000 && d <= 60_000).toBe(true);
  });
});
