import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import { z } from 'zod';
import { inviteOrganizerSchema, inviteVoterSchema, respondInvitationSchema } from '../../../domain/caucuses/caucus-schemas';
import { notFound } from '../../http/app-error';
import { type AppEnv, requireUser } from '../../http/session';
import { validate } from '../../http/validate';
import * as invitations from './invitations.service';

/** A malformed id names nothing: 404 with `message`, like an unknown one. */
const idOr404 = (message: string) =>
  zValidator('param', z.object({ id: z.uuid() }), (result) => {
    if (!result.success) throw notFound(message);
  });
const caucusParam = idOr404(invitations.INVITATION_MESSAGES.caucusNotFound);
const invitationParam = idOr404(invitations.INVITATION_MESSAGES.invitationNotFound);
const nameQuery = z.object({ q: z.string().max(100, 'Search text can be at most 100 characters').optional().default('') });
const userSearchQuery = z.object({
  q: z
    .string({ error: invitations.INVITATION_MESSAGES.searchTooShort })
    .trim()
    .min(invitations.USER_SEARCH_MIN_LENGTH, invitations.INVITATION_MESSAGES.searchTooShort)
    .max(100, 'Search text can be at most 100 characters'),
});
const response = z.enum(['accepted', 'declined'], { error: 'Answer with "accepted" or "declined".' });
const voterResponseSchema = respondInvitationSchema.extend({ response });
const organizerResponseSchema = z.object({ response });

/** Voting-member and organizer invitations, and the user search that feeds them. */
export function invitationRoutes(deps: invitations.InvitationDeps) {
  const app = new Hono<AppEnv>();

  app.get('/caucuses/:id/invitable-voters', caucusParam, validate('query', nameQuery), async (c) => {
    const user = requireUser(c);
    return c.json(await invitations.listInvitableVoters(deps, user.id, c.req.valid('param').id, c.req.valid('query').q));
  });

  app.post('/caucuses/:id/voter-invitations', caucusParam, validate('json', inviteVoterSchema), async (c) => {
    const user = requireUser(c);
    return c.json(await invitations.inviteVoter(deps, user.id, c.req.valid('param').id, c.req.valid('json').inviteeId), 201);
  });

  app.post('/caucuses/:id/organizer-invitations', caucusParam, validate('json', inviteOrganizerSchema), async (c) => {
    const user = requireUser(c);
    return c.json(await invitations.inviteOrganizer(deps, user.id, c.req.valid('param').id, c.req.valid('json')), 201);
  });

  app.get('/users/search', validate('query', userSearchQuery), async (c) => {
    const user = requireUser(c);
    return c.json(await invitations.searchUsers(deps, user.id, c.req.valid('query').q));
  });

  app.get('/my/invitations', async (c) => c.json(await invitations.listMyInvitations(deps, requireUser(c).id)));

  app.post('/voter-invitations/:id/respond', invitationParam, validate('json', voterResponseSchema), async (c) => {
    const user = requireUser(c);
    const result = await invitations.respondToVoterInvitation(deps, user.id, c.req.valid('param').id, c.req.valid('json'));
    return c.json(result, result.status === 'requires_confirmation' ? 409 : 200);
  });

  app.post('/organizer-invitations/:id/respond', invitationParam, validate('json', organizerResponseSchema), async (c) => {
    const user = requireUser(c);
    return c.json(await invitations.respondToOrganizerInvitation(deps, user.id, c.req.valid('param').id, c.req.valid('json').response));
  });

  return app;
}
