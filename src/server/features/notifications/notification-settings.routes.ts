import { languageOf } from '../../http/request-language';
import { Hono } from 'hono';
import { z } from 'zod';
import { NOTIFICATION_KINDS } from '../../../domain/notifications/notifications';
import {
  NOTIFICATION_CADENCES,
  notificationSettingViewSchema,
  notificationSettingsSchema,
  unsubscribeAnswerSchema,
} from '../../../domain/notifications/notification-preferences';
import { documented } from '../../http/api-docs';
import { badRequest } from '../../http/app-error';
import { type AppEnv, requireUser } from '../../http/session';
import { validate } from '../../http/validate';
import * as settings from './notification-settings.service';

const kindParam = z.object({ kind: z.enum(NOTIFICATION_KINDS, { message: 'Unknown notification kind' }) });
export const preferenceBody = z.object({
  email: z.boolean({ message: 'email must be true or false' }),
  push: z.boolean({ message: 'push must be true or false' }),
  cadence: z.enum(NOTIFICATION_CADENCES, { message: 'cadence must be immediate, daily or weekly' }),
});
const tokenParam = z.object({ token: z.string().min(1).max(200) });

type Deps = settings.NotificationSettingsDeps & { secret: string };

const TAGS = ['Notifications'];

/** /api/notification-settings: each kind's email, push and digest choice; /api/unsubscribe/:token says what a link stops. */
export function notificationSettingsRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.get(
    '/notification-settings',
    documented({ summary: 'How each kind of notification reaches the signed-in user', tags: TAGS, responses: { 200: notificationSettingsSchema } }),
    async (c) => c.json({ items: await settings.getNotificationSettings(deps, requireUser(c).id) }),
  );
  app.put(
    '/notification-settings/:kind',
    documented({ summary: "Saves one kind's email, push and digest choice", tags: TAGS, responses: { 200: notificationSettingViewSchema } }),
    validate('param', kindParam),
    validate('json', preferenceBody),
    async (c) => c.json(await settings.setNotificationSetting(deps, requireUser(c).id, c.req.valid('param').kind, c.req.valid('json'))),
  );
  app.get(
    '/unsubscribe/:token',
    documented({ access: 'public', summary: 'What an unsubscribe link stops, in words', tags: TAGS, responses: { 200: unsubscribeAnswerSchema } }),
    validate('param', tokenParam),
    (c) => {
      const described = settings.describeUnsubscribe(deps.secret, c.req.valid('param').token, languageOf(c));
      if (!described) throw badRequest('bad_unsubscribe_link', settings.NOTIFICATION_SETTINGS_MESSAGES.badLink);
      return c.json(described);
    },
  );
  return app;
}

/**
 * POST /unsubscribe/:token, outside /api: the one-click unsubscribe of RFC 8058. Mail clients
 * POST `List-Unsubscribe=One-Click` here without a cookie or an Origin; the signed token is the
 * whole authority, so it needs neither (and the page /unsubscribe/:token posts the same).
 */
export function unsubscribeRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.post(
    '/:token',
    documented({
      access: 'public',
      summary: 'Turns off the emails an unsubscribe link names',
      description: "The one-click unsubscribe of RFC 8058, outside /api: the link's signed token is the whole authority (no cookie, no Origin). Safe to repeat.",
      tags: TAGS,
      responses: { 200: unsubscribeAnswerSchema },
    }),
    validate('param', tokenParam),
    async (c) => c.json(await settings.unsubscribe(deps, deps.secret, c.req.valid('param').token, languageOf(c))),
  );
  return app;
}
