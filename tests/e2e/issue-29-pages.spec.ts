// Issue 29, found by outside testers: a page that is not there answers 404 (crawlers and link
// checkers see it) while the browser still shows "Page Not Found"; the navbar's language switch
// is named by what it shows at every width (axe-core 4.14's Label in Name); /organizing is one
// keyboard step away from the navbar; a Delegate's name in a caucus's members card stays whole
// at 1280 px (the page's narrow sidebar) and at 360 px.
import type { Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import type { Language } from '../../src/domain/i18n/languages';
import { users } from '../../src/server/db/schema/auth';
import { caucusMembers, caucuses, votes } from '../../src/server/db/schema/caucuses';
import { addVotingMembers, createCaucusRow } from '../../src/server/test/caucus-factories';
import { words } from './support/catalogs';
import { expect, runTag, test } from './support/caucus-fixtures';
import { expectNoSeriousA11yViolations } from './support/fixtures';
import { press } from './support/keyboard';

const WIDTHS = [1280, 360] as const;

test.describe('a page that is not there', () => {
  // Ids no row has (fixed: a test's title must not change between the runner and its worker).
  for (const url of ['/no-such-page', '/the-movement/ZZ', '/caucus/7b3c0a71-1a34-4875-80e3-e65fb1ea1a8b', '/debate/1a807414-44d5-440f-b8f4-50367e242b31']) {
    test(`${url} answers 404 and the app shows it`, async ({ page }) => {
      const response = await page.goto(url);
      expect(response?.status()).toBe(404);
      // The app draws the page all the same: its own not-found ("Page Not Found", "Debate Not
      // Found" …), or, for a caucus and a visitor, its "log in to see it".
      await expect(page.getByRole('main').getByRole('heading').first()).toBeVisible();
    });
  }

  test('/no-such-page is "Page Not Found" with its way home', async ({ page }) => {
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: words('en', 'public:notFound.title') })).toBeVisible();
    await expect(page.getByRole('link', { name: words('en', 'public:notFound.goHome') })).toHaveAttribute('href', '/');
  });

  test('a page that is there answers 200', async ({ page }) => {
    expect((await page.goto('/the-movement/OH'))?.status()).toBe(200);
    expect((await page.goto('/badges'))?.status()).toBe(200);
  });
});

/** Shows the signed-out app in `language` (its cookie, as the switch sets it). */
async function speak(page: Page, language: Language) {
  await page.context().addCookies([{ name: 'caucus_lang', value: language, url: test.info().project.use.baseURL! }]);
}

test.describe('the language switch is named by what it shows', () => {
  for (const language of ['en', 'es'] as const) {
    const other = language === 'en' ? 'es' : 'en';
    const fullName = other === 'es' ? 'Español' : 'English';
    for (const width of WIDTHS) {
      test(`on a ${language} page at ${width} px`, async ({ page }) => {
        await page.setViewportSize({ width, height: 800 });
        await speak(page, language);
        await page.goto('/badges');
        const nav = page.getByRole('navigation', { name: words(language, 'common:nav.main') });
        await expect(nav).toBeVisible();
        // axe-core 4.14 rates a name that does not hold the text shown serious (label-content-name-mismatch).
        await expectNoSeriousA11yViolations(page);
        // What it shows begins its name (WCAG 2.5.3: say what you see).
        const shown = width === 1280 ? `${other.toUpperCase()} ${fullName}` : fullName;
        const button = nav.getByRole('button', { name: shown, exact: true });
        await expect(button).toBeVisible();
        await expect(button).toContainText(width === 1280 ? other.toUpperCase() : fullName);
      });
    }
  }
});

test.describe('Organizing is in the navbar of a signed-in person', () => {
  for (const language of ['en', 'es'] as const) {
    for (const width of WIDTHS) {
      test(`in ${language} at ${width} px, by keyboard`, async ({ page, createUser, signIn }) => {
        await page.setViewportSize({ width, height: 800 });
        const me = await createUser({ language });
        await signIn(page, me);
        // Any page of the app (not /home, where the To-Do List opens over it).
        await page.goto('/badges');
        const nav = page.getByRole('navigation', { name: words(language, 'common:nav.main') });
        let menu = nav;
        if (width === 1280) {
          await press(page, nav.getByRole('button', { name: words(language, 'common:nav.caucuses') }));
        } else {
          await press(page, nav.getByRole('button', { name: words(language, 'common:nav.openMenu') }));
          menu = page.getByRole('dialog');
        }
        const link = menu.getByRole('link', { name: words(language, 'common:nav.organizing'), exact: true });
        await expect(link).toBeVisible();
        await page.screenshot({ path: test.info().outputPath(`organizing-${language}-${width}.png`) });
        await press(page, link);
        await expect(page).toHaveURL(/\/organizing$/);
        await expect(page.getByRole('main').getByRole('heading', { level: 1, name: words(language, 'invitations:organizing.title') })).toBeVisible();
      });
    }
  }
});

test.describe("a Delegate's name in the members card", () => {
  for (const width of WIDTHS) {
    test(`stays whole at ${width} px`, async ({ page, db, createUser, signIn }) => {
      await page.setViewportSize({ width, height: 900 });
      const caucus = await createCaucusRow(db, { name: `Members Layout ${runTag()}`, state: 'CA', district: 12 });
      const [delegate, ...others] = await addVotingMembers(db, caucus, 3);
      const longName = `Maximiliana Featherstonehaugh ${runTag()}`;
      await db.update(users).set({ name: longName }).where(eq(users.id, delegate!.id));
      // The most a row carries: the Delegate pill, Voted, and the brownie.
      await db.update(caucuses).set({ electedDelegateId: delegate!.id }).where(eq(caucuses.id, caucus.id));
      for (const voter of [delegate!, ...others]) await db.insert(votes).values({ caucusId: caucus.id, voterId: voter.id, candidateId: delegate!.id });
      const viewer = await createUser({ state: 'CA', district: 12, verified: true });
      await db.insert(caucusMembers).values({ caucusId: caucus.id, userId: viewer.id, isVotingMember: true });
      await signIn(page, viewer);
      await page.goto(`/caucus/${caucus.id}`);
      const name = page.getByRole('button', { name: new RegExp(`^${longName}`) });
      await expect(name).toBeVisible();
      await name.scrollIntoViewIfNeeded();
      await page.screenshot({ path: test.info().outputPath(`members-${width}.png`), fullPage: true });
      await page.getByRole('main').locator('fieldset').screenshot({ path: test.info().outputPath(`ballot-${width}.png`) });
      await name.locator('xpath=ancestor::ul[1]').screenshot({ path: test.info().outputPath(`members-card-${width}.png`) });
      // Every word of the name on one line, wherever the page shows it (the members card, the
      // ballot, the record): a word broken across lines is what testers saw.
      const brokenWords = await page.getByRole('main').evaluate((main, word) => {
        const broken: string[] = [];
        const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const at = node.textContent!.indexOf(word);
          if (at < 0) continue;
          const range = document.createRange();
          range.setStart(node, at);
          range.setEnd(node, at + word.length);
          const lines = new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top)));
          if (lines.size > 1) broken.push(`${node.parentElement!.tagName.toLowerCase()}.${node.parentElement!.className}`);
        }
        return broken;
      }, 'Featherstonehaugh');
      expect(brokenWords).toEqual([]);
      const { scrollWidth, clientWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth }));
      expect(scrollWidth, 'no sideways scroll').toBeLessThanOrEqual(clientWidth);
      await expectNoSeriousA11yViolations(page);
    });
  }
});
