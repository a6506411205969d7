import { describe, expect, it } from 'vitest';
import { addressAllowList } from './address-allow-list';

describe('addressAllowList', () => {
  const list = addressAllowList(['127.0.0.1', '::1', '10.1.0.0/16', 'fd00:1::/32']);
  it.each([
    ['127.0.0.1', true],
    ['::ffff:127.0.0.1', true],
    ['127.0.0.2', false],
    ['::1', true],
    ['10.1.200.3', true],
    ['::ffff:10.1.0.9', true],
    ['10.2.0.1', false],
    ['fd00:1:abcd::5', true],
    ['fd00:2::5', false],
    ['203.0.113.9', false],
    ['unknown', false],
    ['', false],
    [null, false],
  ])('%s → %s', (address, allowed) => expect(list.allows(address)).toBe(allowed));

  it('takes loopback as this machine', () => {
    const local = addressAllowList(['loopback']);
    expect([local.allows('127.0.0.9'), local.allows('::1'), local.allows('10.0.0.1')]).toEqual([true, true, false]);
  });
  it('allows nobody when empty', () => expect(addressAllowList([]).allows('127.0.0.1')).toBe(false));
  it('refuses a bad entry by name', () => expect(() => addressAllowList(['127.0.0.1', 'nope'])).toThrow("'nope'"));
});
