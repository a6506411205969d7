// Helpers for the caucus journeys: a fresh district of a large state, people with names that
// are unique to the run, one browser (or API) session per person, and the caucus pages'
// recurring gestures (create through the form, join through the invitation link, vote).
import { randomBytes } from 'node:crypto';
import { request as playwrightRequest, type APIRequestContext, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../src/server/db/client';
import { caucuses } from '../../../src/server/db/schema/caucuses';
import { districtsOf } from '../../../src/domain/geography/states';
import { expect, expectNoSeriousA11yViolations, logInThroughForm, test as base, watchHydration, type TestUser } from './fixtures';

export { expect };

/** States with many districts: a random pick rarely meets another test's data. */
const LARGE_STATES = ['CA', 'TX', 'FL', 'NY', 'PA', 'IL', 'OH'] as const;

/** A short token that makes this run's names unique (letters only, so it reads like a name). */
export function runTag(): string {
  const letters = 'abcdefghijkmnpqrstuvwxyz';
  return Array.from(randomBytes(6), (b) => letters[b % letters.length]).join('');
}

/** `text` as a regular expression matching itself literally. */
export function literal(text: string, flags?: string): RegExp {
  return new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), flags);
}

/** A random district of a large state in which no caucus exists yet (at any level). */
export async function pickFreeDistrict(db: Db): Promise<{ state: string; district: number }> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const state = LARGE_STATES[Math.floor(Math.random() * LARGE_STATES.length)]!;
    const districts = districtsOf(state);
    const district = districts[Math.floor(Math.random() * districts.length)]!;
    const taken = await db
      .select({ id: caucuses.id })
      .from(caucuses)
      .where(and(eq(caucuses.state, state), eq(caucuses.district, district)))
      .limit(1);
    if (taken.length === 0) return { state, district };
  }
  throw new Error('no free district found in 50 attempts');
}

/** The toast (sonner) whose title contains `title`. */
export function toast(page: Page, title: string | RegExp): Locator {
  return page.locator('[data-sonner-toast]').filter({ has: page.locator('[data-title]', { hasText: title }) });
}

/** Scans the page for serious accessibility problems (a thin name for the many calls of the journey). */
export async function checkA11y(page: Page): Promise<void> {
  await base.step(`accessibility of ${new URL(page.url()).pathname}`, () => expectNoSeriousA11yViolations(page), { box: true });
}

export interface Actor {
  user: TestUser;
  context: BrowserContext;
  page: Page;
}

export interface Cast {
  /** A browser of its own for `user`: signed in through the API unless `signedIn` is false. */
  browse(user: TestUser, options?: { signedIn?: boolean; permissions?: string[] }): Promise<Actor>;
  /** An API session of `user` (signed in, sending the Origin the app trusts on every call). */
  api(user: TestUser): Promise<APIRequestContext>;
}

/** Signs `user` in on an API context that shares the browser's cookies (page.request) or stands alone. */
async function signIn(request: APIRequestContext, user: { email: string; password: string }, origin: string): Promise<void> {
  const res = await request.post('/api/auth/sign-in/email', { data: { email: user.email, password: user.password }, headers: { Origin: origin } });
  expect(res.status(), `sign-in of ${user.email}: ${await res.text()}`).toBe(200);
}

async function openCast(browser: Browser, baseURL: string, opened: Array<{ close(): Promise<void> }>, mismatches: string[][]): Promise<Cast> {
  const origin = new URL(baseURL).origin;
  return {
    async browse(user, { signedIn = true, permissions = [] } = {}) {
      const context = await browser.newContext({ baseURL, permissions });
      opened.push(context);
      mismatches.push(watchHydration(context));
      const page = await context.newPage();
      if (signedIn) await signIn(page.request, user, origin);
      return { user, context, page };
    },
    async api(user) {
      const request = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { Origin: origin } });
      opened.push({ close: () => request.dispose() });
      await signIn(request, user, origin);
      return request;
    },
  };
}

/** The fixtures of fixtures.ts, plus `cast`: browsers and API sessions for many people, closed after the test. */
export const test = base.extend<{ cast: Cast }>({
  cast: async ({ browser, baseURL }, use) => {
    if (!baseURL) throw new Error('baseURL is not configured');
    const opened: Array<{ close(): Promise<void> }> = [];
    const mismatches: string[][] = [];
    await use(await openCast(browser, baseURL, opened, mismatches));
    for (const item of opened.reverse()) await item.close().catch(() => undefined);
    expect(mismatches.flat(), 'pages drawn by the server that the app drew differently').toEqual([]);
  },
});

// ---------------------------------------------------------------------------------------
// Caucus gestures.

export interface CaucusForm {
  name: string;
  state: string;
  district: number;
  level: number;
  alignment?: string;
}

/**
 * Fills and sends /create-caucus as an organizer (state, district and level from the form);
 * the app confirms and lands on /caucus-search.
 */
export async function createCaucusAsOrganizer(page: Page, caucus: CaucusForm, options: { a11y?: boolean } = {}): Promise<void> {
  await page.goto('/create-caucus');
  await expect(page.getByRole('heading', { level: 1, name: 'Create New Caucus' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Create New Caucus' });
  await form.getByLabel('Caucus Name').fill(caucus.name);
  await form.getByRole('radio', { name: 'Organizer' }).check();
  const district = form.getByLabel('District', { exact: true });
  await expect(district).toBeDisabled();
  await form.getByLabel('State', { exact: true }).selectOption(caucus.state);
  await expect(district).toBeEnabled();
  await district.selectOption(String(caucus.district));
  await form.getByLabel('Level', { exact: true }).selectOption(String(caucus.level));
  await form.getByLabel('Political Alignment (required)').selectOption(caucus.alignment ?? 'Independent');
  if (options.a11y) await checkA11y(page);
  await form.getByRole('button', { name: 'Create Caucus' }).click();
  await expect(toast(page, 'Caucus Created')).toBeVisible();
  await expect(page).toHaveURL(/\/caucus-search/);
  await expect(page.getByRole('heading', { level: 1, name: 'Find Your Caucus' })).toBeVisible();
}

/** The caucus id of the page the browser shows (/caucus/{id}). */
export function caucusIdOf(page: Page): string {
  const match = /\/caucus\/([0-9a-f-]{36})(?:[?#]|$)/.exec(page.url());
  if (!match) throw new Error(`not a caucus page: ${page.url()}`);
  return match[1]!;
}

/** Waits for the caucus page of `name` to be drawn (its heading and its Caucus Information card). */
export async function expectCaucusPage(page: Page, name: string): Promise<void> {
  await expect(page).toHaveURL(/\/caucus\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Caucus Information' })).toBeVisible();
}

/** The Members (n/m) card heading. */
export function membersHeading(page: Page, count: number, required: number): Locator {
  return page.getByRole('heading', { name: `Members (${count}/${required})`, exact: true });
}

/**
 * A guest follows the invitation link, sees the caucus, signs in through Sign In / Register,
 * comes back to the caucus page and presses Join Caucus. With `confirmLeave`, the user
 * already votes in `confirmLeave` and confirms leaving it.
 */
export async function joinThroughInvitationLink(
  actor: Actor,
  invitationLink: string,
  caucusName: string,
  /** a11y: scan every page and dialog on the way, or ('dialog') only the leave-current-caucus dialog. */
  options: { confirmLeave?: string; a11y?: boolean | 'dialog' } = {},
): Promise<void> {
  const { page, user } = actor;
  const scanPages = options.a11y === true;
  await page.goto(invitationLink);
  await expect(page).toHaveURL(/\/join-caucus\/[A-Z0-9]{6}$/);
  await expect(page.getByText('You’re invited')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: caucusName })).toBeVisible();
  if (scanPages) await checkA11y(page);
  await page.getByRole('button', { name: 'Sign In / Register' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  if (scanPages) {
    await expect(page.getByRole('form', { name: 'Log in' })).toBeVisible();
    await checkA11y(page);
  }
  await logInThroughForm(page, user);
  await expectCaucusPage(page, caucusName);
  await expect(page.getByRole('heading', { name: 'Join This Caucus' })).toBeVisible();
  if (scanPages) await checkA11y(page);
  await page.getByRole('button', { name: 'Join Caucus' }).click();
  if (options.confirmLeave) {
    const dialog = page.getByRole('dialog', { name: 'Leave Current Caucus?' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(options.confirmLeave);
    await expect(dialog.getByRole('button', { name: `Stay in ${options.confirmLeave}` })).toBeVisible();
    if (options.a11y) await checkA11y(page);
    await dialog.getByRole('button', { name: 'Leave and Join' }).click();
    await expect(dialog).toBeHidden();
  }
  await expect(toast(page, 'Joined caucus')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Caucus Actions' })).toBeVisible();
  await expect(page.getByText('You are a voting member of this caucus.')).toBeVisible();
}

/** Joins through the API as the invitation link would: the code names the caucus, then POST /join. */
export async function joinThroughApi(request: APIRequestContext, invitationCode: string): Promise<void> {
  const found = await request.get(`/api/caucus-codes/${invitationCode}`);
  expect(found.status(), await found.text()).toBe(200);
  const { id } = (await found.json()) as { id: string };
  const res = await request.post(`/api/caucuses/${id}/join`, { data: {} });
  expect(res.status(), `join: ${await res.text()}`).toBe(200);
  expect(await res.json()).toMatchObject({ status: 'joined', caucusId: id });
}

/** PUT /api/caucuses/{id}/vote; returns the election's status after the vote. */
export async function voteThroughApi(request: APIRequestContext, caucusId: string, candidateId: string): Promise<string> {
  const res = await request.put(`/api/caucuses/${caucusId}/vote`, { data: { candidateId } });
  expect(res.status(), `vote: ${await res.text()}`).toBe(200);
  return ((await res.json()) as { status: string }).status;
}

/**
 * Chooses `candidateName` in the Delegate Election panel and casts the vote; the toast the
 * app answers with (checked first: toasts go away after a few seconds) is returned.
 */
export async function voteInPanel(page: Page, candidateName: string, expectedToast: string): Promise<Locator> {
  const panel = page.getByRole('group', { name: 'Choose your Delegate' });
  await expect(page.getByText('You have not voted yet.')).toBeVisible();
  await panel.getByRole('radio', { name: literal(candidateName) }).check();
  await page.getByRole('button', { name: 'Cast Vote' }).click();
  const answer = toast(page, expectedToast);
  await expect(answer).toBeVisible();
  await expect(page.getByText(`Your current vote: ${candidateName}`)).toBeVisible();
  return answer;
}
