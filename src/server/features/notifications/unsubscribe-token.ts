import { createHmac, timingSafeEqual } from 'node:crypto';
import { isNotificationKind, type NotificationKind } from '../../../domain/notifications/notifications';
import type { NotificationCadence } from '../../../domain/notifications/notification-preferences';

/**
 * The one-click unsubscribe link of a mail (RFC 8058): it names a person and what they stop
 * receiving by email (one kind, or a digest), signed with the app's secret so it works without
 * signing in and cannot be forged or pointed at someone else. It never expires: a mail read a
 * year later must still stop the mail.
 */
export type UnsubscribeScope = NotificationKind | `digest-${Exclude<NotificationCadence, 'immediate'>}`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function isUnsubscribeScope(value: string): value is UnsubscribeScope {
  return isNotificationKind(value) || value === 'digest-daily' || value === 'digest-weekly';
}

function signature(secret: string, userId: string, scope: string): string {
  return createHmac('sha256', secret).update(`unsubscribe|${userId}|${scope}`).digest('base64url');
}

export function unsubscribeToken(secret: string, userId: string, scope: UnsubscribeScope): string {
  return `${userId}.${scope}.${signature(secret, userId, scope)}`;
}

/** The person and scope of a token, or null when it is malformed or not signed by `secret`. */
export function readUnsubscribeToken(secret: string, token: string): { userId: string; scope: UnsubscribeScope } | null {
  if (token.length > 200) return null;
  const [userId, scope, sig, ...rest] = token.split('.');
  if (rest.length > 0 || !userId || !scope || !sig || !UUID.test(userId) || !isUnsubscribeScope(scope)) return null;
  const expected = Buffer.from(signature(secret, userId, scope));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { userId, scope };
}
