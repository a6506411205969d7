import { ArrowRight, CircleCheck, Gift, ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';
import { championChecklist } from '../../../domain/badges/champion';
import { REWARD_MESSAGES, type RewardView, earnLabel } from '../../../domain/rewards/reward-catalogue';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { cn } from '../../components/ui/class-names';
import { EarnHelpDialog } from './earn-help-dialog';
import { RewardIcon } from './reward-icon';

/** The Champion checklist's four items, as labels (the /champion page shows the progress). */
const CHAMPION_ITEMS = championChecklist({ sparks: 0, organizedCaucuses: 0, votedInFinalizedLevel1: false, premiumBadgesBought: 0 }).map((r) => r.label);

/** One reward: what it is, what earns it, and its state for the member (spec section 4). */
export function RewardCard({
  reward,
  referralLink,
  onClaim,
  featured = false,
}: {
  reward: RewardView;
  referralLink: string;
  onClaim: (reward: RewardView) => void;
  featured?: boolean;
}) {
  const headingId = `reward-${reward.key}`;
  const requirement = reward.requirement;
  const label = earnLabel(requirement);
  return (
    <Card
      role="group"
      aria-labelledby={headingId}
      className={cn('flex h-full flex-col', featured && 'border-accent-500 bg-orange-50/40', reward.state === 'claimed' && 'border-emerald-300')}
    >
      <div className="flex items-start gap-3 p-5 pb-3">
        <RewardIcon reward={reward} />
        <div className="min-w-0">
          <h3 id={headingId} className="text-lg font-semibold text-slate-900">
            {reward.badgeName ? `${reward.title} Badge` : reward.title}
          </h3>
          <p className="font-semibold text-accent-700">{reward.prize}</p>
        </div>
      </div>
      <div className="flex-1 space-y-2 px-5 pb-3 text-sm text-slate-700">
        {requirement.kind === 'verified' ? <p>For every verified member: our welcome to the movement.</p> : null}
        {requirement.kind === 'sparks' || requirement.kind === 'banners' ? (
          <p className="flex flex-wrap items-baseline gap-x-1">
            <span>To earn it:</span>
            <EarnHelpDialog kind={requirement.kind} label={label!} referralLink={referralLink} />
          </p>
        ) : null}
        {requirement.kind === 'champion' ? (
          <div>
            <p>To earn it, become a Champion:</p>
            <ul className="mt-1 list-disc space-y-0.5 pl-5">
              {CHAMPION_ITEMS.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
            <Link to="/champion" className="mt-2 inline-flex items-center gap-1 font-medium text-navy-700 underline-offset-4 hover:underline">
              See your Champion progress <ArrowRight className="h-3.5 w-3.5" aria-hidden="true" />
            </Link>
          </div>
        ) : null}
      </div>
      <div className="border-t border-slate-100 px-5 py-4">
        <RewardStatus reward={reward} onClaim={onClaim} />
      </div>
    </Card>
  );
}

function RewardStatus({ reward, onClaim }: { reward: RewardView; onClaim: (reward: RewardView) => void }) {
  switch (reward.state) {
    case 'claimed':
      return (
        <p className="flex items-center gap-2 font-semibold text-emerald-700">
          <CircleCheck className="h-5 w-5" aria-hidden="true" /> {REWARD_MESSAGES.claimed}
        </p>
      );
    case 'claimable':
      return (
        <Button variant="accent" className="w-full sm:w-auto" onClick={() => onClaim(reward)} aria-describedby={`reward-${reward.key}`}>
          <Gift className="h-4 w-4" aria-hidden="true" /> {REWARD_MESSAGES.claimNow}
        </Button>
      );
    case 'earned_unverified':
      return (
        <p className="flex items-start gap-2 text-sm text-amber-900">
          <ShieldAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          <span>
            {REWARD_MESSAGES.earnedUnverified}{' '}
            <Link to="/verification" className="font-semibold underline underline-offset-2">
              Verify now
            </Link>
          </span>
        </p>
      );
    default:
      return <p className="text-sm text-slate-500">Not earned yet</p>;
  }
}
