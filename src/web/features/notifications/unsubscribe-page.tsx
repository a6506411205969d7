import { CheckCircle2, Loader2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useDocumentTitle } from '../../components/layout/use-document-title';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { LinkButton } from '../../components/ui/link-button';
import { ErrorState, Page } from '../../components/ui/page';
import { Skeleton } from '../../components/ui/skeleton';
import { useUnsubscribe, useUnsubscribeLink } from './notification-queries';

/**
 * /unsubscribe/:token: where a mail's unsubscribe link opens. Opening it changes nothing (mail
 * scanners open links); the button does, without signing in. Mail clients skip this page and
 * POST the same address (RFC 8058).
 */
export default function UnsubscribePage() {
  const { t } = useTranslation('notifications');
  useDocumentTitle(t('unsubscribe.title'));
  const { token = '' } = useParams();
  const link = useUnsubscribeLink(token);
  const unsubscribe = useUnsubscribe(token);

  return (
    <Page title={t('unsubscribe.title')} className="max-w-2xl">
      {link.isPending ? (
        <div role="status" aria-label={t('unsubscribe.loading')}>
          <Skeleton className="h-32" />
        </div>
      ) : link.isError ? (
        <ErrorState title={t('unsubscribe.badLink')} message={link.error.message}>
          <LinkButton to="/notification-settings" variant="outline">
            {t('unsubscribe.settings')}
          </LinkButton>
        </ErrorState>
      ) : unsubscribe.isSuccess ? (
        <Card role="status">
          <CardContent className="space-y-4 pt-6">
            <p className="flex items-start gap-2 text-slate-800">
              <CheckCircle2 className="mt-0.5 h-5 w-5 shrink-0 text-green-700" aria-hidden="true" />
              <span>{t('unsubscribe.done', { what: unsubscribe.data.what })}</span>
            </p>
            <LinkButton to="/notification-settings" variant="outline">
              {t('unsubscribe.settings')}
            </LinkButton>
          </CardContent>
        </Card>
      ) : (
        <Card>
          <CardContent className="space-y-4 pt-6">
            <p className="text-slate-800">{t('unsubscribe.question', { what: link.data.what })}</p>
            {unsubscribe.isError ? (
              <p role="alert" className="text-sm text-red-700">
                {unsubscribe.error.message}
              </p>
            ) : null}
            <div className="flex flex-wrap gap-2">
              <Button onClick={() => unsubscribe.mutate()} disabled={unsubscribe.isPending}>
                {unsubscribe.isPending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : null}
                {t('unsubscribe.button')}
              </Button>
              <LinkButton to="/notification-settings" variant="outline">
                {t('unsubscribe.settings')}
              </LinkButton>
            </div>
          </CardContent>
        </Card>
      )}
    </Page>
  );
}
