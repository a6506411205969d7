// The house rules of DESIGN.md that a machine can check: file names, no barrels, no
// catch-all folders, and the import boundaries (enforced by eslint.config.js; proven here
// to fire on small virtual files, so a broken pattern cannot pass silently).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CHECKED_FOLDERS = ['src', 'scripts', 'tests'];

/** Tracked and untracked (not ignored) files, as repository-relative paths with `/`. */
function projectFiles(): string[] {
  const out = execFileSync('git', ['ls-files', '-co', '--exclude-standard', '-z', '--', ...CHECKED_FOLDERS], {
    cwd: root,
    encoding: 'utf8',
  });
  return out
    .split('\0')
    .filter(Boolean)
    .filter((f) => existsSync(path.join(root, f))); // tracked but deleted in the working tree
}

const KEBAB_SEGMENT = /^\.?[a-z0-9]+(?:-[a-z0-9]+)*(?:\.[a-z0-9]+(?:-[a-z0-9]+)*)*$/;
const GENERATED = [/^src\/server\/db\/migrations\//]; // drizzle-kit names these (0000_init.sql, meta/_journal.json)
const BARREL = /^index\.(?:[cm]?[jt]s|[jt]sx)$/;
const CATCH_ALL = new Set(['utils', 'util', 'helpers', 'helper']);

/** Every problem with one path's folder and file names (empty when the path is fine). */
function nameProblems(file: string): string[] {
  if (GENERATED.some((g) => g.test(file))) return [];
  const problems: string[] = [];
  const segments = file.split('/');
  for (const [i, segment] of segments.entries()) {
    const isFile = i === segments.length - 1;
    const what = isFile ? 'file' : 'folder';
    if (!KEBAB_SEGMENT.test(segment)) problems.push(`${file}: ${what} name "${segment}" is not kebab-case`);
    const stem = isFile ? segment.replace(/\..*$/, '') : segment;
    if (CATCH_ALL.has(stem.toLowerCase())) problems.push(`${file}: no "${stem}" catch-all ${what}; name it after what it does`);
    if (isFile && BARREL.test(segment)) problems.push(`${file}: no index barrel files; import the module itself`);
  }
  return problems;
}

describe('file and folder names', () => {
  it('the checker refuses what the house rules refuse', () => {
    expect(nameProblems('src/server/features/auth/auth.service.ts')).toEqual([]);
    expect(nameProblems('src/web/components/ui/dropdown-menu.tsx')).toEqual([]);
    expect(nameProblems('src/server/db/migrations/meta/_journal.json')).toEqual([]);
    expect(nameProblems('tests/e2e/smoke.spec.ts')).toEqual([]);
    expect(nameProblems('src/web/features/session/useSession.ts')).toHaveLength(1);
    expect(nameProblems('src/web/Features/session/use-session.ts')).toHaveLength(1);
    expect(nameProblems('src/server/features/auth/auth_service.ts')).toHaveLength(1);
    expect(nameProblems('src/server/features/auth/index.ts')).toHaveLength(1);
    expect(nameProblems('src/web/features/auth/index.tsx')).toHaveLength(1);
    expect(nameProblems('src/server/utils.ts')).toHaveLength(1);
    expect(nameProblems('src/web/helpers/format-date.ts')).toHaveLength(1);
    expect(nameProblems('src/server/db/schema/utils/columns.ts')).toHaveLength(1);
  });

  it('finds the project files (so the checks below are not vacuous)', () => {
    const files = projectFiles();
    expect(files).toContain('src/architecture.test.ts');
    expect(files.filter((f) => f.startsWith('src/server/')).length).toBeGreaterThan(10);
  });

  it('every file and folder under src, scripts and tests is kebab-case, with no barrels and no utils/helpers', () => {
    expect(projectFiles().flatMap(nameProblems)).toEqual([]);
  });
});

describe('import boundaries (eslint.config.js)', () => {
  let eslint: ESLint;
  beforeAll(() => {
    eslint = new ESLint({ cwd: root, overrideConfigFile: path.join(root, 'eslint.config.js') });
  });

  /** The `no-restricted-imports` messages ESLint gives `source` if it lived at `filePath`. */
  async function restrictedImports(filePath: string, source: string): Promise<string[]> {
    const [result] = await eslint.lintText(`import { thing } from '${source}';\nexport { thing };\n`, { filePath });
    expect(result, `${filePath} was not linted`).toBeDefined();
    const fatal = result!.messages.filter((m) => m.fatal || m.ruleId === null);
    expect(fatal, `${filePath} could not be linted`).toEqual([]);
    return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
  }

  const cases: Array<[file: string, source: string, allowed: boolean]> = [
    // src/domain: pure, shared
    ['src/domain/profiles/limits.ts', 'zod', true],
    ['src/domain/profiles/limits.ts', '../geography/states', true],
    ['src/domain/profiles/limits.ts', './alignment', true],
    ['src/domain/profiles/limits.ts', '../../server/db/client', false],
    ['src/domain/profiles/limits.ts', '../../web/api/http', false],
    ['src/domain/profiles/limits.ts', '../../../package.json', false],
    ['src/domain/limits.ts', '../server/app', false],
    ['src/domain/limits.ts', './profiles/limits', true],
    ['src/domain/a/b/c/deep.ts', '../../../../server/app', false],
    ['src/domain/a/b/c/deep.ts', '../../x', true],
    ['src/domain/profiles/limits.ts', 'hono', false],
    ['src/domain/profiles/limits.ts', 'drizzle-orm', false],
    ['src/domain/profiles/limits.ts', 'drizzle-orm/pg-core', false],
    ['src/domain/profiles/limits.ts', 'pg', false],
    ['src/domain/profiles/limits.ts', 'react', false],
    ['src/domain/profiles/limits.ts', 'react-dom/client', false],
    ['src/domain/profiles/limits.ts', 'better-auth', false],
    ['src/domain/profiles/limits.ts', 'node:fs', false],
    ['src/domain/profiles/limits.ts', 'fs', false],
    ['src/domain/profiles/limits.ts', 'path', false],
    ['src/domain/profiles/limits.ts', 'vitest', false],
    ['src/domain/profiles/limits.test.ts', 'vitest', true],
    ['src/domain/profiles/limits.test.ts', 'hono', false],
    ['src/domain/profiles/limits.test.ts', '../../server/test/factories', false],
    // src/web: never the server, never Node
    ['src/web/features/session/use-session.ts', '../../../domain/profiles/limits', true],
    ['src/web/features/session/use-session.ts', '../../api/http', true],
    ['src/web/features/session/use-session.ts', 'react', true],
    ['src/web/features/session/use-session.ts', '../../../server/db/client', false],
    ['src/web/main.tsx', '../server/app', false],
    ['src/web/features/session/use-session.ts', 'node:fs', false],
    ['src/web/features/session/use-session.ts', 'fs', false],
    ['src/web/features/session/use-session.ts', 'path', false],
    ['src/web/features/session/use-session.ts', 'fs/promises', false],
    // …but the server's page renderer runs in Node, and the browser app never imports it
    ['src/web/server-render.tsx', 'node:async_hooks', true],
    ['src/web/server-render.tsx', '../server/app', false],
    ['src/web/main.tsx', './server-render', false],
    // src/server: never the web app
    ['src/server/http/static-site.ts', '../../domain/profiles/limits', true],
    ['src/server/http/static-site.ts', '../db/client', true],
    ['src/server/http/static-site.ts', 'hono', true],
    ['src/server/http/static-site.ts', '../../web/api/http', false],
    ['src/server/app.ts', '../web/main', false],
    ['src/server/features/auth/auth.ts', '../../../web/api/http', false],
    // a feature reaches another feature only through its service
    ['src/server/features/auth/auth.ts', '../points/referral.service', true],
    ['src/server/features/auth/auth.ts', '../profiles/profiles.service', true],
    ['src/server/features/auth/auth.ts', './auth.routes', true],
    ['src/server/features/auth/auth.ts', '../../db/client', true],
    ['src/server/features/auth/auth.ts', '../../../domain/profiles/limits', true],
    ['src/server/features/auth/auth.ts', '../profiles/profiles.routes', false],
    ['src/server/features/auth/auth.ts', '../profiles/profile-internals', false],
    ['src/server/features/auth/auth.ts', '../profiles', false],
    ['src/server/features/auth/auth.ts', '../../features/profiles/profiles.routes', false],
    ['src/server/features/auth/auth.test.ts', '../profiles/profiles.routes', false],
    ['src/server/features/auth/auth.test.ts', '../../features/points/referral.service', true],
    ['src/server/features/auth/emails/confirm.ts', '../../profiles/profiles.routes', false],
    ['src/server/features/auth/emails/confirm.ts', '../../profiles/profiles.service', true],
    ['src/server/features/auth/emails/confirm.ts', '../auth', true],
  ];

  it.each(cases)('%s importing %s: allowed %s', async (file, source, allowed) => {
    const messages = await restrictedImports(file, source);
    if (allowed) expect(messages).toEqual([]);
    else expect(messages.length).toBeGreaterThan(0);
  });

  it('also catches re-exports and type-only imports', async () => {
    const [reexport] = await eslint.lintText(`export * from '../../server/app';\n`, { filePath: 'src/domain/profiles/x.ts' });
    expect(reexport!.messages.map((m) => m.ruleId)).toContain('no-restricted-imports');
    const [typeOnly] = await eslint.lintText(`import type { Db } from '../../../server/db/client';\nexport type X = Db;\n`, {
      filePath: 'src/web/features/session/x.ts',
    });
    expect(typeOnly!.messages.map((m) => m.ruleId)).toContain('no-restricted-imports');
  });
});

describe('no literal text in the UI (eslint.config.js, issue 15)', () => {
  let eslint: ESLint;
  beforeAll(() => {
    eslint = new ESLint({ cwd: root, overrideConfigFile: path.join(root, 'eslint.config.js') });
  });

  async function literalText(source: string): Promise<string[]> {
    const [result] = await eslint.lintText(source, { filePath: 'src/web/features/public/sample-page.tsx' });
    return result!.messages.filter((m) => m.ruleId === 'i18next/no-literal-string').map((m) => m.message);
  }

  it('refuses words in JSX and in the attributes people read or hear', async () => {
    expect(await literalText('export const Greeting = () => <p>Hello there</p>;\n')).toHaveLength(1);
    expect(await literalText('export const CloseButton = () => <button aria-label="Close" />;\n')).toHaveLength(1);
    expect(await literalText('export const NameField = () => <input placeholder="Your name" />;\n')).toHaveLength(1);
    expect(await literalText('export const Photo = () => <img alt="A photo" src="/a.png" />;\n')).toHaveLength(1);
  });

  it('accepts translated text, class names, punctuation and code', async () => {
    const source = [
      "import { useTranslation } from 'react-i18next';",
      'export function Sample() {',
      "  const { t } = useTranslation('public');",
      '  return <p className="text-sm" id="x" aria-label={t(\'notFound.title\')}>{t(\'notFound.title\')} · 3/10 —</p>;',
      '}',
      '',
    ].join('\n');
    expect(await literalText(source)).toEqual([]);
  });
});
