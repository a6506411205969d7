import { eq } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import { RECENT_PROOF_REQUIRED, hasRecentProof } from '../../domain/accounts/recent-proof';
import type { Db } from '../db/client';
import { sessions } from '../db/schema/auth';
import { AppError } from './app-error';
import type { AppEnv, SessionUser } from './session';

/**
 * The guard of a sensitive action (issue 32): a 403 `recent_proof_required` unless this browser
 * session proved who the person is within `minutes` (the ACCOUNT_RECENT_PROOF_MINUTES setting).
 * Put it after the sign-in check; an API token never passes (it cannot prove anything).
 * Measured on the wall clock, as a session's expiry is (src/http/session.ts), not on the app's
 * Clock (the domain's time, which tests fix to a date).
 */
export function requireRecentProof(minutes: number) {
  return createMiddleware<AppEnv>(async (c, next) => {
    assertRecentProof(c.var.user, new Date(), minutes);
    await next();
  });
}

/** The same check inside a handler (for a route whose guard depends on its body). */
export function assertRecentProof(user: SessionUser | null | undefined, now: Date, minutes: number): void {
  if (!user?.sessionId || !hasRecentProof(user.provenAt, now, minutes)) {
    throw new AppError(403, RECENT_PROOF_REQUIRED.code, RECENT_PROOF_REQUIRED.message);
  }
}

/** Records a proof (password, passkey or authenticator code checked by the caller) on this session. */
export async function markSessionProven(db: Db, sessionId: string, at: Date): Promise<void> {
  await db.update(sessions).set({ provenAt: at }).where(eq(sessions.id, sessionId));
}
