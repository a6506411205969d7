/** What the badge endpoints answer (GET /api/badges, /api/badges/:name, /api/champion). */
import { z } from 'zod';
import { singleLineText } from '../text/text-schema';
import type { BadgeProgress } from './badge-progress';
import type { BadgeCategory, BadgeMetric } from './catalogue';
import type { ChampionRequirement } from './champion';

export const BADGE_MESSAGES = {
  notFound: 'Badge Not Found',
} as const;

/** /api/badges/:name takes a badge's name or its slug. */
export const badgeNameParamSchema = z.object({
  name: singleLineText({ error: BADGE_MESSAGES.notFound }).trim().min(1, BADGE_MESSAGES.notFound).max(100, BADGE_MESSAGES.notFound),
});

export interface PremiumOffer {
  /** The premium_badges id: its purchase page is /premium-badge/{id}. */
  id: string;
  priceCents: number;
  /** "$5.00" */
  price: string;
}

export interface BadgeView {
  name: string;
  slug: string;
  category: BadgeCategory;
  /** What its progress counts. */
  metric: BadgeMetric;
  description: string;
  criteria: string;
  hasArtwork: boolean;
  /** For premium badges: how to buy it. */
  premium: PremiumOffer | null;
  /** When the viewer earned it (ISO), or null. */
  earnedAt: string | null;
  /** The viewer's progress; null for visitors. */
  progress: BadgeProgress | null;
}

export interface BadgeCategoryView {
  name: BadgeCategory;
  badges: BadgeView[];
}

export interface BadgeCatalogueView {
  signedIn: boolean;
  earnedCount: number;
  categories: BadgeCategoryView[];
}

export interface ChampionView {
  items: ChampionRequirement[];
  percent: number;
  earned: boolean;
  referralLink: string;
}
