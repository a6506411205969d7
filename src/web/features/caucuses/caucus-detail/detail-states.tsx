import { Lock, LogIn, Search } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useDocumentTitle } from '../../../components/layout/use-document-title';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { ErrorState, Page } from '../../../components/ui/page';
import { Skeleton } from '../../../components/ui/skeleton';
import { savePostLoginPath } from '../../session/post-login-path';

/* The caucus page before it has a caucus to show: signed out, not found, loading. */

export function LoginRequired({ caucusId }: { caucusId: string }) {
  const { t } = useTranslation('caucus-detail');
  const navigate = useNavigate();
  useDocumentTitle(t('states.pageTitle'));
  return (
    <Page>
      <Card className="mx-auto max-w-lg">
        <CardHeader>
          <h1 className="flex items-center gap-2 text-xl font-bold text-navy-900">
            <Lock className="h-5 w-5" aria-hidden="true" /> {t('states.membersOnly')}
          </h1>
        </CardHeader>
        <CardContent className="space-y-4">
          <p className="text-slate-700">{t('states.loginRequired')}</p>
          <Button
            onClick={() => {
              savePostLoginPath(`/caucus/${caucusId}`);
              navigate('/auth');
            }}
          >
            <LogIn className="h-4 w-4" aria-hidden="true" /> {t('states.logIn')}
          </Button>
        </CardContent>
      </Card>
    </Page>
  );
}

export function NotFound({ message }: { message: string }) {
  const { t } = useTranslation('caucus-detail');
  useDocumentTitle(t('states.notFoundTitle'));
  return (
    <Page>
      <h1 className="sr-only">{t('states.notFoundTitle')}</h1>
      <ErrorState title={t('states.notFoundTitle')} message={t('states.notFoundMessage', { message })}>
        <Button asChild variant="primary">
          <Link to="/caucus-search">
            <Search className="h-4 w-4" aria-hidden="true" /> {t('states.goToSearch')}
          </Link>
        </Button>
      </ErrorState>
    </Page>
  );
}

export function DetailSkeleton() {
  const { t } = useTranslation('caucus-detail');
  return (
    <Page>
      <div role="status" aria-label={t('states.loadingCaucus')} className="space-y-6">
        <Skeleton className="h-8 w-2/3 max-w-md" />
        <Skeleton className="h-4 w-1/2 max-w-xs" />
        <div className="grid gap-6 lg:grid-cols-3">
          <div className="space-y-6 lg:col-span-2">
            <Skeleton className="h-72" />
            <Skeleton className="h-48" />
          </div>
          <div className="space-y-6">
            <Skeleton className="h-32" />
            <Skeleton className="h-56" />
          </div>
        </div>
        <span className="sr-only">{t('states.loading')}</span>
      </div>
    </Page>
  );
}
