import { describe, expect, it } from 'vitest';
import { commonPasswordSet, isCommonPassword } from './common-passwords';

const list = commonPasswordSet(['123456', 'Password1', ' iloveyou ', '', 'qwertyuiop']);

describe('isCommonPassword', () => {
  it.each([
    ['on the list', 'qwertyuiop', true],
    ['on the list with other capitals', 'QwertyUiop', true],
    ['listed with capitals, typed in lower case', 'password1', true],
    ['listed with spaces around it', 'iloveyou', true],
    ['typed with spaces around it', '  123456 ', true],
    ['a longer phrase that contains a listed word', 'iloveyou so much, truly', false],
    ['one character more', 'qwertyuiop1', false],
    ['not on the list', 'a long enough password', false],
    ['empty', '', false],
    ['only spaces (the empty entry is not listed)', '   ', false],
  ])('%s: %j → %s', (_name, password, expected) => {
    expect(isCommonPassword(password, list)).toBe(expected);
  });

  it('an empty list refuses nothing', () => {
    expect(isCommonPassword('123456', commonPasswordSet([]))).toBe(false);
  });
});
