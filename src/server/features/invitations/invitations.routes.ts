import { spoken } from '../../http/translated-errors';
import { Hono } from 'hono';
import { validator } from 'hono-openapi';
import { z } from 'zod';
import { inviteOrganizerSchema, inviteVoterByEmailSchema, inviteVoterSchema, respondInvitationSchema } from '../../../domain/caucuses/caucus-schemas';
import { singleLineText } from '../../../domain/text/text-schema';
import { notFound } from '../../http/app-error';
import { guardPasswordGuess, type PasswordGuessDeps } from '../../http/guess-throttle';
import { tooManyAttempts, userRateLimit } from '../../http/rate-limit';
import type { ThrottleSettings } from '../../http/account-throttle';
import { type AppEnv, requireUser, signedIn } from '../../http/session';
import { validate } from '../../http/validate';
import { documented } from '../../http/api-docs';
import { apiErrorSchema } from '../../../domain/api/api-error';
import { caucusInvitationListSchema, joinConfirmationSchema } from '../../../domain/caucuses/caucus-types';
import {
  emailInvitationResultSchema,
  invitableVoterSchema,
  invitationCreatedSchema,
  myInvitationsSchema,
  organizerInvitationResultSchema,
  organizerResponseResultSchema,
  userSearchResultSchema,
} from '../../../domain/caucuses/invitation-types';
import * as invitations from './invitations.service';

const TAGS = ['Invitations'];

/** A malformed id names nothing: 404 with `message`, like an unknown one. */
const idOr404 = (message: string) =>
  validator('param', z.object({ id: z.uuid() }), (result) => {
    if (!result.success) throw notFound(message);
  });
const caucusParam = idOr404(invitations.INVITATION_MESSAGES.caucusNotFound);
const invitationParam = idOr404(invitations.INVITATION_MESSAGES.invitationNotFound);
export const nameQuery = z.object({ q: singleLineText().max(100, 'Search text can be at most 100 characters').optional().default('') });
export const userSearchQuery = z.object({
  q: singleLineText({ error: invitations.INVITATION_MESSAGES.searchTooShort })
    .trim()
    .min(invitations.USER_SEARCH_MIN_LENGTH, invitations.INVITATION_MESSAGES.searchTooShort)
    .max(100, 'Search text can be at most 100 characters'),
});
const response = z.enum(['accepted', 'declined'], { error: 'Answer with "accepted" or "declined".' });
export const voterResponseSchema = respondInvitationSchema.extend({ response });
export const organizerResponseSchema = z.object({ response });

/** Voting-member and organizer invitations, and the user search that feeds them. */
export function invitationRoutes(
  deps: invitations.InvitationDeps & {
    throttle: PasswordGuessDeps['settings'] & Pick<ThrottleSettings, 'ORGANIZER_INVITATIONS_MAX' | 'ORGANIZER_INVITATIONS_WINDOW_SECONDS'>;
  },
) {
  const app = new Hono<AppEnv>();
  const guessDeps: PasswordGuessDeps = { db: deps.db, clock: deps.clock, settings: deps.throttle };

  app.get(
    '/caucuses/:id/invitable-voters',
    documented({
      summary: "Voters of the caucus's district an organizer may invite, by name",
      tags: TAGS,
      responses: { 200: z.array(invitableVoterSchema) },
    }),
    caucusParam,
    validate('query', nameQuery),
    async (c) => {
      const user = requireUser(c);
      return c.json(await invitations.listInvitableVoters(deps, user.id, c.req.valid('param').id, c.req.valid('query').q));
    },
  );

  app.post(
    '/caucuses/:id/voter-invitations',
    documented({ summary: 'Invites a voter to be a voting member of the caucus', tags: TAGS, responses: { 201: invitationCreatedSchema, 409: apiErrorSchema } }),
    caucusParam,
    validate('json', inviteVoterSchema),
    async (c) => {
      const user = requireUser(c);
      return c.json(await invitations.inviteVoter(deps, user.id, c.req.valid('param').id, c.req.valid('json').inviteeId), 201);
    },
  );

  // By id, or by email: an invitation by email answers the same for every address, registered or
  // not (issue 29); limited per user all the same.
  app.post(
    '/caucuses/:id/organizer-invitations',
    documented({
      summary: 'Invites another user, by id or email, to co-organize the caucus',
      description:
        'By email, the answer is `status: emailed` for every address: an account that may take it gets the invitation, an address without one a mail with a sign-up link.',
      tags: TAGS,
      responses: { 201: organizerInvitationResultSchema, 409: apiErrorSchema },
    }),
    signedIn,
    userRateLimit({
      db: deps.db,
      clock: deps.clock,
      name: 'invitations:organizer',
      max: deps.throttle.ORGANIZER_INVITATIONS_MAX,
      windowSeconds: deps.throttle.ORGANIZER_INVITATIONS_WINDOW_SECONDS
    }),
    caucusParam,
    validate('json', inviteOrganizerSchema),
    async (c) => {
      const user = requireUser(c);
      return c.json(spoken(c, await invitations.inviteOrganizer(deps, user.id, c.req.valid('param').id, c.req.valid('json'))), 201);
    },
  );

  // A voter invited by email: the same answer for every address (a registered voter of the district
  // gets an invitation as by id, an address without an account a mail). Limited like the organizer's.
  app.post(
    '/caucuses/:id/voter-invitations/email',
    documented({
      summary: 'Invites a voter by email, with the same answer for every address; an address without an account gets a sign-up link',
      tags: TAGS,
      responses: { 201: emailInvitationResultSchema, 409: apiErrorSchema },
    }),
    signedIn,
    userRateLimit({
      db: deps.db,
      clock: deps.clock,
      name: 'invitations:voter-email',
      max: deps.throttle.ORGANIZER_INVITATIONS_MAX,
      windowSeconds: deps.throttle.ORGANIZER_INVITATIONS_WINDOW_SECONDS
    }),
    caucusParam,
    validate('json', inviteVoterByEmailSchema),
    async (c) => c.json(spoken(c, await invitations.inviteVoterByEmail(deps, requireUser(c).id, c.req.valid('param').id, c.req.valid('json').email)), 201),
  );

  app.get(
    '/caucuses/:id/invitations',
    documented({
      summary: "Every invitation of the caucus, newest first, for its organizers: who, by whom, reminders and how it ended",
      tags: TAGS,
      responses: { 200: caucusInvitationListSchema },
    }),
    caucusParam,
    async (c) => c.json({ items: await invitations.listCaucusInvitations(deps, requireUser(c).id, c.req.valid('param').id) }),
  );
  app.get(
    '/users/search',
    documented({ summary: 'Finds users by name, to invite them', tags: TAGS, responses: { 200: z.array(userSearchResultSchema) } }),
    validate('query', userSearchQuery),
    async (c) => {
      const user = requireUser(c);
      return c.json(await invitations.searchUsers(deps, user.id, c.req.valid('query').q));
    },
  );

  app.get(
    '/my/invitations',
    documented({
      summary: "The signed-in user's invitations: voting ones received, organizer ones received and sent",
      tags: TAGS,
      responses: { 200: myInvitationsSchema },
    }),
    async (c) => c.json(await invitations.listMyInvitations(deps, requireUser(c).id)),
  );

  app.post(
    '/voter-invitations/:id/respond',
    documented({
      summary: 'Accepts or declines a voting-member invitation; accepting joins the caucus',
      tags: TAGS,
      responses: { 200: organizerResponseResultSchema, 409: z.union([joinConfirmationSchema, apiErrorSchema]) },
    }),
    invitationParam,
    validate('json', voterResponseSchema),
    async (c) => {
      const user = requireUser(c);
      const invitationId = c.req.valid('param').id;
      const input = c.req.valid('json');
      // Accepting an invitation to a private caucus checks its password: the same guess limits as joining.
      const caucusId = input.response === 'accepted' && input.password ? await invitations.caucusOfVoterInvitation(deps, invitationId) : null;
      const respond = () => invitations.respondToVoterInvitation(deps, user.id, invitationId, input);
      const guarded = caucusId ? await guardPasswordGuess(guessDeps, user.id, caucusId, input.password, respond) : { refused: false as const, value: await respond() };
      if (guarded.refused) return tooManyAttempts(c, guarded.retryAfterSeconds);
      const result = guarded.value;
      return c.json(result, result.status === 'requires_confirmation' ? 409 : 200);
    },
  );

  app.post(
    '/organizer-invitations/:id/respond',
    documented({
      summary: 'Accepts or declines an organizer invitation; accepting makes the user an organizer of the caucus',
      tags: TAGS,
      responses: { 200: organizerResponseResultSchema, 409: apiErrorSchema },
    }),
    invitationParam,
    validate('json', organizerResponseSchema),
    async (c) => {
      const user = requireUser(c);
      return c.json(await invitations.respondToOrganizerInvitation(deps, user.id, c.req.valid('param').id, c.req.valid('json').response));
    },
  );

  return app;
}
