import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import { z } from 'zod';
import { MESSAGE_ERRORS, sendPrivateMessageSchema } from '../../../domain/social/messages';
import { apiErrorSchema } from '../../../domain/api/api-error';
import {
  conversationListSchema,
  conversationReadSchema,
  conversationThreadSchema,
  messageStreamEventSchema,
  privateMessageViewSchema,
  unreadCountSchema,
  type MessageStreamEvent,
} from '../../../domain/social/social-types';
import { singleLineText } from '../../../domain/text/text-schema';
import { documented } from '../../http/api-docs';
import { notFound } from '../../http/app-error';
import { userRateLimit } from '../../http/rate-limit';
import { type AppEnv, requireUser, signedIn } from '../../http/session';
import { validate } from '../../http/validate';
import type { Logger } from '../../logger';
import type { NotificationHub } from '../../realtime/notification-hub';
import { streamHubEvents } from '../../realtime/sse-stream';
import type { StreamCap } from '../../realtime/stream-cap';
import * as messages from './messages.service';

export interface MessageRouteDeps extends messages.MessageDeps {
  /** The process's LISTEN/NOTIFY hub; without it the live stream answers 503 (the pages then poll). */
  notifications?: NotificationHub;
  /** The process's cap on open live streams, shared by every stream route (app.ts). */
  streams?: StreamCap;
  logger?: Logger;
  /** A comment line this often keeps proxies from closing an idle stream (default 25 s). */
  heartbeatMs?: number;
  /** Sending limit per user (default 30 messages a minute). */
  sendLimit?: { max: number; windowSeconds: number };
}

export const MESSAGE_HEARTBEAT_MS = 25_000;
export const MESSAGE_SEND_LIMIT = { max: 30, windowSeconds: 60 } as const;
export const MESSAGE_STREAM_UNAVAILABLE = 'Live message updates are not available right now.';

/** A malformed user id names nobody: 404, like an unknown one. */
const partnerParam = zValidator('param', z.object({ userId: z.uuid() }), (result) => {
  if (!result.success) throw notFound(MESSAGE_ERRORS.userNotFound);
});
export const listQuery = z.object({ before: singleLineText().max(120).optional() });
export const threadQuery = z.object({ before: z.uuid({ error: MESSAGE_ERRORS.badCursor }).optional() });

/** /messages: conversations, one conversation, sending, reading, the unread count and the live stream. */
export function messageRoutes(deps: MessageRouteDeps) {
  const app = new Hono<AppEnv>();
  const heartbeatMs = deps.heartbeatMs ?? MESSAGE_HEARTBEAT_MS;
  const limit = deps.sendLimit ?? MESSAGE_SEND_LIMIT;
  const readMessage = messages.sharedMessageReader(deps.db);

  app.get(
    '/messages/conversations',
    documented({ summary: "The user's conversations, the newest first, a page at a time", tags: ['Messages'], responses: { 200: conversationListSchema } }),
    validate('query', listQuery),
    async (c) => {
    const user = requireUser(c);
    return c.json(await messages.listConversations(deps, user.id, c.req.valid('query').before));
    },
  );

  app.get(
    '/messages/conversations/:userId',
    documented({ summary: 'The messages with one person, oldest first, a page at a time', tags: ['Messages'], responses: { 200: conversationThreadSchema } }),
    partnerParam,
    validate('query', threadQuery),
    async (c) => {
    const user = requireUser(c);
    return c.json(await messages.getConversation(deps, user.id, c.req.valid('param').userId, c.req.valid('query').before));
    },
  );

  app.post(
    '/messages/conversations/:userId/read',
    documented({ summary: 'Marks the messages from one person read', tags: ['Messages'], responses: { 200: conversationReadSchema } }),
    partnerParam,
    async (c) => {
    const user = requireUser(c);
    return c.json(await messages.markConversationRead(deps, user.id, c.req.valid('param').userId));
    },
  );

  app.get(
    '/messages/unread-count',
    documented({ summary: "The number of the user's unread private messages", tags: ['Messages'], responses: { 200: unreadCountSchema } }),
    async (c) => {
    const user = requireUser(c);
    return c.json({ count: await messages.countUnread(deps, user.id) });
    },
  );

  app.post(
    '/messages',
    documented({ summary: 'Sends a private message', tags: ['Messages'], responses: { 201: privateMessageViewSchema } }),
    signedIn,
    userRateLimit({ db: deps.db, clock: deps.clock, name: 'messages:send', max: limit.max, windowSeconds: limit.windowSeconds }),
    validate('json', sendPrivateMessageSchema),
    async (c) => {
      const user = requireUser(c);
      return c.json(await messages.sendPrivateMessage(deps, user.id, c.req.valid('json')), 201);
    },
  );

  /**
   * Server-Sent Events for the signed-in user: `ready` once subscribed (the client reloads
   * then, so nothing falls between), `message` with each message they send or receive,
   * `read` when they read a conversation in another tab, `notification` when a notification
   * for them is written (issue 13), `resync` after this process lost its
   * LISTEN connection, and a comment every `heartbeatMs`. Only the user's own key is listened to.
   */
  app.get(
    '/messages/stream',
    documented({
      summary: "The live stream of the user's messages (Server-Sent Events)",
      tags: ['Messages'],
      description:
        'Events: `ready` once subscribed, `message`, `read` and `notification` (each with a JSON `data` of the MessageStreamEvent shape below), `resync` after the server lost its connection, and a comment line as a heartbeat.',
      responses: {
        200: { description: 'A text/event-stream of events', mediaType: 'text/event-stream', schema: messageStreamEventSchema },
        503: apiErrorSchema,
      },
    }),
    async (c) => {
    const user = requireUser(c);
    return streamHubEvents(c, {
      hub: deps.notifications,
      unavailableMessage: MESSAGE_STREAM_UNAVAILABLE,
      cap: deps.streams,
      channel: messages.MESSAGES_CHANNEL,
      key: user.id,
      heartbeatMs,
      onNotification: async (data, send) => {
        const note = data as messages.MessageNotification;
        if (note.kind === 'read') {
          await send('read', { type: 'read', partnerId: note.partnerId } satisfies MessageStreamEvent);
          return;
        }
        if (note.kind === 'notification') {
          await send('notification', { type: 'notification' } satisfies MessageStreamEvent);
          return;
        }
        const message = await readMessage(note.messageId);
        // Only the two people of a message ever see it.
        if (message && (message.senderId === user.id || message.recipientId === user.id)) {
          await send('message', { type: 'message', message } satisfies MessageStreamEvent, message.id);
        }
      },
      logger: deps.logger,
    });
    },
  );

  return app;
}
