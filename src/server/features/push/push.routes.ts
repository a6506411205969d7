import { Hono } from 'hono';
import { apiErrorSchema } from '../../../domain/api/api-error';
import { pushDevicesSchema, pushPublicKeySchema, pushSubscribedSchema, pushUnsubscribedSchema } from '../../../domain/push/push-devices';
import { documented } from '../../http/api-docs';
import { type AppEnv, requireUser } from '../../http/session';
import { validate } from '../../http/validate';
import * as push from './push-subscriptions.service';

const TAGS = ['Push'];

/** /push: the app's public VAPID key, and this person's devices with push turned on. */
export function pushRoutes(deps: push.PushSubscriptionDeps & { publicKey: string | null }) {
  const app = new Hono<AppEnv>();
  app.get(
    '/push/public-key',
    documented({ access: 'public', summary: "The app's public VAPID key for push subscriptions", tags: TAGS, responses: { 200: pushPublicKeySchema } }),
    (c) => c.json({ publicKey: deps.publicKey }),
  );
  app.get(
    '/push/subscriptions',
    documented({ summary: "The signed-in user's devices with push turned on", tags: TAGS, responses: { 200: pushDevicesSchema } }),
    async (c) => c.json({ items: await push.listPushDevices(deps, requireUser(c).id) }),
  );
  app.post(
    '/push/subscriptions',
    documented({
      summary: 'Turns push on for this device',
      tags: TAGS,
      responses: { 201: pushSubscribedSchema, 409: apiErrorSchema },
    }),
    validate('json', push.pushSubscriptionSchema),
    async (c) => c.json(await push.subscribePush(deps, requireUser(c).id, c.req.valid('json')), 201),
  );
  app.delete(
    '/push/subscriptions',
    documented({ summary: 'Turns push off for this device', tags: TAGS, responses: { 200: pushUnsubscribedSchema } }),
    validate('json', push.pushEndpointSchema),
    async (c) => {
      await push.unsubscribePush(deps, requireUser(c).id, c.req.valid('json').endpoint);
      return c.json({ ok: true });
    },
  );
  return app;
}
