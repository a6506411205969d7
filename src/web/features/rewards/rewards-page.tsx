import { RefreshCw, ShieldAlert } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { REWARD_MESSAGES, type RewardView } from '../../../domain/rewards/reward-catalogue';
import { useDocumentTitle } from '../../components/layout/use-document-title';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { EmptyState, ErrorState, Page } from '../../components/ui/page';
import { Skeleton } from '../../components/ui/skeleton';
import { useSession } from '../session/use-session';
import { ClaimRewardDialog } from './claim-reward-dialog';
import { RewardCard } from './reward-card';
import { useRewards } from './rewards-api';

/**
 * /rewards: the Welcome Voucher and the ten badge rewards with their state for the member,
 * the claim dialog, the help dialogs of 'Earn N Sparks/Banners', and where rewards come from.
 */
export default function RewardsPage() {
  useDocumentTitle('Rewards');
  const { user } = useSession();
  const { data, isLoading, error, refetch, isRefetching } = useRewards();
  const [claiming, setClaiming] = useState<RewardView | null>(null);
  const referralLink = user ? `${window.location.origin}/auth?ref=${user.id}` : '';

  if (isLoading) return <RewardsSkeleton />;
  if (!data) {
    return (
      <Page>
        <ErrorState title="Rewards could not be loaded" message={error?.message ?? 'Please try again.'}>
          <Button onClick={() => void refetch()} disabled={isRefetching}>
            <RefreshCw className="h-4 w-4" aria-hidden="true" /> Retry
          </Button>
        </ErrorState>
      </Page>
    );
  }

  const [welcome, ...badgeRewards] = data.rewards;
  const claimed = data.rewards.filter((r) => r.state === 'claimed').length;
  return (
    <Page
      title={REWARD_MESSAGES.heading}
      subtitle="Every badge you earn for the movement unlocks a reward from our partners. Claim it and we email you the certificate."
    >
      <div className="space-y-8">
        {!data.verified ? (
          <div role="note" aria-label="Verification required" className="flex items-start gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950">
            <ShieldAlert className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
            <p>
              <strong>Your account is not verified yet.</strong> Only verified members can claim rewards.{' '}
              <Link to="/verification" className="font-semibold underline underline-offset-2">
                Verify your account
              </Link>
            </p>
          </div>
        ) : null}

        {claimed === 0 ? (
          <EmptyState>You have not claimed a reward yet. Start with your Welcome Voucher{data.verified ? '' : ' once you are verified'}.</EmptyState>
        ) : (
          <p className="text-sm text-slate-600" role="status">
            You have claimed {claimed} of {data.rewards.length} rewards. Certificates go to {data.email}.
          </p>
        )}

        <section aria-labelledby="welcome-heading" className="space-y-3">
          <h2 id="welcome-heading" className="text-xl font-semibold text-navy-900">
            Your Welcome Voucher
          </h2>
          {welcome ? <RewardCard reward={welcome} referralLink={referralLink} onClaim={setClaiming} featured /> : null}
        </section>

        <section aria-labelledby="badge-rewards-heading" className="space-y-3">
          <h2 id="badge-rewards-heading" className="text-xl font-semibold text-navy-900">
            Badge Rewards
          </h2>
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {badgeRewards.map((reward) => (
              <RewardCard key={reward.key} reward={reward} referralLink={referralLink} onClaim={setClaiming} />
            ))}
          </div>
        </section>

        <HowIsThisPossible />
      </div>
      <ClaimRewardDialog reward={claiming} email={data.email} onClose={() => setClaiming(null)} />
    </Page>
  );
}

function HowIsThisPossible() {
  return (
    <section aria-labelledby="how-heading">
      <Card className="bg-navy-50/60">
        <CardContent className="space-y-4 pt-5 text-slate-800">
          <h2 id="how-heading" className="text-xl font-semibold text-navy-900">
            How Is This Possible? Is This for Real?
          </h2>
          <p>
            Yes. Rewards are funded by partner businesses, such as hotels, restaurants and travel providers, that want to support citizens
            who take part in their democracy.
          </p>
          <dl className="grid gap-4 md:grid-cols-2">
            <div>
              <dt className="font-semibold">How do I receive a reward?</dt>
              <dd className="text-sm text-slate-700">
                When you claim a reward we email you a certificate with a unique voucher code. You redeem it by email: reply with your
                code and our rewards team tells you how to use it with a partner.
              </dd>
            </div>
            <div>
              <dt className="font-semibold">Does it cost anything?</dt>
              <dd className="text-sm text-slate-700">
                Claiming is free, but rewards may incur taxes and processing fees, depending on the reward and where you live. Travel and
                resort rewards depend on partner availability and dates.
              </dd>
            </div>
            <div>
              <dt className="font-semibold">Why must I be verified?</dt>
              <dd className="text-sm text-slate-700">
                Verification makes sure each reward goes to one real voter. Each reward can be claimed once per member.
              </dd>
            </div>
            <div>
              <dt className="font-semibold">How do I earn more?</dt>
              <dd className="text-sm text-slate-700">
                Recruit with your referral link for Sparks, and organize caucuses that elect their Delegate for Banners. Each badge you
                reach unlocks its reward here.
              </dd>
            </div>
          </dl>
        </CardContent>
      </Card>
    </section>
  );
}

function RewardsSkeleton() {
  return (
    <div className="mx-auto w-full max-w-5xl space-y-6 px-4 py-6 md:py-10" role="status" aria-label="Loading rewards">
      <Skeleton className="h-9 w-3/4 max-w-xl" />
      <Skeleton className="h-4 w-2/3" />
      <Skeleton className="h-40" />
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} className="h-52" />
        ))}
      </div>
      <span className="sr-only">Loading…</span>
    </div>
  );
}
