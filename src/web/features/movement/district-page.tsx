import { useQuery } from '@tanstack/react-query';
import { Award, Users } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { RepresentationLink } from '../../../domain/caucuses/caucus-types';
import { representationReach } from '../../../domain/caucuses/representation';
import { isAtLarge, isStateCode, isValidDistrict, stateName } from '../../../domain/geography/states';
import { votersPerDelegate } from '../../../domain/movement/district-progress';
import type { MovementDistrict } from '../../../domain/movement/movement-answers';
import { api, ApiError } from '../../api/http';
import { Card, CardContent } from '../../components/ui/card';
import { Page } from '../../components/ui/page';
import { LoadingBlocks, RetryError } from '../../components/ui/query-states';
import { useDocumentTitle } from '../../components/layout/use-document-title';
import { useFormat } from '../../i18n/format';
import { useRepresentation } from '../invitations/invitation-queries';
import { useSession } from '../session/use-session';
import { DistrictTree } from './district-tree';
import { FiguresUpdated } from './figures-updated';
import { MovementBreadcrumbs, MovementNotFound } from './movement-not-found';

const ProgressCharts = lazy(() => import('./progress-charts'));

/**
 * /the-movement/{state}/{district} (issue 18): the district's election tree as a picture, who
 * its Delegates are, how many voters stand behind its highest finished level, what is still
 * missing before it has its Candidate, where a signed-in voter of the district stands in it,
 * and the district's progress over time.
 */
export default function DistrictPage() {
  const { t } = useTranslation('movement');
  const format = useFormat();
  const params = useParams();
  const code = (params.state ?? '').toUpperCase();
  const number = /^[0-9]{1,3}$/.test(params.district ?? '') ? Number(params.district) : NaN;
  const known = isStateCode(code) && isValidDistrict(code, number);
  const name = known ? stateName(code) : '';
  const districtName = isAtLarge(code) ? t('atLarge') : t('districtName', { district: number });
  useDocumentTitle(known ? t('districtView.title', { district: districtName, state: name }) : t('notFound.title'));

  const district = useQuery({
    queryKey: ['movement', 'district', code, number],
    queryFn: () => api<MovementDistrict>(`/api/movement/states/${encodeURIComponent(code)}/districts/${number}`),
    enabled: known,
    staleTime: 30_000,
  });
  const { user } = useSession();
  const ownDistrict = user !== null && user.state === code && user.district === number;
  const mine = useRepresentation({ enabled: known && ownDistrict });

  if (!known || (district.error instanceof ApiError && district.error.status === 404)) return <MovementNotFound />;

  return (
    <Page title={t('districtView.title', { district: districtName, state: name })} subtitle={t('districtView.subtitle')}>
      <MovementBreadcrumbs trail={[{ label: name, to: `/the-movement/${code}` }, { label: districtName }]} />
      {district.isPending ? (
        <LoadingBlocks heights={['h-24', 'h-32', 'h-32', 'h-32']} />
      ) : district.isError ? (
        <RetryError title={t('districtView.failed')} error={district.error} onRetry={district.refetch} />
      ) : (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <Card>
              <CardContent className="pt-5">
                <Award className="h-6 w-6 text-accent-600" aria-hidden="true" />
                <h2 className="mt-2 text-sm text-slate-600">{t('districtView.candidateHeading')}</h2>
                {district.data.candidate ? (
                  <p className="mt-1 text-xl font-bold">
                    <Link to={`/profile/${district.data.candidate.id}`} className="text-navy-800 underline underline-offset-2">
                      {district.data.candidate.name}
                    </Link>
                  </p>
                ) : (
                  <p className="mt-1 text-xl font-bold text-navy-800">{t('districtView.noCandidate')}</p>
                )}
              </CardContent>
            </Card>
            <Card>
              <CardContent className="pt-5">
                <Users className="h-6 w-6 text-accent-600" aria-hidden="true" />
                <h2 className="mt-2 text-sm text-slate-600">{t('districtView.votersHeading')}</h2>
                <p className="mt-1 text-xl font-bold text-navy-800" data-testid="voters-behind">
                  {format.number(district.data.votersBehind)}
                </p>
                <p className="mt-1 text-sm text-slate-700">
                  {district.data.highestFinishedLevel === 0 ? t('districtView.votersNone') : t('districtView.votersDetail', { level: district.data.highestFinishedLevel, voters: format.number(votersPerDelegate(district.data.highestFinishedLevel)) })}
                </p>
              </CardContent>
            </Card>
          </div>

          <YourPlace ownDistrict={ownDistrict} mine={mine.data ?? null} />

          <section className="mt-8" aria-labelledby="tree-heading">
            <h2 id="tree-heading" className="text-xl font-bold text-navy-900">
              {t('tree.heading')}
            </h2>
            <p className="mt-1 mb-4 text-slate-700">{t('tree.intro')}</p>
            <DistrictTree district={district.data} mine={ownDistrict ? (mine.data ?? null) : null} />
            <FiguresUpdated updatedAt={district.data.updatedAt} />
          </section>
        </>
      )}

      <section className="mt-10" aria-labelledby="progress-heading">
        <h2 id="progress-heading" className="text-xl font-bold text-navy-900">
          {t('progress.heading')}
        </h2>
        <p className="mt-1 text-slate-700">{t('progress.districtIntro', { district: districtName, state: name })}</p>
        <div className="mt-4">
          <Suspense fallback={<LoadingBlocks heights={['h-56']} />}>
            <ProgressCharts state={code} district={number} />
          </Suspense>
        </div>
      </section>
    </Page>
  );
}

/** Where the visitor stands: in the tree (marked on it), not in a caucus yet, or not of this district. */
function YourPlace({ ownDistrict, mine }: { ownDistrict: boolean; mine: RepresentationLink[] | null }) {
  const { t } = useTranslation('movement');
  // ownDistrict is only true for a signed-in voter of this district.
  if (!ownDistrict || mine === null) return null;
  const highest = representationReach(mine);
  return (
    <p className="mt-4 rounded-xl border border-accent-600/40 bg-orange-50 p-4 text-sm text-slate-800" data-testid="your-place">
      {highest === 0 ? (
        <>
          {t('districtView.notInCaucus')}{' '}
          <Link to="/caucus-search" className="font-medium text-navy-700 underline underline-offset-2">
            {t('districtView.findCaucus')}
          </Link>
        </>
      ) : (
        t('districtView.yourChain', { level: highest })
      )}
    </p>
  );
}
