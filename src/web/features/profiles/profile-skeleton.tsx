import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardHeader } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';

function CardSkeleton({ lines = 3, children }: { lines?: number; children?: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <Skeleton className="h-6 w-40" />
      </CardHeader>
      <CardContent className="space-y-3">
        {children}
        {Array.from({ length: lines }, (_, i) => (
          <Skeleton key={i} className="h-4" />
        ))}
      </CardContent>
    </Card>
  );
}

/** The profile page's shape while it loads. */
export function ProfileSkeleton() {
  const { t } = useTranslation('profiles');
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-6 md:py-10" role="status" aria-label={t('page.loading')}>
      <Skeleton className="mb-6 h-9 w-56" />
      <div className="grid gap-6 md:grid-cols-3">
        <div className="space-y-6">
          <CardSkeleton lines={0}>
            <Skeleton className="mx-auto h-32 w-32 rounded-full" />
          </CardSkeleton>
          <CardSkeleton lines={0}>
            <div className="grid grid-cols-3 gap-2">
              <Skeleton className="h-20" />
              <Skeleton className="h-20" />
              <Skeleton className="h-20" />
            </div>
          </CardSkeleton>
          <CardSkeleton lines={3} />
        </div>
        <div className="space-y-6 md:col-span-2">
          <CardSkeleton lines={6} />
          <CardSkeleton lines={4} />
        </div>
      </div>
      <span className="sr-only">{t('page.loadingText')}</span>
    </div>
  );
}
