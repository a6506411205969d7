import { ShieldAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { SECOND_FACTOR_REQUIRED } from '../../../domain/accounts/administrator-access';
import { ApiError } from '../../api/http';
import { Card, CardContent } from '../../components/ui/card';
import { IconCardHeader } from '../../components/ui/icon-card-header';
import { LinkButton } from '../../components/ui/link-button';

/** Whether an error is the server's "administrators need a second factor" (issue 32). */
export const isSecondFactorRequired = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 403 && error.code === SECOND_FACTOR_REQUIRED.code;

/**
 * What an administrator without two-step sign-in or a passkey sees instead of the administrator
 * tools (issue 32): why, and the way to /security to set one up.
 */
export function SecondFactorRequired() {
  const { t } = useTranslation('account-security');
  return (
    <Card className="mx-auto max-w-2xl" data-testid="second-factor-required">
      <IconCardHeader icon={ShieldAlert} iconClassName="text-amber-700" title={t('adminGate.title')} description={t('adminGate.body')} />
      <CardContent className="flex flex-col gap-2 sm:flex-row">
        <LinkButton to="/security#two-step">{t('adminGate.twoStep')}</LinkButton>
        <LinkButton to="/security#passkeys" variant="outline">
          {t('adminGate.passkey')}
        </LinkButton>
      </CardContent>
    </Card>
  );
}
