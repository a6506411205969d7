import { BadgeCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { LinkButton } from '../../components/ui/link-button';

/** The success state: both steps recorded by the server. */
export function VerifiedCard() {
  const { t } = useTranslation('verification');
  return (
    <Card className="border-green-200">
      <CardHeader>
        <CardTitle id="verified-title" className="flex items-center gap-2 text-green-800">
          <BadgeCheck className="h-6 w-6" aria-hidden="true" /> {t('verified.title')}
        </CardTitle>
        <CardDescription>{t('verified.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-3">
        <LinkButton to="/profile">{t('verified.profile')}</LinkButton>
        <LinkButton to="/caucus-search" variant="outline">
          {t('verified.findCaucus')}
        </LinkButton>
      </CardContent>
    </Card>
  );
}
