// The /auth page's forms, and the email-change links' buttons (decision 051), work without
// JavaScript and never put a secret in an address (issue 29, decision 035): the server draws the
// page, its forms post to the page itself, and the server answers with the next page or the form
// drawn again. The same holds for a form sent before the app's code has run (a slow phone,
// clicked early).
import type { Browser, BrowserContext, Page, Request } from '@playwright/test';
import { appAdopted, expect, test, uniqueEmail } from './support/fixtures';

/** A browser context with JavaScript off, as a visitor with it disabled. */
async function withoutJavaScript<T>(browser: Browser, baseURL: string | undefined, use: (page: Page, context: BrowserContext) => Promise<T>): Promise<T> {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  try {
    return await use(await context.newPage(), context);
  } finally {
    await context.close();
  }
}

/** Every page load (address and method) of `page` from now on. */
function watchNavigations(page: Page): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) seen.push(request);
  });
  return seen;
}

/** Fails when any address the page loaded (or the one it shows) holds one of `secrets`. */
function expectNoSecretInAddresses(page: Page, loads: Request[], secrets: string[]) {
  const addresses = [...loads.map((r) => r.url()), page.url()];
  for (const secret of secrets) {
    for (const address of addresses) {
      expect(address, 'an address the browser loaded').not.toContain(secret);
      expect(address).not.toContain(encodeURIComponent(secret));
      expect(address).not.toContain(new URLSearchParams({ s: secret }).toString().slice(2));
    }
  }
}

/**
 * Waits until the app has adopted the server's page: before that the Register form shows the
 * Other alignment's text field (the lists cannot follow each other yet); after, only for Other.
 */
async function adopted(page: Page) {
  await expect(page.getByLabel('Describe your political alignment')).toHaveCount(0);
}

/**
 * Holds back the app's code on the page's next load: the page is the server's HTML alone, as on a
 * slow phone. After `letThrough()` (the load was held) the next page, the one answering a form,
 * gets its code; `release()` ends the held requests.
 */
async function holdAppCode(page: Page) {
  let holding = true;
  const held: Array<() => Promise<void>> = [];
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    if (holding) held.push(() => route.abort().catch(() => undefined));
    else await route.continue();
  });
  return {
    letThrough() {
      expect(held.length, 'the first load asked for the app’s code').toBeGreaterThan(0);
      holding = false;
    },
    async release() {
      for (const end of held) await end();
    },
  };
}

/** The form submissions among `loads`: each must be a POST to the page's own address. */
function formPosts(loads: Request[]) {
  return loads.filter((r) => r.method() !== 'GET').map((r) => ({ method: r.method(), path: new URL(r.url()).pathname }));
}

test('without JavaScript: a wrong password is refused in the spec’s words, the right one signs in to /profile, both by POST', async ({ browser, baseURL, createUser }) => {
  const user = await createUser({ name: 'Nadia Noscript' });
  await withoutJavaScript(browser, baseURL, async (page, context) => {
    const loads = watchNavigations(page);
    await page.goto('/auth');
    const form = page.getByRole('form', { name: 'Log in' });
    await form.getByLabel('Email').fill(user.email);
    await form.getByLabel('Password', { exact: true }).fill('a wrong guess 2468');
    await form.getByRole('button', { name: 'Log In', exact: true }).click();

    await expect(page.getByRole('form', { name: 'Log in' }).getByRole('alert')).toHaveText('Invalid email or password');
    await expect(page).toHaveURL(/\/auth$/);
    // The email is kept, the password is not sent back.
    await expect(page.getByRole('form', { name: 'Log in' }).getByLabel('Email')).toHaveValue(user.email);
    await expect(page.getByRole('form', { name: 'Log in' }).getByLabel('Password', { exact: true })).toHaveValue('');
    expect(await page.content()).not.toContain('a wrong guess 2468');

    await page.getByRole('form', { name: 'Log in' }).getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('form', { name: 'Log in' }).getByRole('button', { name: 'Log In', exact: true }).click();
    await expect(page).toHaveURL(/\/profile$/);

    expect(formPosts(loads)).toEqual([
      { method: 'POST', path: '/auth' },
      { method: 'POST', path: '/auth' },
    ]);
    expectNoSecretInAddresses(page, loads, [user.password, 'a wrong guess 2468']);
    const session = (await (await context.request.get('/api/session')).json()) as { user: { email: string } | null };
    expect(session.user?.email).toBe(user.email);
  });
});

test('without JavaScript: register from the Create an account link, a mismatch first, then the confirmation mail', async ({ browser, baseURL, mailbox }) => {
  const email = uniqueEmail('noscript-register');
  const password = 'registering without scripts';
  await withoutJavaScript(browser, baseURL, async (page) => {
    const loads = watchNavigations(page);
    await page.goto('/auth');
    await page.getByRole('link', { name: 'Create an account' }).click();
    await expect(page).toHaveURL(/\/auth\?tab=register$/);

    const fill = async (confirm: string) => {
      const form = page.getByRole('form', { name: 'Register' });
      await form.getByLabel('Name').fill('Rex Register');
      await form.getByLabel('Email').fill(email);
      await form.getByLabel('Password', { exact: true }).fill(password);
      await form.getByLabel('Confirm Password').fill(confirm);
      await form.getByLabel('Political Alignment', { exact: true }).selectOption('Independent');
      await form.getByLabel('State').selectOption('CA');
      // Without the page's code the district list cannot follow the state: every number is offered.
      await form.getByLabel('District').selectOption('12');
      await form.getByRole('button', { name: 'Register', exact: true }).click();
    };
    await fill(`${password}!`);
    const form = page.getByRole('form', { name: 'Register' });
    await expect(form.getByText('Passwords do not match')).toBeVisible();
    await expect(form.getByLabel('Name')).toHaveValue('Rex Register');
    await expect(form.getByLabel('Password', { exact: true })).toHaveValue('');

    await fill(password);
    await expect(page.getByRole('heading', { level: 1, name: 'Registration submitted' })).toBeVisible();
    await expect(page.getByText('Check your inbox for a confirmation email')).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    await mailbox.waitForMessage(email);

    // Continue to Login works without the page's code too.
    await page.getByRole('link', { name: 'Continue to Login' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible();

    expect(formPosts(loads)).toEqual([
      { method: 'POST', path: '/auth' },
      { method: 'POST', path: '/auth' },
    ]);
    expectNoSecretInAddresses(page, loads, [password, `${password}!`]);
  });
});

test('without JavaScript: forgot password, then a new password from the mailed link, then sign in with it', async ({ browser, baseURL, createUser, mailbox }) => {
  const user = await createUser({ name: 'Fiona Forgot' });
  const newPassword = 'a scriptless new passphrase';
  await withoutJavaScript(browser, baseURL, async (page) => {
    const loads = watchNavigations(page);
    await page.goto('/auth');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Reset Your Password' })).toBeVisible();
    const forgot = page.getByRole('form', { name: 'Reset Your Password' });
    await forgot.getByLabel('Email').fill(user.email);
    await forgot.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Reset Email Sent' })).toBeVisible();
    await expect(page.getByText('Check your inbox for a password reset link')).toBeVisible();

    const mail = await mailbox.waitForMessage(user.email, { subject: 'Reset your password' });
    await page.goto(mailbox.firstUrl(mail));
    await expect(page).toHaveURL(/\/auth\?reset=true&token=/);
    const token = new URL(page.url()).searchParams.get('token')!;
    const setNew = async (confirm: string) => {
      const form = page.getByRole('form', { name: 'Set a new password' });
      await form.getByLabel('New Password', { exact: true }).fill(newPassword);
      await form.getByLabel('Confirm New Password').fill(confirm);
      await form.getByRole('button', { name: 'Update Password' }).click();
    };
    await setNew(`${newPassword}?`);
    await expect(page.getByRole('form', { name: 'Set a new password' }).getByText('Passwords do not match')).toBeVisible();
    await setNew(newPassword);

    await expect(page).toHaveURL(/\/auth\?password-updated=1$/);
    await expect(page.getByText('Password updated. You can now log in with your new password.')).toBeVisible();
    const login = page.getByRole('form', { name: 'Log in' });
    await login.getByLabel('Email').fill(user.email);
    await login.getByLabel('Password', { exact: true }).fill(newPassword);
    await login.getByRole('button', { name: 'Log In', exact: true }).click();
    await expect(page).toHaveURL(/\/profile$/);

    const posts = formPosts(loads);
    expect(posts.map((p) => p.method)).toEqual(['POST', 'POST', 'POST', 'POST']);
    expect(posts.every((p) => p.path === '/auth')).toBe(true);
    // The token came in the mailed link; the form posted it back to that same address, nowhere new.
    expect(loads.filter((r) => r.url().includes(token) && r.method() === 'POST').map((r) => new URL(r.url()).pathname)).toEqual(['/auth', '/auth']);
    expectNoSecretInAddresses(page, loads, [newPassword, `${newPassword}?`]);
  });
});

test('a Log In clicked before the app’s code has run posts the form: no password in any address, and the answer is adopted by the app', async ({ page, createUser }) => {
  const user = await createUser({ name: 'Eli Early' });
  const code = await holdAppCode(page);
  const loads = watchNavigations(page);
  await page.goto('/auth', { waitUntil: 'commit' });
  const form = page.getByRole('form', { name: 'Log in' });
  await form.getByLabel('Email').fill(user.email);
  await form.getByLabel('Password', { exact: true }).fill('an early wrong guess');
  const answered = page.waitForResponse((r) => r.request().isNavigationRequest() && r.request().method() === 'POST');
  code.letThrough();
  await form.getByRole('button', { name: 'Log In', exact: true }).click();
  expect((await answered).status()).toBe(401);
  await code.release();

  // The answer, drawn with the refusal, is adopted by the app (the fixture fails on a mismatch)
  // and then works as the app: the next sign-in is sent by its code.
  await expect(page.getByRole('form', { name: 'Log in' }).getByRole('alert')).toHaveText('Invalid email or password');
  await adopted(page);
  await expect(page.getByRole('form', { name: 'Log in' }).getByRole('alert')).toHaveText('Invalid email or password');
  await expect(page.getByRole('form', { name: 'Log in' }).getByLabel('Email')).toHaveValue(user.email);
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reset Your Password' })).toBeFocused();
  await page.getByRole('link', { name: 'Back to Login' }).click();
  await page.getByRole('form', { name: 'Log in' }).getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('form', { name: 'Log in' }).getByRole('button', { name: 'Log In', exact: true }).click();
  await expect(page).toHaveURL(/\/profile$/);

  expect(formPosts(loads)).toEqual([{ method: 'POST', path: '/auth' }]);
  expectNoSecretInAddresses(page, loads, [user.password, 'an early wrong guess']);
});

test('once the app runs, the Log In form is sent by its code (no page load), as before', async ({ page, createUser }) => {
  const user = await createUser({ name: 'Hana Hydrated' });
  const loads = watchNavigations(page);
  await page.goto('/auth');
  await adopted(page);
  // The app has adopted the page: its in-page links work without loading one.
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reset Your Password' })).toBeFocused();
  await expect(page).toHaveURL(/\/auth$/);
  await page.getByRole('link', { name: 'Back to Login' }).click();
  const signIn = page.waitForRequest((r) => r.url().endsWith('/api/auth/sign-in/email') && r.method() === 'POST');
  const form = page.getByRole('form', { name: 'Log in' });
  await form.getByLabel('Email').fill(user.email);
  await form.getByLabel('Password', { exact: true }).fill(user.password);
  await form.getByRole('button', { name: 'Log In', exact: true }).click();
  await signIn;
  await expect(page).toHaveURL(/\/profile$/);
  expect(formPosts(loads)).toEqual([]);
  expectNoSecretInAddresses(page, loads, [user.password]);
});

/** A person signed in through the API in `context`, who asked (through the API too) to move to `newEmail`. */
async function emailChangeRequested(context: BrowserContext, origin: string, user: { email: string; password: string }, newEmail: string) {
  const signIn = await context.request.post('/api/auth/sign-in/email', { data: { email: user.email, password: user.password }, headers: { Origin: origin } });
  expect(signIn.status()).toBe(200);
  const asked = await context.request.post('/api/me/email', { data: { newEmail }, headers: { Origin: origin } });
  expect(asked.status(), await asked.text()).toBe(202);
}

test('without JavaScript: the new address’s link confirms the change, and the old address’s “This wasn’t me” puts it back, both by POST to the link itself', async ({ browser, baseURL, origin, createUser, mailbox }) => {
  const user = await createUser({ name: 'Mona Mover' });
  const newEmail = uniqueEmail('noscript-moved');
  await withoutJavaScript(browser, baseURL, async (page, context) => {
    await emailChangeRequested(context, origin, user, newEmail);
    const loads = watchNavigations(page);
    const account = async () => ((await (await context.request.get('/api/session')).json()) as { user: { email: string } | null }).user;

    // The new address's link: opening it changes nothing; the button does.
    const confirmLink = new URL(mailbox.firstUrl(await mailbox.waitForMessage(newEmail, { subject: 'Confirm your new email address' })));
    await page.goto(confirmLink.pathname);
    await expect(page.getByRole('heading', { level: 1, name: 'Confirm your new email address' })).toBeVisible();
    expect((await account())?.email).toBe(user.email);
    await page.getByRole('button', { name: 'Confirm new email' }).click();
    await expect(page.getByRole('status')).toContainText(`Done: your account's email address is now ${newEmail}.`);
    await expect(page.getByRole('link', { name: 'Back to sign-in and security' })).toHaveAttribute('href', '/security');
    expect((await account())?.email).toBe(newEmail);

    // The old address's notice: "This wasn't me" puts the address back and signs this browser out.
    const undoLink = new URL(mailbox.firstUrl(await mailbox.waitForMessage(user.email, { subject: 'Your email address is being changed' })));
    await page.goto(undoLink.pathname);
    await expect(page.getByRole('heading', { level: 1, name: "This wasn't me" })).toBeVisible();
    await page.getByRole('button', { name: 'Put my address back and sign out everywhere' }).click();
    await expect(page.getByRole('status')).toContainText(`Your address ${user.email} is back, and every device is signed out of your account.`);
    await expect(page.getByRole('link', { name: 'Reset your password' })).toHaveAttribute('href', '/auth?reset=true');
    expect(await account()).toBeNull();

    // The link works once: pressed again, the page says so in the words it shows with JavaScript.
    await page.goto(undoLink.pathname);
    await page.getByRole('button', { name: 'Put my address back and sign out everywhere' }).click();
    await expect(page.getByRole('alert')).toHaveText('This link is not valid, has expired or was already used. Ask for a new one from your security page.');

    expect(formPosts(loads)).toEqual([
      { method: 'POST', path: confirmLink.pathname },
      { method: 'POST', path: undoLink.pathname },
      { method: 'POST', path: undoLink.pathname },
    ]);
  });
  const signIn = await browser.newContext({ baseURL });
  try {
    expect((await signIn.request.post('/api/auth/sign-in/email', { data: { email: user.email, password: user.password }, headers: { Origin: origin } })).status()).toBe(200);
  } finally {
    await signIn.close();
  }
});

test('an email-change button pressed before the app’s code has run posts the form, and the answer is adopted by the app', async ({ page, context, origin, createUser, mailbox }) => {
  const user = await createUser({ name: 'Otto Early' });
  const newEmail = uniqueEmail('early-moved');
  await emailChangeRequested(context, origin, user, newEmail);
  const link = new URL(mailbox.firstUrl(await mailbox.waitForMessage(newEmail, { subject: 'Confirm your new email address' })));
  const code = await holdAppCode(page);
  const loads = watchNavigations(page);
  await page.goto(link.pathname, { waitUntil: 'commit' });
  const button = page.getByRole('button', { name: 'Confirm new email' });
  await expect(button).toBeVisible();
  const answered = page.waitForResponse((r) => r.request().isNavigationRequest() && r.request().method() === 'POST');
  code.letThrough();
  await button.click();
  expect((await answered).status()).toBe(200);
  await code.release();

  // Adopted unchanged (the fixture fails on a mismatch), and it is the app's page from then on.
  await appAdopted(page);
  await expect(page.getByRole('status')).toContainText(`Done: your account's email address is now ${newEmail}.`);
  await page.getByRole('link', { name: 'Back to sign-in and security' }).click();
  await expect(page).toHaveURL(/\/security$/);
  await expect(page.getByTestId('current-email')).toHaveText(newEmail);
  expect(formPosts(loads)).toEqual([{ method: 'POST', path: link.pathname }]);
});
