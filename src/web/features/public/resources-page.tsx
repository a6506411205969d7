import { ExternalLink, FileText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Page } from '../../components/ui/page';
import { Skeleton } from '../../components/ui/skeleton';
import { useAppConfig } from './use-app-config';
import { useDocumentTitle } from '../../components/layout/use-document-title';

export default function ResourcesPage() {
  const { t } = useTranslation('public');
  useDocumentTitle(t('resources.title'));
  const config = useAppConfig();
  return (
    <Page title={t('resources.title')} subtitle={t('resources.subtitle')}>
      <Card className="max-w-2xl">
        <CardHeader>
          <FileText className="h-8 w-8 text-accent-600" aria-hidden="true" />
          <CardTitle>{t('resources.visionTitle')}</CardTitle>
          <CardDescription>{t('resources.visionDescription')}</CardDescription>
        </CardHeader>
        <CardContent>
          {config.isLoading ? (
            <Skeleton className="h-10 w-56" />
          ) : config.data ? (
            <Button asChild>
              <a href={config.data.visionDocumentUrl} target="_blank" rel="noopener noreferrer">
                {t('resources.readVision')} <ExternalLink className="h-4 w-4" aria-hidden="true" />
                <span className="sr-only">{t('resources.newTab')}</span>
              </a>
            </Button>
          ) : (
            <p className="text-sm text-red-700" role="alert">
              {t('resources.linkFailed')}
            </p>
          )}
        </CardContent>
      </Card>
    </Page>
  );
}
