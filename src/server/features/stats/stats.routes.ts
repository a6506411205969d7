import { Hono } from 'hono';
import { movementStatsSchema, type MovementStats } from '../../../domain/stats/movement-stats';
import { documented } from '../../http/api-docs';
import type { AppEnv } from '../../http/session';

export function statsRoutes(deps: { readMovementStats: () => Promise<MovementStats> }) {
  const app = new Hono<AppEnv>();
  app.get(
    '/stats/movement',
    documented({ access: 'public',
      summary: "The movement's figures: members, caucuses and active districts",
      description: 'The server keeps the figures for a short while; all zeros when they cannot be read.',
      tags: ['Stats'],
      responses: { 200: movementStatsSchema },
    }),
    async (c) => {
      c.header('Cache-Control', 'public, max-age=30');
      return c.json(await deps.readMovementStats());
    },
  );
  return app;
}
