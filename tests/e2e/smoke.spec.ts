// The app is up, serves the single-page app, and the browser-test fixtures work against it.
import { expect, expectNoSeriousA11yViolations, test } from './support/fixtures';

test('the API answers its health check', async ({ request }) => {
  const res = await request.get('/api/health');
  expect(res.status()).toBe(200);
  expect(await res.json()).toEqual({ status: 'ok' });
});

test('/ serves the single-page app', async ({ request }) => {
  const res = await request.get('/');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('text/html');
  expect(await res.text()).toContain('<div id="root">');
});

test('a user made by the factories signs in through the API and the browser holds the session', async ({ page, createUser, signIn }) => {
  const user = await createUser({ name: 'Smoke Tester' });
  const before = await page.request.get('/api/me');
  expect(before.status()).toBe(401);
  await signIn(page, user);
  const me = await page.request.get('/api/me');
  expect(me.status()).toBe(200);
  expect(await me.json()).toMatchObject({ email: user.email, name: 'Smoke Tester' });
});

test('sign-up mails a confirmation link that the browser follows', async ({ page, request, mailbox, origin }) => {
  const email = `smoke-${Date.now()}@example.test`;
  const res = await request.post('/api/auth/sign-up/email', {
    headers: { Origin: origin },
    data: {
      email,
      password: 'a long password',
      name: 'New Voter',
      politicalAlignment: 'Independent',
      state: 'CA',
      district: 12,
      callbackURL: '/auth?confirmed=1',
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  const mail = await mailbox.waitForMessage(email);
  const link = mailbox.firstUrl(mail);
  expect(link).toContain('/api/auth/verify-email?token=');
  // The server confirms and redirects to the callback; the page there, now signed in, moves on
  // to /profile at once. Check each step where it is stable: the redirect itself, then the
  // page the browser settles on (asserting the passing /auth?confirmed=1 raced that move).
  const confirmed = await page.request.get(link, { maxRedirects: 0 });
  expect(confirmed.status()).toBe(302);
  const target = new URL(confirmed.headers()['location'] ?? '', origin);
  expect(`${target.pathname}${target.search}`).toBe('/auth?confirmed=1');
  await page.goto('/auth?confirmed=1');
  await expect(page).toHaveURL(/\/profile$/);
  const signIn = await page.request.post('/api/auth/sign-in/email', { headers: { Origin: origin }, data: { email, password: 'a long password' } });
  expect(signIn.status()).toBe(200);
});

test('the dev mailbox page has no serious accessibility problems', async ({ page }) => {
  await page.goto('/dev/mailbox');
  await expect(page.getByRole('heading', { name: 'Dev mailbox' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
