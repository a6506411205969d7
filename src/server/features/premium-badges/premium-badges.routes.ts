import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import { z } from 'zod';
import { apiErrorSchema } from '../../../domain/api/api-error';
import { PREMIUM_BADGE_MESSAGES, premiumBadgeIdSchema, premiumBadgeViewSchema } from '../../../domain/premium-badges/premium-badge-types';
import { checkoutRedirectSchema } from '../../../domain/verification/verification-schemas';
import { documented } from '../../http/api-docs';
import { notFound, unauthorized } from '../../http/app-error';
import type { AppEnv } from '../../http/session';
import * as premiumBadges from './premium-badges.service';

/** A malformed id names no badge: 404 'Badge Not Found', like an unknown one. */
const badgeId = zValidator('param', premiumBadgeIdSchema, (result) => {
  if (!result.success) throw notFound(PREMIUM_BADGE_MESSAGES.notFound);
});

const TAGS = ['Premium badges'];
const providerFailed = { description: 'The payment provider failed; the message says what to do', schema: apiErrorSchema };

/** /api/premium-badges…: mounted under /api (session loaded, CSRF checked). */
export function premiumBadgeRoutes(deps: premiumBadges.PremiumBadgeDeps) {
  const app = new Hono<AppEnv>();

  app.get(
    '/premium-badges',
    documented({ access: 'optional', summary: 'Every premium badge, with whether the viewer owns it', tags: TAGS, responses: { 200: z.array(premiumBadgeViewSchema) } }),
    async (c) => c.json(await premiumBadges.listPremiumBadges(deps, c.var.user?.id ?? null)),
  );

  app.get(
    '/premium-badges/:id',
    documented({ access: 'optional', summary: 'One premium badge, with whether the viewer owns it', tags: TAGS, responses: { 200: premiumBadgeViewSchema } }),
    badgeId,
    async (c) => c.json(await premiumBadges.getPremiumBadge(deps, c.req.valid('param').id, c.var.user?.id ?? null)),
  );

  app.post(
    '/premium-badges/:id/checkout',
    documented({
      summary: "Opens the payment provider's checkout for a premium badge",
      description: 'Nothing is owned until the provider confirms the payment (its webhook, or POST /api/premium-badges/{id}/check).',
      tags: TAGS,
      responses: { 200: checkoutRedirectSchema, 409: apiErrorSchema, 502: providerFailed, 503: apiErrorSchema },
    }),
    badgeId,
    async (c) => {
      if (!c.var.user) throw unauthorized(PREMIUM_BADGE_MESSAGES.signedOut);
      return c.json(await premiumBadges.startPremiumBadgeCheckout(deps, c.var.user.id, c.req.valid('param').id));
    },
  );

  app.post(
    '/premium-badges/:id/check',
    documented({
      summary: "Asks the payment provider about the viewer's open checkouts of a badge, then answers the badge",
      tags: TAGS,
      responses: { 200: premiumBadgeViewSchema, 502: providerFailed },
    }),
    badgeId,
    async (c) => {
      if (!c.var.user) throw unauthorized(PREMIUM_BADGE_MESSAGES.signedOut);
      return c.json(await premiumBadges.checkPremiumBadgePayment(deps, c.var.user.id, c.req.valid('param').id));
    },
  );

  return app;
}
