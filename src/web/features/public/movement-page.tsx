import { useQuery } from '@tanstack/react-query';
import { Flag, MapPin, Users, Vote } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EMPTY_MOVEMENT_STATS } from '../../../domain/stats/movement';
import { MovementOverview } from '../movement/movement-overview';
import type { MovementStats } from '../../../domain/stats/movement-stats';
import { api } from '../../api/http';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { Page } from '../../components/ui/page';
import { Skeleton } from '../../components/ui/skeleton';
import { useDocumentTitle } from '../../components/layout/use-document-title';
import { useFormat } from '../../i18n/format';

/** The three steps of "How it works", by their key under `movement.steps`. */
const STEPS = ['join', 'participate', 'represent'] as const;

function Stat({ icon: Icon, label, value, detail, loading }: { icon: typeof Users; label: string; value: number; detail?: string; loading: boolean }) {
  const format = useFormat();
  return (
    <Card>
      <CardContent className="pt-5">
        <Icon className="h-6 w-6 text-accent-600" aria-hidden="true" />
        <p className="mt-3 text-sm text-slate-600">{label}</p>
        {loading ? <Skeleton className="mt-1 h-9 w-24" /> : <p className="mt-1 text-3xl font-bold text-navy-800">{format.number(value)}</p>}
        {detail && !loading ? <p className="mt-1 text-sm text-slate-600">{detail}</p> : null}
      </CardContent>
    </Card>
  );
}

export default function MovementPage() {
  const { t } = useTranslation('public');
  const format = useFormat();
  useDocumentTitle(t('movement.title'));
  const stats = useQuery({
    queryKey: ['stats', 'movement'],
    // The page shows 0s when the figures cannot be read.
    queryFn: () => api<MovementStats>('/api/stats/movement').catch(() => EMPTY_MOVEMENT_STATS),
  });
  const s = stats.data ?? EMPTY_MOVEMENT_STATS;
  const loading = stats.isLoading;

  return (
    <Page title={t('movement.title')} subtitle={t('movement.subtitle')}>
      <section aria-label={t('movement.figuresLabel')} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Stat icon={Users} label={t('movement.totalMembers')} value={s.totalMembers} loading={loading} />
        <Stat
          icon={Vote}
          label={t('movement.totalCaucuses')}
          value={s.totalCaucuses}
          detail={t('movement.caucusesDetail', { active: format.number(s.activeCaucuses), finalized: format.number(s.finalizedCaucuses) })}
          loading={loading}
        />
        <Stat icon={MapPin} label={t('movement.districtsActive')} value={s.districtsActive} detail={t('movement.districtsDetail')} loading={loading} />
      </section>

      <MovementOverview />

      <section className="mt-10 rounded-2xl bg-navy-800 p-6 text-white md:p-10" aria-labelledby="mission-heading">
        <Flag className="h-8 w-8 text-orange-300" aria-hidden="true" />
        <h2 id="mission-heading" className="mt-3 text-2xl font-bold">
          {t('movement.missionHeading')}
        </h2>
        <p className="mt-3 max-w-3xl text-navy-100">{t('movement.mission')}</p>
      </section>

      <section className="mt-10" aria-labelledby="how-heading">
        <h2 id="how-heading" className="text-2xl font-bold text-navy-900">
          {t('movement.howHeading')}
        </h2>
        <ol className="mt-4 grid gap-4 md:grid-cols-3">
          {STEPS.map((step, i) => (
            <li key={step} className="rounded-2xl border border-slate-200 bg-white p-5">
              <p className="text-sm font-semibold text-accent-700">{t('movement.step', { step: i + 1 })}</p>
              <h3 className="mt-1 font-semibold text-navy-800">{t(`movement.steps.${step}.title`)}</h3>
              <p className="mt-2 text-sm text-slate-700">{t(`movement.steps.${step}.text`)}</p>
            </li>
          ))}
        </ol>
        <Button asChild variant="accent" className="mt-6">
          <Link to="/auth">{t('movement.join')}</Link>
        </Button>
      </section>
    </Page>
  );
}
