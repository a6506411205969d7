import { z } from 'zod';
import { joinConfirmationSchema } from './caucus-types';

/**
 * The invitation answers of the API (issue 17): voting-member and organizer invitations and
 * the user search that feeds them. The server and the web app use the inferred types.
 */

export const invitationStatusSchema = z.enum(['pending', 'accepted', 'declined']);
export type InvitationStatus = z.infer<typeof invitationStatusSchema>;

/** A voter of the caucus's district an organizer may invite (GET /api/caucuses/:id/invitable-voters). */
export const invitableVoterSchema = z.object({
  id: z.string(),
  name: z.string(),
  photoUrl: z.string().nullable(),
});
export type InvitableVoter = z.infer<typeof invitableVoterSchema>;

/** A user found by name (GET /api/users/search). */
export const userSearchResultSchema = invitableVoterSchema.extend({
  state: z.string(),
  district: z.number().int(),
});
export type UserSearchResult = z.infer<typeof userSearchResultSchema>;

/** An invitation just sent by id. */
export const invitationCreatedSchema = z.object({ id: z.string() });
export type InvitationCreated = z.infer<typeof invitationCreatedSchema>;

/**
 * What an invitation by email answers: the same for every address, registered or not (issue 29),
 * so that nobody learns from it who has an account.
 */
export const emailInvitationResultSchema = z.object({ status: z.literal('emailed'), email: z.string(), message: z.string() });
export type EmailInvitationResult = z.infer<typeof emailInvitationResultSchema>;

/** An organizer invitation: by id (`{ id }`) or by email (`emailed`, whoever holds the address). */
export const organizerInvitationResultSchema = z.union([invitationCreatedSchema, emailInvitationResultSchema]);
export type OrganizerInvitationResult = z.infer<typeof organizerInvitationResultSchema>;

export const invitationCaucusSchema = z.object({
  id: z.string(),
  name: z.string(),
  state: z.string(),
  district: z.number().int(),
  level: z.number().int(),
  isOpen: z.boolean(),
});
export type InvitationCaucus = z.infer<typeof invitationCaucusSchema>;

/** One invitation as GET /api/my/invitations answers it. */
export const invitationViewSchema = z
  .object({
    id: z.string(),
    caucus: invitationCaucusSchema,
    inviterName: z.string(),
    inviteeName: z.string(),
    status: invitationStatusSchema,
    createdAt: z.string(),
    respondedAt: z.string().nullable(),
  })
  .meta({ id: 'MyCaucusInvitation' });
export type InvitationView = z.infer<typeof invitationViewSchema>;

export const myInvitationsSchema = z.object({
  voting: z.array(invitationViewSchema),
  organizerReceived: z.array(invitationViewSchema),
  organizerSent: z.array(invitationViewSchema),
});
export type MyInvitations = z.infer<typeof myInvitationsSchema>;

/** An answered invitation (organizer or voting). */
export const organizerResponseResultSchema = z.object({
  status: z.enum(['accepted', 'declined']),
  invitationId: z.string(),
  caucusId: z.string(),
});
export type OrganizerResponseResult = z.infer<typeof organizerResponseResultSchema>;

/** A voting invitation answered, or (409) the user confirms leaving a caucus of the same level first. */
export const voterResponseResultSchema = z.union([organizerResponseResultSchema, joinConfirmationSchema]);
export type VoterResponseResult = z.infer<typeof voterResponseResultSchema>;
