import { ArrowLeft, CheckCircle2, Lock, RefreshCw, SearchX, ShoppingBag } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { BadgeView } from '../../../domain/badges/badge-types';
import { ApiError } from '../../api/http';
import { useDocumentTitle } from '../../components/layout/use-document-title';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { ErrorState, Page } from '../../components/ui/page';
import { LinkButton } from '../../components/ui/link-button';
import { Skeleton } from '../../components/ui/skeleton';
import { useFormat } from '../../i18n/format';
import { BadgeArt, useBadgeText } from './badge-art';
import { ProgressBar, useProgressUnit } from './badge-progress-bar';
import { useBadge } from './badge-queries';

/** /badge/{name}: one badge (by name or slug) with its artwork, criteria and the viewer's progress. */
export default function BadgeDetailPage() {
  const { t } = useTranslation('badges');
  const text = useBadgeText();
  const { name = '' } = useParams();
  const { data, isLoading, error, refetch, isFetching } = useBadge(name);
  useDocumentTitle(data ? text.name(data.name) : error instanceof ApiError && error.status === 404 ? t('detail.notFound') : t('detail.documentTitle'));

  if (isLoading) return <DetailSkeleton />;
  if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return <BadgeNotFound />;
  if (error || !data) {
    return (
      <Page>
        <ErrorState title={t('list.loadFailed')} message={t('list.loadError', { message: error?.message ?? t('list.noAnswer') })}>
          <Button variant="outline" onClick={() => void refetch()} disabled={isFetching}>
            <RefreshCw className="h-4 w-4" aria-hidden="true" /> {t('list.retry')}
          </Button>
          <LinkButton to="/badges" variant="outline">
            {t('detail.backToBadges')}
          </LinkButton>
        </ErrorState>
      </Page>
    );
  }
  return <BadgeDetail badge={data} />;
}

function BackLink() {
  const { t } = useTranslation('badges');
  return (
    <Link to="/badges" className="mb-4 inline-flex items-center gap-1 text-sm font-medium text-navy-700 hover:underline">
      <ArrowLeft className="h-4 w-4" aria-hidden="true" /> {t('detail.allBadges')}
    </Link>
  );
}

function BadgeDetail({ badge }: { badge: BadgeView }) {
  const { t } = useTranslation('badges');
  const text = useBadgeText();
  return (
    <Page>
      <BackLink />
      <Card>
        <CardContent className="flex flex-col items-center gap-6 p-6 text-center md:flex-row md:items-start md:p-8 md:text-left">
          <BadgeArt name={badge.name} category={badge.category} size={160} muted={badge.progress !== null && !badge.earnedAt} />
          <div className="w-full min-w-0 flex-1 space-y-4">
            <div>
              <p className="text-sm font-medium uppercase tracking-wide text-accent-700">{text.category(badge.category)}</p>
              <h1 className="text-2xl font-bold text-navy-900 md:text-3xl">{text.name(badge.name)}</h1>
              <p className="mt-2 text-slate-700">{text.description(badge)}</p>
            </div>
            <div>
              <h2 className="text-sm font-semibold text-slate-900">{t('detail.howToEarn')}</h2>
              <p className="text-slate-700">{text.criteria(badge)}</p>
            </div>
            <Progress badge={badge} />
            <Actions badge={badge} />
          </div>
        </CardContent>
      </Card>
    </Page>
  );
}

function Progress({ badge }: { badge: BadgeView }) {
  const { t } = useTranslation('badges');
  const text = useBadgeText();
  const progressUnit = useProgressUnit();
  const format = useFormat();
  if (!badge.progress) {
    return (
      <p className="rounded-lg bg-navy-50 p-3 text-sm text-navy-900">
        <Trans t={t} i18nKey="detail.signInPrompt" components={{ anchor: <Link to="/auth" className="font-semibold underline underline-offset-2" /> }} />
      </p>
    );
  }
  const { current, target, percent, closed } = badge.progress;
  return (
    <section aria-labelledby="badge-progress-heading" className="space-y-2">
      <h2 id="badge-progress-heading" className="text-sm font-semibold text-slate-900">
        {t('detail.yourProgress')}
      </h2>
      <ProgressBar percent={percent} label={t('progressLabel', { name: text.name(badge.name) })} tone={badge.earnedAt ? 'green' : 'navy'} />
      <p className="text-sm text-slate-700">
        <span className="font-semibold tabular-nums">
          {format.number(current)} / {format.number(target)}
        </span>{' '}
        {progressUnit(badge.metric)} ({percent}%)
      </p>
      {badge.earnedAt ? (
        <p className="inline-flex items-center gap-1 rounded-full bg-green-50 px-3 py-1 text-sm font-medium text-green-800">
          <CheckCircle2 className="h-4 w-4" aria-hidden="true" /> {t('detail.earnedOn', { date: format.date(badge.earnedAt, 'long') })}
        </p>
      ) : closed ? (
        <p className="inline-flex items-center gap-1 text-sm text-slate-600">
          <Lock className="h-4 w-4" aria-hidden="true" /> {t('detail.closed')}
        </p>
      ) : null}
    </section>
  );
}

function Actions({ badge }: { badge: BadgeView }) {
  const { t } = useTranslation('badges');
  if (badge.premium && !badge.earnedAt) {
    return (
      <Button asChild variant="accent">
        <Link to={`/premium-badge/${badge.premium.id}`}>
          <ShoppingBag className="h-4 w-4" aria-hidden="true" /> {t('detail.getItFor', { price: badge.premium.price })}
        </Link>
      </Button>
    );
  }
  if (badge.metric === 'champion') {
    return (
      <LinkButton to="/champion" variant="outline">
        {t('detail.championChecklist')}
      </LinkButton>
    );
  }
  return null;
}

function BadgeNotFound() {
  const { t } = useTranslation('badges');
  return (
    <Page className="text-center">
      <SearchX className="mx-auto h-12 w-12 text-navy-300" aria-hidden="true" />
      <h1 className="mt-4 text-3xl font-bold text-navy-900">{t('detail.notFound')}</h1>
      <p className="mt-2 text-slate-600">{t('detail.noSuchBadge')}</p>
      <div className="mt-6">
        <LinkButton to="/badges">{t('detail.backToBadges')}</LinkButton>
      </div>
    </Page>
  );
}

function DetailSkeleton() {
  const { t } = useTranslation('badges');
  return (
    <Page>
      <div role="status" aria-label={t('detail.loading')} className="flex flex-col items-center gap-6 rounded-2xl border border-slate-200 bg-white p-6 md:flex-row md:items-start">
        <Skeleton className="h-40 w-40 rounded-full" />
        <div className="w-full flex-1 space-y-3">
          <Skeleton className="h-4 w-24" />
          <Skeleton className="h-8 w-1/2" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-2.5 w-full" />
        </div>
        <span className="sr-only">{t('loading')}</span>
      </div>
    </Page>
  );
}
