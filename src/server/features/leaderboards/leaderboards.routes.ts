import { Hono } from 'hono';
import { leaderboardQuerySchema } from '../../../domain/points/leaderboards';
import type { AppEnv } from '../../http/session';
import { validate } from '../../http/validate';
import * as leaderboardService from './leaderboards.service';

/** Leaderboards are public, like the profiles they list and the navbar's Stats menu. */
export function leaderboardRoutes(deps: leaderboardService.LeaderboardDeps) {
  const app = new Hono<AppEnv>();
  app.get('/leaderboards', validate('query', leaderboardQuerySchema), async (c) =>
    c.json(await leaderboardService.readLeaderboard(deps, c.req.valid('query'))),
  );
  return app;
}
