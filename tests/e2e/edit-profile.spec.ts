// The owner edits every inline field of their profile; the values survive a reload.
import { TAGLINE_MAX } from '../../src/domain/profiles/limits';
import { definitionOf, expect, expectNoSeriousA11yViolations, test } from './support/fixtures';

test('the owner edits tagline, alignment (Other with text), location and bio, and every value persists', async ({ page, createUser, signIn }) => {
  test.slow(); // several accessibility scans (a few seconds each)
  const user = await createUser({ name: 'Edna Editor', politicalAlignment: 'Democrat', state: 'CA', district: 12, tagline: '', bio: '' });
  await signIn(page, user);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
  await expect(definitionOf(page, 'Tagline')).toContainText('No tagline set');
  await expect(definitionOf(page, 'Bio')).toContainText('No bio provided');
  await expect(definitionOf(page, 'State & District')).toContainText('California, District 12');
  await expectNoSeriousA11yViolations(page);

  // Tagline: the counter follows the text and the field stops at 180 characters.
  await page.getByRole('button', { name: 'Edit tagline' }).click();
  const tagline = page.getByLabel('Tagline');
  await expect(tagline).toBeFocused();
  await expect(page.getByText(`0/${TAGLINE_MAX}`)).toBeVisible();
  await tagline.fill('Ten voices');
  await expect(page.getByText(`10/${TAGLINE_MAX}`)).toBeVisible();
  await tagline.fill('x'.repeat(TAGLINE_MAX + 20));
  await expect(tagline).toHaveValue('x'.repeat(TAGLINE_MAX));
  await expect(page.getByText(`${TAGLINE_MAX}/${TAGLINE_MAX}`)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  const newTagline = 'Organising District 7, one neighbour at a time';
  await tagline.fill(newTagline);
  await expect(page.getByText(`${newTagline.length}/${TAGLINE_MAX}`)).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(definitionOf(page, 'Tagline')).toContainText(newTagline);
  await expect(page.getByRole('button', { name: 'Edit tagline' })).toBeFocused();

  // Political alignment: a listed one, then Other with its own words.
  await page.getByRole('button', { name: 'Edit political alignment' }).click();
  const alignment = page.getByLabel('Political Alignment');
  await expect(alignment).toHaveValue('Democrat');
  await alignment.selectOption('Libertarian');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(definitionOf(page, 'Political Alignment')).toHaveText(/Libertarian/);

  await page.getByRole('button', { name: 'Edit political alignment' }).click();
  await page.getByLabel('Political Alignment').selectOption('Other');
  const other = page.getByLabel('Describe your alignment');
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
  await other.fill('Civic Solarpunk');
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(definitionOf(page, 'Political Alignment')).toHaveText(/Civic Solarpunk/);

  // Location: the district list follows the state, and changing the state clears it.
  await page.getByRole('button', { name: 'Edit state & district' }).click();
  const state = page.getByLabel('State', { exact: true });
  const district = page.getByLabel('District', { exact: true });
  await expect(state).toHaveValue('CA');
  await expect(district).toHaveValue('12');
  await state.selectOption({ label: 'Texas' });
  await expect(district).toHaveValue('');
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
  await expect(district.getByRole('option')).toHaveCount(1 + 38); // the placeholder and Texas's 38 districts
  await district.selectOption('7');
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(definitionOf(page, 'State & District')).toContainText('Texas, District 7');

  // Bio, over several lines, with its 800-character counter.
  const bio = 'I grew up in Houston.\nI care about transit and libraries.';
  await page.getByRole('button', { name: 'Edit bio' }).click();
  await page.getByLabel('Bio').fill(bio);
  await expect(page.getByText(`${bio.length}/800`)).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(definitionOf(page, 'Bio').locator('p')).toHaveJSProperty('textContent', bio);

  // A reload reads everything back from the server.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
  await expect(definitionOf(page, 'Tagline')).toContainText(newTagline);
  await expect(page.getByText(newTagline).first()).toBeVisible();
  await expect(definitionOf(page, 'Political Alignment')).toHaveText(/Civic Solarpunk/);
  await expect(definitionOf(page, 'State & District')).toContainText('Texas, District 7');
  await expect(definitionOf(page, 'Bio').locator('p')).toHaveJSProperty('textContent', bio);
  await expectNoSeriousA11yViolations(page);

  // Editing Other again starts from the saved words.
  await page.getByRole('button', { name: 'Edit political alignment' }).click();
  await expect(page.getByLabel('Political Alignment')).toHaveValue('Other');
  await expect(page.getByLabel('Describe your alignment')).toHaveValue('Civic Solarpunk');
  await page.getByRole('button', { name: 'Cancel' }).click();

  const me = await page.request.get('/api/me');
  expect(await me.json()).toMatchObject({ tagline: newTagline, politicalAlignment: 'Civic Solarpunk', state: 'TX', district: 7, bio });
});

test('the server refuses a tagline longer than 180 characters', async ({ page, createUser, signIn, origin }) => {
  const user = await createUser({ tagline: 'Before' });
  await signIn(page, user);
  const tooLong = await page.request.patch('/api/me/tagline', { headers: { Origin: origin }, data: { tagline: 'y'.repeat(TAGLINE_MAX + 1) } });
  expect(tooLong.status()).toBe(400);
  expect(await tooLong.text()).toContain(`Tagline must be ${TAGLINE_MAX} characters or less`);
  const atLimit = await page.request.patch('/api/me/tagline', { headers: { Origin: origin }, data: { tagline: 'y'.repeat(TAGLINE_MAX) } });
  expect(atLimit.status()).toBe(200);

  await page.goto('/profile');
  await expect(definitionOf(page, 'Tagline')).toContainText('y'.repeat(TAGLINE_MAX));
});
