import { asLanguage, DEFAULT_THEME, isTheme, type Language, type Theme } from '../../../domain/i18n/languages';
import type { Clock } from '../../clock';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { userLevel } from '../../../domain/caucuses/level';
import { resolveAlignment } from '../../../domain/profiles/alignment';
import { locationLockReason } from '../../../domain/profiles/location-lock';
import {
  type ActivityItem,
  type DeleteOutcome,
  type EarnedBadge,
  FORMER_MEMBER_NAME,
  type OwnProfile,
  type PublicProfile,
} from '../../../domain/profiles/profile-types';
import type { Db } from '../../db/client';
import { sessions, users } from '../../db/schema/auth';
import { caucusMembers, caucuses } from '../../db/schema/caucuses';
import { photos } from '../../db/schema/platform';
import { activities, badges, userBadges } from '../../db/schema/points';
import { ACTIVITY_FEED_LIMIT } from '../../../domain/profiles/limits';
import { badRequest, conflict, notFound } from '../../http/app-error';
import { referralLink } from '../../../domain/profiles/referral-link';

interface Deps {
  db: Db;
}

/**
 * The outer users row inside correlated subqueries. drizzle renders `${users.id}` as a bare
 * "id" in the select list of a one-table query, which inside a subquery would bind to the
 * subquery's own id column (caucuses.id, badges.id) and silently never match.
 */
const outerUserId = sql.raw('"users"."id"');

const highestDelegateLevel = sql<number | null>`(
  select max(c.level) from caucuses c
  where c.elected_delegate_id = ${outerUserId} and c.election_finalized)`;
/** Brownies received: counted in brownie_counts from the first one on (decision 060). */
const browniesReceived = sql<number>`coalesce((
  select bc.brownies from brownie_counts bc where bc.user_id = ${outerUserId}), 0)`;
const votingInFinalized = sql<boolean>`exists(
  select 1 from caucus_members m join caucuses c on c.id = m.caucus_id
  where m.user_id = ${outerUserId} and m.is_voting_member and c.election_finalized)`;
const votingInUnfinalized = sql<boolean>`exists(
  select 1 from caucus_members m join caucuses c on c.id = m.caucus_id
  where m.user_id = ${outerUserId} and m.is_voting_member and not c.election_finalized)`;

const publicColumns = {
  id: users.id,
  name: users.name,
  photoUrl: users.image,
  politicalAlignment: users.politicalAlignment,
  state: users.state,
  district: users.district,
  tagline: users.tagline,
  banners: users.banners,
  brownies: browniesReceived,
  sparks: users.sparks,
  deletedAt: users.deletedAt,
  profileHiddenAt: users.profileHiddenAt,
  createdAt: users.createdAt,
  highestDelegateLevel,
};

type PublicRow = { [K in keyof typeof publicColumns]: unknown } & {
  id: string;
  name: string;
  photoUrl: string | null;
  politicalAlignment: string | null;
  state: string;
  district: number;
  tagline: string;
  banners: number;
  brownies: number;
  sparks: number;
  deletedAt: Date | null;
  profileHiddenAt: Date | null;
  createdAt: Date;
  highestDelegateLevel: number | null;
};

function toPublic(row: PublicRow, viewerId: string | null = null): PublicProfile {
  const deleted = row.deletedAt !== null;
  const hidden = row.profileHiddenAt !== null;
  const masked = deleted || (hidden && viewerId !== row.id);
  return {
    id: row.id,
    name: deleted ? FORMER_MEMBER_NAME : row.name,
    photoUrl: masked ? null : row.photoUrl,
    hidden,
    politicalAlignment: deleted ? null : row.politicalAlignment,
    state: row.state,
    district: row.district,
    tagline: masked ? '' : row.tagline,
    banners: row.banners,
    brownies: row.brownies,
    sparks: row.sparks,
    level: userLevel(row.highestDelegateLevel),
    isDeleted: deleted,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A public profile by id; `confirmedOnly` leaves out an account whose email is not confirmed (link previews). */
export async function getPublicProfile({ db }: Deps, userId: string, options: { confirmedOnly?: boolean; viewerId?: string | null } = {}): Promise<PublicProfile | null> {
  const [row] = await db
    .select(publicColumns)
    .from(users)
    .where(options.confirmedOnly ? and(eq(users.id, userId), eq(users.emailVerified, true)) : eq(users.id, userId));
  return row ? toPublic(row as PublicRow, options.viewerId ?? null) : null;
}

/** Public profiles of many users in one query (member lists, leaderboards). */
export async function getPublicProfiles({ db }: Deps, userIds: string[]): Promise<PublicProfile[]> {
  if (userIds.length === 0) return [];
  const rows = await db.select(publicColumns).from(users).where(inArray(users.id, userIds));
  return rows.map((r) => toPublic(r as PublicRow));
}

export async function getOwnProfile({ db, baseUrl }: Deps & { baseUrl: string }, userId: string): Promise<OwnProfile> {
  const [row] = await db
    .select({
      ...publicColumns,
      email: users.email,
      bio: users.bio,
      verified: users.verified,
      isAdministrator: users.isAdministrator,
      suspendedUntil: users.suspendedUntil,
      suspensionReason: users.suspensionReason,
      language: users.language,
      theme: users.theme,
      votingInFinalized,
      votingInUnfinalized,
      badgeNames: sql<string[]>`coalesce((
        select array_agg(b.name order by ub.earned_at desc) from user_badges ub join badges b on b.id = ub.badge_id
        where ub.user_id = ${outerUserId}), '{}')`,
    })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  if (!row) throw notFound('Profile not found');
  return {
    ...toPublic(row as PublicRow, userId),
    email: row.email,
    bio: row.bio,
    suspendedUntil: row.suspendedUntil && row.suspendedUntil.getTime() > Date.now() ? row.suspendedUntil.toISOString() : null,
    suspensionReason: row.suspendedUntil && row.suspendedUntil.getTime() > Date.now() ? row.suspensionReason : null,
    verified: row.verified,
    sharingLink: referralLink(baseUrl, userId),
    isAdministrator: row.isAdministrator,
    locationLockReason: locationLockReason({
      votingInFinalized: row.votingInFinalized,
      votingInUnfinalized: row.votingInUnfinalized,
    }),
    badgeNames: row.badgeNames,
    language: asLanguage(row.language),
    theme: isTheme(row.theme) ? row.theme : DEFAULT_THEME,
  };
}

/** Keeps a person's language and theme (issue 15). */
export async function updatePreferences({ db, clock }: Deps & { clock: Clock }, userId: string, preferences: { language?: Language; theme?: Theme }): Promise<void> {
  await db
    .update(users)
    .set({ ...(preferences.language ? { language: preferences.language } : {}), ...(preferences.theme ? { theme: preferences.theme } : {}), updatedAt: clock.now() })
    .where(eq(users.id, userId));
}

export async function listActivities({ db }: Deps, userId: string): Promise<ActivityItem[]> {
  const rows = await db
    .select({ id: activities.id, activityType: activities.activityType, description: activities.description, createdAt: activities.createdAt })
    .from(activities)
    .where(eq(activities.userId, userId))
    .orderBy(desc(activities.createdAt))
    .limit(ACTIVITY_FEED_LIMIT);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

export async function listEarnedBadges({ db }: Deps, userId: string): Promise<EarnedBadge[]> {
  const rows = await db
    .select({
      id: badges.id,
      name: badges.name,
      description: badges.description,
      iconUrl: badges.iconUrl,
      category: badges.category,
      earnedAt: userBadges.earnedAt,
    })
    .from(userBadges)
    .innerJoin(badges, eq(badges.id, userBadges.badgeId))
    .where(eq(userBadges.userId, userId))
    .orderBy(desc(userBadges.earnedAt));
  return rows.map((r) => ({ ...r, earnedAt: r.earnedAt.toISOString() }));
}

async function updateOwn({ db }: Deps, userId: string, values: Partial<typeof users.$inferInsert>) {
  const updated = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .returning({ id: users.id });
  if (updated.length === 0) throw notFound('Profile not found');
}

export const updateTagline = (deps: Deps, userId: string, tagline: string) => updateOwn(deps, userId, { tagline });
export const updateBio = (deps: Deps, userId: string, bio: string) => updateOwn(deps, userId, { bio });

export async function updateAlignment(deps: Deps, userId: string, choice: string, other?: string) {
  const value = resolveAlignment(choice, other);
  if (!value) throw badRequest('invalid_input', 'Please choose a political alignment');
  await updateOwn(deps, userId, { politicalAlignment: value });
}

/** Changes the home, unless the location lock rule forbids it (checked under a row lock). */
export async function updateLocation({ db }: Deps, userId: string, state: string, district: number) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: users.id, votingInFinalized, votingInUnfinalized })
      .from(users)
      .where(and(eq(users.id, userId), isNull(users.deletedAt)))
      .for('update');
    if (!row) throw notFound('Profile not found');
    const reason = locationLockReason(row);
    if (reason) throw conflict('location_locked', reason);
    await tx.update(users).set({ state, district, updatedAt: new Date() }).where(eq(users.id, userId));
  });
}

/** Stores a re-encoded photo and points the profile at it; older photos of the user go. */
export async function savePhoto({ db }: Deps, userId: string, image: { bytes: Buffer; contentType: 'image/webp' }): Promise<string> {
  return db.transaction(async (tx) => {
    const [owner] = await tx.select({ id: users.id }).from(users).where(and(eq(users.id, userId), isNull(users.deletedAt))).for('update');
    if (!owner) throw notFound('Profile not found');
    await tx.delete(photos).where(eq(photos.userId, userId));
    const [photo] = await tx.insert(photos).values({ userId, contentType: image.contentType, bytes: image.bytes }).returning({ id: photos.id });
    const url = `/api/photos/${photo!.id}`;
    await tx.update(users).set({ image: url, updatedAt: new Date() }).where(eq(users.id, userId));
    return url;
  });
}

export async function getPhoto({ db }: Deps, photoId: string) {
  const [photo] = await db.select({ bytes: photos.bytes, contentType: photos.contentType }).from(photos).where(eq(photos.id, photoId));
  return photo ?? null;
}

/**
 * Deletes a profile (PRODUCT-RULES: Profile and privacy). A user who voted in a finalized
 * caucus (or was elected in one) is hidden so elections stay intact; anyone else is removed
 * with their rows. Either way every session ends.
 */
export async function deleteProfile({ db }: Deps, userId: string): Promise<DeleteOutcome> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        id: users.id,
        keep: sql<boolean>`exists(
          select 1 from votes v join caucuses c on c.id = v.caucus_id
          where v.voter_id = ${outerUserId} and c.election_finalized)
          or exists(select 1 from caucuses c where c.elected_delegate_id = ${outerUserId})`,
      })
      .from(users)
      .where(and(eq(users.id, userId), isNull(users.deletedAt)))
      .for('update');
    if (!row) throw notFound('Profile not found');
    if (!row.keep) {
      await tx.delete(users).where(eq(users.id, userId));
      return { type: 'hard_delete', message: 'Your profile and its data were deleted.' };
    }
    // Leave every caucus whose election is still open; finalized memberships stay as history.
    await tx.delete(caucusMembers).where(
      and(
        eq(caucusMembers.userId, userId),
        inArray(caucusMembers.caucusId, tx.select({ id: caucuses.id }).from(caucuses).where(eq(caucuses.electionFinalized, false))),
      ),
    );
    await tx.delete(photos).where(eq(photos.userId, userId));
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    await tx
      .update(users)
      .set({ deletedAt: new Date(), bio: '', tagline: '', image: null, updatedAt: new Date() })
      .where(eq(users.id, userId));
    return { type: 'soft_delete', message: 'Your profile is hidden because you voted in a finalized caucus election.' };
  });
}
