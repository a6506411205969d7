import { z } from 'zod';
import { CONTRIBUTION_KINDS, DEBATE_TYPES, VOTE_TYPES } from './debate-rules';

/**
 * The debate answers of the API (issue 17): the schemas are what /api/openapi.json documents
 * and what the integration tests check answers against; the types the server and the web app
 * use are inferred from them (one source).
 */

export const debatePersonSchema = z.object({
  id: z.string(),
  name: z.string(),
});
export type DebatePerson = z.infer<typeof debatePersonSchema>;

/** A debate in the list and at the top of its page. */
export const debateSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  prompt: z.string(),
  /** Hidden pending review (issue 14): only its creator still reads the title and prompt. */
  hidden: z.boolean(),
  debateType: z.enum(DEBATE_TYPES),
  durationDays: z.number().int(),
  createdAt: z.string(),
  expiresAt: z.string(),
  participantCount: z.number().int(),
  maxParticipants: z.number().int(),
  creator: debatePersonSchema,
  daysLeft: z.number().int(),
  closed: z.boolean(),
  responseCount: z.number().int(),
});
export type DebateSummary = z.infer<typeof debateSummarySchema>;

export const contributionViewSchema = z.object({
  id: z.string(),
  kind: z.enum(CONTRIBUTION_KINDS),
  /** Hidden pending review (issue 14): only its author still reads or hears it. */
  hidden: z.boolean(),
  author: debatePersonSchema,
  contentType: z.enum(DEBATE_TYPES),
  text: z.string().nullable(),
  audioUrl: z.string().nullable(),
  upvotes: z.number().int(),
  downvotes: z.number().int(),
  /** The viewer's own vote on it (null for none or a visitor). */
  myVote: z.enum(VOTE_TYPES).nullable(),
  createdAt: z.string(),
});
export type ContributionView = z.infer<typeof contributionViewSchema>;

export const defenseViewSchema = contributionViewSchema.extend({
  kind: z.literal('defense'),
});
export type DefenseView = z.infer<typeof defenseViewSchema>;

export const rebuttalViewSchema = contributionViewSchema.extend({
  kind: z.literal('rebuttal'),
  defense: defenseViewSchema.nullable(),
});
export type RebuttalView = z.infer<typeof rebuttalViewSchema>;

export const responseViewSchema = contributionViewSchema.extend({
  kind: z.literal('response'),
  rebuttals: z.array(rebuttalViewSchema),
});
export type ResponseView = z.infer<typeof responseViewSchema>;

export const debateViewerSchema = z.object({
  isCreator: z.boolean(),
  canDelete: z.boolean(),
  isParticipant: z.boolean(),
  hasResponded: z.boolean(),
  /** The friends already invited (shown to the creator only; empty for others). */
  invitedIds: z.array(z.string()),
});
export type DebateViewer = z.infer<typeof debateViewerSchema>;

/**
 * The debate page: the debate and one page of its responses, newest first (at most
 * DEBATE_RESPONSES_PAGE_SIZE), each with all its rebuttals and their defenses. `responseCount`
 * counts them all; `nextCursor` asks for the next (older) page, null after the last one.
 */
export const debateDetailSchema = debateSummarySchema.extend({
  /** Null for a visitor. */
  viewer: debateViewerSchema.nullable(),
  responses: z.array(responseViewSchema),
  nextCursor: z.string().nullable(),
});
export type DebateDetail = z.infer<typeof debateDetailSchema>;

/** A response, rebuttal or defense just submitted, with the badges it earned its author. */
export const contributionSubmittedSchema = z
  .object({
    id: z.string(),
    kind: z.enum(CONTRIBUTION_KINDS),
    badgesEarned: z.array(z.string()),
  })
  .meta({ id: 'DebateContributionSubmitted' });
export type ContributionSubmitted = z.infer<typeof contributionSubmittedSchema>;

export const voteResultSchema = z.object({
  contentType: z.enum(CONTRIBUTION_KINDS),
  contentId: z.string(),
  myVote: z.enum(VOTE_TYPES).nullable(),
  upvotes: z.number().int(),
  downvotes: z.number().int(),
});
export type VoteResult = z.infer<typeof voteResultSchema>;

export const invitationsSentSchema = z.object({
  invited: z.number().int(),
});
export type InvitationsSent = z.infer<typeof invitationsSentSchema>;

/** A debate just created. */
export const debateCreatedSchema = z.object({ id: z.string() });
export type DebateCreated = z.infer<typeof debateCreatedSchema>;

/** A debate just deleted. */
export const debateDeletedSchema = z.object({ deleted: z.literal(true) });
export type DebateDeleted = z.infer<typeof debateDeletedSchema>;

/** An audio contribution: the recording (WebM with one audio track) as the form's `audio` file. */
export const audioContributionFormSchema = z.object({
  audio: z.file().meta({ description: 'The recording, WebM (audio/webm) with one audio track.' }),
});
