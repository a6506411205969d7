import { districtLabel } from '../geography/states';

/**
 * Whether a user may join a caucus as a voting member (PRODUCT-RULES: Levels, eligibility
 * and the election). Pure: the service gathers the facts inside the transaction that
 * inserts the membership, with the caucus row locked, and asks this function.
 */
export interface JoinFacts {
  caucus: {
    id: string;
    name: string;
    level: number;
    state: string;
    district: number;
    isOpen: boolean;
    electionFinalized: boolean;
    votingMemberCount: number;
    requiredVotingMembers: number;
  };
  user: { level: number; state: string; district: number };
  /** The user's own row in this caucus, if any. */
  membershipHere: { isVotingMember: boolean; isOrganizer: boolean } | null;
  /** A finalized caucus at this level where the user is a voting member but not the delegate. */
  representedAtLevel: boolean;
  /** Another unfinalized caucus at this level where the user is a voting member. */
  otherActiveCaucus: { id: string; name: string } | null;
  /** The password the user typed (private caucuses). */
  password?: string | null;
  /**
   * Whether a typed (trimmed, non-empty) password is the private caucus's: the server opens the
   * sealed password and compares in constant time (caucus-passwords.service), so the rule never
   * holds the secret itself.
   */
  passwordMatches: (typed: string) => boolean;
  /** The user confirmed leaving `otherActiveCaucus`. */
  confirmLeave?: boolean;
}

export type JoinDecision =
  | { kind: 'join'; leaveCaucusId: string | null }
  | { kind: 'already_member'; message: string }
  | { kind: 'requires_confirmation'; message: string; existingCaucusId: string; existingCaucusName: string }
  | { kind: 'refused'; code: JoinRefusal; message: string };

export type JoinRefusal =
  | 'finalized'
  | 'full'
  | 'wrong_level'
  | 'wrong_district'
  | 'already_represented'
  | 'organizer_cannot_vote'
  | 'password_required'
  | 'incorrect_password';

export const JOIN_MESSAGES = {
  alreadyMember: 'You are already a member of this caucus.',
  finalized: 'This caucus has already elected its Delegate; it no longer accepts members.',
  full: (n: number, max: number) => `This caucus is full (${n}/${max} members).`,
  wrongLevel: (caucusLevel: number, userLevel: number) =>
    `This is a Level ${caucusLevel} caucus; you can join Level ${userLevel} caucuses.`,
  wrongDistrict: (label: string, home: string) => `This caucus represents ${label}; your home district is ${home}.`,
  alreadyRepresented: (level: number) => `You are already represented at Level ${level} by a caucus that elected its Delegate.`,
  organizerCannotVote: 'Organizers do not vote: you organize this caucus.',
  passwordRequired: 'Please enter the caucus password.',
  incorrectPassword: 'Incorrect password.',
  confirmLeave: (name: string) => `You are a voting member of "${name}" at this level. Joining this caucus will remove you (and your vote) from it.`,
} as const;

export function decideJoin(f: JoinFacts): JoinDecision {
  const c = f.caucus;
  if (f.membershipHere?.isVotingMember) return { kind: 'already_member', message: JOIN_MESSAGES.alreadyMember };
  if (c.electionFinalized) return { kind: 'refused', code: 'finalized', message: JOIN_MESSAGES.finalized };
  if (f.membershipHere?.isOrganizer) return { kind: 'refused', code: 'organizer_cannot_vote', message: JOIN_MESSAGES.organizerCannotVote };
  if (c.votingMemberCount >= c.requiredVotingMembers) {
    return { kind: 'refused', code: 'full', message: JOIN_MESSAGES.full(c.votingMemberCount, c.requiredVotingMembers) };
  }
  if (c.level !== f.user.level) return { kind: 'refused', code: 'wrong_level', message: JOIN_MESSAGES.wrongLevel(c.level, f.user.level) };
  if (c.state !== f.user.state || c.district !== f.user.district) {
    return {
      kind: 'refused',
      code: 'wrong_district',
      message: JOIN_MESSAGES.wrongDistrict(districtLabel(c.state, c.district), districtLabel(f.user.state, f.user.district)),
    };
  }
  if (f.representedAtLevel) return { kind: 'refused', code: 'already_represented', message: JOIN_MESSAGES.alreadyRepresented(c.level) };
  if (!c.isOpen) {
    const typed = (f.password ?? '').trim();
    if (!typed) return { kind: 'refused', code: 'password_required', message: JOIN_MESSAGES.passwordRequired };
    if (!f.passwordMatches(typed)) return { kind: 'refused', code: 'incorrect_password', message: JOIN_MESSAGES.incorrectPassword };
  }
  if (f.otherActiveCaucus && f.otherActiveCaucus.id !== c.id) {
    if (!f.confirmLeave) {
      return {
        kind: 'requires_confirmation',
        message: JOIN_MESSAGES.confirmLeave(f.otherActiveCaucus.name),
        existingCaucusId: f.otherActiveCaucus.id,
        existingCaucusName: f.otherActiveCaucus.name,
      };
    }
    return { kind: 'join', leaveCaucusId: f.otherActiveCaucus.id };
  }
  return { kind: 'join', leaveCaucusId: null };
}
