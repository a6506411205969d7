/**
 * The unanimous election (PRODUCT-RULES: Finalization). Pure: the service reads the facts
 * with the caucus row locked and applies the outcome in the same transaction.
 */
export interface ElectionFacts {
  requiredVotingMembers: number;
  votingMemberIds: readonly string[];
  votes: ReadonlyArray<{ voterId: string; candidateId: string }>;
  unverifiedMemberIds: readonly string[];
}

export type ElectionOutcome =
  | { status: 'open'; tally: Record<string, number> }
  | { status: 'awaiting_verification'; candidateId: string; unverifiedCount: number; tally: Record<string, number> }
  | { status: 'finalize'; delegateId: string; tally: Record<string, number> };

export const VERIFICATION_REQUIRED_MESSAGE =
  'Verification Required: All members must verify their profiles before the vote can be finalized.';

export function tallyVotes(votes: ElectionFacts['votes'], members: ReadonlySet<string>): Record<string, number> {
  const tally: Record<string, number> = {};
  for (const v of votes) {
    if (!members.has(v.voterId) || !members.has(v.candidateId)) continue;
    tally[v.candidateId] = (tally[v.candidateId] ?? 0) + 1;
  }
  return tally;
}

/**
 * Finalizes when every required seat is filled, every voting member has voted, all votes
 * name the same voting member, and every voting member is verified.
 */
export function decideElection(f: ElectionFacts): ElectionOutcome {
  const members = new Set(f.votingMemberIds);
  const tally = tallyVotes(f.votes, members);
  const seatsFilled = members.size >= f.requiredVotingMembers && f.requiredVotingMembers > 0;
  const voters = new Set(f.votes.filter((v) => members.has(v.voterId) && members.has(v.candidateId)).map((v) => v.voterId));
  const candidates = Object.keys(tally);
  if (!seatsFilled || voters.size !== members.size || candidates.length !== 1) return { status: 'open', tally };
  const candidateId = candidates[0]!;
  const unverified = f.unverifiedMemberIds.filter((id) => members.has(id));
  if (unverified.length > 0) return { status: 'awaiting_verification', candidateId, unverifiedCount: unverified.length, tally };
  return { status: 'finalize', delegateId: candidateId, tally };
}

/**
 * One vote from finishing: every seat is filled, all members but one have voted, and every
 * vote names the same member. Then the one who has not voted is told their vote is missing
 * (issue 13). Null in any other state.
 */
export function missingVote(f: Pick<ElectionFacts, 'requiredVotingMembers' | 'votingMemberIds' | 'votes'>): { missingVoterId: string; candidateId: string; agreed: number } | null {
  const members = new Set(f.votingMemberIds);
  if (f.requiredVotingMembers < 2 || members.size < f.requiredVotingMembers) return null;
  const counted = f.votes.filter((v) => members.has(v.voterId) && members.has(v.candidateId));
  const candidates = new Set(counted.map((v) => v.candidateId));
  const voters = new Set(counted.map((v) => v.voterId));
  if (candidates.size !== 1 || voters.size !== members.size - 1) return null;
  const missingVoterId = [...members].find((id) => !voters.has(id))!;
  return { missingVoterId, candidateId: [...candidates][0]!, agreed: voters.size };
}

/**
 * A split election: every seat is filled, every member has voted, but not all for one member.
 * The leader is the member with the most votes (ties: the smallest id, so every reader names
 * the same one). Null in any other state.
 */
export function splitElection(
  f: Pick<ElectionFacts, 'requiredVotingMembers' | 'votingMemberIds' | 'votes'>,
): { leaderId: string; leading: number } | null {
  const members = new Set(f.votingMemberIds);
  if (f.requiredVotingMembers < 2 || members.size < f.requiredVotingMembers) return null;
  const counted = f.votes.filter((v) => members.has(v.voterId) && members.has(v.candidateId));
  if (new Set(counted.map((v) => v.voterId)).size !== members.size) return null;
  const tally = new Map<string, number>();
  for (const v of counted) tally.set(v.candidateId, (tally.get(v.candidateId) ?? 0) + 1);
  if (tally.size < 2) return null;
  const [leaderId, leading] = [...tally.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]!;
  return { leaderId, leading };
}

/** The badge the delegate of a finalized caucus earns: 'Delegate - Level N' (N = level + 1), or 'Candidate' at level 5. */
export function delegateBadgeName(caucusLevel: number): string {
  return caucusLevel >= 5 ? 'Candidate' : `Delegate - Level ${caucusLevel + 1}`;
}
