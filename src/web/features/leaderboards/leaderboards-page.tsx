import { useQuery } from '@tanstack/react-query';
import { Cookie, Flag, RefreshCw, Sparkles, Trophy, type LucideIcon } from 'lucide-react';
import { useCallback, useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { STATES, districtLabel, districtsOf, isAtLarge, isStateCode, isValidDistrict, stateName } from '../../../domain/geography/states';
import {
  LEADERBOARD_METRICS,
  LEADERBOARD_SIZE,
  type Leaderboard,
  type LeaderboardEntry,
  type LeaderboardMetric,
} from '../../../domain/points/leaderboards';
import { api } from '../../api/http';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { cn } from '../../components/ui/class-names';
import { Label, Select } from '../../components/ui/form-controls';
import { EmptyState, ErrorState, Page } from '../../components/ui/page';
import { Skeleton } from '../../components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { Avatar } from '../../components/ui/avatar';
import { useDocumentTitle } from '../../components/layout/use-document-title';
import { useFormat } from '../../i18n/format';

/**
 * /leaderboards: the top 100 members by Banners, Brownies or Sparks (tabs), in the whole
 * country, a state or a district. Filters and tab live in the URL (?tab=&state=&district=),
 * so a leaderboard can be linked to. Public, like the profiles it links to.
 */

const ICONS: Record<LeaderboardMetric, LucideIcon> = { banners: Flag, brownies: Cookie, sparks: Sparkles };
const DEFAULT_METRIC: LeaderboardMetric = 'sparks';

interface Filters {
  metric: LeaderboardMetric;
  state: string;
  district: string;
}

/** What the URL says, ignoring values the server would refuse. */
function filtersOf(params: URLSearchParams): Filters {
  const tab = params.get('tab') ?? '';
  const metric = (LEADERBOARD_METRICS as readonly string[]).includes(tab) ? (tab as LeaderboardMetric) : DEFAULT_METRIC;
  const state = params.get('state') ?? '';
  const validState = isStateCode(state) ? state : '';
  const district = params.get('district') ?? '';
  return { metric, state: validState, district: validState && isValidDistrict(validState, Number(district)) ? district : '' };
}

function paramsOf(f: Filters): URLSearchParams {
  const p = new URLSearchParams();
  if (f.metric !== DEFAULT_METRIC) p.set('tab', f.metric);
  if (f.state) p.set('state', f.state);
  if (f.state && f.district) p.set('district', f.district);
  return p;
}

function useLeaderboard(f: Filters) {
  return useQuery({
    queryKey: ['leaderboards', f.metric, f.state, f.district],
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ metric: f.metric });
      if (f.state) query.set('state', f.state);
      if (f.state && f.district) query.set('district', f.district);
      return api<Leaderboard>(`/api/leaderboards?${query.toString()}`, { signal });
    },
    staleTime: 30_000,
  });
}

export default function LeaderboardsPage() {
  const { t } = useTranslation('leaderboards');
  useDocumentTitle(t('page.title'));
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersOf(params), [params]);
  const update = useCallback(
    (change: Partial<Filters>) => {
      const next = { ...filters, ...change };
      // A district belongs to its state: changing the state clears it.
      if (change.state !== undefined && change.state !== filters.state) next.district = '';
      setParams(paramsOf(next), { replace: true });
    },
    [filters, setParams],
  );

  return (
    <Page title={t('page.title')} subtitle={t('page.subtitle')}>
      <FilterPanel filters={filters} onChange={update} />
      <Tabs value={filters.metric} onValueChange={(value) => update({ metric: value as LeaderboardMetric })}>
        <TabsList aria-label={t('page.tabsLabel')}>
          {LEADERBOARD_METRICS.map((metric) => {
            const Icon = ICONS[metric];
            return (
              <TabsTrigger key={metric} value={metric} className="flex items-center justify-center gap-1.5">
                <Icon className="h-4 w-4" aria-hidden="true" /> {t(`metrics.${metric}`)}
              </TabsTrigger>
            );
          })}
        </TabsList>
        {LEADERBOARD_METRICS.map((metric) => (
          <TabsContent key={metric} value={metric} className="mt-4">
            {metric === filters.metric ? <Board filters={filters} onReset={() => update({ state: '', district: '' })} /> : null}
          </TabsContent>
        ))}
      </Tabs>
    </Page>
  );
}

function FilterPanel({ filters, onChange }: { filters: Filters; onChange: (change: Partial<Filters>) => void }) {
  const { t } = useTranslation('leaderboards');
  const ids = useId();
  const districts = filters.state ? districtsOf(filters.state) : [];
  return (
    <Card className="mb-6">
      <CardContent className="pt-5">
        <form method="post" aria-label={t('filters.label')} onSubmit={(e) => e.preventDefault()} className="grid grid-cols-1 gap-3 sm:grid-cols-2 sm:gap-4">
          <div className="flex min-w-0 flex-col gap-1.5">
            <Label htmlFor={`${ids}-state`}>{t('filters.state')}</Label>
            <Select id={`${ids}-state`} value={filters.state} onChange={(e) => onChange({ state: e.target.value })}>
              <option value="">{t('filters.allStates')}</option>
              {STATES.map((s) => (
                <option key={s.code} value={s.code}>
                  {s.name}
                </option>
              ))}
            </Select>
          </div>
          <div className="flex min-w-0 flex-col gap-1.5">
            <Label htmlFor={`${ids}-district`}>{t('filters.district')}</Label>
            <Select id={`${ids}-district`} value={filters.district} disabled={!filters.state} onChange={(e) => onChange({ district: e.target.value })}>
              <option value="">{filters.state ? t('filters.allDistricts') : t('filters.stateFirst')}</option>
              {districts.map((d) => (
                <option key={d} value={String(d)}>
                  {isAtLarge(filters.state) ? t('filters.atLarge', { district: d }) : t('filters.districtNumber', { district: d })}
                </option>
              ))}
            </Select>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

function Board({ filters, onReset }: { filters: Filters; onReset: () => void }) {
  const { t } = useTranslation('leaderboards');
  const query = useLeaderboard(filters);
  const label = t(`metrics.${filters.metric}`);
  // The scope in words ("the whole country", "California", "California, district 12", "Vermont, at-large district"); state names stay as they are.
  const scope = !filters.state
    ? t('scope.country')
    : filters.district
      ? isAtLarge(filters.state)
        ? t('scope.atLarge', { state: stateName(filters.state) })
        : t('scope.district', { state: stateName(filters.state), district: Number(filters.district) })
      : stateName(filters.state);

  if (query.isPending) {
    return (
      <Card role="status" aria-label={t('board.loadingLabel', { label })} className="space-y-3 p-5">
        {Array.from({ length: 6 }, (_, i) => (
          <div key={i} className="flex items-center gap-3">
            <Skeleton className="h-5 w-6" />
            <Skeleton className="h-9 w-9 rounded-full" />
            <Skeleton className="h-4 flex-1" />
            <Skeleton className="h-5 w-10" />
          </div>
        ))}
        <span className="sr-only">{t('board.loading')}</span>
      </Card>
    );
  }
  if (query.isError) {
    return (
      <ErrorState title={t('board.failed')} message={query.error.message}>
        <Button variant="outline" onClick={() => void query.refetch()} disabled={query.isFetching}>
          <RefreshCw className={cn('h-4 w-4', query.isFetching && 'animate-spin')} aria-hidden="true" /> {t('board.retry')}
        </Button>
      </ErrorState>
    );
  }
  const entries = query.data.entries;
  if (entries.length === 0) {
    return (
      <EmptyState>
        <span className="block font-medium text-slate-800">{t('board.empty', { label, scope })}</span>
        <span className="mt-1 block">{t(`howToEarn.${filters.metric}`)}</span>
        {filters.state ? (
          <span className="mt-3 flex justify-center">
            <Button variant="outline" size="sm" onClick={onReset}>
              {t('board.showCountry')}
            </Button>
          </span>
        ) : null}
      </EmptyState>
    );
  }
  return (
    <Card>
      <table className="w-full table-fixed text-sm">
        <caption className="p-4 pb-2 text-left text-sm text-slate-600">
          {t('board.caption', { count: Math.min(entries.length, LEADERBOARD_SIZE), label, scope })}
        </caption>
        <thead>
          <tr className="border-b border-slate-200 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
            <th scope="col" className="w-14 px-4 py-2">
              {t('board.rank')}
            </th>
            <th scope="col" className="px-2 py-2">
              {t('board.member')}
            </th>
            <th scope="col" className="w-28 px-4 py-2 text-right">
              {label}
            </th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <Row key={entry.id} entry={entry} />
          ))}
        </tbody>
      </table>
    </Card>
  );
}

function Row({ entry }: { entry: LeaderboardEntry }) {
  const format = useFormat();
  const medal = entry.rank <= 3 ? ['text-amber-600', 'text-slate-500', 'text-orange-800'][entry.rank - 1] : null;
  return (
    <tr className="border-b border-slate-100 last:border-0">
      <td className="px-4 py-2.5 font-semibold text-slate-800 tabular-nums">
        <span className="flex items-center gap-1">
          {medal ? <Trophy className={cn('h-4 w-4 shrink-0', medal)} aria-hidden="true" /> : null}
          {entry.rank}
        </span>
      </td>
      <td className="px-2 py-2.5">
        <span className="flex min-w-0 items-center gap-3">
          <Avatar name={entry.name} photoUrl={entry.photoUrl} decorative lazy className="h-9 w-9 text-xs" />
          <span className="min-w-0">
            <Link to={`/profile/${entry.id}`} className="block font-medium break-words text-navy-800 hover:underline">
              {entry.name}
            </Link>
            <span className="block text-xs text-slate-600">
              {districtLabel(entry.state, entry.district)} · {stateName(entry.state)}
            </span>
          </span>
        </span>
      </td>
      <td className="px-4 py-2.5 text-right text-base font-bold text-slate-900 tabular-nums">{format.number(entry.count)}</td>
    </tr>
  );
}

