import { spoken } from '../../http/translated-errors';
import { zValidator } from '@hono/zod-validator';
import { Hono, type MiddlewareHandler } from 'hono';
import { apiErrorSchema } from '../../../domain/api/api-error';
import { REWARD_MESSAGES, claimAnswerSchema, rewardKeyParamSchema, rewardsOverviewSchema } from '../../../domain/rewards/reward-catalogue';
import { documented } from '../../http/api-docs';
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

const TAGS = ['Rewards'];

const userIdOf = (c: { var: AppEnv['Variables'] }) => c.var.user!.id;

/** /api/rewards…: mounted under /api (session loaded, CSRF checked). */
export function rewardRoutes(deps: rewards.RewardDeps) {
  const app = new Hono<AppEnv>();

  app.get(
    '/rewards',
    documented({ summary: 'Every reward with its state for the signed-in member', tags: TAGS, responses: { 200: rewardsOverviewSchema } }),
    signedIn,
    async (c) => c.json(await rewards.getRewards(deps, userIdOf(c))),
  );

  app.post(
    '/rewards/:key/claim',
    documented({
      summary: 'Claims a reward; its certificate is sent by email',
      description: 'Only an earned reward (its badge is held; the Welcome Voucher needs none), by a verified member, once.',
      tags: TAGS,
      responses: { 200: claimAnswerSchema, 409: apiErrorSchema },
    }),
    signedIn,
    rewardKey,
    async (c) => c.json(spoken(c, await rewards.claimReward(deps, userIdOf(c), c.req.valid('param').key))),
  );

  return app;
}
