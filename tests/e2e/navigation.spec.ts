// Getting around: protected pages and the post-login path, the mobile side sheet, the
// desktop dropdowns, the landing banner and the Page Not Found screen.
import {
  dismissTodoDialog,
  expect,
  expectNoSeriousA11yViolations,
  expectSignedInNavbar,
  expectSignedOutNavbar,
  expectSignedOutOnLanding,
  logInThroughForm,
  test,
} from './support/fixtures';

// Each accessibility scan takes a few seconds.
test.describe.configure({ timeout: 90_000 });

test.describe('protected pages', () => {
  test('an anonymous visit to /profile goes to /auth, and logging in returns to /profile', async ({ page, createUser }) => {
    const user = await createUser({ name: 'Percy Protected' });
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await logInThroughForm(page, user);
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
    await expectSignedInNavbar(page);
    await expectNoSeriousA11yViolations(page);
  });

  test('the saved post-login path wins over /profile: /home → /auth → /home, once', async ({ page, context, createUser }) => {
    const user = await createUser({ name: 'Hana Home' });
    await page.goto('/home');
    await expect(page).toHaveURL(/\/auth$/);
    await logInThroughForm(page, user);
    await expect(page).toHaveURL(/\/home$/);
    await dismissTodoDialog(page);
    await expect(page.getByText(`Welcome back, ${user.name}`)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Find Your Caucus' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // The path is used once: with the session gone, the next login goes to /profile.
    await context.clearCookies();
    await page.goto('/auth');
    await logInThroughForm(page, user);
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
  });
});

test.describe('signing out', () => {
  test('Sign Out in the navbar from a public page lands on / as a visitor', async ({ page, createUser, signIn }) => {
    const user = await createUser({ name: 'Otto Out' });
    await signIn(page, user);
    await page.goto('/the-movement');
    await expectSignedInNavbar(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign Out' }).click();
    await expectSignedOutNavbar(page);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: /Welcome to a better way/ })).toBeVisible();
    expect((await page.request.get('/api/me')).status()).toBe(401);
  });

  test('Sign Out in the navbar from a protected page lands on /', async ({ page, createUser, signIn }) => {
    const user = await createUser({ name: 'Polly Protected' });
    await signIn(page, user);
    await page.goto('/home');
    await dismissTodoDialog(page);
    await expectSignedInNavbar(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign Out' }).click();
    await expectSignedOutNavbar(page);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect((await page.request.get('/api/me')).status()).toBe(401);
    expect(new URL(page.url()).pathname).toBe('/');
    // Nor should the page left behind be remembered as where to go after the next login.
    expect(await page.evaluate(() => sessionStorage.getItem('caucus.postLoginPath'))).toBeNull();
  });
});

test.describe('mobile side sheet (375×740)', () => {
  test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

  test('a visitor opens the menu, sees its sections and follows a link; the sheet closes', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    // The desktop links are hidden below 768 px.
    await expect(nav.getByRole('button', { name: 'Stats' })).toBeHidden();
    await expectNoSeriousA11yViolations(page);

    await nav.getByRole('button', { name: 'Open menu' }).click();
    const sheet = page.getByRole('dialog', { name: 'Menu' });
    await expect(sheet).toBeVisible();
    for (const section of ['Navigation', 'Public', 'Account']) {
      await expect(sheet.getByRole('heading', { name: section, exact: true })).toBeVisible();
    }
    await expect(sheet.getByRole('link', { name: 'Home' })).toBeVisible();
    await expect(sheet.getByRole('link', { name: 'The Movement' })).toBeVisible();
    await expect(sheet.getByRole('link', { name: 'Join the Revolution' })).toBeVisible();
    await expect(sheet.getByRole('button', { name: 'Sign Out' })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);

    await sheet.getByRole('link', { name: 'Resources' }).click();
    await expect(page).toHaveURL(/\/resources$/);
    await expect(sheet).toBeHidden();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // Closing without choosing a link also works.
    await nav.getByRole('button', { name: 'Open menu' }).click();
    await expect(sheet).toBeVisible();
    await sheet.getByRole('button', { name: 'Close menu' }).click();
    await expect(sheet).toBeHidden();
    await expect(page).toHaveURL(/\/resources$/);
  });

  test('a signed-in member sees Profile and Sign Out in the Account section', async ({ page, createUser, signIn }) => {
    const user = await createUser({ name: 'Mo Mobile' });
    await signIn(page, user);
    await page.goto('/home');
    await dismissTodoDialog(page);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('button', { name: 'Open menu' }).click();
    const sheet = page.getByRole('dialog', { name: 'Menu' });
    for (const section of ['Navigation', 'Public', 'Account']) {
      await expect(sheet.getByRole('heading', { name: section, exact: true })).toBeVisible();
    }
    await expect(sheet.getByRole('link', { name: 'Caucus Search' })).toBeVisible();
    await expect(sheet.getByRole('button', { name: 'Sign Out' })).toBeVisible();
    await expect(sheet.getByRole('link', { name: 'Join the Revolution' })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);

    // Only Rewards is orange; the page you are on is marked, for the eye and for screen readers.
    const orange = 'rgb(194, 65, 12)';
    await expect(sheet.getByRole('link', { name: 'Rewards' })).toHaveCSS('background-color', orange);
    for (const name of ['Caucus Search', 'Friends', 'Debate', 'Resources', 'Profile']) {
      await expect(sheet.getByRole('link', { name, exact: true })).not.toHaveCSS('background-color', orange);
    }
    await expect(sheet.getByRole('link', { name: 'Home', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(sheet.getByRole('link', { name: 'Caucus Search' })).not.toHaveAttribute('aria-current', 'page');
    const current = await sheet.getByRole('link', { name: 'Home', exact: true }).evaluate((a) => getComputedStyle(a).borderLeftColor);
    const other = await sheet.getByRole('link', { name: 'Friends', exact: true }).evaluate((a) => getComputedStyle(a).borderLeftColor);
    expect(current).not.toBe(other);

    await sheet.getByRole('link', { name: 'Profile' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(sheet).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
    await nav.getByRole('button', { name: 'Open menu' }).click();
    await expect(sheet.getByRole('link', { name: 'Profile' })).toHaveAttribute('aria-current', 'page');
    await expect(sheet.getByRole('link', { name: 'Home', exact: true })).not.toHaveAttribute('aria-current', 'page');
    await sheet.getByRole('button', { name: 'Close menu' }).click();
    await expect(sheet).toBeHidden();

    await nav.getByRole('button', { name: 'Open menu' }).click();
    await sheet.getByRole('button', { name: 'Sign Out' }).click();
    await expect(sheet).toBeHidden();
    await expectSignedOutOnLanding(page);
  });
});

test('desktop at 1280 px: the brand and every item of the bar sit on one line', async ({ page, createUser, signIn }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, await createUser({ name: 'Wide Screen' }));
  await page.goto('/friends');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('button', { name: 'Sign Out' })).toBeVisible();
  // The lines the visible text of an item takes: the distinct tops of its words' boxes.
  const lines = (role: 'link' | 'button', name: string) =>
    nav.getByRole(role, { name, exact: true }).evaluate((el) => {
      const tops = new Set<number>();
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const r of range.getClientRects()) if (r.width > 0 && r.height > 0) tops.add(Math.round(r.top));
      }
      return tops.size;
    });
  expect(await lines('link', 'GU Caucus')).toBe(1);
  expect(await lines('button', 'Sign Out')).toBe(1);
  expect(await lines('link', 'Rewards')).toBe(1);
  expect(await lines('button', 'Connections')).toBe(1);
});

test('at every width from a tablet to a wide screen, nothing of the bar is cut off: the full bar or the menu button', async ({ page, createUser, signIn }) => {
  await signIn(page, await createUser({ name: 'Tablet Reader' }));
  await page.goto('/friends');
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const width of [768, 900, 1024, 1100, 1279, 1280, 1440]) {
    await page.setViewportSize({ width, height: 800 });
    const signOut = nav.getByRole('button', { name: 'Sign Out' });
    const menu = nav.getByRole('button', { name: 'Open menu' });
    // Exactly one of the two ways through the app is offered.
    await expect.poll(async () => (await signOut.isVisible()) !== (await menu.isVisible()), { message: `${width} px` }).toBe(true);
    const cut = await nav.evaluate((el) => {
      const limit = document.documentElement.clientWidth;
      return Array.from(el.querySelectorAll('a, button'))
        .filter((item) => item.getClientRects().length > 0 && !item.closest('[hidden]'))
        .filter((item) => item.getBoundingClientRect().right > limit + 0.5)
        .map((item) => item.textContent?.trim() || item.getAttribute('aria-label'));
    });
    expect(cut, `items cut off at ${width} px`).toEqual([]);
  }
});

test('desktop: the Stats dropdown leads to The Movement, by pointer and by keyboard', async ({ page }) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('button', { name: 'Open menu' })).toBeHidden();
  const stats = nav.getByRole('button', { name: 'Stats' });
  const menu = nav.getByRole('list', { name: 'Stats' });
  await expect(stats).toHaveAttribute('aria-expanded', 'false');
  await expect(menu).toBeHidden();

  // Keyboard: the arrow opens it on its first link, Escape closes it and gives the focus back.
  await stats.focus();
  await page.keyboard.press('ArrowDown');
  await expect(stats).toHaveAttribute('aria-expanded', 'true');
  await expect(menu.getByRole('link', { name: 'Leaderboards' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('link', { name: 'Badges' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(stats).toBeFocused();

  // A click elsewhere closes it.
  await stats.click();
  await expect(menu).toBeVisible();
  await page.getByRole('main').click({ position: { x: 5, y: 5 } });
  await expect(menu).toBeHidden();

  await stats.click();
  await expect(menu).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await menu.getByRole('link', { name: 'The Movement' }).click();
  await expect(page).toHaveURL(/\/the-movement$/);
  await expect(menu).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'The Movement' })).toBeVisible();
  await expect(page.getByText('Total members')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('the landing banner stays dismissed after a reload', async ({ page }) => {
  await page.goto('/');
  const banner = page.getByRole('region', { name: 'Offer' });
  await expect(banner).toBeVisible();
  await expect(banner).toContainText('$100 Hotel Savings Card');
  await expect(page.getByRole('link', { name: 'Join the Revolution' }).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await banner.getByRole('button', { name: 'Dismiss offer' }).click();
  await expect(banner).toBeHidden();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: /Welcome to a better way/ })).toBeVisible();
  await expect(banner).toBeHidden();
  await expectNoSeriousA11yViolations(page);
});

test('an unknown path shows Page Not Found, and Go Home leads to /', async ({ page }) => {
  await page.goto('/no-such-page/at-all');
  await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('link', { name: 'Go Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: /Welcome to a better way/ })).toBeVisible();
});

test('/welcome and /organizing are reached from the pages, not only by typing them', async ({ page, createUser, signIn }) => {
  await page.goto('/');
  await page.getByRole('main').getByRole('link', { name: 'How it works' }).click();
  await expect(page).toHaveURL(/\/welcome$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to the movement' })).toBeVisible();

  await signIn(page, await createUser({ name: 'Ora Organizer' }));
  await page.goto('/home');
  await dismissTodoDialog(page);
  await page.getByRole('main').getByRole('link', { name: 'How it works' }).click();
  await expect(page).toHaveURL(/\/welcome$/);
  await page.goto('/my-caucuses?tab=organizing');
  await page.getByRole('link', { name: 'Organizing Page' }).click();
  await expect(page).toHaveURL(/\/organizing$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Organizing' })).toBeVisible();
});
