import { useInfiniteQuery } from '@tanstack/react-query';
import { HelpCircle, Loader2, Lock, Plus, RefreshCw, Users } from 'lucide-react';
import { useCallback, useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CAUCUS_STATUSES, type CaucusStatusFilter } from '../../../domain/caucuses/caucus-schemas';
import type { CaucusSummary } from '../../../domain/caucuses/caucus-types';
import { MAX_LEVEL, MIN_LEVEL } from '../../../domain/caucuses/level';
import { STATES, districtLabel, districtsOf, isStateCode, isValidDistrict, stateName } from '../../../domain/geography/states';
import { ALIGNMENTS } from '../../../domain/profiles/alignment';
import { api } from '../../api/http';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../components/ui/card';
import { cn } from '../../components/ui/class-names';
import { Dialog, DialogContent, DialogTrigger } from '../../components/ui/dialog';
import { Label, Select, SearchInput } from '../../components/ui/form-controls';
import { EmptyState, ErrorState, Page } from '../../components/ui/page';
import { Skeleton } from '../../components/ui/skeleton';
import { useSession } from '../session/use-session';
import { useDocumentTitle } from '../../components/layout/use-document-title';

/**
 * /caucus-search, 'Find Your Caucus': filters kept in the URL query (state, district, level,
 * name, status, alignment), result cards, Load more, the help dialog and a link to
 * /create-caucus. A first visit (no query at all) starts at the user's home district.
 */

const STATUS_LABELS: Record<CaucusStatusFilter, string> = {
  available: 'Available',
  full: 'Full',
  finalized: 'Finalized',
  all: 'All',
};
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
      return api<{ results: CaucusSummary[]; hasMore: boolean }>(`/api/caucuses?${query.toString()}`, { signal });
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

  useDocumentTitle('Find Your Caucus');

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
      title="Find Your Caucus"
      subtitle="Join a caucus in your district, or start a new one and invite your neighbours."
      actions={
        <div className="flex flex-wrap gap-2">
          <HelpDialog />
          <Button asChild variant="primary">
            <Link to="/create-caucus">
              <Plus className="h-4 w-4" aria-hidden="true" /> Create New Caucus
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
        <form role="search" aria-label="Search caucuses" onSubmit={submit} className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3">
          <div className="flex min-w-0 flex-col gap-1.5">
            <Label htmlFor={id('state')}>State</Label>
            <Select id={id('state')} value={filters.state} onChange={(e) => onChange({ state: e.target.value })}>
              <option value="">All States</option>
              {STATES.map((s) => (
                <option key={s.code} value={s.code}>
                  {s.name}
                </option>
              ))}
            </Select>
          </div>
          <div className="flex min-w-0 flex-col gap-1.5">
            <Label htmlFor={id('district')}>District</Label>
            <Select id={id('district')} value={filters.district} disabled={!filters.state} onChange={(e) => onChange({ district: e.target.value })}>
              <option value="">{filters.state ? 'All Districts' : 'Select a state first'}</option>
              {districts.map((d) => (
                <option key={d} value={String(d)}>
                  {districts.length === 1 ? `${d} (At-large)` : `District ${d}`}
                </option>
              ))}
            </Select>
          </div>
          <div className="flex min-w-0 flex-col gap-1.5">
            <Label htmlFor={id('level')}>Level</Label>
            <Select id={id('level')} value={filters.level} onChange={(e) => onChange({ level: e.target.value })}>
              <option value="">All Levels</option>
              {Array.from({ length: MAX_LEVEL - MIN_LEVEL + 1 }, (_, i) => i + MIN_LEVEL).map((l) => (
                <option key={l} value={String(l)}>
                  Level {l}
                </option>
              ))}
            </Select>
          </div>
          <div className="col-span-2 flex min-w-0 flex-col gap-1.5 lg:col-span-1">
            <Label htmlFor={id('name')}>Caucus name</Label>
            <SearchInput id={id('name')} value={name} placeholder="Search by name" onChange={(e) => setName(e.target.value)} />
          </div>
          <div className="flex min-w-0 flex-col gap-1.5">
            <Label htmlFor={id('status')}>Status</Label>
            <Select id={id('status')} value={filters.status} onChange={(e) => onChange({ status: e.target.value as CaucusStatusFilter })}>
              {CAUCUS_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {STATUS_LABELS[s]}
                </option>
              ))}
            </Select>
          </div>
          <div className="flex min-w-0 flex-col gap-1.5">
            <Label htmlFor={id('alignment')}>Political alignment</Label>
            <Select id={id('alignment')} value={filters.alignment} onChange={(e) => onChange({ alignment: e.target.value })}>
              <option value="">All Alignments</option>
              {ALIGNMENTS.map((a) => (
                <option key={a} value={a}>
                  {a}
                </option>
              ))}
            </Select>
          </div>
          {homeLabel ? (
            <p className="col-span-2 text-xs text-slate-600 lg:col-span-3">
              Your home district is {homeLabel}. You can join caucuses of your own district and level as a voting member, and organize caucuses anywhere.
            </p>
          ) : null}
        </form>
      </CardContent>
    </Card>
  );
}

function Results({ filters, onReset }: { filters: Filters; onReset: () => void }) {
  const query = useSearchCaucuses(filters);
  const results = query.data?.pages.flatMap((p) => p.results) ?? [];

  if (query.isPending) {
    return (
      <div role="status" aria-label="Loading caucuses" className="grid gap-4 md:grid-cols-2">
        {Array.from({ length: 4 }, (_, i) => (
          <Card key={i} className="space-y-3 p-5">
            <Skeleton className="h-5 w-2/3" />
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="h-4 w-1/3" />
            <Skeleton className="h-4 w-3/4" />
          </Card>
        ))}
        <span className="sr-only">Loading…</span>
      </div>
    );
  }
  // A failed 'Load more' keeps the results shown (TanStack Query marks the whole query errored).
  if (query.isError && !query.isFetchNextPageError) {
    return (
      <ErrorState title="Failed to load caucuses" message={query.error.message}>
        <Button variant="outline" onClick={() => void query.refetch()}>
          <RefreshCw className="h-4 w-4" aria-hidden="true" /> Try Again
        </Button>
      </ErrorState>
    );
  }
  if (results.length === 0) {
    return (
      <EmptyState>
        <span className="block font-medium text-slate-800">No caucuses match these filters.</span>
        <span className="mt-1 block">Try other filters, or start the caucus your district needs.</span>
        <span className="mt-3 flex flex-wrap justify-center gap-2">
          <Button variant="outline" size="sm" onClick={onReset}>
            Show all caucuses
          </Button>
          <Button asChild variant="primary" size="sm">
            <Link to="/create-caucus">Create New Caucus</Link>
          </Button>
        </span>
      </EmptyState>
    );
  }
  return (
    <section aria-label="Search results">
      <p className="mb-3 text-sm text-slate-600" aria-live="polite">
        {results.length} {results.length === 1 ? 'caucus' : 'caucuses'} shown{query.hasNextPage ? ' (more available)' : ''}
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
            {query.isFetchingNextPage ? 'Loading…' : 'Load more'}
          </Button>
        </div>
      ) : null}
      {query.isFetchNextPageError ? (
        <p role="alert" className="mt-3 text-center text-sm text-red-700">
          Failed to load caucuses. Please try again.
        </p>
      ) : null}
    </section>
  );
}

function CaucusCard({ caucus: c }: { caucus: CaucusSummary }) {
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
            <dt className="text-xs text-slate-600">Level</dt>
            <dd className="font-medium text-slate-900">Level {c.level}</dd>
          </div>
          <div>
            <dt className="text-xs text-slate-600">Members</dt>
            <dd className="flex items-center gap-1 font-medium text-slate-900">
              <Users className="h-4 w-4 text-slate-500" aria-hidden="true" />
              {c.votingMemberCount}/{c.requiredVotingMembers} members
            </dd>
          </div>
          <div>
            <dt className="text-xs text-slate-600">Alignment</dt>
            <dd className="font-medium break-words text-slate-900">{c.politicalAlignment ?? 'Not specified'}</dd>
          </div>
          <div>
            <dt className="text-xs text-slate-600">Access</dt>
            <dd className="flex items-center gap-1 font-medium text-slate-900">
              {c.isOpen ? null : <Lock className="h-4 w-4 text-slate-500" aria-hidden="true" />}
              {c.isOpen ? 'Open' : 'Private'}
            </dd>
          </div>
          <div className="col-span-2">
            <dt className="text-xs text-slate-600">Organizer</dt>
            <dd className="font-medium break-words text-slate-900">{c.organizerName ?? 'Started by a voting member'}</dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  );
}

function StatusPill({ open, finalized }: { open: boolean; finalized: boolean }) {
  const label = finalized ? 'Delegate Elected' : open ? 'Open' : 'Closed';
  return (
    <span
      className={cn(
        'shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold',
        finalized ? 'bg-navy-100 text-navy-800' : open ? 'bg-green-100 text-green-800' : 'bg-slate-200 text-slate-800',
      )}
    >
      {finalized ? `Closed · ${label}` : label}
    </span>
  );
}

const LEVELS = [
  { level: 1, voters: '10', text: 'Ten voters of one congressional district form a caucus and elect one of themselves as their Delegate.' },
  { level: 2, voters: '100', text: 'Ten level 1 Delegates of the district caucus together and elect a level 2 Delegate.' },
  { level: 3, voters: '1,000', text: 'Ten level 2 Delegates elect a level 3 Delegate.' },
  { level: 4, voters: '10,000', text: 'Ten level 3 Delegates elect a level 4 Delegate.' },
  { level: 5, voters: '100,000', text: "Ten level 4 Delegates elect the district's Candidate, who can broadcast to the whole district." },
];

function HelpDialog() {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="outline">
          <HelpCircle className="h-4 w-4" aria-hidden="true" /> How does all of this work?
        </Button>
      </DialogTrigger>
      <DialogContent title="How does all of this work?" description="The Graduated Unanimous Caucus, in five levels.">
        <div className="space-y-4 text-sm text-slate-700">
          <p>
            A caucus is a group of <strong>10 voting members</strong> from the same congressional district. Together they elect one{' '}
            <strong>Delegate</strong>, who moves up a level and represents them.
          </p>
          <ol className="space-y-2">
            {LEVELS.map((l) => (
              <li key={l.level} className="rounded-lg border border-navy-100 bg-navy-50 p-3">
                <p className="font-semibold text-navy-800">
                  Level {l.level} <span className="font-normal text-slate-600">· about {l.voters} voters represented</span>
                </p>
                <p className="mt-1">{l.text}</p>
              </li>
            ))}
          </ol>
          <div>
            <h3 className="font-semibold text-slate-900">Unanimity</h3>
            <p className="mt-1">
              A Delegate is elected only when <strong>all ten members vote for the same person</strong> and every member has verified their profile.
              Until then anyone may change their vote, so members talk it through until they agree.
            </p>
          </div>
          <div>
            <h3 className="font-semibold text-slate-900">Who can join</h3>
            <p className="mt-1">
              You vote in caucuses of your home district at your own level (level 1 until you are elected). You hold one voting seat per level.
              Organizers create and run caucuses anywhere but do not vote. Private caucuses need the password their members share.
            </p>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}

