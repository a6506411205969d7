// Notifications by mail (issue 13): an election notification reaches the member's inbox with a
// working link into the app and a one-click unsubscribe; the unsubscribe page stops that kind
// of mail without signing in; the settings page shows and changes each kind's choice, by
// keyboard, at 360 px, without serious accessibility violations.
import type { Page } from '@playwright/test';
import { notify } from '../../src/server/features/notifications/notifications.service';
import { uniqueEmail } from './support/fixtures';
import { checkA11y, expect, literal, runTag, test, toast } from './support/caucus-fixtures';

/** The fieldset of one kind on /notification-settings (its legend is the kind's label). */
const kindSetting = (page: Page, label: string) => page.getByRole('group', { name: label, exact: true });

test('an election notification arrives by mail; its one-click link unsubscribes; the settings page shows and changes it', async ({ createUser, cast, db, mailbox, browser, baseURL }) => {
  test.setTimeout(120_000);
  const tag = runTag();
  const mia = await createUser({ name: `Mia Mailed ${tag}`, email: uniqueEmail('mia') });
  const caucusId = '5d6f1a3c-9b7e-4c2a-8f00-000000000013';

  await test.step('the caucus fills: Mia gets a mail with a link to the caucus and List-Unsubscribe headers', async () => {
    await db.transaction((tx) => notify(tx, new Date(), [{ userId: mia.id, kind: 'caucus_full', data: { caucusId, caucusName: `Mail Caucus ${tag}` } }]));
    const mail = await mailbox.waitForMessage(mia.email, { subject: 'Your caucus is full' });
    expect(mail.text).toContain(`Mail Caucus ${tag} has all its voting members.`);
    expect(mail.text).toContain(`${baseURL}/caucus/${caucusId}`);
    expect(mail.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(mail.headers['List-Unsubscribe']).toMatch(new RegExp(`^<${baseURL}/unsubscribe/${mia.id}\\.caucus_full\\.[\\w-]+>$`));
  });

  await test.step('the unsubscribe link, opened signed out, asks first, then stops those mails', async () => {
    const mail = await mailbox.waitForMessage(mia.email, { subject: 'Your caucus is full' });
    const link = mail.headers['List-Unsubscribe']!.slice(1, -1);
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'Unsubscribe' })).toBeVisible();
    await expect(page.getByText('Stop receiving emails about: your caucus is full and the vote begins?')).toBeVisible();
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Done.' })).toContainText('You will no longer receive emails about: your caucus is full and the vote begins.');
    await checkA11y(page);
    await page.goto('/unsubscribe/forged-link');
    await expect(page.getByRole('alert')).toContainText('This unsubscribe link is not valid.');
    await context.close();
  });

  await test.step('the settings page shows the change, saves another by keyboard, and keeps it after a reload', async () => {
    const { page } = await cast.browse(mia);
    await page.goto('/notifications');
    await page.getByRole('link', { name: 'Settings' }).click();
    await expect(page).toHaveURL(/\/notification-settings$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Notification settings' })).toBeVisible();
    await expect(page).toHaveTitle(/^Notification settings · /);
    const full = kindSetting(page, 'Your caucus is full and the vote begins');
    await expect(full.getByRole('checkbox', { name: 'Email' })).not.toBeChecked();
    await expect(full.getByRole('checkbox', { name: 'Push' })).toBeChecked();
    await expect(full).toContainText('At once');

    const badges = kindSetting(page, 'Badges earned');
    await expect(badges.getByRole('combobox', { name: 'When' })).toHaveValue('weekly');
    await badges.getByRole('combobox', { name: 'When' }).selectOption('daily');
    await expect(toast(page, 'Notification settings saved')).toBeVisible();
    const friends = kindSetting(page, 'Friend requests');
    await friends.getByRole('checkbox', { name: 'Email' }).focus();
    await page.keyboard.press('Space');
    await expect(friends.getByRole('checkbox', { name: 'Email' })).not.toBeChecked();
    await expect(toast(page, 'Notification settings saved').first()).toBeVisible();

    await page.reload();
    await expect(kindSetting(page, 'Badges earned').getByRole('combobox', { name: 'When' })).toHaveValue('daily');
    await expect(kindSetting(page, 'Friend requests').getByRole('checkbox', { name: 'Email' })).not.toBeChecked();
    await expect(kindSetting(page, 'Your caucus is full and the vote begins').getByRole('checkbox', { name: 'Email' })).not.toBeChecked();
    await checkA11y(page);
    await page.setViewportSize({ width: 360, height: 740 });
    await checkA11y(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth), 'no sideways scroll at 360 px').toBe(true);
  });

  await test.step('with email off for a kind, its next notification is in the app but not in the inbox', async () => {
    const before = (await mailbox.messages(mia.email)).length;
    await db.transaction((tx) => notify(tx, new Date(), [{ userId: mia.id, kind: 'caucus_full', data: { caucusId, caucusName: `Second Caucus ${tag}` } }]));
    // A mail that must be sent, after the one that must not: when it arrives, the other would have too.
    await db.transaction((tx) => notify(tx, new Date(), [{ userId: mia.id, kind: 'vote_missing', data: { caucusId, caucusName: `Second Caucus ${tag}`, candidateId: mia.id, candidateName: 'Dana', agreed: 9, required: 10 } }]));
    await mailbox.waitForMessage(mia.email, { subject: 'Your vote is missing' });
    const subjects = (await mailbox.messages(mia.email)).map((m) => m.subject);
    expect(subjects.filter((s) => s === 'Your caucus is full')).toHaveLength(1);
    expect(subjects.length).toBe(before + 1);
    const { page } = await cast.browse(mia);
    await page.goto('/notifications');
    await expect(page.getByRole('list', { name: 'Notifications' }).getByRole('link', { name: literal(`Second Caucus ${tag} has all its voting members.`, '') })).toBeVisible();
  });
});
