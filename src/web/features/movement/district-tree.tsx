import { MapPin } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { RepresentationLink } from '../../../domain/caucuses/caucus-types';
import type { MovementDistrict, MovementTreeLevel } from '../../../domain/movement/movement-answers';
import { cn } from '../../components/ui/class-names';
import { useFormat } from '../../i18n/format';

/** The band of each level in the picture, narrowest at the top (level 5, the Candidate). */
const BAND_WIDTHS: Record<number, string> = { 5: 'w-2/5', 4: 'w-11/20', 3: 'w-7/10', 2: 'w-17/20', 1: 'w-full' };

/** How much of a level's band is filled: its finished elections over what a Candidate needs, a sliver when any. */
export function bandFill(level: Pick<MovementTreeLevel, 'finished' | 'needed'>): number {
  if (level.finished <= 0 || level.needed <= 0) return 0;
  return Math.max(0.02, Math.min(1, level.finished / level.needed));
}

/**
 * A district's election tree as a picture (issue 18): five bands, the Candidate's at the top and
 * the level-1 caucuses' at the bottom, each filled as far as its finished elections go towards
 * what a Candidate needs, with the counts, the Delegates (public names, links to profiles) and,
 * for a voter of the district, where they stand in it (`mine`: their chain of representation).
 */
export function DistrictTree({ district, mine }: { district: MovementDistrict; mine: readonly RepresentationLink[] | null }) {
  const { t } = useTranslation('movement');
  const top = [...district.levels].sort((a, b) => b.level - a.level);
  return (
    <ol className="space-y-4" aria-label={t('tree.levelsLabel')}>
      {top.map((level) => (
        <TreeLevel key={level.level} level={level} hasCandidate={district.candidate !== null} mine={mine?.find((m) => m.level === level.level) ?? null} />
      ))}
    </ol>
  );
}

function TreeLevel({ level, hasCandidate, mine }: { level: MovementTreeLevel; hasCandidate: boolean; mine: RepresentationLink | null }) {
  const { t } = useTranslation('movement');
  const format = useFormat();
  const fill = bandFill(level);
  return (
    <li className={cn('rounded-xl border bg-white p-4', mine ? 'border-accent-600 ring-2 ring-accent-600/30' : 'border-slate-200')} data-level={level.level}>
      <div className={cn('mx-auto h-8 overflow-hidden rounded-md border border-navy-300 bg-navy-50', BAND_WIDTHS[level.level])} aria-hidden="true">
        <div className="h-full bg-navy-700" style={{ width: `${fill * 100}%` }} />
      </div>
      <div className="mt-3 flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-semibold text-navy-900">{t(`tree.levelName.${level.level as 1 | 2 | 3 | 4 | 5}`)}</h3>
        <p className="text-sm text-slate-700">
          {t('tree.finishedOfNeeded', { finished: format.number(level.finished), needed: level.needed })} · {t('figures.caucuses', { count: level.caucuses })}
        </p>
      </div>
      <p className="mt-1 text-sm text-slate-700">{hasCandidate ? t('tree.complete') : level.missing > 0 ? t('tree.missing', { count: level.missing }) : t('tree.levelDone')}</p>
      {mine ? (
        <p className="mt-2 flex items-center gap-1.5 text-sm font-semibold text-accent-800">
          <MapPin className="h-4 w-4" aria-hidden="true" />
          {level.level === 1 ? t('tree.youAreHere') : t('tree.yourDelegateIsHere')}{' '}
          <Link to={`/caucus/${mine.caucusId}`} className="font-medium text-navy-700 underline underline-offset-2">
            {mine.caucusName}
          </Link>
        </p>
      ) : null}
      {level.delegates.length > 0 ? (
        <details className="mt-2 text-sm">
          <summary className="cursor-pointer font-medium text-navy-700">{t('tree.delegates', { count: level.delegates.length + level.moreDelegates })}</summary>
          <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1">
            {level.delegates.map((d) => (
              <li key={d.id}>
                <Link to={`/profile/${d.id}`} className="text-navy-700 underline underline-offset-2">
                  {d.name}
                </Link>
              </li>
            ))}
            {level.moreDelegates > 0 ? <li className="text-slate-600">{t('tree.moreDelegates', { count: level.moreDelegates })}</li> : null}
          </ul>
        </details>
      ) : null}
    </li>
  );
}
