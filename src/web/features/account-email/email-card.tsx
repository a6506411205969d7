import { Loader2, Mail } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { EMAIL_MAX, emailAddressSchema, type OwnEmail } from '../../../domain/accounts/email-change';
import { ApiError } from '../../api/http';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { IconCardHeader } from '../../components/ui/icon-card-header';
import { LabelledInput } from '../../components/ui/form-controls';
import { LoadingBlocks, RetryError } from '../../components/ui/query-states';
import { useFormat } from '../../i18n/format';
import { useConfirmIdentity } from '../account-security/use-confirm-identity';
import { useCancelEmailChange, useOwnEmail, useRequestEmailChange } from './account-email-queries';

/**
 * The email card of /security (issue 32, decision 051): the current address, the change waiting
 * for confirmation (with Cancel), and the form that asks for a new one. Asking needs a recent
 * proof of who you are: `useConfirmIdentity().run` asks for it when the server wants one.
 */
export function EmailCard() {
  const { t } = useTranslation('account-email');
  const own = useOwnEmail();
  return (
    <Card>
      <IconCardHeader icon={Mail} title={t('card.title')} description={t('card.description')} />
      <CardContent className="space-y-5">
        {own.isLoading ? (
          <LoadingBlocks heights={['h-8', 'h-24']} />
        ) : own.error ? (
          <RetryError title={t('card.loadFailed')} error={own.error} onRetry={() => own.refetch()} />
        ) : own.data ? (
          <>
            <p className="text-sm text-slate-700">
              {t('card.current')} <strong className="break-all text-slate-900" data-testid="current-email">{own.data.email}</strong>
            </p>
            {own.data.pending ? <PendingChange pending={own.data.pending} /> : null}
            <ChangeEmailForm current={own.data.email} />
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}

function PendingChange({ pending }: { pending: NonNullable<OwnEmail['pending']> }) {
  const { t } = useTranslation('account-email');
  const format = useFormat();
  const cancel = useCancelEmailChange();
  return (
    <div className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4" role="status">
      <p className="text-sm text-amber-950">
        {t('pending.waiting')} <strong className="break-all">{pending.newEmail}</strong>
      </p>
      <p className="text-sm text-amber-950">{t('pending.until', { when: format.dateTime(pending.confirmExpiresAt) })}</p>
      <Button
        variant="outline"
        disabled={cancel.isPending}
        onClick={() =>
          cancel.mutate(undefined, {
            onSuccess: () => toast.success(t('pending.cancelled')),
            onError: (error) => toast.error(error instanceof ApiError ? error.message : t('pending.cancelFailed')),
          })
        }
      >
        {cancel.isPending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : null}
        {t('pending.cancel')}
      </Button>
    </div>
  );
}

function ChangeEmailForm({ current }: { current: string }) {
  const { t } = useTranslation('account-email');
  const id = useId();
  const [newEmail, setNewEmail] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const request = useRequestEmailChange();
  const identity = useConfirmIdentity();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (request.isPending) return;
    const parsed = emailAddressSchema.safeParse(newEmail);
    if (!parsed.success) return setProblem(t('form.invalid'));
    if (parsed.data === current.toLowerCase()) return setProblem(t('form.same'));
    setProblem(null);
    try {
      await identity.run(() => request.mutateAsync(parsed.data));
      setNewEmail('');
      toast.success(t('form.sent.title'), { description: t('form.sent.description', { address: parsed.data }) });
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : t('form.failed'));
    }
  };

  return (
    <form method="post" onSubmit={submit} className="space-y-3" aria-labelledby={`${id}-heading`} noValidate>
      <h3 id={`${id}-heading`} className="text-sm font-semibold text-slate-900">
        {t('form.heading')}
      </h3>
      <LabelledInput
        id={`${id}-email`}
        label={t('form.label')}
        hint={t('form.hint')}
        type="email"
        name="newEmail"
        value={newEmail}
        maxLength={EMAIL_MAX}
        autoComplete="email"
        onChange={(e) => setNewEmail(e.target.value)}
        problem={problem}
      />
      <Button type="submit" disabled={request.isPending}>
        {request.isPending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : null}
        {request.isPending ? t('form.sending') : t('form.submit')}
      </Button>
      {identity.dialog}
    </form>
  );
}
