import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import { z } from 'zod';
import { apiErrorSchema } from '../../../domain/api/api-error';
import { FRIEND_MESSAGES, respondFriendRequestSchema, sendFriendRequestSchema } from '../../../domain/social/friends';
import { friendRequestAnswerSchema, friendSearchResultSchema, friendsOverviewSchema, sendFriendRequestResultSchema } from '../../../domain/social/social-types';
import { singleLineText } from '../../../domain/text/text-schema';
import { documented } from '../../http/api-docs';
import { notFound } from '../../http/app-error';
import { userRateLimit } from '../../http/rate-limit';
import { type AppEnv, requireUser, signedIn } from '../../http/session';
import { validate } from '../../http/validate';
import { INVITATION_MESSAGES, USER_SEARCH_MIN_LENGTH } from '../invitations/invitations.service';
import * as friends from './friends.service';

export interface FriendRouteDeps extends friends.FriendDeps {
  /** Friend requests per user (default 30 an hour). */
  requestLimit?: { max: number; windowSeconds: number };
}

export const FRIEND_REQUEST_LIMIT = { max: 30, windowSeconds: 3600 } as const;

export const searchQuery = z.object({
  q: singleLineText({ error: INVITATION_MESSAGES.searchTooShort })
    .trim()
    .min(USER_SEARCH_MIN_LENGTH, INVITATION_MESSAGES.searchTooShort)
    .max(100, 'Search text can be at most 100 characters'),
});
const requestParam = zValidator('param', z.object({ id: z.uuid() }), (result) => {
  if (!result.success) throw notFound(FRIEND_MESSAGES.requestNotFound);
});

/** /friends: the list, the search, requests and their answers. */
export function friendRoutes(deps: FriendRouteDeps) {
  const app = new Hono<AppEnv>();
  const limit = deps.requestLimit ?? FRIEND_REQUEST_LIMIT;

  app.get(
    '/friends',
    documented({ summary: "The user's friends and the friend requests they received and sent", tags: ['Friends'], responses: { 200: friendsOverviewSchema } }),
    async (c) => c.json(await friends.listFriends(deps, requireUser(c).id)),
  );

  app.get(
    '/friends/search',
    documented({ summary: 'Finds people by name, with how the user stands with each', tags: ['Friends'], responses: { 200: z.array(friendSearchResultSchema) } }),
    validate('query', searchQuery),
    async (c) => {
    const user = requireUser(c);
    return c.json(await friends.searchPeople(deps, user.id, c.req.valid('query').q));
    },
  );

  app.post(
    '/friends/requests',
    documented({
      summary: "Sends a friend request, or accepts the other person's pending request",
      tags: ['Friends'],
      responses: {
        200: sendFriendRequestResultSchema,
        201: sendFriendRequestResultSchema,
        409: apiErrorSchema,
      },
    }),
    signedIn,
    userRateLimit({ db: deps.db, clock: deps.clock, name: 'friends:request', max: limit.max, windowSeconds: limit.windowSeconds }),
    validate('json', sendFriendRequestSchema),
    async (c) => {
      const user = requireUser(c);
      const result = await friends.sendFriendRequest(deps, user.id, c.req.valid('json').userId);
      return c.json(result, result.status === 'pending' ? 201 : 200);
    },
  );

  app.post(
    '/friends/requests/:id/respond',
    documented({ summary: 'Accepts or declines a friend request the user received', tags: ['Friends'], responses: { 200: friendRequestAnswerSchema, 409: apiErrorSchema } }),
    requestParam,
    validate('json', respondFriendRequestSchema),
    async (c) => {
    const user = requireUser(c);
    return c.json(await friends.respondToFriendRequest(deps, user.id, c.req.valid('param').id, c.req.valid('json').response));
    },
  );

  return app;
}
