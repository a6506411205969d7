import { RefreshCw, ShieldAlert } from 'lucide-react';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { RewardView } from '../../../domain/rewards/reward-catalogue';
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
  const { t } = useTranslation('rewards');
  useDocumentTitle(t('page.documentTitle'));
  const { user } = useSession();
  const { data, isLoading, error, refetch, isRefetching } = useRewards();
  const [claiming, setClaiming] = useState<RewardView | null>(null);
  const referralLink = user ? `${window.location.origin}/auth?ref=${user.id}` : '';

  if (isLoading) return <RewardsSkeleton />;
  if (!data) {
    return (
      <Page>
        <ErrorState title={t('page.loadFailed')} message={error?.message ?? t('page.tryAgain')}>
          <Button onClick={() => void refetch()} disabled={isRefetching}>
            <RefreshCw className="h-4 w-4" aria-hidden="true" /> {t('page.retry')}
          </Button>
        </ErrorState>
      </Page>
    );
  }

  const [welcome, ...badgeRewards] = data.rewards;
  const claimed = data.rewards.filter((r) => r.state === 'claimed').length;
  return (
    <Page
      title={t('page.heading')}
      subtitle={t('page.subtitle')}
    >
      <div className="space-y-8">
        {!data.verified ? (
          <div role="note" aria-label={t('page.verificationRequired')} className="flex items-start gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950">
            <ShieldAlert className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
            <p>
              <Trans
                t={t}
                i18nKey="page.notVerified"
                components={{ strong: <strong />, anchor: <Link to="/verification" className="font-semibold underline underline-offset-2" /> }}
              />
            </p>
          </div>
        ) : null}

        {claimed === 0 ? (
          <EmptyState>{data.verified ? t('page.noneClaimed') : t('page.noneClaimedUnverified')}</EmptyState>
        ) : (
          <p className="text-sm text-slate-600" role="status">
            {t('page.claimedCount', { claimed, total: data.rewards.length, email: data.email })}
          </p>
        )}

        <section aria-labelledby="welcome-heading" className="space-y-3">
          <h2 id="welcome-heading" className="text-xl font-semibold text-navy-900">
            {t('page.welcomeHeading')}
          </h2>
          {welcome ? <RewardCard reward={welcome} referralLink={referralLink} onClaim={setClaiming} featured /> : null}
        </section>

        <section aria-labelledby="badge-rewards-heading" className="space-y-3">
          <h2 id="badge-rewards-heading" className="text-xl font-semibold text-navy-900">
            {t('page.badgeRewardsHeading')}
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
  const { t } = useTranslation('rewards');
  return (
    <section aria-labelledby="how-heading">
      <Card className="bg-navy-50/60">
        <CardContent className="space-y-4 pt-5 text-slate-800">
          <h2 id="how-heading" className="text-xl font-semibold text-navy-900">
            {t('how.heading')}
          </h2>
          <p>{t('how.intro')}</p>
          <dl className="grid gap-4 md:grid-cols-2">
            <div>
              <dt className="font-semibold">{t('how.receiveQuestion')}</dt>
              <dd className="text-sm text-slate-700">{t('how.receiveAnswer')}</dd>
            </div>
            <div>
              <dt className="font-semibold">{t('how.costQuestion')}</dt>
              <dd className="text-sm text-slate-700">{t('how.costAnswer')}</dd>
            </div>
            <div>
              <dt className="font-semibold">{t('how.verifiedQuestion')}</dt>
              <dd className="text-sm text-slate-700">{t('how.verifiedAnswer')}</dd>
            </div>
            <div>
              <dt className="font-semibold">{t('how.moreQuestion')}</dt>
              <dd className="text-sm text-slate-700">{t('how.moreAnswer')}</dd>
            </div>
          </dl>
        </CardContent>
      </Card>
    </section>
  );
}

function RewardsSkeleton() {
  const { t } = useTranslation('rewards');
  return (
    <div className="mx-auto w-full max-w-5xl space-y-6 px-4 py-6 md:py-10" role="status" aria-label={t('page.loading')}>
      <Skeleton className="h-9 w-3/4 max-w-xl" />
      <Skeleton className="h-4 w-2/3" />
      <Skeleton className="h-40" />
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} className="h-52" />
        ))}
      </div>
      <span className="sr-only">{t('page.loadingText')}</span>
    </div>
  );
}
