import { Hono } from 'hono';
import { broadcastListSchema, broadcastViewSchema, sendBroadcastSchema } from '../../../domain/social/broadcasts';
import { documented } from '../../http/api-docs';
import { userRateLimit } from '../../http/rate-limit';
import { type AppEnv, requireUser, signedIn } from '../../http/session';
import { validate } from '../../http/validate';
import { guardAdministratorPowers } from '../../http/administrator-guard';
import * as broadcasts from './broadcasts.service';

export interface BroadcastRouteDeps extends broadcasts.BroadcastDeps {
  /** Broadcasts per user (default 10 an hour). */
  sendLimit?: { max: number; windowSeconds: number };
  /** ACCOUNT_RECENT_PROOF_MINUTES (issue 32). */
  recentProofMinutes: number;
}

export const BROADCAST_SEND_LIMIT = { max: 10, windowSeconds: 3600 } as const;

/** /broadcasts: the viewer's list with the send form's options, and sending. */
export function broadcastRoutes(deps: BroadcastRouteDeps) {
  const app = new Hono<AppEnv>();
  const limit = deps.sendLimit ?? BROADCAST_SEND_LIMIT;

  app.get(
    '/broadcasts',
    documented({ summary: "The broadcasts the user received or sent, with the send form's options", tags: ['Broadcasts'], responses: { 200: broadcastListSchema } }),
    async (c) => c.json(await broadcasts.listBroadcasts(deps, requireUser(c).id)),
  );

  app.post(
    '/broadcasts',
    documented({ summary: "Sends a broadcast to everyone, a state, a district or the sender's constituents", tags: ['Broadcasts'], responses: { 201: broadcastViewSchema } }),
    signedIn,
    userRateLimit({ db: deps.db, clock: deps.clock, name: 'broadcasts:send', max: limit.max, windowSeconds: limit.windowSeconds }),
    validate('json', sendBroadcastSchema),
    async (c) => {
      const user = requireUser(c);
      const body = c.req.valid('json');
      // Beyond one's constituents it is an administrator's action: a second factor and a recent proof (issue 32).
      if (body.scope !== 'constituents') await guardAdministratorPowers(deps.db, user, deps.recentProofMinutes);
      return c.json(await broadcasts.sendBroadcast(deps, user.id, body), 201);
    },
  );

  return app;
}
