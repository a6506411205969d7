import type { JobQueue } from '../jobs/job-queue';
import pino from 'pino';
import { contractOf } from './api-contract';
import { createApp, type AppSettings } from '../app';
import { caucusPasswordKeysFrom } from '../features/caucuses/caucus-passwords.service';
import { fixedClock, systemClock, type Clock } from '../clock';
import type { Db } from '../db/client';
import type { PaymentProvider } from '../payments/payment-provider';
import type { NotificationHub } from '../realtime/notification-hub';

export const TEST_ORIGIN = 'http://localhost:3000';

export const testSettings: AppSettings = {
  BASE_URL: TEST_ORIGIN,
  AUTH_SECRET: 'test-secret-test-secret-test-secret-0123456789',
  ADMIN_EMAILS: [],
  isProduction: false,
  VISION_DOCUMENT_URL: 'https://example.org/vision.pdf',
  AUTH_RATE_LIMIT_MAX: 1000,
  AUTH_RATE_LIMIT_WINDOW_SECONDS: 60,
  STATS_CACHE_SECONDS: 0,
  // Off, so that a test reads what it just wrote; public-read-cache.test.ts turns it on.
  PUBLIC_READ_CACHE_SECONDS: 0,
  // The guessing limits, high so that the suite is not throttled; their own tests set them low.
  SIGN_IN_FREE_FAILURES: 1000,
  SIGN_IN_BACKOFF_BASE_SECONDS: 60,
  SIGN_IN_BACKOFF_MAX_SECONDS: 3600,
  SIGN_IN_FAILURES_FORGOTTEN_AFTER_SECONDS: 86_400,
  AUTH_MAILS_PER_RECIPIENT_MAX: 1000,
  AUTH_MAILS_PER_RECIPIENT_WINDOW_SECONDS: 3600,
  CAUCUS_PASSWORD_GUESSES_MAX: 1000,
  CAUCUS_PASSWORD_GUESSES_WINDOW_SECONDS: 900,
  CAUCUS_PASSWORD_GUESSES_PER_USER_MAX: 1000,
  CAUCUS_PASSWORD_GUESSES_PER_USER_WINDOW_SECONDS: 3600,
  ORGANIZER_INVITATIONS_MAX: 1000,
  ORGANIZER_INVITATIONS_WINDOW_SECONDS: 3600,
  // Accounts that hold (issue 32): the settings' defaults; their own tests set them otherwise.
  ACCOUNT_RECENT_PROOF_MINUTES: 10,
  EMAIL_CHANGE_CONFIRM_HOURS: 24,
  EMAIL_CHANGE_UNDO_HOURS: 72,
  EMAIL_CHANGES_PER_USER_MAX: 5,
  EMAIL_CHANGES_PER_USER_WINDOW_SECONDS: 86_400,
  PASSKEYS_PER_USER_MAX: 10,
  PASSKEY_CHALLENGE_SECONDS: 300,
  TWO_STEP_TRUST_DAYS: 30,
  TWO_STEP_LOCKOUT_ATTEMPTS: 10,
  TWO_STEP_LOCKOUT_MINUTES: 15,
  CONFIRM_IDENTITY_FREE_FAILURES: 5,
  CONFIRM_IDENTITY_BACKOFF_BASE_SECONDS: 60,
  CONFIRM_IDENTITY_BACKOFF_MAX_SECONDS: 3600,
  CONFIRM_IDENTITY_FAILURES_FORGOTTEN_AFTER_SECONDS: 86_400,
  APP_TIME_ZONE: 'America/New_York',
  // No Stripe keys: the local test-mode payment and identity provider.
  STRIPE_SECRET_KEY: undefined,
  STRIPE_WEBHOOK_SECRET: undefined,
  STRIPE_PUBLISHABLE_KEY: undefined,
  mailboxEnabled: true,
};

/** The keys the test app seals caucus passwords with (derived from testSettings.AUTH_SECRET, as with no CAUCUS_PASSWORD_KEY). */
export const testPasswordKeys = caucusPasswordKeysFrom(testSettings);

/** The real app on a test database, with helpers that speak to it as a browser would. */
export function createTestApp(
  db: Db,
  options: {
    settings?: Partial<AppSettings>;
    clock?: Clock;
    payments?: PaymentProvider | null;
    webDist?: string;
    /** A page renderer's folder (decision 022); without it pages are not drawn by the server. */
    ssrDist?: string;
    jobs?: JobQueue | null;
    /** Check each answer against the API's document (default); off only for the contract's own tests. */
    checkContract?: boolean;
    /** A LISTEN/NOTIFY hub (live streams, the public reads' invalidations); none by default. */
    notifications?: NotificationHub;
  } = {},
) {
  const logs: Record<string, unknown>[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => void logs.push(JSON.parse(line) as Record<string, unknown>) });
  const { app, auth } = createApp({
    db,
    clock: options.clock ?? systemClock,
    logger,
    settings: { ...testSettings, ...options.settings },
    payments: options.payments,
    webDist: options.webDist,
    ssrDist: options.ssrDist,
    jobs: options.jobs,
    notifications: options.notifications,
  });

  /**
   * A request as a browser would send it. `remoteAddress` is the client's address as the socket
   * gives it (default: this machine), for the rules that depend on it (per-IP limits, the
   * loopback-only mailbox).
   */
  const request = async (path: string, init: RequestInit & { cookie?: string; json?: unknown; remoteAddress?: string } = {}) => {
    const headers = new Headers(init.headers);
    if (!headers.has('origin')) headers.set('origin', TEST_ORIGIN);
    if (init.cookie) headers.set('cookie', init.cookie);
    let body = init.body;
    if (init.json !== undefined) {
      headers.set('content-type', 'application/json');
      body = JSON.stringify(init.json);
    }
    const remoteAddress = init.remoteAddress ?? '127.0.0.1';
    const incoming = { socket: { remoteAddress, remotePort: 50000, remoteFamily: remoteAddress.includes(':') ? 'IPv6' : 'IPv4' } };
    const res = await app.request(path, { ...init, headers, body }, { incoming });
    // Every answer a test receives is checked against /api/openapi.json (issue 17).
    if (options.checkContract !== false) await (await contractOf(app, TEST_ORIGIN)).check(init.method ?? 'GET', path, res);
    return res;
  };

  /** Signs in and returns the session cookie. */
  const signIn = async (email: string, password: string): Promise<string> => {
    const res = await request('/api/auth/sign-in/email', { method: 'POST', json: { email, password } });
    if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
    return cookieOf(res);
  };

  /** The session cookie of a user, signed in once per test app (the sign-in is rate limited). */
  const cookies = new Map<string, Promise<string>>();
  const cookieFor = (user: { id: string; email: string; password: string }): Promise<string> => {
    let cookie = cookies.get(user.id);
    if (!cookie) {
      cookie = signIn(user.email, user.password);
      cookies.set(user.id, cookie);
    }
    return cookie;
  };

  return { app, auth, request, signIn, cookieFor, logs };
}

export function cookieOf(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

export { fixedClock };
