import { Hono } from 'hono';
import { z } from 'zod';
import { apiErrorSchema } from '../../../domain/api/api-error';
import {
  emailChangeConfirmedSchema,
  emailChangeRequestedSchema,
  emailChangeTokenSchema,
  emailChangeUndoneSchema,
  ownEmailSchema,
  requestEmailChangeSchema,
} from '../../../domain/accounts/email-change';
import { documented } from '../../http/api-docs';
import { requireRecentProof } from '../../http/recent-proof';
import { type AppEnv, requireUser } from '../../http/session';
import { validate } from '../../http/validate';
import * as service from './account-email.service';

const TAGS = ['Account'];

/**
 * Changing one's email (issue 32, decision 051). /api/me/email is the signed-in person's own;
 * /api/email-change/* are the mail links' buttons: the link's single-use token is the whole
 * authority, so they need no session (PUBLIC_WRITES in app.ts lets them through).
 */
export function accountEmailRoutes(deps: service.AccountEmailDeps & { recentProofMinutes: number }) {
  const app = new Hono<AppEnv>();

  app.get('/me/email', documented({ summary: 'Your email address and the change waiting for confirmation', tags: TAGS, responses: { 200: ownEmailSchema } }), async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json(await service.ownEmail(deps, requireUser(c).id));
  });

  app.post(
    '/me/email',
    documented({
      summary: 'Ask to change your email: a link to the new address confirms it; the old one can undo it',
      description:
        'Needs a proof of who you are from the last minutes (403 recent_proof_required). The answer is the same whether or not the address belongs to another account. A newer request replaces a pending one.',
      tags: TAGS,
      responses: { 202: emailChangeRequestedSchema, 403: apiErrorSchema, 429: apiErrorSchema },
    }),
    requireRecentProof(deps.recentProofMinutes),
    validate('json', requestEmailChangeSchema),
    async (c) => {
      // Past a limit: TooManyAttempts, answered 429 with Retry-After by the error handler.
      return c.json(await service.requestEmailChange(deps, requireUser(c).id, c.req.valid('json').newEmail), 202);
    },
  );

  app.delete(
    '/me/email/pending',
    documented({ summary: 'Cancel the email change waiting for confirmation', tags: TAGS, responses: { 200: z.object({ cancelled: z.literal(true) }), 409: apiErrorSchema } }),
    async (c) => c.json(await service.cancelEmailChange(deps, requireUser(c).id)),
  );

  app.post(
    '/email-change/confirm',
    documented({
      access: 'public',
      summary: "Confirm a new email address with its link's token",
      description: 'Single use; the link is valid for EMAIL_CHANGE_CONFIRM_HOURS. 409 when the address meanwhile belongs to another account.',
      tags: TAGS,
      responses: { 200: emailChangeConfirmedSchema, 409: apiErrorSchema },
    }),
    validate('json', emailChangeTokenSchema),
    async (c) => c.json(await service.confirmEmailChange(deps, c.req.valid('json').token)),
  );

  app.post(
    '/email-change/undo',
    documented({
      access: 'public',
      summary: "\"This wasn't me\": put the old address back and sign every device out",
      description: 'Single use; valid for EMAIL_CHANGE_UNDO_HOURS after the request, whether or not the change was confirmed. 409 when the old address meanwhile belongs to another account.',
      tags: TAGS,
      responses: { 200: emailChangeUndoneSchema, 409: apiErrorSchema },
    }),
    validate('json', emailChangeTokenSchema),
    async (c) => c.json(await service.undoEmailChange(deps, c.req.valid('json').token)),
  );

  return app;
}
