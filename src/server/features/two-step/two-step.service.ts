import { APIError } from 'better-auth/api';
import { symmetricDecrypt } from 'better-auth/crypto';
import { eq } from 'drizzle-orm';
import { keyOfOtpauthUri, readCode, TWO_STEP_MESSAGES, type RecoveryCodes, type TwoStepSetup, type TwoStepStatus } from '../../../domain/accounts/two-step';
import type { Db } from '../../db/client';
import { twoFactors, users } from '../../db/schema/auth';
import { AppError, badRequest, conflict } from '../../http/app-error';
import { claimSignInAttempt, clearSignInFailures, signInPolicy, type ThrottleSettings } from '../../http/account-throttle';
import { TooManyAttempts } from '../../http/rate-limit';
import type { Clock } from '../../clock';

/**
 * Two-step sign-in's settings page (issue 32, decision 050), through better-auth's two-factor
 * plugin: it checks the password, seals the key and the recovery codes with the app's secret and
 * replaces the session after a change (the answer's Set-Cookie). This file only asks it, with the
 * person's own request headers, and says its refusals in the app's words.
 */
/**
 * The part of better-auth's API this feature calls (app.ts passes the app's `auth`; a feature
 * reaches another only through its service, so the type is spelled here, not imported).
 */
interface AuthCall {
  // better-auth checks each body with its own schema; any: each endpoint names its own body type.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  headers?: Headers;
  returnHeaders?: boolean;
}
export interface TwoStepAuth {
  api: {
    enableTwoFactor(call: AuthCall): Promise<unknown>;
    verifyTOTP(call: AuthCall): Promise<unknown>;
    viewBackupCodes(call: AuthCall): Promise<unknown>;
    generateBackupCodes(call: AuthCall): Promise<unknown>;
    disableTwoFactor(call: AuthCall): Promise<unknown>;
  };
}
type WithHeaders = { headers: Headers };
const codesOf = (answer: unknown): string[] => {
  const codes = (answer as { backupCodes?: unknown }).backupCodes;
  if (!Array.isArray(codes)) throw new Error('two-step: better-auth answered no recovery codes');
  return codes.filter((c): c is string => typeof c === 'string');
};

export interface TwoStepDeps {
  db: Db;
  auth: TwoStepAuth;
  /** better-auth's secret (AUTH_SECRET): what the plugin sealed the key and codes with. */
  secret: string;
  clock: Clock;
  /** The sign-in back-off, which a wrong password here counts against as a wrong sign-in does. */
  throttle: ThrottleSettings;
}

/** An answer and the cookies better-auth set with it (a replaced session). */
export interface WithCookies<T> {
  value: T;
  headers: Headers;
}

/** Whether two-step sign-in is on, and how many recovery codes are left. */
export async function twoStepStatus(deps: Pick<TwoStepDeps, 'db' | 'secret'>, userId: string): Promise<TwoStepStatus> {
  const [row] = await deps.db
    .select({ enabled: users.twoFactorEnabled, verified: twoFactors.verified, backupCodes: twoFactors.backupCodes })
    .from(users)
    .leftJoin(twoFactors, eq(twoFactors.userId, users.id))
    .where(eq(users.id, userId));
  if (!row?.enabled || !row.verified || !row.backupCodes) return { enabled: false, recoveryCodesLeft: null };
  return { enabled: true, recoveryCodesLeft: (await openRecoveryCodes(deps.secret, row.backupCodes)).length };
}

/** The recovery codes as the plugin sealed them ('encrypted': a JSON list), [] when unreadable. */
export async function openRecoveryCodes(secret: string, sealed: string): Promise<string[]> {
  try {
    const codes: unknown = JSON.parse(await symmetricDecrypt({ key: secret, data: sealed }));
    return Array.isArray(codes) ? codes.filter((c): c is string => typeof c === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * Turning on, step 1: the password → a new key (the QR code's address and the key in text).
 * Nothing is on yet: the plugin keeps the key unconfirmed until the first code (confirmSetup).
 * Asking again replaces an unconfirmed key.
 */
export async function startSetup(deps: TwoStepDeps, who: PasswordHolder, headers: Headers, password: string): Promise<TwoStepSetup> {
  const userId = who.id;
  if ((await twoStepStatus(deps, userId)).enabled) throw conflict('two_step_already_on', TWO_STEP_MESSAGES.alreadyOn);
  const answer = await withPassword(deps, who, () => deps.auth.api.enableTwoFactor({ body: { password, method: 'totp' }, headers }));
  const totpUri = (answer as { totpURI?: unknown }).totpURI;
  const key = typeof totpUri === 'string' ? keyOfOtpauthUri(totpUri) : null;
  if (typeof totpUri !== 'string' || !key) throw new Error('two-step: better-auth answered no authenticator key');
  return { totpUri, key };
}

/**
 * Turning on, step 2: the first code from the app → on; the ten recovery codes are shown now,
 * once (the plugin made them with the key; they are read back sealed, never kept in clear).
 */
export async function confirmSetup(deps: TwoStepDeps, userId: string, headers: Headers, typed: string): Promise<WithCookies<RecoveryCodes>> {
  const [row] = await deps.db.select({ verified: twoFactors.verified }).from(twoFactors).where(eq(twoFactors.userId, userId));
  if (!row) throw conflict('two_step_not_started', TWO_STEP_MESSAGES.nothingToConfirm);
  if (row.verified) throw conflict('two_step_already_on', TWO_STEP_MESSAGES.alreadyOn);
  const code = readCode(typed);
  if (code.kind !== 'totp') throw badRequest('wrong_code', TWO_STEP_MESSAGES.wrongCode);
  const answer = (await asked(() => deps.auth.api.verifyTOTP({ body: { code: code.code }, headers, returnHeaders: true }))) as WithHeaders;
  const recoveryCodes = codesOf(await deps.auth.api.viewBackupCodes({ body: { userId } }));
  return { value: { recoveryCodes }, headers: answer.headers };
}

/** Ten new recovery codes (the password again); the old ones stop working. */
export async function newRecoveryCodes(deps: TwoStepDeps, who: PasswordHolder, headers: Headers, password: string): Promise<RecoveryCodes> {
  const userId = who.id;
  if (!(await twoStepStatus(deps, userId)).enabled) throw conflict('two_step_not_on', TWO_STEP_MESSAGES.notOn);
  const answer = await withPassword(deps, who, () => deps.auth.api.generateBackupCodes({ body: { password }, headers }));
  return { recoveryCodes: codesOf(answer) };
}

/** Turning off (the password; the route asked for a recent proof): the key and codes are deleted. */
export async function turnOff(deps: TwoStepDeps, who: PasswordHolder, headers: Headers, password: string): Promise<WithCookies<{ enabled: false }>> {
  const userId = who.id;
  const [row] = await deps.db.select({ id: twoFactors.id }).from(twoFactors).where(eq(twoFactors.userId, userId));
  const [user] = await deps.db.select({ enabled: users.twoFactorEnabled }).from(users).where(eq(users.id, userId));
  if (!row && !user?.enabled) throw conflict('two_step_not_on', TWO_STEP_MESSAGES.notOn);
  const answer = (await withPassword(deps, who, () => deps.auth.api.disableTwoFactor({ body: { password }, headers, returnHeaders: true }))) as WithHeaders;
  return { value: { enabled: false }, headers: answer.headers };
}

/** Who asks with their password: their id, and the email their sign-in back-off is counted under. */
export interface PasswordHolder {
  id: string;
  email: string;
}

/**
 * A better-auth call that checks the password, counted against the account's sign-in back-off
 * (decision 018) as a wrong sign-in is: without it, someone holding a session could guess the
 * password here as fast as they could send requests. Too soon: TooManyAttempts (429). A right
 * password forgets the failures, as a sign-in does.
 */
async function withPassword<T>(deps: TwoStepDeps, who: PasswordHolder, call: () => Promise<T>): Promise<T> {
  const decision = await claimSignInAttempt(deps.db, who.email, deps.clock.now(), signInPolicy(deps.throttle));
  if (!decision.allowed) throw new TooManyAttempts(decision.retryAfterSeconds);
  const answer = await asked(call); // a wrong password throws: the attempt stays counted
  await clearSignInFailures(deps.db, who.email);
  return answer;
}

/** better-auth's refusals in the app's shape and words (a wrong password, a wrong code …). */
async function asked<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof APIError)) throw error;
    const code = (error.body as { code?: string } | undefined)?.code;
    switch (code) {
      case 'INVALID_PASSWORD':
      case 'CREDENTIAL_ACCOUNT_NOT_FOUND':
        throw badRequest('wrong_password', TWO_STEP_MESSAGES.wrongPassword);
      case 'INVALID_CODE':
        throw badRequest('wrong_code', TWO_STEP_MESSAGES.wrongCode);
      case 'TOTP_ALREADY_ENABLED':
        throw conflict('two_step_already_on', TWO_STEP_MESSAGES.alreadyOn);
      case 'TOTP_NOT_ENABLED':
      case 'TWO_FACTOR_NOT_ENABLED':
      case 'BACKUP_CODES_NOT_ENABLED':
        throw conflict('two_step_not_on', TWO_STEP_MESSAGES.notOn);
      case 'UNAUTHORIZED':
        throw new AppError(401, 'unauthenticated', 'Auth session missing!');
      default:
        throw error;
    }
  }
}
