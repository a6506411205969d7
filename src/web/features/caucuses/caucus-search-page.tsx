import { useInfiniteQuery } from '@tanstack/react-query';
import { HelpCircle, Loader2, Lock, Plus, RefreshCw, Users } from 'lucide-react';
import { useCallback, useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { CAUCUS_STATUSES, type CaucusStatusFilter } from '../../../domain/caucuses/caucus-schemas';
import type { CaucusSearchPage, CaucusSummary } from '../../../domain/caucuses/caucus-types';
import { MAX_LEVEL, MIN_LEVEL } from '../../../domain/caucuses/level';
import { STATES, districtLabel, districtsOf, isAtLarge, isStateCode, isValidDistrict, stateName } from '../../../domain/geography/states';
import { ALIGNMENTS } from '../../../domain/profiles/alignment';
import { api } from '../../api/http';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../components/ui/card';
import { cn } from '../../components/ui/class-names';
import { Dialog, DialogContent, DialogTrigger } from '../../components/ui/dialog';
import { Label, Select, SearchInput } from '../../components/ui/form-controls';
import { EmptyState, ErrorState, Page } from '../../components/ui/page';
import { Skeleton } from '../../components/ui/skeleton';
import { useFormat } from '../../i18n/format';
import { useSession } from '../session/use-session';
import { useDocumentTitle } from '../../components/layout/use-document-title';
import { useAlignmentName } from '../../i18n/alignment-name';

/**
 * /caucus-search, 'Find Your Caucus': filters kept in the URL query (state, district, level,
 * name, status, alignment), result cards, Load more, the help dialog and a link to
 * /create-caucus. A first visit (no query at all) starts at the user's home district.
 */

const DEFAULT_STATUS: CaucusStatusFilter = 'available';
const NAME_DEBOUNCE_MS = 300;

interface Filters {
  state: string;
  district: string;
  level: string;
  name: string;
  status: CaucusStatusFilter;
  alignment: string;
}

/** The filters the URL says, ignoring values the server would refuse. */
function filtersOf(params: URLSearchParams): Filters {
  const state = params.get('state') ?? '';
  const validState = isStateCode(state) ? state : '';
  const district = params.get('district') ?? '';
  const validDistrict = validState && isValidDistrict(validState, Number(district)) ? district : '';
  const level = params.get('level') ?? '';
  const validLevel = /^\d$/.test(level) && Number(level) >= MIN_LEVEL && Number(level) <= MAX_LEVEL ? level : '';
  const status = params.get('status') ?? '';
  return {
    state: validState,
    district: validDistrict,
    level: validLevel,
    name: (params.get('name') ?? '').slice(0, 100),
    status: (CAUCUS_STATUSES as readonly string[]).includes(status) ? (status as CaucusStatusFilter) : DEFAULT_STATUS,
    alignment: params.get('alignment') ?? '',
  };
}

/** The URL query for the filters: only what differs from "any" (and the default status). */
function paramsOf(f: Filters): URLSearchParams {
  const p = new URLSearchParams();
  if (f.state) p.set('state', f.state);
  if (f.state && f.district) p.set('district', f.district);
  if (f.level) p.set('level', f.level);
  if (f.name.trim()) p.set('name', f.name.trim());
  if (f.status !== DEFAULT_STATUS) p.set('status', f.status);
  if (f.alignment) p.set('alignment', f.alignment);
  return p;
}

function useSearchCaucuses(filters: Filters) {
  return useInfiniteQuery({
    queryKey: ['caucuses', 'search', filters],
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) => {
      const query = paramsOf(filters);
      query.set('status', filters.status);
      query.set('page', String(pageParam));
      return api<CaucusSearchPage>(`/api/caucuses?${query.toString()}`, { signal });
    },
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
}

export default function CaucusSearchPage() {
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  // A first visit with no query starts at the user's home; the URL then says so.
  const firstVisit = useRef(params.toString() === '');
  const applyHome = firstVisit.current && !!user;
  const homeState = user?.state;
  const homeDistrict = user?.district;
  const filters = useMemo(() => {
    const f = filtersOf(params);
    return applyHome && homeState ? { ...f, state: homeState, district: String(homeDistrict) } : f;
  }, [params, applyHome, homeState, homeDistrict]);
  useEffect(() => {
    if (!applyHome) return;
    firstVisit.current = false;
    setParams(paramsOf(filters), { replace: true });
  }, [applyHome, filters, setParams]);

  const { t } = useTranslation('caucuses');
  useDocumentTitle(t('searchPage.title'));

  const update = useCallback(
    (change: Partial<Filters>) => {
      firstVisit.current = false;
      const next = { ...filters, ...change };
      if (change.state !== undefined && change.state !== filters.state) next.district = '';
      setParams(paramsOf(next), { replace: true });
    },
    [filters, setParams],
  );

  return (
    <Page
      title={t('searchPage.title')}
      subtitle={t('searchPage.subtitle')}
      actions={
        <div className="flex flex-wrap gap-2">
          <HelpDialog />
          <Button asChild variant="primary">
            <Link to="/create-caucus">
              <Plus className="h-4 w-4" aria-hidden="true" /> {t('searchPage.create')}
            </Link>
          </Button>
        </div>
      }
    >
      <FilterPanel filters={filters} onChange={update} homeLabel={user ? districtLabel(user.state, user.district) : null} />
      <Results filters={filters} onReset={() => update({ state: '', district: '', level: '', name: '', status: 'all', alignment: '' })} />
    </Page>
  );
}

function FilterPanel({ filters, onChange, homeLabel }: { filters: Filters; onChange: (change: Partial<Filters>) => void; homeLabel: string | null }) {
  const { t } = useTranslation('caucuses');
  const alignmentName = useAlignmentName();
  const ids = useId();
  const id = (name: string) => `${ids}-${name}`;
  const [name, setName] = useState(filters.name);
  const lastSent = useRef(filters.name);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  // The URL changed from elsewhere (back button, reset): the box follows it.
  useEffect(() => {
    if (filters.name !== lastSent.current) {
      lastSent.current = filters.name;
      setName(filters.name);
    }
  }, [filters.name]);

  // Typing searches after a pause.
  useEffect(() => {
    if (name.trim() === lastSent.current.trim()) return;
    const timer = setTimeout(() => {
      lastSent.current = name.trim();
      onChangeRef.current({ name: name.trim() });
    }, NAME_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [name]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    lastSent.current = name.trim();
    onChange({ name: name.trim() });
  };

  const districts = filters.state ? districtsOf(filters.state) : [];
  return (
    <Card className="mb-6">
      <CardContent className="pt-5">
        <form method="post" role="search" aria-label={t('searchPage.filters.label')} onSubmit={submit} className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3">
          <div className="flex min-w-0 flex-col gap-1.5">
            <Label htmlFor={id('state')}>{t('searchPage.filters.state')}</Label>
            <Select id={id('state')} value={filters.state} onChange={(e) => onChange({ state: e.target.value })}>
              <option value="">{t('searchPage.filters.allStates')}</option>
              {STATES.map((s) => (
                <option key={s.code} value={s.code}>
                  {s.name}
                </option>
              ))}
            </Select>
          </div>
          <div className="flex min-w-0 flex-col gap-1.5">
            <Label htmlFor={id('district')}>{t('searchPage.filters.district')}</Label>
            <Select id={id('district')} value={filters.district} disabled={!filters.state} onChange={(e) => onChange({ district: e.target.value })}>
              <option value="">{filters.state ? t('searchPage.filters.allDistricts') : t('searchPage.filters.selectStateFirst')}</option>
              {districts.map((d) => (
                <option key={d} value={String(d)}>
                  {isAtLarge(filters.state) ? t('searchPage.filters.atLarge', { district: d }) : t('searchPage.filters.districtNumber', { district: d })}
                </option>
              ))}
            </Select>
          </div>
          <div className="flex min-w-0 flex-col gap-1.5">
            <Label htmlFor={id('level')}>{t('searchPage.filters.level')}</Label>
            <Select id={id('level')} value={filters.level} onChange={(e) => onChange({ level: e.target.value })}>
              <option value="">{t('searchPage.filters.allLevels')}</option>
              {Array.from({ length: MAX_LEVEL - MIN_LEVEL + 1 }, (_, i) => i + MIN_LEVEL).map((l) => (
                <option key={l} value={String(l)}>
                  {t('searchPage.levelNumber', { level: l })}
                </option>
              ))}
            </Select>
          </div>
          <div className="col-span-2 flex min-w-0 flex-col gap-1.5 lg:col-span-1">
            <Label htmlFor={id('name')}>{t('searchPage.filters.name')}</Label>
            <SearchInput id={id('name')} value={name} placeholder={t('searchPage.filters.namePlaceholder')} onChange={(e) => setName(e.target.value)} />
          </div>
          <div className="flex min-w-0 flex-col gap-1.5">
            <Label htmlFor={id('status')}>{t('searchPage.filters.status')}</Label>
            <Select id={id('status')} value={filters.status} onChange={(e) => onChange({ status: e.target.value as CaucusStatusFilter })}>
              {CAUCUS_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {t(`searchPage.statuses.${s}`)}
                </option>
              ))}
            </Select>
          </div>
          <div className="flex min-w-0 flex-col gap-1.5">
            <Label htmlFor={id('alignment')}>{t('searchPage.filters.alignment')}</Label>
            <Select id={id('alignment')} value={filters.alignment} onChange={(e) => onChange({ alignment: e.target.value })}>
              <option value="">{t('searchPage.filters.allAlignments')}</option>
              {ALIGNMENTS.map((a) => (
                <option key={a} value={a}>
                  {alignmentName(a)}
                </option>
              ))}
            </Select>
          </div>
          {homeLabel ? (
            <p className="col-span-2 text-xs text-slate-600 lg:col-span-3">
              {t('searchPage.filters.homeNote', { district: homeLabel })}
            </p>
          ) : null}
        </form>
      </CardContent>
    </Card>
  );
}

function Results({ filters, onReset }: { filters: Filters; onReset: () => void }) {
  const { t } = useTranslation('caucuses');
  const query = useSearchCaucuses(filters);
  const results = query.data?.pages.flatMap((p) => p.results) ?? [];

  if (query.isPending) {
    return (
      <div role="status" aria-label={t('searchPage.results.loadingLabel')} className="grid gap-4 md:grid-cols-2">
        {Array.from({ length: 4 }, (_, i) => (
          <Card key={i} className="space-y-3 p-5">
            <Skeleton className="h-5 w-2/3" />
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="h-4 w-1/3" />
            <Skeleton className="h-4 w-3/4" />
          </Card>
        ))}
        <span className="sr-only">{t('searchPage.results.loading')}</span>
      </div>
    );
  }
  // A failed 'Load more' keeps the results shown (TanStack Query marks the whole query errored).
  if (query.isError && !query.isFetchNextPageError) {
    return (
      <ErrorState title={t('searchPage.results.failed')} message={query.error.message}>
        <Button variant="outline" onClick={() => void query.refetch()}>
          <RefreshCw className="h-4 w-4" aria-hidden="true" /> {t('searchPage.results.tryAgain')}
        </Button>
      </ErrorState>
    );
  }
  if (results.length === 0) {
    return (
      <EmptyState>
        <span className="block font-medium text-slate-800">{t('searchPage.results.emptyTitle')}</span>
        <span className="mt-1 block">{t('searchPage.results.emptyHint')}</span>
        <span className="mt-3 flex flex-wrap justify-center gap-2">
          <Button variant="outline" size="sm" onClick={onReset}>
            {t('searchPage.results.showAll')}
          </Button>
          <Button asChild variant="primary" size="sm">
            <Link to="/create-caucus">{t('searchPage.create')}</Link>
          </Button>
        </span>
      </EmptyState>
    );
  }
  return (
    <section aria-label={t('searchPage.results.label')}>
      <p className="mb-3 text-sm text-slate-600" aria-live="polite">
        {t('searchPage.results.count', { count: results.length, more: query.hasNextPage ? 'yes' : 'no' })}
      </p>
      <ul className="grid gap-4 md:grid-cols-2">
        {results.map((c) => (
          <li key={c.id}>
            <CaucusCard caucus={c} />
          </li>
        ))}
      </ul>
      {query.hasNextPage ? (
        <div className="mt-6 flex justify-center">
          <Button variant="outline" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
            {query.isFetchingNextPage ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : null}
            {query.isFetchingNextPage ? t('searchPage.results.loading') : t('searchPage.results.loadMore')}
          </Button>
        </div>
      ) : null}
      {query.isFetchNextPageError ? (
        <p role="alert" className="mt-3 text-center text-sm text-red-700">
          {t('searchPage.results.loadMoreFailed')}
        </p>
      ) : null}
    </section>
  );
}

function CaucusCard({ caucus: c }: { caucus: CaucusSummary }) {
  const { t } = useTranslation('caucuses');
  const alignmentName = useAlignmentName();
  const open = c.status === 'available';
  return (
    <Card className="relative h-full transition-shadow focus-within:ring-2 focus-within:ring-navy-500 hover:shadow-md">
      <CardHeader>
        <div className="flex items-start justify-between gap-3">
          <h2 className="min-w-0 text-lg font-semibold break-words text-navy-900">
            <Link to={`/caucus/${c.id}`} className="outline-none after:absolute after:inset-0 after:content-['']">
              {c.name}
            </Link>
          </h2>
          <StatusPill open={open} finalized={c.status === 'finalized'} />
        </div>
        <p className="text-sm text-slate-600">
          {districtLabel(c.state, c.district)} · {stateName(c.state)}
        </p>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
          <div>
            <dt className="text-xs text-slate-600">{t('searchPage.card.level')}</dt>
            <dd className="font-medium text-slate-900">{t('searchPage.levelNumber', { level: c.level })}</dd>
          </div>
          <div>
            <dt className="text-xs text-slate-600">{t('searchPage.card.members')}</dt>
            <dd className="flex items-center gap-1 font-medium text-slate-900">
              <Users className="h-4 w-4 text-slate-500" aria-hidden="true" />
              {t('searchPage.card.memberCount', { count: c.votingMemberCount, required: c.requiredVotingMembers })}
            </dd>
          </div>
          <div>
            <dt className="text-xs text-slate-600">{t('searchPage.card.alignment')}</dt>
            <dd className="font-medium break-words text-slate-900">
              {/* A listed alignment reads in the page's language; an Other alignment is the organizer's own words. */}
              {c.politicalAlignment == null
                ? t('searchPage.card.noAlignment')
                : alignmentName(c.politicalAlignment)}
            </dd>
          </div>
          <div>
            <dt className="text-xs text-slate-600">{t('searchPage.card.access')}</dt>
            <dd className="flex items-center gap-1 font-medium text-slate-900">
              {c.isOpen ? null : <Lock className="h-4 w-4 text-slate-500" aria-hidden="true" />}
              {c.isOpen ? t('searchPage.card.open') : t('searchPage.card.private')}
            </dd>
          </div>
          <div className="col-span-2">
            <dt className="text-xs text-slate-600">{t('searchPage.card.organizer')}</dt>
            <dd className="font-medium break-words text-slate-900">{c.organizerName ?? t('searchPage.card.startedByMember')}</dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  );
}

function StatusPill({ open, finalized }: { open: boolean; finalized: boolean }) {
  const { t } = useTranslation('caucuses');
  const label = finalized ? t('searchPage.card.finalizedStatus') : open ? t('searchPage.card.open') : t('searchPage.card.closed');
  return (
    <span
      className={cn(
        'shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold',
        finalized ? 'bg-navy-100 text-navy-800' : open ? 'bg-green-100 text-green-800' : 'bg-slate-200 text-slate-800',
      )}
    >
      {label}
    </span>
  );
}

/** The help's levels; a level-n Delegate represents about 10^n voters. */
const LEVELS = [1, 2, 3, 4, 5] as const;

function HelpDialog() {
  const { t } = useTranslation('caucuses');
  const format = useFormat();
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="outline">
          <HelpCircle className="h-4 w-4" aria-hidden="true" /> {t('searchPage.help.title')}
        </Button>
      </DialogTrigger>
      <DialogContent title={t('searchPage.help.title')} description={t('searchPage.help.description')}>
        <div className="space-y-4 text-sm text-slate-700">
          <p>
            <Trans t={t} i18nKey="searchPage.help.intro" components={{ strong: <strong /> }} />
          </p>
          <ol className="space-y-2">
            {LEVELS.map((level) => (
              <li key={level} className="rounded-lg border border-navy-100 bg-navy-50 p-3">
                <p className="font-semibold text-navy-800">
                  {t('searchPage.levelNumber', { level })}{' '}
                  <span className="font-normal text-slate-600">{t('searchPage.help.votersRepresented', { voters: format.number(10 ** level) })}</span>
                </p>
                <p className="mt-1">{t(`searchPage.help.levels.level${level}`)}</p>
              </li>
            ))}
          </ol>
          <div>
            <h3 className="font-semibold text-slate-900">{t('searchPage.help.unanimityTitle')}</h3>
            <p className="mt-1">
              <Trans t={t} i18nKey="searchPage.help.unanimity" components={{ strong: <strong /> }} />
            </p>
          </div>
          <div>
            <h3 className="font-semibold text-slate-900">{t('searchPage.help.whoCanJoinTitle')}</h3>
            <p className="mt-1">{t('searchPage.help.whoCanJoin')}</p>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}

