import { Loader2, ShieldBan, ShieldCheck } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { MODERATION_REASON_MAX, SUSPENSION_MAX_DAYS } from '../../../domain/moderation/moderation-rules';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '../../components/ui/dialog';
import { useConfirmIdentity } from '../account-security/use-confirm-identity';
import { CharacterCount, Input, Label, Textarea } from '../../components/ui/form-controls';
import { useFormat } from '../../i18n/format';
import { useLiftSuspension, useSuspendUser, useUserStanding } from './moderation-queries';

/**
 * "Suspend" / "Lift suspension" on someone's profile, for administrators (issue 29): the same
 * server action as suspending from a reported item, logged the same way. Each asks first, in a
 * dialog with the reason the person and the admin log will read. Nothing for an administrator's
 * profile: an administrator cannot be suspended.
 */
export function SuspensionButtons({ userId, name }: { userId: string; name: string }) {
  const { t } = useTranslation('moderation');
  const format = useFormat();
  const standing = useUserStanding(userId);
  if (!standing.data || standing.data.isAdministrator) return null;
  const until = standing.data.suspendedUntil;
  return (
    <>
      {until ? (
        <p className="basis-full text-sm text-amber-900">
          {standing.data.suspensionReason
            ? t('suspension.suspendedUntilWithReason', { name, date: format.dateTime(until), reason: standing.data.suspensionReason })
            : t('suspension.suspendedUntil', { name, date: format.dateTime(until) })}
        </p>
      ) : null}
      {until ? <SuspensionDialog mode="lift" userId={userId} name={name} /> : <SuspensionDialog mode="suspend" userId={userId} name={name} />}
    </>
  );
}

function SuspensionDialog({ mode, userId, name }: { mode: 'suspend' | 'lift'; userId: string; name: string }) {
  const { t } = useTranslation('moderation');
  const [open, setOpen] = useState(false);
  const [days, setDays] = useState('7');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const suspend = useSuspendUser();
  const lift = useLiftSuspension();
  const { run, dialog } = useConfirmIdentity();
  const pending = suspend.isPending || lift.isPending;
  const ids = { days: useId(), reason: useId(), error: useId() };
  const close = () => {
    setOpen(false);
    setReason('');
    setError(null);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const why = reason.trim();
    if (!why) {
      setError(t('decision.reasonRequired'));
      return;
    }
    const n = Number(days);
    if (mode === 'suspend' && (!Number.isInteger(n) || n < 1 || n > SUSPENSION_MAX_DAYS)) {
      setError(t('suspension.daysRange', { max: SUSPENSION_MAX_DAYS }));
      return;
    }
    setError(null);
    const fail = (e: Error) => setError(e.message);
    // An administrator's action asks again when the last proof is old (issue 32).
    if (mode === 'suspend') {
      run(() => suspend.mutateAsync({ userId, days: n, reason: why })).then(() => (close(), toast.success(t('suspension.suspended', { name }))), fail);
    } else {
      run(() => lift.mutateAsync({ userId, reason: why })).then(() => (close(), toast.success(t('suspension.lifted', { name }))), fail);
    }
  };
  const title = mode === 'suspend' ? t('suspension.suspendTitle', { name }) : t('suspension.liftTitle', { name });
  return (
    <>
    {dialog}
    <Dialog open={open} onOpenChange={(next) => (next ? setOpen(true) : close())}>
      <DialogTrigger asChild>
        {mode === 'suspend' ? (
          <Button variant="destructive">
            <ShieldBan className="h-4 w-4" aria-hidden="true" /> {t('suspension.suspend')}
          </Button>
        ) : (
          <Button variant="outline">
            <ShieldCheck className="h-4 w-4" aria-hidden="true" /> {t('suspension.lift')}
          </Button>
        )}
      </DialogTrigger>
      <DialogContent title={title} description={mode === 'suspend' ? t('suspension.suspendDescription') : t('suspension.liftDescription')}>
        <form method="post" onSubmit={submit} className="space-y-4" noValidate>
          {mode === 'suspend' ? (
            <div>
              <Label htmlFor={ids.days}>{t('decision.days')}</Label>
              <Input id={ids.days} type="number" inputMode="numeric" min={1} max={SUSPENSION_MAX_DAYS} value={days} onChange={(e) => setDays(e.target.value)} className="w-32" />
            </div>
          ) : null}
          <div>
            <Label htmlFor={ids.reason}>{mode === 'suspend' ? t('decision.reason') : t('suspension.liftReason')}</Label>
            <Textarea
              id={ids.reason}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              rows={3}
              maxLength={MODERATION_REASON_MAX}
              aria-describedby={error ? ids.error : undefined}
            />
            <CharacterCount value={reason} max={MODERATION_REASON_MAX} />
          </div>
          {error ? (
            <p id={ids.error} role="alert" className="text-sm text-red-700">
              {error}
            </p>
          ) : null}
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="outline" onClick={close}>
              {t('suspension.cancel')}
            </Button>
            <Button type="submit" variant={mode === 'suspend' ? 'destructive' : 'primary'} disabled={pending}>
              {pending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : null}
              {mode === 'suspend' ? t('suspension.confirmSuspend', { name }) : t('suspension.confirmLift')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
    </>
  );
}
