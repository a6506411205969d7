import { Hono } from 'hono';
import { giveBrownieSchema } from '../../../domain/points/brownie-rules';
import { rateLimit } from '../../http/rate-limit';
import { type AppEnv, type SessionUser, requireUser, signedIn } from '../../http/session';
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
    signedIn,
    rateLimit({
      db: deps.db,
      clock: deps.clock,
      name: 'brownies:give',
      max: limit.max,
      windowSeconds: limit.windowSeconds,
      key: (c) => (c.get('user') as SessionUser).id,
    }),
    validate('json', giveBrownieSchema),
    async (c) => {
      const user = requireUser(c);
      return c.json(await brownieService.giveBrownie(deps, user.id, c.req.valid('json').receiverId), 201);
    },
  );

  app.get('/brownies/today', async (c) => c.json(await brownieService.browniesGivenToday(deps, requireUser(c).id)));

  return app;
}
