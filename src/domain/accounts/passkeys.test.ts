import { describe, expect, it } from 'vitest';
import { challengeCookieName, PASSKEY_MESSAGES, passkeyNameSchema, relyingParty, transportsColumn, transportsList } from './passkeys';

describe('passkey names', () => {
  it.each([
    ['Work laptop', 'Work laptop'],
    ['  Phone  ', 'Phone'],
    ['x'.repeat(60), 'x'.repeat(60)],
    ['Llave de Álvaro 🔑', 'Llave de Álvaro 🔑'],
  ])('takes %j as %j', (input, output) => {
    expect(passkeyNameSchema.parse(input)).toBe(output);
  });

  it.each([
    ['', PASSKEY_MESSAGES.nameRequired],
    ['   ', PASSKEY_MESSAGES.nameRequired],
    ['x'.repeat(61), PASSKEY_MESSAGES.nameTooLong],
    ['line\nbreak', PASSKEY_MESSAGES.nameRequired],
    [42, PASSKEY_MESSAGES.nameRequired],
  ])('refuses %j with its message', (input, message) => {
    const result = passkeyNameSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});

describe('transports', () => {
  it.each([
    [undefined, ''],
    [[], ''],
    [['internal', 'hybrid'], 'internal,hybrid'],
    [['usb', 'usb', 'nfc'], 'usb,nfc'],
    [['internal', 'carrier-pigeon'], 'internal'],
  ])('stores %j as %j', (input, column) => {
    expect(transportsColumn(input)).toBe(column);
  });

  it.each([
    ['', []],
    ['internal,hybrid', ['internal', 'hybrid']],
    ['usb,bogus', ['usb']],
  ])('reads %j back as %j', (column, list) => {
    expect(transportsList(column)).toEqual(list);
  });
});

describe('the relying party', () => {
  it.each([
    ['https://caucus.example.org', [], 'caucus.example.org', ['https://caucus.example.org']],
    ['http://localhost:3000/', [], 'localhost', ['http://localhost:3000']],
    ['https://caucus.example.org', ['https://caucus.example.org', 'https://www.caucus.example.org/x'], 'caucus.example.org', ['https://caucus.example.org', 'https://www.caucus.example.org']],
  ])('of %s (and %j) is %s from %j', (baseUrl, others, rpId, origins) => {
    expect(relyingParty(baseUrl, others)).toEqual({ rpId, origins });
  });
});

describe('challenge cookies', () => {
  it('names one cookie per ceremony', () => {
    expect(['register', 'sign-in', 'confirm'].map((c) => challengeCookieName(c as 'register'))).toEqual(['passkey_register', 'passkey_sign_in', 'passkey_confirm']);
  });
});
