import { useQueryClient } from '@tanstack/react-query';
import { Loader2, MailCheck, Sparkles } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Trans, useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { Redirect } from '../../components/redirect';
import { toast } from 'sonner';
import type { AuthFormResult } from '../../../domain/auth/auth-form-result';
import type { OwnProfile } from '../../../domain/profiles/profile-types';
import { ApiError } from '../../api/http';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { PageSkeleton } from '../../components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { savePostLoginPath, takePostLoginPath } from '../session/post-login-path';
import { SESSION_KEY, useSession } from '../session/use-session';
import { resendConfirmation } from './auth-api';
import { AuthCard, followInPage, type Notice } from './auth-fields';
import { isUserId, messageOf } from './auth-messages';
import { ForgotPasswordForm } from './forgot-password-form';
import { LoginForm } from './login-form';
import { NewPasswordForm } from './new-password-form';
import { RegisterForm } from './register-form';
import { useDocumentTitle } from '../../components/layout/use-document-title';
import { COMMON_PASSWORD } from '../../../domain/accounts/common-passwords';
import { AUTH_FORMS, TWO_STEP_FORM, TWO_STEP_PARAM } from '../../../domain/auth/auth-form-result';
import { useFormResult, usePageAddress } from '../../components/page-form';
import { TRUST_DAYS_DEFAULT } from '../../../domain/accounts/two-step';
import { TwoStepSignIn, twoStepRefusalText } from '../two-step/two-step-sign-in';

type View = 'tabs' | 'forgot' | 'reset-sent' | 'registered' | 'new-password' | 'two-step';
type Tab = 'login' | 'register';

/**
 * /auth: Log In and Register tabs, the forgot-password and set-new-password forms, and the
 * "check your inbox" confirmations. Links from emails land here:
 *   ?confirmed=1 (the session cookie is already set) → the saved post-login path or /profile;
 *   ?confirmed=1&error=… → the Log In tab with an explanation;
 *   ?reset=true&token=… → choose a new password; ?reset=true (&error=…) → the forgot form.
 * ?ref={userId} opens the Register tab for a referred visitor.
 * Every navigation to /auth starts the page afresh from its URL.
 * Every form also works without JavaScript (decision 035): it posts to this page's own URL, and
 * the server answers with a redirect or this page drawn with how it went (useFormResult).
 */
export default function AuthPage() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('page.documentTitle'));
  const location = useLocation();
  return <AuthFlow key={location.key} />;
}

function AuthFlow() {
  const { t } = useTranslation('auth');
  const { t: tTwoStep } = useTranslation('two-step');
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user, isLoading } = useSession();
  const formResult = useFormResult(AUTH_FORMS);
  // The forms post here without JavaScript; the page's code handles them itself once it runs.
  const action = usePageAddress();

  const ref = params.get('ref');
  const referrer = isUserId(ref) ? ref : undefined;
  // An invitation by email: its address prefilled, and where to land once it is confirmed.
  const invitedEmail = params.get('email')?.slice(0, 254) ?? undefined;
  const next = params.get('next');
  const isReset = params.get('reset') === 'true';
  const token = params.get('token');
  const isConfirm = params.has('confirmed');
  const linkError = params.get('error');
  const inLinkFlow = isReset || isConfirm;

  const [view, setView] = useState<View>(
    () => viewAfter(formResult) ?? (params.has(TWO_STEP_PARAM) ? 'two-step' : isReset ? (token && !linkError ? 'new-password' : 'forgot') : 'tabs'),
  );
  const [tab, setTab] = useState<Tab>(() => (referrer || params.get('tab') === 'register' || formResult?.form === 'register' ? 'register' : 'login'));
  const [email, setEmail] = useState(formResult?.values.email ?? '');
  // After an in-page move the new view's heading takes focus.
  const [moved, setMoved] = useState(() => Boolean((location.state as { focusTitle?: boolean } | null)?.focusTitle));
  const [confirming, setConfirming] = useState(isConfirm && !linkError);
  const [loginNotice, setLoginNotice] = useState<Notice | null>(() => {
    if (formResult?.form === 'login' && formResult.refusal) {
      const { refusal } = formResult;
      return refusal.code === 'EMAIL_NOT_VERIFIED'
        ? { tone: 'warning', text: t('notices.emailNotVerified') }
        : { tone: 'error', text: refusalText(refusal, t('errors.loginFailed')) };
    }
    if (params.has('password-updated')) return { tone: 'success', text: t('notices.passwordUpdated') };
    return isConfirm && linkError ? { tone: 'error', text: t('notices.confirmLinkInvalid') } : null;
  });
  const [signingIn, setSigningIn] = useState(false);
  const registerTab = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (next && next.startsWith('/') && !next.startsWith('//')) savePostLoginPath(next);
  }, [next]);

  // The confirmation link signed the user in: pick up the session and move on.
  useEffect(() => {
    if (!confirming) return;
    let cancelled = false;
    void (async () => {
      await queryClient.invalidateQueries({ queryKey: SESSION_KEY });
      if (cancelled) return;
      const me = queryClient.getQueryData<OwnProfile | null>(SESSION_KEY);
      if (me) {
        toast.success(t('toasts.emailConfirmed'), { description: t('toasts.emailConfirmedBody') });
        navigate(takePostLoginPath(), { replace: true });
      } else {
        setLoginNotice({ tone: 'success', text: t('notices.confirmedPleaseLogIn') });
        setConfirming(false);
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [confirming, navigate, queryClient, t]);

  const go = (next: View) => {
    setMoved(true);
    setView(next);
  };

  const backToLogin = () => {
    if (inLinkFlow) {
      navigate('/auth', { replace: true, state: { focusTitle: true } });
      return;
    }
    setTab('login');
    go('tabs');
  };

  const onLoggedIn = async () => {
    setSigningIn(true);
    await queryClient.invalidateQueries({ queryKey: SESSION_KEY });
    navigate(takePostLoginPath(), { replace: true });
  };

  const onPasswordChanged = async () => {
    toast.success(t('toasts.passwordUpdated'), { description: t('toasts.passwordUpdatedBody') });
    // Changing the password ends every session, this browser's included.
    await queryClient.invalidateQueries({ queryKey: SESSION_KEY });
    navigate('/auth', { replace: true, state: { focusTitle: true } });
  };

  if (confirming) return <Confirming />;
  if (!inLinkFlow && !signingIn && user) return <Redirect to="/profile" replace />;
  if (!inLinkFlow && isLoading) return <PageSkeleton />;

  return (
    <div className="mx-auto w-full max-w-md px-4 py-8 md:py-12">
      {view === 'tabs' ? (
        <AuthCard
          key="tabs"
          focusTitle={moved}
          title={tab === 'login' ? t('page.loginTitle') : t('page.registerTitle')}
          description={tab === 'login' ? t('page.loginDescription') : t('page.registerDescription')}
        >
          <Tabs value={tab} onValueChange={(v) => setTab(v as Tab)}>
            <TabsList aria-label={t('page.tabsLabel')}>
              <TabsTrigger value="login">{t('page.loginTab')}</TabsTrigger>
              <TabsTrigger ref={registerTab} value="register">
                {t('page.registerTab')}
              </TabsTrigger>
            </TabsList>
            {/* Both stay mounted so switching tabs keeps what was typed. */}
            <TabsContent value="login" forceMount className="pt-4 data-[state=inactive]:hidden">
              <LoginForm
                action={action}
                initialProblems={formResult?.form === 'login' ? formResult.problems : undefined}
                email={email}
                onEmailChange={setEmail}
                notice={loginNotice}
                onForgotPassword={() => go('forgot')}
                onRegister={() => {
                  flushSync(() => setTab('register'));
                  registerTab.current?.focus();
                }}
                onLoggedIn={onLoggedIn}
                onTwoStep={() => go('two-step')}
              />
            </TabsContent>
            <TabsContent value="register" forceMount className="space-y-4 pt-4 data-[state=inactive]:hidden">
              {referrer ? (
                <p className="flex items-center gap-2 rounded-lg border border-accent-500/40 bg-orange-50 p-3 text-sm font-medium text-orange-900">
                  <Sparkles className="h-4 w-4 shrink-0 text-accent-700" aria-hidden="true" />
                  {t('page.referred')}
                </p>
              ) : null}
              <RegisterForm
                action={action}
                initial={formResult?.form === 'register' && formResult.outcome === 'refused' ? registerInitial(formResult, t('errors.registerFailed')) : undefined}
                recruitedBy={referrer}
                initialEmail={invitedEmail}
                onRegistered={(registered) => {
                  setEmail(registered);
                  go('registered');
                }}
              />
            </TabsContent>
          </Tabs>
        </AuthCard>
      ) : null}

      {view === 'two-step' ? (
        <AuthCard key="two-step" focusTitle={moved} title={t('signIn.title', { ns: 'two-step' })} description={t('signIn.description', { ns: 'two-step' })}>
          <TwoStepSignIn
            action={action}
            initialError={formResult?.form === TWO_STEP_FORM ? twoStepRefusalText(formResult, tTwoStep) : null}
            trustDays={TRUST_DAYS_DEFAULT}
            onSignedIn={onLoggedIn}
            onStartOver={() => {
              if (params.has(TWO_STEP_PARAM)) {
                navigate('/auth', { replace: true, state: { focusTitle: true } });
                return;
              }
              setTab('login');
              go('tabs');
            }}
          />
        </AuthCard>
      ) : null}

      {view === 'forgot' ? (
        <AuthCard key="forgot" focusTitle={moved} title={t('forgot.title')} description={t('forgot.description')}>
          <ForgotPasswordForm
            action={action}
            initialProblem={formResult?.form === 'forgot' ? formResult.problems?.email : undefined}
            email={email}
            onEmailChange={setEmail}
            notice={
              formResult?.form === 'forgot' && formResult.refusal
                ? { tone: 'error', text: refusalText(formResult.refusal, t('errors.resetFailed')) }
                : isReset && linkError
                  ? { tone: 'error', text: t('notices.resetLinkInvalid') }
                  : null
            }
            onSent={() => go('reset-sent')}
            onBack={backToLogin}
          />
        </AuthCard>
      ) : null}

      {view === 'reset-sent' ? (
        <AuthCard key="reset-sent" focusTitle={moved} title={t('resetSent.title')}>
          <InboxNote>{t('resetSent.body')}</InboxNote>
          <p className="text-sm text-slate-600">{t('resetSent.linkLifetime')}</p>
          <Button size="lg" className="w-full" asChild>
            <a href="/auth" onClick={(event) => followInPage(event, backToLogin)}>
              {t('resetSent.backToLogin')}
            </a>
          </Button>
        </AuthCard>
      ) : null}

      {view === 'registered' ? (
        <AuthCard key="registered" focusTitle={moved} title={t('registered.title')}>
          <InboxNote>{t('registered.body')}</InboxNote>
          {referrer ? (
            <p className="flex items-center gap-2 rounded-lg border border-accent-500/40 bg-orange-50 p-3 text-sm font-medium text-orange-900">
              <Sparkles className="h-4 w-4 shrink-0 text-accent-700" aria-hidden="true" />
              {t('registered.referrerReward')}
            </p>
          ) : null}
          <p className="text-sm break-words text-slate-600">
            <Trans t={t} i18nKey="registered.openLink" values={{ email }} components={{ strong: <strong className="text-slate-800" /> }} />
          </p>
          <Button size="lg" className="w-full" asChild>
            <a
              href="/auth"
              onClick={(event) =>
                followInPage(event, () => {
                  setTab('login');
                  go('tabs');
                })
              }
            >
              {t('registered.continueToLogin')}
            </a>
          </Button>
          <ResendConfirmation email={email} />
        </AuthCard>
      ) : null}

      {view === 'new-password' && token ? (
        <AuthCard key="new-password" focusTitle={moved} title={t('newPassword.title')} description={t('newPassword.description')}>
          <NewPasswordForm
            action={action}
            initial={formResult?.form === 'new-password' ? newPasswordInitial(formResult, t('notices.resetLinkExpired'), t('errors.newPasswordFailed')) : undefined}
            token={token}
            onDone={onPasswordChanged}
            onRequestNewLink={() => navigate('/auth?reset=true', { replace: true, state: { focusTitle: true } })}
          />
        </AuthCard>
      ) : null}
    </div>
  );
}

/** The view a form sent without JavaScript left the page in (decision 035), if any. */
function viewAfter(result: AuthFormResult | null): View | null {
  if (!result) return null;
  if (result.form === 'register') return result.outcome === 'sent' ? 'registered' : 'tabs';
  if (result.form === 'forgot') return result.outcome === 'sent' ? 'reset-sent' : 'forgot';
  if (result.form === TWO_STEP_FORM) return 'two-step';
  return null;
}

/** The API's refusal in the words the page's code would show (messageOf). */
function refusalText(refusal: NonNullable<AuthFormResult['refusal']>, fallback: string): string {
  return messageOf(new ApiError(refusal.status, refusal.code, refusal.message), fallback);
}

function registerInitial(result: AuthFormResult, fallback: string) {
  // A common or breached password (issue 32) is said under the password field.
  if (result.refusal?.code === COMMON_PASSWORD.code) return { values: result.values, problems: { ...result.problems, password: refusalText(result.refusal, fallback) }, formError: null };
  return { values: result.values, problems: result.problems ?? {}, formError: result.refusal ? refusalText(result.refusal, fallback) : null };
}

function newPasswordInitial(result: AuthFormResult, expired: string, fallback: string) {
  const linkInvalid = result.refusal?.code === 'INVALID_TOKEN';
  if (result.refusal?.code === COMMON_PASSWORD.code) return { problems: { ...result.problems, password: refusalText(result.refusal, fallback) }, linkInvalid, formError: null };
  return {
    problems: result.problems ?? {},
    linkInvalid,
    formError: result.refusal ? (linkInvalid ? expired : refusalText(result.refusal, fallback)) : null,
  };
}

function InboxNote({ children }: { children: string }) {
  return (
    <p className="flex items-start gap-3 rounded-lg bg-navy-50 p-4 text-navy-900" role="status">
      <MailCheck className="mt-0.5 h-5 w-5 shrink-0 text-navy-700" aria-hidden="true" />
      <span className="font-medium">{children}</span>
    </p>
  );
}

function ResendConfirmation({ email }: { email: string }) {
  const { t } = useTranslation('auth');
  const [pending, setPending] = useState(false);
  const resend = async () => {
    setPending(true);
    try {
      await resendConfirmation(email);
      toast.success(t('resend.sent'), { description: t('registered.body') });
    } catch (error) {
      toast.error(messageOf(error, t('errors.resendFailed')));
    } finally {
      setPending(false);
    }
  };
  return (
    <p className="text-center text-sm text-slate-600">
      {t('resend.question')}{' '}
      <Button variant="link" size="sm" className="h-auto" disabled={pending} onClick={resend}>
        {pending ? t('resend.pending') : t('resend.sendAgain')}
      </Button>
    </p>
  );
}

function Confirming() {
  const { t } = useTranslation('auth');
  return (
    <div className="mx-auto w-full max-w-md px-4 py-8 md:py-12">
      <Card>
        <CardContent className="flex items-center gap-3 p-6" role="status">
          <Loader2 className="h-5 w-5 animate-spin text-navy-700" aria-hidden="true" />
          <span>{t('page.confirming')}</span>
        </CardContent>
      </Card>
    </div>
  );
}
