// The installable app and Web Push (issue 13): the manifest and its icons, the service worker
// that controls the app and shows the offline page without a network, and turning push on and
// off for a device. Chromium here has no network, so it cannot reach a real push service: the
// browser's PushManager.subscribe is stubbed in the page (the one boundary we cannot reach);
// the rest is real (permission, the app's requests, the server's storage, the worker's push event).
import { eq } from 'drizzle-orm';
import { deviceLabel } from '../../src/domain/notifications/device-label';
import { pushSubscriptions } from '../../src/server/db/schema/notifications';
import { uniqueEmail } from './support/fixtures';
import { checkA11y, expect, runTag, test, toast } from './support/caucus-fixtures';

test.use({ serviceWorkers: 'allow' });

test('the app is installable: a manifest with its icons, linked from every page', async ({ page, request }) => {
  await page.goto('/');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  const res = await request.get('/manifest.webmanifest');
  expect(res.status()).toBe(200);
  const manifest = (await res.json()) as { name: string; start_url: string; display: string; icons: Array<{ src: string; sizes: string; purpose: string }> };
  expect(manifest).toMatchObject({ name: 'Graduated Unanimous Caucus', start_url: '/home', display: 'standalone' });
  expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
  for (const icon of manifest.icons) {
    const png = await request.get(icon.src);
    expect(png.status(), icon.src).toBe(200);
    expect(png.headers()['content-type']).toBe('image/png');
  }
});

test('the service worker takes the app in charge and shows the offline page without a network', async ({ page, context }) => {
  await page.goto('/resources');
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null)).toMatch(/\/sw\.js$/);
  await context.setOffline(true);
  await page.goto('/caucus-search').catch(() => undefined);
  await expect(page.getByRole('heading', { level: 1, name: 'You are offline' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/home');
  await context.setOffline(false);
  // The link opens /home, which sends a visitor on to sign in: wait for the navigation to /home
  // itself (a URL check after it could already see /auth on a loaded machine).
  await Promise.all([page.waitForURL(/\/home$/, { waitUntil: 'commit' }), page.getByRole('link', { name: 'Try again' }).click()]);
});

test('push is opt-in per device: turned on, remembered, shown by the worker, and turned off', async ({ createUser, browser, baseURL, db }) => {
  test.setTimeout(90_000);
  const tag = runTag();
  const user = await createUser({ name: `Pia Pushed ${tag}`, email: uniqueEmail('pia') });
  const endpoint = `https://push.example.test/e2e-${tag}`;
  const context = await browser.newContext({ baseURL, serviceWorkers: 'allow', permissions: ['notifications'] });
  // The browser's push service, stubbed at PushManager: a subscription for a local endpoint,
  // kept in localStorage so the page finds it again after a reload.
  await context.addInitScript((stubEndpoint) => {
    const key = 'stub-push-subscription';
    const make = () => ({
      endpoint: stubEndpoint,
      toJSON: () => ({ endpoint: stubEndpoint, keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) } }),
      unsubscribe: async () => {
        localStorage.removeItem(key);
        return true;
      },
    });
    PushManager.prototype.subscribe = async function () {
      localStorage.setItem(key, '1');
      return make() as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async function () {
      return (localStorage.getItem(key) ? make() : null) as unknown as PushSubscription | null;
    };
  }, endpoint);
  const page = await context.newPage();
  const signIn = await page.request.post('/api/auth/sign-in/email', { data: { email: user.email, password: user.password }, headers: { Origin: new URL(baseURL!).origin } });
  expect(signIn.status()).toBe(200);

  await page.goto('/notification-settings');
  const turnOn = page.getByRole('button', { name: 'Turn on notifications on this device' });
  await expect(turnOn).toBeVisible();
  await checkA11y(page);
  await turnOn.click();
  await expect(toast(page, 'Notifications are on for this device')).toBeVisible();
  await expect(page.getByText('Notifications are on for this device.')).toBeVisible();
  const stored = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
  expect(stored.map((s) => [s.userId, s.label])).toEqual([[user.id, deviceLabel(await page.evaluate(() => navigator.userAgent))]]);
  expect(stored[0]!.label).toMatch(/^Chrome on /);

  await page.reload();
  await expect(page.getByRole('button', { name: 'Turn off notifications on this device' })).toBeVisible();

  // A push reaches the worker, which shows it (Chromium's DevTools protocol delivers it).
  const cdp = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const mine = registrations.find((r) => r.scopeURL === `${new URL(baseURL!).origin}/` && !r.isDeleted);
      if (mine) resolve(mine.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const registration = await registrationId;
  // DevTools hands the push to the registration's active worker; one delivered while the
  // reloaded page's worker was still being (re)activated was dropped once in CI (2026-11-26),
  // so the push is delivered again on each check until one is shown. The same tag means a
  // second delivery replaces the first notification rather than adding one.
  await expect
    .poll(
      async () => {
        await cdp.send('ServiceWorker.deliverPushMessage', {
          origin: new URL(baseURL!).origin,
          registrationId: registration,
          data: JSON.stringify({ title: 'Your caucus is full', body: 'Vote now.', link: '/notifications', tag: `caucus_full:${tag}` }),
        });
        return page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => `${n.title}: ${n.body}`));
      },
      { timeout: 20_000 },
    )
    .toContain('Your caucus is full: Vote now.');
  // Shown once, whatever the number of deliveries it took.
  expect(await page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).length)).toBe(1);

  await page.getByRole('button', { name: 'Turn off notifications on this device' }).click();
  await expect(toast(page, 'Notifications are off for this device')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Turn on notifications on this device' })).toBeVisible();
  expect(await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint))).toHaveLength(0);
  await context.close();
});
