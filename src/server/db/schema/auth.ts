import { sql } from 'drizzle-orm';
import { type AnyPgColumn, bigint, boolean, type ExtraConfigColumn, check, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, tstz } from './columns';

/**
 * The users table is better-auth's user model plus the profile of spec section 3.
 * better-auth owns email, emailVerified, name, image (our photo_url) and timestamps.
 */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    emailVerified: boolean('email_verified').notNull().default(false),
    emailVerifiedAt: tstz('email_verified_at'),
    /** Order of email confirmation (1 = first member of the installation): OG 100 / 1K / 10K. */
    foundingRank: integer('founding_rank'),
    name: text('name').notNull(),
    image: text('photo_url'),
    politicalAlignment: text('political_alignment'),
    state: text('state').notNull(),
    district: integer('district').notNull().default(1),
    bio: text('bio').notNull().default(''),
    tagline: text('tagline').notNull().default(''),
    banners: integer('banners').notNull().default(0),
    sparks: integer('sparks').notNull().default(0),
    verified: boolean('verified').notNull().default(false),
    isAdministrator: boolean('is_administrator').notNull().default(false),
    recruitedBy: uuid('recruited_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    deletedAt: tstz('deleted_at'),
    /** Bio, tagline and photo hidden by reports or an administrator, pending review (issue 14). */
    profileHiddenAt: tstz('profile_hidden_at'),
    /** Suspended until then (issue 14): can sign in and read; every write is refused. */
    suspendedUntil: tstz('suspended_until'),
    suspensionReason: text('suspension_reason'),
    /** The language the app, its answers and its mail speak to this person (issue 15). */
    language: text('language').notNull().default('en'),
    /** Light, dark, or following the device (issue 15). */
    theme: text('theme').notNull().default('system'),
    /** Two-step sign-in with an authenticator app is on (better-auth's two-factor plugin, issue 32). */
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    index('users_state_district_idx').on(t.state, t.district),
    index('users_email_verified_at_idx').on(t.emailVerifiedAt),
    uniqueIndex('users_founding_rank_key').on(t.foundingRank),
    // The movement's member count (confirmed, not deleted) as an index-only scan of this small
    // partial index instead of a scan of the whole table (docs/benchmarks.md).
    index('users_members_idx')
      .on(t.emailVerifiedAt)
      .where(sql`${t.deletedAt} is null and ${t.emailVerifiedAt} is not null`),
    index('users_name_search_idx').on(sql`lower(${t.name}) text_pattern_ops`),
    // Leaderboards (top 100 by a counter above 0, highest first, ties by name then id, deleted
    // people left out; Brownies have theirs in brownie_counts, decision 060): per counter one small partial index for the whole country, one for a
    // state and one for a district, each read in order and stopped after 100 rows.
    ...leaderboardIndexes('sparks', t.sparks, t),
    ...leaderboardIndexes('banners', t.banners, t),
    check('users_counters_nonnegative', sql`${t.sparks} >= 0 and ${t.banners} >= 0`),
    check('users_district_positive', sql`${t.district} >= 1`),
    check('users_state_code', sql`${t.state} ~ '^[A-Z]{2}$'`),
    check('users_tagline_length', sql`char_length(${t.tagline}) <= 180`),
    check('users_bio_length', sql`char_length(${t.bio}) <= 800`),
    check('users_founding_rank_positive', sql`${t.foundingRank} is null or ${t.foundingRank} >= 1`),
    // The photo is the app's own upload (an app-relative path); nothing else is ever rendered as its src.
    check('users_image_app_path', sql`${t.image} is null or ${t.image} ~ '^/api/photos/[0-9a-f-]+$'`),
    check('users_name_length', sql`char_length(${t.name}) between 1 and 80`),
    check('users_language', sql`${t.language} in ('en', 'es')`),
    check('users_theme', sql`${t.theme} in ('system', 'light', 'dark')`),
    check('users_not_self_recruited', sql`${t.recruitedBy} is null or ${t.recruitedBy} <> ${t.id}`),
  ],
);

/** The three leaderboard indexes of one counter (see the users table). */
function leaderboardIndexes(
  metric: 'sparks' | 'banners',
  counter: ExtraConfigColumn,
  t: Record<'state' | 'district' | 'name' | 'id' | 'deletedAt', ExtraConfigColumn>,
) {
  const ranked = sql`${counter} > 0 and ${t.deletedAt} is null`;
  return [
    index(`users_${metric}_leaderboard_idx`).on(counter.desc(), t.name, t.id).where(ranked),
    index(`users_${metric}_state_leaderboard_idx`).on(t.state, counter.desc(), t.name, t.id).where(ranked),
    index(`users_${metric}_district_leaderboard_idx`).on(t.state, t.district, counter.desc(), t.name, t.id).where(ranked),
  ];
}

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    expiresAt: tstz('expires_at').notNull(),
    token: text('token').notNull().unique(),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /**
     * When the person last proved who they are in this session (issue 32): signing in, or asking
     * again with the password, a passkey or an authenticator code. Sensitive actions need it
     * within ACCOUNT_RECENT_PROOF_MINUTES (src/server/http/recent-proof.ts). Not a better-auth field: set
     * by the database on insert.
     */
    provenAt: tstz('proven_at').notNull().defaultNow(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: tstz('access_token_expires_at'),
    refreshTokenExpiresAt: tstz('refresh_token_expires_at'),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('accounts_user_id_idx').on(t.userId)],
);

export const verifications = pgTable(
  'verifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: tstz('expires_at').notNull(),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

/** better-auth's two-factor plugin (model `twoFactor`, plural `twoFactors`): the TOTP key and the recovery codes, both sealed by better-auth. */
export const twoFactors = pgTable(
  'two_factors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    verified: boolean('verified').notNull().default(true),
    failedVerificationCount: integer('failed_verification_count').notNull().default(0),
    lockedUntil: tstz('locked_until'),
  },
  (t) => [uniqueIndex('two_factors_user_id_key').on(t.userId), index('two_factors_secret_idx').on(t.secret)],
);

/** WebAuthn credentials (passkeys), verified with SimpleWebAuthn (issue 32). */
export const passkeys = pgTable(
  'passkeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The person's name for it ("Work laptop"). */
    name: text('name').notNull(),
    /** The credential ID, base64url, as the authenticator gave it. */
    credentialId: text('credential_id').notNull(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    /** 'singleDevice' | 'multiDevice' (SimpleWebAuthn's credentialDeviceType). */
    deviceType: text('device_type').notNull(),
    backedUp: boolean('backed_up').notNull().default(false),
    /** The authenticator's transports, comma-separated ('internal,hybrid'), or ''. */
    transports: text('transports').notNull().default(''),
    aaguid: text('aaguid'),
    createdAt: createdAt(),
    lastUsedAt: tstz('last_used_at'),
  },
  (t) => [
    uniqueIndex('passkeys_credential_id_key').on(t.credentialId),
    index('passkeys_user_id_idx').on(t.userId),
    check('passkeys_name_length', sql`char_length(${t.name}) between 1 and 60`),
    check('passkeys_counter_nonnegative', sql`${t.counter} >= 0`),
  ],
);

/** One WebAuthn ceremony's challenge: single use, short-lived, bound to the browser by an HttpOnly cookie holding its id. */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null for a sign-in with a passkey (nobody is signed in yet). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** 'register' | 'sign-in' | 'confirm' */
    purpose: text('purpose').notNull(),
    challenge: text('challenge').notNull(),
    expiresAt: tstz('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('webauthn_challenges_expires_at_idx').on(t.expiresAt),
    check('webauthn_challenges_purpose', sql`${t.purpose} in ('register', 'sign-in', 'confirm')`),
    // A signed-in person holds at most one pending challenge per purpose: a new one replaces it
    // (storeChallenge's upsert), so asking again and again cannot grow the table. A sign-in's
    // (no person yet) is bounded by the per-address rate limit and the expiry sweep instead.
    uniqueIndex('webauthn_challenges_user_purpose_key').on(t.userId, t.purpose).where(sql`${t.userId} is not null`),
  ],
);

/** The browsers a person has signed in from (a random id in a long-lived HttpOnly cookie, stored hashed): a sign-in from another one mails them (issue 32). */
export const knownDevices = pgTable(
  'known_devices',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the device cookie's value, hex. */
    deviceHash: text('device_hash').notNull(),
    firstSeenAt: createdAt(),
    lastSeenAt: tstz('last_seen_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.deviceHash] })],
);

/**
 * An email change (issue 32): confirmed by a link to the new address; undone for 72 hours by a
 * link to the old one ("this wasn't me"), which puts the old address back and ends every session.
 * Both links carry a random token stored here only as its SHA-256.
 */
export const emailChanges = pgTable(
  'email_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    oldEmail: text('old_email').notNull(),
    newEmail: text('new_email').notNull(),
    confirmTokenHash: text('confirm_token_hash').notNull(),
    undoTokenHash: text('undo_token_hash').notNull(),
    requestedAt: createdAt(),
    confirmExpiresAt: tstz('confirm_expires_at').notNull(),
    confirmedAt: tstz('confirmed_at'),
    undoExpiresAt: tstz('undo_expires_at'),
    undoneAt: tstz('undone_at'),
    /** A newer request replaced this one before it was confirmed. */
    cancelledAt: tstz('cancelled_at'),
  },
  (t) => [
    uniqueIndex('email_changes_confirm_token_key').on(t.confirmTokenHash),
    uniqueIndex('email_changes_undo_token_key').on(t.undoTokenHash),
    index('email_changes_user_id_idx').on(t.userId, t.requestedAt),
    // At most one change waiting for its confirmation per person.
    uniqueIndex('email_changes_one_pending_key')
      .on(t.userId)
      .where(sql`${t.confirmedAt} is null and ${t.cancelledAt} is null`),
    check('email_changes_differ', sql`lower(${t.oldEmail}) <> lower(${t.newEmail})`),
  ],
);
