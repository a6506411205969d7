// Fixtures for the browser tests: the app's own database (to make data directly, as
// DESIGN.md asks), users from the shared factories, sign-in through the API, the dev
// mailbox, and an accessibility check.
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { openDatabase, type Database, type Db } from '../../../src/server/db/client';
import { createUser as insertUser, DEFAULT_PASSWORD, type NewUser } from '../../../src/server/test/factories';
import { HYDRATION_MISMATCH } from '../../../src/web/hydration-mismatch';

export { expect, DEFAULT_PASSWORD };

/** A user the factories inserted: confirmed, with a password that signs in. */
export type TestUser = Awaited<ReturnType<typeof insertUser>>;

export interface MailMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
  /** Extra headers (List-Unsubscribe …). */
  headers: Record<string, string>;
  createdAt: string;
}

export interface Mailbox {
  /** The messages sent to `to`, newest first. */
  messages(to: string): Promise<MailMessage[]>;
  /** Waits (polling, with a deadline) for a message to `to` whose subject matches, and returns the newest. */
  waitForMessage(to: string, options?: { subject?: string | RegExp; timeoutMs?: number }): Promise<MailMessage>;
  /** The first URL in a message's text. */
  firstUrl(message: MailMessage): string;
}

/** The connection to the app's embedded PostgreSQL: its Unix socket in `<DATA_DIR>/postgres`. */
export function appDatabaseConnection() {
  const dataDir = process.env.CAUCUS_E2E_DATA_DIR;
  if (!dataDir) throw new Error('CAUCUS_E2E_DATA_DIR is not set: run the browser tests through playwright.config.ts');
  return { host: path.join(dataDir, 'postgres'), port: 5433, user: 'postgres', database: 'caucus' };
}

/** The origin the app trusts: every state-changing /api request must send it. */
function originOf(baseURL: string | undefined): string {
  if (!baseURL) throw new Error('baseURL is not configured');
  return new URL(baseURL).origin;
}

export function firstUrl(text: string): string {
  const match = text.match(/https?:\/\/[^\s<>"')\]]+/);
  if (!match) throw new Error(`no URL in: ${text.slice(0, 200)}`);
  return match[0];
}

async function readMailbox(request: APIRequestContext, to: string): Promise<MailMessage[]> {
  const res = await request.get('/dev/mailbox/messages.json', { params: { to } });
  expect(res.status(), 'GET /dev/mailbox/messages.json').toBe(200);
  return (await res.json()) as MailMessage[];
}

/** Signs `user` in through the API; the page's browser context then holds the session cookie. */
export async function signInThroughApi(page: Page, user: { email: string; password: string }, baseURL: string | undefined): Promise<void> {
  const res = await page.request.post('/api/auth/sign-in/email', {
    data: { email: user.email, password: user.password },
    headers: { Origin: originOf(baseURL) },
  });
  expect(res.status(), `sign-in of ${user.email}: ${await res.text()}`).toBe(200);
}

/**
 * Waits for the page's finite animations and transitions (a toast fading in or out, a dialog
 * opening) to end: axe measures colour contrast on what is painted, and a half-faded toast is
 * not what a reader sees for long. Endless ones (spinners) are left running.
 */
export async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/**
 * Keeps the toasts on screen, fully painted, while a scan runs: sonner pauses every toast's
 * timer while the pointer is over the toaster, so none starts fading out (and fails a contrast
 * check half-faded) in the middle of a scan. Returns the release: the pointer leaves, the
 * timers run on. Without a toast it does nothing.
 */
export async function holdToasts(page: Page): Promise<() => Promise<void>> {
  const front = page.locator('[data-sonner-toast][data-removed="false"]').first();
  if ((await front.count()) === 0) return async () => {};
  // force: no waiting for the toast to stand still; under a modal dialog the pointer may not
  // reach it, and the scan then runs as before (after settleAnimations).
  const held = await front.hover({ force: true, timeout: 2_000 }).then(
    () => true,
    () => false,
  );
  return held ? () => page.mouse.move(0, 0) : async () => {};
}

/**
 * axe-core with its default rules plus 'label-content-name-mismatch' (WCAG 2.5.3 Label in
 * Name: a control's accessible name contains the text it shows), which axe ships disabled
 * as "experimental". `options()` replaces axe's run options, so every scan goes through here.
 */
export function axeBuilder(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).options({ rules: { 'label-content-name-mismatch': { enabled: true } } });
}

/** One rule's findings in an axe-core report. */
export type AxeViolation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

/** The serious and critical axe-core violations of the page as it settles, toasts held. */
export async function seriousA11yViolations(page: Page, options: { exclude?: string[] } = {}): Promise<AxeViolation[]> {
  const release = await holdToasts(page);
  try {
    await settleAnimations(page);
    let builder = axeBuilder(page);
    for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
    const { violations } = await builder.analyze();
    return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  } finally {
    await release();
  }
}

/** Fails on any serious or critical axe-core violation, listing each with its elements. */
export async function expectNoSeriousA11yViolations(page: Page, options: { exclude?: string[] } = {}): Promise<void> {
  const serious = (await seriousA11yViolations(page, options)).map(
    (v) => `${v.impact} ${v.id}: ${v.help} (${v.helpUrl})\n    ${v.nodes.map((n) => n.target.join(' ')).join('\n    ')}`,
  );
  expect(serious, `accessibility violations on ${page.url()}`).toEqual([]);
}


/**
 * Waits until the app has taken over a page the server drew (decision 022): React's root is on
 * #root (`hydrateRoot` has run), so from then on a click reaches the app, replayed if the part
 * clicked is still being adopted. Before that, the page's buttons are plain HTML.
 */
export async function appAdopted(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const root = document.getElementById('root');
    return !!root && Object.keys(root).some((key) => key.startsWith('__reactContainer$'));
  });
}

/**
 * Holds back the app's code (its script files) from now on, until `letRun()`: the page is the
 * server's HTML alone meanwhile, as in a slow phone's first seconds, and can be typed into.
 */
export async function holdAppCodeUntil(page: Page): Promise<{ letRun: () => void }> {
  let letRun!: () => void;
  const running = new Promise<void>((resolve) => (letRun = resolve));
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    await running;
    await route.continue();
  });
  return { letRun };
}

/**
 * Collects the app's reports of a page drawn by the server (decision 022) that React had to draw
 * again because its first render differed: on every page of `context`, from now on.
 */
export function watchHydration(context: BrowserContext): string[] {
  const mismatches: string[] = [];
  const watch = (page: Page) =>
    page.on('console', (message) => {
      if (message.type() === 'error' && message.text().startsWith(HYDRATION_MISMATCH)) mismatches.push(`${page.url()}: ${message.text()}`);
    });
  context.pages().forEach(watch);
  context.on('page', watch);
  return mismatches;
}

/**
 * The last 400 things the pages of `context` did, from now on: each main-frame navigation, the
 * app's own requests (not its static files) with their answers' status, console errors and
 * warnings, uncaught errors. Read when a test fails, to tell a page drawn anew from a slow one.
 */
function keepDiary(context: BrowserContext): string[] {
  const diary: string[] = [];
  const start = Date.now();
  const note = (line: string) => {
    diary.push(`${String(Date.now() - start).padStart(6)} ms  ${line}`);
    if (diary.length > 400) diary.shift();
  };
  const watch = (page: Page) => {
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) note(`navigated to ${frame.url()}`);
    });
    page.on('domcontentloaded', () => note('DOMContentLoaded'));
    page.on('load', () => note('load'));
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') note(`console.${message.type()}: ${message.text().slice(0, 500)}`);
    });
    page.on('pageerror', (error) => note(`uncaught: ${error.message.slice(0, 500)}`));
    page.on('requestfinished', (request) => {
      if (!['document', 'fetch', 'xhr'].includes(request.resourceType())) return;
      void request.response().then((response) => note(`${request.method()} ${request.url()} → ${response?.status() ?? '?'}`));
    });
    page.on('requestfailed', (request) => note(`${request.method()} ${request.url()} failed: ${request.failure()?.errorText ?? '?'}`));
  };
  context.pages().forEach(watch);
  context.on('page', watch);
  return diary;
}

type WorkerFixtures = {
  /** The app's database (drizzle), shared by the tests of one worker. */
  appDatabase: Database;
};

type TestFixtures = {
  db: Db;
  createUser: (overrides?: Partial<NewUser> & { password?: string; secondFactor?: boolean }) => Promise<TestUser>;
  signIn: (page: Page, user: { email: string; password: string }) => Promise<void>;
  mailbox: Mailbox;
  origin: string;
};

export const test = base.extend<TestFixtures, WorkerFixtures>({
  // Every test fails if a page the server drew did not match the app's first render.
  // A failed test carries its pages' diary (page-diary.txt): what they loaded, said and threw.
  context: async ({ context }, use, testInfo) => {
    const mismatches = watchHydration(context);
    const diary = keepDiary(context);
    await use(context);
    if (testInfo.status !== testInfo.expectedStatus) {
      // In the run's output too: a CI run keeps its output, not its test-results folder.
      console.log(`The pages' diary of "${testInfo.title}":\n${diary.join('\n')}`);
      await testInfo.attach('page-diary.txt', { body: diary.join('\n'), contentType: 'text/plain' });
    }
    expect(mismatches, 'pages drawn by the server that the app drew differently').toEqual([]);
  },
  appDatabase: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring pattern
    async ({}, use) => {
      const database = openDatabase(appDatabaseConnection(), { max: 4 });
      await use(database);
      await database.close();
    },
    { scope: 'worker' },
  ],
  db: async ({ appDatabase }, use) => {
    await use(appDatabase.db);
  },
  createUser: async ({ db }, use) => {
    await use((overrides = {}) => insertUser(db, overrides));
  },
  origin: async ({ baseURL }, use) => {
    await use(originOf(baseURL));
  },
  signIn: async ({ baseURL }, use) => {
    await use((page, user) => signInThroughApi(page, user, baseURL));
  },
  mailbox: async ({ request }, use) => {
    await use({
      messages: (to) => readMailbox(request, to),
      async waitForMessage(to, { subject, timeoutMs = 10_000 } = {}) {
        const matches = (m: MailMessage) =>
          subject === undefined || (typeof subject === 'string' ? m.subject.includes(subject) : subject.test(m.subject));
        let found: MailMessage | undefined;
        await expect
          .poll(
            async () => {
              found = (await readMailbox(request, to)).find(matches);
              return found !== undefined;
            },
            { message: `a mail to ${to}${subject ? ` about ${String(subject)}` : ''}`, timeout: timeoutMs },
          )
          .toBe(true);
        return found!;
      },
      firstUrl: (message) => firstUrl(message.text),
    });
  },
});

// ---------------------------------------------------------------------------------------
// Page helpers shared by the user-journey specs.

let emailCounter = 0;

/** An email address no other test (or run) uses. */
export function uniqueEmail(tag: string): string {
  emailCounter += 1;
  return `${tag}-${Date.now()}-${process.pid}-${emailCounter}@example.test`;
}

/** Fills and submits the /auth page's Log In form (the page must already show it). */
export async function logInThroughForm(page: Page, user: { email: string; password: string }): Promise<void> {
  const form = page.getByRole('form', { name: 'Log in' });
  await expect(form).toBeVisible();
  await form.getByLabel('Email').fill(user.email);
  await form.getByLabel('Password', { exact: true }).fill(user.password);
  await form.getByRole('button', { name: 'Log In', exact: true }).click();
}

/**
 * The value (`<dd>`) of a term (`<dt>`) in a description list: a row of the profile's
 * Profile Information card ('Tagline', 'Bio' …) or a figure of its Points Summary ('Sparks').
 */
export function definitionOf(page: Page, term: string) {
  return page
    .getByRole('term')
    .filter({ hasText: new RegExp(`^\\s*${term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`) })
    .locator('xpath=following-sibling::dd[1]');
}

/**
 * Waits until the navbar is drawn for a visitor (signed out): its Join the Revolution button
 * is there (attached, since below 768 px the desktop links are hidden) and Sign Out is not.
 */
export async function expectSignedOutNavbar(page: Page): Promise<void> {
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Join the Revolution', includeHidden: true })).toBeAttached();
  await expect(nav.getByRole('button', { name: 'Sign Out', includeHidden: true })).toHaveCount(0);
}

/** Waits until the navbar is drawn for a signed-in user: its Sign Out button is there. */
export async function expectSignedInNavbar(page: Page): Promise<void> {
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('button', { name: 'Sign Out', includeHidden: true })).toBeAttached();
  await expect(nav.getByRole('link', { name: 'Join the Revolution', includeHidden: true })).toHaveCount(0);
}

/**
 * /home after sign-in opens the To-Do List dialog once per browser session (a new member gets
 * the newcomer list): waits for it and closes it with 'Got it!', so the page behind is usable.
 */
export async function dismissTodoDialog(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'To-Do List' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Got it!' }).click();
  await expect(dialog).toBeHidden();
}

/** After a sign-out: the session is gone and the visitor is on the landing page (/). */
export async function expectSignedOutOnLanding(page: Page): Promise<void> {
  await expectSignedOutNavbar(page);
  const landing = page.getByRole('heading', { level: 1, name: /Welcome to a better way/ });
  await expect(page).toHaveURL(/\/$/);
  await expect(landing).toBeVisible();
  expect((await page.request.get('/api/me')).status(), 'GET /api/me after signing out').toBe(401);
}
