// Issue 18: a new visitor goes from the map of the country to a state, to a district and its
// election tree, with the keyboard alone and on a phone; a voter of the district sees where they
// stand in it, in Spanish. The figures are the aggregates the app's job keeps; the test refreshes
// them itself after writing its caucuses, as the job would within a minute.
import { eq } from 'drizzle-orm';
import { caucusMembers, caucuses } from '../../src/server/db/schema/caucuses';
import { districtCount, stateName } from '../../src/domain/geography/states';
import { DEFAULT_APP_TIME_ZONE } from '../../src/domain/points/brownie-rules';
import { systemClock } from '../../src/server/clock';
import type { Db } from '../../src/server/db/client';
import { refreshMovementAggregates } from '../../src/server/features/movement/movement.service';
import { createCaucusRow } from '../../src/server/test/caucus-factories';
import { en, englishOn, es } from './support/catalogs';
import { checkA11y, expect, pickFreeDistrict, runTag, test } from './support/caucus-fixtures';
import type { TestUser } from './support/fixtures';
import { focused, tabTo } from './support/keyboard';

/** A district of its own: one finished level-1 election (its Delegate named for the run) and a level-2 caucus forming. */
async function districtWithAnElection(db: Db, createUser: (o: { name: string; state: string; district: number; language?: string }) => Promise<TestUser>) {
  const tag = runTag();
  const home = await pickFreeDistrict(db);
  const delegate = await createUser({ name: `Dana Delegate ${tag}`, state: home.state, district: home.district });
  await createCaucusRow(db, {
    name: `Finished Caucus ${tag}`,
    state: home.state,
    district: home.district,
    level: 1,
    votingStarted: true,
    votingFinalized: true,
    electionFinalized: true,
    electedDelegateId: delegate.id,
    finalizedAt: new Date(),
  });
  await createCaucusRow(db, { name: `Forming Caucus ${tag}`, state: home.state, district: home.district, level: 2 });
  await refreshMovementAggregates({ db, clock: systemClock, timeZone: DEFAULT_APP_TIME_ZONE });
  return { ...home, delegate, tag };
}

const districtTitle = (language: 'en' | 'es', state: string, district: number) => {
  const words = language === 'en' ? en : es;
  const name = districtCount(state) === 1 ? words('movement:atLarge') : words('movement:districtName', { district });
  return words('movement:districtView.title', { district: name, state: stateName(state) });
};

test('a visitor, by keyboard alone, goes from the map to a state, a district and its election tree', async ({ page, db, createUser }) => {
  test.setTimeout(120_000);
  const home = await districtWithAnElection(db, createUser);
  const name = stateName(home.state);
  const main = page.getByRole('main');

  await test.step('the map: every state a named link, its figures beside the map on focus', async () => {
    await page.goto('/the-movement');
    const map = main.getByRole('group', { name: en('movement:map.label') });
    await expect(map.getByRole('link')).toHaveCount(50);
    await expect(main.getByText(en('movement:map.legendTitle'))).toBeVisible();
    const stateLink = map.getByRole('link', { name: new RegExp(`^${name}: \\d+ of ${districtCount(home.state)} districts with a finished Level-1 election`) });
    await expect(stateLink).toHaveCount(1);
    // Alabama is the first state the keyboard reaches; the panel shows its figures.
    await tabTo(page, map.getByRole('link', { name: /^Alabama:/ }), { max: 40 });
    await expect(page.getByTestId('map-figures').getByRole('heading', { name: 'Alabama' })).toBeVisible();
    await tabTo(page, stateLink, { max: 60 });
    const panel = page.getByTestId('map-figures');
    await expect(panel.getByRole('heading', { name })).toBeVisible();
    await expect(panel).toContainText(/\d+ districts? with a caucus/);
    await checkA11y(page);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/the-movement/${home.state}$`));
  });

  await test.step('the state: a tile per district, the district of the run up to Level 1', async () => {
    await expect(main.getByRole('heading', { level: 1, name: en('movement:stateView.title', { name }) })).toBeVisible();
    const tiles = main.getByRole('list').filter({ has: page.getByRole('link', { name: /District 1\b|At-large district/ }) });
    await expect(tiles.getByRole('link')).toHaveCount(districtCount(home.state));
    const tile = main.getByRole('link', { name: new RegExp(`^${en('movement:districtName', { district: home.district })}\\s*${en('movement:stateView.status.finished', { level: 1 })}$`) });
    await expect(tile).toBeVisible();
    await checkA11y(page);
    await tabTo(page, tile, { max: 120 });
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/the-movement/${home.state}/${home.district}$`));
  });

  await test.step('the district: its tree, its Delegate, what is missing, its progress', async () => {
    await expect(main.getByRole('heading', { level: 1, name: districtTitle('en', home.state, home.district) })).toBeVisible();
    const levels = main.getByRole('list', { name: en('movement:tree.levelsLabel') });
    const level1 = levels.locator('[data-level="1"]');
    await expect(level1).toContainText(en('movement:tree.finishedOfNeeded', { finished: '1', needed: 10_000 }));
    await expect(level1).toContainText(en('movement:tree.missing', { count: 9_999 }));
    await expect(levels.locator('[data-level="2"]')).toContainText(en('movement:figures.caucuses', { count: 1 }));
    await expect(main.getByText(en('movement:districtView.noCandidate'))).toBeVisible();
    await expect(page.getByTestId('voters-behind')).toHaveText('10'); // one level-1 Delegate stands for 10 voters

    // The Delegates of level 1, behind a disclosure the keyboard opens, link to the profile.
    await tabTo(page, level1.getByText(en('movement:tree.delegates', { count: 1 })));
    await page.keyboard.press('Enter');
    const delegateLink = level1.getByRole('link', { name: home.delegate.name });
    await expect(delegateLink).toHaveAttribute('href', `/profile/${home.delegate.id}`);

    // Progress over time: two charts, each with its figures in words.
    await expect(main.getByRole('img', { name: en('movement:progress.joinsTitle') })).toBeVisible();
    await expect(main.getByRole('img', { name: en('movement:progress.electionsTitle') })).toBeVisible();
    await expect(main.getByText(/1 election finished in the last 52 weeks/)).toBeVisible();
    await checkA11y(page);

    // The way back up is a link too.
    await tabTo(page, main.getByRole('navigation', { name: en('movement:breadcrumbs.label') }).getByRole('link', { name }), { backwards: true, max: 60 });
    await expect(focused(page)).toHaveText(name);
  });
});

test.describe('on a phone, in Spanish', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, locale: 'es-US' });

  test('a tap shows a state’s figures and a second tap opens it; a voter sees where they stand in their district', async ({ page, db, createUser, signIn }) => {
    test.setTimeout(120_000);
    const home = await districtWithAnElection(db, createUser);
    const me = await createUser({ name: `Vera Votante ${home.tag}`, state: home.state, district: home.district, language: 'es' });
    const mine = await createCaucusRow(db, { name: `Mi Caucus ${home.tag}`, state: home.state, district: home.district, level: 1 });
    await db.insert(caucusMembers).values({ caucusId: mine.id, userId: me.id, isVotingMember: true });
    await signIn(page, me);
    const main = page.getByRole('main');
    const noOverflow = async () => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const noEnglish = async () => expect(await englishOn(page), `English on ${page.url()}`).toEqual([]);

    await page.goto('/the-movement');
    const map = main.getByRole('group', { name: es('movement:map.label') });
    const texas = map.getByRole('link', { name: /^Texas:/ });
    const panel = page.getByTestId('map-figures');
    await texas.tap();
    await expect(panel.getByRole('heading', { name: 'Texas' })).toBeVisible();
    await expect(page).toHaveURL(/\/the-movement$/);
    await noOverflow();
    await noEnglish();
    await checkA11y(page);
    await texas.tap();
    await expect(page).toHaveURL(/\/the-movement\/TX$/);
    await expect(main.getByRole('heading', { level: 1, name: es('movement:stateView.title', { name: 'Texas' }) })).toBeVisible();
    await noOverflow();

    // Back on the map, the same figures as a table, a row per state, each a link.
    await page.goBack();
    await main.getByRole('tab', { name: es('movement:map.viewTable') }).tap();
    const table = main.getByRole('table', { name: es('movement:table.caption') });
    await expect(table.getByRole('row')).toHaveCount(51);
    const stateLink = table.getByRole('rowheader', { name: stateName(home.state) }).getByRole('link');
    await expect(stateLink).toHaveAttribute('href', `/the-movement/${home.state}`);
    await noOverflow();

    // From the table to the state, and from its tile to the district.
    await stateLink.tap();
    await expect(main.getByRole('heading', { level: 1, name: es('movement:stateView.title', { name: stateName(home.state) }) })).toBeVisible();
    await noOverflow();
    await noEnglish();
    await main.getByRole('link', { name: new RegExp(`^${es('movement:districtName', { district: home.district })}\\s*${es('movement:stateView.status.finished', { level: 1 })}$`) }).tap();
    await expect(page).toHaveURL(new RegExp(`/the-movement/${home.state}/${home.district}$`));
    await expect(main.getByRole('heading', { level: 1, name: districtTitle('es', home.state, home.district) })).toBeVisible();
    const level1 = main.getByRole('list', { name: es('movement:tree.levelsLabel') }).locator('[data-level="1"]');
    await expect(level1).toContainText(es('movement:tree.youAreHere'));
    await expect(level1.getByRole('link', { name: mine.name })).toHaveAttribute('href', `/caucus/${mine.id}`);
    await expect(page.getByTestId('your-place')).toHaveText(es('movement:districtView.yourChain', { level: 1 }));
    await noOverflow();
    await noEnglish();
    await checkA11y(page);

    // Their caucus elects its Delegate, who now sits at Level 2 (in no caucus there yet): their
    // representation reaches Level 2, not the level of their own caucus (issue 29).
    const chosen = await createUser({ name: `Delia Delegada ${home.tag}`, state: home.state, district: home.district });
    await db.insert(caucusMembers).values({ caucusId: mine.id, userId: chosen.id, isVotingMember: true });
    await db.update(caucuses).set({ votingStarted: true, votingFinalized: true, electionFinalized: true, electedDelegateId: chosen.id, finalizedAt: new Date() }).where(eq(caucuses.id, mine.id));
    await page.reload();
    await expect(page.getByTestId('your-place')).toHaveText(es('movement:districtView.yourChain', { level: 2 }));
  });
});

test('an unknown state or district says so and leads back to the map', async ({ page }) => {
  for (const path of ['/the-movement/ZZ', '/the-movement/OH/99', '/the-movement/OH/abc']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: en('movement:notFound.title') })).toBeVisible();
    await page.getByRole('link', { name: en('movement:notFound.back') }).click();
    await expect(page).toHaveURL(/\/the-movement$/);
  }
});
