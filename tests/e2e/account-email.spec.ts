// Issue 32, part 2 (decision 051): a member changes their email from /security, confirms it from
// the new address's mail, then the old address's "This wasn't me" puts it back and signs them out.
import { definitionOf, expect, expectNoSeriousA11yViolations, expectSignedOutNavbar, test, uniqueEmail } from './support/fixtures';

test.describe.configure({ timeout: 90_000 });

test('change the email → confirm from the new address → "This wasn\'t me" from the old one puts it back and signs out', async ({ page, createUser, signIn, mailbox }) => {
  test.slow(); // a few accessibility scans
  const member = await createUser({ name: 'Eli Mover' });
  const newEmail = uniqueEmail('moved');
  await signIn(page, member);

  await page.goto('/security');
  const card = page.getByRole('heading', { name: 'Email address' });
  await card.scrollIntoViewIfNeeded();
  await expect(page.getByTestId('current-email')).toHaveText(member.email);
  await page.getByLabel('New email address').fill(newEmail);
  await page.getByRole('button', { name: 'Change email', exact: true }).click();
  await expect(page.getByText('Check your new address')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Waiting for confirmation at' })).toContainText(newEmail);
  await expectNoSeriousA11yViolations(page);

  // The new address's link opens a page; opening it changes nothing, its button confirms.
  const confirmation = await mailbox.waitForMessage(newEmail, { subject: 'Confirm your new email address' });
  await page.goto(mailbox.firstUrl(confirmation));
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm your new email address' })).toBeVisible();
  expect(((await (await page.request.get('/api/me/email')).json()) as { email: string }).email).toBe(member.email);
  await page.getByRole('button', { name: 'Confirm new email' }).click();
  await expect(page.getByText(`your account's email address is now ${newEmail}`)).toBeVisible();

  await page.goto('/profile');
  await expect(definitionOf(page, 'Email')).toContainText(newEmail);

  // The old address's notice: "This wasn't me" puts it back and ends every session, this one too.
  const notice = await mailbox.waitForMessage(member.email, { subject: 'Your email address is being changed' });
  expect(notice.text).toContain(newEmail);
  await page.goto(mailbox.firstUrl(notice));
  await expect(page.getByRole('heading', { level: 1, name: "This wasn't me" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Put my address back and sign out everywhere' }).click();
  await expect(page.getByText(`Your address ${member.email} is back`)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Reset your password' })).toHaveAttribute('href', '/auth?reset=true');
  await expectSignedOutNavbar(page);
  expect(((await (await page.request.get('/api/session')).json()) as { user: unknown }).user).toBeNull();

  // The link works once.
  await page.reload();
  await page.getByRole('button', { name: 'Put my address back and sign out everywhere' }).click();
  await expect(page.getByRole('alert')).toContainText('This link is not valid, has expired or was already used.');

  // The old address signs in again.
  await signIn(page, member);
  await page.goto('/profile');
  await expect(definitionOf(page, 'Email')).toContainText(member.email);
});

test('the email card works at 360 px and in Spanish', async ({ page, createUser, signIn }) => {
  const member = await createUser({ name: 'Sol Pequeño', language: 'es' });
  await page.setViewportSize({ width: 360, height: 780 });
  await signIn(page, member);
  await page.goto('/security');
  const heading = page.getByRole('heading', { name: 'Dirección de correo electrónico' });
  await heading.scrollIntoViewIfNeeded();
  await expect(heading).toBeVisible();
  await page.getByLabel('Dirección de correo electrónico nueva').fill('no-es-una-direccion');
  await page.getByRole('button', { name: 'Cambiar el correo' }).click();
  await expect(page.getByText('Escribe una dirección de correo electrónico válida.')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoSeriousA11yViolations(page);
});
