import { useTranslation } from 'react-i18next';
import { ErrorState, Page } from '../ui/page';
import { LinkButton } from '../ui/link-button';

/** What a page that failed to load or render shows, under the navbar (route-error.tsx). */
export default function RouteErrorPage() {
  const { t } = useTranslation();
  return (
    <Page>
      <ErrorState title={t('routeError.title')} message={t('routeError.message')}>
        <LinkButton to="/">{t('routeError.goHome')}</LinkButton>
      </ErrorState>
    </Page>
  );
}
