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

/** What "n / target" counts, per metric. */
export function progressUnit(metric: BadgeMetric): string {
  switch (metric) {
    case 'sparks':
      return 'Sparks';
    case 'banners':
      return 'Banners';
    case 'brownies_in_a_day':
      return 'Brownies on your best day';
    case 'debate_contributions':
      return 'debate contributions';
    case 'challenge_wins':
      return 'challenge wins';
    case 'pioneer':
      return 'level 1 caucuses finalized in your district';
    case 'founding_member':
      return 'members confirmed so far';
    case 'champion':
      return 'requirements met';
    case 'delegate_level':
    case 'candidate':
      return 'election won';
    case 'premium':
      return 'purchased';
  }
}
