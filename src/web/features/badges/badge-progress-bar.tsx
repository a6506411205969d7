import { useTranslation } from 'react-i18next';
import type { BadgeMetric } from '../../../domain/badges/catalogue';
import { cn } from '../../components/ui/class-names';

/** A labelled progress bar (role progressbar, 0 to 100). */
export function ProgressBar({ percent, label, className, tone = 'navy' }: { percent: number; label: string; className?: string; tone?: 'navy' | 'green' }) {
  const value = Math.max(0, Math.min(100, Math.round(percent)));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
      className={cn('h-2.5 w-full overflow-hidden rounded-full bg-slate-200', className)}
    >
      <div className={cn('h-full rounded-full transition-[width]', tone === 'green' ? 'bg-green-600' : 'bg-navy-600')} style={{ width: `${value}%` }} />
    </div>
  );
}

/** What "n / target" counts, per metric, in the page's language. */
export function useProgressUnit(): (metric: BadgeMetric) => string {
  const { t } = useTranslation('badges');
  return (metric) => {
    switch (metric) {
      case 'sparks':
        return t('units.sparks');
      case 'banners':
        return t('units.banners');
      case 'brownies_in_a_day':
        return t('units.browniesInADay');
      case 'debate_contributions':
        return t('units.debateContributions');
      case 'challenge_wins':
        return t('units.challengeWins');
      case 'pioneer':
        return t('units.pioneer');
      case 'founding_member':
        return t('units.foundingMember');
      case 'champion':
        return t('units.champion');
      case 'delegate_level':
      case 'candidate':
        return t('units.electionWon');
      case 'premium':
        return t('units.premium');
    }
  };
}
