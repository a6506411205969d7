// Every route of the web app, signed out and signed in, at 1280 px and at 360 px (a phone): its
// own document title, no sideways scroll, and no serious or critical axe violation. The route
// table (support/route-table.ts) must list every path of the router (csp.spec.ts checks it).
import type { Page } from '@playwright/test';
import { ROUTE_PATHS } from '../../src/web/route-paths';
import { expect, test } from './support/caucus-fixtures';
import { dismissTodoDialog, seriousA11yViolations } from './support/fixtures';
import { type Ids, makeIds, ROUTES, visit } from './support/route-table';

const APP_NAME = 'Graduated Unanimous Caucus';
const WIDTHS = [1280, 360] as const;

// Every route at each width with an axe scan: minutes on a 2-core machine, more when it is busy.
test.describe.configure({ timeout: 600_000 });

/** What is wrong with the page now: its title, sideways scroll, serious axe findings. */
async function problemsOf(page: Page, where: string): Promise<string[]> {
  const problems: string[] = [];
  const title = await page.title();
  if (!title.endsWith(` · ${APP_NAME}`) || title === APP_NAME) problems.push(`${where}: title "${title}" is not the page's own`);
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

async function checkEveryRoute(page: Page, ids: Ids, state: string, signedIn: boolean) {
  const problems: string[] = [];
  // /home opens the To-Do List once per browser session: close it on the first visit.
  let todoShown = !signedIn;
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 360 ? 740 : 900 });
    for (const route of ROUTE_PATHS) {
      await test.step(`${route} ${state} at ${width} px`, async () => {
        const closeTodo = async () => {
          await dismissTodoDialog(page);
          todoShown = true;
        };
        await visit(page, ROUTES[route](ids), route === '/home' && !todoShown ? closeTodo : undefined);
        problems.push(...(await problemsOf(page, `${route} (${state}, ${width} px)`)));
      });
    }
  }
  expect(problems, 'pages with problems').toEqual([]);
}

test('every route signed out: its own title, no sideways scroll at 360 px, no serious axe violation', async ({ page, db, createUser }) => {
  const owner = await createUser({ name: 'Rita Route' });
  const other = await createUser({ name: 'Omar Other' });
  await checkEveryRoute(page, await makeIds(db, owner, other), 'signed out', false);
});

test('every route signed in: its own title, no sideways scroll at 360 px, no serious axe violation', async ({ page, db, createUser, signIn }) => {
  const me = await createUser({ name: 'Sami Signedin' });
  const other = await createUser({ name: 'Olive Other' });
  await signIn(page, me);
  await checkEveryRoute(page, await makeIds(db, me, other), 'signed in', true);
});
