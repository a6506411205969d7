// Every route of the web app, signed out and signed in, in English and in Spanish, in the light
// and the dark theme, at 1280 px and at 360 px (a phone): its own document title in the page's
// language, no sideways scroll, and no serious or critical axe violation (contrast included).
// The four passes form a Latin square: each language is seen in both themes and at both widths,
// and each theme at both widths (en light and es dark at 360 px, es light and en dark at 1280 px),
// so every combination is scanned once without scanning every route sixteen times.
// The route table (support/route-table.ts) must list every path of the router (csp.spec.ts
// checks it; its type names every RoutePath).
import type { Page } from '@playwright/test';
import type { Language, Theme } from '../../src/domain/i18n/languages';
import { ROUTE_PATHS } from '../../src/domain/routing/route-paths';
import { expect, test } from './support/caucus-fixtures';
import { words } from './support/catalogs';
import { seriousA11yViolations } from './support/fixtures';
import { type Ids, makeIds, ROUTES, visit } from './support/route-table';

interface Pass {
  width: 1280 | 360;
  language: Language;
  theme: Exclude<Theme, 'system'>;
}
const PASSES: readonly Pass[] = [
  { width: 360, language: 'en', theme: 'light' },
  { width: 360, language: 'es', theme: 'dark' },
  { width: 1280, language: 'es', theme: 'light' },
  { width: 1280, language: 'en', theme: 'dark' },
];

// Every route (46 and growing) in four passes with an axe scan: minutes on a 2-core machine, more
// when it is busy (the signed-out walk took 14.9 minutes on a loaded one). A bound, not a speed test.
test.describe.configure({ timeout: 1_500_000 });

/** What is wrong with the page now: its language, its title, sideways scroll, serious axe findings. */
async function problemsOf(page: Page, where: string, pass: Pass): Promise<string[]> {
  const problems: string[] = [];
  const shown = await page.evaluate(() => ({ lang: document.documentElement.lang, theme: document.documentElement.dataset.theme }));
  if (shown.lang !== pass.language) problems.push(`${where}: <html lang="${shown.lang}">`);
  if (shown.theme !== pass.theme) problems.push(`${where}: <html data-theme="${shown.theme}">`);
  const appName = words(pass.language, 'common:appName');
  const ownTitle = (title: string) => title.endsWith(` · ${appName}`) && title !== appName;
  // A page the server drew (/, /auth …) shows its heading before the app has taken over and
  // named the document: wait for the name, then judge it.
  await expect.poll(() => page.title().then(ownTitle)).toBe(true).catch(() => undefined);
  const title = await page.title();
  if (!ownTitle(title)) problems.push(`${where}: title "${title}" is not the page's own`);
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  if (scrollWidth > clientWidth) {
    const wide = await page.evaluate((limit) => {
      const found: string[] = [];
      for (const el of Array.from(document.querySelectorAll('body *'))) {
        const r = el.getBoundingClientRect();
        if (r.right > limit + 1 && r.width > 0 && found.length < 3) found.push(`${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${String(el.className).split(' ').slice(0, 3).join('.')} (${Math.round(r.right)} px)`);
      }
      return found;
    }, clientWidth);
    problems.push(`${where}: scrolls sideways (${scrollWidth} px wide in ${clientWidth}): ${wide.join(', ')}`);
  }
  for (const v of await seriousA11yViolations(page)) {
    problems.push(`${where}: ${v.impact} ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`);
  }
  return problems;
}

/** Shows the app in the pass's language and theme: the person's saved choice when signed in, else the cookies. */
async function choose(page: Page, pass: Pass, signedIn: boolean) {
  if (signedIn) {
    const origin = new URL(test.info().project.use.baseURL!).origin;
    const res = await page.request.patch('/api/me/preferences', { data: { language: pass.language, theme: pass.theme }, headers: { origin } });
    expect(res.status(), await res.text()).toBe(200);
  } else {
    const url = new URL(page.url() === 'about:blank' ? test.info().project.use.baseURL! : page.url()).origin;
    await page.context().addCookies([
      { name: 'caucus_lang', value: pass.language, url },
      { name: 'caucus_theme', value: pass.theme, url },
    ]);
  }
}

async function checkEveryRoute(page: Page, ids: Ids, state: string, signedIn: boolean) {
  const problems: string[] = [];
  // /home opens the To-Do List once per browser session: close it on the first visit.
  let todoShown = !signedIn;
  for (const pass of PASSES) {
    await page.setViewportSize({ width: pass.width, height: pass.width === 360 ? 740 : 900 });
    await choose(page, pass, signedIn);
    for (const route of ROUTE_PATHS) {
      const where = `${route} (${state}, ${pass.language}, ${pass.theme}, ${pass.width} px)`;
      await test.step(where, async () => {
        const closeTodo = async () => {
          const dialog = page.getByRole('dialog', { name: words(pass.language, 'todo:dialog.title') });
          await expect(dialog).toBeVisible();
          await dialog.getByRole('button', { name: words(pass.language, 'todo:dialog.gotIt') }).click();
          await expect(dialog).toBeHidden();
          todoShown = true;
        };
        await visit(page, ROUTES[route](ids), route === '/home' && !todoShown ? closeTodo : undefined, pass.language);
        problems.push(...(await problemsOf(page, where, pass)));
      });
    }
  }
  expect(problems, 'pages with problems').toEqual([]);
}

test('every route signed out, in both languages and themes: its own title, no sideways scroll at 360 px, no serious axe violation', async ({ page, db, createUser }) => {
  const owner = await createUser({ name: 'Rita Route' });
  const other = await createUser({ name: 'Omar Other' });
  await checkEveryRoute(page, await makeIds(db, owner, other), 'signed out', false);
});

test('every route signed in, in both languages and themes: its own title, no sideways scroll at 360 px, no serious axe violation', async ({ page, db, createUser, signIn }) => {
  const me = await createUser({ name: 'Sami Signedin' });
  const other = await createUser({ name: 'Olive Other' });
  await signIn(page, me);
  await checkEveryRoute(page, await makeIds(db, me, other), 'signed in', true);
});
