import { useId, useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { EMAIL_MAX, PASSWORD_MAX } from '../../../domain/profiles/limits';
import { Button } from '../../components/ui/button';
import { signIn } from './auth-api';
import type { FormProblems } from '../../../domain/auth/auth-form-result';
import { FormName, shownValue, useAdoptTypedText } from '../../components/page-form';
import { FormAlert, SubmitButton, TextField, focusFirstInvalid, followInPage, type FieldProblem, type Notice } from './auth-fields';
import { errorCode, messageOf } from './auth-messages';
import { PasskeySignIn } from '../passkeys/passkey-sign-in';
import { needsTwoStep } from '../two-step/two-step-sign-in';

interface LoginFormProps {
  /** Where the form posts without JavaScript: the page's own address (decision 035). */
  action: string;
  /** The problems the server found in the form sent without JavaScript. */
  initialProblems?: FormProblems;
  email: string;
  onEmailChange: (email: string) => void;
  /** A message carried in from elsewhere (e.g. a failed confirmation link). */
  notice?: Notice | null;
  onForgotPassword: () => void;
  onRegister: () => void;
  /** Called after the session cookie is set; the form stays busy until it settles. */
  onLoggedIn: () => Promise<void>;
  /** The password was right and two-step sign-in is on: the code step comes next (decision 050). */
  onTwoStep: () => void;
}

export function LoginForm({ action, initialProblems, email, onEmailChange, notice, onForgotPassword, onRegister, onLoggedIn, onTwoStep }: LoginFormProps) {
  const { t } = useTranslation('auth');
  const [password, setPassword] = useState('');
  const [problems, setProblems] = useState<{ email?: FieldProblem; password?: FieldProblem }>(() => ({ email: initialProblems?.email, password: initialProblems?.password }));
  const [alert, setAlert] = useState<Notice | null>(notice ?? null);
  const [pending, setPending] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const summaryId = useId();
  useAdoptTypedText(form, { email, password }, (shown) => {
    if (shown.email !== undefined) onEmailChange(shown.email);
    if (shown.password !== undefined) setPassword(shown.password);
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    // What the fields show (typed while the app adopted the page, decision 022), kept in state.
    const shownEmail = shownValue(form.current, 'email', email);
    const shownPassword = shownValue(form.current, 'password', password);
    if (shownEmail !== email) onEmailChange(shownEmail);
    if (shownPassword !== password) setPassword(shownPassword);
    const trimmed = shownEmail.trim();
    const missing = { email: !trimmed || undefined, password: !shownPassword || undefined };
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
      if (needsTwoStep(await signIn(trimmed, shownPassword))) {
        setPending(false);
        onTwoStep();
        return;
      }
      await onLoggedIn();
    } catch (error) {
      const code = errorCode(error);
      setAlert(
        code === 'EMAIL_NOT_VERIFIED'
          ? { tone: 'warning', text: t('notices.emailNotVerified') }
          : { tone: 'error', text: messageOf(error, t('errors.loginFailed')) },
      );
      setPending(false);
    }
  }

  // The summary stays while a required field is still empty.
  const shown: Notice | null = problems.email === true || problems.password === true ? { tone: 'error', text: t('validation.requiredFields') } : alert;

  return (
    <form ref={form} method="post" action={action} noValidate onSubmit={submit} className="space-y-4" aria-label={t('login.formLabel')}>
      <FormName form="login" />
      {shown ? (
        <FormAlert id={summaryId} tone={shown.tone}>
          {shown.text}
        </FormAlert>
      ) : null}
      <TextField
        label={t('fields.email')}
        type="email"
        name="email"
        // "webauthn": the browser offers this site's passkeys in the field's suggestions (PasskeySignIn).
        autoComplete="username webauthn"
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
        label={t('fields.password')}
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
        <Button variant="link" size="sm" asChild>
          <a href="/auth?reset=true" onClick={(event) => followInPage(event, onForgotPassword)}>
            {t('login.forgotPassword')}
          </a>
        </Button>
      </div>
      <SubmitButton pending={pending} label={t('login.submit')} pendingLabel={t('login.pending')} />
      <PasskeySignIn onLoggedIn={onLoggedIn} onProblem={(text) => setAlert({ tone: 'error', text })} />
      <p className="text-center text-sm text-slate-600">
        {t('login.newHere')}{' '}
        <Button variant="link" size="sm" className="h-auto" asChild>
          <a href="/auth?tab=register" onClick={(event) => followInPage(event, onRegister)}>
            {t('login.createAccount')}
          </a>
        </Button>
      </p>
    </form>
  );
}
