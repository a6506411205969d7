/**
 * The Champion badge (PRODUCT-RULES.md, "Champion"): complete when the user has 3+ Sparks,
 * organizes 1+ caucus, has voted in a finalized level-1 caucus and has bought 1+ premium badge.
 * Pure rules shared by the server (which awards the badge) and the /champion page.
 */
import type { ChampionRequirement } from './badge-types';

export const CHAMPION_MIN_SPARKS = 3;

export interface ChampionMetrics {
  sparks: number;
  organizedCaucuses: number;
  votedInFinalizedLevel1: boolean;
  premiumBadgesBought: number;
}

export const CHAMPION_REQUIREMENT_KEYS = ['sparks', 'organize', 'vote', 'premium'] as const;
export type ChampionRequirementKey = (typeof CHAMPION_REQUIREMENT_KEYS)[number];

/** The four checklist items, in the page's order, each with whether it is done. */
export function championChecklist(m: ChampionMetrics): ChampionRequirement[] {
  return [
    { key: 'sparks', label: `Earn ${CHAMPION_MIN_SPARKS} Sparks by referring friends`, done: m.sparks >= CHAMPION_MIN_SPARKS },
    { key: 'organize', label: 'Organize a caucus (1 Banner when it elects its Delegate)', done: m.organizedCaucuses >= 1 },
    { key: 'vote', label: 'Vote to elect a Delegate in a finalized Level 1 caucus', done: m.votedInFinalizedLevel1 },
    { key: 'premium', label: 'Buy a Premium Badge', done: m.premiumBadgesBought >= 1 },
  ];
}

export function isChampion(m: ChampionMetrics): boolean {
  return championChecklist(m).every((r) => r.done);
}

/** Share of the checklist done, 0 to 100, for the progress bar. */
export function championProgressPercent(m: ChampionMetrics): number {
  const items = championChecklist(m);
  return Math.round((items.filter((r) => r.done).length / items.length) * 100);
}
