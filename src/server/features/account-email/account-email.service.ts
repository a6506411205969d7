import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, ne, or, sql } from 'drizzle-orm';
import {
  EMAIL_CHANGE_MESSAGES,
  confirmRefusal,
  emailChangeExpiries,
  undoRefusal,
  type EmailChangeConfirmed,
  type EmailChangePolicy,
  type EmailChangeRequested,
  type EmailChangeUndone,
  type OwnEmail,
  type Refusal,
} from '../../../domain/accounts/email-change';
import { asLanguage } from '../../../domain/i18n/languages';
import type { Clock } from '../../clock';
import { pgErrorOf, type Db, type DbOrTx } from '../../db/client';
import { emailChanges, sessions, users } from '../../db/schema/auth';
import { accountKey, signInKey } from '../../http/account-throttle';
import { AppError, badRequest, conflict } from '../../http/app-error';
import { hitRateLimit, refundRateLimit, TooManyAttempts, type RateLimitDecision } from '../../http/rate-limit';
import { enqueueMails } from '../../mail/outbox';
import { convertEmailInvitations } from '../invitations/invitations.service';
import { confirmNewEmailMail, emailChangeNoticeMail } from './account-email-mails';

export interface EmailChangeLimits extends EmailChangePolicy {
  perUserMax: number;
  perUserWindowSeconds: number;
  perRecipientMax: number;
  perRecipientWindowSeconds: number;
}

export interface AccountEmailDeps {
  db: Db;
  clock: Clock;
  baseUrl: string;
  limits: EmailChangeLimits;
}

/** A link's token is 256 random bits: a fast hash is enough (as API tokens, decision 031). */
export const hashEmailChangeToken = (token: string) => createHash('sha256').update(token).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');

/** The same counter as better-auth's mails to an address (account-throttle.ts): one budget per recipient. */
const recipientKey = (email: string) => `auth-mail:${accountKey(email)}`;
const userKey = (userId: string) => `email-change:${userId}`;

const refusal = (which: Refusal): AppError =>
  which === 'badLink' ? badRequest('bad_email_change_link', EMAIL_CHANGE_MESSAGES.badLink) : conflict('email_changed_meanwhile', EMAIL_CHANGE_MESSAGES[which] as string);

const isEmailTaken = (error: unknown) => {
  const pg = pgErrorOf(error);
  return pg?.code === '23505' && (!pg.constraint || pg.constraint === 'users_email_lower_key');
};

const pendingOf = (userId: string) => and(eq(emailChanges.userId, userId), isNull(emailChanges.confirmedAt), isNull(emailChanges.cancelledAt));

/** The person's address and the change waiting for its confirmation, if any (and not expired). */
export async function ownEmail({ db, clock }: Pick<AccountEmailDeps, 'db' | 'clock'>, userId: string): Promise<OwnEmail> {
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  const [pending] = await db.select().from(emailChanges).where(pendingOf(userId));
  const live = pending && pending.confirmExpiresAt.getTime() > clock.now().getTime() && !pending.undoneAt;
  return {
    email: user!.email,
    pending: live ? { newEmail: pending.newEmail, requestedAt: pending.requestedAt.toISOString(), confirmExpiresAt: pending.confirmExpiresAt.toISOString() } : null,
  };
}

async function hitOrRefuse(db: Db, key: string, max: number, windowSeconds: number, now: Date): Promise<RateLimitDecision> {
  const hit = await hitRateLimit(db, key, max, windowSeconds, now);
  if (!hit.allowed) throw new TooManyAttempts(hit.retryAfterSeconds);
  return hit;
}

/**
 * Asks to move the account to `newEmail`: replaces a pending change, then mails the new address
 * its confirmation link and the old one the notice with "This wasn't me". The answer is the same
 * whether or not another account has the address; if one has, no link goes to it (decision 051).
 * Throws TooManyAttempts (429) past the per-person or per-recipient limit.
 */
export async function requestEmailChange(deps: AccountEmailDeps, userId: string, newEmail: string): Promise<EmailChangeRequested> {
  const { db, clock, limits, baseUrl } = deps;
  const now = clock.now();
  const [me] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (me!.email.toLowerCase() === newEmail) throw badRequest('same_email', EMAIL_CHANGE_MESSAGES.sameEmail);

  const perUser = await hitOrRefuse(db, userKey(userId), limits.perUserMax, limits.perUserWindowSeconds, now);
  let perRecipient: RateLimitDecision;
  try {
    perRecipient = await hitOrRefuse(db, recipientKey(newEmail), limits.perRecipientMax, limits.perRecipientWindowSeconds, now);
  } catch (error) {
    await refundRateLimit(db, userKey(userId), perUser.windowStart);
    throw error;
  }

  const confirmToken = newToken();
  const undoToken = newToken();
  const { confirmExpiresAt, undoExpiresAt } = emailChangeExpiries(now, limits);
  try {
    return await db.transaction(async (tx) => {
      // One person's requests, confirmations and undos take turns on their user row.
      const [user] = await tx.select({ email: users.email, name: users.name, language: users.language }).from(users).where(eq(users.id, userId)).for('update');
      if (user!.email.toLowerCase() === newEmail) throw badRequest('same_email', EMAIL_CHANGE_MESSAGES.sameEmail);
      const [owner] = await tx.select({ id: users.id }).from(users).where(and(sql`lower(${users.email}) = ${newEmail}`, ne(users.id, userId)));
      // A newer request replaces the pending one (its confirmation link stops working; its
      // "This wasn't me" keeps working until it expires).
      await tx.update(emailChanges).set({ cancelledAt: now }).where(pendingOf(userId));
      await tx.insert(emailChanges).values({
        userId,
        oldEmail: user!.email,
        newEmail,
        confirmTokenHash: hashEmailChangeToken(confirmToken),
        undoTokenHash: hashEmailChangeToken(undoToken),
        requestedAt: now,
        confirmExpiresAt,
        undoExpiresAt,
      });
      const language = asLanguage(user!.language);
      const mails = [emailChangeNoticeMail(user!.email, user!.name, newEmail, `${baseUrl}/email-change/undo/${undoToken}`, limits.undoHours, language)];
      if (!owner) mails.unshift(confirmNewEmailMail(newEmail, user!.name, `${baseUrl}/email-change/confirm/${confirmToken}`, limits.confirmHours, language));
      await enqueueMails(tx, mails);
      return {
        message: EMAIL_CHANGE_MESSAGES.requested,
        pending: { newEmail, requestedAt: now.toISOString(), confirmExpiresAt: confirmExpiresAt.toISOString() },
      };
    });
  } catch (error) {
    await refundRateLimit(db, userKey(userId), perUser.windowStart);
    await refundRateLimit(db, recipientKey(newEmail), perRecipient.windowStart);
    throw error;
  }
}

/** Cancels the change waiting for confirmation (its link stops working). */
export async function cancelEmailChange({ db, clock }: Pick<AccountEmailDeps, 'db' | 'clock'>, userId: string): Promise<{ cancelled: true }> {
  const done = await db.update(emailChanges).set({ cancelledAt: clock.now() }).where(pendingOf(userId)).returning({ id: emailChanges.id });
  if (done.length === 0) throw conflict('nothing_pending', EMAIL_CHANGE_MESSAGES.nothingPending);
  return { cancelled: true };
}

/**
 * What follows the address (decision 051): the newsletter subscription and the sign-in
 * back-off counter (kept for the account, so a change does not reset a guesser's wait).
 */
async function moveEmailKeyedRows(tx: DbOrTx, userId: string, from: string, to: string): Promise<void> {
  await tx.execute(sql`
    with moved as (delete from newsletter_subscriptions where lower(email) = ${from.toLowerCase()} and user_id = ${userId} returning created_at)
    insert into newsletter_subscriptions (email, user_id, created_at) select ${to}, ${userId}, created_at from moved
    on conflict (email) do update set user_id = excluded.user_id`);
  await tx.execute(sql`
    with moved as (delete from rate_limits where key = ${signInKey(from)} returning window_start, count)
    insert into rate_limits (key, window_start, count) select ${signInKey(to)}, window_start, count from moved
    on conflict (key) do update set count = greatest(rate_limits.count, excluded.count), window_start = greatest(rate_limits.window_start, excluded.window_start)`);
}

/** Finds a change by one of its tokens' hash and locks its person's row; null when no change has it. */
async function lockChange(tx: DbOrTx, column: typeof emailChanges.confirmTokenHash | typeof emailChanges.undoTokenHash, token: string) {
  const hash = hashEmailChangeToken(token);
  const [found] = await tx.select({ userId: emailChanges.userId }).from(emailChanges).where(eq(column, hash));
  if (!found) return null;
  const [user] = await tx.select({ email: users.email, deletedAt: users.deletedAt }).from(users).where(eq(users.id, found.userId)).for('update');
  // Read again under the lock: a confirmation or undo that committed meanwhile is seen.
  const [change] = await tx.select().from(emailChanges).where(eq(column, hash));
  return user && change && !user.deletedAt ? { user, change } : null;
}

/** The confirmation link's button: the account's address becomes the new one (still confirmed). */
export async function confirmEmailChange(deps: Pick<AccountEmailDeps, 'db' | 'clock'>, token: string): Promise<EmailChangeConfirmed> {
  const { db, clock } = deps;
  let userId: string;
  let email: string;
  try {
    ({ userId, email } = await db.transaction(async (tx) => {
      const now = clock.now();
      const locked = await lockChange(tx, emailChanges.confirmTokenHash, token);
      if (!locked) throw refusal('badLink');
      const { user, change } = locked;
      const refused = confirmRefusal(change, user.email, now);
      if (refused) throw refusal(refused);
      await tx.update(users).set({ email: change.newEmail, emailVerified: true, updatedAt: now }).where(eq(users.id, change.userId));
      await tx.update(emailChanges).set({ confirmedAt: now }).where(eq(emailChanges.id, change.id));
      await moveEmailKeyedRows(tx, change.userId, change.oldEmail, change.newEmail);
      return { userId: change.userId, email: change.newEmail };
    }));
  } catch (error) {
    if (isEmailTaken(error)) throw conflict('email_taken', EMAIL_CHANGE_MESSAGES.addressTaken);
    throw error;
  }
  // Invitations sent by email to the address now proven become the person's (as after sign-up).
  await convertEmailInvitations(deps, userId);
  return { email };
}

/**
 * "This wasn't me": puts the old address back (if the change was confirmed), cancels a pending
 * change, stops every other change's "This wasn't me" (so a later one cannot move the address
 * away again) and ends every session of the person. Refused, with nothing changed, when another
 * account took the old address meanwhile.
 */
export async function undoEmailChange({ db, clock }: Pick<AccountEmailDeps, 'db' | 'clock'>, token: string): Promise<EmailChangeUndone> {
  try {
    return await db.transaction(async (tx) => {
      const now = clock.now();
      const locked = await lockChange(tx, emailChanges.undoTokenHash, token);
      if (!locked) throw refusal('badLink');
      const { user, change } = locked;
      const refused = undoRefusal(change, now);
      if (refused) throw refusal(refused);
      if (user.email.toLowerCase() !== change.oldEmail.toLowerCase()) {
        await tx.update(users).set({ email: change.oldEmail, emailVerified: true, updatedAt: now }).where(eq(users.id, change.userId));
        await moveEmailKeyedRows(tx, change.userId, user.email, change.oldEmail);
      }
      await tx.update(emailChanges).set({ cancelledAt: now }).where(pendingOf(change.userId));
      await tx
        .update(emailChanges)
        .set({ undoExpiresAt: now })
        .where(and(eq(emailChanges.userId, change.userId), ne(emailChanges.id, change.id), isNull(emailChanges.undoneAt), or(isNull(emailChanges.undoExpiresAt), sql`${emailChanges.undoExpiresAt} > ${now}`)));
      await tx.update(emailChanges).set({ undoneAt: now }).where(eq(emailChanges.id, change.id));
      await tx.delete(sessions).where(eq(sessions.userId, change.userId));
      return { email: change.oldEmail, signedOut: true as const };
    });
  } catch (error) {
    if (isEmailTaken(error)) throw conflict('old_email_taken', EMAIL_CHANGE_MESSAGES.oldAddressTaken);
    throw error;
  }
}
