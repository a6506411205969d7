import { describe, expect, it } from 'vitest';
import {
  activeDebateLimit,
  audioDurationRefusal,
  audioKey,
  countWords,
  createDebateSchema,
  DEBATE_MESSAGES,
  daysLeft,
  formatSeconds,
  invitationRoom,
  inviteFriendsSchema,
  isDebateClosed,
  nextVote,
  submissionRefusal,
  textRefusal,
  voteSchema,
} from './debate-rules';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

describe('Debate text: non-empty after trimming, words split by whitespace', () => {
  it.each([
    ['', 0],
    ['   \n\t ', 0],
    ['one', 1],
    ['  one  two ', 2],
    ['one\ntwo\tthree   four', 4],
    ['it’s a well-known fact.', 4],
  ])('countWords(%j) is %i', (text, words) => {
    expect(countWords(text)).toBe(words);
  });

  const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`).join(' ');
  it.each([
    ['response', '', DEBATE_MESSAGES.textRequired],
    ['response', '   ', DEBATE_MESSAGES.textRequired],
    ['response', words(1), null],
    ['response', words(500), null],
    ['response', words(501), 'Your text must be at most 500 words.'],
    ['rebuttal', words(170), null],
    ['rebuttal', words(171), 'Your text must be at most 170 words.'],
    ['defense', words(170), null],
    ['defense', words(171), 'Your text must be at most 170 words.'],
  ] as const)('a %s of %j… is refused with %j', (kind, text, refusal) => {
    expect(textRefusal(kind, text)).toBe(refusal);
  });
});

describe('Debate audio: at most 180 s (response) or 60 s (rebuttal, defense)', () => {
  it.each([
    ['response', 1, null],
    ['response', 180, null],
    ['response', 181, null], // the recorder stops a tick late: 1.5 s of slack
    ['response', 182, 'Your recording must be at most 3:00 long.'],
    ['rebuttal', 60, null],
    ['rebuttal', 62, 'Your recording must be at most 1:00 long.'],
    ['defense', 62, 'Your recording must be at most 1:00 long.'],
    ['response', 0, DEBATE_MESSAGES.audioInvalid],
    ['response', Number.NaN, DEBATE_MESSAGES.audioInvalid],
  ] as const)('a %s of %s s is refused with %j', (kind, seconds, refusal) => {
    expect(audioDurationRefusal(kind, seconds)).toBe(refusal);
  });

  it.each([
    [0, '0:00'],
    [2, '0:02'],
    [60, '1:00'],
    [180, '3:00'],
    [61.9, '1:01'],
  ])('formatSeconds(%s) is %s', (s, text) => expect(formatSeconds(s)).toBe(text));

  it('stores a recording at {userId}/{debateId}/{contentType}-{timestamp}.webm', () => {
    expect(audioKey('u', 'd', 'rebuttal', new Date(1_700_000_000_000))).toBe('u/d/rebuttal-1700000000000.webm');
  });
});

describe('Debate: closed when is_active is false or expires_at has passed; days left rounded up, minimum 0', () => {
  const now = new Date('2030-01-10T12:00:00Z');
  it.each([
    [true, '2030-01-10T12:00:01Z', false],
    [true, '2030-01-10T12:00:00Z', true],
    [true, '2030-01-09T00:00:00Z', true],
    [false, '2030-02-01T00:00:00Z', true],
  ])('is_active %s, expires %s: closed %s', (isActive, expiresAt, closed) => {
    expect(isDebateClosed({ isActive, expiresAt: new Date(expiresAt) }, now)).toBe(closed);
  });
  it.each([
    ['2030-01-17T12:00:00Z', 7],
    ['2030-01-17T11:59:59Z', 7],
    ['2030-01-10T12:00:01Z', 1],
    ['2030-01-10T12:00:00Z', 0],
    ['2030-01-01T00:00:00Z', 0],
  ])('expiring %s leaves %i day(s)', (expiresAt, days) => {
    expect(daysLeft(new Date(expiresAt), now)).toBe(days);
  });
});

describe('Create debate: 3 to 30 days (default 7), at most 5 invited friends, active limit 1 unverified and 15 verified', () => {
  const base = { title: ' Should we? ', prompt: ' Discuss. ', debateType: 'text' };
  it.each([
    [{ ...base }, null],
    [{ ...base, durationDays: 3 }, null],
    [{ ...base, durationDays: 30 }, null],
    [{ ...base, durationDays: 2 }, DEBATE_MESSAGES.invalidDuration],
    [{ ...base, durationDays: 31 }, DEBATE_MESSAGES.invalidDuration],
    [{ ...base, durationDays: 7.5 }, DEBATE_MESSAGES.invalidDuration],
    [{ ...base, title: '   ' }, DEBATE_MESSAGES.titleRequired],
    [{ ...base, prompt: '' }, DEBATE_MESSAGES.promptRequired],
    [{ ...base, debateType: 'video' }, DEBATE_MESSAGES.invalidType],
    [{ ...base, invitedFriendIds: [1, 2, 3, 4, 5].map(uuid) }, null],
    [{ ...base, invitedFriendIds: [1, 2, 3, 4, 5, 6].map(uuid) }, DEBATE_MESSAGES.inviteLimit],
  ])('%j → %j', (input, message) => {
    const result = createDebateSchema.safeParse(input);
    expect(result.success ? null : result.error.issues[0]!.message).toBe(message);
  });

  it('trims, defaults to 7 days and removes repeated friends', () => {
    expect(createDebateSchema.parse({ ...base, invitedFriendIds: [uuid(1), uuid(1)] })).toEqual({
      title: 'Should we?',
      prompt: 'Discuss.',
      debateType: 'text',
      durationDays: 7,
      invitedFriendIds: [uuid(1)],
    });
  });

  it.each([
    [false, 1],
    [true, 15],
  ])('verified %s may have %i active debate(s)', (verified, n) => {
    expect(activeDebateLimit(verified)).toBe(n);
    expect(DEBATE_MESSAGES.activeLimit(n)).toBe(`You can only have ${n} active debate(s) at a time.`);
  });
});

describe('Debate invitations: at least one friend, capped at max_participants minus participant_count', () => {
  it.each([
    [0, 10, 10],
    [1, 10, 9],
    [10, 10, 0],
  ])('%i of %i participants leaves room for %i', (participantCount, maxParticipants, room) => {
    expect(invitationRoom({ participantCount, maxParticipants })).toBe(room);
  });
  it.each([
    [[], DEBATE_MESSAGES.inviteAtLeastOne],
    [[uuid(1)], null],
    [[1, 2, 3, 4, 5, 6].map(uuid), DEBATE_MESSAGES.inviteLimit],
  ])('%j → %j', (friendIds, message) => {
    const result = inviteFriendsSchema.safeParse({ friendIds });
    expect(result.success ? null : result.error.issues[0]!.message).toBe(message);
  });
});

describe('A participant submits at most one response; any participant other than the author may rebut; only the author may defend', () => {
  it.each([
    [{ kind: 'response', hasResponded: false, isParticipant: false, debateFull: false }, null],
    [{ kind: 'response', hasResponded: false, isParticipant: true, debateFull: true }, null],
    [{ kind: 'response', hasResponded: false, isParticipant: false, debateFull: true }, DEBATE_MESSAGES.debateFull],
    [{ kind: 'response', hasResponded: true, isParticipant: true, debateFull: false }, DEBATE_MESSAGES.alreadyResponded],
    [{ kind: 'rebuttal', isParticipant: true, responseAuthorId: 'a', userId: 'b', hasRebutted: false }, null],
    [{ kind: 'rebuttal', isParticipant: true, responseAuthorId: 'a', userId: 'a', hasRebutted: false }, DEBATE_MESSAGES.rebutOwnResponse],
    [{ kind: 'rebuttal', isParticipant: false, responseAuthorId: 'a', userId: 'b', hasRebutted: false }, DEBATE_MESSAGES.notParticipant],
    [{ kind: 'rebuttal', isParticipant: true, responseAuthorId: 'a', userId: 'b', hasRebutted: true }, DEBATE_MESSAGES.alreadyRebutted],
    [{ kind: 'defense', responseAuthorId: 'a', userId: 'a', hasDefense: false }, null],
    [{ kind: 'defense', responseAuthorId: 'a', userId: 'b', hasDefense: false }, DEBATE_MESSAGES.defenseNotAuthor],
    [{ kind: 'defense', responseAuthorId: 'a', userId: 'a', hasDefense: true }, DEBATE_MESSAGES.alreadyDefended],
  ] as const)('%j → %j', (input, refusal) => {
    expect(submissionRefusal(input)).toBe(refusal);
  });
});

describe('Debate votes: the same vote again removes it, the other switches it', () => {
  it.each([
    [null, 'upvote', 'upvote'],
    [null, 'downvote', 'downvote'],
    ['upvote', 'upvote', null],
    ['downvote', 'downvote', null],
    ['upvote', 'downvote', 'downvote'],
    ['downvote', 'upvote', 'upvote'],
  ] as const)('had %s, cast %s → %s', (current, cast, next) => {
    expect(nextVote(current, cast)).toBe(next);
  });
  it('refuses an unknown contribution type or vote', () => {
    expect(voteSchema.safeParse({ contentType: 'reply', contentId: uuid(1), voteType: 'upvote' }).success).toBe(false);
    expect(voteSchema.safeParse({ contentType: 'response', contentId: uuid(1), voteType: 'up' }).success).toBe(false);
    expect(voteSchema.safeParse({ contentType: 'defense', contentId: uuid(1), voteType: 'downvote' }).success).toBe(true);
  });
});
