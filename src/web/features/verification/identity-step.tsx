import { Eye, EyeOff, Loader2, ShieldCheck } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { governmentIdSchema, type VerificationStatus } from '../../../domain/verification/verification-schemas';
import { ApiError } from '../../api/http';
import { Button } from '../../components/ui/button';
import { FieldError, Input, Label } from '../../components/ui/form-controls';
import { StatusLine, StepCard } from './step-card';
import { useStartIdentity } from './verification-api';

/**
 * Step 2: the identity check. The 'U.S. Government ID#' is typed here (hidden by default,
 * never autocompleted); the server keeps only a keyed digest of it, then sends the browser
 * to the provider's identity page.
 */
export function IdentityStep({ status }: { status: VerificationStatus }) {
  const { t } = useTranslation('verification');
  const start = useStartIdentity();
  const [governmentId, setGovernmentId] = useState('');
  const [shown, setShown] = useState(false);
  const [problem, setProblem] = useState<string | undefined>();
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const busy = start.isPending || start.isSuccess;
  const done = status.identity === 'verified';

  function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const parsed = governmentIdSchema.safeParse(governmentId);
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message);
      document.getElementById(inputId)?.focus();
      return;
    }
    setProblem(undefined);
    start.mutate(parsed.data, {
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'invalid_input') setProblem(error.message);
      },
    });
  }

  return (
    <StepCard
      step={2}
      title={t('identity.title')}
      description={t('identity.description')}
      done={done}
    >
      {done ? (
        <StatusLine tone="success">{t('identity.verified')}</StatusLine>
      ) : (
        <>
          {status.identity === 'pending' ? (
            <StatusLine tone="info">{t('identity.pending')}</StatusLine>
          ) : null}
          {status.identity === 'failed' ? <StatusLine tone="warning">{t('identity.failed')}</StatusLine> : null}
          <form method="post" noValidate onSubmit={submit} className="space-y-4" aria-label={t('identity.formLabel')}>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={inputId}>{t('identity.idLabel')}</Label>
              <div className="flex gap-2">
                <Input
                  id={inputId}
                  name="governmentId"
                  type={shown ? 'text' : 'password'}
                  autoComplete="off"
                  autoCapitalize="characters"
                  autoCorrect="off"
                  spellCheck={false}
                  maxLength={20}
                  value={governmentId}
                  onChange={(e) => {
                    setGovernmentId(e.target.value);
                    setProblem(undefined);
                  }}
                  aria-invalid={problem ? true : undefined}
                  aria-describedby={[hintId, problem ? errorId : null].filter(Boolean).join(' ')}
                  className="min-w-0 flex-1 font-mono"
                />
                <Button
                  variant="outline"
                  size="icon"
                  className="shrink-0"
                  onClick={() => setShown((s) => !s)}
                  aria-label={shown ? t('identity.hideId') : t('identity.showId')}
                  aria-pressed={shown}
                  aria-controls={inputId}
                >
                  {shown ? <EyeOff className="h-4 w-4" aria-hidden="true" /> : <Eye className="h-4 w-4" aria-hidden="true" />}
                </Button>
              </div>
              <p id={hintId} className="text-xs text-slate-600">
                {t('identity.idHint')}
              </p>
              <FieldError id={errorId}>{problem}</FieldError>
            </div>
            <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
              {busy ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <ShieldCheck className="h-4 w-4" aria-hidden="true" />}
              {busy ? t('identity.opening') : status.identity === 'none' ? t('identity.start') : t('identity.startNew')}
            </Button>
          </form>
        </>
      )}
    </StepCard>
  );
}
