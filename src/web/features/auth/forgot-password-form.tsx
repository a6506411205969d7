import { useId, useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { EMAIL_MAX } from '../../../domain/profiles/limits';
import { Button } from '../../components/ui/button';
import { requestPasswordReset } from './auth-api';
import { FormName, shownValue, useAdoptTypedText } from '../../components/page-form';
import { FormAlert, SubmitButton, TextField, focusFirstInvalid, followInPage, type FieldProblem, type Notice } from './auth-fields';
import { messageOf } from './auth-messages';

interface ForgotPasswordFormProps {
  /** Where the form posts without JavaScript: the page's own address (decision 035). */
  action: string;
  /** The problem the server found in the form sent without JavaScript. */
  initialProblem?: FieldProblem;
  email: string;
  onEmailChange: (email: string) => void;
  /** E.g. "this reset link is invalid", when the view was reached from a bad link. */
  notice?: Notice | null;
  onSent: () => void;
  onBack: () => void;
}

/** "Reset Your Password": asks for the email that receives the reset link. */
export function ForgotPasswordForm({ action, initialProblem, email, onEmailChange, notice, onSent, onBack }: ForgotPasswordFormProps) {
  const { t } = useTranslation('auth');
  const [problem, setProblem] = useState<FieldProblem>(initialProblem);
  const [alert, setAlert] = useState<Notice | null>(notice ?? null);
  const [pending, setPending] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const summaryId = useId();
  useAdoptTypedText(form, { email }, (shown) => onEmailChange(shown.email!));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    // What the field shows (typed while the app adopted the page, decision 022), kept in state.
    const shownEmail = shownValue(form.current, 'email', email);
    if (shownEmail !== email) onEmailChange(shownEmail);
    const trimmed = shownEmail.trim();
    if (!trimmed || !z.email().safeParse(trimmed).success) {
      flushSync(() => {
        setProblem(trimmed ? t('validation.invalidEmail') : true);
        setAlert(null);
      });
      focusFirstInvalid(form.current);
      return;
    }
    setProblem(undefined);
    setAlert(null);
    setPending(true);
    try {
      await requestPasswordReset(trimmed);
      onSent();
    } catch (error) {
      setAlert({ tone: 'error', text: messageOf(error, t('errors.resetFailed')) });
      setPending(false);
    }
  }

  const shown: Notice | null = problem === true ? { tone: 'error', text: t('validation.requiredFields') } : alert;

  return (
    <form ref={form} method="post" action={action} noValidate onSubmit={submit} className="space-y-4" aria-label={t('forgot.title')}>
      <FormName form="forgot" />
      {shown ? (
        <FormAlert id={summaryId} tone={shown.tone}>
          {shown.text}
        </FormAlert>
      ) : null}
      <TextField
        label={t('fields.email')}
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        required
        maxLength={EMAIL_MAX}
        value={email}
        onChange={(e) => {
          onEmailChange(e.target.value);
          setProblem(undefined);
        }}
        problem={problem}
        summaryId={summaryId}
      />
      <SubmitButton pending={pending} label={t('forgot.submit')} pendingLabel={t('forgot.pending')} />
      <Button variant="ghost" className="w-full" asChild>
        <a href="/auth" onClick={(event) => followInPage(event, onBack)}>
          {t('forgot.backToLogin')}
        </a>
      </Button>
    </form>
  );
}
