import { describe, expect, it } from 'vitest';
import { multiLineText, singleLineText, TEXT_MESSAGES } from './text-schema';

describe('text schemas', () => {
  const name = singleLineText({ error: 'Name is required' }).trim().min(1, 'Name is required').max(10, 'Too long');
  const bio = multiLineText().trim().max(100);

  it('refuses NUL and other control characters with a readable message', () => {
    for (const bad of ['a\u0000b', '\u0007', 'x\u001by', 'del\u007f', 'c1\u0085', 'line\nbreak', 'tab\there']) {
      expect(name.safeParse(bad).error?.issues[0]?.message, JSON.stringify(bad)).toBe(TEXT_MESSAGES.controlCharacters);
    }
    expect(bio.safeParse('a\u0000').error?.issues[0]?.message).toBe(TEXT_MESSAGES.controlCharacters);
  });

  it('keeps tabs and line breaks in multi-line fields', () => {
    expect(bio.parse(' one\n\ttwo\r\nthree ')).toBe('one\n\ttwo\r\nthree');
  });

  it('refuses half a surrogate pair but keeps whole ones (emoji)', () => {
    expect(name.safeParse('a\ud800b').error?.issues[0]?.message).toBe(TEXT_MESSAGES.malformed);
    expect(bio.safeParse('\udc00').error?.issues[0]?.message).toBe(TEXT_MESSAGES.malformed);
    expect(name.parse('vote 🗳️')).toBe('vote 🗳️');
  });

  it('keeps the field’s own messages for everything else', () => {
    expect(name.safeParse(42).error?.issues[0]?.message).toBe('Name is required');
    expect(name.safeParse('   ').error?.issues[0]?.message).toBe('Name is required');
    expect(name.safeParse('x'.repeat(11)).error?.issues[0]?.message).toBe('Too long');
    expect(name.parse('  Ada  ')).toBe('Ada');
  });
});
