/**
 * How far a user is from each badge, and which badges their figures reach. Pure rules shared
 * by the server (the badge engine awards exactly `badgesReachedBy(metrics)`) and the pages
 * (progress bars "n / target").
 */
import { BADGES, type BadgeDefinition } from './catalogue';
import type { BadgeProgress } from './badge-types';
import { championChecklist, isChampion, type ChampionMetrics } from './champion';

/** One user's figures that badges count (read in one query by the server). */
export interface BadgeMetrics {
  sparks: number;
  banners: number;
  /** Most Brownies received in one calendar day (in the app's time zone). */
  browniesBestDay: number;
  /** Debate responses, rebuttals and defenses submitted. */
  debateContributions: number;
  challengeWins: number;
  /** Best place (1 = first) among its district's finalized level-1 caucuses of a caucus the user voted in. */
  pioneerRank: number | null;
  /** Finalized level-1 caucuses in the user's district so far. */
  districtFinalizedLevel1: number;
  /** The user's place in the order of email confirmation, if recorded. */
  foundingRank: number | null;
  /** Members who have confirmed their email so far (the highest founding rank). */
  confirmedMembers: number;
  /** Levels of the finalized caucuses that elected the user their Delegate. */
  delegateOfLevels: number[];
  champion: ChampionMetrics;
  /** Names of the premium badges the user bought. */
  premiumBadges: string[];
}

export const NO_METRICS: BadgeMetrics = {
  sparks: 0,
  banners: 0,
  browniesBestDay: 0,
  debateContributions: 0,
  challengeWins: 0,
  pioneerRank: null,
  districtFinalizedLevel1: 0,
  foundingRank: null,
  confirmedMembers: 0,
  delegateOfLevels: [],
  champion: { sparks: 0, organizedCaucuses: 0, votedInFinalizedLevel1: false, premiumBadgesBought: 0 },
  premiumBadges: [],
};


function progress(value: number, target: number, reached = value >= target, closed = false): BadgeProgress {
  const current = Math.max(0, Math.min(value, target));
  const percent = reached ? 100 : Math.min(99, Math.floor((current / target) * 100));
  return { current, target, percent, reached, closed: !reached && closed };
}

const oneOf = (done: boolean) => progress(done ? 1 : 0, 1);

/** The progress of one badge; `earned` (from the user's badges) makes it complete whatever the figures say. */
export function badgeProgress(badge: BadgeDefinition, m: BadgeMetrics, earned = false): BadgeProgress {
  const p = figuresProgress(badge, m);
  return earned ? { ...p, percent: 100, reached: true, closed: false, current: p.target } : p;
}

function figuresProgress(badge: BadgeDefinition, m: BadgeMetrics): BadgeProgress {
  const threshold = badge.threshold ?? 1;
  switch (badge.metric) {
    case 'sparks':
      return progress(m.sparks, threshold);
    case 'banners':
      return progress(m.banners, threshold);
    case 'brownies_in_a_day':
      return progress(m.browniesBestDay, threshold);
    case 'debate_contributions':
      return progress(m.debateContributions, threshold);
    case 'challenge_wins':
      return progress(m.challengeWins, threshold);
    case 'pioneer': {
      const reached = m.pioneerRank !== null && m.pioneerRank <= threshold;
      return progress(m.districtFinalizedLevel1, threshold, reached, m.districtFinalizedLevel1 >= threshold);
    }
    case 'founding_member': {
      const reached = m.foundingRank !== null && m.foundingRank <= threshold;
      return progress(m.confirmedMembers, threshold, reached, m.foundingRank !== null || m.confirmedMembers >= threshold);
    }
    case 'delegate_level':
      return oneOf(m.delegateOfLevels.includes(threshold - 1));
    case 'candidate':
      return oneOf(m.delegateOfLevels.includes(5));
    case 'champion': {
      const items = championChecklist(m.champion);
      return progress(items.filter((i) => i.done).length, items.length, isChampion(m.champion));
    }
    case 'premium':
      return oneOf(m.premiumBadges.includes(badge.name));
  }
}

/** Every badge of the catalogue the figures reach: what the badge engine awards. */
export function badgesReachedBy(m: BadgeMetrics): string[] {
  return BADGES.filter((badge) => figuresProgress(badge, m).reached).map((badge) => badge.name);
}
