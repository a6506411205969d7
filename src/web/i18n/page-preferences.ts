import type { i18n as I18n } from 'i18next';
import { firstKnownLanguage, isLanguage, isTheme, LANGUAGE_COOKIE, THEME_COOKIE, type Language, type Theme } from '../../domain/i18n/languages';
import { loadCatalog } from './catalog';
import { addCatalog } from './i18n';

const YEAR = 365 * 24 * 3600;

/** The page's language: the one the server drew it in (`<html lang>`), else the browser's. */
export function pageLanguage(): Language {
  const lang = document.documentElement.lang;
  return isLanguage(lang) ? lang : firstKnownLanguage(navigator.languages ?? [navigator.language]);
}

/** The page's theme, as the server wrote it (`<html data-theme>`). */
export function pageTheme(): Theme {
  const theme = document.documentElement.dataset.theme;
  return isTheme(theme) ? theme : 'system';
}

/** The app's time zone, as the server wrote it (`<html data-time-zone>`). */
export function pageTimeZone(): string {
  return document.documentElement.dataset.timeZone || 'UTC';
}

function keepCookie(name: string, value: string) {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${name}=${value}; Path=/; Max-Age=${YEAR}; SameSite=Lax${secure}`;
}

/**
 * Shows the app in `language` from now on: fetches its catalog if needed, redraws, sets
 * `<html lang>` (screen readers pronounce by it) and keeps the choice in a cookie so the server
 * answers, draws and writes in it.
 */
export async function showLanguage(i18n: I18n, language: Language): Promise<void> {
  if (!i18n.hasResourceBundle(language, 'common')) addCatalog(i18n, language, await loadCatalog(language));
  keepCookie(LANGUAGE_COOKIE, language);
  document.documentElement.lang = language;
  if (i18n.language !== language) await i18n.changeLanguage(language);
}

/** Shows the app in `theme` (styles.css reads `<html data-theme>`) and keeps the choice in a cookie. */
export function showTheme(theme: Theme): void {
  keepCookie(THEME_COOKIE, theme);
  document.documentElement.dataset.theme = theme;
}
