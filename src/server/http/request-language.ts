import type { Context } from 'hono';
import { requestLanguage, requestTheme, type Language, type Theme } from '../../domain/i18n/languages';

/**
 * The language a request is answered in (issue 15): the one the visitor chose (the app's
 * cookie, which the app keeps equal to a signed-in user's saved language), else the browser's
 * Accept-Language, else English.
 */
export function languageOf(c: Context): Language {
  return requestLanguage(c.req.header('cookie'), c.req.header('accept-language'));
}

/** The theme a page is drawn in: the visitor's cookie, else "system" (prefers-color-scheme). */
export function themeOf(c: Context): Theme {
  return requestTheme(c.req.header('cookie'));
}

/** `<html lang="en">` of the built index.html with the visitor's language, theme and the app's time zone. */
export function withHtmlAttributes(html: string, attributes: { language: Language; theme: Theme; timeZone: string }): string {
  const escape = (value: string) => value.replace(/[^A-Za-z0-9_/+-]/g, '');
  return html.replace(
    /<html lang="[^"]*">/,
    `<html lang="${attributes.language}" data-theme="${attributes.theme}" data-time-zone="${escape(attributes.timeZone)}">`,
  );
}
