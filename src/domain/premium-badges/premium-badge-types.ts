import { z } from 'zod';

/**
 * A premium badge (George Washington) as GET /api/premium-badges/:id shows it to the viewer.
 * Bought through the payment provider; owned only once the server recorded the payment.
 */
export const premiumBadgeViewSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    imageUrl: z.string().nullable(),
    priceCents: z.number().int(),
    /** The viewer holds it (a recorded purchase); false for a visitor. */
    owned: z.boolean(),
    purchasedAt: z.string().nullable(),
    /** The viewer opened a checkout for it that the provider has not confirmed yet. */
    paymentPending: z.boolean(),
  })
  .meta({ id: 'PremiumBadge' });
export type PremiumBadgeView = z.infer<typeof premiumBadgeViewSchema>;

export const PREMIUM_BADGE_MESSAGES = {
  notFound: 'Badge Not Found',
  alreadyOwned: 'You already own this badge.',
  signedOut: 'You must be logged in to buy a badge.',
  unavailable: 'Purchases are not available on this server right now.',
  startFailed: 'Failed to start the payment. Please try again.',
  checkFailed: 'The payment could not be checked. Please try again.',
} as const;

/** The :id of /api/premium-badges/:id: a malformed id names no badge (404, like an unknown one). */
export const premiumBadgeIdSchema = z.object({ id: z.uuid({ error: PREMIUM_BADGE_MESSAGES.notFound }) });
