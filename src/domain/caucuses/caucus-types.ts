export interface CaucusSummary {
  id: string;
  name: string;
  /** Name and platform link hidden pending review (issue 14): members still see them, others a placeholder. */
  hidden: boolean;
  state: string;
  district: number;
  level: number;
  politicalAlignment: string | null;
  isOpen: boolean;
  status: 'available' | 'full' | 'finalized';
  votingMemberCount: number;
  requiredVotingMembers: number;
  organizerName: string | null;
  createdAt: string;
}

export interface CaucusPerson {
  id: string;
  name: string;
  photoUrl: string | null;
  level: number;
}

export interface CaucusDetail extends CaucusSummary {
  invitationCode: string;
  platformLink: string | null;
  /** Shown only to members and organizers of a private caucus; null otherwise. */
  password: string | null;
  votingStarted: boolean;
  electionFinalized: boolean;
  electedDelegate: CaucusPerson | null;
  organizers: CaucusPerson[];
  members: Array<CaucusPerson & { hasVoted: boolean }>;
  /** Votes per candidate id (members and organizers only). */
  tally: Record<string, number>;
  /** How many voting members still need to verify (members and organizers only). */
  unverifiedCount: number;
  viewer: {
    isMember: boolean;
    isVotingMember: boolean;
    isOrganizer: boolean;
    isAdministrator: boolean;
    myVoteCandidateId: string | null;
    canVote: boolean;
    canEditPlatformLink: boolean;
    canInvite: boolean;
  } | null;
  awaitingVerification: boolean;
}

export type JoinResult =
  | { status: 'joined'; caucusId: string }
  | { status: 'already_member'; message: string }
  | { status: 'requires_confirmation'; message: string; existingCaucusId: string; existingCaucusName: string };

export interface VoteResult {
  status: 'open' | 'awaiting_verification' | 'finalized';
  message?: string;
  electedDelegateId?: string;
}

export interface RepresentationLink {
  caucusId: string;
  caucusName: string;
  level: number;
  electionFinalized: boolean;
  delegate: CaucusPerson | null;
}

/** One invitation of a caucus as its organizers follow it (GET /api/caucuses/:id/invitations, issue 13). */
export interface CaucusInvitationView {
  id: string;
  role: 'voting_member' | 'organizer';
  invitee: { id: string; name: string };
  inviterName: string;
  status: 'pending' | 'accepted' | 'declined';
  /** Pending after the last reminder: they never came. */
  neverCame: boolean;
  invitedAt: string;
  respondedAt: string | null;
  reminderCount: number;
  lastRemindedAt: string | null;
}
