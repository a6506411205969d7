import { z } from 'zod';

/**
 * The answers of /api/push (issue 13): the app's public VAPID key, and the devices on which a
 * person turned push on. Shared by the server and the web app's push toggle.
 */

/** GET /api/push/public-key: the VAPID key browsers subscribe with; null when push is not set up. */
export const pushPublicKeySchema = z.object({ publicKey: z.string().nullable() });
export type PushPublicKey = z.infer<typeof pushPublicKeySchema>;

/** One device with push turned on. */
export const pushDeviceSchema = z.object({
  id: z.string(),
  /** The device's name, as the browser described itself ('Firefox on Linux'); may be empty. */
  label: z.string(),
  createdAt: z.string(),
  /** The last push delivered to it; null before the first. */
  lastSuccessAt: z.string().nullable(),
});
export type PushDevice = z.infer<typeof pushDeviceSchema>;

/** GET /api/push/subscriptions. */
export const pushDevicesSchema = z.object({ items: z.array(pushDeviceSchema) });
export type PushDevices = z.infer<typeof pushDevicesSchema>;

/** POST /api/push/subscriptions: the device's subscription. */
export const pushSubscribedSchema = z.object({ id: z.string() });
export type PushSubscribed = z.infer<typeof pushSubscribedSchema>;

/** DELETE /api/push/subscriptions. */
export const pushUnsubscribedSchema = z.object({ ok: z.literal(true) });
export type PushUnsubscribed = z.infer<typeof pushUnsubscribedSchema>;
