import { CheckCircle2, Loader2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useDocumentTitle } from '../../components/layout/use-document-title';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { LinkButton } from '../../components/ui/link-button';
import { Page } from '../../components/ui/page';
import { useSession } from '../session/use-session';
import { useConfirmEmailChange } from './account-email-queries';

/**
 * /email-change/confirm/:token: where the new address's link opens. Opening it changes nothing
 * (mail scanners open links); the one button confirms, signed in or not (decision 051).
 */
export default function EmailChangeConfirmPage() {
  const { t } = useTranslation('account-email');
  useDocumentTitle(t('confirm.title'));
  const { token = '' } = useParams();
  const { user } = useSession();
  const confirm = useConfirmEmailChange(token);

  return (
    <Page title={t('confirm.title')} className="max-w-2xl">
      <Card>
        <CardContent className="space-y-4 pt-6">
          {confirm.isSuccess ? (
            <div role="status" className="space-y-4">
              <p className="flex items-start gap-2 text-slate-800">
                <CheckCircle2 className="mt-0.5 h-5 w-5 shrink-0 text-green-700" aria-hidden="true" />
                <span>{t('confirm.done', { address: confirm.data.email })}</span>
              </p>
              <LinkButton to={user ? '/security' : '/auth'} variant="outline">
                {user ? t('confirm.toSecurity') : t('confirm.toSignIn')}
              </LinkButton>
            </div>
          ) : (
            <>
              <p className="text-slate-800">{t('confirm.question')}</p>
              {confirm.isError ? (
                <p role="alert" className="text-sm text-red-700">
                  {confirm.error.message}
                </p>
              ) : null}
              <Button onClick={() => confirm.mutate()} disabled={confirm.isPending}>
                {confirm.isPending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : null}
                {t('confirm.button')}
              </Button>
            </>
          )}
        </CardContent>
      </Card>
    </Page>
  );
}
