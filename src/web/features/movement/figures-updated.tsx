import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/format';

/** When the movement's figures were counted (a scheduled job refreshes them every minute or so). */
export function FiguresUpdated({ updatedAt }: { updatedAt: string | null }) {
  const { t } = useTranslation('movement');
  const format = useFormat();
  return <p className="mt-2 text-xs text-slate-600">{updatedAt ? t('updatedAt', { time: format.dateTime(updatedAt) }) : t('notCountedYet')}</p>;
}
