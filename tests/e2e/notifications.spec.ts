// The notification centre in the browser (issue 13): a friend request lights the navbar's bell
// live, without a reload; the bell opens /notifications, where opening the notification reads
// it and goes to the page it points at; "Mark all as read" clears a second one; the bell is
// reached by keyboard and stays beside the menu button on a phone.
import type { APIRequestContext, Page } from '@playwright/test';
import { NOTIFICATION_PAGE_SIZE } from '../../src/domain/notifications/notifications';
import { notify } from '../../src/server/features/notifications/notifications.service';
import { dismissTodoDialog, uniqueEmail } from './support/fixtures';
import { checkA11y, expect, literal, runTag, test, toast } from './support/caucus-fixtures';

/** The navbar's bell; its name carries the unread count ("Notifications, 2 unread"). */
const bell = (page: Page) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Notifications/ });

async function expectUnread(page: Page, count: number) {
  await expect(bell(page)).toHaveAccessibleName(count === 0 ? 'Notifications' : `Notifications, ${count} unread`);
}

async function sendFriendRequest(request: APIRequestContext, userId: string) {
  const res = await request.post('/api/friends/requests', { data: { userId } });
  expect(res.status(), `friend request: ${await res.text()}`).toBe(201);
}

test('a friend request lights the bell live; opening it reads it, and Mark all as read clears the rest', async ({ createUser, cast }) => {
  test.setTimeout(120_000);
  const tag = runTag();
  const annUser = await createUser({ name: `Annika Notified ${tag}`, email: uniqueEmail('ann') });
  const benUser = await createUser({ name: `Benedict Asking ${tag}`, email: uniqueEmail('ben') });
  const coraUser = await createUser({ name: `Cora Asking ${tag}`, email: uniqueEmail('cora') });
  const ann = await cast.browse(annUser);
  await ann.page.setViewportSize({ width: 1280, height: 900 });
  const list = ann.page.getByRole('list', { name: 'Notifications' });
  const markAll = ann.page.getByRole('button', { name: 'Mark all as read' });

  await test.step('Ann, on /home with the live stream open, sees Ben’s friend request light the bell without a reload', async () => {
    const streamOpen = ann.page.waitForResponse((res) => new URL(res.url()).pathname === '/api/messages/stream');
    await ann.page.goto('/home');
    await dismissTodoDialog(ann.page);
    expect((await streamOpen).status()).toBe(200);
    await expectUnread(ann.page, 0);

    await sendFriendRequest(await cast.api(benUser), annUser.id);
    await expectUnread(ann.page, 1);
    await expect(ann.page).toHaveURL(/\/home$/);
  });

  await test.step('the bell opens /notifications: the request from Ben, unread', async () => {
    await bell(ann.page).click();
    await expect(ann.page).toHaveURL(/\/notifications$/);
    await expect(ann.page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
    await expect(ann.page).toHaveTitle(/^Notifications · /);
    const item = list.getByRole('link', { name: literal(`${benUser.name} wants to be your friend.`) });
    await expect(item).toBeVisible();
    await expect(item).toContainText('Friend request');
    await expect(item).toContainText('New');
    await expect(item.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}T/);
    await expect(markAll).toBeEnabled();
    await checkA11y(ann.page);
    await ann.page.setViewportSize({ width: 360, height: 740 });
    await checkA11y(ann.page);
    expect(await ann.page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth), 'no sideways scroll at 360 px').toBe(true);
    await ann.page.setViewportSize({ width: 1280, height: 900 });
  });

  await test.step('opening the notification goes to /friends and reads it', async () => {
    await list.getByRole('link', { name: literal(benUser.name) }).click();
    await expect(ann.page).toHaveURL(/\/friends$/);
    await expect(ann.page.getByRole('list', { name: 'Friend requests received' }).getByRole('link', { name: benUser.name })).toBeVisible();
    await expectUnread(ann.page, 0);
  });

  await test.step('by keyboard: Tab from Sign Out reaches the bell, Enter opens it; the request now reads as read', async () => {
    await ann.page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign Out' }).focus();
    await ann.page.keyboard.press('Tab');
    await expect(bell(ann.page)).toBeFocused();
    await ann.page.keyboard.press('Enter');
    await expect(ann.page).toHaveURL(/\/notifications$/);
    const item = list.getByRole('link', { name: literal(benUser.name) });
    await expect(item).toBeVisible();
    await expect(item).not.toContainText('New');
    await expect(markAll).toBeDisabled();
  });

  await test.step('Cora’s request arrives while Ann looks at the list; Mark all as read clears it', async () => {
    await sendFriendRequest(await cast.api(coraUser), annUser.id);
    const item = list.getByRole('link', { name: literal(`${coraUser.name} wants to be your friend.`) });
    await expect(item).toContainText('New');
    await expectUnread(ann.page, 1);
    await expect(list.getByRole('listitem').first()).toContainText(coraUser.name);
    await expect(markAll).toBeEnabled();
    await checkA11y(ann.page);

    await markAll.click();
    await expect(toast(ann.page, 'All notifications marked as read')).toBeVisible();
    await expectUnread(ann.page, 0);
    await expect(item).not.toContainText('New');
    await expect(markAll).toBeDisabled();
  });

  await test.step('on a phone the bell sits beside the menu button, one Tab after the brand', async () => {
    await ann.page.setViewportSize({ width: 360, height: 740 });
    await ann.page.goto('/friends');
    const nav = ann.page.getByRole('navigation', { name: 'Main' });
    const menuButton = nav.getByRole('button', { name: 'Open menu' });
    await expect(menuButton).toBeVisible();
    await expect(bell(ann.page)).toBeVisible();
    const [bellBox, menuBox] = [await bell(ann.page).boundingBox(), await menuButton.boundingBox()];
    expect(bellBox!.x + bellBox!.width).toBeLessThanOrEqual(menuBox!.x);
    expect(menuBox!.x + menuBox!.width).toBeLessThanOrEqual(360);

    await nav.getByRole('link', { name: 'GU Caucus' }).focus();
    await ann.page.keyboard.press('Tab');
    await expect(bell(ann.page)).toBeFocused();
    await ann.page.keyboard.press('Enter');
    await expect(ann.page).toHaveURL(/\/notifications$/);
    await expect(list.getByRole('listitem')).toHaveCount(2);
    await checkA11y(ann.page);

    // The side menu lists Notifications too.
    await menuButton.click();
    await expect(ann.page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Notifications' })).toHaveAttribute('aria-current', 'page');
  });
});

test('Load more brings the older notifications and gives the focus to the first of them', async ({ db, createUser, cast }) => {
  const tag = runTag();
  const reader = await createUser({ name: `Busy Bea ${tag}`, email: uniqueEmail('bea') });
  // A page and two more, a minute apart, newest first: "Asker 0" is the newest.
  const count = NOTIFICATION_PAGE_SIZE + 2;
  for (let i = 0; i < count; i++) {
    await notify(db, new Date(Date.now() - i * 60_000), [{ userId: reader.id, kind: 'friend_request', data: { fromId: reader.id, fromName: `Asker ${i} ${tag}` } }]);
  }
  const { page } = await cast.browse(reader);
  await page.goto('/notifications');
  const list = page.getByRole('list', { name: 'Notifications' });
  await expect(list.getByRole('listitem')).toHaveCount(NOTIFICATION_PAGE_SIZE);
  await expect(list.getByRole('listitem').first()).toContainText(`Asker 0 ${tag}`);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Notifications/ })).toHaveAccessibleName(`Notifications, ${count} unread`);

  // The older page is held back until a new notification has arrived: its refresh of the list
  // cancels the load in flight, and the page must ask again.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let olderAsked = false;
  await page.route(/\/api\/notifications\?before=/, async (route) => {
    if (!olderAsked) {
      olderAsked = true;
      await held;
    }
    await route.continue().catch(() => undefined); // the cancelled request is gone by then
  });

  const loadMore = page.getByRole('button', { name: 'Load more' });
  await loadMore.focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => olderAsked, { message: 'the older page is asked for' }).toBe(true);
  await notify(db, new Date(), [{ userId: reader.id, kind: 'friend_request', data: { fromId: reader.id, fromName: `Late Asker ${tag}` } }]);
  await expect(list.getByRole('listitem').first()).toContainText(`Late Asker ${tag}`);
  release();

  await expect(list.getByRole('listitem')).toHaveCount(count + 1);
  // The first older one after the last shown before (Asker 19 was last; the refresh moved it down).
  await expect(list.getByRole('link', { name: literal(`Asker ${NOTIFICATION_PAGE_SIZE} ${tag} wants`) })).toBeFocused();
  await expect(loadMore).toHaveCount(0);
});

test('someone with no notifications is told they are all caught up', async ({ createUser, cast }) => {
  const lone = await cast.browse(await createUser({ name: `Quiet Quinn ${runTag()}`, email: uniqueEmail('quinn') }));
  await lone.page.goto('/notifications');
  await expect(lone.page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  await expect(lone.page.getByText('You’re all caught up.')).toBeVisible();
  await expect(lone.page.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  await expectUnread(lone.page, 0);
  await checkA11y(lone.page);
});

test('a visitor who opens /notifications is asked to sign in first', async ({ page }) => {
  await page.goto('/notifications');
  await expect(page).toHaveURL(/\/auth/);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Notifications/ })).toHaveCount(0);
});
