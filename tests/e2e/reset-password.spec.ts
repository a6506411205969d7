// A member who forgot their password resets it from the mailed link and logs in with the new one.
import { expect, expectNoSeriousA11yViolations, logInThroughForm, test } from './support/fixtures';

test('forgot password: the mailed link sets a new password; the new one logs in and the old one no longer does', async ({ page, createUser, mailbox }) => {
  test.slow(); // several accessibility scans (a few seconds each)
  const user = await createUser({ name: 'Fern Forgetful' });
  const newPassword = 'a brand new passphrase';

  await page.goto('/auth');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible();
  await page.getByRole('link', { name: 'Forgot your password?' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Reset Your Password' })).toBeFocused();
  await expectNoSeriousA11yViolations(page);
  const form = page.getByRole('form', { name: 'Reset Your Password' });
  await form.getByLabel('Email').fill(user.email);
  await form.getByRole('button', { name: 'Send Reset Link' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Reset Email Sent' })).toBeVisible();
  await expect(page.getByText('Check your inbox for a password reset link')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Login' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The mailed link leads to the new-password form.
  const mail = await mailbox.waitForMessage(user.email, { subject: 'Reset your password' });
  await page.goto(mailbox.firstUrl(mail));
  await expect(page).toHaveURL(/\/auth\?reset=true&token=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a New Password' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const newForm = page.getByRole('form', { name: 'Set a new password' });
  // A mismatch is caught first.
  await newForm.getByLabel('New Password', { exact: true }).fill(newPassword);
  await newForm.getByLabel('Confirm New Password').fill(`${newPassword}!`);
  await newForm.getByRole('button', { name: 'Update Password' }).click();
  await expect(newForm.getByText('Passwords do not match')).toBeVisible();
  await newForm.getByLabel('Confirm New Password').fill(newPassword);
  await newForm.getByRole('button', { name: 'Update Password' }).click();

  await expect(page.getByText('Password updated')).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible();

  // The old password no longer works.
  await logInThroughForm(page, user);
  await expect(page.getByRole('form', { name: 'Log in' }).getByRole('alert')).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
  expect((await page.request.get('/api/me')).status()).toBe(401);
  await expectNoSeriousA11yViolations(page);

  // The new one does.
  await logInThroughForm(page, { email: user.email, password: newPassword });
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The link works once.
  await page.goto(mailbox.firstUrl(mail));
  await expect(page.getByRole('heading', { level: 1, name: 'Reset Your Password' })).toBeVisible();
  await expect(page.getByText('This password reset link is invalid or has expired. Request a new one below.')).toBeVisible();
});
