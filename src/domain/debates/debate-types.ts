import type { ContributionKind, DebateType, VoteType } from './debate-rules';

export interface DebatePerson {
  id: string;
  name: string;
}

/** A debate in the list and at the top of its page. */
export interface DebateSummary {
  id: string;
  title: string;
  prompt: string;
  /** Hidden pending review (issue 14): only its creator still reads the title and prompt. */
  hidden: boolean;
  debateType: DebateType;
  durationDays: number;
  createdAt: string;
  expiresAt: string;
  participantCount: number;
  maxParticipants: number;
  creator: DebatePerson;
  daysLeft: number;
  closed: boolean;
  responseCount: number;
}

export interface ContributionView {
  id: string;
  kind: ContributionKind;
  /** Hidden pending review (issue 14): only its author still reads or hears it. */
  hidden: boolean;
  author: DebatePerson;
  contentType: DebateType;
  text: string | null;
  audioUrl: string | null;
  upvotes: number;
  downvotes: number;
  /** The viewer's own vote on it (null for none or a visitor). */
  myVote: VoteType | null;
  createdAt: string;
}

export interface DefenseView extends ContributionView {
  kind: 'defense';
}
export interface RebuttalView extends ContributionView {
  kind: 'rebuttal';
  defense: DefenseView | null;
}
export interface ResponseView extends ContributionView {
  kind: 'response';
  rebuttals: RebuttalView[];
}

export interface DebateViewer {
  isCreator: boolean;
  canDelete: boolean;
  isParticipant: boolean;
  hasResponded: boolean;
  /** The friends already invited (shown to the creator only; empty for others). */
  invitedIds: string[];
}

/**
 * The debate page: the debate and one page of its responses, newest first (at most
 * DEBATE_RESPONSES_PAGE_SIZE), each with all its rebuttals and their defenses. `responseCount`
 * counts them all; `nextCursor` asks for the next (older) page, null after the last one.
 */
export interface DebateDetail extends DebateSummary {
  /** Null for a visitor. */
  viewer: DebateViewer | null;
  responses: ResponseView[];
  nextCursor: string | null;
}

export interface ContributionSubmitted {
  id: string;
  kind: ContributionKind;
  badgesEarned: string[];
}

export interface VoteResult {
  contentType: ContributionKind;
  contentId: string;
  myVote: VoteType | null;
  upvotes: number;
  downvotes: number;
}

export interface InvitationsSent {
  invited: number;
}
