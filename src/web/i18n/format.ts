import { createContext, useContext, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { asLanguage, LANGUAGE_LOCALES } from '../../domain/i18n/languages';

/**
 * The app's time zone (APP_TIME_ZONE, given to the page by the server as `<html data-time-zone>`):
 * every date and time is shown in it, so the server's HTML and the browser's agree and a
 * district's members read the same clock.
 */
export const AppTimeZoneContext = createContext('UTC');

export type DateStyle = 'short' | 'medium' | 'long';

/** Dates, times and numbers in one language and time zone, through Intl. */
export interface Format {
  locale: string;
  timeZone: string;
  number(value: number): string;
  /** "Jan 5, 2026" / "5 ene 2026". */
  date(value: string | Date, style?: DateStyle): string;
  /** "Jan 5, 2026, 3:04 PM". */
  dateTime(value: string | Date, style?: DateStyle): string;
  /** "3:04 PM". */
  time(value: string | Date): string;
  /** "Jan 5" / "5 ene". */
  dayMonth(value: string | Date): string;
  /** Whether two instants fall on the same day in the app's time zone. */
  sameDay(a: string | Date, b: string | Date): boolean;
}

const formats = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();
function cached<T extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => T): T {
  let format = formats.get(key) as T | undefined;
  if (!format) {
    format = make();
    formats.set(key, format);
  }
  return format;
}

function dateTimeFormat(locale: string, timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return cached(`${locale}|${timeZone}|${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(locale, { ...options, timeZone }));
}

const toDate = (value: string | Date) => (typeof value === 'string' ? new Date(value) : value);

export function makeFormat(locale: string, timeZone: string): Format {
  const dayKey = (value: string | Date) => dateTimeFormat(locale, timeZone, { year: 'numeric', month: '2-digit', day: '2-digit' }).format(toDate(value));
  return {
    locale,
    timeZone,
    number: (value) => cached(`${locale}|number`, () => new Intl.NumberFormat(locale)).format(value),
    date: (value, style = 'medium') => dateTimeFormat(locale, timeZone, { dateStyle: style }).format(toDate(value)),
    dateTime: (value, style = 'medium') => dateTimeFormat(locale, timeZone, { dateStyle: style, timeStyle: 'short' }).format(toDate(value)),
    time: (value) => dateTimeFormat(locale, timeZone, { timeStyle: 'short' }).format(toDate(value)),
    dayMonth: (value) => dateTimeFormat(locale, timeZone, { month: 'short', day: 'numeric' }).format(toDate(value)),
    sameDay: (a, b) => dayKey(a) === dayKey(b),
  };
}

/** The formats of the page's language, in the app's time zone. */
export function useFormat(): Format {
  const { i18n } = useTranslation();
  const timeZone = useContext(AppTimeZoneContext);
  const language = asLanguage(i18n.language);
  return useMemo(() => makeFormat(LANGUAGE_LOCALES[language], timeZone), [language, timeZone]);
}
