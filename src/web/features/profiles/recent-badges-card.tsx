import { ChevronDown, ChevronUp } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BADGE_CATEGORIES, badgeSlug, type BadgeCategory } from '../../../domain/badges/catalogue';
import { RECENT_BADGES_SHOWN } from '../../../domain/profiles/limits';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/page';
import { Skeleton } from '../../components/ui/skeleton';
import { useFormat } from '../../i18n/format';
import { BadgeArt, useBadgeText } from '../badges/badge-art';
import { useEarnedBadges } from './profile-queries';

const isCategory = (c: string): c is BadgeCategory => (BADGE_CATEGORIES as readonly string[]).includes(c);

/** The 3 most recent badges, expandable to all of them. */
export function RecentBadgesCard({ userId }: { userId: string }) {
  const { t } = useTranslation('profiles');
  const badgeText = useBadgeText();
  const format = useFormat();
  const { data, isLoading, error } = useEarnedBadges(userId);
  const [expanded, setExpanded] = useState(false);
  const listId = useId();
  const all = data ?? [];
  const shown = expanded ? all : all.slice(0, RECENT_BADGES_SHOWN);

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('recentBadges.title')}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        {isLoading ? (
          <div className="space-y-3" role="status" aria-label={t('recentBadges.loading')}>
            {[0, 1, 2].map((i) => (
              <div key={i} className="flex items-center gap-3">
                <Skeleton className="h-10 w-10 rounded-full" />
                <Skeleton className="h-4 flex-1" />
              </div>
            ))}
          </div>
        ) : error ? (
          <div role="alert" className="text-sm text-red-700">
            <p>{t('recentBadges.loadError', { message: error.message })}</p>
            <p className="text-slate-600">{t('recentBadges.refreshHint')}</p>
          </div>
        ) : all.length === 0 ? (
          <EmptyState>{t('recentBadges.empty')}</EmptyState>
        ) : (
          <>
            <ul id={listId} className="space-y-2">
              {shown.map((badge) => (
                <li key={badge.id}>
                  <Link
                    to={`/badge/${badgeSlug(badge.name)}`}
                    className="flex items-center gap-3 rounded-lg p-1 hover:bg-slate-50"
                  >
                    <BadgeArt name={badge.name} category={isCategory(badge.category) ? badge.category : undefined} size={44} />
                    <span className="min-w-0">
                      <span className="block truncate font-medium text-slate-900">{badgeText.name(badge.name)}</span>
                      <span className="block text-xs text-slate-600">
                        {t('recentBadges.earnedOn', { date: format.date(badge.earnedAt, 'medium') })}
                      </span>
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
            {all.length > RECENT_BADGES_SHOWN ? (
              <Button variant="ghost" size="sm" className="w-full" aria-expanded={expanded} aria-controls={listId} onClick={() => setExpanded((v) => !v)}>
                {expanded ? (
                  <>
                    {t('recentBadges.showLess')} <ChevronUp className="h-4 w-4" aria-hidden="true" />
                  </>
                ) : (
                  <>
                    {t('recentBadges.showAll', { count: all.length })} <ChevronDown className="h-4 w-4" aria-hidden="true" />
                  </>
                )}
              </Button>
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}
