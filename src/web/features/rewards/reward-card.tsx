import { ArrowRight, CircleCheck, Gift, ShieldAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CHAMPION_MIN_SPARKS, championChecklist, type ChampionRequirementKey } from '../../../domain/badges/champion';
import type { RewardRequirement, RewardView } from '../../../domain/rewards/reward-catalogue';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { cn } from '../../components/ui/class-names';
import { EarnHelpDialog } from './earn-help-dialog';
import { RewardIcon } from './reward-icon';

/** The Champion checklist's four items, in order (the /champion page shows the progress). */
const CHAMPION_ITEMS = championChecklist({ sparks: 0, organizedCaucuses: 0, votedInFinalizedLevel1: false, premiumBadgesBought: 0 }).map((r) => r.key);

/**
 * The rewards of src/domain/rewards/reward-catalogue.ts, by key: their titles and prizes are
 * written in each language under `catalogue.<key>` of the rewards namespace.
 */
const CATALOGUE_KEYS = [
  'welcome_voucher',
  'friend_badge',
  'believer_badge',
  'evangelist_badge',
  'avatar_badge',
  'lieutenant_badge',
  'captain_badge',
  'colonel_badge',
  'general_badge',
  'marshal_badge',
  'champion_badge',
] as const;
type CatalogueKey = (typeof CATALOGUE_KEYS)[number];
const isCatalogueKey = (key: string): key is CatalogueKey => (CATALOGUE_KEYS as readonly string[]).includes(key);

/** A reward's title and prize in the page's language; one the catalogue does not name yet keeps the server's words. */
export function useRewardText() {
  const { t } = useTranslation('rewards');
  return {
    title: (reward: Pick<RewardView, 'key' | 'title' | 'badgeName'>) =>
      isCatalogueKey(reward.key) ? t(`catalogue.${reward.key}.title`) : reward.badgeName ? t('card.badgeTitle', { name: reward.title }) : reward.title,
    prize: (reward: Pick<RewardView, 'key' | 'prize'>) => (isCatalogueKey(reward.key) ? t(`catalogue.${reward.key}.prize`) : reward.prize),
  };
}

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
  const { t } = useTranslation('rewards');
  const text = useRewardText();
  const headingId = `reward-${reward.key}`;
  const requirement = reward.requirement;
  /** 'Earn 1 Spark', 'Earn 1,000 Sparks', 'Earn 5 Banners'. */
  const earnLabel = ({ kind, count }: Extract<RewardRequirement, { kind: 'sparks' | 'banners' }>) =>
    kind === 'sparks' ? t('card.earnSparks', { count }) : t('card.earnBanners', { count });
  const championItem = (key: ChampionRequirementKey) => {
    switch (key) {
      case 'sparks':
        return t('champion.sparks', { count: CHAMPION_MIN_SPARKS });
      case 'organize':
        return t('champion.organize');
      case 'vote':
        return t('champion.vote');
      case 'premium':
        return t('champion.premium');
    }
  };
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
            {text.title(reward)}
          </h3>
          <p className="font-semibold text-accent-700">{text.prize(reward)}</p>
        </div>
      </div>
      <div className="flex-1 space-y-2 px-5 pb-3 text-sm text-slate-700">
        {requirement.kind === 'verified' ? <p>{t('card.welcome')}</p> : null}
        {requirement.kind === 'sparks' || requirement.kind === 'banners' ? (
          <p className="flex flex-wrap items-baseline gap-x-1">
            <span>{t('card.toEarn')}</span>
            <EarnHelpDialog kind={requirement.kind} label={earnLabel(requirement)} referralLink={referralLink} />
          </p>
        ) : null}
        {requirement.kind === 'champion' ? (
          <div>
            <p>{t('card.championIntro')}</p>
            <ul className="mt-1 list-disc space-y-0.5 pl-5">
              {CHAMPION_ITEMS.map((item) => (
                <li key={item}>{championItem(item)}</li>
              ))}
            </ul>
            <Link to="/champion" className="mt-2 inline-flex items-center gap-1 font-medium text-navy-700 underline-offset-4 hover:underline">
              {t('card.championLink')} <ArrowRight className="h-3.5 w-3.5" aria-hidden="true" />
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
  const { t } = useTranslation('rewards');
  switch (reward.state) {
    case 'claimed':
      return (
        <p className="flex items-center gap-2 font-semibold text-emerald-700">
          <CircleCheck className="h-5 w-5" aria-hidden="true" /> {t('card.claimed')}
        </p>
      );
    case 'claimable':
      return (
        <Button variant="accent" className="w-full sm:w-auto" onClick={() => onClaim(reward)} aria-describedby={`reward-${reward.key}`}>
          <Gift className="h-4 w-4" aria-hidden="true" /> {t('card.claimNow')}
        </Button>
      );
    case 'earned_unverified':
      return (
        <p className="flex items-start gap-2 text-sm text-amber-900">
          <ShieldAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          <span>
            {t('card.earnedUnverified')}{' '}
            <Link to="/verification" className="font-semibold underline underline-offset-2">
              {t('card.verifyNow')}
            </Link>
          </span>
        </p>
      );
    default:
      return <p className="text-sm text-slate-500">{t('card.notEarned')}</p>;
  }
}
