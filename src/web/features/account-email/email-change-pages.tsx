import type { UseMutationResult } from '@tanstack/react-query';
import { CheckCircle2, Loader2, ShieldAlert } from 'lucide-react';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { EMAIL_CHANGE_FORMS, type EmailChangeFormName } from '../../../domain/accounts/email-change-form';
import { useDocumentTitle } from '../../components/layout/use-document-title';
import { FormName, useFormResult, usePageAddress } from '../../components/page-form';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { LinkButton } from '../../components/ui/link-button';
import { Page } from '../../components/ui/page';
import { useSession } from '../session/use-session';
import { useConfirmEmailChange, useUndoEmailChange } from './account-email-queries';

// The two pages the email-change mails link to (decision 051), one module: one chunk to fetch, one
// entry in the app's route table (which is in the first load).

interface EmailChangeLinkPageProps {
  /** The form the button sends without JavaScript (decision 035). */
  form: EmailChangeFormName;
  title: string;
  question: string;
  button: string;
  /** What a refusal says when the server's answer had no words (not the API's JSON). */
  failed: string;
  /** The button's request, sent by the page's code once it runs. */
  action: UseMutationResult<{ email: string }, Error, void>;
  /** What the page says once it is done, with the account's address now. */
  done: (email: string) => ReactNode;
}

/**
 * The page an email-change link opens (decision 051): opening it changes nothing (mail scanners
 * open links); its one button does. The button is a form that posts to the page's own address, so
 * it works without JavaScript too (decision 035): the server sends the page's request and draws
 * the page again with how it went, which the app adopts. Once the app runs, its code sends it.
 */
function EmailChangeLinkPage({ form, title, question, button, failed, action, done }: EmailChangeLinkPageProps) {
  useDocumentTitle(title);
  const address = usePageAddress();
  const sent = useFormResult([form]);
  // The answer of the button pressed in the page; until then, the one the page was drawn with.
  const before = action.isIdle ? sent : null;
  const email = action.isSuccess ? action.data.email : before?.outcome === 'done' ? before.email : null;
  const error = action.isError ? action.error.message : before?.outcome === 'refused' ? before.refusal.message || failed : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!action.isPending) action.mutate();
  };

  return (
    <Page title={title} className="max-w-2xl">
      <Card>
        <CardContent className="space-y-4 pt-6">
          {email !== null ? (
            <div role="status" className="space-y-4">
              {done(email)}
            </div>
          ) : (
            <form method="post" action={address} onSubmit={submit} className="space-y-4">
              <FormName form={form} />
              <p className="text-slate-800">{question}</p>
              {error ? (
                <p role="alert" className="text-sm text-red-700">
                  {error}
                </p>
              ) : null}
              <Button type="submit" disabled={action.isPending}>
                {action.isPending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : null}
                {button}
              </Button>
            </form>
          )}
        </CardContent>
      </Card>
    </Page>
  );
}

/**
 * /email-change/confirm/:token: where the new address's link opens. Opening it changes nothing
 * (mail scanners open links); the one button confirms, signed in or not, with JavaScript or
 * without (decision 051).
 */
function EmailChangeConfirmPage() {
  const { t } = useTranslation('account-email');
  const { token = '' } = useParams();
  const { user } = useSession();
  const confirm = useConfirmEmailChange(token);

  return (
    <EmailChangeLinkPage
      form={EMAIL_CHANGE_FORMS.confirm}
      title={t('confirm.title')}
      question={t('confirm.question')}
      button={t('confirm.button')}
      failed={t('confirm.failed')}
      action={confirm}
      done={(email) => (
        <>
          <p className="flex items-start gap-2 text-slate-800">
            <CheckCircle2 className="mt-0.5 h-5 w-5 shrink-0 text-green-700" aria-hidden="true" />
            <span>{t('confirm.done', { address: email })}</span>
          </p>
          <LinkButton to={user ? '/security' : '/auth'} variant="outline">
            {user ? t('confirm.toSecurity') : t('confirm.toSignIn')}
          </LinkButton>
        </>
      )}
    />
  );
}

/**
 * /email-change/undo/:token: where the old address's "This wasn't me" opens. Opening it changes
 * nothing (mail scanners open links); the one button, with JavaScript or without, puts the old
 * address back and signs every device out, this one too; then the page sends the person to
 * reset their password.
 */
function EmailChangeUndoPage() {
  const { t } = useTranslation('account-email');
  const { token = '' } = useParams();
  const undo = useUndoEmailChange(token);

  return (
    <EmailChangeLinkPage
      form={EMAIL_CHANGE_FORMS.undo}
      title={t('undo.title')}
      question={t('undo.question')}
      button={t('undo.button')}
      failed={t('undo.failed')}
      action={undo}
      done={(email) => (
        <>
          <p className="flex items-start gap-2 text-slate-800">
            <ShieldAlert className="mt-0.5 h-5 w-5 shrink-0 text-navy-700" aria-hidden="true" />
            <span>{t('undo.done', { address: email })}</span>
          </p>
          <p className="font-medium text-slate-900">{t('undo.resetNow')}</p>
          <LinkButton to="/auth?reset=true">{t('undo.reset')}</LinkButton>
        </>
      )}
    />
  );
}

/** /email-change/confirm/:token and /email-change/undo/:token (router.tsx), told apart by the address. */
export default function EmailChangePage() {
  return useLocation().pathname.startsWith('/email-change/undo/') ? <EmailChangeUndoPage /> : <EmailChangeConfirmPage />;
}
