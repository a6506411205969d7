import { Compass } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { Page } from '../../components/ui/page';
import { useDocumentTitle } from '../../components/layout/use-document-title';

export default function NotFoundPage() {
  const { t } = useTranslation('public');
  useDocumentTitle(t('notFound.title'));
  return (
    <Page className="text-center">
      <Compass className="mx-auto h-12 w-12 text-navy-300" aria-hidden="true" />
      <h1 className="mt-4 text-3xl font-bold text-navy-900">{t('notFound.title')}</h1>
      <p className="mt-2 text-slate-600">{t('notFound.text')}</p>
      <Button asChild className="mt-6">
        <Link to="/">{t('notFound.goHome')}</Link>
      </Button>
    </Page>
  );
}
