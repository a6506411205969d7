import { describe, expect, it } from 'vitest';
import { makeFormat } from './format';

describe('makeFormat', () => {
  const at = '2026-01-05T23:30:00Z';
  it('writes dates in the language, in the app time zone', () => {
    const en = makeFormat('en-US', 'America/New_York');
    const es = makeFormat('es-US', 'America/New_York');
    expect(en.date(at, 'long')).toBe('January 5, 2026');
    expect(es.date(at, 'long')).toBe('5 de enero de 2026');
    // 23:30 UTC is already the 6th in Kolkata.
    expect(makeFormat('en-US', 'Asia/Kolkata').date(at, 'long')).toBe('January 6, 2026');
  });
  it('writes numbers as the language does in the US', () => {
    expect(makeFormat('en-US', 'UTC').number(1234567)).toBe('1,234,567');
    expect(makeFormat('es-US', 'UTC').number(1234567)).toBe('1,234,567');
  });
  it('tells whether two instants share a day in the app time zone', () => {
    const f = makeFormat('en-US', 'America/Los_Angeles');
    expect(f.sameDay('2026-01-06T05:00:00Z', '2026-01-05T20:00:00Z')).toBe(true);
    expect(f.sameDay('2026-01-06T09:00:00Z', '2026-01-05T20:00:00Z')).toBe(false);
  });
});
