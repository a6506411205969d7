import { describe, expect, it } from 'vitest';
import { NOTIFICATION_KINDS, describeNotification, isNotificationKind, peopleNamedIn, withFormerMembers, type NotificationData, type NotificationKind } from './notifications';

const caucus = { caucusId: 'c1', caucusName: 'Riverside Ten' };

const CASES: { [K in NotificationKind]: Array<[NotificationData[K], string, string, string]> } = {
  caucus_invitation: [[{ ...caucus, inviterId: 'u1', inviterName: 'Olga' }, 'Caucus invitation', 'Olga invited you to join Riverside Ten as a voting member.', '/my-caucuses']],
  organizer_invitation: [[{ ...caucus, inviterId: 'u1', inviterName: 'Olga' }, 'Co-organizer invitation', 'Olga invited you to co-organize Riverside Ten.', '/organizer-invitations']],
  caucus_joined: [
    [{ ...caucus, memberId: 'u3', memberName: 'Vic', count: 1 }, 'New member', 'Vic joined Riverside Ten.', '/caucus/c1'],
    [{ ...caucus, memberId: 'u3', memberName: 'Vic', count: 2 }, 'New member', 'Vic and 1 other joined Riverside Ten.', '/caucus/c1'],
    [{ ...caucus, memberId: 'u3', memberName: 'Vic', count: 9 }, 'New member', 'Vic and 8 others joined Riverside Ten.', '/caucus/c1'],
  ],
  caucus_full: [
    [caucus, 'Your caucus is full', 'Riverside Ten has all its voting members. The election waits for your vote: verify your identity if you have not, then vote.', '/caucus/c1'],
  ],
  vote_missing: [
    [{ ...caucus, candidateId: 'u9', candidateName: 'Dana', agreed: 9, required: 10 }, 'Your vote is missing', '9 of 10 members of Riverside Ten voted for Dana; your vote is missing.', '/caucus/c1'],
  ],
  election_finalized: [
    [{ ...caucus, delegateId: 'u9', delegateName: 'Dana', level: 1 }, 'Delegate elected', 'Riverside Ten elected Dana as its Delegate.', '/caucus/c1'],
    [{ ...caucus, delegateId: 'u9', delegateName: 'Dana', level: 1, banner: true }, 'Delegate elected', 'Riverside Ten elected Dana as its Delegate. You earned a Banner for organizing it.', '/caucus/c1'],
  ],
  elected_delegate: [
    [{ ...caucus, level: 3 }, 'You are the Delegate', 'Riverside Ten elected you. You now represent it at level 4: join or start a level 4 caucus with the other Delegates of your district.', '/representation'],
    [{ ...caucus, level: 5 }, 'You are the Candidate', "Riverside Ten elected you: you are your district's Candidate.", '/representation'],
  ],
  debate_reply: [
    [{ debateId: 'd1', debateTitle: 'Weekly?', authorId: 'u2', authorName: 'Ben', reply: 'response' }, 'New response', 'Ben responded to your debate "Weekly?".', '/debate/d1'],
    [{ debateId: 'd1', debateTitle: 'Weekly?', authorId: 'u2', authorName: 'Ben', reply: 'rebuttal' }, 'New rebuttal', 'Ben rebutted your response in "Weekly?".', '/debate/d1'],
    [
      { debateId: 'd1', debateTitle: 'Weekly?', authorId: 'u2', authorName: 'Ben', reply: 'defense' },
      'New defense',
      'Ben defended their response against your rebuttal in "Weekly?".',
      '/debate/d1',
    ],
  ],
  challenge_invitation: [[{ challengeId: 'h1', challengeName: 'Spark Sprint', inviterId: 'u1', inviterName: 'Olga' }, 'Challenge invitation', 'Olga invited you to the team challenge "Spark Sprint".', '/challenges']],
  badge_earned: [
    [{ badgeName: 'Chatterbox' }, 'Badge earned', 'You earned the Chatterbox badge.', '/badge/chatterbox'],
    [{ badgeName: 'Delegate - Level 2' }, 'Badge earned', 'You earned the Delegate - Level 2 badge.', '/badge/delegate-level-2'],
    [{ badgeName: 'Friend' }, 'Badge earned', 'You earned the Friend badge, and a reward with it: claim it on the Rewards page.', '/rewards'],
  ],
  reward_available: [[{ rewardTitle: 'Welcome Voucher' }, 'Reward available', 'Your Welcome Voucher is ready: claim it on the Rewards page.', '/rewards']],
  friend_request: [[{ fromId: 'u2', fromName: 'Ben' }, 'Friend request', 'Ben wants to be your friend.', '/friends']],
  friend_accepted: [[{ friendId: 'u2', friendName: 'Ben' }, 'Friend request accepted', 'Ben accepted your friend request.', '/profile/u2']],
  private_message: [
    [{ fromId: 'u2', fromName: 'Ben', count: 1 }, 'New message', 'Ben sent you a message.', '/messages?with=u2'],
    [{ fromId: 'u2', fromName: 'Ben', count: 3 }, 'New message', 'Ben sent you 3 messages.', '/messages?with=u2'],
  ],
  broadcast: [[{ broadcastId: 'b1', senderId: 'u1', senderName: 'Olga', preview: 'Meet Saturday at 10.' }, 'Broadcast from Olga', 'Meet Saturday at 10.', '/messages']],
  challenge_result: [
    [{ challengeId: 'h1', challengeName: 'Spark Sprint', outcome: 'your team earned 120 Sparks.' }, 'Challenge ended', 'The team challenge "Spark Sprint" has ended: your team earned 120 Sparks.', '/challenge/h1'],
  ],
  election_split: [
    [
      { ...caucus, candidateId: 'u9', candidateName: 'Dana', leading: 6, required: 10 },
      'The election is split',
      'All 10 members of Riverside Ten voted, but not for one person (6 for Dana). A Delegate needs every vote: talk it over in the caucus chat.',
      '/caucus/c1',
    ],
  ],
  invitation_reminder: [
    [{ ...caucus, inviterId: 'u1', inviterName: 'Olga', role: 'voting_member' }, 'Invitation waiting', 'Olga is still waiting for you to join Riverside Ten.', '/my-caucuses'],
    [{ ...caucus, inviterId: 'u1', inviterName: 'Olga', role: 'organizer' }, 'Invitation waiting', 'Olga is still waiting for your answer to co-organize Riverside Ten.', '/organizer-invitations'],
  ],
  vote_reminder: [[caucus, 'Your vote is still missing', 'The election of Riverside Ten waits for your vote. Verify your identity if you have not, then vote.', '/caucus/c1']],
  moderation_notice: [
    [{ action: 'warned', itemLabel: 'caucus chat message', reason: 'No insults, please', until: null }, 'A warning from the moderators', 'An administrator warned you about your caucus chat message: No insults, please', '/notifications'],
    [{ action: 'hidden', itemLabel: 'debate response', reason: null, until: null }, 'Hidden pending review', 'Your debate response is hidden pending review: several members reported it.', '/notifications'],
    [{ action: 'hidden', itemLabel: 'profile', reason: 'Impersonation', until: null }, 'Hidden pending review', 'Your profile is hidden pending review: Impersonation', '/notifications'],
    [{ action: 'restored', itemLabel: 'debate', reason: 'Fine after all', until: null }, 'Visible again', 'An administrator reviewed your debate: it is visible again.', '/notifications'],
    [{ action: 'deleted', itemLabel: 'private message', reason: null, until: null }, 'Removed by the moderators', 'An administrator removed your private message.', '/notifications'],
    [{ action: 'suspended', itemLabel: null, reason: 'Spam', until: '2026-12-02T12:00:00.000Z' }, 'Account suspended', 'Your account is suspended until December 2, 2026: Spam. You can still sign in and read.', '/notifications'],
  ],
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

describe('people who left are named as former members', () => {
  const request = { fromId: 'u2', fromName: 'Ben' };
  it.each([
    ['present', new Set(['u2']), 'Ben'],
    ['gone', new Set<string>(), 'Former member'],
  ])('%s', (_name, present, expected) => {
    const data = withFormerMembers('friend_request', request, (id) => present.has(id), 'Former member');
    expect(data.fromName).toBe(expected);
    expect(request.fromName).toBe('Ben');
  });

  it('names every person of every kind by id, and only people', () => {
    const ids = NOTIFICATION_KINDS.flatMap((kind) => (CASES[kind] as unknown as Array<[never]>).flatMap(([data]) => peopleNamedIn(kind, data)));
    expect(new Set(ids)).toEqual(new Set(['u1', 'u3', 'u9', 'u2']));
    expect(peopleNamedIn('caucus_full', caucus)).toEqual([]);
  });
});
