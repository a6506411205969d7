import { chatLineFor } from '../../../domain/moderation/moderation-rules';
import { Hono } from 'hono';
import { z } from 'zod';
import { chatMessageSchema } from '../../../domain/caucuses/caucus-schemas';
import { userRateLimit } from '../../http/rate-limit';
import { type AppEnv, requireUser, signedIn } from '../../http/session';
import { forbidden } from '../../http/app-error';
import { validate } from '../../http/validate';
import type { Logger } from '../../logger';
import type { NotificationHub } from '../../realtime/notification-hub';
import { streamHubEvents } from '../../realtime/sse-stream';
import type { StreamCap } from '../../realtime/stream-cap';
import * as chatService from './chat.service';
import { documented } from '../../http/api-docs';
import { apiErrorSchema } from '../../../domain/api/api-error';
import { chatMessageViewSchema } from '../../../domain/caucuses/chat-types';

export interface ChatRouteDeps extends chatService.ChatDeps {
  /** The process's LISTEN/NOTIFY hub; without it the live stream answers 503 (the page falls back to reloading). */
  notifications?: NotificationHub;
  /** The process's cap on open live streams, shared by every stream route (app.ts). */
  streams?: StreamCap;
  logger?: Logger;
  /** A comment line this often keeps proxies from closing an idle stream (default 25 s). */
  heartbeatMs?: number;
  /** Posting limit per user (default 20 messages per 10 s). */
  postLimit?: { max: number; windowSeconds: number };
}

export const CHAT_HEARTBEAT_MS = 25_000;
export const CHAT_POST_LIMIT = { max: 20, windowSeconds: 10 } as const;
export const CHAT_STREAM_UNAVAILABLE = 'Live chat updates are not available right now.';

const TAGS = ['Chat'];

const idParam = z.object({ id: z.uuid({ error: chatService.CHAT_ERRORS.notFound }) });

export function chatRoutes(deps: ChatRouteDeps) {
  const app = new Hono<AppEnv>();
  const heartbeatMs = deps.heartbeatMs ?? CHAT_HEARTBEAT_MS;
  const limit = deps.postLimit ?? CHAT_POST_LIMIT;
  const readDelivery = chatService.sharedDeliveryReader(deps.db);

  app.get(
    '/caucuses/:id/chat',
    documented({
      summary: "The caucus chat's newest messages, oldest first (members and organizers)",
      tags: TAGS,
      responses: { 200: z.array(chatMessageViewSchema) },
    }),
    validate('param', idParam),
    async (c) => {
      const user = requireUser(c);
      return c.json(await chatService.listChatMessages(deps, user.id, c.req.valid('param').id));
    },
  );

  app.post(
    '/caucuses/:id/chat',
    documented({ summary: 'Sends a message to the caucus chat', tags: TAGS, responses: { 201: chatMessageViewSchema } }),
    signedIn,
    validate('param', idParam),
    userRateLimit({
      db: deps.db,
      clock: deps.clock,
      name: 'chat:post',
      max: limit.max,
      windowSeconds: limit.windowSeconds
    }),
    validate('json', chatMessageSchema),
    async (c) => {
      const user = requireUser(c);
      const view = await chatService.postChatMessage(deps, user.id, c.req.valid('param').id, c.req.valid('json').message);
      return c.json(view, 201);
    },
  );

  /**
   * Server-Sent Events: `ready` once subscribed (the client reloads the history then, so
   * nothing falls between the two), `message` with each new message's JSON, `resync` when
   * this process lost its LISTEN connection for a while, and a comment every `heartbeatMs`.
   */
  app.get(
    '/caucuses/:id/chat/stream',
    documented({
      summary: "The caucus chat's new messages as they are sent (Server-Sent Events)",
      description:
        'Events: `ready` once subscribed (`{ caucusId }`; reload the history then), `message` with each new message (a CaucusChatMessage), `resync` when the server lost its notifications for a while (reload the history), and a comment line as a heartbeat. 503 when live updates are not available (reload the history now and then instead).',
      tags: TAGS,
      responses: {
        200: { description: 'A stream of Server-Sent Events', mediaType: 'text/event-stream' },
        503: apiErrorSchema,
      },
    }),
    validate('param', idParam),
    async (c) => {
      const user = requireUser(c);
      const caucusId = c.req.valid('param').id;
      await chatService.assertChatAccess(deps.db, user.id, caucusId);
      return streamHubEvents(c, {
        hub: deps.notifications,
        unavailableMessage: CHAT_STREAM_UNAVAILABLE,
        cap: deps.streams,
        channel: chatService.CHAT_CHANNEL,
        key: caucusId,
        heartbeatMs,
        readyData: { caucusId },
        onNotification: async (data, send) => {
          const { messageId } = data as chatService.ChatNotification;
          const { view, readers } = await readDelivery(messageId);
          if (!view || view.caucusId !== caucusId) return;
          const blocked = readers.get(user.id);
          // Leaving the caucus ends the stream (the client's reconnect then gets the 403).
          if (blocked === undefined) throw forbidden('not_member', chatService.CHAT_ERRORS.membersOnly);
          const line = chatLineFor(view, user.id, view.userId !== user.id && blocked);
          await send('message', line, line.id);
        },
        logger: deps.logger,
        logContext: { caucusId },
      });
    },
  );

  return app;
}
