import { Hotel } from 'lucide-react';
import type { RewardView } from '../../../domain/rewards/reward-catalogue';
import { BadgeArt } from '../badges/badge-art';

/** A reward card's picture: the badge's artwork (greyed until earned), or the hotel card of the Welcome Voucher. */
export function RewardIcon({ reward }: { reward: Pick<RewardView, 'badgeName' | 'state'> }) {
  if (reward.badgeName) return <BadgeArt name={reward.badgeName} size={56} muted={reward.state === 'not_earned'} />;
  return (
    <span className="flex h-14 w-14 shrink-0 items-center justify-center rounded-full bg-emerald-50 text-emerald-700">
      <Hotel className="h-7 w-7" aria-hidden="true" />
    </span>
  );
}
