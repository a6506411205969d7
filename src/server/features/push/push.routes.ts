import { Hono } from 'hono';
import { type AppEnv, requireUser } from '../../http/session';
import { validate } from '../../http/validate';
import * as push from './push-subscriptions.service';

/** /push: the app's public VAPID key, and this person's devices with push turned on. */
export function pushRoutes(deps: push.PushSubscriptionDeps & { publicKey: string | null }) {
  const app = new Hono<AppEnv>();
  app.get('/push/public-key', (c) => c.json({ publicKey: deps.publicKey }));
  app.get('/push/subscriptions', async (c) => c.json({ items: await push.listPushDevices(deps, requireUser(c).id) }));
  app.post('/push/subscriptions', validate('json', push.pushSubscriptionSchema), async (c) => c.json(await push.subscribePush(deps, requireUser(c).id, c.req.valid('json')), 201));
  app.delete('/push/subscriptions', validate('json', push.pushEndpointSchema), async (c) => {
    await push.unsubscribePush(deps, requireUser(c).id, c.req.valid('json').endpoint);
    return c.json({ ok: true });
  });
  return app;
}
