import { CreditCard, Loader2 } from 'lucide-react';
import { formatDollars, type VerificationStatus } from '../../../domain/verification/verification-schemas';
import { Button } from '../../components/ui/button';
import { StatusLine, StepCard } from './step-card';
import { useStartPayment } from './verification-api';

/** Step 1: the $3.00 fee, paid on the provider's page; "paid" only when the server recorded it. */
export function PaymentStep({ status }: { status: VerificationStatus }) {
  const start = useStartPayment();
  const fee = formatDollars(status.feeCents);
  const busy = start.isPending || start.isSuccess; // success: the browser is leaving for the provider
  return (
    <StepCard
      step={1}
      title={`Pay the ${fee} verification fee`}
      description={`A one-time fee of ${fee} covers the cost of the identity check.`}
      done={status.feePaid}
    >
      {status.feePaid ? (
        <StatusLine tone="success">Paid: we have received your {fee} fee.</StatusLine>
      ) : (
        <>
          {status.payment === 'pending' ? (
            <StatusLine tone="info">
              We have not received your payment yet. If you have just paid, it can take a moment: use Check Status below.
            </StatusLine>
          ) : null}
          {status.payment === 'failed' ? <StatusLine tone="warning">Your last payment was cancelled or did not go through. You can try again.</StatusLine> : null}
          <Button onClick={() => start.mutate()} disabled={busy} aria-busy={busy || undefined}>
            {busy ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <CreditCard className="h-4 w-4" aria-hidden="true" />}
            {busy ? 'Opening payment…' : `Pay ${fee}`}
          </Button>
        </>
      )}
    </StepCard>
  );
}
