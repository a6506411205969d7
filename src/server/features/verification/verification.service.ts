import { asLanguage } from '../../../domain/i18n/languages';
import { translateMessage } from '../../../domain/i18n/translate-message';
import { createHmac } from 'node:crypto';
import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  type IdentityState,
  type PaymentState,
  VERIFICATION_FEE_CENTS,
  VERIFICATION_MESSAGES,
  type VerificationCheckResult,
  type VerificationStatus,
  missingStepsMessage,
  normalizeGovernmentId,
} from '../../../domain/verification/verification-schemas';
import type { Clock } from '../../clock';
import type { Db, DbOrTx } from '../../db/client';
import { users } from '../../db/schema/auth';
import { payments, verificationSessions } from '../../db/schema/payments';
import { premiumBadges } from '../../db/schema/points';
import { withRetry } from '../../db/transaction-retry';
import { AppError, conflict, unauthorized } from '../../http/app-error';
import { loggableError, type Logger } from '../../logger';
import {
  type CheckoutRequest,
  type PaymentProvider,
  type ProviderEvent,
  ProviderRequestError,
  ProviderResponseError,
  type StartedSession,
} from '../../payments/payment-provider';
import type { OpenTestSession, TestSessionKind } from '../../payments/test-provider';
import { settleElectionsOf } from '../caucuses/caucuses.service';
import { premiumBadgeExists, premiumPaymentMatchesPrice, recordPremiumBadgePurchase } from '../premium-badges/premium-badge-purchases.service';
import { VERIFIED_REWARD_TITLE } from '../../../domain/notifications/notifications';
import { notify } from '../notifications/notifications.service';

export interface VerificationDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  /** null: no provider (production without Stripe keys): verification cannot start. */
  payments: PaymentProvider | null;
  /** AUTH_SECRET: the key of the government ID digest. */
  secret: string;
  baseUrl: string;
}

const FEE_DESCRIPTION = 'Graduated Unanimous Caucus — identity verification fee';
/** How many open sessions "Check Status" asks the provider about, newest first. */
const RECONCILE_LIMIT = 3;

const appError = (status: 401 | 409 | 500 | 502 | 503, code: string, message: string) =>
  new AppError(status, code, message, { title: message.includes(':') ? message.slice(0, message.indexOf(':')) : message });

export const notLoggedIn = () => unauthorized(VERIFICATION_MESSAGES.notLoggedIn);

/**
 * The government ID as we keep it: HMAC-SHA256 keyed with AUTH_SECRET over the normalized
 * number. Equal IDs give equal digests (so one ID cannot verify two accounts); the number
 * itself cannot be read back, and without the secret it cannot be guessed by trying numbers.
 */
export function governmentIdDigest(secret: string, governmentId: string): string {
  return createHmac('sha256', secret).update(`government-id\0${normalizeGovernmentId(governmentId)}`).digest('hex');
}

/** GET /api/verification: only what the server has recorded. */
export async function getVerificationStatus(deps: VerificationDeps, userId: string): Promise<VerificationStatus> {
  const { db, payments: provider } = deps;
  const [user] = await db.select({ verified: users.verified }).from(users).where(eq(users.id, userId));
  if (!user) throw notLoggedIn();
  const mode = provider?.name ?? 'unavailable';
  let payment: PaymentState = 'none';
  let identity: IdentityState = 'none';
  if (provider) {
    const [p] = await db
      .select({ status: payments.status })
      .from(payments)
      .where(and(eq(payments.userId, userId), eq(payments.purpose, 'verification_fee'), eq(payments.provider, provider.name)))
      .orderBy(desc(sql`${payments.status} = 'succeeded'`), desc(payments.createdAt))
      .limit(1);
    payment = (p?.status as PaymentState | undefined) ?? 'none';
    const [s] = await db
      .select({ status: verificationSessions.status })
      .from(verificationSessions)
      .where(and(eq(verificationSessions.userId, userId), eq(verificationSessions.provider, provider.name)))
      .orderBy(desc(sql`${verificationSessions.status} = 'verified'`), desc(verificationSessions.createdAt))
      .limit(1);
    identity = (s?.status as IdentityState | undefined) ?? 'none';
  }
  return { verified: user.verified, feePaid: payment === 'succeeded', feeCents: VERIFICATION_FEE_CENTS, payment, identity, mode };
}

function requireProvider(deps: VerificationDeps): PaymentProvider {
  if (!deps.payments) throw appError(503, 'verification_unavailable', VERIFICATION_MESSAGES.unavailable);
  return deps.payments;
}

/** Calls the provider; its failures become the spec's messages (the details go to the log only). */
async function startAtProvider(deps: VerificationDeps, what: string, failure: string, run: () => Promise<StartedSession>): Promise<StartedSession> {
  try {
    return await run();
  } catch (error) {
    deps.logger.error({ err: loggableError(error), what }, 'payment provider failed');
    if (error instanceof ProviderResponseError) throw appError(502, 'session_error', VERIFICATION_MESSAGES.sessionError);
    if (error instanceof ProviderRequestError) throw appError(502, 'verification_start_failed', failure);
    throw appError(502, 'verification_start_failed', failure);
  }
}

async function recordStart(deps: VerificationDeps, what: string, run: () => Promise<unknown>): Promise<void> {
  try {
    await run();
  } catch (error) {
    deps.logger.error({ err: loggableError(error), what }, 'could not record a verification session');
    throw appError(500, 'database_error', VERIFICATION_MESSAGES.databaseError);
  }
}

/** How a caller words the failures of openCheckout. */
export interface CheckoutFailures {
  /** The provider could not open the checkout (`error` is a ProviderRequestError or ProviderResponseError). */
  startFailed: (error: unknown) => AppError;
  /** The checkout was opened but could not be recorded. */
  recordFailed: () => AppError;
}

/**
 * Opens a hosted checkout at the provider and records it as a pending `payments` row: the one
 * way a payment starts (the verification fee, a premium badge). Whatever it pays for counts
 * only when `recordProviderEvent` records the provider's success for that row.
 */
export async function openCheckout(
  deps: Pick<VerificationDeps, 'db' | 'clock' | 'logger'>,
  provider: PaymentProvider,
  request: CheckoutRequest,
  failures: CheckoutFailures,
): Promise<{ url: string }> {
  let session: StartedSession;
  try {
    // The payer's saved language: the provider's page speaks it, and shows what is paid for in it.
    const [payer] = await deps.db.select({ language: users.language }).from(users).where(eq(users.id, request.userId));
    const language = asLanguage(payer?.language);
    session = await provider.createCheckout({ ...request, language, description: translateMessage(language, request.description) });
  } catch (error) {
    deps.logger.error({ err: loggableError(error), what: 'checkout', purpose: request.purpose }, 'payment provider failed');
    throw failures.startFailed(error);
  }
  try {
    await deps.db.insert(payments).values({
      userId: request.userId,
      purpose: request.purpose,
      premiumBadgeId: request.premiumBadgeId ?? null,
      amountCents: request.amountCents,
      provider: provider.name,
      providerRef: session.ref,
      status: 'pending',
      createdAt: deps.clock.now(),
    });
  } catch (error) {
    deps.logger.error({ err: loggableError(error), what: 'checkout', purpose: request.purpose }, 'could not record a checkout');
    throw failures.recordFailed();
  }
  return { url: session.url };
}

/** POST /api/verification/payment: opens the provider's checkout for the $3.00 fee. */
export async function startFeePayment(deps: VerificationDeps, userId: string): Promise<{ url: string }> {
  const provider = requireProvider(deps);
  const status = await getVerificationStatus(deps, userId);
  if (status.verified) throw conflict('already_verified', VERIFICATION_MESSAGES.alreadyVerified);
  if (status.feePaid) throw conflict('fee_already_paid', VERIFICATION_MESSAGES.feeAlreadyPaid);
  return openCheckout(
    deps,
    provider,
    {
      userId,
      purpose: 'verification_fee',
      amountCents: VERIFICATION_FEE_CENTS,
      description: FEE_DESCRIPTION,
      successUrl: `${deps.baseUrl}/verification?payment=success`,
      cancelUrl: `${deps.baseUrl}/verification?payment=cancelled`,
    },
    {
      startFailed: (error) =>
        error instanceof ProviderResponseError
          ? appError(502, 'session_error', VERIFICATION_MESSAGES.sessionError)
          : appError(502, 'verification_start_failed', VERIFICATION_MESSAGES.paymentStartFailed),
      recordFailed: () => appError(500, 'database_error', VERIFICATION_MESSAGES.databaseError),
    },
  );
}

/** Another verified account already verified its identity with this ID. */
async function digestUsedByAnother(tx: DbOrTx, digest: string, userId: string): Promise<boolean> {
  const [row] = await tx
    .select({ userId: verificationSessions.userId })
    .from(verificationSessions)
    .innerJoin(users, eq(users.id, verificationSessions.userId))
    .where(
      and(
        eq(verificationSessions.governmentIdDigest, digest),
        eq(verificationSessions.status, 'verified'),
        eq(users.verified, true),
        ne(verificationSessions.userId, userId),
      ),
    )
    .limit(1);
  return !!row;
}

/**
 * POST /api/verification/identity: keeps only the ID's digest, refuses an ID that already
 * verified another account, and opens the provider's identity check.
 */
export async function startIdentityCheck(deps: VerificationDeps, userId: string, governmentId: string): Promise<{ url: string }> {
  const provider = requireProvider(deps);
  const digest = governmentIdDigest(deps.secret, governmentId);
  const status = await getVerificationStatus(deps, userId);
  if (status.verified) throw conflict('already_verified', VERIFICATION_MESSAGES.alreadyVerified);
  if (status.identity === 'verified') throw conflict('identity_already_verified', VERIFICATION_MESSAGES.identityAlreadyVerified);
  if (await digestUsedByAnother(deps.db, digest, userId)) throw conflict('government_id_in_use', VERIFICATION_MESSAGES.governmentIdInUse);
  const session = await startAtProvider(deps, 'identity', VERIFICATION_MESSAGES.startFailed, () =>
    provider.createIdentitySession({ userId, returnUrl: `${deps.baseUrl}/verification?identity=submitted` }),
  );
  const now = deps.clock.now();
  await recordStart(deps, 'identity', () =>
    deps.db.insert(verificationSessions).values({
      userId,
      provider: provider.name,
      sessionId: session.ref,
      status: 'pending',
      governmentIdDigest: digest,
      createdAt: now,
      updatedAt: now,
    }),
  );
  return { url: session.url };
}

/**
 * Records what a provider said (a Stripe webhook, a read from Stripe, or the test provider's
 * signed form). Idempotent: a redelivered event changes nothing more. A success is never
 * undone by a late failure.
 */
export async function recordProviderEvent(deps: VerificationDeps, event: ProviderEvent): Promise<void> {
  const provider = deps.payments;
  if (!provider || event.kind === 'ignored') return;
  const now = deps.clock.now();
  const log = deps.logger;

  if (event.kind === 'payment_succeeded') {
    const outcome = await withRetry(() =>
      deps.db.transaction(async (tx) => {
        let [row] = await tx
          .select()
          .from(payments)
          .where(and(eq(payments.provider, provider.name), eq(payments.providerRef, event.ref)))
          .for('update');
        if (!row) {
          // A checkout we did not record (the row's insert failed after Stripe created it):
          // it carries its user (and premium badge) in the metadata Stripe signed for us.
          if (!event.userId || !isUuid(event.userId)) return null;
          const purpose = event.purpose;
          if (purpose !== 'verification_fee' && purpose !== 'premium_badge') return null;
          const premiumBadgeId = purpose === 'premium_badge' ? (event.premiumBadgeId ?? null) : null;
          if (purpose === 'premium_badge' && (!premiumBadgeId || !isUuid(premiumBadgeId) || event.amountCents === null)) return null;
          if (premiumBadgeId && !(await premiumBadgeExists(tx, premiumBadgeId))) return null;
          const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, event.userId));
          if (!user) return null;
          [row] = await tx
            .insert(payments)
            .values({
              userId: user.id,
              purpose,
              premiumBadgeId,
              amountCents: event.amountCents ?? VERIFICATION_FEE_CENTS,
              provider: provider.name,
              providerRef: event.ref,
              status: 'pending',
              createdAt: now,
            })
            .onConflictDoNothing()
            .returning();
          if (!row) return null;
        }
        if (event.userId && event.userId !== row.userId) return { mismatch: true as const, row };
        const underpaid = event.amountCents !== null && event.amountCents < row.amountCents;
        const wrongCurrency = event.currency !== null && event.currency.toLowerCase() !== 'usd';
        if (underpaid || wrongCurrency) return { mismatch: true as const, row };
        // A premium badge's payment must be exactly the badge's price.
        if (row.purpose === 'premium_badge' && !(await premiumPaymentMatchesPrice(tx, row, event.amountCents))) return { mismatch: true as const, row };
        if (row.status !== 'succeeded') {
          await tx.update(payments).set({ status: 'succeeded', completedAt: now }).where(eq(payments.id, row.id));
        }
        // In the same transaction: the purchase, the badge, and Champion (once: a replay changes nothing).
        if (row.purpose === 'premium_badge') await recordPremiumBadgePurchase(tx, row, now);
        return { mismatch: false as const, row };
      }),
    );
    if (!outcome) {
      log.warn({ eventId: event.eventId, ref: event.ref }, 'payment event for an unknown checkout ignored');
      return;
    }
    if (outcome.mismatch) {
      log.warn({ eventId: event.eventId, ref: event.ref, paymentId: outcome.row.id }, 'payment event does not match the recorded checkout: not counted');
      return;
    }
    if (outcome.row.purpose === 'verification_fee') await completeVerification(deps, outcome.row.userId);
    return;
  }

  if (event.kind === 'payment_failed') {
    await deps.db
      .update(payments)
      .set({ status: 'failed', completedAt: now })
      .where(and(eq(payments.provider, provider.name), eq(payments.providerRef, event.ref), eq(payments.status, 'pending')));
    return;
  }

  const [session] = await deps.db
    .select({ id: verificationSessions.id, userId: verificationSessions.userId, status: verificationSessions.status })
    .from(verificationSessions)
    .where(and(eq(verificationSessions.provider, provider.name), eq(verificationSessions.sessionId, event.ref)));
  if (!session) {
    log.warn({ eventId: event.eventId, ref: event.ref }, 'identity event for an unknown session ignored');
    return;
  }
  if (event.userId && event.userId !== session.userId) {
    log.warn({ eventId: event.eventId, ref: event.ref }, 'identity event does not match the recorded session: ignored');
    return;
  }
  if (event.kind === 'identity_verified') {
    await deps.db
      .update(verificationSessions)
      .set({ status: 'verified', updatedAt: now })
      .where(and(eq(verificationSessions.id, session.id), ne(verificationSessions.status, 'verified')));
    await completeVerification(deps, session.userId);
    return;
  }
  // identity_failed: only an open session fails; a verified one stays verified.
  await deps.db
    .update(verificationSessions)
    .set({ status: 'failed', updatedAt: now })
    .where(and(eq(verificationSessions.id, session.id), eq(verificationSessions.status, 'pending')));
}

export type CompletionOutcome = 'verified_now' | 'already_verified' | 'incomplete';

/**
 * `users.verified` becomes true only here, when the server has recorded both a succeeded
 * verification fee and a verified identity check whose ID no other verified account uses.
 * One transaction with the user's row locked; the ID digests are locked too (in order), so
 * two accounts racing with the same ID cannot both become verified. Afterwards every
 * unfinalized caucus the user votes in may finalize by itself (PRODUCT-RULES).
 */
export async function completeVerification(deps: VerificationDeps, userId: string): Promise<CompletionOutcome> {
  const provider = deps.payments;
  const outcome = await withRetry(() =>
    deps.db.transaction(async (tx): Promise<CompletionOutcome> => {
      const [user] = await tx.select({ verified: users.verified }).from(users).where(eq(users.id, userId)).for('update');
      if (!user) return 'incomplete';
      if (user.verified) return 'already_verified';
      if (!provider) return 'incomplete';
      const [paid] = await tx
        .select({ id: payments.id })
        .from(payments)
        .where(
          and(
            eq(payments.userId, userId),
            eq(payments.purpose, 'verification_fee'),
            eq(payments.provider, provider.name),
            eq(payments.status, 'succeeded'),
          ),
        )
        .limit(1);
      if (!paid) return 'incomplete';
      const sessions = await tx
        .select({ id: verificationSessions.id, digest: verificationSessions.governmentIdDigest })
        .from(verificationSessions)
        .where(and(eq(verificationSessions.userId, userId), eq(verificationSessions.provider, provider.name), eq(verificationSessions.status, 'verified')));
      const withDigest = sessions.filter((s): s is { id: string; digest: string } => !!s.digest);
      if (withDigest.length === 0) return 'incomplete';
      const digests = [...new Set(withDigest.map((s) => s.digest))].sort();
      for (const digest of digests) await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`government-id:${digest}`}, 0))`);
      const taken = new Set<string>();
      for (const digest of digests) if (await digestUsedByAnother(tx, digest, userId)) taken.add(digest);
      if (taken.size === digests.length) {
        // The ID already verified another account: this identity check cannot count.
        const ids = withDigest.filter((s) => taken.has(s.digest)).map((s) => s.id);
        await tx.update(verificationSessions).set({ status: 'failed', updatedAt: deps.clock.now() }).where(inArray(verificationSessions.id, ids));
        deps.logger.warn({ userId }, 'identity check refused: the government ID already verified another account');
        return 'incomplete';
      }
      await tx.update(users).set({ verified: true, updatedAt: deps.clock.now() }).where(eq(users.id, userId));
      await notify(tx, deps.clock.now(), [{ userId, kind: 'reward_available', data: { rewardTitle: VERIFIED_REWARD_TITLE } }]);
      return 'verified_now';
    }),
  );
  if (outcome === 'verified_now') deps.logger.info({ userId }, 'user verified');
  // Also on a redelivery: if an earlier settling failed half-way, this one finishes it.
  if (outcome !== 'incomplete') await settleElectionsOf({ db: deps.db, clock: deps.clock }, userId);
  return outcome;
}

/**
 * POST /api/verification/check: asks the provider (server to server) about the user's open
 * sessions, records what it says, and answers the status with the spec's 'Not Yet Verified'.
 */
export async function checkVerification(deps: VerificationDeps, userId: string): Promise<VerificationCheckResult> {
  const provider = deps.payments;
  try {
    if (provider) {
      const openPayments = await deps.db
        .select({ ref: payments.providerRef })
        .from(payments)
        .where(and(eq(payments.userId, userId), eq(payments.purpose, 'verification_fee'), eq(payments.provider, provider.name), eq(payments.status, 'pending')))
        .orderBy(desc(payments.createdAt))
        .limit(RECONCILE_LIMIT);
      for (const { ref } of openPayments) {
        const event = await provider.fetchCheckout(ref);
        if (event) await recordProviderEvent(deps, event);
      }
      const openSessions = await deps.db
        .select({ ref: verificationSessions.sessionId })
        .from(verificationSessions)
        .where(and(eq(verificationSessions.userId, userId), eq(verificationSessions.provider, provider.name), eq(verificationSessions.status, 'pending')))
        .orderBy(desc(verificationSessions.createdAt))
        .limit(RECONCILE_LIMIT);
      for (const { ref } of openSessions) {
        const event = await provider.fetchIdentitySession(ref);
        if (event) await recordProviderEvent(deps, event);
      }
    }
    await completeVerification(deps, userId);
  } catch (error) {
    if (error instanceof AppError) throw error;
    deps.logger.error({ err: loggableError(error) }, 'verification status check failed');
    throw appError(502, 'status_check_failed', VERIFICATION_MESSAGES.statusCheckFailed);
  }
  const status = await getVerificationStatus(deps, userId);
  return status.verified
    ? { ...status, title: 'Verified', message: missingStepsMessage(status) }
    : { ...status, title: VERIFICATION_MESSAGES.notYetVerified, message: missingStepsMessage(status) };
}

/** The test provider shows and accepts only sessions the server opened and that are still open. */
export async function findOpenTestSession(deps: VerificationDeps, kind: TestSessionKind, ref: string): Promise<OpenTestSession | null> {
  if (deps.payments?.name !== 'test') return null;
  if (kind === 'checkout') {
    const [row] = await deps.db
      .select({
        userId: payments.userId,
        purpose: payments.purpose,
        amountCents: payments.amountCents,
        premiumBadgeId: payments.premiumBadgeId,
        premiumBadgeName: premiumBadges.name,
      })
      .from(payments)
      .leftJoin(premiumBadges, eq(premiumBadges.id, payments.premiumBadgeId))
      .where(and(eq(payments.provider, 'test'), eq(payments.providerRef, ref), eq(payments.status, 'pending')));
    if (!row) return null;
    const { premiumBadgeId, premiumBadgeName, ...session } = row;
    if (row.purpose !== 'premium_badge' || !premiumBadgeId) return session;
    return {
      ...session,
      description: `Graduated Unanimous Caucus — ${premiumBadgeName ?? 'a'} premium badge`,
      returnPath: `/premium-badge/${premiumBadgeId}`,
    };
  }
  const [row] = await deps.db
    .select({ userId: verificationSessions.userId })
    .from(verificationSessions)
    .where(and(eq(verificationSessions.provider, 'test'), eq(verificationSessions.sessionId, ref), eq(verificationSessions.status, 'pending')));
  return row ?? null;
}

const isUuid = (v: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v);
