import { CheckCircle2, Lock, RefreshCw, ShoppingBag } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { BadgeCategoryView, BadgeView } from '../../../domain/badges/badge-types';
import { useDocumentTitle } from '../../components/layout/use-document-title';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { cn } from '../../components/ui/class-names';
import { EmptyState, ErrorState, Page } from '../../components/ui/page';
import { Skeleton } from '../../components/ui/skeleton';
import { useFormat } from '../../i18n/format';
import { BadgeArt, lowerCategory, useBadgeText } from './badge-art';
import { ProgressBar, useProgressUnit } from './badge-progress-bar';
import { useBadgeCatalogue } from './badge-queries';

/**
 * /badges, 'Earning Badges': every badge in the spec's seven categories. Signed-in members
 * see which they earned (marked, with the date) and how far they are from the others; each
 * card opens /badge/{slug}, premium badges their purchase page /premium-badge/{id}.
 */

export default function BadgesPage() {
  const { t } = useTranslation('badges');
  const text = useBadgeText();
  useDocumentTitle(t('list.title'));
  const { data, isLoading, error, refetch, isFetching } = useBadgeCatalogue();

  return (
    <Page title={t('list.title')} subtitle={t('list.subtitle')}>
      {isLoading ? (
        <BadgesSkeleton />
      ) : error || !data ? (
        <ErrorState title={t('list.loadFailed')} message={t('list.loadError', { message: error?.message ?? t('list.noAnswer') })}>
          <Button variant="outline" onClick={() => void refetch()} disabled={isFetching}>
            <RefreshCw className="h-4 w-4" aria-hidden="true" /> {t('list.retry')}
          </Button>
        </ErrorState>
      ) : (
        <>
          <Summary signedIn={data.signedIn} earned={data.earnedCount} total={data.categories.reduce((n, c) => n + c.badges.length, 0)} />
          <nav aria-label={t('list.categoriesLabel')} className="mb-6 flex flex-wrap gap-2">
            {data.categories.map((c) => (
              <a key={c.name} href={`#category-${c.name.toLowerCase()}`} className="rounded-full border border-slate-300 bg-white px-3 py-1 text-sm text-slate-700 hover:bg-slate-100">
                {text.category(c.name)}
              </a>
            ))}
          </nav>
          <div className="space-y-10">
            {data.categories.map((category) => (
              <CategorySection key={category.name} category={category} signedIn={data.signedIn} />
            ))}
          </div>
        </>
      )}
    </Page>
  );
}

function Summary({ signedIn, earned, total }: { signedIn: boolean; earned: number; total: number }) {
  const { t } = useTranslation('badges');
  if (!signedIn) {
    return (
      <p className="mb-6 rounded-lg border border-navy-100 bg-navy-50 p-4 text-sm text-navy-900">
        <Trans t={t} i18nKey="list.signInPrompt" components={{ anchor: <Link to="/auth" className="font-semibold underline underline-offset-2" /> }} />
      </p>
    );
  }
  return (
    <div className="mb-6 rounded-lg border border-slate-200 bg-white p-4">
      {earned === 0 ? (
        <p className="text-sm text-slate-700">{t('list.noneEarned')}</p>
      ) : (
        <p className="text-sm text-slate-700">
          <Trans t={t} i18nKey="list.earnedCount" values={{ earned, total }} components={{ strong: <strong className="text-navy-900" /> }} />
        </p>
      )}
    </div>
  );
}

function CategorySection({ category, signedIn }: { category: BadgeCategoryView; signedIn: boolean }) {
  const { t } = useTranslation('badges');
  const text = useBadgeText();
  const key = lowerCategory(category.name);
  const headingId = `category-${key}`;
  return (
    <section aria-labelledby={headingId} className="scroll-mt-20">
      <h2 id={headingId} className="text-xl font-semibold text-navy-900">
        {text.category(category.name)}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t(`categories.${key}.blurb`)}</p>
      {category.badges.length === 0 ? (
        <div className="mt-4">
          <EmptyState>{t('list.emptyCategory')}</EmptyState>
        </div>
      ) : (
        <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {category.badges.map((badge) => (
            <li key={badge.name}>
              <BadgeCard badge={badge} signedIn={signedIn} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function BadgeCard({ badge, signedIn }: { badge: BadgeView; signedIn: boolean }) {
  const text = useBadgeText();
  const earned = badge.earnedAt !== null;
  const to = badge.premium ? `/premium-badge/${badge.premium.id}` : `/badge/${badge.slug}`;
  return (
    <Card className={cn('h-full transition-shadow hover:shadow-md', earned && 'ring-2 ring-green-600')}>
      <Link
        to={to}
        className="flex h-full gap-4 rounded-2xl p-4 focus-visible:outline-2 focus-visible:outline-offset-2"
      >
        <BadgeArt name={badge.name} category={badge.category} size={64} muted={signedIn && !earned} />
        <span className="flex min-w-0 flex-1 flex-col gap-1">
          <span className="font-semibold text-slate-900">{text.name(badge.name)}</span>
          <span className="text-sm text-slate-600">{text.criteria(badge)}</span>
          <CardStatus badge={badge} />
        </span>
      </Link>
    </Card>
  );
}

function CardStatus({ badge }: { badge: BadgeView }) {
  const { t } = useTranslation('badges');
  const text = useBadgeText();
  const progressUnit = useProgressUnit();
  const format = useFormat();
  if (badge.earnedAt) {
    return (
      <span className="mt-auto inline-flex items-center gap-1 text-sm font-medium text-green-800">
        <CheckCircle2 className="h-4 w-4" aria-hidden="true" /> {t('list.earnedOn', { date: format.date(badge.earnedAt, 'medium') })}
      </span>
    );
  }
  if (badge.premium) {
    return (
      <span className="mt-auto inline-flex items-center gap-1 text-sm font-medium text-accent-700">
        <ShoppingBag className="h-4 w-4" aria-hidden="true" /> {badge.premium.price}
      </span>
    );
  }
  if (!badge.progress) return null;
  if (badge.progress.closed) {
    return (
      <span className="mt-auto inline-flex items-center gap-1 text-sm text-slate-600">
        <Lock className="h-4 w-4" aria-hidden="true" /> {t('list.noLongerEarnable')}
      </span>
    );
  }
  return (
    <span className="mt-auto block space-y-1 pt-1">
      <ProgressBar percent={badge.progress.percent} label={t('progressLabel', { name: text.name(badge.name) })} />
      <span className="block text-xs text-slate-600">
        {format.number(badge.progress.current)} / {format.number(badge.progress.target)} {progressUnit(badge.metric)}
      </span>
    </span>
  );
}

function BadgesSkeleton() {
  const { t } = useTranslation('badges');
  return (
    <div role="status" aria-label={t('list.loading')} className="space-y-8">
      {[0, 1].map((section) => (
        <div key={section} className="space-y-3">
          <Skeleton className="h-6 w-40" />
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {[0, 1, 2].map((i) => (
              <div key={i} className="flex gap-4 rounded-2xl border border-slate-200 bg-white p-4">
                <Skeleton className="h-16 w-16 rounded-full" />
                <div className="flex-1 space-y-2">
                  <Skeleton className="h-4 w-2/3" />
                  <Skeleton className="h-3 w-full" />
                  <Skeleton className="h-2.5 w-full" />
                </div>
              </div>
            ))}
          </div>
        </div>
      ))}
      <span className="sr-only">{t('loading')}</span>
    </div>
  );
}
