import type { Language } from '../../domain/i18n/languages';

/** One language's messages: namespace → nested keys → ICU MessageFormat strings. */
export type Catalog = Record<string, Record<string, unknown>>;

/** `{ '../locales/es/auth.json': {...} }` (import.meta.glob) as `{ auth: {...} }`. */
export function catalogFromFiles(files: Record<string, Record<string, unknown>>): Catalog {
  const catalog: Catalog = {};
  for (const [file, messages] of Object.entries(files)) {
    const namespace = /([^/]+)\.json$/.exec(file)?.[1];
    if (namespace) catalog[namespace] = messages;
  }
  return catalog;
}

/**
 * A language's catalog, fetched as one chunk of the build when first needed: a page downloads
 * only the language it shows (catalog-en.ts, catalog-es.ts).
 */
export async function loadCatalog(language: Language): Promise<Catalog> {
  return language === 'es' ? (await import('./catalog-es')).CATALOG : (await import('./catalog-en')).CATALOG;
}
