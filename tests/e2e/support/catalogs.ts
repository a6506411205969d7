// The app's translation catalogs, read by the browser tests (issue 15): a test finds a
// Spanish page's buttons by the words the catalog gives them, and checks that no English is
// left on a page shown in Spanish.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { IntlMessageFormat } from 'intl-messageformat';
import { singleFullStop } from '../../../src/domain/i18n/full-stop';
import type { Language } from '../../../src/domain/i18n/languages';
import { SPANISH_MESSAGES } from '../../../src/domain/i18n/server-messages-es';

type Tree = { [key: string]: string | Tree };
const LOCALES = path.resolve(import.meta.dirname, '../../../src/web/locales');

function flatten(tree: Tree, prefix = '', out = new Map<string, string>()): Map<string, string> {
  for (const [key, value] of Object.entries(tree)) {
    const at = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(at, value);
    else flatten(value, at, out);
  }
  return out;
}

/** namespace:key → message, per language. */
const catalogs: Record<Language, Map<string, string>> = { en: new Map(), es: new Map() };
for (const language of ['en', 'es'] as const) {
  for (const file of readdirSync(path.join(LOCALES, language))) {
    const namespace = file.replace(/\.json$/, '');
    const tree = JSON.parse(readFileSync(path.join(LOCALES, language, file), 'utf8')) as Tree;
    for (const [key, message] of flatten(tree)) catalogs[language].set(`${namespace}:${key}`, message);
  }
}

const LOCALE: Record<Language, string> = { en: 'en-US', es: 'es-US' };

/** The words of `namespace:key` in `language`, with its values put in (ICU, and one full stop, as the app formats them). */
export function words(language: Language, key: string, values: Record<string, string | number> = {}): string {
  const message = catalogs[language].get(key);
  if (message === undefined) throw new Error(`no message ${key} in ${language}`);
  return singleFullStop(String(new IntlMessageFormat(message, LOCALE[language], undefined, { ignoreTag: true }).format(values)));
}

/** Shorthands for one language. */
export const es = (key: string, values?: Record<string, string | number>) => words('es', key, values);
export const en = (key: string, values?: Record<string, string | number>) => words('en', key, values);

type Node = { type: number; value?: string; options?: Record<string, { value: Node[] }>; children?: Node[] };
function literals(message: string): string[] {
  const found: string[] = [];
  const walk = (nodes: Node[]) => {
    for (const node of nodes) {
      if (node.type === 0 && node.value) found.push(node.value);
      if (node.options) for (const option of Object.values(node.options)) walk(option.value);
      if (node.children) walk(node.children);
    }
  };
  try {
    walk(new IntlMessageFormat(message, 'en-US', undefined, { ignoreTag: false }).getAst() as Node[]);
  } catch {
    found.push(message);
  }
  return found;
}

/**
 * Phrases that are English and only English: the literal parts of the English catalogs and of
 * the server's English messages, two words or more, that no Spanish message also contains.
 */
const englishPhrases: string[] = (() => {
  const spanishText = [...catalogs.es.values(), ...Object.values(SPANISH_MESSAGES)].join('\n').toLowerCase();
  const candidates = new Set<string>();
  for (const message of [...catalogs.en.values(), ...Object.keys(SPANISH_MESSAGES)]) {
    for (const part of literals(message)) {
      for (const piece of part.split(/[.:;!?()“”"]/)) {
        const phrase = piece.trim().replace(/\s+/g, ' ');
        if (phrase.split(' ').filter((w) => /[a-z]{2,}/i.test(w)).length >= 2 && phrase.length >= 8) candidates.add(phrase);
      }
    }
  }
  return [...candidates].filter((p) => !spanishText.includes(p.toLowerCase()));
})();

/**
 * The English phrases a page shows or says (its text, and the names, descriptions and
 * placeholders read aloud), as a Spanish-speaking visitor would meet them.
 */
export async function englishOn(page: import('@playwright/test').Page): Promise<string[]> {
  const said = await page.evaluate(() => {
    const parts = [document.title, document.body.innerText];
    for (const el of Array.from(document.querySelectorAll('[aria-label], [placeholder], [title], [alt], [aria-description]'))) {
      for (const attr of ['aria-label', 'placeholder', 'title', 'alt', 'aria-description']) {
        const value = el.getAttribute(attr);
        if (value) parts.push(value);
      }
    }
    return parts.join('\n');
  });
  const text = said.replace(/\s+/g, ' ');
  return englishPhrases.filter((phrase) => text.includes(phrase));
}
