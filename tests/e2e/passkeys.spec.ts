// Issue 32, part C (decision 049): a member adds a passkey on /security with Chromium's virtual
// authenticator (CDP WebAuthn), renames it, signs out, signs in with it from /auth, and removes it.
import type { CDPSession, Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, test } from './support/fixtures';

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

test('a member adds a passkey, renames it, signs in with it, and removes it', async ({ page, createUser, signIn }) => {
  const member = await createUser({ name: 'Pia Passkey' });
  await addVirtualAuthenticator(page);
  await signIn(page, member);
  await page.goto('/security');
  await expect(page.getByText('You have no passkeys yet.')).toBeVisible();

  // Add: the name is offered from this browser and system; the person may change it.
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  const name = page.getByLabel('Name', { exact: true });
  await expect(name).toHaveValue(/ on /);
  await name.fill('Test laptop');
  await page.getByRole('button', { name: 'Continue' }).click();
  const list = page.getByRole('list', { name: 'Your passkeys' });
  await expect(list.getByText('Test laptop')).toBeVisible();
  await expect(list.getByText(/never used/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize({ width: 360, height: 780 });
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize({ width: 1280, height: 800 });

  // Rename.
  await page.getByRole('button', { name: 'Rename Test laptop' }).click();
  const dialog = page.getByRole('dialog', { name: 'Rename “Test laptop”' });
  await dialog.getByLabel('Name', { exact: true }).fill('Work laptop');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(list.getByText('Work laptop')).toBeVisible();

  // Sign out, then sign in with the passkey alone: no password, no code.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Join the Revolution', includeHidden: true })).toBeAttached();
  await page.goto('/auth');
  const form = page.getByRole('form', { name: 'Log in' });
  await expect(form.getByLabel('Email')).toHaveAttribute('autocomplete', 'username webauthn');
  await form.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign Out', includeHidden: true })).toBeAttached();

  // Its use is recorded; remove it after a confirmation.
  await page.goto('/security');
  await expect(list.getByText(/last used/)).toBeVisible();
  await page.getByRole('button', { name: 'Remove Work laptop' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove “Work laptop”?' });
  await confirm.getByRole('button', { name: 'Remove passkey' }).click();
  await expect(page.getByText('You have no passkeys yet.')).toBeVisible();
});
