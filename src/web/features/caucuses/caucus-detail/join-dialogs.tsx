import { Loader2 } from 'lucide-react';
import { useId, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { JoinResult } from '../../../../domain/caucuses/caucus-types';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { FieldError, Input, Label } from '../../../components/ui/form-controls';

/** The server's answer when joining means leaving the user's caucus at this level. */
export type Confirmation = Extract<JoinResult, { status: 'requires_confirmation' }>;

/** Join Private Caucus: the password its members or organizers shared. */
export function JoinPasswordDialog({
  caucusName,
  open,
  onOpenChange,
  password,
  onPasswordChange,
  error,
  joining,
  onSubmit,
}: {
  caucusName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  password: string;
  onPasswordChange: (value: string) => void;
  error: string | null;
  joining: boolean;
  onSubmit: (event: FormEvent) => void;
}) {
  const { t } = useTranslation('caucus-detail');
  const ids = useId();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={t('join.passwordTitle')} description={t('join.passwordDescription', { name: caucusName })}>
        <form method="post" onSubmit={onSubmit} noValidate className="space-y-4">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${ids}-password`}>{t('join.passwordLabel')}</Label>
            <Input
              id={`${ids}-password`}
              type="password"
              autoComplete="off"
              maxLength={200}
              value={password}
              autoFocus
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${ids}-password-error` : undefined}
              onChange={(e) => onPasswordChange(e.target.value)}
            />
            <FieldError id={`${ids}-password-error`}>{error ?? undefined}</FieldError>
          </div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => onOpenChange(false)} disabled={joining}>
              {t('join.cancel')}
            </Button>
            <Button type="submit" variant="primary" disabled={joining}>
              {joining ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : null}
              {joining ? t('join.joining') : t('join.joinCaucus')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Leave Current Caucus?: joining this caucus gives up the seat (and vote) the user holds at this level. */
export function LeaveCurrentCaucusDialog({
  caucusName,
  confirmation,
  joining,
  onCancel,
  onConfirm,
}: {
  caucusName: string;
  confirmation: Confirmation | null;
  joining: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation('caucus-detail');
  return (
    <Dialog open={!!confirmation} onOpenChange={(open) => !open && !joining && onCancel()}>
      {confirmation ? (
        <DialogContent title={t('join.leaveCurrentTitle')} description={confirmation.message}>
          <p className="text-sm text-slate-700">
            <Trans
              t={t}
              i18nKey="join.leaveCurrentBody"
              values={{ name: caucusName, current: confirmation.existingCaucusName }}
              components={{ strong: <strong /> }}
            />
          </p>
          <p className="mt-2 text-sm">
            <Link to={`/caucus/${confirmation.existingCaucusId}`} className="text-navy-700 underline" onClick={onCancel}>
              {t('join.viewCurrent', { name: confirmation.existingCaucusName })}
            </Link>
          </p>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={onCancel} disabled={joining}>
              {t('join.stayIn', { name: confirmation.existingCaucusName })}
            </Button>
            <Button variant="destructive" disabled={joining} onClick={onConfirm}>
              {joining ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : null}
              {t('join.leaveAndJoin')}
            </Button>
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
