import { Hono } from 'hono';
import { badgeNameParamSchema } from '../../../domain/badges/badge-types';
import { type AppEnv, requireUser } from '../../http/session';
import { validate } from '../../http/validate';
import * as badgeService from './badges.service';

export function badgeRoutes(deps: badgeService.BadgeDeps) {
  const app = new Hono<AppEnv>();

  // Public: the catalogue; progress and earned dates only for a signed-in viewer.
  app.get('/badges', async (c) => c.json(await badgeService.listBadges(deps, c.var.user?.id ?? null)));

  app.get('/badges/:name', validate('param', badgeNameParamSchema), async (c) =>
    c.json(await badgeService.getBadge(deps, c.req.valid('param').name, c.var.user?.id ?? null)),
  );

  app.get('/champion', async (c) => c.json(await badgeService.getChampion(deps, requireUser(c).id)));

  return app;
}
