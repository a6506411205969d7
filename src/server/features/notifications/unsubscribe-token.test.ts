import { describe, expect, it } from 'vitest';
import { readUnsubscribeToken, unsubscribeToken } from './unsubscribe-token';

const secret = 'a'.repeat(40);
const other = 'b'.repeat(40);
const userId = '0b5f3c9e-2f41-4b57-9a4b-2f3d8f4e6a10';

describe('unsubscribe tokens', () => {
  it('reads back what it signed', () => {
    expect(readUnsubscribeToken(secret, unsubscribeToken(secret, userId, 'caucus_full'))).toEqual({ userId, scope: 'caucus_full' });
    expect(readUnsubscribeToken(secret, unsubscribeToken(secret, userId, 'digest-weekly'))).toEqual({ userId, scope: 'digest-weekly' });
  });

  const good = unsubscribeToken(secret, userId, 'friend_request');
  const [, , sig] = good.split('.');
  it.each([
    ['signed with another secret', unsubscribeToken(other, userId, 'friend_request')],
    ['scope changed', `${userId}.caucus_full.${sig}`],
    ['person changed', `1b5f3c9e-2f41-4b57-9a4b-2f3d8f4e6a10.friend_request.${sig}`],
    ['signature cut', good.slice(0, -2)],
    ['unknown scope', `${userId}.password_reset.${sig}`],
    ['not a uuid', `me.friend_request.${sig}`],
    ['extra part', `${good}.x`],
    ['empty', ''],
    ['huge', 'x'.repeat(5000)],
  ])('refuses a token %s', (_label, token) => {
    expect(readUnsubscribeToken(secret, token)).toBeNull();
  });
});
