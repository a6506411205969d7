// Issue 32, decision 050: a member turns on two-step sign-in on /security (the key read from the
// page, codes computed here as an authenticator app would), signs out, and the next sign-in asks
// for the code; a recovery code works once and never again.
import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';
import type { Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, logInThroughForm, test } from './support/fixtures';

test.describe.configure({ timeout: 120_000 });

const codeFor = (key: string) => createOTP(base32.decode(key.replace(/\s+/g, '')), { digits: 6, period: 30 }).totp();

async function axeAt360And1280(page: Page) {
  await page.setViewportSize({ width: 360, height: 780 });
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await expectNoSeriousA11yViolations(page);
}

async function signOutThroughApi(page: Page) {
  await page.evaluate(() => fetch('/api/auth/sign-out', { method: 'POST', credentials: 'same-origin' }));
  await page.context().clearCookies({ name: /session_token/ });
}

test('turn on two-step sign-in, then sign in with a code and with a recovery code once', async ({ page, createUser, signIn }) => {
  const member = await createUser({ name: 'Tomas Twostep' });
  await signIn(page, member);
  await page.goto('/security');
  const card = page.locator('#two-step');
  await expect(card.getByRole('heading', { name: 'Two-step sign-in' })).toBeVisible();
  await card.getByRole('button', { name: 'Turn on two-step sign-in' }).click();

  // The password first; a wrong one is said clearly.
  await card.getByLabel('Password', { exact: true }).fill('not my password');
  await card.getByRole('button', { name: 'Continue' }).click();
  await expect(card.getByText('That password is not right.')).toBeVisible();
  await card.getByLabel('Password', { exact: true }).fill(member.password);
  await card.getByRole('button', { name: 'Continue' }).click();

  // The QR code and the key in text.
  await expect(card.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const key = (await card.getByTestId('two-step-key').textContent())!;
  expect(key).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/);
  await axeAt360And1280(page);

  await card.getByLabel('Code from the app').fill('000000');
  await card.getByRole('button', { name: 'Turn on', exact: true }).click();
  await expect(card.getByText(/That code is not right/)).toBeVisible();
  await card.getByLabel('Code from the app').fill(await codeFor(key));
  await card.getByRole('button', { name: 'Turn on', exact: true }).click();

  // Ten recovery codes, shown once.
  await expect(card.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
  const codes = (await card.getByTestId('recovery-codes').getByRole('listitem').allTextContents()).map((c) => c.trim());
  await card.getByRole('button', { name: 'I saved them' }).click();
  await expect(card.getByText('10 recovery codes left.')).toBeVisible();

  // Signed out, the next sign-in asks for the code.
  await signOutThroughApi(page);
  await page.goto('/auth');
  await logInThroughForm(page, member);
  await expect(page.getByRole('heading', { name: 'Two-step sign-in' })).toBeVisible();
  await axeAt360And1280(page);
  await page.getByLabel('Authenticator code').fill('000000');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText(/That code is not right/)).toBeVisible();
  await page.getByLabel('Authenticator code').fill(await codeFor(key));
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/profile$/);

  // A recovery code works once…
  const signInWithRecoveryCode = async (code: string) => {
    await signOutThroughApi(page);
    await page.goto('/auth');
    await logInThroughForm(page, member);
    await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await page.getByLabel('Recovery code').fill(code);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  };
  await signInWithRecoveryCode(codes[0]!);
  await expect(page).toHaveURL(/\/profile$/);

  // … and never again.
  await signInWithRecoveryCode(codes[0]!);
  await expect(page.getByText('That recovery code is not right, or it was already used.')).toBeVisible();
  await expect(page).toHaveURL(/\/auth/);
});
