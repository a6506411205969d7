import { spoken } from '../../http/translated-errors';
import { zValidator } from '@hono/zod-validator';
import { Hono, type MiddlewareHandler } from 'hono';
import { REWARD_MESSAGES, rewardKeyParamSchema } from '../../../domain/rewards/reward-catalogue';
import { notFound, unauthorized } from '../../http/app-error';
import type { AppEnv } from '../../http/session';
import * as rewards from './rewards.service';

/** Rewards are a signed-in member's: a visitor is refused first, whatever else the request says. */
const signedIn: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.var.user) throw unauthorized(REWARD_MESSAGES.signedOut);
  await next();
};

/** A malformed key names no reward: 404 like an unknown one. */
const rewardKey = zValidator('param', rewardKeyParamSchema, (result) => {
  if (!result.success) throw notFound(REWARD_MESSAGES.notFound);
});

const userIdOf = (c: { var: AppEnv['Variables'] }) => c.var.user!.id;

/** /api/rewards…: mounted under /api (session loaded, CSRF checked). */
export function rewardRoutes(deps: rewards.RewardDeps) {
  const app = new Hono<AppEnv>();

  app.get('/rewards', signedIn, async (c) => c.json(await rewards.getRewards(deps, userIdOf(c))));

  app.post('/rewards/:key/claim', signedIn, rewardKey, async (c) => c.json(spoken(c, await rewards.claimReward(deps, userIdOf(c), c.req.valid('param').key))));

  return app;
}
