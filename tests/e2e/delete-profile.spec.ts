// The owner deletes their profile: they must type 'delete', are signed out and cannot sign in again.
import { expect, expectNoSeriousA11yViolations, expectSignedOutOnLanding, logInThroughForm, test } from './support/fixtures';

test('deleting the profile needs "delete" typed, signs out to / and the account can no longer sign in', async ({ page, createUser, signIn, origin }) => {
  test.slow(); // several accessibility scans
  const user = await createUser({ name: 'Dana Departing' });
  await signIn(page, user);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();

  await page.getByRole('button', { name: 'Delete Profile' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Profile' });
  await expect(dialog).toBeVisible();
  const confirmation = dialog.getByLabel("Type 'delete' to confirm");
  await expect(confirmation).toBeVisible();
  const submit = dialog.getByRole('button', { name: 'Delete Profile' });
  await expect(submit).toHaveAttribute('aria-disabled', 'true');
  await expectNoSeriousA11yViolations(page);

  // Anything but 'delete' is refused with an explanation.
  await confirmation.fill('remove');
  // The button is only aria-disabled, so that a try still explains itself.
  await submit.click({ force: true });
  await expect(page.getByText('Confirmation Required')).toBeVisible();
  await expect(page.getByText("Please type 'delete' to confirm deletion.")).toBeVisible();
  await expect(dialog).toBeVisible();
  expect((await page.request.get('/api/me')).status()).toBe(200);

  // Any case of 'delete' is accepted.
  await confirmation.fill('DeLeTe');
  await expect(submit).toHaveAttribute('aria-disabled', 'false');
  await submit.click();
  await expect(page.getByText('Profile Deleted')).toBeVisible();
  await expectSignedOutOnLanding(page);
  await expectNoSeriousA11yViolations(page);

  // Signing in again fails, in the page and through the API.
  await page.goto('/auth');
  await logInThroughForm(page, user);
  await expect(page.getByRole('form', { name: 'Log in' }).getByRole('alert')).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
  await expectNoSeriousA11yViolations(page);
  const again = await page.request.post('/api/auth/sign-in/email', { headers: { Origin: origin }, data: { email: user.email, password: user.password } });
  expect(again.status()).not.toBe(200);

  // The public profile is gone.
  expect((await page.request.get(`/api/profiles/${user.id}`)).status()).toBe(404);
});
