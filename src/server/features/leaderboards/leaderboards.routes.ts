import { Hono } from 'hono';
import type { ReadDbFor } from '../../db/read-replica';
import { leaderboardQuerySchema, leaderboardSchema } from '../../../domain/points/leaderboards';
import { documented } from '../../http/api-docs';
import type { AppEnv } from '../../http/session';
import { validate } from '../../http/validate';
import * as leaderboardService from './leaderboards.service';
import { publicReadTags, type PublicReadCache } from '../../caching/public-read-cache';
import { jsonAnswer, publicRead, sendAnswer } from '../../caching/public-read-answers';

/** Leaderboards are public, like the profiles they list and the navbar's Stats menu. */
export function leaderboardRoutes(deps: leaderboardService.LeaderboardDeps & { readDb?: ReadDbFor; publicReads?: PublicReadCache }) {
  const app = new Hono<AppEnv>();
  // Counts that may lag a second: a replica when there is one (decision 028).
  app.get(
    '/leaderboards',
    documented({ access: 'public',
      summary: 'The top 100 members by Banners, Brownies or Sparks, in the country, a state or a district',
      tags: ['Leaderboards'],
      responses: { 200: leaderboardSchema },
    }),
    validate('query', leaderboardQuerySchema),
    async (c) => {
      const query = c.req.valid('query');
      // Visitors share the boards for a few seconds (decision 055); members read them live.
      const key = `leaderboard:${query.metric}:${query.state ?? ''}:${query.state ? (query.district ?? '') : ''}`;
      const answer = await publicRead(c, { cache: deps.publicReads, key, tags: [publicReadTags.people], visitorsOnly: true }, async () =>
        jsonAnswer(await leaderboardService.readLeaderboard({ db: deps.readDb?.(c) ?? deps.db }, query)),
      );
      return sendAnswer(c, answer!);
    },
  );
  return app;
}
