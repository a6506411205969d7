import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import { decideSignInAttempt, type AttemptDecision, type SignInThrottlePolicy } from '../../domain/throttle/back-off';
import type { Db } from '../db/client';
import type { Clock } from '../clock';
import type { Settings } from '../settings';
import { readBoundedText } from './bounded-body';
import { hitRateLimit, refundRateLimit, tooManyAttempts } from './rate-limit';

/** Every setting of the guessing limits (issue 11): per account, per recipient, per user. */
export type ThrottleSettings = Pick<
  Settings,
  | 'SIGN_IN_FREE_FAILURES'
  | 'SIGN_IN_BACKOFF_BASE_SECONDS'
  | 'SIGN_IN_BACKOFF_MAX_SECONDS'
  | 'SIGN_IN_FAILURES_FORGOTTEN_AFTER_SECONDS'
  | 'AUTH_MAILS_PER_RECIPIENT_MAX'
  | 'AUTH_MAILS_PER_RECIPIENT_WINDOW_SECONDS'
  | 'CAUCUS_PASSWORD_GUESSES_MAX'
  | 'CAUCUS_PASSWORD_GUESSES_WINDOW_SECONDS'
  | 'CAUCUS_PASSWORD_GUESSES_PER_USER_MAX'
  | 'CAUCUS_PASSWORD_GUESSES_PER_USER_WINDOW_SECONDS'
  | 'ORGANIZER_INVITATIONS_MAX'
  | 'ORGANIZER_INVITATIONS_WINDOW_SECONDS'
>;

export const SIGN_IN_PATH = '/api/auth/sign-in/email';
/** The auth routes that send mail to the address in their body. */
export const MAIL_SENDING_PATHS: readonly string[] = ['/api/auth/sign-up/email', '/api/auth/request-password-reset', '/api/auth/send-verification-email'];
/** The bodies of these routes are a few hundred bytes; anything much larger is refused unread. */
export const MAX_AUTH_BODY_BYTES = 16 * 1024;

export function signInPolicy(settings: ThrottleSettings): SignInThrottlePolicy {
  return {
    freeFailures: settings.SIGN_IN_FREE_FAILURES,
    baseSeconds: settings.SIGN_IN_BACKOFF_BASE_SECONDS,
    maxSeconds: settings.SIGN_IN_BACKOFF_MAX_SECONDS,
    forgetAfterSeconds: settings.SIGN_IN_FAILURES_FORGOTTEN_AFTER_SECONDS,
  };
}

/**
 * The counter key of an email address: lower-cased and trimmed, as better-auth finds the
 * account, then hashed (no addresses in the counters table, and a bounded key length).
 * Whether an account has the address plays no part.
 */
export function accountKey(email: unknown): string {
  const normalized = typeof email === 'string' ? email.trim().toLowerCase() : '';
  // Bodies without a readable email share one key: unreadable requests are throttled together.
  return normalized ? createHash('sha256').update(normalized).digest('hex').slice(0, 32) : 'none';
}

export const signInKey = (email: unknown) => `sign-in-failures:${accountKey(email)}`;
const mailKey = (email: unknown) => `auth-mail:${accountKey(email)}`;

/**
 * The `email` of an auth request's JSON or form body, read from a clone so that the request
 * itself is left whole for better-auth. 'too_large' past `maxBytes` (read no further).
 */
export async function emailOfRequest(request: Request, maxBytes = MAX_AUTH_BODY_BYTES): Promise<{ email: string | null } | 'too_large'> {
  if (!request.body) return { email: null };
  const text = await readBoundedText(request.clone(), maxBytes);
  if (text === 'too_large') return 'too_large';
  const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  // The two forms better-auth reads for these routes (better-call's getBody).
  if (type === 'application/x-www-form-urlencoded') return { email: new URLSearchParams(text).get('email') };
  try {
    const body: unknown = JSON.parse(text);
    const email = body && typeof body === 'object' ? (body as { email?: unknown }).email : undefined;
    return { email: typeof email === 'string' ? email : null };
  } catch {
    return { email: null };
  }
}

/**
 * Claims one sign-in attempt for the account of `email`, atomically (the counter row is
 * locked): the attempt is counted as a failure at once, and clearSignInFailures undoes it on
 * success. So concurrent guesses never pass more than the back-off allows.
 */
export async function claimSignInAttempt(db: Db, email: unknown, now: Date, policy: SignInThrottlePolicy): Promise<AttemptDecision> {
  return claimBackOffAttempt(db, signInKey(email), now, policy);
}

/** The same back-off under any counter key (issue 32: "Confirm it's you", per account). */
export async function claimBackOffAttempt(db: Db, key: string, now: Date, policy: SignInThrottlePolicy): Promise<AttemptDecision> {
  return db.transaction(async (tx) => {
    // One statement makes the row (count 0: no failure yet) or locks the one there and returns it:
    // an insert-then-select found nothing when a right answer cleared the row in between (a 500).
    const result = await tx.execute<{ count: number; window_start: Date }>(
      sql`insert into rate_limits (key, window_start, count) values (${key}, ${now}, 0)
          on conflict (key) do update set key = excluded.key
          returning count, window_start`,
    );
    const row = result.rows[0]!;
    const decision = decideSignInAttempt({ failures: row.count, lastFailureAt: new Date(row.window_start) }, now, policy);
    if (decision.allowed) {
      await tx.execute(sql`update rate_limits set count = ${decision.failures}, window_start = greatest(window_start, ${now}) where key = ${key}`);
    }
    return decision;
  });
}

/** Forgets the account's failed sign-ins: after a successful sign-in or password reset. */
export async function clearSignInFailures(db: Db, email: unknown): Promise<void> {
  await db.execute(sql`delete from rate_limits where key = ${signInKey(email)}`);
}

/** Forgets the failures counted under a back-off key (after a right answer). */
export async function clearBackOff(db: Db, key: string): Promise<void> {
  await db.execute(sql`delete from rate_limits where key = ${key}`);
}

/** better-auth answers these only after the password was checked and found right. */
const RIGHT_PASSWORD_REFUSALS = new Set(['EMAIL_NOT_VERIFIED', 'PROFILE_DELETED']);

async function passwordWasRight(res: Response): Promise<boolean> {
  if (res.ok) return true;
  if (res.status !== 403) return false;
  try {
    const body = (await res.clone().json()) as { code?: unknown };
    return typeof body.code === 'string' && RIGHT_PASSWORD_REFUSALS.has(body.code);
  } catch {
    return false;
  }
}

/**
 * The per-account limits of the auth routes, before better-auth answers (and after the
 * per-address limit of app.ts):
 * - sign-in: back-off per account (the email of the body), whatever the client's address;
 * - sign-up, password reset and confirmation resend: mails per recipient address.
 * Both count addresses with and without an account alike, so a refusal tells nothing.
 */
export function accountThrottle(deps: { db: Db; clock: Clock; settings: ThrottleSettings }): MiddlewareHandler {
  const { db, clock, settings } = deps;
  const policy = signInPolicy(settings);
  return async (c: Context, next) => {
    const path = c.req.path;
    const isSignIn = path === SIGN_IN_PATH;
    if (c.req.method !== 'POST' || (!isSignIn && !MAIL_SENDING_PATHS.includes(path))) return next();

    const read = await emailOfRequest(c.req.raw);
    if (read === 'too_large') return c.json({ error: { code: 'too_large', message: 'This request is too large.' } }, 413);

    if (isSignIn) {
      const decision = await claimSignInAttempt(db, read.email, clock.now(), policy);
      if (!decision.allowed) return tooManyAttempts(c, decision.retryAfterSeconds);
      await next();
      if (await passwordWasRight(c.res)) await clearSignInFailures(db, read.email);
      return;
    }

    const key = mailKey(read.email);
    const hit = await hitRateLimit(db, key, settings.AUTH_MAILS_PER_RECIPIENT_MAX, settings.AUTH_MAILS_PER_RECIPIENT_WINDOW_SECONDS, clock.now());
    if (!hit.allowed) return tooManyAttempts(c, hit.retryAfterSeconds);
    await next();
    // Refused requests (a bad body, an invalid token) sent no mail: they do not count.
    if (!c.res.ok) await refundRateLimit(db, key, hit.windowStart);
  };
}
