import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { PREMIUM_BADGE_MESSAGES, type PremiumBadgeView } from '../../../domain/premium-badges/premium-badge-types';
import { payments, premiumBadgePurchases } from '../../db/schema/payments';
import { premiumBadges } from '../../db/schema/points';
import { AppError, conflict, notFound } from '../../http/app-error';
import { openCheckout, recordProviderEvent, type VerificationDeps } from '../verification/verification.service';
import { loggableError } from '../../logger';

/**
 * Premium badges (George Washington): shown with the viewer's ownership, bought through the
 * payment provider. The checkout goes through the same path as the verification fee
 * (`openCheckout`, then `recordProviderEvent` on the provider's success), which records the
 * purchase, the badge and Champion in one transaction (premium-badge-purchases.service.ts).
 */
export type PremiumBadgeDeps = VerificationDeps;

/** How many open checkouts of a badge 'Check again' asks the provider about, newest first. */
const RECONCILE_LIMIT = 3;

const badgeColumns = (viewerId: string | null) => ({
  id: premiumBadges.id,
  name: premiumBadges.name,
  description: premiumBadges.description,
  imageUrl: premiumBadges.imageUrl,
  priceCents: premiumBadges.priceCents,
  purchasedAt: premiumBadgePurchases.purchasedAt,
  paymentPending: viewerId
    ? sql<boolean>`exists (select 1 from ${payments} p where p.user_id = ${viewerId} and p.purpose = 'premium_badge' and p.status = 'pending' and p.premium_badge_id = "premium_badges"."id")`
    : sql<boolean>`false`,
});

type BadgeRow = { id: string; name: string; description: string; imageUrl: string | null; priceCents: number; purchasedAt: Date | null; paymentPending: boolean };

const view = (row: BadgeRow): PremiumBadgeView => ({
  id: row.id,
  name: row.name,
  description: row.description,
  imageUrl: row.imageUrl,
  priceCents: row.priceCents,
  owned: row.purchasedAt !== null,
  purchasedAt: row.purchasedAt?.toISOString() ?? null,
  paymentPending: row.purchasedAt === null && row.paymentPending,
});

/** The viewer's purchases joined in (none for a visitor). */
const purchaseJoin = (viewerId: string | null) =>
  and(eq(premiumBadgePurchases.premiumBadgeId, premiumBadges.id), viewerId ? eq(premiumBadgePurchases.userId, viewerId) : sql`false`);

/** GET /api/premium-badges: every premium badge, with whether the viewer owns it (one query). */
export async function listPremiumBadges(deps: Pick<PremiumBadgeDeps, 'db'>, viewerId: string | null): Promise<PremiumBadgeView[]> {
  const rows = await deps.db
    .select(badgeColumns(viewerId))
    .from(premiumBadges)
    .leftJoin(premiumBadgePurchases, purchaseJoin(viewerId))
    .orderBy(asc(premiumBadges.priceCents), asc(premiumBadges.name));
  return rows.map(view);
}

/** GET /api/premium-badges/:id (one query); 'Badge Not Found' for an unknown id. */
export async function getPremiumBadge(deps: Pick<PremiumBadgeDeps, 'db'>, badgeId: string, viewerId: string | null): Promise<PremiumBadgeView> {
  const [row] = await deps.db
    .select(badgeColumns(viewerId))
    .from(premiumBadges)
    .leftJoin(premiumBadgePurchases, purchaseJoin(viewerId))
    .where(eq(premiumBadges.id, badgeId));
  if (!row) throw notFound(PREMIUM_BADGE_MESSAGES.notFound);
  return view(row);
}

/**
 * POST /api/premium-badges/:id/checkout: opens the provider's checkout for the badge's price.
 * Nothing is owned until the provider's success is recorded.
 */
export async function startPremiumBadgeCheckout(deps: PremiumBadgeDeps, userId: string, badgeId: string): Promise<{ url: string }> {
  const provider = deps.payments;
  if (!provider) throw new AppError(503, 'purchases_unavailable', PREMIUM_BADGE_MESSAGES.unavailable);
  const badge = await getPremiumBadge(deps, badgeId, userId);
  if (badge.owned) throw conflict('already_owned', PREMIUM_BADGE_MESSAGES.alreadyOwned);
  const page = `${deps.baseUrl}/premium-badge/${badge.id}`;
  return openCheckout(
    deps,
    provider,
    {
      userId,
      purpose: 'premium_badge',
      premiumBadgeId: badge.id,
      amountCents: badge.priceCents,
      description: `Graduated Unanimous Caucus — ${badge.name} premium badge`,
      successUrl: `${page}?payment=success`,
      cancelUrl: `${page}?payment=cancelled`,
    },
    {
      startFailed: () => new AppError(502, 'payment_start_failed', PREMIUM_BADGE_MESSAGES.startFailed),
      recordFailed: () => new AppError(500, 'payment_start_failed', PREMIUM_BADGE_MESSAGES.startFailed),
    },
  );
}

/**
 * POST /api/premium-badges/:id/check: asks the provider (server to server) about the viewer's
 * open checkouts of this badge and records what it says, through the same path as a webhook;
 * for a webhook that has not arrived. Answers the badge as the server now has it.
 */
export async function checkPremiumBadgePayment(deps: PremiumBadgeDeps, userId: string, badgeId: string): Promise<PremiumBadgeView> {
  await getPremiumBadge(deps, badgeId, userId); // 'Badge Not Found' first
  const provider = deps.payments;
  if (provider) {
    const open = await deps.db
      .select({ ref: payments.providerRef })
      .from(payments)
      .where(
        and(
          eq(payments.userId, userId),
          eq(payments.purpose, 'premium_badge'),
          eq(payments.premiumBadgeId, badgeId),
          eq(payments.provider, provider.name),
          eq(payments.status, 'pending'),
        ),
      )
      .orderBy(desc(payments.createdAt))
      .limit(RECONCILE_LIMIT);
    try {
      for (const { ref } of open) {
        const event = await provider.fetchCheckout(ref);
        if (event) await recordProviderEvent(deps, event);
      }
    } catch (error) {
      deps.logger.error({ err: loggableError(error) }, 'premium badge payment check failed');
      throw new AppError(502, 'payment_check_failed', PREMIUM_BADGE_MESSAGES.checkFailed);
    }
  }
  return getPremiumBadge(deps, badgeId, userId);
}
