import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardHeader } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';

/** The verification page's shape while the status loads. */
export function VerificationSkeleton() {
  const { t } = useTranslation('verification');
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 md:py-10" role="status" aria-label={t('skeleton.label')}>
      <Skeleton className="mb-2 h-9 w-64" />
      <Skeleton className="mb-6 h-4 w-full max-w-md" />
      <div className="space-y-6">
        {[0, 1].map((i) => (
          <Card key={i}>
            <CardHeader>
              <Skeleton className="h-6 w-48" />
            </CardHeader>
            <CardContent className="space-y-3">
              <Skeleton className="h-4" />
              <Skeleton className="h-4 w-2/3" />
              <Skeleton className="h-10 w-40" />
            </CardContent>
          </Card>
        ))}
      </div>
      <span className="sr-only">{t('skeleton.loading')}</span>
    </div>
  );
}
