// Issue 32 (helper E): a sensitive action asks "Confirm it's you" when the session's last proof
// is old, and an administrator without a second factor is shown the way to set one up instead
// of the tools.
import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';
import { eq } from 'drizzle-orm';
import { sessions } from '../../src/server/db/schema/auth';
import { apiTokens } from '../../src/server/db/schema/api-tokens';
import { expect, expectNoSeriousA11yViolations, test } from './support/fixtures';

test.describe.configure({ timeout: 90_000 });

/** What an authenticator app shows for the key the page gave in text. */
const codeFor = (key: string) => createOTP(base32.decode(key.replace(/\s+/g, '')), { digits: 6, period: 30 }).totp();

test('creating an API token on a stale session asks for the password, then creates it', async ({ page, db, createUser, signIn }) => {
  const member = await createUser({ name: 'Paz Proof' });
  await signIn(page, member);
  // The sign-in was an hour ago, as far as the proof is concerned.
  await db.update(sessions).set({ provenAt: new Date(Date.now() - 60 * 60_000) }).where(eq(sessions.userId, member.id));
  await page.goto('/profile');
  await page.getByLabel('Name', { exact: true }).fill('Later spreadsheet');

  // Escape cancels: nothing is created.
  await page.getByRole('button', { name: 'Create token' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm it’s you' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Your password')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  expect(await db.select().from(apiTokens).where(eq(apiTokens.userId, member.id))).toEqual([]);

  await page.getByRole('button', { name: 'Create token' }).click();
  await expect(dialog).toBeVisible();
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await expectNoSeriousA11yViolations(page);
  }
  // A wrong password is said in words, in the dialog.
  await dialog.getByLabel('Your password').fill('not-my-password');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog.getByText('That password is not right.')).toBeVisible();
  await dialog.getByLabel('Your password').fill(member.password);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('new-api-token')).toBeVisible();
  expect(await db.select().from(apiTokens).where(eq(apiTokens.userId, member.id))).toHaveLength(1);
});

test('an administrator without a second factor sees how to set one up, turns on two-step sign-in, then reaches the tools', async ({ page, createUser, signIn }) => {
  const admin = await createUser({ name: 'Ada Unfactored', isAdministrator: true, secondFactor: false });
  await signIn(page, admin);
  await page.goto('/admin/moderation');
  const gate = page.getByTestId('second-factor-required');
  await expect(gate.getByText('Turn on a second factor first')).toBeVisible();
  await expect(gate.getByRole('link', { name: 'Turn on two-step sign-in' })).toHaveAttribute('href', '/security#two-step');
  await page.setViewportSize({ width: 360, height: 800 });
  await expectNoSeriousA11yViolations(page);

  // The administrator follows the link and turns on two-step sign-in on /security, as a person would.
  await page.setViewportSize({ width: 1280, height: 800 });
  await gate.getByRole('link', { name: 'Turn on two-step sign-in' }).click();
  await expect(page).toHaveURL(/\/security#two-step$/);
  const card = page.locator('#two-step');
  await card.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
  await card.getByLabel('Password', { exact: true }).fill(admin.password);
  await card.getByRole('button', { name: 'Continue' }).click();
  const key = (await card.getByTestId('two-step-key').textContent())!;
  await card.getByLabel('Code from the app').fill(await codeFor(key));
  await card.getByRole('button', { name: 'Turn on', exact: true }).click();
  await expect(card.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
  await card.getByRole('button', { name: 'I saved them' }).click();

  await page.goto('/admin/moderation');
  await expect(page.getByRole('heading', { level: 1, name: 'Moderation' })).toBeVisible();
  await expect(gate).toHaveCount(0);
});
