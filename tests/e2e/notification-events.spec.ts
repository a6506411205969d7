// More events reaching their people in the browser (issue 13): a private message lights the
// reader's bell and its notification opens the conversation (which reads both); a district
// broadcast reaches a resident of the district through the fan-out job, and not the sender.
import type { Page } from '@playwright/test';
import { dismissTodoDialog, uniqueEmail } from './support/fixtures';
import { expect, literal, pickFreeDistrict, runTag, test } from './support/caucus-fixtures';

const bell = (page: Page) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Notifications/ });
const list = (page: Page) => page.getByRole('list', { name: 'Notifications' });

test('a private message and a district broadcast reach their people as notifications', async ({ db, createUser, cast }) => {
  test.setTimeout(120_000);
  const tag = runTag();
  const home = await pickFreeDistrict(db);
  const ann = await createUser({ name: `Ann Reader ${tag}`, email: uniqueEmail('ann'), ...home });
  const ben = await createUser({ name: `Ben Writer ${tag}`, email: uniqueEmail('ben'), ...home });
  const admin = await createUser({ name: `Ada Admin ${tag}`, email: uniqueEmail('ada'), ...home, isAdministrator: true });
  const reader = await cast.browse(ann);
  await reader.page.goto('/home');
  await dismissTodoDialog(reader.page);
  await expect(bell(reader.page)).toHaveAccessibleName('Notifications');

  await test.step('Ben writes twice: one notification that counts them; opening it opens the conversation and reads it', async () => {
    const writer = await cast.api(ben);
    for (const message of ['Are you coming Thursday?', 'We need you for the vote.']) {
      const res = await writer.post('/api/messages', { data: { recipientId: ann.id, message } });
      expect(res.status(), await res.text()).toBe(201);
    }
    await expect(bell(reader.page)).toHaveAccessibleName('Notifications, 1 unread');
    await bell(reader.page).click();
    const item = list(reader.page).getByRole('link', { name: literal(`${ben.name} sent you 2 messages.`) });
    await expect(item).toBeVisible();
    await item.click();
    await expect(reader.page).toHaveURL(new RegExp(`/messages\\?with=${ben.id}$`));
    await expect(reader.page.getByRole('log', { name: `Messages with ${ben.name}` }).getByText('We need you for the vote.')).toBeVisible();
    await expect(bell(reader.page)).toHaveAccessibleName('Notifications');
  });

  await test.step('an administrator broadcasts to the district: Ann is told, the sender is not', async () => {
    const sender = await cast.api(admin);
    const res = await sender.post('/api/broadcasts', { data: { message: `District meeting ${tag} on Saturday.`, scope: 'district', state: home.state, district: home.district } });
    expect(res.status(), await res.text()).toBe(201);
    await expect(bell(reader.page)).toHaveAccessibleName('Notifications, 1 unread');
    await reader.page.goto('/notifications');
    await expect(list(reader.page).getByRole('link', { name: literal(`District meeting ${tag} on Saturday.`) })).toContainText(`Broadcast from ${admin.name}`);
    const adminPage = await cast.browse(admin);
    await adminPage.page.goto('/notifications');
    await expect(adminPage.page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
    await expect(adminPage.page.getByText(`District meeting ${tag} on Saturday.`)).toHaveCount(0);
  });
});
