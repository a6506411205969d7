import { asLanguage, type Language } from '../../domain/i18n/languages';

/**
 * Messages written in English by the shared rules (zod schemas' field errors, the app's own
 * network and rate-limit texts), in the page's language (issue 15). The Spanish table is large
 * and only Spanish pages need it: it arrives with the Spanish catalog (catalog-es.ts registers it).
 */
const translators: Partial<Record<Language, (message: string) => string>> = {};

export function registerMessageTranslator(language: Language, translate: (message: string) => string): void {
  translators[language] = translate;
}

function pageLanguage(): Language {
  return asLanguage(typeof document === 'undefined' ? undefined : document.documentElement.lang);
}

/** `message` in `language` (default: the page's), when a translation is known. */
export function inPageLanguage(message: string, language: Language = pageLanguage()): string {
  return translators[language]?.(message) ?? message;
}
