import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import Bowser from 'bowser';
import { Fingerprint } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useQueryClient } from '@tanstack/react-query';
import { PASSKEY_NAME_MAX, type Passkey } from '../../../domain/accounts/passkeys';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { IconCardHeader } from '../../components/ui/icon-card-header';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '../../components/ui/dialog';
import { LoadingBlocks, RetryError } from '../../components/ui/query-states';
import { useFormat } from '../../i18n/format';
import { useConfirmIdentity } from '../account-security/use-confirm-identity';
import { PasskeyNameField } from './passkey-name-field';
import { addPasskey, ceremonyProblemText, PASSKEYS_KEY, usePasskeys, useRemovePasskey, useRenamePasskey } from './passkey-api';

/** Whether this browser can make and use passkeys (false while the page is drawn on the server). */
function useWebAuthnSupport(): boolean | null {
  const [supported, setSupported] = useState<boolean | null>(null);
  useEffect(() => setSupported(browserSupportsWebAuthn()), []);
  return supported;
}

/**
 * /security's passkeys (issue 32, decision 049): add one (named after this browser and system
 * unless the person says otherwise; adding asks "Confirm it's you" when the last proof is old),
 * see each with when it was added and last used, rename it, remove it after a confirmation.
 */
export function PasskeysCard() {
  const { t } = useTranslation('passkeys');
  const passkeys = usePasskeys();
  const supported = useWebAuthnSupport();
  return (
    <Card>
      <IconCardHeader icon={Fingerprint} title={t('title')} description={t('description')} />
      <CardContent className="space-y-5">
        {supported === false ? (
          <p className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950" role="status">
            {t('errors.unsupported')}
          </p>
        ) : supported ? (
          <AddPasskeyForm />
        ) : null}
        {passkeys.isLoading ? (
          <LoadingBlocks heights={['h-14']} />
        ) : passkeys.error ? (
          <RetryError title={t('loadFailed')} error={passkeys.error} onRetry={() => passkeys.refetch()} />
        ) : (
          <PasskeyList passkeys={passkeys.data ?? []} />
        )}
        <p className="text-sm text-slate-600">{t('recovery')}</p>
      </CardContent>
    </Card>
  );
}

/** "Chrome on Linux": this browser and system, to name a new passkey. */
function useDefaultName(): string {
  const { t } = useTranslation('passkeys');
  const [name, setName] = useState('');
  useEffect(() => {
    const parsed = Bowser.parse(navigator.userAgent);
    const browser = parsed.browser.name;
    const os = parsed.os.name;
    setName((browser && os ? t('add.defaultName', { browser, os }) : (browser ?? t('add.fallbackName'))).slice(0, PASSKEY_NAME_MAX));
  }, [t]);
  return name;
}

function AddPasskeyForm() {
  const { t } = useTranslation('passkeys');
  const id = useId();
  const defaultName = useDefaultName();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const queryClient = useQueryClient();
  const { run, dialog } = useConfirmIdentity();

  const start = () => {
    setName(defaultName);
    setProblem(null);
    setOpen(true);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const trimmed = name.trim();
    if (!trimmed) return setProblem(t('nameRequired'));
    setProblem(null);
    setPending(true);
    try {
      const added = await run(() => addPasskey(trimmed));
      await queryClient.invalidateQueries({ queryKey: PASSKEYS_KEY });
      setOpen(false);
      toast.success(t('add.done', { name: added.name }));
    } catch (error) {
      const text = ceremonyProblemText(error, t);
      if (text) setProblem(text);
    } finally {
      setPending(false);
    }
  };

  if (!open) {
    return (
      <>
        <Button onClick={start}>{t('add.button')}</Button>
        {dialog}
      </>
    );
  }
  return (
    <form method="post" onSubmit={submit} className="space-y-3" aria-labelledby={`${id}-heading`} noValidate>
      <h3 id={`${id}-heading`} className="text-sm font-semibold text-slate-900">
        {t('add.heading')}
      </h3>
      <PasskeyNameField id={`${id}-name`} value={name} onChange={setName} problem={problem} hint={t('add.hint')} autoFocus />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={pending}>
          {pending ? t('add.adding') : t('add.submit')}
        </Button>
        <Button type="button" variant="outline" disabled={pending} onClick={() => setOpen(false)}>
          {t('add.cancel')}
        </Button>
      </div>
      {dialog}
    </form>
  );
}

function PasskeyList({ passkeys }: { passkeys: Passkey[] }) {
  const { t } = useTranslation('passkeys');
  const format = useFormat();
  if (passkeys.length === 0) return <p className="text-sm text-slate-600">{t('empty')}</p>;
  return (
    <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200" aria-label={t('listLabel')}>
      {passkeys.map((passkey) => (
        <li key={passkey.id} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between">
          <div className="min-w-0 text-sm">
            <p className="font-medium break-words text-slate-900">{passkey.name}</p>
            <p className="text-slate-600">
              {t('createdAt', { date: format.date(passkey.createdAt, 'medium') })} ·{' '}
              {passkey.lastUsedAt ? t('lastUsed', { date: format.dateTime(passkey.lastUsedAt) }) : t('neverUsed')}
              {passkey.synced ? ` · ${t('synced')}` : ''}
            </p>
          </div>
          <div className="flex gap-2">
            <RenamePasskeyDialog passkey={passkey} />
            <RemovePasskeyDialog passkey={passkey} />
          </div>
        </li>
      ))}
    </ul>
  );
}

function RenamePasskeyDialog({ passkey }: { passkey: Passkey }) {
  const { t } = useTranslation('passkeys');
  const id = useId();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState(passkey.name);
  const [problem, setProblem] = useState<string | null>(null);
  const rename = useRenamePasskey();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (rename.isPending) return;
    if (!name.trim()) return setProblem(t('nameRequired'));
    rename.mutate(
      { id: passkey.id, name: name.trim() },
      {
        onSuccess: (renamed) => {
          setOpen(false);
          toast.success(t('rename.done', { name: renamed.name }));
        },
        onError: (error) => setProblem(error.message),
      },
    );
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (rename.isPending) return;
        setOpen(next);
        if (next) {
          setName(passkey.name);
          setProblem(null);
        }
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" aria-label={t('rename.named', { name: passkey.name })}>
          {t('rename.button')}
        </Button>
      </DialogTrigger>
      <DialogContent title={t('rename.title', { name: passkey.name })}>
        <form method="post" onSubmit={submit} className="space-y-3" noValidate>
          <PasskeyNameField id={`${id}-name`} value={name} onChange={setName} problem={problem} />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button type="button" variant="outline" disabled={rename.isPending}>
                {t('rename.cancel')}
              </Button>
            </DialogClose>
            <Button type="submit" disabled={rename.isPending}>
              {rename.isPending ? t('rename.saving') : t('rename.submit')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function RemovePasskeyDialog({ passkey }: { passkey: Passkey }) {
  const { t } = useTranslation('passkeys');
  const [open, setOpen] = useState(false);
  const remove = useRemovePasskey();
  return (
    <Dialog open={open} onOpenChange={(next) => !remove.isPending && setOpen(next)}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" aria-label={t('remove.named', { name: passkey.name })}>
          {t('remove.button')}
        </Button>
      </DialogTrigger>
      <DialogContent title={t('remove.title', { name: passkey.name })} description={t('remove.description')}>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="outline" disabled={remove.isPending}>
              {t('remove.cancel')}
            </Button>
          </DialogClose>
          <Button
            variant="destructive"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(passkey.id, {
                onSuccess: () => {
                  setOpen(false);
                  toast.success(t('remove.done', { name: passkey.name }));
                },
                onError: (error) => toast.error(t('remove.failed'), { description: error.message }),
              })
            }
          >
            {remove.isPending ? t('remove.removing') : t('remove.confirm')}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
