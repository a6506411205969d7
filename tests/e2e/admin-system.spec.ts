// Issue 30 in the browser: /admin/system shows an administrator the app's figures in words — the
// base backups (with a small chart and its table), the last restore drill, the mail that fails,
// the job queues, the database and the server — in English and in Spanish, axe-clean, at 360 px
// without sideways scroll, by keyboard; the account card links to it; anyone else is refused.
// The figures are the real GET /api/admin/system's, from rows this test writes.
import { eq } from 'drizzle-orm';
import type { Page } from '@playwright/test';
import { backupEvents } from '../../src/server/db/schema/operations';
import { mailOutbox } from '../../src/server/db/schema/platform';
import type { Language } from '../../src/domain/i18n/languages';
import { words } from './support/catalogs';
import { expect, runTag, test } from './support/caucus-fixtures';
import { definitionOf, expectNoSeriousA11yViolations } from './support/fixtures';
import { focused, press, tabTo } from './support/keyboard';

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);

async function showIn(page: Page, language: Language, origin: string) {
  const res = await page.request.patch('/api/me/preferences', { data: { language }, headers: { origin } });
  expect(res.status(), await res.text()).toBe(200);
}

/** The page drawn: its heading, no loading block left. */
async function open(page: Page, language: Language) {
  await page.goto('/admin/system');
  await expect(page.getByRole('heading', { level: 1, name: words(language, 'system:title') })).toBeVisible();
  await expect(page.getByRole('status', { name: words(language, 'common:loading'), exact: true })).toHaveCount(0);
}

async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth }));
  expect(scrollWidth, 'no sideways scroll').toBeLessThanOrEqual(clientWidth);
}

test('an administrator reads the system’s figures in words, in English and Spanish, at 360 px, by keyboard', async ({ page, db, createUser, signIn, origin }) => {
  test.setTimeout(180_000);
  const tag = runTag();
  const admin = await createUser({ name: `Ada System ${tag}`, isAdministrator: true });
  // Two base backups (a failed one yesterday, a good one 3 hours ago), a restore drill that
  // failed 5 hours ago, and a mail that keeps failing.
  await db.insert(backupEvents).values([
    { kind: 'base-backup', tool: 'embedded', startedAt: hoursAgo(27.1), finishedAt: hoursAgo(27), ok: false, label: `failed-${tag}`, error: `No space left ${tag}` },
    { kind: 'base-backup', tool: 'embedded', startedAt: new Date(hoursAgo(3).getTime() - 150_000), finishedAt: hoursAgo(3), ok: true, label: `good-${tag}`, detail: { bytes: 123_400_000 } },
    { kind: 'restore-drill', tool: 'embedded', startedAt: hoursAgo(5.2), finishedAt: hoursAgo(5), ok: false, label: `drill-${tag}`, error: `Rows differ after the restore ${tag}` },
  ]);
  // Its last failure half an hour ago (the outbox waits an hour after the tenth attempt): "3x minutes ago" on a busy machine.
  const [mail] = await db
    .insert(mailOutbox)
    .values({ toAddress: `system-${tag}@example.test`, subject: 'Test', textBody: 'Test', htmlBody: '<p>Test</p>', attempts: 10, nextAttemptAt: hoursAgo(-0.5), lastError: `SMTP 550 mailbox unavailable ${tag}` })
    .returning({ id: mailOutbox.id });
  try {
    await signIn(page, admin);
    await page.setViewportSize({ width: 360, height: 780 });

    await test.step('the account card links to the page', async () => {
      await page.goto('/profile');
      const administration = page.getByRole('navigation', { name: 'Administration' });
      await administration.getByRole('link', { name: 'System' }).click();
      await expect(page).toHaveURL(/\/admin\/system$/);
      await expect(page.getByRole('heading', { level: 1, name: 'System' })).toBeVisible();
    });

    await test.step('in English: backups, the drill, mail and the server in words', async () => {
      await open(page, 'en');
      await expect(definitionOf(page, 'Last base backup')).toHaveText(/^3 hours ago \(.+\)$/);
      await expect(definitionOf(page, 'Last restore drill')).toContainText(/^Failed 5 hours ago \(.+\)/);
      await expect(definitionOf(page, 'Last restore drill')).toContainText(`Rows differ after the restore ${tag}`);
      await expect(definitionOf(page, 'Tool')).toHaveText(words('en', 'system:backups.off'));
      const attention = page.getByRole('region', { name: 'Needs attention' });
      await expect(attention.getByRole('listitem').filter({ hasText: words('en', 'system:attention.drillFailed') })).toBeVisible();
      await expect(attention.getByRole('listitem').filter({ hasText: words('en', 'system:attention.mailFailing') })).toBeVisible();
      const mailBox = page.getByRole('region', { name: 'Mail' });
      await expect(mailBox.getByText(/messages? failing/)).toBeVisible();
      await expect(definitionOf(page, 'Last error')).toHaveText(new RegExp(`^3\\d minutes ago: SMTP 550 mailbox unavailable ${tag}$`));

      const history = page.getByRole('table', { name: 'Recent base backups, newest first' });
      await expect(history.getByRole('row').nth(1)).toContainText(/Succeeded\s*123 MB\s*2 minutes/);
      await expect(history.getByRole('row').nth(2)).toContainText('Failed');
      await expect(page.getByRole('img', { name: 'Recent base backups' })).toBeVisible();
      await expect(page.getByText(/^2 base backups: the largest 123 MB, the longest took \d+ minutes?\.$/)).toBeVisible();
      await expect(definitionOf(page, 'Database migration')).toHaveText(/^\d{4}_[\w-]+ \(\d+ migrations\)$/);
      await expect(definitionOf(page, 'Reachable')).toHaveText('Yes');

      await expectNoSidewaysScroll(page);
      await expectNoSeriousA11yViolations(page);
    });

    await test.step('by keyboard: Refresh asks the server again; the tables scroll in their own labelled box', async () => {
      const answered = page.waitForResponse((res) => res.url().endsWith('/api/admin/system') && res.status() === 200);
      await press(page, page.getByRole('button', { name: 'Refresh' }));
      await answered;
      await tabTo(page, page.getByRole('region', { name: 'Recent base backups, newest first' }));
      await expect(focused(page)).toHaveAttribute('tabindex', '0');
    });

    await test.step('in Spanish, the same figures in Spanish words', async () => {
      await showIn(page, 'es', origin);
      await open(page, 'es');
      await expect(definitionOf(page, 'Última copia base')).toHaveText(/^hace 3 horas \(.+\)$/);
      await expect(definitionOf(page, 'Último simulacro de restauración')).toContainText(/^Falló hace 5 horas \(.+\)/);
      await expect(page.getByRole('region', { name: 'Requiere atención' }).getByRole('listitem').filter({ hasText: words('es', 'system:attention.drillFailed') })).toBeVisible();
      const history = page.getByRole('table', { name: words('es', 'system:backups.caption') });
      await expect(history.getByRole('row').nth(1)).toContainText(/Correcta\s*123 MB\s*2 minutos/);
      await expect(page.getByText(/^2 copias base: la más grande de 123 MB/)).toBeVisible();
      await expectNoSidewaysScroll(page);
      await expectNoSeriousA11yViolations(page);
    });
  } finally {
    await db.delete(mailOutbox).where(eq(mailOutbox.id, mail!.id));
  }
});

test('someone who is not an administrator is refused the page and its figures', async ({ page, createUser, signIn }) => {
  test.setTimeout(90_000);
  const member = await createUser({ name: `Mo Member ${runTag()}` });
  await signIn(page, member);
  await page.goto('/admin/system');
  await expect(page.getByRole('alert')).toContainText(words('en', 'system:adminOnly.title'));
  await expect(page.getByRole('region', { name: 'Backups' })).toHaveCount(0);
  const res = await page.request.get('/api/admin/system');
  expect(res.status()).toBe(403);
  await expectNoSeriousA11yViolations(page);
});
