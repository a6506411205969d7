import { useId, useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../../domain/profiles/limits';
import { MESSAGES } from '../../../domain/profiles/profile-schemas';
import { Button } from '../../components/ui/button';
import { resetPassword } from './auth-api';
import { FormAlert, SubmitButton, TextField, focusFirstInvalid, type FieldProblem } from './auth-fields';
import { AUTH_TEXT, errorCode, messageOf } from './auth-messages';

interface NewPasswordFormProps {
  token: string;
  /** Called after the password changed; the form stays busy until it settles. */
  onDone: () => Promise<void>;
  onRequestNewLink: () => void;
}

type Problems = { password?: FieldProblem; confirm?: FieldProblem };

/** The target of the reset email (?reset=true&token=…): choose a new password. */
export function NewPasswordForm({ token, onDone, onRequestNewLink }: NewPasswordFormProps) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [linkInvalid, setLinkInvalid] = useState(false);
  const [pending, setPending] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const summaryId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    const found: Problems = {};
    if (!password) found.password = true;
    else if (password.length < PASSWORD_MIN) found.password = MESSAGES.passwordTooShort;
    if (!confirm) found.confirm = true;
    else if (password && confirm !== password) found.confirm = MESSAGES.passwordsDoNotMatch;
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
        setFormError(AUTH_TEXT.resetLinkExpired);
      } else {
        setFormError(messageOf(error, AUTH_TEXT.newPasswordFailed));
      }
      setPending(false);
    }
  }

  const shownError = problems.password === true || problems.confirm === true ? MESSAGES.requiredFields : formError;

  return (
    <form ref={form} noValidate onSubmit={submit} className="space-y-4" aria-label="Set a new password">
      {shownError ? <FormAlert id={summaryId}>{shownError}</FormAlert> : null}
      {linkInvalid ? (
        <Button variant="outline" className="w-full" onClick={onRequestNewLink}>
          Request a new link
        </Button>
      ) : null}
      <TextField
        label="New Password"
        type="password"
        name="new-password"
        autoComplete="new-password"
        required
        maxLength={PASSWORD_MAX}
        hint={`At least ${PASSWORD_MIN} characters`}
        value={password}
        onChange={(e) => {
          setPassword(e.target.value);
          setProblems((p) => ({ ...p, password: undefined }));
        }}
        problem={problems.password}
        summaryId={summaryId}
      />
      <TextField
        label="Confirm New Password"
        type="password"
        name="confirm-password"
        autoComplete="new-password"
        required
        maxLength={PASSWORD_MAX}
        value={confirm}
        onChange={(e) => {
          setConfirm(e.target.value);
          setProblems((p) => ({ ...p, confirm: undefined }));
        }}
        problem={problems.confirm}
        summaryId={summaryId}
      />
      <SubmitButton pending={pending} label="Update Password" pendingLabel="Updating…" />
    </form>
  );
}
