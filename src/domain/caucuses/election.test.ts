import { describe, expect, it } from 'vitest';
import { decideElection, delegateBadgeName, type ElectionFacts } from './election';

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
