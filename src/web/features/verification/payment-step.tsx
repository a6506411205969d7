import { CreditCard, Loader2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatDollars, type VerificationStatus } from '../../../domain/verification/verification-schemas';
import { Button } from '../../components/ui/button';
import { StatusLine, StepCard } from './step-card';
import { useStartPayment } from './verification-api';

/** Step 1: the $3.00 fee, paid on the provider's page; "paid" only when the server recorded it. */
export function PaymentStep({ status }: { status: VerificationStatus }) {
  const { t } = useTranslation('verification');
  const start = useStartPayment();
  const fee = formatDollars(status.feeCents);
  const busy = start.isPending || start.isSuccess; // success: the browser is leaving for the provider
  return (
    <StepCard
      step={1}
      title={t('payment.title', { fee })}
      description={t('payment.description', { fee })}
      done={status.feePaid}
    >
      {status.feePaid ? (
        <StatusLine tone="success">{t('payment.paid', { fee })}</StatusLine>
      ) : (
        <>
          {status.payment === 'pending' ? (
            <StatusLine tone="info">{t('payment.pending')}</StatusLine>
          ) : null}
          {status.payment === 'failed' ? <StatusLine tone="warning">{t('payment.failed')}</StatusLine> : null}
          <Button onClick={() => start.mutate()} disabled={busy} aria-busy={busy || undefined}>
            {busy ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <CreditCard className="h-4 w-4" aria-hidden="true" />}
            {busy ? t('payment.opening') : t('payment.pay', { fee })}
          </Button>
        </>
      )}
    </StepCard>
  );
}
