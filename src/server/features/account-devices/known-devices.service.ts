import { createHash, randomBytes } from 'node:crypto';
import Bowser from 'bowser';
import type { BetterAuthPlugin } from 'better-auth';
import { createAuthMiddleware } from 'better-auth/api';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Device } from '../../../domain/accounts/devices';
import { asLanguage } from '../../../domain/i18n/languages';
import type { Db } from '../../db/client';
import { knownDevices, users } from '../../db/schema/auth';
import { enqueueMail } from '../../mail/outbox';
import { loggableError, type Logger } from '../../logger';
import { newDeviceMail } from './device-mails';

/**
 * A device is a browser (issue 32, decision 052): a random id in a long-lived HttpOnly cookie,
 * stored only as its SHA-256 in known_devices.
 */
export const DEVICE_COOKIE = 'caucus_device';
/** The longest a browser keeps a cookie (RFC 6265bis caps Max-Age at 400 days). */
export const DEVICE_COOKIE_DAYS = 400;
/** 32 random bytes, base64url. */
const DEVICE_ID = /^[A-Za-z0-9_-]{43}$/;

export const newDeviceId = (): string => randomBytes(32).toString('base64url');
export const isDeviceId = (value: unknown): value is string => typeof value === 'string' && DEVICE_ID.test(value);
export const hashDeviceId = (id: string): string => createHash('sha256').update(id).digest('hex');

export interface KnownDeviceDeps {
  db: Db;
  baseUrl: string;
  timeZone: string;
}

/**
 * 'first': the person's first device (the sign-in right after confirming the email, or the first
 * since devices were remembered): remembered, no mail. 'new': another device; a mail is queued.
 * 'known': seen before; its last sign-in is updated.
 */
export type DeviceSighting = 'first' | 'new' | 'known';

/** A session was just made for `userId` in the browser `deviceId`: remember it, and mail the person when it is new. */
export async function recordSignIn(deps: KnownDeviceDeps, input: { userId: string; deviceId: string; device: Device; at: Date }): Promise<DeviceSighting> {
  const { db } = deps;
  const deviceHash = hashDeviceId(input.deviceId);
  return db.transaction(async (tx) => {
    // One person's sign-ins take turns, so two new devices at once are not both "the first".
    const [owner] = await tx.select({ email: users.email, name: users.name, language: users.language }).from(users).where(eq(users.id, input.userId)).for('update');
    if (!owner) return 'known';
    const [row] = await tx
      .insert(knownDevices)
      .values({ userId: input.userId, deviceHash, firstSeenAt: input.at, lastSeenAt: input.at })
      .onConflictDoUpdate({ target: [knownDevices.userId, knownDevices.deviceHash], set: { lastSeenAt: input.at } })
      .returning({ inserted: sql<boolean>`xmax = 0` });
    if (!row?.inserted) return 'known';
    const [other] = await tx
      .select({ one: sql`1` })
      .from(knownDevices)
      .where(and(eq(knownDevices.userId, input.userId), ne(knownDevices.deviceHash, deviceHash)))
      .limit(1);
    if (!other) return 'first';
    const mail = newDeviceMail(owner.email, owner.name, { at: input.at, device: input.device, url: `${deps.baseUrl}/security`, timeZone: deps.timeZone }, asLanguage(owner.language));
    await enqueueMail(tx, mail);
    return 'new';
  });
}

/** An iPhone or iPad says so; every other device is named by its system ("Android", "Windows", "macOS"). */
const NAMED_MODELS = new Set(['iPhone', 'iPad', 'iPod']);
/** A user agent longer than this is not read (it is someone's invention, not a browser's). */
const USER_AGENT_MAX = 512;

/** The browser and system a user agent names, through bowser; nulls for what it does not say. */
export function deviceOf(userAgent: string | null | undefined): Device {
  const text = userAgent?.trim();
  if (!text || text.length > USER_AGENT_MAX) return { browser: null, system: null };
  const parsed = Bowser.parse(text);
  const model = parsed.platform.model;
  const system = model && NAMED_MODELS.has(model) ? model : parsed.os.name;
  return { browser: parsed.browser.name || null, system: system || null };
}

/**
 * Every way a session is made reaches this (issue 32, decision 052): an `after` hook on every
 * better-auth endpoint that reads `ctx.context.newSession`, which better-auth sets whenever it
 * issues a session cookie (password sign-in, the sign-in right after confirming an email,
 * a passkey sign-in, the second step of a two-step sign-in). It must stay the LAST plugin:
 * plugins' hooks run in their order, and the two-factor plugin's own `after` hook takes the
 * session of a password sign-in back (newSession → null) while the second step is pending, so
 * that sign-in counts only once the code is given. Reading the session (/get-session, which
 * also re-issues the cookie on its daily refresh) is not a sign-in.
 */
export function knownDevicesPlugin(deps: KnownDeviceDeps & { secureCookie: boolean; logger: Logger }): BetterAuthPlugin {
  return {
    id: 'caucus-known-devices',
    hooks: {
      after: [
        {
          matcher: (context) => context.path !== '/get-session',
          handler: createAuthMiddleware(async (ctx) => {
            const fresh = ctx.context.newSession;
            if (!fresh || !ctx.headers) return;
            let deviceId = ctx.getCookie(DEVICE_COOKIE);
            if (!isDeviceId(deviceId)) {
              deviceId = newDeviceId();
              ctx.setCookie(DEVICE_COOKIE, deviceId, {
                httpOnly: true,
                sameSite: 'lax',
                secure: deps.secureCookie,
                path: '/',
                maxAge: DEVICE_COOKIE_DAYS * 86_400,
              });
            }
            try {
              await recordSignIn(deps, { userId: fresh.user.id, deviceId, device: deviceOf(ctx.headers.get('user-agent')), at: new Date() });
            } catch (error) {
              // The sign-in stands: a mail that could not be queued is logged, not a refusal.
              deps.logger.error({ err: loggableError(error) }, 'known devices: recording a sign-in failed');
            }
          }),
        },
      ],
    },
  };
}
