import { languageOf } from '../../http/request-language';
import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import { z } from 'zod';
import { notFound } from '../../http/app-error';
import { type AppEnv, requireUser } from '../../http/session';
import { validate } from '../../http/validate';
import * as notifications from './notifications.service';

export const pageQuery = z.object({ before: z.string().max(200).optional() });
const idParam = zValidator('param', z.object({ id: z.uuid() }), (result) => {
  if (!result.success) throw notFound(notifications.NOTIFICATION_MESSAGES.notFound);
});

/** /notifications: the signed-in user's list, the bell's count, marking read (issue 13). */
export function notificationRoutes(deps: notifications.NotificationDeps) {
  const app = new Hono<AppEnv>();
  app.get('/notifications', validate('query', pageQuery), async (c) =>
    c.json(await notifications.listNotifications(deps, requireUser(c).id, c.req.valid('query').before, languageOf(c))),
  );
  app.get('/notifications/unread-count', async (c) => c.json({ count: await notifications.unreadNotificationCount(deps, requireUser(c).id) }));
  app.post('/notifications/read-all', async (c) => c.json({ updated: await notifications.markAllNotificationsRead(deps, requireUser(c).id) }));
  app.post('/notifications/:id/read', idParam, async (c) => {
    await notifications.markNotificationRead(deps, requireUser(c).id, c.req.valid('param').id);
    return c.json({ ok: true });
  });
  return app;
}
