import { useTranslation } from 'react-i18next';
import { LanguageSelect, ThemeSelect } from '../../components/layout/preferences-controls';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';

/** The owner's language and theme (issue 15), kept with their profile for every device. */
export function DisplayCard() {
  const { t } = useTranslation('profiles');
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('display.title')}</CardTitle>
        <CardDescription>{t('display.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 sm:grid-cols-2">
        <LanguageSelect id="profile-language" />
        <ThemeSelect id="profile-theme" />
      </CardContent>
    </Card>
  );
}
