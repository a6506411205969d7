import { useTranslation } from 'react-i18next';
import { cn } from './class-names';

export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded-md bg-slate-200', className)} />;
}

/** A page-sized placeholder while data loads. */
export function PageSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto w-full max-w-5xl space-y-4 p-4" role="status" aria-label={t('loading')}>
      <Skeleton className="h-8 w-1/3" />
      <Skeleton className="h-4 w-2/3" />
      <div className="grid gap-4 md:grid-cols-2">
        <Skeleton className="h-40" />
        <Skeleton className="h-40" />
      </div>
      <span className="sr-only">{t('loadingEllipsis')}</span>
    </div>
  );
}
