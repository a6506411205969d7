// Issue 32, part C (decision 049), with Chromium's virtual authenticator (CDP WebAuthn): a newcomer
// registers, adds a passkey on /security, signs out and signs in with it from the button on /auth;
// a member renames one, signs in with it from the email field's autofill, and removes it.
import type { CDPSession, Page, Route } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, test, uniqueEmail } from './support/fixtures';

test.describe.configure({ timeout: 90_000 });

/** A platform authenticator that holds discoverable credentials and checks its user (a phone's or laptop's). */
async function addVirtualAuthenticator(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  return cdp;
}

const signOutButton = (page: Page) => page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign Out', includeHidden: true });

/** Adds a passkey on /security under the given name. */
async function addPasskeyOnSecurityPage(page: Page, passkeyName: string): Promise<void> {
  await page.goto('/security');
  await expect(page.getByText('You have no passkeys yet.')).toBeVisible();
  // The name is offered from this browser and system; the person may change it.
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  const name = page.getByLabel('Name', { exact: true });
  await expect(name).toHaveValue(/ on /);
  await name.fill(passkeyName);
  await page.getByRole('button', { name: 'Continue' }).click();
  const list = page.getByRole('list', { name: 'Your passkeys' });
  await expect(list.getByText(passkeyName)).toBeVisible();
  await expect(list.getByText(/never used/)).toBeVisible();
}

async function signOutThroughNavbar(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Join the Revolution', includeHidden: true })).toBeAttached();
}

test('a newcomer registers, adds a passkey, signs out, and signs in with it from the button', async ({ page, mailbox }) => {
  test.slow(); // accessibility scans at two widths
  await addVirtualAuthenticator(page);
  const visitor = { name: 'Nina Newcomer', email: uniqueEmail('passkey-newcomer'), password: 'a long enough password' };

  // Register and confirm the email, as anyone joins.
  await page.goto('/auth?tab=register');
  const register = page.getByRole('form', { name: 'Register' });
  await register.getByLabel('Name').fill(visitor.name);
  await register.getByLabel('Email').fill(visitor.email);
  await register.getByLabel('Password', { exact: true }).fill(visitor.password);
  await register.getByLabel('Confirm Password').fill(visitor.password);
  await register.getByLabel('Political Alignment').selectOption('Independent');
  await register.getByLabel('State').selectOption({ label: 'California' });
  await register.getByLabel('District').selectOption('12');
  await register.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Registration submitted' })).toBeVisible();
  const mail = await mailbox.waitForMessage(visitor.email, { subject: 'Confirm your email' });
  await page.goto(mailbox.firstUrl(mail));
  await expect(page).toHaveURL(/\/profile$/);

  // From the profile's account card to /security, where the passkey is added.
  await page.getByRole('link', { name: 'Sign-in and security' }).click();
  await expect(page).toHaveURL(/\/security$/);
  await addPasskeyOnSecurityPage(page, 'My phone');
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize({ width: 360, height: 780 });
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize({ width: 1280, height: 800 });

  // Sign out, then sign in with the passkey alone: no email, no password, no code. The email
  // field's autofill request is held at the network, so the button's own ceremony is what signs in.
  await signOutThroughNavbar(page);
  const held: Route[] = [];
  let optionsAsked = 0;
  await page.route('**/api/auth/passkey/sign-in-options', async (route) => {
    optionsAsked += 1;
    if (optionsAsked === 1) held.push(route);
    else await route.continue();
  });
  await page.goto('/auth');
  const form = page.getByRole('form', { name: 'Log in' });
  await expect(form.getByLabel('Email')).toHaveAttribute('autocomplete', 'username webauthn');
  await expect.poll(() => optionsAsked).toBe(1);
  await form.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(signOutButton(page)).toBeAttached();
  expect(optionsAsked).toBe(2);
  // The autofill request, answered late, asks the browser nothing: the page stays signed in.
  await Promise.all(held.map((route) => route.continue().catch(() => undefined)));
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await page.goto('/security');
  await expect(page.getByRole('list', { name: 'Your passkeys' }).getByText(/last used/)).toBeVisible();
});

test('a member renames a passkey, signs in with it from the email field\'s autofill, and removes it', async ({ page, createUser, signIn }) => {
  const member = await createUser({ name: 'Pia Passkey' });
  await addVirtualAuthenticator(page);
  await signIn(page, member);
  await addPasskeyOnSecurityPage(page, 'Test laptop');
  const list = page.getByRole('list', { name: 'Your passkeys' });

  // Rename.
  await page.getByRole('button', { name: 'Rename Test laptop' }).click();
  const dialog = page.getByRole('dialog', { name: 'Rename “Test laptop”' });
  await dialog.getByLabel('Name', { exact: true }).fill('Work laptop');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(list.getByText('Work laptop')).toBeVisible();

  // Sign out; on /auth the browser offers the passkey in the email field's autofill, and the
  // virtual authenticator (user present and verified) picks it: signed in without a click.
  await signOutThroughNavbar(page);
  await page.goto('/auth');
  await expect(signOutButton(page)).toBeAttached();

  // Its use is recorded; remove it after a confirmation.
  await page.goto('/security');
  await expect(list.getByText(/last used/)).toBeVisible();
  await page.getByRole('button', { name: 'Remove Work laptop' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove “Work laptop”?' });
  await confirm.getByRole('button', { name: 'Remove passkey' }).click();
  await expect(page.getByText('You have no passkeys yet.')).toBeVisible();
});
