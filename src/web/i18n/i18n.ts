import i18next, { type i18n as I18n } from 'i18next';
import type ICU from 'i18next-icu';
import { initReactI18next } from 'react-i18next';
import { singleFullStop } from '../../domain/i18n/full-stop';
import { LANGUAGE_LOCALES, type Language } from '../../domain/i18n/languages';
import type { Catalog } from './catalog';
import { NAMESPACES } from './namespaces';

/**
 * The ICU MessageFormat plugin (with intl-messageformat, ~11 kB gzipped), fetched beside the
 * page's code and catalog rather than with the app's first script.
 */
export async function loadIcu(): Promise<typeof ICU> {
  return (await import('i18next-icu')).default;
}

const SINGLE_FULL_STOP = 'singleFullStop';

/**
 * An i18next instance in `language` with the given catalogs (decision 027): ICU MessageFormat
 * messages ("{count, plural, one {# member} other {# members}}"), no fallback to another
 * language (a missing key is a defect the catalog test catches, not English in a Spanish page),
 * synchronous: the catalog is loaded before the first render, so the server's HTML and the
 * browser's first render agree.
 */
export function createI18n(language: Language, catalogs: Partial<Record<Language, Catalog>>, icu: typeof ICU): I18n {
  const instance = i18next.createInstance();
  // ICU formats dates and numbers as people in the US read them in that language (es-US, en-US).
  instance.use(new icu({ parseLngForICU: (lng) => LANGUAGE_LOCALES[lng as Language] ?? lng })).use(initReactI18next);
  // A sentence that ends on a Spanish time ("9:36 p.m.") or a name's abbreviation takes one full stop.
  instance.use({ type: 'postProcessor', name: SINGLE_FULL_STOP, process: (value: string) => singleFullStop(value) });
  void instance.init({
    lng: language,
    fallbackLng: false,
    supportedLngs: Object.keys(LANGUAGE_LOCALES),
    ns: [...NAMESPACES],
    defaultNS: 'common',
    resources: Object.fromEntries(Object.entries(catalogs).map(([lng, catalog]) => [lng, catalog])),
    initAsync: false,
    interpolation: { escapeValue: false },
    postProcess: [SINGLE_FULL_STOP],
    returnNull: false,
    returnEmptyString: false,
    react: { useSuspense: false },
  });
  return instance;
}

/** Adds a language's catalog to a running instance (before switching to it). */
export function addCatalog(instance: I18n, language: Language, catalog: Catalog): void {
  for (const [namespace, messages] of Object.entries(catalog)) instance.addResourceBundle(language, namespace, messages, true, true);
}
