import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import { PREMIUM_BADGE_MESSAGES, premiumBadgeIdSchema } from '../../../domain/premium-badges/premium-badge-types';
import { notFound, unauthorized } from '../../http/app-error';
import type { AppEnv } from '../../http/session';
import * as premiumBadges from './premium-badges.service';

/** A malformed id names no badge: 404 'Badge Not Found', like an unknown one. */
const badgeId = zValidator('param', premiumBadgeIdSchema, (result) => {
  if (!result.success) throw notFound(PREMIUM_BADGE_MESSAGES.notFound);
});

/** /api/premium-badges…: mounted under /api (session loaded, CSRF checked). */
export function premiumBadgeRoutes(deps: premiumBadges.PremiumBadgeDeps) {
  const app = new Hono<AppEnv>();

  app.get('/premium-badges', async (c) => c.json(await premiumBadges.listPremiumBadges(deps, c.var.user?.id ?? null)));

  app.get('/premium-badges/:id', badgeId, async (c) => c.json(await premiumBadges.getPremiumBadge(deps, c.req.valid('param').id, c.var.user?.id ?? null)));

  app.post('/premium-badges/:id/checkout', badgeId, async (c) => {
    if (!c.var.user) throw unauthorized(PREMIUM_BADGE_MESSAGES.signedOut);
    return c.json(await premiumBadges.startPremiumBadgeCheckout(deps, c.var.user.id, c.req.valid('param').id));
  });

  app.post('/premium-badges/:id/check', badgeId, async (c) => {
    if (!c.var.user) throw unauthorized(PREMIUM_BADGE_MESSAGES.signedOut);
    return c.json(await premiumBadges.checkPremiumBadgePayment(deps, c.var.user.id, c.req.valid('param').id));
  });

  return app;
}
