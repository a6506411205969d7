import { useId, useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { MESSAGES } from '../../../domain/profiles/profile-schemas';
import { EMAIL_MAX, PASSWORD_MAX } from '../../../domain/profiles/limits';
import { Button } from '../../components/ui/button';
import { signIn } from './auth-api';
import { FormAlert, SubmitButton, TextField, focusFirstInvalid, type FieldProblem, type Notice } from './auth-fields';
import { AUTH_TEXT, errorCode, messageOf } from './auth-messages';

interface LoginFormProps {
  email: string;
  onEmailChange: (email: string) => void;
  /** A message carried in from elsewhere (e.g. a failed confirmation link). */
  notice?: Notice | null;
  onForgotPassword: () => void;
  onRegister: () => void;
  /** Called after the session cookie is set; the form stays busy until it settles. */
  onLoggedIn: () => Promise<void>;
}

export function LoginForm({ email, onEmailChange, notice, onForgotPassword, onRegister, onLoggedIn }: LoginFormProps) {
  const [password, setPassword] = useState('');
  const [problems, setProblems] = useState<{ email?: FieldProblem; password?: FieldProblem }>({});
  const [alert, setAlert] = useState<Notice | null>(notice ?? null);
  const [pending, setPending] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const summaryId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    const trimmed = email.trim();
    const missing = { email: !trimmed || undefined, password: !password || undefined };
    if (missing.email || missing.password) {
      flushSync(() => {
        setProblems(missing);
        setAlert(null);
      });
      focusFirstInvalid(form.current);
      return;
    }
    setProblems({});
    setAlert(null);
    setPending(true);
    try {
      await signIn(trimmed, password);
      await onLoggedIn();
    } catch (error) {
      const code = errorCode(error);
      setAlert(
        code === 'EMAIL_NOT_VERIFIED'
          ? { tone: 'warning', text: AUTH_TEXT.emailNotVerified }
          : { tone: 'error', text: messageOf(error, AUTH_TEXT.loginFailed) },
      );
      setPending(false);
    }
  }

  // The summary stays while a required field is still empty.
  const shown: Notice | null = problems.email === true || problems.password === true ? { tone: 'error', text: MESSAGES.requiredFields } : alert;

  return (
    <form ref={form} noValidate onSubmit={submit} className="space-y-4" aria-label="Log in">
      {shown ? (
        <FormAlert id={summaryId} tone={shown.tone}>
          {shown.text}
        </FormAlert>
      ) : null}
      <TextField
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        required
        maxLength={EMAIL_MAX}
        value={email}
        onChange={(e) => {
          onEmailChange(e.target.value);
          setProblems((p) => ({ ...p, email: undefined }));
        }}
        problem={problems.email}
        summaryId={summaryId}
      />
      <TextField
        label="Password"
        type="password"
        name="password"
        autoComplete="current-password"
        required
        maxLength={PASSWORD_MAX}
        value={password}
        onChange={(e) => {
          setPassword(e.target.value);
          setProblems((p) => ({ ...p, password: undefined }));
        }}
        problem={problems.password}
        summaryId={summaryId}
      />
      <div className="flex justify-end">
        <Button variant="link" size="sm" onClick={onForgotPassword}>
          Forgot your password?
        </Button>
      </div>
      <SubmitButton pending={pending} label="Log In" pendingLabel="Logging in…" />
      <p className="text-center text-sm text-slate-600">
        New here?{' '}
        <Button variant="link" size="sm" className="h-auto" onClick={onRegister}>
          Create an account
        </Button>
      </p>
    </form>
  );
}
