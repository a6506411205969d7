import { asLanguage } from '../../../domain/i18n/languages';
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import {
  type ClaimAnswer,
  REWARD_MESSAGES,
  REWARDS,
  type RewardsOverview,
  VOUCHER_CODE_BYTES,
  findReward,
  isRewardEarned,
  rewardState,
  voucherCodeFrom,
} from '../../../domain/rewards/reward-catalogue';
import type { Clock } from '../../clock';
import { type Db, pgErrorOf } from '../../db/client';
import { users } from '../../db/schema/auth';
import { rewardClaims } from '../../db/schema/points';
import { withRetry } from '../../db/transaction-retry';
import { AppError, forbidden, notFound, unauthorized } from '../../http/app-error';
import { enqueueMail } from '../../mail/outbox';
import { rewardCertificateMail } from '../../mail/templates';
import { hasBadge } from '../points/awards.service';

export interface RewardDeps {
  db: Db;
  clock: Clock;
  /** The app's public address, for the link in the certificate. */
  baseUrl: string;
}

/** GET /api/rewards: every reward with its state for the viewer, in one query. */
export async function getRewards(deps: Pick<RewardDeps, 'db'>, userId: string): Promise<RewardsOverview> {
  const result = await deps.db.execute<{
    verified: boolean;
    email: string;
    sparks: number;
    banners: number;
    badge_names: string[];
    claims: Array<{ type: string; processed_at: string | null }>;
  }>(sql`
    select u.verified, u.email, u.sparks, u.banners,
      coalesce((select array_agg(b.name) from user_badges ub join badges b on b.id = ub.badge_id where ub.user_id = u.id), '{}') as badge_names,
      coalesce((select json_agg(json_build_object('type', rc.reward_type, 'processed_at', rc.processed_at))
                from reward_claims rc where rc.user_id = u.id and rc.status = 'processed'), '[]') as claims
    from users u
    where u.id = ${userId} and u.deleted_at is null`);
  const row = result.rows[0];
  if (!row) throw unauthorized(REWARD_MESSAGES.signedOut);
  const held = new Set(row.badge_names);
  const claimedAt = new Map(row.claims.map((c) => [c.type, c.processed_at]));
  return {
    verified: row.verified,
    email: row.email,
    sparks: row.sparks,
    banners: row.banners,
    rewards: REWARDS.map((reward) => {
      const claimed = claimedAt.has(reward.key);
      const at = claimedAt.get(reward.key);
      return {
        ...reward,
        state: rewardState({ earned: isRewardEarned(reward, held), verified: row.verified, claimed }),
        claimedAt: at ? new Date(at).toISOString() : null,
      };
    }),
  };
}

const alreadyClaimed = () => new AppError(409, 'already_claimed', REWARD_MESSAGES.alreadyClaimed, { title: REWARD_MESSAGES.alreadyClaimedTitle });

/**
 * POST /api/rewards/:key/claim. Accepted only when the reward is earned (its badge is held;
 * the Welcome Voucher needs none) and the user is verified; once per user and reward (the
 * unique constraint settles races). In one transaction: the claim with a unique voucher
 * code, the certificate mail in the outbox, then the claim marked processed.
 */
export async function claimReward(deps: RewardDeps, userId: string, key: string): Promise<ClaimAnswer> {
  const reward = findReward(key);
  if (!reward) throw notFound(REWARD_MESSAGES.notFound);
  const run = () =>
    deps.db.transaction(async (tx) => {
      const [user] = await tx
        .select({ email: users.email, name: users.name, language: users.language, verified: users.verified, deletedAt: users.deletedAt })
        .from(users)
        .where(eq(users.id, userId));
      if (!user || user.deletedAt) throw unauthorized(REWARD_MESSAGES.signedOut);
      if (reward.badgeName && !(await hasBadge(tx, userId, reward.badgeName))) throw forbidden('not_earned', REWARD_MESSAGES.notEarned);
      if (!user.verified) throw forbidden('unverified', REWARD_MESSAGES.unverified);
      const now = deps.clock.now();
      const [claim] = await tx
        .insert(rewardClaims)
        .values({ userId, rewardType: reward.key, status: 'pending', voucherCode: voucherCodeFrom(randomBytes(VOUCHER_CODE_BYTES)), createdAt: now })
        .onConflictDoNothing({ target: [rewardClaims.userId, rewardClaims.rewardType] })
        .returning({ id: rewardClaims.id, voucherCode: rewardClaims.voucherCode });
      if (!claim) throw alreadyClaimed();
      await enqueueMail(
        tx,
        rewardCertificateMail(user.email, user.name, {
          rewardTitle: reward.title,
          prize: reward.prize,
          voucherCode: claim.voucherCode,
          rewardsUrl: `${deps.baseUrl}/rewards`,
        }, asLanguage(user.language)),
      );
      await tx.update(rewardClaims).set({ status: 'processed', processedAt: now }).where(eq(rewardClaims.id, claim.id));
    });
  // A voucher code that happens to exist already (1 in 2^60 per pair): draw another one.
  for (let attempt = 1; ; attempt++) {
    try {
      await withRetry(run);
      break;
    } catch (error) {
      if (attempt >= 3 || pgErrorOf(error)?.constraint !== 'reward_claims_voucher_code_unique') throw error;
    }
  }
  return { key: reward.key, state: 'claimed', title: REWARD_MESSAGES.claimedTitle, message: REWARD_MESSAGES.claimedDescription };
}
