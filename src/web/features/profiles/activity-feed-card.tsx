import { Award, CircleCheck, CirclePlus, Trophy, UserPlus, Users, Activity, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/page';
import { Skeleton } from '../../components/ui/skeleton';
import { useFormat } from '../../i18n/format';
import { useActivities } from './profile-queries';

const ICONS: Record<string, LucideIcon> = {
  caucus_created: CirclePlus,
  caucus_joined: Users,
  election_finalized: CircleCheck,
  delegate_elected: Award,
  badge_earned: Trophy,
  friend_added: UserPlus,
};

/** The 10 newest activities. */
export function ActivityFeedCard({ userId }: { userId: string }) {
  const { t } = useTranslation('profiles');
  const format = useFormat();
  const { data, isLoading, error } = useActivities(userId);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('activity.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        {isLoading ? (
          <div className="space-y-3" role="status" aria-label={t('activity.loading')}>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-10" />
            ))}
          </div>
        ) : error ? (
          <p role="alert" className="text-sm text-red-700">
            {t('activity.loadFailed', { message: error.message })}
          </p>
        ) : !data || data.length === 0 ? (
          <EmptyState>{t('activity.empty')}</EmptyState>
        ) : (
          <ol className="divide-y divide-slate-100">
            {data.map((item) => {
              const Icon = ICONS[item.activityType] ?? Activity;
              return (
                <li key={item.id} className="flex items-start gap-3 py-3 first:pt-0 last:pb-0">
                  <span className="mt-0.5 flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-navy-50 text-navy-700">
                    <Icon className="h-4 w-4" aria-hidden="true" />
                  </span>
                  <div className="min-w-0">
                    <p className="text-sm break-words text-slate-900">{item.description}</p>
                    <time dateTime={item.createdAt} className="text-xs text-slate-600">
                      {format.dateTime(item.createdAt)}
                    </time>
                  </div>
                </li>
              );
            })}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
