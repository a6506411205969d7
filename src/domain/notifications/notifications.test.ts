import { describe, expect, it } from 'vitest';
import { NOTIFICATION_KINDS, describeNotification, isNotificationKind, type NotificationData, type NotificationKind } from './notifications';

const caucus = { caucusId: 'c1', caucusName: 'Riverside Ten' };

const CASES: { [K in NotificationKind]: Array<[NotificationData[K], string, string, string]> } = {
  caucus_invitation: [[{ ...caucus, inviterName: 'Olga' }, 'Caucus invitation', 'Olga invited you to join Riverside Ten as a voting member.', '/my-caucuses']],
  organizer_invitation: [[{ ...caucus, inviterName: 'Olga' }, 'Co-organizer invitation', 'Olga invited you to co-organize Riverside Ten.', '/organizer-invitations']],
  caucus_joined: [
    [{ ...caucus, memberName: 'Vic', count: 1 }, 'New member', 'Vic joined Riverside Ten.', '/caucus/c1'],
    [{ ...caucus, memberName: 'Vic', count: 2 }, 'New member', 'Vic and 1 other joined Riverside Ten.', '/caucus/c1'],
    [{ ...caucus, memberName: 'Vic', count: 9 }, 'New member', 'Vic and 8 others joined Riverside Ten.', '/caucus/c1'],
  ],
  caucus_full: [
    [caucus, 'Your caucus is full', 'Riverside Ten has all its voting members. The election waits for your vote: verify your identity if you have not, then vote.', '/caucus/c1'],
  ],
  election_finalized: [[{ ...caucus, delegateId: 'u9', delegateName: 'Dana', level: 1 }, 'Delegate elected', 'Riverside Ten elected Dana as its Delegate.', '/caucus/c1']],
  elected_delegate: [[{ ...caucus, level: 3 }, 'You are the Delegate', 'Riverside Ten elected you. You now represent it at level 4.', '/representation']],
  friend_request: [[{ fromId: 'u2', fromName: 'Ben' }, 'Friend request', 'Ben wants to be your friend.', '/friends']],
  friend_accepted: [[{ friendId: 'u2', friendName: 'Ben' }, 'Friend request accepted', 'Ben accepted your friend request.', '/profile/u2']],
};

describe('describeNotification', () => {
  for (const kind of NOTIFICATION_KINDS) {
    it.each(CASES[kind] as Array<[never, string, string, string]>)(`${kind}: %j`, (data, title, body, link) => {
      expect(describeNotification(kind, data)).toEqual({ title, body, link });
    });
  }
});

describe('isNotificationKind', () => {
  it.each([
    ['friend_request', true],
    ['caucus_full', true],
    ['password_reset', false],
    ['', false],
  ])('%s -> %s', (value, expected) => {
    expect(isNotificationKind(value)).toBe(expected);
  });
});
