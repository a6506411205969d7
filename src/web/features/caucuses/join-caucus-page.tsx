import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, Home, LogIn, MapPin, Users } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { INVITATION_CODE_PATTERN } from '../../../domain/caucuses/caucus-schemas';
import type { InvitedCaucus } from '../../../domain/caucuses/caucus-types';
import { districtLabel, stateName } from '../../../domain/geography/states';
import { ApiError, api } from '../../api/http';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card';
import { Page } from '../../components/ui/page';
import { Skeleton } from '../../components/ui/skeleton';
import { savePostLoginPath } from '../session/post-login-path';
import { useSession } from '../session/use-session';
import { useDocumentTitle } from '../../components/layout/use-document-title';

/**
 * /join-caucus/{invitationCode}: looks the caucus up by its code. A signed-in user goes
 * straight to /caucus/{id}; a guest sees the caucus and a Sign In / Register button, with
 * /caucus/{id} saved as the place to land after auth.
 */

/** Why an invitation cannot be shown: a key of joinPage.invalid in the catalog. */
type InvalidReason = 'noCode' | 'notFound' | 'failed';

export default function JoinCaucusPage() {
  const { invitationCode = '' } = useParams();
  const code = invitationCode.trim().toUpperCase();
  const valid = INVITATION_CODE_PATTERN.test(code);
  const session = useSession();
  const { t } = useTranslation('caucuses');
  const lookup = useQuery({
    queryKey: ['caucuses', 'by-code', code],
    queryFn: ({ signal }) => api<InvitedCaucus>(`/api/caucus-codes/${encodeURIComponent(code)}`, { signal }),
    enabled: valid,
  });
  const caucus = lookup.data;
  const signedIn = !!session.user;

  // A guest who then signs in (or registers) from anywhere lands on the caucus.
  useEffect(() => {
    if (caucus && !session.isLoading && !signedIn) savePostLoginPath(`/caucus/${caucus.id}`);
  }, [caucus, session.isLoading, signedIn]);

  useDocumentTitle(caucus ? t('joinPage.documentTitleOf', { name: caucus.name }) : t('joinPage.documentTitle'));

  if (!valid) return <InvalidInvitation reason={code ? 'notFound' : 'noCode'} />;
  if (lookup.isPending || session.isLoading) return <InvitationSkeleton />;
  if (lookup.isError) {
    const error = lookup.error;
    const reason = error instanceof ApiError && (error.status === 404 || error.status === 400) ? 'notFound' : 'failed';
    return <InvalidInvitation reason={reason} />;
  }
  if (signedIn) return <Navigate to={`/caucus/${lookup.data.id}`} replace />;
  return <GuestInvitation caucus={lookup.data} />;
}

function GuestInvitation({ caucus }: { caucus: InvitedCaucus }) {
  const { t } = useTranslation('caucuses');
  const navigate = useNavigate();
  return (
    <Page>
      <Card className="mx-auto max-w-lg">
        <CardHeader>
          <p className="text-sm font-semibold tracking-wide text-accent-700 uppercase">{t('joinPage.invited')}</p>
          <h1 className="text-2xl font-bold break-words text-navy-900">{caucus.name}</h1>
          <CardDescription>{t('joinPage.description')}</CardDescription>
        </CardHeader>
        <CardContent className="space-y-5">
          <dl className="grid gap-3 rounded-xl border border-navy-100 bg-navy-50 p-4 text-sm sm:grid-cols-3">
            <div>
              <dt className="text-xs text-slate-600">{t('joinPage.state')}</dt>
              <dd className="flex items-center gap-1 font-medium text-slate-900">
                <MapPin className="h-4 w-4 text-navy-700" aria-hidden="true" /> {stateName(caucus.state)}
              </dd>
            </div>
            <div>
              <dt className="text-xs text-slate-600">{t('joinPage.district')}</dt>
              <dd className="font-medium text-slate-900">{districtLabel(caucus.state, caucus.district)}</dd>
            </div>
            <div>
              <dt className="text-xs text-slate-600">{t('joinPage.level')}</dt>
              <dd className="flex items-center gap-1 font-medium text-slate-900">
                <Users className="h-4 w-4 text-navy-700" aria-hidden="true" /> {t('joinPage.levelNumber', { level: caucus.level })}
              </dd>
            </div>
          </dl>
          <p className="text-sm text-slate-700">{t('joinPage.signInHint')}</p>
          <Button
            variant="primary"
            size="lg"
            className="w-full"
            onClick={() => {
              savePostLoginPath(`/caucus/${caucus.id}`);
              navigate('/auth');
            }}
          >
            <LogIn className="h-5 w-5" aria-hidden="true" /> {t('joinPage.signIn')}
          </Button>
        </CardContent>
      </Card>
    </Page>
  );
}

function InvalidInvitation({ reason }: { reason: InvalidReason }) {
  const { t } = useTranslation('caucuses');
  return (
    <Page>
      <Card className="mx-auto max-w-lg border-red-200" role="alert">
        <CardHeader>
          <h1 className="flex items-center gap-2 text-xl font-bold text-red-800">
            <AlertTriangle className="h-5 w-5" aria-hidden="true" /> {t('joinPage.invalid.title')}
          </h1>
        </CardHeader>
        <CardContent className="space-y-4">
          <p className="text-sm text-slate-700">{t(`joinPage.invalid.${reason}`)}</p>
          <Button asChild variant="primary">
            <Link to="/">
              <Home className="h-4 w-4" aria-hidden="true" /> {t('joinPage.invalid.home')}
            </Link>
          </Button>
        </CardContent>
      </Card>
    </Page>
  );
}

function InvitationSkeleton() {
  const { t } = useTranslation('caucuses');
  return (
    <Page>
      <Card className="mx-auto max-w-lg space-y-4 p-5" role="status" aria-label={t('joinPage.loadingLabel')}>
        <Skeleton className="h-4 w-24" />
        <Skeleton className="h-8 w-2/3" />
        <Skeleton className="h-20" />
        <Skeleton className="h-12" />
        <span className="sr-only">{t('joinPage.loading')}</span>
      </Card>
    </Page>
  );
}

