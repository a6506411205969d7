// A visitor follows a member's referral link, registers, confirms the email from the
// mailbox, logs out and in again; the member who referred them then has 1 Spark.
import {
  definitionOf,
  expect,
  expectNoSeriousA11yViolations,
  expectSignedInNavbar,
  expectSignedOutOnLanding,
  logInThroughForm,
  test,
  uniqueEmail,
} from './support/fixtures';

test('a referred visitor registers, confirms the email, logs out and in, and the referrer earns 1 Spark', async ({ page, createUser, mailbox }) => {
  test.slow(); // several accessibility scans (a few seconds each)
  const referrer = await createUser({ name: 'Rita Referrer' });
  const visitor = { name: 'Vera Visitor', email: uniqueEmail('referred'), password: 'a long enough password' };

  // The referral link opens the Register tab with the referral note.
  await page.goto(`/auth?ref=${referrer.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Join the Revolution' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Register' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('You were referred by a community member')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const form = page.getByRole('form', { name: 'Register' });
  await form.getByLabel('Name').fill(visitor.name);
  await form.getByLabel('Email').fill(visitor.email);
  await form.getByLabel('Password', { exact: true }).fill(visitor.password);
  await form.getByLabel('Confirm Password').fill(visitor.password);
  await form.getByLabel('Political Alignment').selectOption('Independent');
  const district = form.getByLabel('District');
  await expect(district).toBeDisabled();
  await form.getByLabel('State').selectOption({ label: 'California' });
  await expect(district).toBeEnabled();
  await district.selectOption('12');
  await form.getByRole('button', { name: 'Register' }).click();

  // The confirmation view.
  await expect(page.getByRole('heading', { level: 1, name: 'Registration submitted' })).toBeVisible();
  await expect(page.getByText('Check your inbox for a confirmation email')).toBeVisible();
  await expect(page.getByText('Your referrer will be awarded 1 Spark once you confirm your email!')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Not yet confirmed: the referrer has no Spark.
  const referrerRow = async () =>
    (await page.request.get(`/api/profiles/${referrer.id}`)).json() as Promise<{ sparks: number }>;
  expect((await referrerRow()).sparks).toBe(0);

  // The link of the confirmation mail signs the visitor in and lands on their profile.
  const mail = await mailbox.waitForMessage(visitor.email, { subject: 'Confirm your email' });
  await page.goto(mailbox.firstUrl(mail));
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
  await expect(definitionOf(page, 'Name')).toHaveText(visitor.name);
  await expect(definitionOf(page, 'Email')).toHaveText(visitor.email);
  await expect(definitionOf(page, 'State & District')).toContainText('California, District 12');
  await expect(definitionOf(page, 'Political Alignment')).toContainText('Independent');
  await expectSignedInNavbar(page);
  await expectNoSeriousA11yViolations(page);

  // Log Out lands on the landing page as a visitor.
  await page.getByRole('button', { name: 'Log Out' }).click();
  await expectSignedOutOnLanding(page);
  await expectNoSeriousA11yViolations(page);

  // Logging in through the form goes back to the profile.
  await page.goto('/auth');
  await expect(page.getByRole('tab', { name: 'Log In' })).toHaveAttribute('aria-selected', 'true');
  await expectNoSeriousA11yViolations(page);
  await logInThroughForm(page, visitor);
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
  await expect(definitionOf(page, 'Email')).toHaveText(visitor.email);

  // The referrer signs in and sees the Spark on their own profile.
  await page.getByRole('button', { name: 'Log Out' }).click();
  await expectSignedOutOnLanding(page);
  await page.goto('/auth');
  await logInThroughForm(page, referrer);
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
  await expect(definitionOf(page, 'Email')).toHaveText(referrer.email);
  await expect(definitionOf(page, 'Sparks')).toHaveText('1');
  await expectNoSeriousA11yViolations(page);
  const me = await page.request.get('/api/me');
  expect(me.status()).toBe(200);
  expect(await me.json()).toMatchObject({ email: referrer.email, sparks: 1 });
});
