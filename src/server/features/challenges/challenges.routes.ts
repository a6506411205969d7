import { chatLineFor } from '../../../domain/moderation/moderation-rules';
import { hasBlocked } from '../blocks/blocks.service';
import { Hono } from 'hono';
import { validator } from 'hono-openapi';
import { z } from 'zod';
import { apiErrorSchema } from '../../../domain/api/api-error';
import {
  challengeAcceptedSchema,
  challengeChatMessageSchema,
  challengeChatMessageViewSchema,
  challengeCreatedSchema,
  challengeDeclinedSchema,
  challengeLeftSchema,
  challengeListsSchema,
  challengeViewSchema,
  createChallengeSchema,
} from '../../../domain/challenges/challenge-schemas';
import { documented } from '../../http/api-docs';
import { userRateLimit } from '../../http/rate-limit';
import { type AppEnv, requireUser, signedIn } from '../../http/session';
import { validate } from '../../http/validate';
import type { Logger } from '../../logger';
import type { NotificationHub } from '../../realtime/notification-hub';
import { streamHubEvents } from '../../realtime/sse-stream';
import type { StreamCap } from '../../realtime/stream-cap';
import * as challengeService from './challenges.service';

export interface ChallengeRouteDeps extends challengeService.ChallengeDeps {
  /** The process's LISTEN/NOTIFY hub; without it the chat stream answers 503 (the page then polls). */
  notifications?: NotificationHub;
  /** The process's cap on open live streams, shared by every stream route (app.ts). */
  streams?: StreamCap;
  logger?: Logger;
  /** A comment line this often keeps proxies from closing an idle stream (default 25 s). */
  heartbeatMs?: number;
  /** Challenges created per user (default 10 an hour). */
  createLimit?: { max: number; windowSeconds: number };
  /** Chat messages per user (default 20 per 10 s). */
  chatLimit?: { max: number; windowSeconds: number };
}

export const CHALLENGE_CREATE_LIMIT = { max: 10, windowSeconds: 3600 } as const;
export const CHALLENGE_CHAT_LIMIT = { max: 20, windowSeconds: 10 } as const;
export const CHALLENGE_HEARTBEAT_MS = 25_000;
export const CHALLENGE_STREAM_UNAVAILABLE = 'Live chat updates are not available right now.';

/** A malformed id is answered like an unknown one: Access Denied (nothing to probe). */
const idParam = validator('param', z.object({ id: z.uuid() }), (result) => {
  if (!result.success) throw challengeService.accessDenied();
});

const tags = ['Challenges'];

/** /challenges and /challenges/{id}: lists, creation, the invitation, membership and the chat. */
export function challengeRoutes(deps: ChallengeRouteDeps) {
  const app = new Hono<AppEnv>();
  const createLimit = deps.createLimit ?? CHALLENGE_CREATE_LIMIT;
  const chatLimit = deps.chatLimit ?? CHALLENGE_CHAT_LIMIT;
  const perUser = (name: string, limit: { max: number; windowSeconds: number }) =>
    userRateLimit({ db: deps.db, clock: deps.clock, name, max: limit.max, windowSeconds: limit.windowSeconds });

  app.get(
    '/challenges',
    documented({ summary: "List one's ongoing and recent challenges and open invitations", tags, responses: { 200: challengeListsSchema } }),
    async (c) => c.json(await challengeService.listMyChallenges(deps, requireUser(c).id)),
  );

  app.post(
    '/challenges',
    documented({ summary: 'Create a challenge and invite friends to it', tags, responses: { 201: challengeCreatedSchema } }),
    signedIn,
    perUser('challenges:create', createLimit),
    validate('json', createChallengeSchema),
    async (c) => {
      const user = requireUser(c);
      return c.json(await challengeService.createChallenge(deps, user.id, c.req.valid('json')), 201);
    },
  );

  app.get(
    '/challenges/:id',
    documented({ summary: 'Read a challenge as its member, or the invitation to it', tags, responses: { 200: challengeViewSchema } }),
    signedIn,
    idParam,
    async (c) => c.json(await challengeService.getChallengeView(deps, requireUser(c).id, c.req.valid('param').id)),
  );

  app.post(
    '/challenges/:id/accept',
    documented({ summary: 'Accept an invitation to a challenge and join the smaller team', tags, responses: { 200: challengeAcceptedSchema, 409: apiErrorSchema } }),
    signedIn,
    idParam,
    async (c) => c.json(await challengeService.acceptChallengeInvitation(deps, requireUser(c).id, c.req.valid('param').id)),
  );

  app.post(
    '/challenges/:id/decline',
    documented({ summary: 'Decline an invitation to a challenge', tags, responses: { 200: challengeDeclinedSchema, 409: apiErrorSchema } }),
    signedIn,
    idParam,
    async (c) => c.json(await challengeService.declineChallengeInvitation(deps, requireUser(c).id, c.req.valid('param').id)),
  );

  app.post(
    '/challenges/:id/leave',
    documented({ summary: 'Leave a challenge', tags, responses: { 200: challengeLeftSchema, 409: apiErrorSchema } }),
    signedIn,
    idParam,
    async (c) => c.json(await challengeService.leaveChallenge(deps, requireUser(c).id, c.req.valid('param').id)),
  );

  app.get(
    '/challenges/:id/chat',
    documented({ summary: "Read the newest messages of a challenge's chat, oldest first", tags, responses: { 200: z.array(challengeChatMessageViewSchema) } }),
    signedIn,
    idParam,
    async (c) => c.json(await challengeService.listChallengeChat(deps, requireUser(c).id, c.req.valid('param').id)),
  );

  app.post(
    '/challenges/:id/chat',
    documented({ summary: "Write a message in a challenge's chat", tags, responses: { 201: challengeChatMessageViewSchema } }),
    signedIn,
    idParam,
    perUser('challenges:chat', chatLimit),
    validate('json', challengeChatMessageSchema),
    async (c) => {
      const user = requireUser(c);
      return c.json(await challengeService.postChallengeChatMessage(deps, user.id, c.req.valid('param').id, c.req.valid('json').message), 201);
    },
  );

  /** Server-Sent Events: `ready`, then `message` per new message, `resync` after a lost LISTEN connection. */
  app.get(
    '/challenges/:id/chat/stream',
    documented({
      summary: "Follow a challenge's chat live",
      description: 'Server-Sent Events: `ready` (data `{ challengeId }`), then `message` for each new message (data: a ChallengeChatMessage), and `resync` after a lost connection to the database (reload the history).',
      tags,
      responses: {
        200: { description: 'An event stream', mediaType: 'text/event-stream' },
        503: apiErrorSchema,
      },
    }),
    signedIn,
    idParam,
    async (c) => {
      const user = requireUser(c);
      const challengeId = c.req.valid('param').id;
      await challengeService.assertChallengeMember(deps.db, user.id, challengeId);
      return streamHubEvents(c, {
        hub: deps.notifications,
        unavailableMessage: CHALLENGE_STREAM_UNAVAILABLE,
        cap: deps.streams,
        channel: challengeService.CHALLENGE_CHAT_CHANNEL,
        key: challengeId,
        heartbeatMs: deps.heartbeatMs ?? CHALLENGE_HEARTBEAT_MS,
        readyData: { challengeId },
        // Leaving the challenge ends the stream (the reconnect then gets the 403).
        beforeEvent: () => challengeService.assertChallengeMember(deps.db, user.id, challengeId),
        onNotification: async (data, send) => {
          const { messageId } = data as challengeService.ChallengeChatNotification;
          const view = await challengeService.findChallengeChatMessage(deps.db, messageId);
          if (view && view.challengeId === challengeId) {
            const blocked = view.userId !== user.id && (await hasBlocked(deps.db, user.id, view.userId));
            const line = chatLineFor(view, user.id, blocked);
            await send('message', line, line.id);
          }
        },
        logger: deps.logger,
        logContext: { challengeId },
      });
    },
  );

  return app;
}
