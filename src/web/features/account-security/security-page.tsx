import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../components/layout/use-document-title';
import { LinkButton } from '../../components/ui/link-button';
import { Page } from '../../components/ui/page';
import { DevicesCard } from '../account-devices/devices-card';
import { EmailCard } from '../account-email/email-card';
import { PasswordCard } from '../account-password/password-card';
import { PasskeysCard } from '../passkeys/passkeys-card';
import { TwoStepCard } from '../two-step/two-step-card';

/**
 * /security (issue 32): how the person signs in and where they are signed in. Each card is its
 * own feature: the password, the email address, passkeys, two-step sign-in, the devices.
 */
export default function SecurityPage() {
  const { t } = useTranslation('account-security');
  useDocumentTitle(t('page.title'));
  return (
    <Page
      title={t('page.title')}
      subtitle={t('page.subtitle')}
      actions={
        <LinkButton to="/profile" variant="outline">
          {t('page.back')}
        </LinkButton>
      }
    >
      <div className="mx-auto max-w-3xl space-y-6">
        <PasswordCard />
        <EmailCard />
        <PasskeysCard />
        <TwoStepCard />
        <DevicesCard />
      </div>
    </Page>
  );
}
