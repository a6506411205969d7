import type { Language, Theme } from '../i18n/languages';
/** What anyone may read of a profile: never email, bio or verified status. */
export interface PublicProfile {
  id: string;
  name: string;
  photoUrl: string | null;
  /** Tagline, bio and photo hidden pending review (issue 14): only the owner still sees them. */
  hidden: boolean;
  politicalAlignment: string | null;
  state: string;
  district: number;
  tagline: string;
  banners: number;
  brownies: number;
  sparks: number;
  level: number;
  isDeleted: boolean;
  createdAt: string;
}

/** One's own profile. */
export interface OwnProfile extends PublicProfile {
  email: string;
  bio: string;
  verified: boolean;
  /** Suspended until then (ISO), with the reason (issue 14): the app reads, every write is refused. */
  suspendedUntil: string | null;
  suspensionReason: string | null;
  sharingLink: string;
  isAdministrator: boolean;
  locationLockReason: string | null;
  badgeNames: string[];
  /** The language and theme this person chose (issue 15). */
  language: Language;
  theme: Theme;
}

export interface ActivityItem {
  id: string;
  activityType: string;
  description: string;
  createdAt: string;
}

export interface EarnedBadge {
  id: string;
  name: string;
  description: string;
  iconUrl: string | null;
  category: string;
  earnedAt: string;
}

export const FORMER_MEMBER_NAME = 'Former member';
/** FORMER_MEMBER_NAME as the words the server writes itself say it (notifications), per language. */
export const FORMER_MEMBER_NAMES: Record<Language, string> = { en: FORMER_MEMBER_NAME, es: 'Exmiembro' };

export type DeleteOutcome = { type: 'soft_delete' | 'hard_delete'; message: string };
