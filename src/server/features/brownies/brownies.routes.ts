import { Hono } from 'hono';
import { apiErrorSchema } from '../../../domain/api/api-error';
import { brownieGivenSchema, brownieTodaySchema, giveBrownieSchema } from '../../../domain/points/brownie-rules';
import { documented } from '../../http/api-docs';
import { userRateLimit } from '../../http/rate-limit';
import { type AppEnv, requireUser, signedIn } from '../../http/session';
import { validate } from '../../http/validate';
import * as brownieService from './brownies.service';

export interface BrownieRouteDeps extends brownieService.BrownieDeps {
  /** Attempts per user (default 30 per minute): one brownie a day needs few. */
  giveLimit?: { max: number; windowSeconds: number };
}

export const BROWNIE_GIVE_LIMIT = { max: 30, windowSeconds: 60 } as const;

export function brownieRoutes(deps: BrownieRouteDeps) {
  const app = new Hono<AppEnv>();
  const limit = deps.giveLimit ?? BROWNIE_GIVE_LIMIT;

  app.post(
    '/brownies',
    documented({
      summary: 'Give someone a brownie (one a day, never to yourself)',
      description: "Refused with 409 when you already gave one today (in the app's time zone), and with 403 when either of you blocked the other.",
      tags: ['Brownies'],
      responses: { 201: brownieGivenSchema, 403: apiErrorSchema, 409: apiErrorSchema },
    }),
    signedIn,
    userRateLimit({
      db: deps.db,
      clock: deps.clock,
      name: 'brownies:give',
      max: limit.max,
      windowSeconds: limit.windowSeconds
    }),
    validate('json', giveBrownieSchema),
    async (c) => {
      const user = requireUser(c);
      return c.json(await brownieService.giveBrownie(deps, user.id, c.req.valid('json').receiverId), 201);
    },
  );

  app.get(
    '/brownies/today',
    documented({ summary: 'Whether you already gave a brownie today, and to whom', tags: ['Brownies'], responses: { 200: brownieTodaySchema } }),
    async (c) => c.json(await brownieService.browniesGivenToday(deps, requireUser(c).id)),
  );

  return app;
}
