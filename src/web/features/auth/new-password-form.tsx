import { useId, useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../../domain/profiles/limits';
import { Button } from '../../components/ui/button';
import { resetPassword } from './auth-api';
import { FormName, shownValue, useAdoptTypedText } from '../../components/page-form';
import { FormAlert, SubmitButton, TextField, focusFirstInvalid, followInPage, type FieldProblem } from './auth-fields';
import { errorCode, messageOf } from './auth-messages';
import { COMMON_PASSWORD } from '../../../domain/accounts/common-passwords';

interface NewPasswordFormProps {
  /** Where the form posts without JavaScript: the page's own address, with its token (decision 035). */
  action: string;
  /** How the form sent without JavaScript was refused. */
  initial?: { problems: Problems; formError: string | null; linkInvalid: boolean };
  token: string;
  /** Called after the password changed; the form stays busy until it settles. */
  onDone: () => Promise<void>;
  onRequestNewLink: () => void;
}

type Problems = { password?: FieldProblem; confirm?: FieldProblem };

/** The target of the reset email (?reset=true&token=…): choose a new password. */
export function NewPasswordForm({ action, initial, token, onDone, onRequestNewLink }: NewPasswordFormProps) {
  const { t } = useTranslation('auth');
  const [typedPassword, setPassword] = useState('');
  const [typedConfirm, setConfirm] = useState('');
  const [problems, setProblems] = useState<Problems>(() => ({ password: initial?.problems.password, confirm: initial?.problems.confirm }));
  const [formError, setFormError] = useState<string | null>(initial?.formError ?? null);
  const [linkInvalid, setLinkInvalid] = useState(initial?.linkInvalid ?? false);
  const [pending, setPending] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const summaryId = useId();
  useAdoptTypedText(form, { 'new-password': typedPassword, 'confirm-password': typedConfirm }, (shown) => {
    if (shown['new-password'] !== undefined) setPassword(shown['new-password']);
    if (shown['confirm-password'] !== undefined) setConfirm(shown['confirm-password']);
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    // What the fields show (typed while the app adopted the page, decision 022), kept in state.
    const password = shownValue(form.current, 'new-password', typedPassword);
    const confirm = shownValue(form.current, 'confirm-password', typedConfirm);
    if (password !== typedPassword) setPassword(password);
    if (confirm !== typedConfirm) setConfirm(confirm);
    const found: Problems = {};
    if (!password) found.password = true;
    else if (password.length < PASSWORD_MIN) found.password = t('validation.passwordTooShort', { min: PASSWORD_MIN });
    if (!confirm) found.confirm = true;
    else if (password && confirm !== password) found.confirm = t('validation.passwordsDoNotMatch');
    if (found.password || found.confirm) {
      flushSync(() => {
        setProblems(found);
        setFormError(null);
      });
      focusFirstInvalid(form.current);
      return;
    }
    setProblems({});
    setFormError(null);
    setLinkInvalid(false);
    setPending(true);
    try {
      await resetPassword(password, token);
      await onDone();
    } catch (error) {
      if (errorCode(error) === 'INVALID_TOKEN') {
        setLinkInvalid(true);
        setFormError(t('notices.resetLinkExpired'));
      } else if (errorCode(error) === COMMON_PASSWORD.code) {
        // A common or breached password (issue 32): said under the field it is about.
        setProblems({ password: messageOf(error, t('errors.newPasswordFailed')) });
      } else {
        setFormError(messageOf(error, t('errors.newPasswordFailed')));
      }
      setPending(false);
    }
  }

  const shownError = problems.password === true || problems.confirm === true ? t('validation.requiredFields') : formError;

  return (
    <form ref={form} method="post" action={action} noValidate onSubmit={submit} className="space-y-4" aria-label={t('newPassword.formLabel')}>
      <FormName form="new-password" />
      {shownError ? <FormAlert id={summaryId}>{shownError}</FormAlert> : null}
      {linkInvalid ? (
        <Button variant="outline" className="w-full" asChild>
          <a href="/auth?reset=true" onClick={(event) => followInPage(event, onRequestNewLink)}>
            {t('newPassword.requestNewLink')}
          </a>
        </Button>
      ) : null}
      <TextField
        label={t('newPassword.passwordLabel')}
        type="password"
        name="new-password"
        autoComplete="new-password"
        required
        maxLength={PASSWORD_MAX}
        hint={t('fields.passwordHint', { min: PASSWORD_MIN })}
        value={typedPassword}
        onChange={(e) => {
          setPassword(e.target.value);
          setProblems((p) => ({ ...p, password: undefined }));
        }}
        problem={problems.password}
        summaryId={summaryId}
      />
      <TextField
        label={t('newPassword.confirmLabel')}
        type="password"
        name="confirm-password"
        autoComplete="new-password"
        required
        maxLength={PASSWORD_MAX}
        value={typedConfirm}
        onChange={(e) => {
          setConfirm(e.target.value);
          setProblems((p) => ({ ...p, confirm: undefined }));
        }}
        problem={problems.confirm}
        summaryId={summaryId}
      />
      <SubmitButton pending={pending} label={t('newPassword.submit')} pendingLabel={t('newPassword.pending')} />
    </form>
  );
}
