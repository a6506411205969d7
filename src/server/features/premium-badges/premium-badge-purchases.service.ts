import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { premiumBadgePurchases } from '../../db/schema/payments';
import { premiumBadges } from '../../db/schema/points';
import { awardChampionIfComplete } from '../badges/champion.service';
import { awardBadges } from '../points/awards.service';

/**
 * What happens when the server records a premium badge's payment (called by the payment
 * recording path, `recordProviderEvent` of the verification service, inside its transaction).
 * Kept apart from premium-badges.service.ts, which starts checkouts through that service.
 */

export async function premiumBadgeExists(tx: DbOrTx, premiumBadgeId: string): Promise<boolean> {
  const [row] = await tx.select({ id: premiumBadges.id }).from(premiumBadges).where(eq(premiumBadges.id, premiumBadgeId));
  return !!row;
}

/**
 * A premium badge's payment counts only for exactly the badge's price: the amount recorded at
 * checkout and the amount the provider says was paid (when it says one) must both equal it.
 */
export async function premiumPaymentMatchesPrice(
  tx: DbOrTx,
  payment: { premiumBadgeId: string | null; amountCents: number },
  paidCents: number | null,
): Promise<boolean> {
  if (!payment.premiumBadgeId) return false;
  const [badge] = await tx.select({ priceCents: premiumBadges.priceCents }).from(premiumBadges).where(eq(premiumBadges.id, payment.premiumBadgeId));
  if (!badge) return false;
  return payment.amountCents === badge.priceCents && (paidCents === null || paidCents === badge.priceCents);
}

/**
 * Records the purchase of a paid premium badge, in the transaction that marks its payment
 * succeeded: the purchase row (once per user and badge: a replayed event, or a second paid
 * checkout, changes nothing), the badge itself and, if this completes it, Champion.
 * Returns whether the purchase was newly recorded.
 */
export async function recordPremiumBadgePurchase(
  tx: DbOrTx,
  payment: { id: string; userId: string; premiumBadgeId: string | null },
  at: Date,
): Promise<boolean> {
  if (!payment.premiumBadgeId) return false;
  const [badge] = await tx.select({ name: premiumBadges.name }).from(premiumBadges).where(eq(premiumBadges.id, payment.premiumBadgeId));
  if (!badge) return false;
  const inserted = await tx
    .insert(premiumBadgePurchases)
    .values({ userId: payment.userId, premiumBadgeId: payment.premiumBadgeId, paymentId: payment.id, purchasedAt: at })
    .onConflictDoNothing({ target: [premiumBadgePurchases.userId, premiumBadgePurchases.premiumBadgeId] })
    .returning({ id: premiumBadgePurchases.id });
  if (inserted.length === 0) return false;
  await awardBadges(tx, payment.userId, [badge.name], at);
  await awardChampionIfComplete(tx, payment.userId, at);
  return true;
}
