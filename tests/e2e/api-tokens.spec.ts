// Issue 17: the API reference renders with no outside network, and a member makes a read-only
// token in their profile, reads their caucus roster with it as a script would, and revokes it.
import { caucusMembers } from '../../src/server/db/schema/caucuses';
import { createCaucusRow } from '../../src/server/test/caucus-factories';
import { expect, expectNoSeriousA11yViolations, test } from './support/fixtures';

test.describe.configure({ timeout: 90_000 });

test('/api/docs draws the reference from the app alone', async ({ page, origin }) => {
  const outside: string[] = [];
  await page.route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (url.origin === origin) return route.continue();
    outside.push(url.href);
    return route.abort();
  });
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto('/api/docs');
  // The page parses a 1.7 MB script, then fetches and reads the whole document: slower than a page of the app.
  await expect(page.getByRole('heading', { name: /Caucus API/ })).toBeVisible({ timeout: 20_000 });
  // Features are listed folded; one opens from the keyboard and lists its operations by method and path.
  const feature = (name: string) => page.getByRole('heading', { name: new RegExp(`^${name}`) }).getByRole('button');
  await expect(page.getByRole('heading', { name: /^Caucuses/ })).toBeVisible();
  await feature('API tokens').focus();
  await page.keyboard.press('Enter');
  // Swagger UI puts zero-width spaces in long paths.
  const operation = (method: string, path: string) =>
    page.getByRole('button', { name: new RegExp(`^${method} ${path.replace(/[{}/.]/g, (c) => `\\${c}\u200b?`)} `) }).first();
  await expect(operation('POST', '/api/me/tokens')).toBeVisible();
  await operation('POST', '/api/me/tokens').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Responses' }).first()).toBeVisible();
  await feature('Caucuses').click();
  await expect(operation('GET', '/api/caucuses/{id}')).toBeVisible();
  expect(outside, 'requests that left the app').toEqual([]);
  expect(problems, 'errors in the console (CSP included)').toEqual([]);
});

test('a member creates a token, reads the roster with it, sees a write refused, and revokes it', async ({ page, db, createUser, signIn, request }) => {
  const member = await createUser({ name: 'Tia Tokens' });
  const neighbour = await createUser({ name: 'Ned Neighbour', state: member.state, district: member.district });
  const caucus = await createCaucusRow(db, { name: 'Roster Readers', state: member.state, district: member.district });
  await db.insert(caucusMembers).values([
    { caucusId: caucus.id, userId: member.id },
    { caucusId: caucus.id, userId: neighbour.id },
  ]);
  await signIn(page, member);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'API tokens' })).toBeVisible();
  await expect(page.getByText('You have no API tokens.')).toBeVisible();

  // The form explains itself when the name is missing.
  await page.getByRole('button', { name: 'Create token' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Please give the token a name.' })).toBeVisible();

  await page.getByLabel('Name', { exact: true }).fill('Roster spreadsheet');
  await page.getByRole('checkbox', { name: /My caucus members' public profiles/ }).check();
  await page.getByRole('button', { name: 'Create token' }).click();
  const shown = page.getByTestId('new-api-token');
  await expect(shown).toHaveText(/^cau_[A-Za-z0-9_-]{43}$/);
  const token = (await shown.textContent())!;
  await expectNoSeriousA11yViolations(page);

  // As a script: the roster, then a write that is refused.
  const roster = await request.get(`/api/caucuses/${caucus.id}`, { headers: { authorization: `Bearer ${token}` } });
  expect(roster.status()).toBe(200);
  const names = ((await roster.json()) as { members: Array<{ name: string }> }).members.map((m) => m.name).sort();
  expect(names).toEqual(['Ned Neighbour', 'Tia Tokens']);
  const write = await request.post(`/api/caucuses/${caucus.id}/leave`, { headers: { authorization: `Bearer ${token}` }, data: {} });
  expect(write.status()).toBe(403);
  expect(((await write.json()) as { error: { message: string } }).error.message).toBe('API tokens can only read. Sign in to the app to make changes.');

  // Shown once: after "I have copied it" only the name and last four characters remain.
  await page.getByRole('button', { name: 'I have copied it' }).click();
  await expect(page.getByTestId('new-api-token')).toHaveCount(0);
  await page.reload();
  const row = page.getByRole('list', { name: 'Your API tokens' }).getByRole('listitem');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Roster spreadsheet');
  await expect(row).toContainText(`…${token.slice(-4)}`);
  await expect(row).toContainText(/last used/);
  await expect(page.getByText(token)).toHaveCount(0);

  // Revoking asks first, then the token reads nothing.
  await row.getByRole('button', { name: 'Revoke Roster spreadsheet' }).click();
  const dialog = page.getByRole('dialog', { name: /Revoke “Roster spreadsheet”\?/ });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Revoke token' }).click();
  await expect(page.getByText('You have no API tokens.')).toBeVisible();
  const after = await request.get(`/api/caucuses/${caucus.id}`, { headers: { authorization: `Bearer ${token}` } });
  expect(after.status()).toBe(401);
});

test('the tokens card works at 360 px and in Spanish', async ({ page, createUser, signIn }) => {
  const member = await createUser({ name: 'Sol Pequeño', language: 'es' });
  await page.setViewportSize({ width: 360, height: 780 });
  await signIn(page, member);
  await page.goto('/profile');
  const heading = page.getByRole('heading', { name: 'Tokens de API' });
  await heading.scrollIntoViewIfNeeded();
  await expect(heading).toBeVisible();
  await expect(page.getByRole('button', { name: 'Crear token' })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoSeriousA11yViolations(page);
});
