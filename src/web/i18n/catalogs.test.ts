// The translation catalogs are complete (issue 15): both languages have every namespace and
// every key, each message is valid ICU MessageFormat, and a Spanish message uses exactly the
// placeholders and tags of its English one (a `{count}` lost in translation would show nothing).
import { describe, expect, it } from 'vitest';
import { IntlMessageFormat } from 'intl-messageformat';
import { BADGES } from '../../domain/badges/catalogue';
import { SPANISH_BADGE_NAMES, SPANISH_REWARD_WORDS } from '../../domain/i18n/catalogue-names-es';
import { REWARDS } from '../../domain/rewards/reward-catalogue';
import { NAMESPACES } from './namespaces';

type Tree = { [key: string]: string | Tree };
const load = (files: Record<string, Tree>) => Object.fromEntries(Object.entries(files).map(([file, tree]) => [/([^/]+)\.json$/.exec(file)![1]!, tree]));
const english = load(import.meta.glob<Tree>('../locales/en/*.json', { eager: true, import: 'default' }));
const spanish = load(import.meta.glob<Tree>('../locales/es/*.json', { eager: true, import: 'default' }));

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

type Node = { type: number; value?: string; options?: Record<string, { value: Node[] }>; children?: Node[] };
/** The argument names and tag names a message uses (ICU AST: 1–6 arguments, 8 tags). */
function parts(message: string, locale: string): string[] {
  const found = new Set<string>();
  const walk = (nodes: Node[]) => {
    for (const node of nodes) {
      if ([1, 2, 3, 4, 5, 6].includes(node.type) && node.value) found.add(`{${node.value}}`);
      if (node.type === 8 && node.value) found.add(`<${node.value}>`);
      if (node.options) for (const option of Object.values(node.options)) walk(option.value);
      if (node.children) walk(node.children);
    }
  };
  walk(new IntlMessageFormat(message, locale, undefined, { ignoreTag: false }).getAst() as Node[]);
  return [...found].sort();
}

describe('translation catalogs', () => {
  it('have every namespace in both languages, and no other', () => {
    expect(Object.keys(english).sort()).toEqual([...NAMESPACES].sort());
    expect(Object.keys(spanish).sort()).toEqual([...NAMESPACES].sort());
  });

  for (const namespace of NAMESPACES) {
    it(`${namespace}: the same keys in English and Spanish, valid ICU, the same placeholders`, () => {
      const en = flatten(english[namespace] ?? {});
      const es = flatten(spanish[namespace] ?? {});
      expect([...en.keys()].filter((k) => !es.has(k)), 'keys missing in Spanish').toEqual([]);
      expect([...es.keys()].filter((k) => !en.has(k)), 'keys missing in English').toEqual([]);
      const problems: string[] = [];
      for (const [key, message] of en) {
        const translated = es.get(key);
        if (translated === undefined) continue;
        try {
          const want = parts(message, 'en-US');
          const got = parts(translated, 'es-US');
          if (JSON.stringify(want) !== JSON.stringify(got)) problems.push(`${key}: English uses ${want.join(' ')}, Spanish ${got.join(' ')}`);
        } catch (error) {
          problems.push(`${key}: ${(error as Error).message}`);
        }
        if (!translated.trim()) problems.push(`${key}: empty in Spanish`);
      }
      expect(problems).toEqual([]);
    });
  }

  it('notices a key missing in one language and a lost placeholder', () => {
    const en = flatten({ a: { b: 'Hello {name}', c: 'x' } });
    const es = flatten({ a: { b: 'Hola' } });
    expect([...en.keys()].filter((k) => !es.has(k))).toEqual(['a.c']);
    expect(parts('Hello {name}', 'en-US')).not.toEqual(parts('Hola', 'es-US'));
    expect(parts('{count, plural, one {# <strong>x</strong>} other {#}}', 'en-US')).toEqual(['<strong>', '{count}']);
  });
});

describe('the catalogues’ Spanish names the server writes (notifications, certificates)', () => {
  const spanishBadges = (spanish.badges as { catalogue: Record<string, { name: string }> }).catalogue;
  const englishBadges = (english.badges as { catalogue: Record<string, { name: string }> }).catalogue;
  const spanishRewards = (spanish.rewards as { catalogue: Record<string, { title: string; prize: string }> }).catalogue;
  const englishRewards = (english.rewards as { catalogue: Record<string, { title: string; prize: string }> }).catalogue;

  it('name every badge of the catalogue as its page does', () => {
    for (const badge of BADGES) {
      const key = Object.keys(englishBadges).find((k) => englishBadges[k]!.name === badge.name);
      expect(key, `${badge.name} has a page name`).toBeDefined();
      expect(SPANISH_BADGE_NAMES[badge.name], badge.name).toBe(spanishBadges[key!]!.name);
    }
  });

  it('give every reward’s prize in Spanish as its page does', () => {
    for (const reward of REWARDS) {
      const key = Object.keys(englishRewards).find((k) => englishRewards[k]!.prize === reward.prize);
      expect(key, `${reward.prize} has a page text`).toBeDefined();
      expect(SPANISH_REWARD_WORDS[reward.prize], reward.prize).toBe(spanishRewards[key!]!.prize);
    }
  });
});
