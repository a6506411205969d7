import { Award, CheckCircle2, Circle, PlusCircle, RefreshCw, Search } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ChampionView } from '../../../domain/badges/badge-types';
import { CHAMPION_MIN_SPARKS, type ChampionRequirementKey } from '../../../domain/badges/champion';
import { useDocumentTitle } from '../../components/layout/use-document-title';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { CopyButton } from '../../components/ui/copy-button';
import { Input, Label } from '../../components/ui/form-controls';
import { ErrorState, Page } from '../../components/ui/page';
import { Skeleton } from '../../components/ui/skeleton';
import { useSession } from '../session/use-session';
import { BadgeArt } from './badge-art';
import { ProgressBar } from './badge-progress-bar';
import { useChampion } from './badge-queries';

/**
 * /champion (signed in): Champion Badge progress, the four checklist items, a progress bar,
 * the referral link with its copy button ('Copied!' for 2 seconds) and the ways onward.
 */
export default function ChampionPage() {
  const { t } = useTranslation('badges');
  useDocumentTitle(t('champion.title'));
  const { user } = useSession();
  const { data, isLoading, error, refetch, isFetching } = useChampion(user?.id);

  return (
    <Page title={t('champion.title')} subtitle={t('champion.subtitle')}>
      {isLoading || !user ? (
        <ChampionSkeleton />
      ) : error || !data ? (
        <ErrorState title={t('champion.loadFailed')} message={error?.message ?? t('champion.refreshHint')}>
          <Button variant="outline" onClick={() => void refetch()} disabled={isFetching}>
            <RefreshCw className="h-4 w-4" aria-hidden="true" /> {t('list.retry')}
          </Button>
        </ErrorState>
      ) : (
        <ChampionProgress view={data} />
      )}
    </Page>
  );
}

function ChampionProgress({ view }: { view: ChampionView }) {
  const { t } = useTranslation('badges');
  const itemLabel = (key: ChampionRequirementKey) => {
    switch (key) {
      case 'sparks':
        return t('champion.items.sparks', { count: CHAMPION_MIN_SPARKS });
      case 'organize':
        return t('champion.items.organize');
      case 'vote':
        return t('champion.items.vote');
      case 'premium':
        return t('champion.items.premium');
    }
  };
  const done = view.items.filter((i) => i.done).length;
  return (
    <div className="grid gap-6 md:grid-cols-3">
      <Card className="md:col-span-2">
        <CardHeader>
          <div className="flex items-center gap-4">
            <BadgeArt name="Champion" size={72} muted={!view.earned} />
            <div>
              <CardTitle>{t('champion.progressTitle')}</CardTitle>
              <CardDescription>
                {view.earned ? t('champion.earned') : t('champion.itemsDone', { done, total: view.items.length })}
              </CardDescription>
            </div>
          </div>
        </CardHeader>
        <CardContent className="space-y-5">
          <div className="space-y-1">
            <ProgressBar percent={view.percent} label={t('champion.progressLabel')} tone={view.earned ? 'green' : 'navy'} />
            <p className="text-sm text-slate-700">{t('champion.percentComplete', { percent: view.percent })}</p>
          </div>
          <ul className="space-y-3" aria-label={t('champion.checklistLabel')}>
            {view.items.map((item) => (
              <li key={item.key} className="flex items-start gap-3">
                {item.done ? (
                  <CheckCircle2 className="mt-0.5 h-5 w-5 shrink-0 text-green-700" aria-hidden="true" />
                ) : (
                  <Circle className="mt-0.5 h-5 w-5 shrink-0 text-slate-400" aria-hidden="true" />
                )}
                <span className={item.done ? 'text-slate-900' : 'text-slate-700'}>
                  {itemLabel(item.key)}
                  <span className="sr-only"> {item.done ? t('champion.done') : t('champion.notDone')}</span>
                </span>
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{t('champion.referralTitle')}</CardTitle>
          <CardDescription>{t('champion.referralDescription')}</CardDescription>
        </CardHeader>
        <CardContent className="space-y-2">
          <Label htmlFor="champion-referral-link" className="sr-only">
            {t('champion.referralLabel')}
          </Label>
          <Input id="champion-referral-link" readOnly value={view.referralLink} onFocus={(e) => e.currentTarget.select()} className="font-mono text-xs" />
          <CopyButton
            text={view.referralLink}
            label={t('champion.copyLink')}
            copiedLabel={t('champion.copied')}
            toastTitle={t('champion.linkCopied')}
            toastDescription={t('champion.linkCopiedDescription')}
            className="w-full"
          />
        </CardContent>
      </Card>

      <div className="flex flex-col gap-3 sm:flex-row md:col-span-3">
        <Button asChild variant="primary">
          <Link to="/caucus-search">
            <Search className="h-4 w-4" aria-hidden="true" /> {t('champion.findCaucus')}
          </Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/create-caucus">
            <PlusCircle className="h-4 w-4" aria-hidden="true" /> {t('champion.createCaucus')}
          </Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/badges">
            <Award className="h-4 w-4" aria-hidden="true" /> {t('champion.viewAllBadges')}
          </Link>
        </Button>
      </div>
    </div>
  );
}

function ChampionSkeleton() {
  const { t } = useTranslation('badges');
  return (
    <div role="status" aria-label={t('champion.loading')} className="grid gap-6 md:grid-cols-3">
      <div className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5 md:col-span-2">
        <Skeleton className="h-16 w-2/3" />
        <Skeleton className="h-2.5 w-full" />
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-5 w-full" />
        ))}
      </div>
      <Skeleton className="h-44" />
      <span className="sr-only">{t('loading')}</span>
    </div>
  );
}
