import { translateMessage } from '../../domain/i18n/translate-message';
import { catalogFromFiles } from './catalog';
import { registerMessageTranslator } from './message-language';

/** Every Spanish namespace, in one chunk (loaded by loadCatalog). */
export const CATALOG = catalogFromFiles(import.meta.glob<Record<string, unknown>>('../locales/es/*.json', { eager: true, import: 'default' }));

// The shared rules' messages (field errors, refusals made in the browser) come with it.
registerMessageTranslator('es', (message) => translateMessage('es', message));
