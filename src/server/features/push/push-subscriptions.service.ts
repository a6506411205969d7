import { and, count, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { PushDevice, PushSubscribed } from '../../../domain/push/push-devices';
import { pushEndpointProblem } from '../../../domain/push/push-endpoint';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { pushSubscriptions } from '../../db/schema/notifications';
import { badRequest, conflict, notFound } from '../../http/app-error';
import { devicesOf } from './push-delivery';

export interface PushSubscriptionDeps {
  db: Db;
  clock: Clock;
  /** The app's own host names (BASE_URL's): no device may aim the server's pushes at the app. */
  appHosts?: readonly string[];
}

export const PUSH_MESSAGES = {
  endpoint: 'This browser gave an invalid push address.',
  endpointRefused: 'This push address is not a push service on the internet: notifications are sent only to https push services on port 443.',
  keys: 'This browser gave invalid push keys.',
  tooManyDevices: (max: number) => `Notifications are on for ${max} of your devices already: turn them off on one first.`,
  notFound: 'This device is not subscribed.',
} as const;

export const MAX_PUSH_DEVICES = 20;

/** The browser's PushSubscription (its toJSON()), plus a name for the device. */
export const pushSubscriptionSchema = z.object({
  endpoint: z
    .url({ protocol: /^https$/, error: PUSH_MESSAGES.endpoint })
    .max(2000, PUSH_MESSAGES.endpoint)
    // Issue 29: a push service on the internet, never an address of the subscriber's choosing (src/domain/push/push-endpoint.ts).
    .refine((endpoint) => pushEndpointProblem(endpoint) === null, PUSH_MESSAGES.endpointRefused),
  keys: z.object(
    {
      // An uncompressed P-256 point (65 bytes) and a 16-byte secret, URL-safe base64 without padding.
      p256dh: z.string().regex(/^[A-Za-z0-9_-]{87}$/, PUSH_MESSAGES.keys),
      auth: z.string().regex(/^[A-Za-z0-9_-]{22}$/, PUSH_MESSAGES.keys),
    },
    { error: PUSH_MESSAGES.keys },
  ),
  label: z.string().trim().max(100).optional(),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

export const pushEndpointSchema = z.object({ endpoint: z.string().min(1, PUSH_MESSAGES.endpoint).max(2000, PUSH_MESSAGES.endpoint) });

/**
 * Turns push on for this device: one row per endpoint; an endpoint already known (the same
 * browser, signed in as someone else before) moves to this person. Under a lock on the
 * person's rows, so racing subscriptions never pass the cap.
 */
export async function subscribePush({ db, clock, appHosts }: PushSubscriptionDeps, userId: string, input: PushSubscriptionInput): Promise<PushSubscribed> {
  if (pushEndpointProblem(input.endpoint, appHosts) !== null) throw badRequest('push_endpoint_refused', PUSH_MESSAGES.endpointRefused);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`push:${userId}`}))`);
    const [mine] = await tx.select({ n: count() }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
    const [known] = await tx.select({ userId: pushSubscriptions.userId }).from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, input.endpoint));
    if (known?.userId !== userId && (mine?.n ?? 0) >= MAX_PUSH_DEVICES) throw conflict('too_many_devices', PUSH_MESSAGES.tooManyDevices(MAX_PUSH_DEVICES));
    const [row] = await tx
      .insert(pushSubscriptions)
      .values({ userId, endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth, label: input.label ?? '', createdAt: clock.now() })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { userId, p256dh: input.keys.p256dh, auth: input.keys.auth, label: input.label ?? '', failureCount: 0 },
      })
      .returning({ id: pushSubscriptions.id });
    return { id: row!.id };
  });
}

/** Turns push off for this device (only one's own). */
export async function unsubscribePush({ db }: PushSubscriptionDeps, userId: string, endpoint: string): Promise<void> {
  const removed = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  if (removed.length === 0) throw notFound(PUSH_MESSAGES.notFound);
}

export async function listPushDevices({ db }: PushSubscriptionDeps, userId: string): Promise<PushDevice[]> {
  return (await devicesOf(db, userId)).map((d) => ({ id: d.id, label: d.label, createdAt: d.createdAt.toISOString(), lastSuccessAt: d.lastSuccessAt?.toISOString() ?? null }));
}
