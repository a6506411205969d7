import { ArrowLeft, CheckCircle2, Lock, RefreshCw, SearchX, ShoppingBag } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { BADGE_MESSAGES, type BadgeView } from '../../../domain/badges/badge-types';
import { ApiError } from '../../api/http';
import { useDocumentTitle } from '../../components/layout/use-document-title';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { ErrorState, Page } from '../../components/ui/page';
import { LinkButton } from '../../components/ui/link-button';
import { Skeleton } from '../../components/ui/skeleton';
import { BadgeArt } from './badge-art';
import { ProgressBar, progressUnit } from './badge-progress-bar';
import { useBadge } from './badge-queries';

/** /badge/{name}: one badge (by name or slug) with its artwork, criteria and the viewer's progress. */
export default function BadgeDetailPage() {
  const { name = '' } = useParams();
  const { data, isLoading, error, refetch, isFetching } = useBadge(name);
  useDocumentTitle(data?.name ?? (error instanceof ApiError && error.status === 404 ? BADGE_MESSAGES.notFound : 'Badge'));

  if (isLoading) return <DetailSkeleton />;
  if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return <BadgeNotFound />;
  if (error || !data) {
    return (
      <Page>
        <ErrorState title="Failed to load badges" message={`Error loading badges: ${error?.message ?? 'no answer'}. Please try refreshing the page`}>
          <Button variant="outline" onClick={() => void refetch()} disabled={isFetching}>
            <RefreshCw className="h-4 w-4" aria-hidden="true" /> Retry
          </Button>
          <LinkButton to="/badges" variant="outline">
            Back to Badges
          </LinkButton>
        </ErrorState>
      </Page>
    );
  }
  return <BadgeDetail badge={data} />;
}

function BackLink() {
  return (
    <Link to="/badges" className="mb-4 inline-flex items-center gap-1 text-sm font-medium text-navy-700 hover:underline">
      <ArrowLeft className="h-4 w-4" aria-hidden="true" /> All badges
    </Link>
  );
}

function BadgeDetail({ badge }: { badge: BadgeView }) {
  return (
    <Page>
      <BackLink />
      <Card>
        <CardContent className="flex flex-col items-center gap-6 p-6 text-center md:flex-row md:items-start md:p-8 md:text-left">
          <BadgeArt name={badge.name} category={badge.category} size={160} muted={badge.progress !== null && !badge.earnedAt} />
          <div className="w-full min-w-0 flex-1 space-y-4">
            <div>
              <p className="text-sm font-medium uppercase tracking-wide text-accent-700">{badge.category}</p>
              <h1 className="text-2xl font-bold text-navy-900 md:text-3xl">{badge.name}</h1>
              <p className="mt-2 text-slate-700">{badge.description}</p>
            </div>
            <div>
              <h2 className="text-sm font-semibold text-slate-900">How to earn it</h2>
              <p className="text-slate-700">{badge.criteria}</p>
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
  if (!badge.progress) {
    return (
      <p className="rounded-lg bg-navy-50 p-3 text-sm text-navy-900">
        <Link to="/auth" className="font-semibold underline underline-offset-2">
          Sign in
        </Link>{' '}
        to see your progress toward this badge.
      </p>
    );
  }
  const { current, target, percent, closed } = badge.progress;
  return (
    <section aria-labelledby="badge-progress-heading" className="space-y-2">
      <h2 id="badge-progress-heading" className="text-sm font-semibold text-slate-900">
        Your progress
      </h2>
      <ProgressBar percent={percent} label={`${badge.name} progress`} tone={badge.earnedAt ? 'green' : 'navy'} />
      <p className="text-sm text-slate-700">
        <span className="font-semibold tabular-nums">
          {current.toLocaleString('en-US')} / {target.toLocaleString('en-US')}
        </span>{' '}
        {progressUnit(badge.metric)} ({percent}%)
      </p>
      {badge.earnedAt ? (
        <p className="inline-flex items-center gap-1 rounded-full bg-green-50 px-3 py-1 text-sm font-medium text-green-800">
          <CheckCircle2 className="h-4 w-4" aria-hidden="true" /> Earned on {new Date(badge.earnedAt).toLocaleDateString('en-US', { dateStyle: 'long' })}
        </p>
      ) : closed ? (
        <p className="inline-flex items-center gap-1 text-sm text-slate-600">
          <Lock className="h-4 w-4" aria-hidden="true" /> No longer earnable: every place has been taken.
        </p>
      ) : null}
    </section>
  );
}

function Actions({ badge }: { badge: BadgeView }) {
  if (badge.premium && !badge.earnedAt) {
    return (
      <Button asChild variant="accent">
        <Link to={`/premium-badge/${badge.premium.id}`}>
          <ShoppingBag className="h-4 w-4" aria-hidden="true" /> Get it for {badge.premium.price}
        </Link>
      </Button>
    );
  }
  if (badge.metric === 'champion') {
    return (
      <LinkButton to="/champion" variant="outline">
        See the Champion checklist
      </LinkButton>
    );
  }
  return null;
}

function BadgeNotFound() {
  return (
    <Page className="text-center">
      <SearchX className="mx-auto h-12 w-12 text-navy-300" aria-hidden="true" />
      <h1 className="mt-4 text-3xl font-bold text-navy-900">{BADGE_MESSAGES.notFound}</h1>
      <p className="mt-2 text-slate-600">There is no badge by that name.</p>
      <div className="mt-6">
        <LinkButton to="/badges">Back to Badges</LinkButton>
      </div>
    </Page>
  );
}

function DetailSkeleton() {
  return (
    <Page>
      <div role="status" aria-label="Loading badge" className="flex flex-col items-center gap-6 rounded-2xl border border-slate-200 bg-white p-6 md:flex-row md:items-start">
        <Skeleton className="h-40 w-40 rounded-full" />
        <div className="w-full flex-1 space-y-3">
          <Skeleton className="h-4 w-24" />
          <Skeleton className="h-8 w-1/2" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-2.5 w-full" />
        </div>
        <span className="sr-only">Loading…</span>
      </div>
    </Page>
  );
}
