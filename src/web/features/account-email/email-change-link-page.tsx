import type { UseMutationResult } from '@tanstack/react-query';
import { Loader2 } from 'lucide-react';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { EmailChangeFormName } from '../../../domain/accounts/email-change-form';
import { asLanguage } from '../../../domain/i18n/languages';
import { refusalError } from '../../api/http';
import { useDocumentTitle } from '../../components/layout/use-document-title';
import { FormName, useFormResult, usePageAddress } from '../../components/page-form';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { Page } from '../../components/ui/page';

interface EmailChangeLinkPageProps {
  /** The form the button sends without JavaScript (decision 035). */
  form: EmailChangeFormName;
  title: string;
  question: string;
  button: string;
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
export function EmailChangeLinkPage({ form, title, question, button, action, done }: EmailChangeLinkPageProps) {
  const { i18n } = useTranslation();
  useDocumentTitle(title);
  const address = usePageAddress();
  const sent = useFormResult([form]);
  // The answer of the button pressed in the page; until then, the one the page was drawn with.
  const before = action.isIdle ? sent : null;
  const email = action.isSuccess ? action.data.email : before?.outcome === 'done' ? before.email : null;
  const error = action.isError ? action.error.message : before?.outcome === 'refused' ? refusalError(before.refusal, asLanguage(i18n.language)).message : null;

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
