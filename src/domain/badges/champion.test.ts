import { describe, expect, it } from 'vitest';
import { championChecklist, championProgressPercent, isChampion, type ChampionMetrics } from './champion';

const none: ChampionMetrics = { sparks: 0, organizedCaucuses: 0, votedInFinalizedLevel1: false, premiumBadgesBought: 0 };
const all: ChampionMetrics = { sparks: 3, organizedCaucuses: 1, votedInFinalizedLevel1: true, premiumBadgesBought: 1 };

describe('Champion', () => {
  it.each([
    ['nothing done', none, false, 0],
    ['everything done', all, true, 100],
    ['2 Sparks only short of the sparks item', { ...all, sparks: 2 }, false, 75],
    ['no organized caucus', { ...all, organizedCaucuses: 0 }, false, 75],
    ['no vote in a finalized level 1 caucus', { ...all, votedInFinalizedLevel1: false }, false, 75],
    ['no premium badge', { ...all, premiumBadgesBought: 0 }, false, 75],
    ['more than enough of everything', { sparks: 40, organizedCaucuses: 7, votedInFinalizedLevel1: true, premiumBadgesBought: 2 }, true, 100],
    ['half done', { ...none, sparks: 3, premiumBadgesBought: 1 }, false, 50],
  ])('%s', (_name, metrics, champion, percent) => {
    expect(isChampion(metrics)).toBe(champion);
    expect(championProgressPercent(metrics)).toBe(percent);
  });

  it('lists the four requirements in order', () => {
    expect(championChecklist(all).map((r) => r.key)).toEqual(['sparks', 'organize', 'vote', 'premium']);
  });
});
