// The Content-Security-Policy allows nothing inline (decision 016): every route of the web app,
// signed out and signed in, a toast, a dialog, a menu, the test-mode provider's pages and the
// dev mailbox load without one `securitypolicyviolation` event or CSP console message.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { addChallengeMember, createChallengeRow } from '../../src/server/test/challenge-factories';
import { ROUTE_PATHS, type RoutePath } from '../../src/domain/routing/route-paths';
import { expect, runTag, test, toast } from './support/caucus-fixtures';
import { dismissTodoDialog } from './support/fixtures';
import { type Ids, makeIds, ROUTES, visit } from './support/route-table';

interface Violation {
  directive: string;
  blocked: string;
  sample: string;
  source: string;
}

declare global {
  interface Window {
    __cspViolations: Violation[];
  }
}

/**
 * Records every CSP violation of the pages of `context`: the `securitypolicyviolation` events
 * (through an init script, so from the first byte of each document) and the console messages.
 */
async function watchCsp(context: BrowserContext) {
  await context.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__cspViolations.push({
        directive: e.effectiveDirective,
        blocked: e.blockedURI,
        sample: e.sample,
        source: `${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`,
      });
    });
  });
  const consoleMessages: string[] = [];
  context.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) consoleMessages.push(message.text());
  });
  return {
    /** The violations seen since the last call, each as one line naming `where` and the directive. */
    async take(page: Page, where: string): Promise<string[]> {
      // One frame later, every violation of the page so far has been dispatched.
      const events = await page.evaluate(async () => {
        await new Promise(requestAnimationFrame);
        return window.__cspViolations.splice(0);
      });
      const lines = [
        ...events.map((v) => `${where}: ${v.directive} blocked ${v.blocked || '(inline)'} at ${v.source}${v.sample ? ` — "${v.sample}"` : ''}`),
        ...consoleMessages.splice(0).map((text) => `${where}: console: ${text}`),
      ];
      return lines;
    },
  };
}

/** Visits every route and fails, listing them all, on any violation. */
async function visitEveryRoute(page: Page, context: BrowserContext, ids: Ids, state: string, interact?: (route: RoutePath) => Promise<void>) {
  const csp = await watchCsp(context);
  const violations: string[] = [];
  for (const route of ROUTE_PATHS) {
    await test.step(`${route} ${state}`, async () => {
      await visit(page, ROUTES[route](ids), interact && (() => interact(route)));
      violations.push(...(await csp.take(page, `${route} (${ROUTES[route](ids)}, ${state})`)));
    });
  }
  expect(violations, 'CSP violations').toEqual([]);
}

// Each visit of every route (46 and growing) is a page load with its checks: a bound, not a speed test.
test.describe.configure({ timeout: 300_000 });

test('the route table lists every path of the router', () => {
  expect(Object.keys(ROUTES).sort()).toEqual([...ROUTE_PATHS].sort());
  // Read the router itself too: a path written there must be in the list (and so in the table).
  const router = readFileSync(path.join(import.meta.dirname, '../../src/web/router.tsx'), 'utf8');
  const paths = [...router.matchAll(/\bpath:\s*(['"`])(.*?)\1/g)].map((m) => m[2]!);
  expect(paths.length).toBeGreaterThan(0);
  expect([...paths].sort()).toEqual([...ROUTE_PATHS].sort());
});

test('no answer allows inline styles or scripts wholesale; index.html gets a fresh nonce', async ({ request }) => {
  for (const url of ['/', '/profile', '/api/health', '/api/session']) {
    const policy = (await request.get(url)).headers()['content-security-policy'] ?? '';
    expect(policy, url).toContain("script-src 'self';");
    expect(policy, url).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
  }
  const styleSrc = async (url: string) => /style-src ([^;]*)/.exec((await request.get(url)).headers()['content-security-policy'] ?? '')?.[1];
  const [a, b] = [await styleSrc('/'), await styleSrc('/')];
  expect(a).toMatch(/^'self' 'nonce-[A-Za-z0-9+/]+={0,2}'$/);
  expect(b).not.toBe(a);
  expect(await styleSrc('/api/health')).toBe("'self'");
});

test('every route signed out loads without a CSP violation', async ({ page, context, db, createUser }) => {
  const owner = await createUser({ name: 'Cora Creator' });
  const other = await createUser({ name: 'Otis Other' });
  await visitEveryRoute(page, context, await makeIds(db, owner, other), 'signed out');
});

test('every route signed in loads without a CSP violation', async ({ page, context, db, createUser, signIn }) => {
  const me = await createUser({ name: 'Sina Signedin' });
  const other = await createUser({ name: 'Otto Other' });
  await signIn(page, me);
  await visitEveryRoute(page, context, await makeIds(db, me, other), 'signed in', async (route) => {
    // /home opens the To-Do List dialog once per session: a Radix dialog, with its scroll lock.
    if (route === '/home') await dismissTodoDialog(page);
  });
});

test('a dialog, a toast and a menu, the test-mode provider and the dev mailbox cause no CSP violation', async ({ page, context, db, createUser, signIn, origin, mailbox }) => {
  const csp = await watchCsp(context);
  const owner = await createUser({ name: 'Olga Owner' });
  const me = await createUser({ name: 'Lena Leaver', verified: false });
  const challenge = await createChallengeRow(db, { creatorId: owner.id, name: `CSP Leave ${runTag()}` });
  await addChallengeMember(db, challenge.id, me.id, 'orange');
  await signIn(page, me);
  const violations: string[] = [];

  await test.step('a confirmation dialog, then a toast', async () => {
    await visit(page, `/challenge/${challenge.id}`);
    await page.getByRole('button', { name: 'Leave Challenge' }).click();
    const confirm = page.getByRole('dialog', { name: 'Leave this challenge?' });
    await expect(confirm).toBeVisible();
    // Radix's scroll lock is on: its <style> element carries the page's nonce.
    await expect.soft(page.locator('style[nonce]')).not.toHaveCount(0);
    violations.push(...(await csp.take(page, 'the Leave dialog')));
    await confirm.getByRole('button', { name: 'Leave Challenge' }).click();
    const left = toast(page, 'You left the challenge');
    await expect(left).toBeVisible();
    // sonner's own stylesheet applies (it ships in our CSS, not as an injected <style>).
    await expect.soft(page.locator('[data-sonner-toaster]')).toHaveCSS('position', 'fixed');
    await expect.soft(left).toHaveCSS('border-radius', '8px');
    violations.push(...(await csp.take(page, 'the toast')));
  });

  await test.step('a dropdown menu in the navbar', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Engage' }).click();
    const menu = page.getByRole('navigation', { name: 'Main' }).getByRole('list', { name: 'Engage' });
    await expect(menu).toBeVisible();
    violations.push(...(await csp.take(page, 'the Engage menu')));
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
  });

  await test.step('the test-mode provider’s checkout page, styled by its hashed <style>', async () => {
    await visit(page, '/verification');
    await page.getByRole('button', { name: 'Pay $3.00' }).click();
    await expect(page).toHaveURL(/\/test-provider\/checkout\/test_cs_/);
    await expect.soft(page.getByRole('heading', { level: 1, name: 'Pay $3.00' })).toHaveCSS('color', 'rgb(30, 58, 138)');
    violations.push(...(await csp.take(page, 'the test-mode checkout page')));
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/verification/);
    await expect(page.getByRole('heading', { level: 1, name: 'Verify Your Account' })).toBeVisible();
    violations.push(...(await csp.take(page, '/verification after the test-mode checkout')));
  });

  await test.step('the dev mailbox and a mail with its style attributes', async () => {
    const reset = await page.request.post('/api/auth/request-password-reset', { data: { email: me.email, redirectTo: '/auth' }, headers: { Origin: origin } });
    expect(reset.status(), await reset.text()).toBe(200);
    await mailbox.waitForMessage(me.email, { subject: 'Reset your password' });
    await page.goto(`/dev/mailbox?to=${encodeURIComponent(me.email)}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Dev mailbox' })).toBeVisible();
    await page.getByRole('link', { name: 'Reset your password' }).click();
    const title = page.locator('.mail h1');
    await expect(title).toBeVisible();
    // The mail's own style attribute (color:#1e3a8a) applies.
    await expect.soft(title).toHaveCSS('color', 'rgb(30, 58, 138)');
    violations.push(...(await csp.take(page, 'a mail in the dev mailbox')));
  });

  expect(violations, 'CSP violations').toEqual([]);
});
