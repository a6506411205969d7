import { eq } from 'drizzle-orm';
import { badgeProgress, NO_METRICS, type BadgeMetrics } from '../../../domain/badges/badge-progress';
import { BADGE_MESSAGES, type BadgeCatalogueView, type BadgeView, type ChampionView, type PremiumOffer } from '../../../domain/badges/badge-types';
import { BADGE_CATEGORIES, BADGES, badgeSlug, findBadgeByNameOrSlug, formatPrice, type BadgeDefinition } from '../../../domain/badges/catalogue';
import { championChecklist, championProgressPercent } from '../../../domain/badges/champion';
import type { Db } from '../../db/client';
import { badges, premiumBadges, userBadges } from '../../db/schema/points';
import { notFound } from '../../http/app-error';
import { readBadgeFigures } from './badge-engine.service';
import { referralLink } from '../../../domain/profiles/referral-link';

export interface BadgeDeps {
  db: Db;
  /** The app's public address: referral links are {BASE_URL}/auth?ref={userId}. */
  baseUrl: string;
}

interface Viewer {
  metrics: BadgeMetrics;
  earnedAt: Map<string, Date>;
}

/** The viewer's figures and earned badges with their dates: two queries. */
async function readViewer(db: Db, userId: string): Promise<Viewer> {
  const [figures, earned] = await Promise.all([
    readBadgeFigures(db, userId),
    db.select({ name: badges.name, earnedAt: userBadges.earnedAt }).from(userBadges).innerJoin(badges, eq(badges.id, userBadges.badgeId)).where(eq(userBadges.userId, userId)),
  ]);
  return { metrics: figures ?? NO_METRICS, earnedAt: new Map(earned.map((e) => [e.name, e.earnedAt])) };
}

async function readPremiumOffers(db: Db): Promise<Map<string, PremiumOffer>> {
  const rows = await db.select({ id: premiumBadges.id, name: premiumBadges.name, priceCents: premiumBadges.priceCents }).from(premiumBadges);
  return new Map(rows.map((r) => [r.name, { id: r.id, priceCents: r.priceCents, price: formatPrice(r.priceCents) }]));
}

function viewOf(badge: BadgeDefinition, offers: Map<string, PremiumOffer>, viewer: Viewer | null): BadgeView {
  const earnedAt = viewer?.earnedAt.get(badge.name) ?? null;
  return {
    name: badge.name,
    slug: badgeSlug(badge.name),
    category: badge.category,
    metric: badge.metric,
    description: badge.description,
    criteria: badge.criteria,
    hasArtwork: badge.hasArtwork,
    premium: badge.category === 'Premium' ? (offers.get(badge.name) ?? null) : null,
    earnedAt: earnedAt ? earnedAt.toISOString() : null,
    progress: viewer ? badgeProgress(badge, viewer.metrics, earnedAt !== null) : null,
  };
}

/**
 * The catalogue by category (the seven of the spec, premium badges with their id and price)
 * and, for a signed-in viewer, earned dates and progress: 1 query for a visitor, 3 for a
 * viewer, whatever the user.
 */
export async function listBadges({ db }: BadgeDeps, viewerId: string | null): Promise<BadgeCatalogueView> {
  const [offers, viewer] = await Promise.all([readPremiumOffers(db), viewerId ? readViewer(db, viewerId) : Promise.resolve(null)]);
  return {
    signedIn: viewer !== null,
    earnedCount: viewer?.earnedAt.size ?? 0,
    categories: BADGE_CATEGORIES.map((name) => ({
      name,
      badges: BADGES.filter((b) => b.category === name).map((b) => viewOf(b, offers, viewer)),
    })),
  };
}

/** One badge by name or slug, with the viewer's progress; 'Badge Not Found' otherwise. */
export async function getBadge({ db }: BadgeDeps, nameOrSlug: string, viewerId: string | null): Promise<BadgeView> {
  const badge = findBadgeByNameOrSlug(nameOrSlug);
  if (!badge) throw notFound(BADGE_MESSAGES.notFound);
  const [offers, viewer] = await Promise.all([
    badge.category === 'Premium' ? readPremiumOffers(db) : Promise.resolve(new Map<string, PremiumOffer>()),
    viewerId ? readViewer(db, viewerId) : Promise.resolve(null),
  ]);
  return viewOf(badge, offers, viewer);
}

/** The Champion checklist of the signed-in user, its percent, whether earned, and their referral link. */
export async function getChampion({ db, baseUrl }: BadgeDeps, userId: string): Promise<ChampionView> {
  const figures = await readBadgeFigures(db, userId);
  const metrics = figures ?? NO_METRICS;
  return {
    items: championChecklist(metrics.champion),
    percent: championProgressPercent(metrics.champion),
    earned: figures?.earned.includes('Champion') ?? false,
    referralLink: referralLink(baseUrl, userId),
  };
}
