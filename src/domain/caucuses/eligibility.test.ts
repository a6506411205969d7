import { describe, expect, it } from 'vitest';
import { decideJoin, JOIN_MESSAGES, type JoinFacts } from './eligibility';

const base: JoinFacts = {
  caucus: {
    id: 'c1',
    name: 'Riverside',
    level: 1,
    state: 'OH',
    district: 3,
    isOpen: true,
    electionFinalized: false,
    votingMemberCount: 4,
    requiredVotingMembers: 10,
  },
  user: { level: 1, state: 'OH', district: 3 },
  membershipHere: null,
  representedAtLevel: false,
  otherActiveCaucus: null,
  passwordMatches: () => false,
};
const password = (actual: string) => ({ passwordMatches: (typed: string) => typed === actual });

const withCaucus = (patch: Partial<JoinFacts['caucus']>, rest: Partial<JoinFacts> = {}): JoinFacts => ({
  ...base,
  ...rest,
  caucus: { ...base.caucus, ...patch },
});

describe('joining as a voting member (PRODUCT-RULES: eligibility)', () => {
  it.each<[string, JoinFacts, string, string?]>([
    ['an eligible user joins', base, 'join'],
    ['rule 1: a full caucus refuses', withCaucus({ votingMemberCount: 10 }), 'refused', JOIN_MESSAGES.full(10, 10)],
    ['rule 1: a raised capacity shows its own number', withCaucus({ votingMemberCount: 40, requiredVotingMembers: 40 }), 'refused', 'This caucus is full (40/40 members).'],
    ['rule 1: a finalized caucus refuses', withCaucus({ electionFinalized: true }), 'refused', JOIN_MESSAGES.finalized],
    ['rule 2: another level refuses', withCaucus({ level: 2 }), 'refused', JOIN_MESSAGES.wrongLevel(2, 1)],
    ['rule 3: another district refuses', withCaucus({ district: 4 }), 'refused', 'This caucus represents OH-4; your home district is OH-3.'],
    ['rule 3: another state refuses', withCaucus({ state: 'PA' }), 'refused', 'This caucus represents PA-3; your home district is OH-3.'],
    ['rule 3: an at-large district is named AL', withCaucus({ state: 'VT', district: 1 }), 'refused', 'This caucus represents VT-AL; your home district is OH-3.'],
    ['rule 4: already represented at this level refuses', { ...base, representedAtLevel: true }, 'refused', JOIN_MESSAGES.alreadyRepresented(1)],
    ['rule 5: private without password refuses', withCaucus({ isOpen: false }, password('open sesame')), 'refused', JOIN_MESSAGES.passwordRequired],
    ['rule 5: private with a wrong password refuses', withCaucus({ isOpen: false }, { ...password('open sesame'), password: 'guess' }), 'refused', 'Incorrect password.'],
    ['rule 5: private with the password joins', withCaucus({ isOpen: false }, { ...password('open sesame'), password: 'open sesame' }), 'join'],
    ['a member again is told so', { ...base, membershipHere: { isVotingMember: true, isOrganizer: false } }, 'already_member', JOIN_MESSAGES.alreadyMember],
    ['an organizer of the caucus cannot vote in it', { ...base, membershipHere: { isVotingMember: false, isOrganizer: true } }, 'refused', JOIN_MESSAGES.organizerCannotVote],
    ['a voter in another active caucus must confirm', { ...base, otherActiveCaucus: { id: 'c2', name: 'Hilltop' } }, 'requires_confirmation', JOIN_MESSAGES.confirmLeave('Hilltop')],
    ['capacity is checked before the switch question', withCaucus({ votingMemberCount: 10 }, { otherActiveCaucus: { id: 'c2', name: 'Hilltop' } }), 'refused'],
  ])('%s', (_name, facts, kind, message) => {
    const decision = decideJoin(facts);
    expect(decision.kind).toBe(kind);
    if (message) expect('message' in decision ? decision.message : undefined).toBe(message);
  });

  it('confirming the switch leaves the other caucus in the same step', () => {
    expect(decideJoin({ ...base, otherActiveCaucus: { id: 'c2', name: 'Hilltop' }, confirmLeave: true })).toEqual({ kind: 'join', leaveCaucusId: 'c2' });
  });

  it('requires_confirmation carries the other caucus name and id', () => {
    expect(decideJoin({ ...base, otherActiveCaucus: { id: 'c2', name: 'Hilltop' } })).toMatchObject({
      existingCaucusId: 'c2',
      existingCaucusName: 'Hilltop',
    });
  });
});
