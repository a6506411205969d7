/** What the badge endpoints answer (GET /api/badges, /api/badges/:name, /api/champion). */
import { z } from 'zod';
import { singleLineText } from '../text/text-schema';
import { BADGE_CATEGORIES, BADGE_METRICS } from './catalogue';
import { CHAMPION_REQUIREMENT_KEYS } from './champion';

export const BADGE_MESSAGES = {
  notFound: 'Badge Not Found',
} as const;

/** /api/badges/:name takes a badge's name or its slug. */
export const badgeNameParamSchema = z.object({
  name: singleLineText({ error: BADGE_MESSAGES.notFound }).trim().min(1, BADGE_MESSAGES.notFound).max(100, BADGE_MESSAGES.notFound),
});

/** How far the viewer is from a badge (GET /api/badges, /api/badges/:name). */
export const badgeProgressSchema = z.object({
  /** Shown as "current / target" (current never above target). */
  current: z.number().int(),
  target: z.number().int(),
  /** 0 to 100, for the progress bar. */
  percent: z.number().int(),
  /** The figures reach the badge (or it is earned). */
  reached: z.boolean(),
  /** Not earned and no longer earnable (OG and Pioneer places all taken). */
  closed: z.boolean(),
});
export type BadgeProgress = z.infer<typeof badgeProgressSchema>;

export const premiumOfferSchema = z.object({
  /** The premium_badges id: its purchase page is /premium-badge/{id}. */
  id: z.string(),
  priceCents: z.number().int(),
  /** "$5.00" */
  price: z.string(),
});
export type PremiumOffer = z.infer<typeof premiumOfferSchema>;

/** One badge of the catalogue, as the viewer sees it (in the catalogue and on its own page). */
export const badgeViewSchema = z
  .object({
    name: z.string(),
    slug: z.string(),
    category: z.enum(BADGE_CATEGORIES),
    /** What its progress counts. */
    metric: z.enum(BADGE_METRICS),
    description: z.string(),
    criteria: z.string(),
    hasArtwork: z.boolean(),
    /** For premium badges: how to buy it. */
    premium: premiumOfferSchema.nullable(),
    /** When the viewer earned it (ISO), or null. */
    earnedAt: z.string().nullable(),
    /** The viewer's progress; null for visitors. */
    progress: badgeProgressSchema.nullable(),
  })
  .meta({ id: 'BadgeView' });
export type BadgeView = z.infer<typeof badgeViewSchema>;

export const badgeCategoryViewSchema = z.object({
  name: z.enum(BADGE_CATEGORIES),
  badges: z.array(badgeViewSchema),
});
export type BadgeCategoryView = z.infer<typeof badgeCategoryViewSchema>;

/** GET /api/badges: the whole catalogue by category. */
export const badgeCatalogueViewSchema = z.object({
  signedIn: z.boolean(),
  earnedCount: z.number().int(),
  categories: z.array(badgeCategoryViewSchema),
});
export type BadgeCatalogueView = z.infer<typeof badgeCatalogueViewSchema>;

/** One item of the Champion checklist. */
export const championRequirementSchema = z.object({
  key: z.enum(CHAMPION_REQUIREMENT_KEYS),
  label: z.string(),
  done: z.boolean(),
});
export type ChampionRequirement = z.infer<typeof championRequirementSchema>;

/** GET /api/champion: the viewer's Champion checklist. */
export const championViewSchema = z.object({
  items: z.array(championRequirementSchema),
  /** Share of the checklist done, 0 to 100. */
  percent: z.number().int(),
  earned: z.boolean(),
  referralLink: z.string(),
});
export type ChampionView = z.infer<typeof championViewSchema>;
