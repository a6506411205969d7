// The app's i18next instance (decision 027): a sentence that ends on a Spanish time ("9:36 p.m.")
// or any value ending on an abbreviation takes one full stop (issue 29: "Cifras al 26 nov 2026,
// 9:36 p.m.. Se vuelven…").
import ICU from 'i18next-icu';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { CATALOG as ENGLISH } from './catalog-en';
import { CATALOG as SPANISH } from './catalog-es';
import { makeFormat } from './format';
import { createI18n } from './i18n';

const i18n = { en: createI18n('en', { en: ENGLISH }, ICU), es: createI18n('es', { es: SPANISH }, ICU) };
const spanish = makeFormat('es-US', 'America/New_York');
const evening = '2026-11-27T02:36:00Z'; // 9:36 p.m. in New York

describe('a sentence ending on a date and time', () => {
  it('the movement’s figures say when they were counted with one full stop', () => {
    expect(i18n.es.t('movement:updatedAt', { time: spanish.dateTime(evening) })).toBe('Cifras al 26 nov 2026, 9:36 p.m. Se vuelven a contar cada minuto, más o menos.');
  });

  it('a suspension’s end, in the notice and in the moderators’ queue', () => {
    expect(i18n.es.t('common:suspension.notice', { until: spanish.dateTime(evening, 'long') })).toMatch(/^Tu cuenta está suspendida hasta el 26 de noviembre de 2026 a las 9:36 p\.m\. Todavía/);
    expect(i18n.es.t('moderation:queue.suspendedUntil', { date: spanish.dateTime(evening) })).toBe('El autor está suspendido hasta el 26 nov 2026, 9:36 p.m.');
  });

  type Node = { type: number; value?: string; options?: Record<string, { value: Node[] }>; children?: Node[] };
  /** Values for every argument of a message: a time ending on "p.m." for a plain one, 1 for a number or plural. */
  function values(message: string, locale: string): Record<string, string | number> {
    const out: Record<string, string | number> = {};
    const walk = (nodes: Node[]) => {
      for (const node of nodes) {
        if (node.value && node.type === 1) out[node.value] ??= '9:36 p.m.';
        if (node.value && [2, 6].includes(node.type)) out[node.value] = 1;
        if (node.value && node.type === 5) out[node.value] ??= 'other';
        if (node.options) for (const option of Object.values(node.options)) walk(option.value);
        if (node.children) walk(node.children);
      }
    };
    walk(new IntlMessageFormat(message, locale, undefined, { ignoreTag: false }).getAst() as Node[]);
    return out;
  }
  const flatten = (tree: Record<string, unknown>, prefix = ''): Array<[string, string]> =>
    Object.entries(tree).flatMap(([key, value]) => (typeof value === 'string' ? [[`${prefix}${key}`, value] as [string, string]] : flatten(value as Record<string, unknown>, `${prefix}${key}.`)));

  it.each([
    ['en', ENGLISH, 'en-US'],
    ['es', SPANISH, 'es-US'],
  ] as const)('no message of the %s catalog shows two full stops, whatever value ends its sentence', (language, catalog, locale) => {
    const doubled: string[] = [];
    for (const [namespace, tree] of Object.entries(catalog)) {
      for (const [key, message] of flatten(tree)) {
        const text = String(i18n[language].t(`${namespace}:${key}` as never, values(message, locale) as never));
        if (/(?<!\.)\.\.(?!\.)/.test(text)) doubled.push(`${namespace}:${key}: ${text}`);
      }
    }
    expect(doubled).toEqual([]);
  });
});
