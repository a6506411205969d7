// A person's language and theme (issue 15): switched from the navbar and the profile, kept with
// their account, and brought back on another device whatever that browser prefers.
import { expect, test } from './support/fixtures';
import { words } from './support/catalogs';

test('the navbar switches to Spanish, the profile to dark, and another device signs in to both', async ({ page, browser, baseURL, createUser, signIn }) => {
  const user = await createUser({ name: 'Paula Preferencias' });
  await signIn(page, user);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: words('en', 'profiles:page.ownTitle') })).toBeVisible();

  // The navbar names the other language in itself.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Español' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('heading', { level: 1, name: words('es', 'profiles:page.ownTitle') })).toBeVisible();

  // The profile's card keeps the theme; the page turns dark at once.
  const theme = page.getByLabel(words('es', 'common:preferences.theme')).first();
  await theme.selectOption('dark');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.getByLabel(words('es', 'common:preferences.language')).first()).toHaveValue('es');

  // A reload keeps both (the server draws the page in them).
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');

  // Another device, an English browser with a light screen: signing in brings back the person's choices.
  const other = await browser.newContext({ baseURL, locale: 'en-US', colorScheme: 'light' });
  try {
    const second = await other.newPage();
    await signIn(second, user);
    await second.goto('/profile');
    await expect(second.locator('html')).toHaveAttribute('lang', 'es');
    await expect(second.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(second.getByRole('heading', { level: 1, name: words('es', 'profiles:page.ownTitle') })).toBeVisible();
  } finally {
    await other.close();
  }
});
