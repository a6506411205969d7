import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { deriveKey, isSealed, openText, openWithAny, parseKey, sameText, sealText, SEALED_PATTERN, SealedTextError } from './sealed-text';

const key = randomBytes(32);
const otherKey = randomBytes(32);
const PURPOSE = 'caucus-password';

/** Changes one character of part `part` (1 IV, 2 tag, 3 ciphertext) to another base64url character. */
function tamper(sealed: string, part: 1 | 2 | 3, at = 0): string {
  const parts = sealed.split(':');
  const text = parts[part]!;
  const swapped = text[at] === 'A' ? 'B' : 'A';
  parts[part] = text.slice(0, at) + swapped + text.slice(at + 1);
  return parts.join(':');
}

describe('sealText and openText (AES-256-GCM)', () => {
  it.each([
    ['a short password', 'sesame'],
    ['the shortest allowed', 'abcd'],
    ['spaces and symbols', 'open sesame! #42 :: v1:'],
    ['accents and emoji', 'contraseña-señor-🗳️'],
    ['200 characters', 'x'.repeat(200)],
    ['empty text', ''],
  ])('opens what it sealed: %s', (_name, plain) => {
    const sealed = sealText(key, PURPOSE, plain);
    expect(sealed).toMatch(SEALED_PATTERN);
    expect(sealed).not.toContain(plain || '\u0000');
    expect(openText(key, PURPOSE, sealed)).toBe(plain);
  });

  it('seals the same text differently each time (a fresh 12-byte IV per value)', () => {
    const values = new Set(Array.from({ length: 50 }, () => sealText(key, PURPOSE, 'sesame')));
    expect(values.size).toBe(50);
    const iv = Buffer.from(sealText(key, PURPOSE, 'sesame').split(':')[1]!, 'base64url');
    expect(iv).toHaveLength(12);
  });

  it.each([
    ['another key', (s: string) => openText(otherKey, PURPOSE, s)],
    ['another purpose', (s: string) => openText(key, 'api-token', s)],
    ['a changed IV', (s: string) => openText(key, PURPOSE, tamper(s, 1))],
    ['a changed tag', (s: string) => openText(key, PURPOSE, tamper(s, 2))],
    ['a changed first character of the ciphertext', (s: string) => openText(key, PURPOSE, tamper(s, 3))],
    ['a changed last character of the ciphertext', (s: string) => openText(key, PURPOSE, tamper(s, 3, s.split(':')[3]!.length - 1))],
    ['a cut ciphertext', (s: string) => openText(key, PURPOSE, s.slice(0, -2))],
    ['the tag of another value', (s: string) => openText(key, PURPOSE, [...s.split(':').slice(0, 2), sealText(key, PURPOSE, 'sesame').split(':')[2], s.split(':')[3]].join(':'))],
  ])('refuses %s (the authentication tag is checked)', (_name, open) => {
    expect(open(sealText(key, PURPOSE, 'sesame'))).toBeNull();
  });

  it.each([['sesame'], ['v2:AAAAAAAAAAAAAAAA:AAAAAAAAAAAAAAAAAAAAAA:AAAA'], ['v1:short:tag:AAAA'], ['v1:AAAAAAAAAAAAAAAA:AAAAAAAAAAAAAAAAAAAAAA:not base64!']])(
    'tells %j from a sealed value and refuses to open it',
    (value) => {
      expect(isSealed(value)).toBe(false);
      expect(() => openText(key, PURPOSE, value)).toThrow(SealedTextError);
    },
  );

  it('refuses a key that is not 32 bytes', () => {
    expect(() => sealText(randomBytes(16), PURPOSE, 'sesame')).toThrow(SealedTextError);
  });

  it('opens with the first key of a list that fits, and says which', () => {
    const sealed = sealText(otherKey, PURPOSE, 'sesame');
    expect(openWithAny([key, otherKey], PURPOSE, sealed)).toEqual({ plain: 'sesame', keyIndex: 1 });
    expect(openWithAny([key], PURPOSE, sealed)).toBeNull();
  });
});

describe('keys', () => {
  it.each([
    ['base64', Buffer.alloc(32, 200).toString('base64'), true],
    ['base64url', Buffer.alloc(32, 251).toString('base64url'), true],
    ['with spaces around', ` ${Buffer.alloc(32, 1).toString('base64')}\n`, true],
    ['31 bytes', Buffer.alloc(31, 1).toString('base64'), false],
    ['33 bytes', Buffer.alloc(33, 1).toString('base64'), false],
    ['not base64', 'this is not a key at all, is it?!', false],
    ['empty', '', false],
  ])('parses a key in %s: %s', (_name, value, ok) => {
    if (ok) expect(parseKey(value, 'CAUCUS_PASSWORD_KEY')).toHaveLength(32);
    else expect(() => parseKey(value, 'CAUCUS_PASSWORD_KEY')).toThrow('CAUCUS_PASSWORD_KEY must be 32 bytes in base64');
  });

  it('derives the same 32-byte key from the same secret, another from another secret or use', () => {
    const a = deriveKey('a'.repeat(40), 'caucus-password-key/v1');
    expect(a).toHaveLength(32);
    expect(deriveKey('a'.repeat(40), 'caucus-password-key/v1').equals(a)).toBe(true);
    expect(deriveKey('b'.repeat(40), 'caucus-password-key/v1').equals(a)).toBe(false);
    expect(deriveKey('a'.repeat(40), 'something-else/v1').equals(a)).toBe(false);
  });
});

describe('sameText', () => {
  it.each([
    ['sesame', 'sesame', true],
    ['sesame', 'Sesame', false],
    ['sesame', 'sesame ', false],
    ['sesame', 'a much longer guess than the password', false],
    ['', '', true],
  ])('%j and %j → %s', (a, b, same) => {
    expect(sameText(a, b)).toBe(same);
  });
});
