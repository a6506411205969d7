// Issue 32, A: a common password is refused at sign-up (under the field); a person on two
// devices gets a mail when the second signs in, sees both on /security, changes the password
// on one and the other is signed out; then signs out every other device.
import { expect, expectNoSeriousA11yViolations, test, uniqueEmail, type MailMessage } from './support/fixtures';

test.describe.configure({ timeout: 120_000 });

test('the Register form refuses a common password, under the password field', async ({ page }) => {
  await page.goto('/auth?tab=register');
  const form = page.getByRole('form', { name: 'Register' });
  await form.getByLabel('Name').fill('Cody Common');
  await form.getByLabel('Email').fill(uniqueEmail('common'));
  await form.getByLabel('Password', { exact: true }).fill('iloveyou123');
  await form.getByLabel('Confirm Password').fill('iloveyou123');
  await form.getByLabel('Political Alignment').selectOption('Independent');
  await form.getByLabel('State').selectOption({ label: 'California' });
  await form.getByLabel('District').selectOption('12');
  await form.getByRole('button', { name: 'Register' }).click();
  const password = form.getByLabel('Password', { exact: true });
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await expect(password).toHaveAccessibleDescription(/This password is too common or has appeared in data breaches\. Choose another\./);
  await expect(password).toBeFocused();
  await expect(page.getByRole('heading', { level: 1, name: 'Registration submitted' })).toHaveCount(0);
});

test('a new device is mailed about; changing the password on one device signs the other out; sign out all others', async ({ page, browser, createUser, signIn, mailbox }) => {
  const person = await createUser({ name: 'Dana Devices' });
  const newPassword = 'a sturdier passphrase for Dana';

  // The first device: remembered quietly. The second (another browser): a mail.
  await signIn(page, person);
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signIn(otherPage, person);
  const mail: MailMessage = await mailbox.waitForMessage(person.email, { subject: 'A new device signed in to your account' });
  expect(mail.text).toMatch(/Device: Chrome on (Windows|Linux|macOS)/);
  expect(mailbox.firstUrl(mail)).toMatch(/\/security$/);
  expect((await mailbox.messages(person.email)).filter((m) => m.subject.startsWith('A new device'))).toHaveLength(1);

  // /security lists both, this one marked; axe-clean wide and narrow.
  await page.goto('/security');
  const devices = page.getByRole('list', { name: 'Devices signed in to your account' });
  await expect(devices.getByRole('listitem')).toHaveCount(2);
  await expect(devices.getByRole('listitem').filter({ hasText: 'This device' })).toHaveCount(1);
  await expect(devices.getByText(/^Chrome on /).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize({ width: 360, height: 740 });
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize({ width: 1280, height: 800 });

  // A mismatch is caught on the page; a wrong current password by the server, under its field.
  const current = page.getByLabel('Current password');
  await current.fill('not my password');
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill(newPassword);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(current).toHaveAttribute('aria-invalid', 'true');
  await expect(current).toHaveAccessibleDescription('Your current password is not correct.');

  await current.fill(person.password);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password was changed')).toBeVisible();
  await expect(page.getByText('1 other device was signed out.')).toBeVisible();
  await expect(devices.getByRole('listitem')).toHaveCount(1);
  await mailbox.waitForMessage(person.email, { subject: 'Your password was changed' });

  // The other device is signed out: /security sends it to sign in.
  await otherPage.goto('/security');
  await expect(otherPage).toHaveURL(/\/auth/);
  expect(((await (await otherPage.request.get('/api/session')).json()) as { user: unknown }).user).toBeNull();

  // It signs in again with the new password; from the first, "Sign out all other devices", after asking.
  await signIn(otherPage, { email: person.email, password: newPassword });
  await page.reload();
  await expect(devices.getByRole('listitem')).toHaveCount(2);
  await page.getByRole('button', { name: 'Sign out all other devices' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign out all other devices?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Sign out the others' }).click();
  await expect(page.getByText('1 other device was signed out', { exact: true })).toBeVisible();
  await expect(devices.getByRole('listitem')).toHaveCount(1);
  await expect(page.getByText('You are not signed in on any other device.')).toBeVisible();
  expect(((await (await otherPage.request.get('/api/session')).json()) as { user: unknown }).user).toBeNull();
  await other.close();
});
