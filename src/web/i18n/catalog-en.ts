import { catalogFromFiles } from './catalog';

/** Every English namespace, in one chunk (loaded by loadCatalog). */
export const CATALOG = catalogFromFiles(import.meta.glob<Record<string, unknown>>('../locales/en/*.json', { eager: true, import: 'default' }));
