import { describe, expect, it } from 'vitest';
import { decideElection, delegateBadgeName, missingVote, splitElection, type ElectionFacts } from './election';

const members = ['a', 'b', 'c'];
const allFor = (candidate: string, voters = members) => voters.map((voterId) => ({ voterId, candidateId: candidate }));
const facts = (patch: Partial<ElectionFacts>): ElectionFacts => ({
  requiredVotingMembers: 3,
  votingMemberIds: members,
  votes: [],
  unverifiedMemberIds: [],
  ...patch,
});

describe('the unanimous election (PRODUCT-RULES: Finalization)', () => {
  it.each<[string, ElectionFacts, string, string?]>([
    ['no votes: open', facts({}), 'open'],
    ['all vote for one verified member: finalize', facts({ votes: allFor('b') }), 'finalize', 'b'],
    ['a member may vote for themselves', facts({ votes: allFor('a') }), 'finalize', 'a'],
    ['one vote missing: open', facts({ votes: allFor('b', ['a', 'b']) }), 'open'],
    ['split votes: open', facts({ votes: [...allFor('b', ['a', 'b']), { voterId: 'c', candidateId: 'c' }] }), 'open'],
    ['seats not all filled: open', facts({ requiredVotingMembers: 4, votes: allFor('b') }), 'open'],
    ['unanimous but someone unverified: awaiting verification', facts({ votes: allFor('b'), unverifiedMemberIds: ['c'] }), 'awaiting_verification', 'b'],
    ['a vote for a non-member does not count', facts({ votes: [...allFor('b', ['a', 'b']), { voterId: 'c', candidateId: 'zed' }] }), 'open'],
    ['a vote by a non-member does not count', facts({ votes: [...allFor('b', ['a', 'b']), { voterId: 'zed', candidateId: 'b' }] }), 'open'],
    ['the unverified status of a former member does not block', facts({ votes: allFor('b'), unverifiedMemberIds: ['gone'] }), 'finalize', 'b'],
  ])('%s', (_name, f, status, who) => {
    const outcome = decideElection(f);
    expect(outcome.status).toBe(status);
    if (outcome.status === 'finalize') expect(outcome.delegateId).toBe(who);
    if (outcome.status === 'awaiting_verification') expect(outcome.candidateId).toBe(who);
  });

  it('tallies votes per candidate', () => {
    expect(decideElection(facts({ votes: [{ voterId: 'a', candidateId: 'b' }, { voterId: 'b', candidateId: 'b' }, { voterId: 'c', candidateId: 'a' }] })).tally).toEqual({ b: 2, a: 1 });
  });

  it.each([
    [1, 'Delegate - Level 2'],
    [2, 'Delegate - Level 3'],
    [3, 'Delegate - Level 4'],
    [4, 'Delegate - Level 5'],
    [5, 'Candidate'],
  ])('the delegate of a level %i caucus earns %s', (level, badge) => {
    expect(delegateBadgeName(level)).toBe(badge);
  });
});

describe('missingVote: one vote from finishing (issue 13)', () => {
  it.each([
    ['all but c voted for a', { votes: allFor('a', ['a', 'b']) }, { missingVoterId: 'c', candidateId: 'a', agreed: 2 }],
    ['all but a voted for b', { votes: allFor('b', ['b', 'c']) }, { missingVoterId: 'a', candidateId: 'b', agreed: 2 }],
    ['split votes', { votes: [...allFor('a', ['a']), ...allFor('b', ['b'])] }, null],
    ['everyone voted', { votes: allFor('a') }, null],
    ['two still missing', { votes: allFor('a', ['a']) }, null],
    ['no votes', { votes: [] }, null],
    ['seats not filled', { votingMemberIds: ['a', 'b'], votes: allFor('a', ['a']) }, null],
    ['a vote for someone who left', { votes: [...allFor('a', ['a']), { voterId: 'b', candidateId: 'z' }] }, null],
  ] as Array<[string, Partial<ElectionFacts>, ReturnType<typeof missingVote>]>)('%s', (_name, patch, expected) => {
    expect(missingVote(facts(patch))).toEqual(expected);
  });
});

describe('splitElection: every member voted, not for one person (issue 13)', () => {
  it.each([
    ['two for a, one for b', { votes: [...allFor('a', ['a', 'b']), { voterId: 'c', candidateId: 'b' }] }, { leaderId: 'a', leading: 2 }],
    ['one each: the smallest id leads', { votes: [{ voterId: 'a', candidateId: 'c' }, { voterId: 'b', candidateId: 'b' }, { voterId: 'c', candidateId: 'a' }] }, { leaderId: 'a', leading: 1 }],
    ['unanimous', { votes: allFor('a') }, null],
    ['one still to vote', { votes: [...allFor('a', ['a']), { voterId: 'b', candidateId: 'b' }] }, null],
    ['no votes', { votes: [] }, null],
    ['seats not filled', { votingMemberIds: ['a', 'b'], votes: [{ voterId: 'a', candidateId: 'a' }, { voterId: 'b', candidateId: 'b' }] }, null],
  ] as Array<[string, Partial<ElectionFacts>, ReturnType<typeof splitElection>]>)('%s', (_name, patch, expected) => {
    expect(splitElection(facts(patch))).toEqual(expected);
  });
});
