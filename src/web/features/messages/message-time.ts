import { useFormat } from '../../i18n/format';

/** A message's time, in the page's language and the app's time zone: the hour today, the day and hour before. */
export function useFormatWhen(): (iso: string) => string {
  const format = useFormat();
  return (iso) => (format.sameDay(iso, new Date()) ? format.time(iso) : `${format.dayMonth(iso)}, ${format.time(iso)}`);
}
