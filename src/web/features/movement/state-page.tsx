import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { districtCount, isAtLarge, isStateCode, stateName } from '../../../domain/geography/states';
import type { MovementDistrictTile, MovementState } from '../../../domain/movement/movement-answers';
import { api, ApiError } from '../../api/http';
import { Page } from '../../components/ui/page';
import { LoadingBlocks, RetryError } from '../../components/ui/query-states';
import { useDocumentTitle } from '../../components/layout/use-document-title';
import { FiguresUpdated } from './figures-updated';
import { LevelSteps, LevelStepsKey } from './level-steps';
import { sharePercent } from './map-shading';
import { MovementBreadcrumbs, MovementNotFound } from './movement-not-found';
import { tileStatus } from './tile-status';

const ProgressCharts = lazy(() => import('./progress-charts'));

/**
 * /the-movement/{state} (issue 18): a tile per district (no package holds district shapes),
 * each with its progress through the five levels and a link to the district's tree; then the
 * state's progress over time.
 */
export default function StatePage() {
  const { t } = useTranslation('movement');
  const code = (useParams().state ?? '').toUpperCase();
  const known = isStateCode(code);
  const name = known ? stateName(code) : '';
  useDocumentTitle(known ? t('stateView.title', { name }) : t('notFound.title'));
  const state = useQuery({
    queryKey: ['movement', 'state', code],
    queryFn: () => api<MovementState>(`/api/movement/states/${encodeURIComponent(code)}`),
    enabled: known,
    staleTime: 30_000,
  });

  if (!known || (state.error instanceof ApiError && state.error.status === 404)) return <MovementNotFound />;

  return (
    <Page title={t('stateView.title', { name })} subtitle={t('stateView.subtitle', { count: districtCount(code) })}>
      <MovementBreadcrumbs trail={[{ label: name }]} />
      {state.isPending ? (
        <LoadingBlocks heights={['h-6', 'h-28', 'h-28']} />
      ) : state.isError ? (
        <RetryError title={t('stateView.failed')} error={state.error} onRetry={state.refetch} />
      ) : (
        <section aria-labelledby="districts-heading">
          <h2 id="districts-heading" className="text-xl font-bold text-navy-900">
            {t('stateView.districtsHeading')}
          </h2>
          <p className="mt-1 text-slate-700">
            {t('stateView.share', {
              count: state.data.districts.filter((d) => d.levels[0]!.finished > 0).length,
              districts: state.data.districts.length,
              percent: sharePercent(state.data.share),
            })}
          </p>
          <div className="mt-3">
            <LevelStepsKey />
          </div>
          <ul className="mt-4 grid grid-cols-2 gap-2 sm:grid-cols-3 sm:gap-3 lg:grid-cols-4">
            {state.data.districts.map((tile) => (
              <li key={tile.district}>
                <DistrictTile state={code} tile={tile} atLarge={isAtLarge(code)} />
              </li>
            ))}
          </ul>
          <FiguresUpdated updatedAt={state.data.updatedAt} />
        </section>
      )}

      <section className="mt-10" aria-labelledby="progress-heading">
        <h2 id="progress-heading" className="text-xl font-bold text-navy-900">
          {t('progress.heading')}
        </h2>
        <p className="mt-1 text-slate-700">{t('progress.stateIntro', { name })}</p>
        <div className="mt-4">
          <Suspense fallback={<LoadingBlocks heights={['h-56']} />}>
            <ProgressCharts state={code} />
          </Suspense>
        </div>
      </section>
    </Page>
  );
}

function DistrictTile({ state, tile, atLarge }: { state: string; tile: MovementDistrictTile; atLarge: boolean }) {
  const { t } = useTranslation('movement');
  const status = tileStatus(tile.levels, tile.hasCandidate);
  const statusText =
    status.kind === 'candidate'
      ? t('stateView.status.candidate')
      : status.kind === 'finished'
        ? t('stateView.status.finished', { level: status.level })
        : status.kind === 'forming'
          ? t('stateView.status.forming', { count: status.caucuses })
          : t('stateView.status.none');
  return (
    <Link
      to={`/the-movement/${state}/${tile.district}`}
      className="block h-full rounded-xl border border-slate-200 bg-white p-3 shadow-sm sm:p-4 transition-colors hover:border-navy-300 hover:bg-navy-50"
    >
      <span className="block font-semibold text-navy-900">{atLarge ? t('atLarge') : t('districtName', { district: tile.district })}</span>
      <span className="mt-1 block text-sm text-slate-700">{statusText}</span>
      <span className="mt-3 block">
        <LevelSteps levels={tile.levels} />
      </span>
    </Link>
  );
}
