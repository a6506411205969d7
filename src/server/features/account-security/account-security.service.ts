import { eq, sql } from 'drizzle-orm';
import type { SignInThrottlePolicy } from '../../../domain/throttle/back-off';
import type { SignInMethods } from '../../../domain/accounts/confirm-identity';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/auth';
import { claimBackOffAttempt, clearBackOff } from '../../http/account-throttle';
import { markSessionProven } from '../../http/recent-proof';
import { verifyTwoStepCode } from '../two-step/two-step-code.service';

/**
 * better-auth's password check, as much of `auth.$context` as is used here: the credential
 * account's hash and better-auth's own verify (no hand-written crypto, DESIGN.md).
 */
export interface PasswordAuthority {
  $context: Promise<{
    internalAdapter: { findCredentialAccount(userId: string): Promise<{ password?: string | null } | null> };
    password: { verify(data: { hash: string; password: string }): Promise<boolean>; hash(password: string): Promise<string> };
  }>;
}

export interface ConfirmIdentityDeps {
  db: Db;
  auth: PasswordAuthority;
  /** better-auth's secret (the two-step codes are sealed with it). */
  secret: string;
  policy: SignInThrottlePolicy;
}

export type ConfirmOutcome =
  | { ok: true; provenAt: Date }
  | { ok: false; reason: 'wrong_password' | 'wrong_code' }
  | { ok: false; reason: 'throttled'; retryAfterSeconds: number };

const failuresKey = (userId: string) => `confirm-identity-failures:${userId}`;

/** Whether `password` is the account's password, by better-auth's own hash and verify. */
export async function passwordIsRight(auth: PasswordAuthority, userId: string, password: string): Promise<boolean> {
  const ctx = await auth.$context;
  const account = await ctx.internalAdapter.findCredentialAccount(userId);
  if (!account?.password) {
    // As long as a real check: no account without a password is told apart by the time it takes.
    await ctx.password.hash(password);
    return false;
  }
  return ctx.password.verify({ hash: account.password, password });
}

/**
 * "Confirm it's you": the password or a two-step code, with the sign-in back-off per account
 * (each attempt is counted at once and forgotten on a right answer, so concurrent guesses get
 * no more than the back-off allows; `now` is the app clock's, as for sign-in). A right answer
 * records the proof on this session.
 */
export async function confirmIdentity(
  deps: ConfirmIdentityDeps,
  who: { userId: string; sessionId: string },
  answer: { password?: string; code?: string },
  now: Date,
): Promise<ConfirmOutcome> {
  const key = failuresKey(who.userId);
  const decision = await claimBackOffAttempt(deps.db, key, now, deps.policy);
  if (!decision.allowed) return { ok: false, reason: 'throttled', retryAfterSeconds: decision.retryAfterSeconds };
  const byPassword = !!answer.password;
  const right = byPassword
    ? await passwordIsRight(deps.auth, who.userId, answer.password!)
    : await verifyTwoStepCode({ db: deps.db, secret: deps.secret }, who.userId, answer.code ?? '');
  if (!right) return { ok: false, reason: byPassword ? 'wrong_password' : 'wrong_code' };
  await clearBackOff(deps.db, key);
  // The proof is measured on the wall clock, as a session's expiry is (src/server/http/recent-proof.ts).
  const provenAt = new Date();
  await markSessionProven(deps.db, who.sessionId, provenAt);
  return { ok: true, provenAt };
}

/** What the person can confirm it's them with: a password, two-step sign-in, how many passkeys. */
export async function signInMethods(db: Db, userId: string): Promise<SignInMethods> {
  const [row] = await db
    .select({
      twoStep: users.twoFactorEnabled,
      passkeys: sql<number>`(select count(*)::int from passkeys p where p.user_id = users.id)`,
      password: sql<boolean>`exists (select 1 from accounts a where a.user_id = users.id and a.provider_id = 'credential' and a.password is not null)`,
    })
    .from(users)
    .where(eq(users.id, userId));
  return { password: row?.password ?? false, twoStep: row?.twoStep ?? false, passkeys: row?.passkeys ?? 0 };
}
