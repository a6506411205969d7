import { describe, expect, it } from 'vitest';
import { FRIEND_MESSAGES, decideFriendRequest, friendshipPair, respondFriendRequestSchema, sendFriendRequestSchema, type PairState } from './friends';

const none: PairState = { self: false, friends: false, pendingFromSender: false, pendingFromOther: false };

describe('sending a friend request (no request to oneself, no duplicate in either direction)', () => {
  it.each<[string, Partial<PairState>, ReturnType<typeof decideFriendRequest>]>([
    ['strangers: a new pending request', {}, { action: 'create' }],
    ['to oneself: refused', { self: true }, { action: 'refuse', status: 400, code: 'self_request', message: FRIEND_MESSAGES.notYourself }],
    ['already friends: refused', { friends: true }, { action: 'refuse', status: 409, code: 'already_friends', message: FRIEND_MESSAGES.alreadyFriends }],
    ['asked them already: refused', { pendingFromSender: true }, { action: 'refuse', status: 409, code: 'already_requested', message: FRIEND_MESSAGES.alreadyRequested }],
    ['they asked first: their request is accepted', { pendingFromOther: true }, { action: 'accept_theirs' }],
    ['friends with a stale pending request: friends wins', { friends: true, pendingFromOther: true }, { action: 'refuse', status: 409, code: 'already_friends', message: FRIEND_MESSAGES.alreadyFriends }],
  ])('%s', (_name, state, expected) => {
    expect(decideFriendRequest({ ...none, ...state })).toEqual(expected);
  });
});

describe('friendship pair', () => {
  it.each([
    ['a', 'b', { user1Id: 'a', user2Id: 'b' }],
    ['b', 'a', { user1Id: 'a', user2Id: 'b' }],
  ])('%s and %s are stored smaller id first', (x, y, pair) => {
    expect(friendshipPair(x, y)).toEqual(pair);
  });
});

describe('friend request input', () => {
  const first = (r: { success: boolean; error?: { issues: { message: string }[] } }) => (r.success ? null : r.error!.issues[0]!.message);
  it.each<[unknown, string | null]>([
    [{ userId: '7b0e9c5e-8f6a-4f0e-9d1c-2a3b4c5d6e7f' }, null],
    [{}, FRIEND_MESSAGES.chooseSomeone],
    [{ userId: 'nobody' }, FRIEND_MESSAGES.chooseSomeone],
  ])('%j', (input, message) => {
    expect(first(sendFriendRequestSchema.safeParse(input))).toBe(message);
  });
  it.each<[unknown, string | null]>([
    [{ response: 'accepted' }, null],
    [{ response: 'declined' }, null],
    [{ response: 'maybe' }, FRIEND_MESSAGES.answerRequired],
    [{}, FRIEND_MESSAGES.answerRequired],
  ])('answer %j', (input, message) => {
    expect(first(respondFriendRequestSchema.safeParse(input))).toBe(message);
  });
});
