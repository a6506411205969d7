import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdAt, idColumn, tstz } from './columns';
import { premiumBadges } from './points';

/** A payment as the server recorded it (Stripe webhook or the local test-mode provider). */
export const payments = pgTable(
  'payments',
  {
    id: idColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    premiumBadgeId: uuid('premium_badge_id').references(() => premiumBadges.id, { onDelete: 'restrict' }),
    amountCents: integer('amount_cents').notNull(),
    provider: text('provider').notNull(),
    providerRef: text('provider_ref').notNull(),
    status: text('status').notNull().default('pending'),
    createdAt: createdAt(),
    completedAt: tstz('completed_at'),
  },
  (t) => [
    unique('payments_provider_ref').on(t.provider, t.providerRef),
    check('payments_purpose', sql`${t.purpose} in ('verification_fee', 'premium_badge')`),
    check('payments_badge_for_badge', sql`(${t.purpose} = 'premium_badge') = (${t.premiumBadgeId} is not null)`),
    check('payments_status', sql`${t.status} in ('pending', 'succeeded', 'failed')`),
    check('payments_provider', sql`${t.provider} in ('stripe', 'test')`),
    check('payments_amount_positive', sql`${t.amountCents} > 0`),
    index('payments_user_idx').on(t.userId, t.purpose, t.status),
  ],
);

/** An identity check session. The government ID number is never stored in clear. */
export const verificationSessions = pgTable(
  'verification_sessions',
  {
    id: idColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    sessionId: text('session_id').notNull(),
    status: text('status').notNull().default('pending'),
    governmentIdDigest: text('government_id_digest'),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('verification_sessions_provider_session').on(t.provider, t.sessionId),
    check('verification_sessions_status', sql`${t.status} in ('pending', 'verified', 'failed')`),
    check('verification_sessions_provider', sql`${t.provider} in ('stripe', 'test')`),
    index('verification_sessions_user_idx').on(t.userId),
    // "Is this ID already behind another verified account?" is asked on every identity start.
    index('verification_sessions_digest_idx').on(t.governmentIdDigest).where(sql`${t.governmentIdDigest} is not null`),
  ],
);

export const premiumBadgePurchases = pgTable(
  'premium_badge_purchases',
  {
    id: idColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    premiumBadgeId: uuid('premium_badge_id')
      .notNull()
      .references(() => premiumBadges.id, { onDelete: 'restrict' }),
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    purchasedAt: tstz('purchased_at').notNull().defaultNow(),
  },
  (t) => [unique('premium_badge_purchases_once').on(t.userId, t.premiumBadgeId)],
);
