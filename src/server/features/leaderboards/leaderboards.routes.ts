import { Hono } from 'hono';
import type { ReadDbFor } from '../../db/read-replica';
import { leaderboardQuerySchema } from '../../../domain/points/leaderboards';
import type { AppEnv } from '../../http/session';
import { validate } from '../../http/validate';
import * as leaderboardService from './leaderboards.service';

/** Leaderboards are public, like the profiles they list and the navbar's Stats menu. */
export function leaderboardRoutes(deps: leaderboardService.LeaderboardDeps & { readDb?: ReadDbFor }) {
  const app = new Hono<AppEnv>();
  // Counts that may lag a second: a replica when there is one (decision 028).
  app.get('/leaderboards', validate('query', leaderboardQuerySchema), async (c) =>
    c.json(await leaderboardService.readLeaderboard({ db: deps.readDb?.(c) ?? deps.db }, c.req.valid('query'))),
  );
  return app;
}
