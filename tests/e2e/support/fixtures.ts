// Fixtures for the browser tests: the app's own database (to make data directly, as
// DESIGN.md asks), users from the shared factories, sign-in through the API, the dev
// mailbox, and an accessibility check.
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { openDatabase, type Database, type Db } from '../../../src/server/db/client';
import { createUser as insertUser, DEFAULT_PASSWORD, type NewUser } from '../../../src/server/test/factories';

export { expect, DEFAULT_PASSWORD };

/** A user the factories inserted: confirmed, with a password that signs in. */
export type TestUser = Awaited<ReturnType<typeof insertUser>>;

export interface MailMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
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

/** Fails on any serious or critical axe-core violation, listing each with its elements. */
export async function expectNoSeriousA11yViolations(page: Page, options: { exclude?: string[] } = {}): Promise<void> {
  let builder = new AxeBuilder({ page });
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  const { violations } = await builder.analyze();
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.helpUrl})\n    ${v.nodes.map((n) => n.target.join(' ')).join('\n    ')}`);
  expect(serious, `accessibility violations on ${page.url()}`).toEqual([]);
}

type WorkerFixtures = {
  /** The app's database (drizzle), shared by the tests of one worker. */
  appDatabase: Database;
};

type TestFixtures = {
  db: Db;
  createUser: (overrides?: Partial<NewUser> & { password?: string }) => Promise<TestUser>;
  signIn: (page: Page, user: { email: string; password: string }) => Promise<void>;
  mailbox: Mailbox;
  origin: string;
};

export const test = base.extend<TestFixtures, WorkerFixtures>({
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
