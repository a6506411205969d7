import { useQuery } from '@tanstack/react-query';
import { Flag, MapPin, Users, Vote } from 'lucide-react';
import { Link } from 'react-router';
import { EMPTY_MOVEMENT_STATS, type MovementStats } from '../../../domain/stats/movement';
import { api } from '../../api/http';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { Page } from '../../components/ui/page';
import { Skeleton } from '../../components/ui/skeleton';
import { useDocumentTitle } from '../../components/layout/use-document-title';

const number = new Intl.NumberFormat('en-US');

function Stat({ icon: Icon, label, value, detail, loading }: { icon: typeof Users; label: string; value: number; detail?: string; loading: boolean }) {
  return (
    <Card>
      <CardContent className="pt-5">
        <Icon className="h-6 w-6 text-accent-600" aria-hidden="true" />
        <p className="mt-3 text-sm text-slate-600">{label}</p>
        {loading ? <Skeleton className="mt-1 h-9 w-24" /> : <p className="mt-1 text-3xl font-bold text-navy-800">{number.format(value)}</p>}
        {detail && !loading ? <p className="mt-1 text-sm text-slate-600">{detail}</p> : null}
      </CardContent>
    </Card>
  );
}

export default function MovementPage() {
  useDocumentTitle('The Movement');
  const stats = useQuery({
    queryKey: ['stats', 'movement'],
    // The page shows 0s when the figures cannot be read.
    queryFn: () => api<MovementStats>('/api/stats/movement').catch(() => EMPTY_MOVEMENT_STATS),
  });
  const s = stats.data ?? EMPTY_MOVEMENT_STATS;
  const loading = stats.isLoading;

  return (
    <Page title="The Movement" subtitle="Voters organising themselves, district by district.">
      <section aria-label="Figures" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Stat icon={Users} label="Total members" value={s.totalMembers} loading={loading} />
        <Stat
          icon={Vote}
          label="Total caucuses"
          value={s.totalCaucuses}
          detail={`${number.format(s.activeCaucuses)} active · ${number.format(s.finalizedCaucuses)} finalized`}
          loading={loading}
        />
        <Stat icon={MapPin} label="Districts active" value={s.districtsActive} detail="of 435 congressional districts" loading={loading} />
      </section>

      <section className="mt-10 rounded-2xl bg-navy-800 p-6 text-white md:p-10" aria-labelledby="mission-heading">
        <Flag className="h-8 w-8 text-orange-300" aria-hidden="true" />
        <h2 id="mission-heading" className="mt-3 text-2xl font-bold">
          Our mission
        </h2>
        <p className="mt-3 max-w-3xl text-navy-100">
          To let every congressional district choose its own Candidate through people who know each other: ten voters at a time, by unanimous agreement,
          five levels up to about 100,000 voters.
        </p>
      </section>

      <section className="mt-10" aria-labelledby="how-heading">
        <h2 id="how-heading" className="text-2xl font-bold text-navy-900">
          How it works
        </h2>
        <ol className="mt-4 grid gap-4 md:grid-cols-3">
          {[
            ['Join or Create', 'Find a caucus in your district with room, or create one and invite your neighbours.'],
            ['Participate', 'Discuss a platform in the caucus chat, verify your profile, and vote.'],
            ['Represent', 'When all ten agree, your Delegate moves up a level to represent you.'],
          ].map(([title, text], i) => (
            <li key={title} className="rounded-2xl border border-slate-200 bg-white p-5">
              <p className="text-sm font-semibold text-accent-700">Step {i + 1}</p>
              <h3 className="mt-1 font-semibold text-navy-800">{title}</h3>
              <p className="mt-2 text-sm text-slate-700">{text}</p>
            </li>
          ))}
        </ol>
        <Button asChild variant="accent" className="mt-6">
          <Link to="/auth">Join the Revolution</Link>
        </Button>
      </section>
    </Page>
  );
}
