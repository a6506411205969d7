import { Loader2, ShieldAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useDocumentTitle } from '../../components/layout/use-document-title';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { LinkButton } from '../../components/ui/link-button';
import { Page } from '../../components/ui/page';
import { useUndoEmailChange } from './account-email-queries';

/**
 * /email-change/undo/:token: where the old address's "This wasn't me" opens. Opening it changes
 * nothing (mail scanners open links); the one button puts the old address back and signs every
 * device out, this one too; then the page sends the person to reset their password.
 */
export default function EmailChangeUndoPage() {
  const { t } = useTranslation('account-email');
  useDocumentTitle(t('undo.title'));
  const { token = '' } = useParams();
  const undo = useUndoEmailChange(token);

  return (
    <Page title={t('undo.title')} className="max-w-2xl">
      <Card>
        <CardContent className="space-y-4 pt-6">
          {undo.isSuccess ? (
            <div role="status" className="space-y-4">
              <p className="flex items-start gap-2 text-slate-800">
                <ShieldAlert className="mt-0.5 h-5 w-5 shrink-0 text-navy-700" aria-hidden="true" />
                <span>{t('undo.done', { address: undo.data.email })}</span>
              </p>
              <p className="font-medium text-slate-900">{t('undo.resetNow')}</p>
              <LinkButton to="/auth?reset=true">{t('undo.reset')}</LinkButton>
            </div>
          ) : (
            <>
              <p className="text-slate-800">{t('undo.question')}</p>
              {undo.isError ? (
                <p role="alert" className="text-sm text-red-700">
                  {undo.error.message}
                </p>
              ) : null}
              <Button onClick={() => undo.mutate()} disabled={undo.isPending}>
                {undo.isPending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : null}
                {t('undo.button')}
              </Button>
            </>
          )}
        </CardContent>
      </Card>
    </Page>
  );
}
