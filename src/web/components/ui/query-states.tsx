import { RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { ErrorState } from './page';
import { Skeleton } from './skeleton';

/** A page's content while its query loads: grey blocks of the given heights (Tailwind classes). */
export function LoadingBlocks({ heights }: { heights: readonly string[] }) {
  const { t } = useTranslation();
  return (
    <div className="space-y-3" role="status" aria-label={t('loading')}>
      {heights.map((h, i) => (
        <Skeleton key={i} className={h} />
      ))}
    </div>
  );
}

/** A query that failed: what could not be loaded, why, and Try Again. */
export function RetryError({ title, error, onRetry }: { title: string; error: Error; onRetry: () => unknown }) {
  const { t } = useTranslation();
  return (
    <ErrorState title={title} message={error.message}>
      <Button variant="outline" onClick={() => void onRetry()}>
        <RefreshCw className="h-4 w-4" aria-hidden="true" /> {t('tryAgain')}
      </Button>
    </ErrorState>
  );
}
