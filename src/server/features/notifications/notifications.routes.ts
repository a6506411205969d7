import { languageOf } from '../../http/request-language';
import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import { z } from 'zod';
import { markedAllReadSchema, markedReadSchema, notificationPageSchema, unreadNotificationCountSchema } from '../../../domain/notifications/notifications';
import { documented } from '../../http/api-docs';
import { notFound } from '../../http/app-error';
import { type AppEnv, requireUser } from '../../http/session';
import { validate } from '../../http/validate';
import * as notifications from './notifications.service';

export const pageQuery = z.object({ before: z.string().max(200).optional() });
const idParam = zValidator('param', z.object({ id: z.uuid() }), (result) => {
  if (!result.success) throw notFound(notifications.NOTIFICATION_MESSAGES.notFound);
});

const TAGS = ['Notifications'];

/** /notifications: the signed-in user's list, the bell's count, marking read (issue 13). */
export function notificationRoutes(deps: notifications.NotificationDeps) {
  const app = new Hono<AppEnv>();
  app.get(
    '/notifications',
    documented({ summary: "The signed-in user's notifications, newest first, a page at a time", tags: TAGS, responses: { 200: notificationPageSchema } }),
    validate('query', pageQuery),
    async (c) => c.json(await notifications.listNotifications(deps, requireUser(c).id, c.req.valid('query').before, languageOf(c))),
  );
  app.get(
    '/notifications/unread-count',
    documented({ summary: 'How many notifications are unread', tags: TAGS, responses: { 200: unreadNotificationCountSchema } }),
    async (c) => c.json({ count: await notifications.unreadNotificationCount(deps, requireUser(c).id) }),
  );
  app.post(
    '/notifications/read-all',
    documented({ summary: 'Marks every unread notification read', tags: TAGS, responses: { 200: markedAllReadSchema } }),
    async (c) => c.json({ updated: await notifications.markAllNotificationsRead(deps, requireUser(c).id) }),
  );
  app.post(
    '/notifications/:id/read',
    documented({ summary: 'Marks one notification read', tags: TAGS, responses: { 200: markedReadSchema } }),
    idParam,
    async (c) => {
      await notifications.markNotificationRead(deps, requireUser(c).id, c.req.valid('param').id);
      return c.json({ ok: true });
    },
  );
  return app;
}
