import { z } from 'zod';
import { multiLineText, singleLineText } from '../text/text-schema';

/** The three parts of a debate: a response to the prompt, a rebuttal of a response, a defense against a rebuttal. */
export const CONTRIBUTION_KINDS = ['response', 'rebuttal', 'defense'] as const;
export type ContributionKind = (typeof CONTRIBUTION_KINDS)[number];

export const DEBATE_TYPES = ['text', 'audio'] as const;
export type DebateType = (typeof DEBATE_TYPES)[number];

export const VOTE_TYPES = ['upvote', 'downvote'] as const;
export type VoteType = (typeof VOTE_TYPES)[number];

export const DEBATE_LIMITS = {
  minDays: 3,
  maxDays: 30,
  defaultDays: 7,
  maxInvitedFriends: 5,
  maxParticipants: 10,
  activeDebatesUnverified: 1,
  activeDebatesVerified: 15,
  titleMaxChars: 200,
  promptMaxChars: 5000,
  /** An audio upload is at most this many bytes (3 minutes of Opus at 128 kbit/s is about 2.9 MB). */
  audioMaxBytes: 5 * 1024 * 1024,
} as const;

/** Responses per page of the debate page (newest first; older ones with `?before=<responseId>`). */
export const DEBATE_RESPONSES_PAGE_SIZE = 20;

/** Words allowed in a text contribution. */
export const MAX_WORDS: Record<ContributionKind, number> = { response: 500, rebuttal: 170, defense: 170 };
/** Seconds allowed in an audio contribution (the recorder stops by itself there). */
export const MAX_SECONDS: Record<ContributionKind, number> = { response: 180, rebuttal: 60, defense: 60 };
/** The server accepts a recording this much longer than the limit (the recorder stops a tick late). */
export const AUDIO_DURATION_TOLERANCE_SECONDS = 1.5;

export const DEBATE_MESSAGES = {
  titleRequired: 'Title is required',
  promptRequired: 'Prompt is required',
  titleTooLong: `Title must be at most ${DEBATE_LIMITS.titleMaxChars} characters`,
  promptTooLong: `Prompt must be at most ${DEBATE_LIMITS.promptMaxChars} characters`,
  invalidType: 'Debate type must be text or audio',
  invalidDuration: `Duration must be between ${DEBATE_LIMITS.minDays} and ${DEBATE_LIMITS.maxDays} days`,
  inviteLimit: `You can only invite up to ${DEBATE_LIMITS.maxInvitedFriends} friends to a debate.`,
  activeLimit: (n: number) => `You can only have ${n} active debate(s) at a time.`,
  notFound: 'Debate Not Found',
  badCursor: 'That page of responses does not exist.',
  loadMoreFailed: 'Failed to load more responses. Please try again.',
  closedTitle: 'Debate closed',
  closedMessage: 'Submissions are no longer accepted.',
  closedBanner: 'This debate is closed. Submissions and voting are no longer accepted, but content remains available for viewing.',
  votingClosed: 'Voting is closed for this debate.',
  loginToParticipate: 'Please log in to participate in this debate',
  noResponses: 'No responses yet. Be the first to respond!',
  /** Beside the responses, for a signed-in viewer who has not responded (the creator too): why there is no Rebut button. */
  rebutAfterResponding: 'Only participants can rebut. Submit your own response first; then you can rebut the others.',
  deleteConfirm:
    'Are you sure you want to delete this debate? This action cannot be undone and will remove all responses, rebuttals, and votes associated with this debate.',
  deletedTitle: 'Debate Deleted',
  deleteForbidden: 'Only the creator of this debate or an administrator can delete it.',
  inviteForbidden: 'Only the creator of this debate can invite friends.',
  inviteAtLeastOne: 'Select at least one friend to invite.',
  inviteFull: 'This debate is full.',
  inviteNotFriends: 'You can only invite your friends.',
  invitationsSentTitle: 'Invitations Sent',
  invitationsSent: (n: number) => `Sent invitations to ${n} friend(s)`,
  debateFull: 'This debate is full.',
  alreadyResponded: 'You have already submitted a response to this debate.',
  notParticipant: 'Only participants of this debate can rebut a response. Submit your response first.',
  rebutOwnResponse: 'You cannot rebut your own response.',
  alreadyRebutted: 'You have already rebutted this response.',
  defenseNotAuthor: 'Only the author of the response can defend it.',
  alreadyDefended: 'This rebuttal has already been defended.',
  contentNotFound: 'This contribution no longer exists.',
  textRequired: 'Your text cannot be empty.',
  tooManyWords: (max: number) => `Your text must be at most ${max} words.`,
  wrongContentType: (type: DebateType) => `This is a${type === 'audio' ? 'n audio' : ' text'} debate.`,
  audioTooLong: (kind: ContributionKind) => `Your recording must be at most ${formatSeconds(MAX_SECONDS[kind])} long.`,
  audioTooLarge: 'Your recording is too large (at most 5 MB).',
  audioInvalid: 'Please record audio (WebM) to submit.',
  audioNotFound: 'Audio not found',
  submittedTitle: 'Success',
  submitted: (kind: ContributionKind) => `Your ${kind} has been submitted successfully!`,
  submitFailed: (kind: ContributionKind) => `Failed to submit your ${kind}. Please try again.`,
  microphone: 'Could not access microphone',
  loadListFailed: 'Failed to load debates',
  loadFailed: 'Failed to load debate',
  createFailed: 'Failed to create debate. Please try again.',
  deleteFailed: 'Failed to delete debate',
  inviteFailed: 'Failed to send invitations',
  playFailed: 'Failed to play audio',
  voteFailed: 'Failed to submit vote',
  brownieFailed: 'Failed to award brownie',
  linkCopiedTitle: 'Link copied',
  linkCopied: 'Share this debate with others.',
} as const;

/** "m:ss". */
export function formatSeconds(total: number): string {
  const s = Math.max(0, Math.floor(total));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** Words split on whitespace; empty or blank text has none. */
export function countWords(text: string): number {
  const trimmed = text.trim();
  return trimmed === '' ? 0 : trimmed.split(/\s+/).length;
}

/** Why a text contribution is refused, or null. */
export function textRefusal(kind: ContributionKind, text: string): string | null {
  const words = countWords(text);
  if (words === 0) return DEBATE_MESSAGES.textRequired;
  if (words > MAX_WORDS[kind]) return DEBATE_MESSAGES.tooManyWords(MAX_WORDS[kind]);
  return null;
}

/** Why an audio contribution is refused by its duration (seconds), or null. */
export function audioDurationRefusal(kind: ContributionKind, seconds: number): string | null {
  if (!Number.isFinite(seconds) || seconds <= 0) return DEBATE_MESSAGES.audioInvalid;
  if (seconds > MAX_SECONDS[kind] + AUDIO_DURATION_TOLERANCE_SECONDS) return DEBATE_MESSAGES.audioTooLong(kind);
  return null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Days left, rounded up, never below 0. */
export function daysLeft(expiresAt: Date, now: Date): number {
  return Math.max(0, Math.ceil((expiresAt.getTime() - now.getTime()) / DAY_MS));
}

/** A debate is closed when it is not active or its end has come (computed on read). */
export function isDebateClosed(debate: { isActive: boolean; expiresAt: Date }, now: Date): boolean {
  return !debate.isActive || debate.expiresAt.getTime() <= now.getTime();
}

export function expiresAtFor(createdAt: Date, durationDays: number): Date {
  return new Date(createdAt.getTime() + durationDays * DAY_MS);
}

/** How many debates a user may have open at once. */
export function activeDebateLimit(verified: boolean): number {
  return verified ? DEBATE_LIMITS.activeDebatesVerified : DEBATE_LIMITS.activeDebatesUnverified;
}

/** How many more friends may be invited: at most max_participants minus participant_count. */
export function invitationRoom(debate: { participantCount: number; maxParticipants: number }): number {
  return Math.max(0, debate.maxParticipants - debate.participantCount);
}

/**
 * A vote on a contribution that already has `current` from this user: the same vote again
 * removes it (null), the other one replaces it.
 */
export function nextVote(current: VoteType | null, cast: VoteType): VoteType | null {
  return current === cast ? null : cast;
}

/**
 * Who may submit what (PRODUCT-RULES "Debates and challenges"): a participant submits at most
 * one response; any participant other than the author may rebut a response (once); only the
 * response's author may defend against a rebuttal (once per rebuttal). Returns the refusal.
 */
export function submissionRefusal(
  input:
    | { kind: 'response'; hasResponded: boolean; isParticipant: boolean; debateFull: boolean }
    | { kind: 'rebuttal'; isParticipant: boolean; responseAuthorId: string; userId: string; hasRebutted: boolean }
    | { kind: 'defense'; responseAuthorId: string; userId: string; hasDefense: boolean },
): string | null {
  switch (input.kind) {
    case 'response':
      if (input.hasResponded) return DEBATE_MESSAGES.alreadyResponded;
      if (!input.isParticipant && input.debateFull) return DEBATE_MESSAGES.debateFull;
      return null;
    case 'rebuttal':
      if (input.responseAuthorId === input.userId) return DEBATE_MESSAGES.rebutOwnResponse;
      if (!input.isParticipant) return DEBATE_MESSAGES.notParticipant;
      if (input.hasRebutted) return DEBATE_MESSAGES.alreadyRebutted;
      return null;
    case 'defense':
      if (input.responseAuthorId !== input.userId) return DEBATE_MESSAGES.defenseNotAuthor;
      if (input.hasDefense) return DEBATE_MESSAGES.alreadyDefended;
      return null;
  }
}

/** The storage key of a recording: {userId}/{debateId}/{contentType}-{timestamp}.webm. */
export function audioKey(userId: string, debateId: string, kind: ContributionKind, at: Date): string {
  return `${userId}/${debateId}/${kind}-${at.getTime()}.webm`;
}

const trimmed = (required: string, max: number, tooLong: string, multiline = false) =>
  (multiline ? multiLineText({ error: required }) : singleLineText({ error: required }))
    .transform((s) => s.trim())
    .pipe(z.string().min(1, { error: required }).max(max, { error: tooLong }));

export const createDebateSchema = z.object({
  title: trimmed(DEBATE_MESSAGES.titleRequired, DEBATE_LIMITS.titleMaxChars, DEBATE_MESSAGES.titleTooLong),
  prompt: trimmed(DEBATE_MESSAGES.promptRequired, DEBATE_LIMITS.promptMaxChars, DEBATE_MESSAGES.promptTooLong, true),
  debateType: z.enum(DEBATE_TYPES, { error: DEBATE_MESSAGES.invalidType }),
  durationDays: z
    .number({ error: DEBATE_MESSAGES.invalidDuration })
    .int({ error: DEBATE_MESSAGES.invalidDuration })
    .min(DEBATE_LIMITS.minDays, { error: DEBATE_MESSAGES.invalidDuration })
    .max(DEBATE_LIMITS.maxDays, { error: DEBATE_MESSAGES.invalidDuration })
    .default(DEBATE_LIMITS.defaultDays),
  invitedFriendIds: z
    .array(z.uuid({ error: DEBATE_MESSAGES.inviteNotFriends }))
    .max(DEBATE_LIMITS.maxInvitedFriends, { error: DEBATE_MESSAGES.inviteLimit })
    .default([])
    .transform((ids) => [...new Set(ids)]),
});
export type CreateDebateInput = z.input<typeof createDebateSchema>;

export const inviteFriendsSchema = z.object({
  friendIds: z
    .array(z.uuid({ error: DEBATE_MESSAGES.inviteNotFriends }))
    .min(1, { error: DEBATE_MESSAGES.inviteAtLeastOne })
    .max(DEBATE_LIMITS.maxInvitedFriends, { error: DEBATE_MESSAGES.inviteLimit })
    .transform((ids) => [...new Set(ids)]),
});

/** A text contribution (JSON). The word limit depends on the kind, so it is checked with textRefusal. */
export const textContributionSchema = z.object({
  text: multiLineText({ error: DEBATE_MESSAGES.textRequired }).max(20_000, { error: DEBATE_MESSAGES.tooManyWords(MAX_WORDS.response) }),
});

export const voteSchema = z.object({
  contentType: z.enum(CONTRIBUTION_KINDS, { error: 'Unknown contribution type' }),
  contentId: z.uuid({ error: DEBATE_MESSAGES.contentNotFound }),
  voteType: z.enum(VOTE_TYPES, { error: 'Vote must be upvote or downvote' }),
});
export type VoteInput = z.infer<typeof voteSchema>;
