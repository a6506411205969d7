import { z } from 'zod';
import { findBadge } from '../badges/catalogue';

/**
 * The rewards of the Rewards page (spec section 9): the Welcome Voucher for every verified
 * member, and one reward per badge of the ten below. Pure data shared by the server (which
 * decides claims) and the page (which shows the cards). Keys are 'welcome_voucher' and
 * '{lowercase badge name}_badge', as the spec names them.
 */

/** What earns a reward: being verified, a count of Sparks or Banners (a badge's threshold), or Champion. */
export const rewardRequirementSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('verified') }),
  z.object({ kind: z.enum(['sparks', 'banners']), count: z.number().int() }),
  z.object({ kind: z.literal('champion') }),
]);
export type RewardRequirement = z.infer<typeof rewardRequirementSchema>;

export interface RewardDefinition {
  key: string;
  /** 'Welcome Voucher' or the badge's name. */
  title: string;
  /** The badge that earns it; null for the Welcome Voucher (earned by everyone). */
  badgeName: string | null;
  /** What the member receives, as the certificate names it. */
  prize: string;
  requirement: RewardRequirement;
}

export const WELCOME_VOUCHER_KEY = 'welcome_voucher';

/** 'Friend' -> 'friend_badge'. */
export const rewardKeyOf = (badgeName: string): string => `${badgeName.toLowerCase().replace(/[^a-z0-9]+/g, '_')}_badge`;

/** A threshold of the badge catalogue (so the Rewards page and the badge engine never disagree). */
function thresholdOf(badgeName: string): number {
  const threshold = findBadge(badgeName)?.threshold;
  if (threshold === null || threshold === undefined) throw new Error(`badge ${badgeName} has no threshold`);
  return threshold;
}

const badgeReward = (badgeName: string, kind: 'sparks' | 'banners' | 'champion', prize: string): RewardDefinition => ({
  key: rewardKeyOf(badgeName),
  title: badgeName,
  badgeName,
  prize,
  requirement: kind === 'champion' ? { kind } : { kind, count: thresholdOf(badgeName) },
});

export const WELCOME_VOUCHER: RewardDefinition = {
  key: WELCOME_VOUCHER_KEY,
  title: 'Welcome Voucher',
  badgeName: null,
  prize: '$100 Hotel Savings Card',
  requirement: { kind: 'verified' },
};

/** The ten badge rewards, in the page's order. */
export const BADGE_REWARDS: readonly RewardDefinition[] = [
  badgeReward('Friend', 'sparks', '$100 Restaurant Voucher'),
  badgeReward('Believer', 'sparks', '$200 Restaurant Voucher'),
  badgeReward('Evangelist', 'sparks', '$300 Restaurant Voucher'),
  badgeReward('Avatar', 'sparks', 'Airfare plus a 2-Night Hotel Stay for 2'),
  badgeReward('Lieutenant', 'banners', '$200 Restaurant Voucher'),
  badgeReward('Captain', 'banners', '$200 Hotel Card plus a $200 Restaurant Voucher'),
  badgeReward('Colonel', 'banners', '$400 Hotel Card plus a $300 Restaurant Voucher'),
  badgeReward('General', 'banners', 'All-Inclusive 2-Night Resort Getaway'),
  badgeReward('Marshal', 'banners', '7-Night Luxury Resort Getaway'),
  badgeReward('Champion', 'champion', '$400 Hotel Card plus a $400 Restaurant Voucher'),
];

export const REWARDS: readonly RewardDefinition[] = [WELCOME_VOUCHER, ...BADGE_REWARDS];

const byKey = new Map(REWARDS.map((r) => [r.key, r]));

export function findReward(key: string): RewardDefinition | undefined {
  return byKey.get(key);
}

/** 'Earn 1 Spark', 'Earn 10 Sparks', 'Earn 1,000 Sparks', 'Earn 5 Banners'; null when nothing is counted. */
export function earnLabel(requirement: RewardRequirement): string | null {
  if (requirement.kind !== 'sparks' && requirement.kind !== 'banners') return null;
  const unit = requirement.kind === 'sparks' ? 'Spark' : 'Banner';
  return `Earn ${requirement.count.toLocaleString('en-US')} ${unit}${requirement.count === 1 ? '' : 's'}`;
}

/**
 * Per reward on the Rewards page (spec section 4): not earned; earned but unverified; earned
 * and verified (claimable); claimed.
 */
export const REWARD_STATES = ['not_earned', 'earned_unverified', 'claimable', 'claimed'] as const;
export type RewardState = (typeof REWARD_STATES)[number];

export interface RewardFacts {
  /** The badge is held (always true for the Welcome Voucher). */
  earned: boolean;
  verified: boolean;
  /** A processed claim of this reward exists for the user. */
  claimed: boolean;
}

export function rewardState({ earned, verified, claimed }: RewardFacts): RewardState {
  if (claimed) return 'claimed';
  if (!earned) return 'not_earned';
  return verified ? 'claimable' : 'earned_unverified';
}

/** Whether `reward` is earned by a user holding `badgeNames`: the Welcome Voucher needs nothing. */
export function isRewardEarned(reward: RewardDefinition, badgeNames: ReadonlySet<string> | readonly string[]): boolean {
  if (reward.badgeName === null) return true;
  const held = badgeNames instanceof Set ? badgeNames : new Set(badgeNames as readonly string[]);
  return held.has(reward.badgeName);
}

/** The spec's texts of the Rewards page and of the claim's answers. */
export const REWARD_MESSAGES = {
  heading: 'Earn Rewards While Saving Your Country',
  earnedUnverified: 'You have earned this reward! Verify your account to claim it.',
  claimNow: 'Claim Now',
  claimed: 'Reward Sent',
  claimedTitle: 'Reward Claimed!',
  claimedDescription: 'Your reward certificate has been sent to your email.',
  alreadyClaimedTitle: 'Already Claimed',
  alreadyClaimed: 'You have already claimed this reward.',
  failedTitle: 'Error',
  failed: 'Failed to claim reward. Please try again.',
  notFound: 'Reward Not Found',
  notEarned: 'You have not earned this reward yet.',
  unverified: 'Verify your account to claim this reward.',
  signedOut: 'You must be logged in to claim a reward.',
} as const;

/** 32 symbols without look-alikes (no 0/O, 1/I): 256 is a multiple of 32, so every symbol is equally likely. */
const VOUCHER_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const VOUCHER_CODE_BYTES = 12;
export const VOUCHER_CODE_PATTERN = /^GUC-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/;

/** A voucher code from 12 random bytes (60 bits): 'GUC-7K3M-Q9XP-2HTR'. The caller supplies the randomness. */
export function voucherCodeFrom(bytes: ArrayLike<number>): string {
  if (bytes.length < VOUCHER_CODE_BYTES) throw new Error(`a voucher code needs ${VOUCHER_CODE_BYTES} random bytes`);
  const symbols = Array.from({ length: VOUCHER_CODE_BYTES }, (_, i) => VOUCHER_ALPHABET[bytes[i]! % 32]);
  return `GUC-${symbols.slice(0, 4).join('')}-${symbols.slice(4, 8).join('')}-${symbols.slice(8, 12).join('')}`;
}

/** The :key of POST /api/rewards/:key/claim: a malformed key names no reward. */
export const rewardKeyParamSchema = z.object({
  key: z.string({ error: REWARD_MESSAGES.notFound }).regex(/^[a-z0-9_]{1,64}$/, REWARD_MESSAGES.notFound),
});

/** One card of GET /api/rewards. */
export const rewardViewSchema = z.object({
  key: z.string(),
  /** 'Welcome Voucher' or the badge's name. */
  title: z.string(),
  /** The badge that earns it; null for the Welcome Voucher (earned by everyone). */
  badgeName: z.string().nullable(),
  /** What the member receives, as the certificate names it. */
  prize: z.string(),
  requirement: rewardRequirementSchema,
  state: z.enum(REWARD_STATES),
  claimedAt: z.string().nullable(),
});
export type RewardView = z.infer<typeof rewardViewSchema>;

/** GET /api/rewards: every reward with its state for the viewer. */
export const rewardsOverviewSchema = z.object({
  verified: z.boolean(),
  email: z.string(),
  sparks: z.number().int(),
  banners: z.number().int(),
  rewards: z.array(rewardViewSchema),
});
export type RewardsOverview = z.infer<typeof rewardsOverviewSchema>;

/** POST /api/rewards/:key/claim, on success. */
export const claimAnswerSchema = z.object({
  key: z.string(),
  state: z.literal('claimed'),
  /** The spec's 'Reward Claimed!', in the request's language. */
  title: z.string(),
  message: z.string(),
});
export type ClaimAnswer = z.infer<typeof claimAnswerSchema>;
