import { describe, expect, it } from 'vitest';
import { CHALLENGE_MESSAGES, challengeChatMessageSchema, createChallengeSchema } from './challenge-schemas';

const id = (n: number) => `7b0e9c5e-8f6a-4f0e-9d1c-${String(n).padStart(12, '0')}`;
const valid = { name: 'Spring Push', challengeType: 'sparks', durationDays: 7, team: 'blue', inviteeIds: [id(1)] };
const first = (r: { success: boolean; error?: { issues: { message: string }[] } }) => (r.success ? null : r.error!.issues[0]!.message);

describe('Create challenge: name, duration and type required; at least one friend; 3 to 30 days; blue or orange; at most 12 members', () => {
  it.each<[string, Record<string, unknown>, string | null]>([
    ['a valid challenge', {}, null],
    ['banners', { challengeType: 'banners' }, null],
    ['orange team', { team: 'orange' }, null],
    ['3 days', { durationDays: 3 }, null],
    ['30 days', { durationDays: 30 }, null],
    ['11 friends (12 members)', { inviteeIds: Array.from({ length: 11 }, (_, i) => id(i)) }, null],
    ['no name', { name: undefined }, CHALLENGE_MESSAGES.nameRequired],
    ['a blank name', { name: '   ' }, CHALLENGE_MESSAGES.nameRequired],
    ['a long name', { name: 'x'.repeat(101) }, CHALLENGE_MESSAGES.nameTooLong],
    ['a bad type', { challengeType: 'brownies' }, CHALLENGE_MESSAGES.typeRequired],
    ['no type', { challengeType: undefined }, CHALLENGE_MESSAGES.typeRequired],
    ['2 days', { durationDays: 2 }, CHALLENGE_MESSAGES.durationRange],
    ['31 days', { durationDays: 31 }, CHALLENGE_MESSAGES.durationRange],
    ['3.5 days', { durationDays: 3.5 }, CHALLENGE_MESSAGES.durationRange],
    ['days as text', { durationDays: '7' }, CHALLENGE_MESSAGES.durationRange],
    ['a bad team', { team: 'green' }, CHALLENGE_MESSAGES.teamRequired],
    ['no friend', { inviteeIds: [] }, CHALLENGE_MESSAGES.noFriendsInvited],
    ['no invitee list', { inviteeIds: undefined }, CHALLENGE_MESSAGES.noFriendsInvited],
    ['12 friends (13 members)', { inviteeIds: Array.from({ length: 12 }, (_, i) => id(i)) }, CHALLENGE_MESSAGES.tooManyMembers],
    ['the same friend twice', { inviteeIds: [id(1), id(1)] }, CHALLENGE_MESSAGES.duplicateInvitee],
    ['a bad id', { inviteeIds: ['nobody'] }, CHALLENGE_MESSAGES.notYourFriend],
  ])('%s', (_name, change, message) => {
    expect(first(createChallengeSchema.safeParse({ ...valid, ...change }))).toBe(message);
  });

  it('trims the name', () => {
    expect(createChallengeSchema.parse({ ...valid, name: '  Push  ' }).name).toBe('Push');
  });
});

describe('Chat message (caucus and challenge): trimmed, non-empty', () => {
  it.each<[unknown, string | null]>([
    [{ message: 'hello' }, null],
    [{ message: 'line one\nline two' }, null],
    [{ message: '' }, CHALLENGE_MESSAGES.chatEmpty],
    [{ message: ' \n\t ' }, CHALLENGE_MESSAGES.chatEmpty],
    [{}, CHALLENGE_MESSAGES.chatEmpty],
    [{ message: 'x'.repeat(2000) }, null],
    [{ message: `  ${'x'.repeat(2000)}  ` }, null],
    [{ message: 'x'.repeat(2001) }, CHALLENGE_MESSAGES.chatTooLong],
  ])('%j', (input, message) => {
    expect(first(challengeChatMessageSchema.safeParse(input))).toBe(message);
  });
  it('keeps the trimmed text', () => {
    expect(challengeChatMessageSchema.parse({ message: '  hi there \n' }).message).toBe('hi there');
  });
});
