import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MovementStateSummary } from '../../../domain/movement/movement-answers';
import { useFormat } from '../../i18n/format';
import { sharePercent } from './map-shading';

/** The figure columns after the state's name: their heading's key and how a state's cell reads. */
type FigureColumn = {
  heading: 'table.districts' | 'table.withCaucus' | 'table.withFinished' | 'table.caucuses' | 'table.finished' | 'table.highest' | 'table.candidates';
  cell(state: MovementStateSummary): string;
};

/** The map's figures as a table, a row per state with a link to it (for screen readers and for those who prefer one). */
export function StatesTable({ states }: { states: readonly MovementStateSummary[] }) {
  const { t } = useTranslation('movement');
  const format = useFormat();
  const sorted = [...states].sort((a, b) => a.name.localeCompare(b.name, 'en'));
  const columns: FigureColumn[] = [
    { heading: 'table.districts', cell: (s) => format.number(s.districts) },
    { heading: 'table.withCaucus', cell: (s) => format.number(s.districtsWithCaucus) },
    { heading: 'table.withFinished', cell: (s) => t('table.withFinishedValue', { count: format.number(s.districtsWithFinishedLevel1), percent: sharePercent(s.share) }) },
    { heading: 'table.caucuses', cell: (s) => format.number(s.caucuses) },
    { heading: 'table.finished', cell: (s) => format.number(s.finished) },
    { heading: 'table.highest', cell: (s) => (s.highestFinishedLevel === 0 ? t('table.noLevel') : format.number(s.highestFinishedLevel)) },
    { heading: 'table.candidates', cell: (s) => format.number(s.districtsWithCandidate) },
  ];
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white" tabIndex={0} role="region" aria-labelledby="states-table-caption">
      <table className="w-full min-w-[36rem] text-left text-sm">
        <caption id="states-table-caption" className="px-4 pt-3 pb-2 text-left font-medium text-slate-800">
          {t('table.caption')}
        </caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-slate-700">
          <tr>
            <th scope="col" className="px-4 py-2 font-semibold">
              {t('table.state')}
            </th>
            {columns.map((c) => (
              <th key={c.heading} scope="col" className="px-3 py-2 text-right font-semibold last:pr-4">
                {t(c.heading)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {sorted.map((s) => (
            <tr key={s.state}>
              <th scope="row" className="px-4 py-2 font-medium">
                <Link to={`/the-movement/${s.state}`} className="text-navy-700 underline underline-offset-2">
                  {s.name}
                </Link>
              </th>
              {columns.map((c) => (
                <td key={c.heading} className="px-3 py-2 text-right tabular-nums last:pr-4">
                  {c.cell(s)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
