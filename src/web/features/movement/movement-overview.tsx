import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { MovementStates } from '../../../domain/movement/movement-answers';
import { api } from '../../api/http';
import { LoadingBlocks, RetryError } from '../../components/ui/query-states';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { FiguresUpdated } from './figures-updated';
import { StatesTable } from './states-table';

/** The map and the charts come with their libraries (d3-geo, topojson, Chart.js) only when drawn. */
const MovementMap = lazy(() => import('./movement-map'));
const ProgressCharts = lazy(() => import('./progress-charts'));

/**
 * /the-movement's picture of the country (issue 18): the map of the states, or the same figures
 * as a table, and the country's progress over time.
 */
export function MovementOverview() {
  const { t } = useTranslation('movement');
  const states = useQuery({ queryKey: ['movement', 'states'], queryFn: () => api<MovementStates>('/api/movement/states'), staleTime: 30_000 });

  return (
    <>
      <section className="mt-10" aria-labelledby="map-heading">
        <h2 id="map-heading" className="text-2xl font-bold text-navy-900">
          {t('map.heading')}
        </h2>
        <p className="mt-2 max-w-3xl text-slate-700">{t('map.intro')}</p>
        {states.isPending ? (
          <div className="mt-4">
            <LoadingBlocks heights={['h-10', 'h-72']} />
          </div>
        ) : states.isError ? (
          <div className="mt-4">
            <RetryError title={t('map.figuresFailed')} error={states.error} onRetry={states.refetch} />
          </div>
        ) : (
          <Tabs defaultValue="map" className="mt-4">
            <TabsList aria-label={t('map.viewLabel')} className="max-w-xs">
              <TabsTrigger value="map">{t('map.viewMap')}</TabsTrigger>
              <TabsTrigger value="table">{t('map.viewTable')}</TabsTrigger>
            </TabsList>
            <TabsContent value="map" className="mt-4">
              <Suspense fallback={<LoadingBlocks heights={['h-72']} />}>
                <MovementMap states={states.data.states} />
              </Suspense>
            </TabsContent>
            <TabsContent value="table" className="mt-4">
              <StatesTable states={states.data.states} />
            </TabsContent>
            <FiguresUpdated updatedAt={states.data.updatedAt} />
          </Tabs>
        )}
      </section>

      <section className="mt-10" aria-labelledby="progress-heading">
        <h2 id="progress-heading" className="text-2xl font-bold text-navy-900">
          {t('progress.heading')}
        </h2>
        <p className="mt-2 text-slate-700">{t('progress.countryIntro')}</p>
        <div className="mt-4">
          <Suspense fallback={<LoadingBlocks heights={['h-56']} />}>
            <ProgressCharts />
          </Suspense>
        </div>
      </section>
    </>
  );
}
