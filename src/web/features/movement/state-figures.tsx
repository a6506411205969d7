import { useTranslation } from 'react-i18next';
import type { MovementStateSummary } from '../../../domain/movement/movement-answers';
import { useFormat } from '../../i18n/format';
import { sharePercent } from './map-shading';

/** A state's figures in words: shown beside the map for the state hovered, focused or tapped. */
export function StateFigures({ figures }: { figures: MovementStateSummary }) {
  const { t } = useTranslation('movement');
  const format = useFormat();
  return (
    <ul className="mt-1 space-y-0.5 text-sm text-slate-700">
      <li>
        {t('figures.districtsFinished', {
          count: figures.districtsWithFinishedLevel1,
          shown: format.number(figures.districtsWithFinishedLevel1),
          districts: format.number(figures.districts),
          percent: sharePercent(figures.share),
        })}
      </li>
      <li>{t('figures.districtsWithCaucus', { count: figures.districtsWithCaucus })}</li>
      <li>
        {t('figures.caucuses', { count: figures.caucuses })} · {t('figures.finished', { count: figures.finished })}
      </li>
      <li>{t('figures.highestLevel', { level: figures.highestFinishedLevel })}</li>
      <li>{t('figures.candidates', { count: figures.districtsWithCandidate })}</li>
    </ul>
  );
}
