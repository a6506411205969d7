import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/format';

const LEVELS = [
  { level: 1, voters: 10 },
  { level: 2, voters: 100 },
  { level: 3, voters: 1_000 },
  { level: 4, voters: 10_000 },
  { level: 5, voters: 100_000 },
] as const;

/** The five-level explanation shared by the landing and welcome pages. */
export function LevelLadder() {
  const { t } = useTranslation('public');
  const format = useFormat();
  return (
    <ol className="mt-6 grid gap-3 md:grid-cols-5">
      {LEVELS.map((l) => (
        <li key={l.level} className="rounded-2xl border border-navy-100 bg-navy-50 p-4">
          <p className="text-sm font-semibold text-accent-700">{t('ladder.level', { level: l.level })}</p>
          <p className="mt-1 text-2xl font-bold text-navy-800">{format.number(l.voters)}</p>
          <p className="text-xs text-slate-600">{t('ladder.votersRepresented')}</p>
          <p className="mt-2 text-sm text-slate-700">{t(`ladder.steps.level${l.level}`)}</p>
        </li>
      ))}
    </ol>
  );
}
