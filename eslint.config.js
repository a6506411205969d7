// ESLint flat config. Besides typescript-eslint's recommended rules it enforces the import
// boundaries of DESIGN.md ("Rules of the house" 1) with `no-restricted-imports`:
//   - src/domain imports nothing of ours outside src/domain, and no package but zod and
//     ipaddr.js (parsing addresses, pure: decision 041);
//   - src/web never imports src/server, nor Node built-ins (but src/web/server-render.tsx,
//     the page renderer the server runs, may use Node; nothing in src/web imports it);
//   - src/server never imports src/web;
//   - a server feature uses another feature only through its `*.service.ts`.
// Relative paths do not say where they land unless we know how deep the importing file
// sits, so each rule is generated per folder depth (flat config replaces a rule's options
// rather than merging them: every block below carries the complete list for its files).
// src/architecture.test.ts proves these rules fire.
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import globals from 'globals';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';
import i18next from 'eslint-plugin-i18next';

const MAX_DEPTH = 8;
const SOURCE = '{ts,tsx,js,mjs,cjs,mts,cts}';

/** `../` exactly `n` times, as a regular expression. */
const up = (n) => (n === 0 ? '\\./' : `(?:\\.\\./){${n}}`);
/** A glob for files exactly `depth` folders below `base`. */
const atDepth = (base, depth, name = `*.${SOURCE}`) => `${base}/${'*/'.repeat(depth)}${name}`;

const nodeBuiltins = [...new Set(builtinModules.flatMap((m) => [m, m.split('/')[0]]))].filter((m) => !m.startsWith('_'));

/** src/domain: pure. `depth` = folders between src/domain and the file. */
function domainPatterns(depth, { allowVitest }) {
  const allowed = allowVitest ? 'zod|ipaddr\\.js|vitest' : 'zod|ipaddr\\.js';
  return [
    {
      regex: `^${up(depth + 1)}`,
      message: 'src/domain is pure and shared: it imports nothing of ours outside src/domain.',
    },
    {
      regex: `^(?!\\.\\.?/|(?:${allowed})(?:/|$))`,
      message: `src/domain is pure: no I/O, framework or Node packages (only ${allowed.replaceAll('\\', '').split('|').join(', ')}).`,
    },
  ];
}

/** src/web; `node`: the file runs on the server (src/web/server-render.tsx, decision 022). */
function webPatterns(depth, { node = false } = {}) {
  const noNode = [
    { regex: '^node:', message: 'src/web runs in the browser: no Node built-ins.' },
    {
      regex: `^(?:${nodeBuiltins.map((m) => m.replace(/[/]/g, '\\/')).join('|')})(?:/|$)`,
      message: 'src/web runs in the browser: no Node built-ins.',
    },
  ];
  return [
    {
      regex: '(?:^|/)server-render(?:\\.tsx)?$',
      message: 'server-render.tsx is the server\'s page renderer: the browser app never imports it.',
    },
    ...(node ? [] : noNode),
    {
      regex: `^${up(depth + 1)}server(?:/|$)`,
      message: 'src/web never imports src/server: share code through src/domain.',
    },
    {
      regex: '^\\.\\.?/(?:[^/]+/)*server(?:/|$)',
      message: 'src/web never imports src/server: share code through src/domain.',
    },
  ];
}

/** src/server. */
function serverPatterns(depth) {
  return [
    {
      regex: `^${up(depth + 1)}web(?:/|$)`,
      message: 'src/server never imports src/web.',
    },
  ];
}

/**
 * src/server/features/<feature>/...: `depth` = folders between the feature's folder and the
 * file. Another feature is reachable only through its service.
 */
function featurePatterns(depth) {
  const notService = '(?:$|/(?!(?:[^/]+/)*[^/]+\\.service(?:\\.ts)?$))';
  const message = "A feature uses another feature only through its service: import '../<feature>/<feature>.service'.";
  return [
    ...serverPatterns(depth + 2),
    { regex: `^${up(depth + 1)}(?!\\.\\.(?:/|$))[^/]+${notService}`, message },
    { regex: `^${up(depth + 2)}features/[^/]+${notService}`, message },
  ];
}

const restrict = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

const depths = [...Array(MAX_DEPTH + 1).keys()];

const boundaryBlocks = [
  ...depths.map((d) => ({
    name: `boundaries/domain/${d}`,
    files: [atDepth('src/domain', d)],
    rules: restrict(domainPatterns(d, { allowVitest: false })),
  })),
  ...depths.map((d) => ({
    name: `boundaries/domain-tests/${d}`,
    files: [atDepth('src/domain', d, `*.test.${SOURCE}`)],
    rules: restrict(domainPatterns(d, { allowVitest: true })),
  })),
  ...depths.map((d) => ({
    name: `boundaries/web/${d}`,
    files: [atDepth('src/web', d)],
    rules: restrict(webPatterns(d)),
  })),
  {
    name: 'boundaries/web/server-render',
    files: ['src/web/server-render.tsx'],
    rules: restrict(webPatterns(0, { node: true })),
  },
  ...depths.map((d) => ({
    name: `boundaries/server/${d}`,
    files: [atDepth('src/server', d)],
    rules: restrict(serverPatterns(d)),
  })),
  ...depths.map((d) => ({
    name: `boundaries/server-features/${d}`,
    files: [atDepth('src/server/features/*', d)],
    rules: restrict(featurePatterns(d)),
  })),
];

export default defineConfig(
  {
    name: 'ignores',
    ignores: [
      'dist/**',
      '**/node_modules/**',
      'data/**',
      'data-*/**',
      'data*/**',
      'src/server/db/migrations/**',
      'test-results/**',
      'playwright-report/**',
      'coverage/**',
      '.tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    name: 'project',
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    name: 'web',
    files: [`src/web/**/*.${SOURCE}`],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // Issue 15: what the UI shows goes through the translation calls (react-i18next's `t` and
    // <Trans>), so English and Spanish stay complete. Literal text in JSX, and literal values of
    // the attributes people read or hear (aria-label, title, placeholder, alt…), fail.
    name: 'web/no-literal-text',
    files: ['src/web/**/*.tsx'],
    ignores: ['src/web/**/*.test.tsx'],
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': [
        'error',
        {
          mode: 'jsx-only',
          'jsx-attributes': {
            include: ['aria-label', 'aria-description', 'aria-valuetext', 'aria-roledescription', 'title', 'placeholder', 'alt', 'label', 'description', 'heading', 'emptyText', 'confirmLabel', 'cancelLabel'],
          },
          words: { exclude: ['[0-9!-/:-@[-`{-~·—–…•×\\s]+', '[A-Z_-]+'] },
        },
      ],
    },
  },
  {
    name: 'commonjs',
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  ...boundaryBlocks,
);
