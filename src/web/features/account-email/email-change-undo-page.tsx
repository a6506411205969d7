import { ShieldAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { EMAIL_CHANGE_FORMS } from '../../../domain/accounts/email-change-form';
import { LinkButton } from '../../components/ui/link-button';
import { useUndoEmailChange } from './account-email-queries';
import { EmailChangeLinkPage } from './email-change-link-page';

/**
 * /email-change/undo/:token: where the old address's "This wasn't me" opens. Opening it changes
 * nothing (mail scanners open links); the one button, with JavaScript or without, puts the old
 * address back and signs every device out, this one too; then the page sends the person to
 * reset their password.
 */
export default function EmailChangeUndoPage() {
  const { t } = useTranslation('account-email');
  const { token = '' } = useParams();
  const undo = useUndoEmailChange(token);

  return (
    <EmailChangeLinkPage
      form={EMAIL_CHANGE_FORMS.undo}
      title={t('undo.title')}
      question={t('undo.question')}
      button={t('undo.button')}
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
