import { describe, expect, it } from 'vitest';
import { CAUCUS_MESSAGES, caucusStatus, createCaucusSchema, invitationCodeFrom, platformLinkSchema, requiredMembersSchema, searchCaucusesSchema } from './caucus-schemas';

const first = (r: { success: boolean; error?: { issues: { message: string }[] } }) => (r.success ? null : r.error!.issues[0]!.message);
const voting = { name: 'Riverside', membershipType: 'voting', politicalAlignment: 'Independent', accessType: 'open' };
const organizing = { ...voting, membershipType: 'organizer', state: 'OH', district: 3, level: 1 };

describe('create caucus validation (spec section 5)', () => {
  it.each<[string, object, string | null]>([
    ['voting mode needs no location', voting, null],
    ['organizer mode with a location', organizing, null],
    ['empty name after trimming', { ...voting, name: '   ' }, CAUCUS_MESSAGES.nameRequired],
    ['name of 101 characters', { ...voting, name: 'x'.repeat(101) }, CAUCUS_MESSAGES.nameTooLong],
    ['name of 100 characters', { ...voting, name: 'x'.repeat(100) }, null],
    ['organizer without state', { ...organizing, state: undefined }, CAUCUS_MESSAGES.stateRequired],
    ['organizer with an unknown state', { ...organizing, state: 'XX' }, CAUCUS_MESSAGES.stateRequired],
    ['organizer with district 0', { ...organizing, district: 0 }, CAUCUS_MESSAGES.districtRequired],
    ['organizer with a district beyond the state', { ...organizing, district: 16 }, CAUCUS_MESSAGES.districtRequired],
    ['organizer with level 6', { ...organizing, level: 6 }, CAUCUS_MESSAGES.levelRange],
    ['organizer with level 0', { ...organizing, level: 0 }, CAUCUS_MESSAGES.levelRange],
    ['private without password', { ...voting, accessType: 'private' }, CAUCUS_MESSAGES.passwordRequired],
    ['private with a 3-character password', { ...voting, accessType: 'private', password: 'abc' }, CAUCUS_MESSAGES.passwordTooShort],
    ['private with a 4-character password', { ...voting, accessType: 'private', password: 'abcd' }, null],
    ['no alignment', { ...voting, politicalAlignment: undefined }, CAUCUS_MESSAGES.alignmentRequired],
    ['a javascript: platform link', { ...voting, platformLink: 'javascript:alert(1)' }, CAUCUS_MESSAGES.platformLinkInvalid],
  ])('%s', (_name, input, message) => {
    expect(first(createCaucusSchema.safeParse(input))).toBe(message);
  });
});

describe('platform link and required members', () => {
  it.each([
    ['', CAUCUS_MESSAGES.platformLinkEmpty],
    ['   ', CAUCUS_MESSAGES.platformLinkEmpty],
    ['ftp://x.org', CAUCUS_MESSAGES.platformLinkInvalid],
    ['https://docs.example.org/platform', null],
  ])('platform link %j', (link, message) => {
    expect(first(platformLinkSchema.safeParse({ platformLink: link }))).toBe(message);
  });
  it.each([
    [0, false],
    [1, true],
    [100, true],
    [101, false],
    [10.5, false],
  ])('required members %d valid=%s', (n, ok) => {
    expect(requiredMembersSchema.safeParse({ requiredVotingMembers: n }).success).toBe(ok);
  });
});

describe('search and status', () => {
  it('defaults the status filter to available', () => {
    expect(searchCaucusesSchema.parse({}).status).toBe('available');
  });
  it.each([
    [{ electionFinalized: false, votingMemberCount: 9, requiredVotingMembers: 10 }, 'available'],
    [{ electionFinalized: false, votingMemberCount: 10, requiredVotingMembers: 10 }, 'full'],
    [{ electionFinalized: true, votingMemberCount: 10, requiredVotingMembers: 10 }, 'finalized'],
  ])('status of %j is %s', (c, status) => {
    expect(caucusStatus(c)).toBe(status);
  });
  it('makes 6-character uppercase alphanumeric invitation codes', () => {
    expect(invitationCodeFrom(new Uint8Array([0, 25, 26, 35, 36, 255]))).toBe('AZ09AD');
    expect(invitationCodeFrom(crypto.getRandomValues(new Uint8Array(6)))).toMatch(/^[A-Z0-9]{6}$/);
  });
});
