import { describe, expect, it } from 'vitest';
import { groupKey, keyOfOtpauthUri, readCode } from './two-step';

describe('readCode: what a typed code is', () => {
  it.each([
    ['123456', { kind: 'totp', code: '123456' }],
    [' 123 456 ', { kind: 'totp', code: '123456' }],
    ['123-456', { kind: 'totp', code: '123456' }],
    ['12345', { kind: 'invalid' }],
    ['1234567', { kind: 'invalid' }],
    ['abcde-12345', { kind: 'recovery', code: 'abcde-12345' }],
    ['abcde12345', { kind: 'recovery', code: 'abcde-12345' }],
    ['AbCdE 12345', { kind: 'recovery', code: 'AbCdE-12345' }],
    ['abcd-12345', { kind: 'invalid' }],
    ['abcde-1234!', { kind: 'invalid' }],
    ['', { kind: 'invalid' }],
    ['1'.repeat(40), { kind: 'invalid' }],
  ])('%j → %j', (input, expected) => {
    expect(readCode(input)).toEqual(expected);
  });
});

describe('the key shown in text', () => {
  it('is read from the otpauth address, upper-case, without padding', () => {
    expect(keyOfOtpauthUri('otpauth://totp/App:ada%40example.test?secret=jbswy3dpehpk3pxp&issuer=App&digits=6&period=30')).toBe('JBSWY3DPEHPK3PXP');
    expect(keyOfOtpauthUri('otpauth://totp/App:a?secret=MFRGG===')).toBe('MFRGG');
    expect(keyOfOtpauthUri('otpauth://totp/App:a?secret=not*base32')).toBeNull();
    expect(keyOfOtpauthUri('https://example.test/?secret=JBSWY3DP')).toBeNull();
    expect(keyOfOtpauthUri('otpauth://totp/App:a')).toBeNull();
  });

  it('is grouped by four for typing', () => {
    expect(groupKey('JBSWY3DPEHPK3PXP')).toBe('JBSW Y3DP EHPK 3PXP');
    expect(groupKey('ABCDEF')).toBe('ABCD EF');
    expect(groupKey('')).toBe('');
  });
});
