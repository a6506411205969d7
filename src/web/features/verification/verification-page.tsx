import { useQueryClient } from '@tanstack/react-query';
import { FlaskConical, Loader2, RefreshCw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { ErrorState, Page } from '../../components/ui/page';
import { SESSION_KEY, useSession } from '../session/use-session';
import { IdentityStep } from './identity-step';
import { PaymentStep } from './payment-step';
import { useCheckStatus, useVerificationStatus } from './verification-api';
import { VerificationSkeleton } from './verification-skeleton';
import { VerifiedCard } from './verified-card';
import { useDocumentTitle } from '../../components/layout/use-document-title';

/** Query parameters the providers add when they send the browser back. They prove nothing. */
const RETURN_PARAMS = ['payment', 'payment_intent_status', 'identity', 'session_id'];
/** After coming back from a provider, the status is re-asked for this long while something is pending. */
const POLL_AFTER_RETURN_MS = 30_000;

/**
 * /verification: Step 1 the $3.00 fee, Step 2 the identity check, and Check Status. Every
 * state shown is what the server recorded; coming back with `?payment=success` only makes
 * the page ask the server again.
 */
export default function VerificationPage() {
  const { t } = useTranslation('verification');
  useDocumentTitle(t('page.documentTitle'));
  const [searchParams, setSearchParams] = useSearchParams();
  const [pollUntil, setPollUntil] = useState(0);
  const queryClient = useQueryClient();
  const session = useSession();

  // Back from the provider: drop its parameters and ask the server (for a while, if pending).
  useEffect(() => {
    if (!RETURN_PARAMS.some((p) => searchParams.has(p))) return;
    setSearchParams(
      (params) => {
        RETURN_PARAMS.forEach((p) => params.delete(p));
        return params;
      },
      { replace: true },
    );
    setPollUntil(Date.now() + POLL_AFTER_RETURN_MS);
    void queryClient.invalidateQueries({ queryKey: ['verification'] });
  }, [searchParams, setSearchParams, queryClient]);

  useEffect(() => {
    if (!pollUntil) return;
    const timer = setTimeout(() => setPollUntil(0), Math.max(0, pollUntil - Date.now()));
    return () => clearTimeout(timer);
  }, [pollUntil]);

  const { data: status, isLoading, error, refetch, isRefetching } = useVerificationStatus(pollUntil > 0);
  const check = useCheckStatus();

  // The server says verified: the rest of the app (navbar, profile) learns it too.
  useEffect(() => {
    if (status?.verified && session.user && !session.user.verified) void queryClient.invalidateQueries({ queryKey: SESSION_KEY });
  }, [status?.verified, session.user, queryClient]);

  if (isLoading) return <VerificationSkeleton />;
  if (!status) {
    return (
      <Page>
        <ErrorState title={t('page.statusFailedTitle')} message={error?.message ?? t('page.statusFailed')}>
          <Button onClick={() => void refetch()} disabled={isRefetching}>
            <RefreshCw className="h-4 w-4" aria-hidden="true" /> {t('page.retry')}
          </Button>
        </ErrorState>
      </Page>
    );
  }

  return (
    <Page
      className="max-w-3xl"
      title={t('page.title')}
      subtitle={t('page.subtitle')}
    >
      <div className="space-y-6">
        {status.mode === 'test' ? (
          <p className="flex items-start gap-2 rounded-lg border border-accent-500 bg-orange-50 p-3 text-sm text-orange-950" role="note">
            <FlaskConical className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
            <span>
              <Trans t={t} i18nKey="page.testMode" components={{ strong: <strong /> }} />
            </span>
          </p>
        ) : null}

        {status.verified ? (
          <VerifiedCard />
        ) : status.mode === 'unavailable' ? (
          <ErrorState title={t('page.unavailableTitle')} message={t('page.unavailable')} />
        ) : (
          <>
            <PaymentStep status={status} />
            <IdentityStep status={status} />
            <Card>
              <CardHeader>
                <CardTitle>{t('page.checkTitle')}</CardTitle>
                <CardDescription>{t('page.checkDescription')}</CardDescription>
              </CardHeader>
              <CardContent>
                <Button variant="outline" onClick={() => check.mutate()} disabled={check.isPending} aria-busy={check.isPending || undefined}>
                  {check.isPending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <RefreshCw className="h-4 w-4" aria-hidden="true" />}
                  {check.isPending ? t('page.checking') : t('page.check')}
                </Button>
              </CardContent>
            </Card>
          </>
        )}
      </div>
    </Page>
  );
}
