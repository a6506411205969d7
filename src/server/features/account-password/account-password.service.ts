import { and, eq, ne } from 'drizzle-orm';
import { COMMON_PASSWORD } from '../../../domain/accounts/common-passwords';
import { PASSWORD_CHANGE_MESSAGES, type ChangePasswordInput, type PasswordChanged } from '../../../domain/accounts/password-change';
import { RECENT_PROOF_REQUIRED } from '../../../domain/accounts/recent-proof';
import { asLanguage } from '../../../domain/i18n/languages';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { accounts, sessions, users } from '../../db/schema/auth';
import { AppError, badRequest, forbidden } from '../../http/app-error';
import { claimSignInAttempt, clearSignInFailures, signInPolicy, type ThrottleSettings } from '../../http/account-throttle';
import { TooManyAttempts } from '../../http/rate-limit';
import { markSessionProven } from '../../http/recent-proof';
import type { SessionUser } from '../../http/session';
import { enqueueMail } from '../../mail/outbox';
import { deviceOf } from '../account-devices/known-devices.service';
import { isRefusedAsCommon } from './common-passwords.service';
import { passwordChangedMail } from './password-mails';

export interface PasswordHashing {
  hash(password: string): Promise<string>;
  verify(input: { hash: string; password: string }): Promise<boolean>;
}

export interface PasswordDeps {
  db: Db;
  clock: Clock;
  /** better-auth's password hashing (scrypt), as its own endpoints use it: `(await auth.$context).password`. */
  passwords: () => Promise<PasswordHashing>;
  baseUrl: string;
  timeZone: string;
  throttle: ThrottleSettings;
}

const wrongCurrent = () => badRequest('wrong_password', PASSWORD_CHANGE_MESSAGES.wrongCurrent);

/**
 * Changes the signed-in person's password (issue 32): the current one must be right (each try
 * counts against the account's sign-in back-off, decision 018), the new one obeys the length rule
 * and is not common. Every other session ends; this one stays, proven now. A notice is mailed.
 */
export async function changePassword(deps: PasswordDeps, user: SessionUser, input: ChangePasswordInput, userAgent: string | undefined): Promise<PasswordChanged> {
  const { db } = deps;
  if (!user.sessionId) throw forbidden(RECENT_PROOF_REQUIRED.code, RECENT_PROOF_REQUIRED.message);
  if (isRefusedAsCommon(input.newPassword)) throw badRequest(COMMON_PASSWORD.code, COMMON_PASSWORD.message);
  const passwords = await deps.passwords();
  const [account] = await db
    .select({ id: accounts.id, password: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, user.id), eq(accounts.providerId, 'credential')));
  if (!account?.password) throw badRequest('no_password', PASSWORD_CHANGE_MESSAGES.noPassword);

  const decision = await claimSignInAttempt(db, user.email, deps.clock.now(), signInPolicy(deps.throttle));
  if (!decision.allowed) throw new TooManyAttempts(decision.retryAfterSeconds);
  if (!(await passwords.verify({ hash: account.password, password: input.currentPassword }))) throw wrongCurrent();
  await clearSignInFailures(db, user.email);
  if (input.newPassword === input.currentPassword) throw badRequest('same_password', PASSWORD_CHANGE_MESSAGES.sameAsCurrent);

  const hash = await passwords.hash(input.newPassword);
  const now = new Date();
  const result = await db.transaction(async (tx) => {
    // The password checked above must still be the account's: of two changes at once, one wins.
    const [locked] = await tx.select({ password: accounts.password }).from(accounts).where(eq(accounts.id, account.id)).for('update');
    if (locked?.password !== account.password) throw wrongCurrent();
    await tx.update(accounts).set({ password: hash, updatedAt: now }).where(eq(accounts.id, account.id));
    const ended = await tx
      .delete(sessions)
      .where(and(eq(sessions.userId, user.id), ne(sessions.id, user.sessionId!)))
      .returning({ id: sessions.id });
    const [owner] = await tx.select({ email: users.email, name: users.name, language: users.language }).from(users).where(eq(users.id, user.id));
    if (!owner) throw new AppError(404, 'not_found', 'Not found');
    await enqueueMail(
      tx,
      passwordChangedMail(owner.email, owner.name, { at: now, device: deviceOf(userAgent), url: `${deps.baseUrl}/auth?reset=true`, timeZone: deps.timeZone }, asLanguage(owner.language)),
    );
    return { changed: true as const, signedOutSessions: ended.length };
  });
  await markSessionProven(db, user.sessionId, now);
  return result;
}
