import { KeyRound } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { TOKEN_NAME_MAX, TOKEN_SCOPES, type ApiToken, type CreatedToken, type TokenScope } from '../../../domain/api/api-tokens';
import { ApiError } from '../../api/http';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { CopyButton } from '../../components/ui/copy-button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '../../components/ui/dialog';
import { FieldError, Input, Label } from '../../components/ui/form-controls';
import { LoadingBlocks, RetryError } from '../../components/ui/query-states';
import { useFormat } from '../../i18n/format';
import { useApiTokens, useCreateToken, useRevokeToken } from './api-token-queries';
import { useConfirmIdentity } from '../account-security/use-confirm-identity';

/** A scope's key in the catalog ('caucuses:read' → 'caucuses': i18next reads ':' as a namespace). */
const scopeKey = (scope: TokenScope) => (scope === 'caucuses:read' ? 'caucuses' : 'members');

/**
 * The owner's personal API tokens (issue 17): make one (named, with scopes), see it once, copy
 * it; the list shows each token's name, scopes, last four characters and last use; revoking asks
 * first. The API reference (/api/docs) says what each scope reads.
 */
export function ApiTokensCard() {
  const { t } = useTranslation('api-tokens');
  const tokens = useApiTokens();
  const [created, setCreated] = useState<CreatedToken | null>(null);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <KeyRound className="h-5 w-5 text-navy-700" aria-hidden="true" />
          {t('title')}
        </CardTitle>
        <CardDescription>
          {t('description')}{' '}
          <a href="/api/docs" className="font-medium text-navy-700 underline underline-offset-4">
            {t('reference')}
          </a>
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        {created ? <NewTokenNotice token={created} onDone={() => setCreated(null)} /> : <CreateTokenForm onCreated={setCreated} />}
        {tokens.isLoading ? (
          <LoadingBlocks heights={['h-14', 'h-14']} />
        ) : tokens.error ? (
          <RetryError title={t('loadFailed')} error={tokens.error} onRetry={() => tokens.refetch()} />
        ) : (
          <TokenList tokens={tokens.data ?? []} />
        )}
      </CardContent>
    </Card>
  );
}

function CreateTokenForm({ onCreated }: { onCreated: (token: CreatedToken) => void }) {
  const { t } = useTranslation('api-tokens');
  const id = useId();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<TokenScope[]>(['caucuses:read']);
  /** What is wrong, and with which field (the name field is marked invalid for its own problem). */
  const [problem, setProblem] = useState<{ message: string; field: 'name' | 'scopes' | null } | null>(null);
  const create = useCreateToken();
  const { run, dialog } = useConfirmIdentity();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    if (!name.trim()) return setProblem({ message: t('nameRequired'), field: 'name' });
    if (scopes.length === 0) return setProblem({ message: t('scopeRequired'), field: 'scopes' });
    setProblem(null);
    // Creating a token asks again when the last proof is old (issue 32).
    run(() => create.mutateAsync({ name: name.trim(), scopes })).then(
      (token) => {
        setName('');
        onCreated(token);
      },
      (error: unknown) => setProblem({ message: error instanceof ApiError ? error.message : t('createFailed'), field: null }),
    );
  };

  return (
    <>
    {dialog}
    <form method="post" onSubmit={submit} className="space-y-3" aria-labelledby={`${id}-heading`} noValidate>
      <h3 id={`${id}-heading`} className="text-sm font-semibold text-slate-900">
        {t('create.heading')}
      </h3>
      <div className="space-y-1">
        <Label htmlFor={`${id}-name`}>{t('create.name')}</Label>
        <Input
          id={`${id}-name`}
          value={name}
          maxLength={TOKEN_NAME_MAX}
          placeholder={t('create.namePlaceholder')}
          onChange={(e) => setName(e.target.value)}
          aria-invalid={problem?.field === 'name' || undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          autoComplete="off"
        />
      </div>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-800">{t('create.scopes')}</legend>
        {TOKEN_SCOPES.map((scope) => (
          <label key={scope} className="flex items-start gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              className="mt-0.5 h-4 w-4 accent-navy-700"
              checked={scopes.includes(scope)}
              onChange={(e) => setScopes((now) => (e.target.checked ? [...now, scope] : now.filter((s) => s !== scope)))}
            />
            <span>
              <span className="font-medium">{t(`scope.${scopeKey(scope)}.name`)}</span>
              <span className="block text-slate-600">{t(`scope.${scopeKey(scope)}.description`)}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <FieldError id={`${id}-problem`}>{problem?.message}</FieldError>
      <Button type="submit" disabled={create.isPending}>
        {create.isPending ? t('create.creating') : t('create.submit')}
      </Button>
    </form>
    </>
  );
}

function NewTokenNotice({ token, onDone }: { token: CreatedToken; onDone: () => void }) {
  const { t } = useTranslation('api-tokens');
  return (
    <div className="space-y-3 rounded-lg border border-emerald-300 bg-emerald-50 p-4" role="status">
      <p className="text-sm font-semibold text-emerald-950">{t('created.title', { name: token.name })}</p>
      <p className="text-sm text-emerald-950">{t('created.once')}</p>
      <code className="block rounded bg-white px-3 py-2 font-mono text-sm break-all text-slate-900" data-testid="new-api-token">
        {token.token}
      </code>
      <div className="flex flex-wrap gap-2">
        <CopyButton text={token.token} label={t('created.copy')} toastTitle={t('created.copied')} />
        <Button variant="outline" onClick={onDone}>
          {t('created.done')}
        </Button>
      </div>
    </div>
  );
}

function TokenList({ tokens }: { tokens: ApiToken[] }) {
  const { t } = useTranslation('api-tokens');
  const format = useFormat();
  if (tokens.length === 0) return <p className="text-sm text-slate-600">{t('empty')}</p>;
  return (
    <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200" aria-label={t('listLabel')}>
      {tokens.map((token) => (
        <li key={token.id} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between">
          <div className="min-w-0 text-sm">
            <p className="font-medium break-words text-slate-900">
              {token.name} <span className="font-mono text-slate-600">…{token.hint}</span>
            </p>
            <p className="text-slate-600">{token.scopes.map((scope) => t(`scope.${scopeKey(scope)}.name`)).join(', ')}</p>
            <p className="text-slate-600">
              {t('createdAt', { date: format.date(token.createdAt, 'medium') })} ·{' '}
              {token.lastUsedAt ? t('lastUsed', { date: format.dateTime(token.lastUsedAt) }) : t('neverUsed')}
            </p>
          </div>
          <RevokeTokenDialog token={token} />
        </li>
      ))}
    </ul>
  );
}

function RevokeTokenDialog({ token }: { token: ApiToken }) {
  const { t } = useTranslation('api-tokens');
  const [open, setOpen] = useState(false);
  const revoke = useRevokeToken();
  return (
    <Dialog open={open} onOpenChange={(next) => !revoke.isPending && setOpen(next)}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" aria-label={t('revoke.named', { name: token.name })}>
          {t('revoke.button')}
        </Button>
      </DialogTrigger>
      <DialogContent title={t('revoke.title', { name: token.name })} description={t('revoke.description')}>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="outline" disabled={revoke.isPending}>
              {t('revoke.cancel')}
            </Button>
          </DialogClose>
          <Button
            variant="destructive"
            disabled={revoke.isPending}
            onClick={() =>
              revoke.mutate(token.id, {
                onSuccess: () => {
                  setOpen(false);
                  toast.success(t('revoke.done', { name: token.name }));
                },
                onError: (error) => toast.error(t('revoke.failed'), { description: error.message }),
              })
            }
          >
            {revoke.isPending ? t('revoke.revoking') : t('revoke.confirm')}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
