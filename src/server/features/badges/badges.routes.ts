import { Hono } from 'hono';
import { badgeCatalogueViewSchema, badgeNameParamSchema, badgeViewSchema, championViewSchema } from '../../../domain/badges/badge-types';
import { documented } from '../../http/api-docs';
import { type AppEnv, requireUser } from '../../http/session';
import { validate } from '../../http/validate';
import * as badgeService from './badges.service';

export function badgeRoutes(deps: badgeService.BadgeDeps) {
  const app = new Hono<AppEnv>();

  // Public: the catalogue; progress and earned dates only for a signed-in viewer.
  app.get(
    '/badges',
    documented({ access: 'optional',
      summary: "The badge catalogue by category, with the viewer's progress when signed in",
      tags: ['Badges'],
      responses: { 200: badgeCatalogueViewSchema },
    }),
    async (c) => c.json(await badgeService.listBadges(deps, c.var.user?.id ?? null)),
  );

  app.get(
    '/badges/:name',
    documented({ access: 'optional', summary: 'One badge, by its name or slug', tags: ['Badges'], responses: { 200: badgeViewSchema } }),
    validate('param', badgeNameParamSchema),
    async (c) => c.json(await badgeService.getBadge(deps, c.req.valid('param').name, c.var.user?.id ?? null)),
  );

  app.get(
    '/champion',
    documented({ summary: 'Your Champion badge checklist', tags: ['Badges'], responses: { 200: championViewSchema } }),
    async (c) => c.json(await badgeService.getChampion(deps, requireUser(c).id)),
  );

  return app;
}
