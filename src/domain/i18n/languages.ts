// The app's languages and themes (issue 15): which ones exist, how a visitor's first language is
// chosen from what the browser asks for, and the cookies that carry the choice to the server
// (which draws pages, answers errors and writes mail in it). Pure: used by web and server alike.

export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** Each language named in itself, as a language switcher shows it. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', es: 'Español' };

/**
 * The locale used for dates and numbers: United States English and United States Spanish
 * (es-US writes "5 de enero de 2026" and 1,234.5 as people in the US read them).
 */
export const LANGUAGE_LOCALES: Record<Language, string> = { en: 'en-US', es: 'es-US' };

/** The cookie that keeps the chosen language (readable by the page, which sets it). */
export const LANGUAGE_COOKIE = 'caucus_lang';

export const THEMES = ['system', 'light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];
export const DEFAULT_THEME: Theme = 'system';
/** The cookie that keeps the chosen theme, so the server draws the page in it (no flash). */
export const THEME_COOKIE = 'caucus_theme';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** A stored or sent value as one of our languages: itself when it is one, else the default. */
export function asLanguage(value: unknown): Language {
  return isLanguage(value) ? value : DEFAULT_LANGUAGE;
}

export function isTheme(value: unknown): value is Theme {
  return typeof value === 'string' && (THEMES as readonly string[]).includes(value);
}

/** The language a tag such as "es-MX" or "EN" belongs to, if we have it. */
export function languageOfTag(tag: string): Language | null {
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return isLanguage(primary) ? primary : null;
}

/**
 * The best of our languages for an Accept-Language header ("es-MX,es;q=0.9,en;q=0.8"), or
 * the default when it names none of them. Weights are honoured; a malformed part is skipped,
 * and q=0 means "not this one".
 */
export function negotiateLanguage(acceptLanguage: string | null | undefined): Language {
  if (!acceptLanguage) return DEFAULT_LANGUAGE;
  let best: { language: Language; q: number; index: number } | null = null;
  acceptLanguage
    .slice(0, 1000)
    .split(',')
    .forEach((part, index) => {
      const [tag = '', ...params] = part.split(';');
      const language = languageOfTag(tag);
      if (!language) return;
      const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const q = qParam ? Number(qParam.slice(2)) : 1;
      if (!Number.isFinite(q) || q <= 0 || q > 1) return;
      if (!best || q > best.q) best = { language, q, index };
    });
  return (best as { language: Language } | null)?.language ?? DEFAULT_LANGUAGE;
}

/** The first of `tags` (navigator.languages) that we have, or the default. */
export function firstKnownLanguage(tags: readonly string[]): Language {
  for (const tag of tags) {
    const language = languageOfTag(tag);
    if (language) return language;
  }
  return DEFAULT_LANGUAGE;
}

/** A cookie's value in a Cookie header, or null. */
export function cookieValue(cookieHeader: string | null | undefined, name: string): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

/** The language of a request: the cookie the app set when one was chosen, else what the browser asks for. */
export function requestLanguage(cookieHeader: string | null | undefined, acceptLanguage: string | null | undefined): Language {
  const chosen = cookieValue(cookieHeader, LANGUAGE_COOKIE);
  return isLanguage(chosen) ? chosen : negotiateLanguage(acceptLanguage);
}

/** The theme of a request: the cookie, else "system" (the page then follows prefers-color-scheme). */
export function requestTheme(cookieHeader: string | null | undefined): Theme {
  const chosen = cookieValue(cookieHeader, THEME_COOKIE);
  return isTheme(chosen) ? chosen : DEFAULT_THEME;
}
