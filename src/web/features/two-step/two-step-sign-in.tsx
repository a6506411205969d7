import type { TFunction } from 'i18next';
import { useId, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CODE_INPUT_MAX, readCode } from '../../../domain/accounts/two-step';
import { TWO_STEP_FORM, type AuthFormResult } from '../../../domain/auth/auth-form-result';
import { ApiError } from '../../api/http';
import { FormName, shownChecked, shownValue, useAdoptTypedText } from '../../components/page-form';
import { Button } from '../../components/ui/button';
import { LabelledInput } from '../../components/ui/form-controls';
import { verifySignInCode } from './two-step-queries';

/** Whether a sign-in answer says the code step comes next (better-auth's two-factor plugin). */
export function needsTwoStep(answer: unknown): boolean {
  return typeof answer === 'object' && answer !== null && (answer as { twoFactorRedirect?: unknown }).twoFactorRedirect === true;
}

/** A refusal of the code step sent without JavaScript (decision 035), in the page's words. */
export function twoStepRefusalText(result: AuthFormResult, t: TFunction<'two-step'>): string | null {
  if (result.problems?.code) return t('signIn.codeRequired');
  if (!result.refusal) return null;
  return refusalText(new ApiError(result.refusal.status, result.refusal.code, result.refusal.message), t, 'totp');
}

/** The plugin's refusals in the page's words (its own English messages are short). */
function refusalText(error: unknown, t: TFunction<'two-step'>, kind: 'totp' | 'recovery'): string {
  const code = error instanceof ApiError ? error.code : undefined;
  if (code === 'wrong_code') return t('signIn.wrongCode');
  if (code === 'INVALID_CODE') return t('signIn.wrongCode');
  if (code === 'INVALID_BACKUP_CODE') return t('signIn.wrongRecoveryCode');
  if (code === 'INVALID_TWO_FACTOR_COOKIE' || code === 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE' || code === 'two_step_expired') return t('signIn.expired');
  if (code === 'ACCOUNT_TEMPORARILY_LOCKED') return t('signIn.locked');
  if (error instanceof ApiError && error.status === 429 && error.message) return error.message;
  return kind === 'totp' ? t('signIn.wrongCode') : t('signIn.wrongRecoveryCode');
}

/**
 * Sign-in, step two (decision 050): the authenticator code, or a recovery code, and "Trust this
 * device for 30 days". Without JavaScript the same form posts to the /auth page (decision 035).
 */
export function TwoStepSignIn({
  action,
  initialError,
  trustDays,
  onSignedIn,
  onStartOver,
}: {
  action: string;
  initialError?: string | null;
  trustDays: number;
  onSignedIn: () => Promise<void>;
  onStartOver: () => void;
}) {
  const { t } = useTranslation('two-step');
  const id = useId();
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [trust, setTrust] = useState(false);
  const [problem, setProblem] = useState<string | null>(initialError ?? null);
  const [expired, setExpired] = useState(false);
  const [pending, setPending] = useState(false);
  const kind = recovery ? 'recovery' : 'totp';
  const form = useRef<HTMLFormElement>(null);
  // What was typed and ticked before the app adopted the page (decision 022).
  useAdoptTypedText(form, { code }, (shown) => setCode(shown.code!));
  useLayoutEffect(() => {
    if (shownChecked(form.current, 'trust', false)) setTrust(true);
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    // What the field shows (typed while the app adopted the page, decision 022), kept in state.
    const shown = shownValue(form.current, 'code', code);
    if (shown !== code) setCode(shown);
    const trusted = shownChecked(form.current, 'trust', trust);
    if (trusted !== trust) setTrust(trusted);
    const read = readCode(shown);
    if (!shown.trim()) return setProblem(recovery ? t('signIn.recoveryRequired') : t('signIn.codeRequired'));
    if (read.kind !== kind) return setProblem(recovery ? t('signIn.wrongRecoveryCode') : t('signIn.wrongCode'));
    setProblem(null);
    setPending(true);
    try {
      await verifySignInCode(kind, read.code, trusted);
      await onSignedIn();
    } catch (error) {
      const code = error instanceof ApiError ? error.code : undefined;
      setExpired(code === 'INVALID_TWO_FACTOR_COOKIE' || code === 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE' || code === 'two_step_expired');
      setProblem(refusalText(error, t, kind));
      setPending(false);
    }
  };

  return (
    <form ref={form} method="post" action={action} onSubmit={submit} noValidate className="space-y-4" aria-label={t('signIn.formLabel')}>
      <FormName form={TWO_STEP_FORM} />
      <p className="text-sm text-slate-700">{recovery ? t('signIn.recoveryHint') : t('signIn.codeHint')}</p>
      <LabelledInput
        id={`${id}-code`}
        label={recovery ? t('signIn.recoveryLabel') : t('signIn.codeLabel')}
        name="code"
        inputMode={recovery ? 'text' : 'numeric'}
        autoComplete={recovery ? 'off' : 'one-time-code'}
        autoCapitalize="off"
        spellCheck={false}
        maxLength={CODE_INPUT_MAX}
        inputClassName="font-mono tracking-widest"
        value={code}
        onChange={(e) => setCode(e.target.value)}
        problem={problem}
        autoFocus
      />
      <label className="flex items-start gap-2 text-sm text-slate-800">
        <input type="checkbox" name="trust" value="1" className="mt-0.5 h-4 w-4 accent-navy-700" checked={trust} onChange={(e) => setTrust(e.target.checked)} />
        <span>{t('signIn.trust', { count: trustDays })}</span>
      </label>
      {expired ? (
        <Button type="button" size="lg" className="w-full" onClick={onStartOver}>
          {t('signIn.startOver')}
        </Button>
      ) : (
        <Button type="submit" size="lg" className="w-full" disabled={pending}>
          {pending ? t('signIn.checking') : t('signIn.submit')}
        </Button>
      )}
      <div className="flex flex-col items-center gap-1">
        <Button
          type="button"
          variant="link"
          size="sm"
          onClick={() => {
            setRecovery((now) => !now);
            setCode('');
            setProblem(null);
          }}
        >
          {recovery ? t('signIn.useApp') : t('signIn.useRecovery')}
        </Button>
        <Button type="button" variant="link" size="sm" onClick={onStartOver}>
          {t('signIn.back')}
        </Button>
      </div>
    </form>
  );
}
