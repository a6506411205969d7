import { z } from 'zod';
import { LANGUAGES, THEMES, type Language } from '../i18n/languages';

/**
 * The profile answers of the API (issue 17): the schemas are what /api/openapi.json documents
 * and what the integration tests check answers against; the types the server and the web app
 * use are inferred from them (one source).
 */

/** What anyone may read of a profile: never email, bio or verified status. */
export const publicProfileSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    photoUrl: z.string().nullable(),
    /** Tagline, bio and photo hidden pending review (issue 14): only the owner still sees them. */
    hidden: z.boolean(),
    politicalAlignment: z.string().nullable(),
    state: z.string(),
    district: z.number().int(),
    tagline: z.string(),
    banners: z.number().int(),
    brownies: z.number().int(),
    sparks: z.number().int(),
    level: z.number().int(),
    isDeleted: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: 'PublicProfile' });
export type PublicProfile = z.infer<typeof publicProfileSchema>;

/** One's own profile. */
export const ownProfileSchema = publicProfileSchema
  .extend({
    email: z.string(),
    bio: z.string(),
    verified: z.boolean(),
    /** Suspended until then (ISO), with the reason (issue 14): the app reads, every write is refused. */
    suspendedUntil: z.string().nullable(),
    suspensionReason: z.string().nullable(),
    sharingLink: z.string(),
    isAdministrator: z.boolean(),
    locationLockReason: z.string().nullable(),
    badgeNames: z.array(z.string()),
    /** The language and theme this person chose (issue 15). */
    language: z.enum(LANGUAGES),
    theme: z.enum(THEMES),
  })
  .meta({ id: 'OwnProfile' });
export type OwnProfile = z.infer<typeof ownProfileSchema>;

export const activityItemSchema = z
  .object({
    id: z.string(),
    activityType: z.string(),
    description: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: 'ActivityItem' });
export type ActivityItem = z.infer<typeof activityItemSchema>;

export const earnedBadgeSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    iconUrl: z.string().nullable(),
    category: z.string(),
    earnedAt: z.string(),
  })
  .meta({ id: 'EarnedBadge' });
export type EarnedBadge = z.infer<typeof earnedBadgeSchema>;

export const FORMER_MEMBER_NAME = 'Former member';
/** FORMER_MEMBER_NAME as the words the server writes itself say it (notifications), per language. */
export const FORMER_MEMBER_NAMES: Record<Language, string> = { en: FORMER_MEMBER_NAME, es: 'Exmiembro' };

export const deleteOutcomeSchema = z.object({ type: z.enum(['soft_delete', 'hard_delete']), message: z.string() });
export type DeleteOutcome = z.infer<typeof deleteOutcomeSchema>;

/** The answer of POST /api/me/photo: where the new photo is served. */
export const photoUploadSchema = z.object({
  /** `/api/photos/{id}`: the profile's photoUrl from now on. */
  photoUrl: z.string(),
});
export type PhotoUpload = z.infer<typeof photoUploadSchema>;

/**
 * "Download my data" (issue 14, GET /api/me/data): everything the app holds about a person, as
 * the database reads it (snake_case columns). `profile` is the person's row; every other key
 * (caucusMemberships, votes, privateMessagesSent, …) is a list of rows.
 */
export const personalDataExportSchema = z
  .object({
    /** The document's format and version: `caucus-personal-data/1`. */
    format: z.string(),
    /** When it was read (ISO). */
    exportedAt: z.string(),
    profile: z.record(z.string(), z.unknown()),
  })
  .catchall(z.array(z.record(z.string(), z.unknown())));
export type PersonalDataExport = z.infer<typeof personalDataExportSchema>;
