import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { CONFIRM_CODE_MAX, CONFIRM_PASSWORD_MAX, type SignInMethods } from '../../../domain/accounts/confirm-identity';
import { api, ApiError } from '../../api/http';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { LabelledInput } from '../../components/ui/form-controls';
import { LoadingBlocks, RetryError } from '../../components/ui/query-states';
import { PasskeyProofButton } from '../passkeys/passkey-proof-button';

export const SIGN_IN_METHODS_KEY = ['me', 'sign-in-methods'] as const;

/** What the person can confirm it's them with (GET /api/me/sign-in-methods). */
export function useSignInMethods(enabled = true) {
  return useQuery({ queryKey: SIGN_IN_METHODS_KEY, enabled, queryFn: ({ signal }) => api<SignInMethods>('/api/me/sign-in-methods', { signal }) });
}

/**
 * "Confirm it's you" (issue 32): the password, or a code from the authenticator app (or a
 * recovery code), or a passkey. Escape, the close button and Cancel all cancel.
 */
export function ConfirmIdentityDialog({ open, onConfirmed, onCancel }: { open: boolean; onConfirmed: () => void; onCancel: () => void }) {
  const { t } = useTranslation('account-security');
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onCancel()}>
      {open ? (
        <DialogContent title={t('confirm.title')} description={t('confirm.description')}>
          <ConfirmIdentityForm onConfirmed={onConfirmed} onCancel={onCancel} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function ConfirmIdentityForm({ onConfirmed, onCancel }: { onConfirmed: () => void; onCancel: () => void }) {
  const { t } = useTranslation('account-security');
  const id = useId();
  const methods = useSignInMethods();
  const [mode, setMode] = useState<'password' | 'code' | null>(null);
  const [answer, setAnswer] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const confirm = useMutation({
    mutationFn: (json: { password: string } | { code: string }) => api<{ confirmed: true }>('/api/me/confirm-identity', { method: 'POST', json }),
  });

  if (methods.isLoading) return <LoadingBlocks heights={['h-10', 'h-10']} />;
  if (methods.error) return <RetryError title={t('confirm.loadFailed')} error={methods.error} onRetry={() => methods.refetch()} />;
  const m = methods.data ?? { password: true, twoStep: false, passkeys: 0 };
  const current = mode ?? (m.password ? 'password' : m.twoStep ? 'code' : null);

  const done = () => {
    toast.success(t('confirm.confirmed'));
    onConfirmed();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (confirm.isPending || !current) return;
    if (!answer.trim()) return setProblem(current === 'password' ? t('confirm.passwordRequired') : t('confirm.codeRequired'));
    setProblem(null);
    confirm.mutate(current === 'password' ? { password: answer } : { code: answer.trim() }, {
      onSuccess: done,
      onError: (error) => setProblem(error instanceof ApiError ? error.message : t('confirm.failed')),
    });
  };

  const switchTo = (next: 'password' | 'code') => {
    setMode(next);
    setAnswer('');
    setProblem(null);
  };

  return (
    <div className="space-y-4">
      {current ? (
        <form method="post" onSubmit={submit} className="space-y-3" noValidate>
          <LabelledInput
            id={`${id}-answer`}
            label={current === 'password' ? t('confirm.password') : t('confirm.code')}
            hint={current === 'code' ? t('confirm.codeHint') : undefined}
            // The one field of the dialog: where the focus goes when it opens.
            autoFocus
            type={current === 'password' ? 'password' : 'text'}
            autoComplete={current === 'password' ? 'current-password' : 'one-time-code'}
            inputMode={current === 'code' ? 'text' : undefined}
            maxLength={current === 'password' ? CONFIRM_PASSWORD_MAX : CONFIRM_CODE_MAX}
            value={answer}
            onChange={(e) => setAnswer(e.target.value)}
            problem={problem}
            disabled={confirm.isPending}
          />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="outline" onClick={onCancel} disabled={confirm.isPending}>
              {t('confirm.cancel')}
            </Button>
            <Button type="submit" disabled={confirm.isPending}>
              {confirm.isPending ? t('confirm.confirming') : t('confirm.submit')}
            </Button>
          </div>
        </form>
      ) : (
        <div className="flex justify-end">
          <Button type="button" variant="outline" onClick={onCancel}>
            {t('confirm.cancel')}
          </Button>
        </div>
      )}
      {m.password && m.twoStep ? (
        <button type="button" className="text-sm font-medium text-navy-700 underline underline-offset-4" onClick={() => switchTo(current === 'password' ? 'code' : 'password')}>
          {current === 'password' ? t('confirm.useCode') : t('confirm.usePassword')}
        </button>
      ) : null}
      {m.passkeys > 0 ? <PasskeyProofButton onConfirmed={done} onError={(message) => setProblem(message)} /> : null}
    </div>
  );
}
