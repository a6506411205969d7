import { describe, expect, it } from 'vitest';
import { addressAllowList, addressEntryProblem, parseAddressList } from './address-allow-list';

describe('addressEntryProblem', () => {
  it.each([
    ['127.0.0.1', null],
    ['::1', null],
    ['10.0.0.0/8', null],
    ['fd00::/8', null],
    ['0.0.0.0/0', null],
    ['localhost', 'not an IP address'],
    ['10.0.0.0/33', 'prefix length must be 0 to 32'],
    ['fd00::/129', 'prefix length must be 0 to 128'],
    ['10.0.0.0/x', 'prefix length'],
    ['10.0.0.0/8/8', 'not an IP address'],
    ['300.1.1.1', 'not an IP address'],
  ])('%s', (entry, problem) => {
    const found = addressEntryProblem(entry);
    if (problem === null) expect(found).toBeNull();
    else expect(found).toContain(problem);
  });
});

describe('addressAllowList', () => {
  const list = addressAllowList(parseAddressList('127.0.0.1, ::1, 10.1.0.0/16, fd00:1::/32'));
  it.each([
    ['127.0.0.1', true],
    ['::ffff:127.0.0.1', true],
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

  it('allows nobody when empty', () => expect(addressAllowList([]).allows('127.0.0.1')).toBe(false));
  it('refuses a bad entry by name', () => expect(() => parseAddressList('127.0.0.1, nope')).toThrow('"nope"'));
});
