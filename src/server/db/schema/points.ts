import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, text, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { caucuses } from './caucuses';
import { createdAt, idColumn, tstz } from './columns';

export const badges = pgTable(
  'badges',
  {
    id: idColumn(),
    name: text('name').notNull().unique(),
    description: text('description').notNull(),
    iconUrl: text('icon_url'),
    criteria: text('criteria').notNull(),
    category: text('category').notNull(),
    metric: text('metric').notNull(),
    threshold: integer('threshold'),
  },
  (t) => [
    check(
      'badges_category',
      sql`${t.category} in ('Recruitment', 'Leadership', 'Community', 'Challenges', 'Special', 'Founding', 'Premium')`,
    ),
  ],
);

export const userBadges = pgTable(
  'user_badges',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    badgeId: uuid('badge_id')
      .notNull()
      .references(() => badges.id, { onDelete: 'cascade' }),
    earnedAt: tstz('earned_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.badgeId] }), index('user_badges_user_idx').on(t.userId, t.earnedAt)],
);

export const ACTIVITY_TYPES = [
  'caucus_created',
  'caucus_joined',
  'election_finalized',
  'delegate_elected',
  'badge_earned',
  'friend_added',
] as const;

export const activities = pgTable(
  'activities',
  {
    id: idColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    activityType: text('activity_type').notNull(),
    description: text('description').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('activities_type', sql.raw(`activity_type in (${ACTIVITY_TYPES.map((a) => `'${a}'`).join(', ')})`)),
    index('activities_user_created_idx').on(t.userId, t.createdAt.desc()),
  ],
);

/** A Spark: one to the referrer when a referred user confirms their email. */
export const sparks = pgTable(
  'sparks',
  {
    id: idColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    referredUserId: uuid('referred_user_id').references(() => users.id, { onDelete: 'set null' }),
    timestamp: tstz('timestamp').notNull().defaultNow(),
  },
  (t) => [
    // Once per referred user.
    uniqueIndex('sparks_once_per_referred_user').on(t.referredUserId),
    check('sparks_not_self', sql`${t.referredUserId} is null or ${t.referredUserId} <> ${t.userId}`),
    index('sparks_user_time_idx').on(t.userId, t.timestamp),
  ],
);

/** A Banner: one to each organizer of a caucus when its election finalizes. */
export const banners = pgTable(
  'banners',
  {
    id: idColumn(),
    organizerUserId: uuid('organizer_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    caucusId: uuid('caucus_id').references(() => caucuses.id, { onDelete: 'set null' }),
    timestamp: tstz('timestamp').notNull().defaultNow(),
  },
  (t) => [
    unique('banners_once_per_organizer_caucus').on(t.organizerUserId, t.caucusId),
    index('banners_user_time_idx').on(t.organizerUserId, t.timestamp),
  ],
);

/** A Brownie: one per giver per calendar day (in the app's time zone), never to oneself. */
export const brownies = pgTable(
  'brownies',
  {
    id: idColumn(),
    // Set null when the giver is deleted, so the receiver's counter still equals the ledger.
    giverUserId: uuid('giver_user_id').references(() => users.id, { onDelete: 'set null' }),
    receiverUserId: uuid('receiver_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    givenAt: tstz('given_at').notNull().defaultNow(),
    givenOn: date('given_on', { mode: 'string' }).notNull(),
  },
  (t) => [
    unique('brownies_one_per_giver_per_day').on(t.giverUserId, t.givenOn),
    check('brownies_not_to_self', sql`${t.giverUserId} <> ${t.receiverUserId}`),
    index('brownies_receiver_day_idx').on(t.receiverUserId, t.givenOn),
  ],
);

/**
 * Each person's Brownies received, apart from `users` (decision 060): a row from their first
 * brownie on, its count equal to their rows in `brownies`, and copies of their name, state and
 * district (kept by a trigger on `users`) for the leaderboard's order and filters. Counting one
 * more brownie here touches this narrow row and its four indexes, where an update of
 * `users.brownies` wrote a new version of a wide row into all sixteen of `users`' indexes.
 */
export const brownieCounts = pgTable(
  'brownie_counts',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    brownies: integer('brownies').notNull(),
    name: text('name').notNull(),
    state: text('state').notNull(),
    district: integer('district').notNull(),
  },
  (t) => [
    check('brownie_counts_positive', sql`${t.brownies} >= 1`),
    // The leaderboard (top 100, highest first, ties by name then id): one index per scope, read
    // in order and stopped after 100 rows (users_<metric>_leaderboard_idx for the other counters).
    index('brownie_counts_leaderboard_idx').on(t.brownies.desc(), t.name, t.userId),
    index('brownie_counts_state_leaderboard_idx').on(t.state, t.brownies.desc(), t.name, t.userId),
    index('brownie_counts_district_leaderboard_idx').on(t.state, t.district, t.brownies.desc(), t.name, t.userId),
  ],
);

export const rewardClaims = pgTable(
  'reward_claims',
  {
    id: idColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rewardType: text('reward_type').notNull(),
    status: text('status').notNull().default('pending'),
    voucherCode: text('voucher_code').notNull().unique(),
    createdAt: createdAt(),
    processedAt: tstz('processed_at'),
  },
  (t) => [
    // One claim per user and reward type.
    unique('reward_claims_one_per_type').on(t.userId, t.rewardType),
    check('reward_claims_status', sql`${t.status} in ('pending', 'processed')`),
    check('reward_claims_type', sql`${t.rewardType} ~ '^[a-z0-9_]+$'`),
  ],
);

export const premiumBadges = pgTable(
  'premium_badges',
  {
    id: idColumn(),
    name: text('name').notNull().unique(),
    description: text('description').notNull(),
    imageUrl: text('image_url'),
    priceCents: integer('price_cents').notNull(),
    stripePaymentLink: text('stripe_payment_link'),
  },
  (t) => [check('premium_badges_price_positive', sql`${t.priceCents} > 0`)],
);
