import { useTranslation } from 'react-i18next';
import { cn } from '../../components/ui/class-names';
import { levelMark, type LevelCounts, type LevelMark } from './tile-status';

const MARK_CLASSES: Record<LevelMark, string> = {
  finished: 'bg-navy-700 border-navy-700 text-white',
  forming: 'bg-navy-100 border-navy-300 text-navy-900',
  empty: 'bg-white border-slate-300 text-slate-600',
};

/**
 * A district's five levels as five steps, level 1 on the left: dark where an election has
 * finished, light where caucuses are forming, empty where none. The words are beside it (the
 * tile's status), so the steps are a picture only.
 */
export function LevelSteps({ levels }: { levels: readonly LevelCounts[] }) {
  const { t } = useTranslation('movement');
  return (
    <span className="flex gap-1" aria-hidden="true">
      {levels.map((level) => (
        <span key={level.level} className={cn('flex h-6 flex-1 items-center justify-center rounded border text-xs font-semibold', MARK_CLASSES[levelMark(level)])}>
          {t('levelShort', { level: level.level })}
        </span>
      ))}
    </span>
  );
}

/** The key to the steps' shades. */
export function LevelStepsKey() {
  const { t } = useTranslation('movement');
  const marks: LevelMark[] = ['finished', 'forming', 'empty'];
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
      {marks.map((mark) => (
        <li key={mark} className="flex items-center gap-2">
          <span className={cn('inline-block h-4 w-6 rounded border', MARK_CLASSES[mark])} aria-hidden="true" />
          {t(`stateView.mark.${mark}`)}
        </li>
      ))}
    </ul>
  );
}
