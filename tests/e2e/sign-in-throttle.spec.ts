// Issue 11: a password guessed wrong too many times on one account makes the form say, in
// words, how long to wait (the server's 429 with Retry-After); even the right one then waits.
import { expect, logInThroughForm, test } from './support/fixtures';

test('too many wrong passwords: the log-in form says how long to wait', async ({ page, createUser }) => {
  const user = await createUser({ name: 'Gus Guesser' });
  await page.goto('/auth');
  const form = page.getByRole('form', { name: 'Log in' });
  const alert = form.getByRole('alert');

  // The first 5 failures cost nothing (SIGN_IN_FREE_FAILURES, the default).
  for (let i = 1; i <= 5; i++) {
    await logInThroughForm(page, { email: user.email, password: `wrong guess ${i}` });
    await expect(form.getByRole('button', { name: 'Log In', exact: true })).toBeEnabled();
    await expect(alert).toHaveText(/invalid email or password/i);
  }

  await logInThroughForm(page, { email: user.email, password: 'wrong guess 6' });
  await expect(alert).toHaveText(/Too many attempts\. Please try again in (1 minute|\d+ seconds)\./);

  // The account waits whatever password is typed.
  await logInThroughForm(page, user);
  await expect(alert).toHaveText(/Too many attempts\. Please try again in (1 minute|\d+ seconds)\./);
  await expect(page).toHaveURL(/\/auth$/);
  expect((await page.request.get('/api/me')).status()).toBe(401);
});
