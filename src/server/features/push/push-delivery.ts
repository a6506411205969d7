import { and, eq, inArray, sql } from 'drizzle-orm';
import webpush from 'web-push';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { pushSubscriptions } from '../../db/schema/notifications';
import type { Logger } from '../../logger';
import type { PushItem, PushSender } from '../notifications/notification-delivery.service';
import type { VapidKeys } from './vapid-keys';

/** A device is dropped after this many failures in a row (a gone endpoint: at once). */
export const PUSH_MAX_FAILURES = 5;
const CONCURRENCY = 8;
/** How long a push service keeps a message for an offline device. */
const TTL_SECONDS = 24 * 60 * 60;

/** What the service worker receives (public/sw.js shows it). */
export interface PushPayload {
  title: string;
  body: string;
  link: string;
  tag: string;
}

/**
 * Web Push (RFC 8030, payload encrypted per RFC 8291, signed with VAPID per RFC 8292) through
 * the `web-push` library: each item goes to every device of its person, a few at a time.
 * A device whose push service says it is gone (404, 410) is forgotten; other failures are
 * counted, and a device failing PUSH_MAX_FAILURES times in a row is forgotten too.
 */
export function createPushDelivery(deps: { db: Db; keys: VapidKeys; subject: string; logger: Logger; clock: Clock }): PushSender {
  const vapidDetails = { subject: deps.subject, publicKey: deps.keys.publicKey, privateKey: deps.keys.privateKey };
  return {
    async send(items: readonly PushItem[]) {
      if (items.length === 0) return;
      const devices = await deps.db
        .select({ id: pushSubscriptions.id, userId: pushSubscriptions.userId, endpoint: pushSubscriptions.endpoint, p256dh: pushSubscriptions.p256dh, auth: pushSubscriptions.auth })
        .from(pushSubscriptions)
        .where(inArray(pushSubscriptions.userId, [...new Set(items.map((i) => i.userId))]));
      const sends = items.flatMap((item) => devices.filter((d) => d.userId === item.userId).map((device) => ({ item, device })));
      const ok: string[] = [];
      const gone: string[] = [];
      const failed: string[] = [];
      let next = 0;
      const worker = async () => {
        while (next < sends.length) {
          const { item, device } = sends[next++]!;
          const payload: PushPayload = { title: item.title, body: item.body, link: item.link, tag: item.tag };
          let status = 0;
          try {
            // web-push encrypts and signs; the request itself goes through fetch (with a deadline).
            const request = webpush.generateRequestDetails({ endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } }, JSON.stringify(payload), {
              vapidDetails,
              TTL: TTL_SECONDS,
            });
            const res = await fetch(request.endpoint, {
              method: request.method,
              headers: request.headers as Record<string, string>,
              body: request.body ? new Uint8Array(request.body) : null,
              signal: AbortSignal.timeout(10_000),
            });
            status = res.status;
            await res.body?.cancel();
          } catch {
            status = 0;
          }
          if (status >= 200 && status < 300) ok.push(device.id);
          else if (status === 404 || status === 410) gone.push(device.id);
          else {
            failed.push(device.id);
            deps.logger.warn({ status, host: new URL(device.endpoint).host }, 'push: a device could not be reached');
          }
        }
      };
      await Promise.all(Array.from({ length: Math.min(CONCURRENCY, sends.length) }, worker));
      const now = deps.clock.now();
      if (ok.length > 0) await deps.db.update(pushSubscriptions).set({ lastSuccessAt: now, failureCount: 0 }).where(inArray(pushSubscriptions.id, [...new Set(ok)]));
      if (failed.length > 0) {
        await deps.db
          .update(pushSubscriptions)
          .set({ failureCount: sql`${pushSubscriptions.failureCount} + 1` })
          .where(inArray(pushSubscriptions.id, [...new Set(failed)]));
        await deps.db.delete(pushSubscriptions).where(and(inArray(pushSubscriptions.id, [...new Set(failed)]), sql`${pushSubscriptions.failureCount} >= ${PUSH_MAX_FAILURES}`));
      }
      if (gone.length > 0) await deps.db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, [...new Set(gone)]));
    },
  };
}

/** For the settings: a person's devices (never their keys). */
export async function devicesOf(db: Db, userId: string) {
  return db
    .select({ id: pushSubscriptions.id, label: pushSubscriptions.label, createdAt: pushSubscriptions.createdAt, lastSuccessAt: pushSubscriptions.lastSuccessAt })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(pushSubscriptions.createdAt);
}
