import https from 'node:https';
import { and, eq, inArray, sql } from 'drizzle-orm';
import webpush, { type RequestDetails } from 'web-push';
import { pushEndpointProblem } from '../../../domain/push/push-endpoint';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { pushSubscriptions } from '../../db/schema/notifications';
import type { Logger } from '../../logger';
import { PublicHttpsAgent, RefusedAddressError } from '../../outbound/public-https-agent';
import type { PushItem, PushSender } from '../notifications/notification-delivery.service';
import type { VapidKeys } from './vapid-keys';

/** A device is dropped after this many failures in a row (a gone endpoint: at once). */
export const PUSH_MAX_FAILURES = 5;
const CONCURRENCY = 8;
/** How long a push service keeps a message for an offline device. */
const TTL_SECONDS = 24 * 60 * 60;
/** The whole request's deadline. */
const DEADLINE_MS = 10_000;
/** A push service answers with a few bytes; past this much the answer is not read further. */
const ANSWER_MAX_BYTES = 64 * 1024;

/** What the service worker receives (public/sw.js shows it). */
export interface PushPayload {
  title: string;
  body: string;
  link: string;
  tag: string;
}

/** What a send came to: a push service's status, no answer (0), or refused by the app before connecting. */
type SendOutcome = { status: number } | { refused: 'endpoint' | 'address' };

/**
 * POSTs web-push's encrypted, signed request (`generateRequestDetails`) through `agent`: no
 * redirect followed, one deadline for the whole exchange, the answer's body drained and dropped.
 */
function postToPushService(request: RequestDetails, agent: https.Agent): Promise<SendOutcome> {
  return new Promise((resolve) => {
    const url = new URL(request.endpoint);
    const req = https.request(
      url,
      { method: request.method, headers: request.headers as Record<string, string>, agent, signal: AbortSignal.timeout(DEADLINE_MS) },
      (res) => {
        resolve({ status: res.statusCode ?? 0 });
        let read = 0;
        res.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > ANSWER_MAX_BYTES) res.destroy();
        });
        res.on('error', () => undefined);
      },
    );
    req.on('error', (error) => resolve(error instanceof RefusedAddressError ? { refused: 'address' } : { status: 0 }));
    req.end(request.body ? Buffer.from(request.body) : undefined);
  });
}

export interface PushDeliveryDeps {
  db: Db;
  keys: VapidKeys;
  subject: string;
  logger: Logger;
  clock: Clock;
  /** The app's own host names (BASE_URL's): never pushed to. */
  appHosts?: readonly string[];
  /** How connections are made: by default only to public internet addresses (decision 036). */
  agent?: https.Agent;
}

/**
 * Web Push (RFC 8030, payload encrypted per RFC 8291, signed with VAPID per RFC 8292) through
 * the `web-push` library: each item goes to every device of its person, a few at a time.
 * A device whose push service says it is gone (404, 410) is forgotten; other failures are
 * counted, and a device failing PUSH_MAX_FAILURES times in a row is forgotten too.
 *
 * Only push services on the internet are sent to (issue 29, decision 036): an endpoint the
 * rule refuses (stored before the rule) is forgotten without a connection; a name that
 * resolves to a loopback, private or link-local address is refused before connecting, and
 * counted like a push service that could not be reached, so what the subscriber sees (the
 * device kept, then dropped after PUSH_MAX_FAILURES) says nothing about what lives there.
 */
export function createPushDelivery(deps: PushDeliveryDeps): PushSender {
  const vapidDetails = { subject: deps.subject, publicKey: deps.keys.publicKey, privateKey: deps.keys.privateKey };
  const agent = deps.agent ?? new PublicHttpsAgent({ keepAlive: true, maxSockets: CONCURRENCY });
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
          let outcome: SendOutcome;
          if (pushEndpointProblem(device.endpoint, deps.appHosts) !== null) outcome = { refused: 'endpoint' };
          else {
            try {
              // web-push encrypts and signs; the request itself goes through the checking agent.
              const request = webpush.generateRequestDetails({ endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } }, JSON.stringify(payload), {
                vapidDetails,
                TTL: TTL_SECONDS,
              });
              outcome = await postToPushService(request, agent);
            } catch {
              outcome = { status: 0 };
            }
          }
          const host = URL.canParse(device.endpoint) ? new URL(device.endpoint).host : '';
          if ('refused' in outcome) {
            deps.logger.warn({ host, refused: outcome.refused }, 'push: refused to send to an address that is not a push service on the internet');
            // An endpoint the rule refuses can never be sent to; a refused address counts as unreachable.
            (outcome.refused === 'endpoint' ? gone : failed).push(device.id);
          } else if (outcome.status >= 200 && outcome.status < 300) ok.push(device.id);
          else if (outcome.status === 404 || outcome.status === 410) gone.push(device.id);
          else {
            failed.push(device.id);
            deps.logger.warn({ status: outcome.status, host }, 'push: a device could not be reached');
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
