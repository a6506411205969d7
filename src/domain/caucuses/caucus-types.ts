import { z } from 'zod';

/**
 * The caucus answers of the API (issue 17): the schemas are what /api/openapi.json documents
 * and what the integration tests check answers against; the types the server and the web app
 * use are inferred from them (one source).
 */

export const caucusSummarySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    /** Name and platform link hidden pending review (issue 14): members still see them, others a placeholder. */
    hidden: z.boolean(),
    state: z.string(),
    district: z.number().int(),
    level: z.number().int(),
    politicalAlignment: z.string().nullable(),
    isOpen: z.boolean(),
    status: z.enum(['available', 'full', 'finalized']),
    votingMemberCount: z.number().int(),
    requiredVotingMembers: z.number().int(),
    organizerName: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'CaucusSummary' });
export type CaucusSummary = z.infer<typeof caucusSummarySchema>;

/** One page of GET /api/caucuses. */
export const caucusSearchPageSchema = z.object({
  results: z.array(caucusSummarySchema),
  hasMore: z.boolean(),
});
export type CaucusSearchPage = z.infer<typeof caucusSearchPageSchema>;

/** A caucus as its invitation code shows it (GET /api/caucus-codes/:code; its first address /api/caucuses/by-code/:code still answers), to anyone. */
export const invitedCaucusSchema = z.object({
  id: z.string(),
  name: z.string(),
  state: z.string(),
  district: z.number().int(),
  level: z.number().int(),
});
export type InvitedCaucus = z.infer<typeof invitedCaucusSchema>;

export const caucusPersonSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    photoUrl: z.string().nullable(),
    level: z.number().int(),
  })
  .meta({ id: 'CaucusPerson' });
export type CaucusPerson = z.infer<typeof caucusPersonSchema>;

export const caucusDetailSchema = caucusSummarySchema.extend({
  invitationCode: z.string(),
  platformLink: z.string().nullable(),
  /** Shown only to members and organizers of a private caucus; null otherwise. */
  password: z.string().nullable(),
  votingStarted: z.boolean(),
  electionFinalized: z.boolean(),
  electedDelegate: caucusPersonSchema.nullable(),
  organizers: z.array(caucusPersonSchema),
  members: z.array(caucusPersonSchema.extend({ hasVoted: z.boolean() })),
  /** Votes per candidate id (members and organizers only). */
  tally: z.record(z.string(), z.number().int()),
  /** How many voting members still need to verify (members and organizers only). */
  unverifiedCount: z.number().int(),
  viewer: z
    .object({
      isMember: z.boolean(),
      isVotingMember: z.boolean(),
      isOrganizer: z.boolean(),
      isAdministrator: z.boolean(),
      myVoteCandidateId: z.string().nullable(),
      canVote: z.boolean(),
      canEditPlatformLink: z.boolean(),
      canInvite: z.boolean(),
    })
    .nullable(),
  awaitingVerification: z.boolean(),
});
export type CaucusDetail = z.infer<typeof caucusDetailSchema>;

/** Joining would leave another caucus of the same level: the user confirms first (409). */
export const joinConfirmationSchema = z
  .object({
    status: z.literal('requires_confirmation'),
    message: z.string(),
    existingCaucusId: z.string(),
    existingCaucusName: z.string(),
  })
  .meta({ id: 'CaucusJoinConfirmation' });
export type JoinConfirmation = z.infer<typeof joinConfirmationSchema>;

export const joinResultSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('joined'), caucusId: z.string() }),
  z.object({ status: z.literal('already_member'), message: z.string() }),
  joinConfirmationSchema,
]);
export type JoinResult = z.infer<typeof joinResultSchema>;

export const voteResultSchema = z.object({
  status: z.enum(['open', 'awaiting_verification', 'finalized']),
  message: z.string().optional(),
  electedDelegateId: z.string().optional(),
});
export type VoteResult = z.infer<typeof voteResultSchema>;

/** A caucus of GET /api/my/caucuses: the viewer's role in it, and its delegate once elected. */
export const myCaucusSchema = caucusSummarySchema.extend({
  role: z.enum(['voting', 'organizer']),
  electedDelegateId: z.string().nullable(),
});
export type MyCaucus = z.infer<typeof myCaucusSchema>;

export const representationLinkSchema = z.object({
  caucusId: z.string(),
  caucusName: z.string(),
  level: z.number().int(),
  electionFinalized: z.boolean(),
  delegate: caucusPersonSchema.nullable(),
});
export type RepresentationLink = z.infer<typeof representationLinkSchema>;

/** The answers of leaving a caucus and of its settings' changes. */
export const caucusLeftSchema = z.object({ status: z.literal('left') });
export const caucusUpdatedSchema = z.object({ status: z.literal('updated') });

/** One invitation of a caucus as its organizers follow it (GET /api/caucuses/:id/invitations, issue 13). */
export const caucusInvitationViewSchema = z.object({
  id: z.string(),
  role: z.enum(['voting_member', 'organizer']),
  invitee: z.object({ id: z.string(), name: z.string() }),
  inviterName: z.string(),
  status: z.enum(['pending', 'accepted', 'declined']),
  /** Pending after the last reminder: they never came. */
  neverCame: z.boolean(),
  invitedAt: z.string(),
  respondedAt: z.string().nullable(),
  reminderCount: z.number().int(),
  lastRemindedAt: z.string().nullable(),
});
export type CaucusInvitationView = z.infer<typeof caucusInvitationViewSchema>;

export const caucusInvitationListSchema = z.object({ items: z.array(caucusInvitationViewSchema) });
export type CaucusInvitationList = z.infer<typeof caucusInvitationListSchema>;
