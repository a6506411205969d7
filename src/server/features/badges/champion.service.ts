import type { ChampionMetrics } from '../../../domain/badges/champion';
import type { DbOrTx } from '../../db/client';
import { evaluateBadges, readBadgeFigures } from './badge-engine.service';

/** The four Champion figures of one user, in one query (the badge engine's). */
export async function readChampionMetrics(tx: DbOrTx, userId: string): Promise<ChampionMetrics> {
  const figures = await readBadgeFigures(tx, userId);
  return figures?.champion ?? { sparks: 0, organizedCaucuses: 0, votedInFinalizedLevel1: false, premiumBadgesBought: 0 };
}

/**
 * Awards Champion when its four conditions hold (once), through the badge engine, which
 * also awards anything else the user's figures reach. Call it inside the transaction of any
 * event that can complete a condition: a Spark, organizing a caucus, a level-1 finalization
 * (for its voters), a premium badge purchase. Returns whether Champion was newly earned.
 */
export async function awardChampionIfComplete(tx: DbOrTx, userId: string, at: Date): Promise<boolean> {
  return (await evaluateBadges(tx, userId, at)).includes('Champion');
}
