import { CheckCircle2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { EMAIL_CHANGE_FORMS } from '../../../domain/accounts/email-change-form';
import { LinkButton } from '../../components/ui/link-button';
import { useSession } from '../session/use-session';
import { useConfirmEmailChange } from './account-email-queries';
import { EmailChangeLinkPage } from './email-change-link-page';

/**
 * /email-change/confirm/:token: where the new address's link opens. Opening it changes nothing
 * (mail scanners open links); the one button confirms, signed in or not, with JavaScript or
 * without (decision 051).
 */
export default function EmailChangeConfirmPage() {
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
