// Friends, private messages and broadcasts, in the browser as people use them: two members
// become friends and write each other, seeing messages arrive without a reload and the
// navbar's unread count fall once read; an administrator's state broadcast reaches a voter of
// that state and not one of another; an elected delegate's broadcast reaches the members of
// their caucus and not a neighbour outside it.
import { eq } from 'drizzle-orm';
import { caucusMembers, caucuses } from '../../src/server/db/schema/caucuses';
import { createCaucusRow } from '../../src/server/test/caucus-factories';
import { uniqueEmail } from './support/fixtures';
import { checkA11y, expect, literal, pickFreeDistrict, runTag, test, toast } from './support/caucus-fixtures';
import type { Page } from '@playwright/test';

/** The Connections menu of the desktop navbar; its name carries the unread count ("… 2 unread messages"). */
const connections = (page: Page) => page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: /^Connections/ });

async function expectUnread(page: Page, count: number) {
  if (count === 0) await expect(connections(page)).toHaveAccessibleName('Connections');
  else await expect(connections(page)).toHaveAccessibleName(`Connections ${count} unread ${count === 1 ? 'message' : 'messages'}`);
}

test('two members become friends, write each other live, and the unread count falls when read', async ({ createUser, cast }) => {
  test.setTimeout(120_000);
  const tag = runTag();
  const annUser = await createUser({ name: `Annika Friendly ${tag}`, email: uniqueEmail('ann') });
  const benUser = await createUser({ name: `Benedict Friendly ${tag}`, email: uniqueEmail('ben') });
  const ann = await cast.browse(annUser);
  const ben = await cast.browse(benUser);

  await test.step('Ann finds Ben by name and sends a friend request', async () => {
    await ann.page.goto('/friends');
    await expect(ann.page.getByRole('heading', { level: 1, name: 'Friends' })).toBeVisible();
    await expect(ann.page.getByText('No friends yet.')).toBeVisible();
    await checkA11y(ann.page);
    await ann.page.getByLabel('Search people by name', { exact: true }).fill(`benedict friendly ${tag}`);
    const results = ann.page.getByRole('list', { name: 'Search results' });
    await expect(results.getByRole('link', { name: benUser.name })).toBeVisible();
    await checkA11y(ann.page);
    await results.getByRole('button', { name: `Add Friend: ${benUser.name}` }).click();
    await expect(toast(ann.page, 'Friend request sent')).toBeVisible();
    await expect(results.getByText('Request Sent')).toBeVisible();
    await expect(ann.page.getByRole('list', { name: 'Friend requests sent' }).getByRole('link', { name: benUser.name })).toBeVisible();
  });

  await test.step('Ben accepts; both see each other among their friends', async () => {
    await ben.page.goto('/friends');
    const received = ben.page.getByRole('list', { name: 'Friend requests received' });
    await expect(received.getByRole('link', { name: annUser.name })).toBeVisible();
    await checkA11y(ben.page);
    await received.getByRole('button', { name: `Accept ${annUser.name}` }).click();
    await expect(toast(ben.page, 'Friend request accepted')).toBeVisible();
    await expect(ben.page.getByRole('list', { name: 'Your friends' }).getByRole('link', { name: annUser.name })).toBeVisible();
    await expect(ben.page.getByText('No friend requests right now.')).toBeVisible();

    await ann.page.reload();
    await expect(ann.page.getByRole('list', { name: 'Your friends' }).getByRole('link', { name: benUser.name })).toBeVisible();
  });

  await test.step('Ann writes to Ben from his friend card; Ben’s unread count rises without a reload', async () => {
    await expectUnread(ben.page, 0);
    await ann.page.getByRole('button', { name: `Message ${benUser.name}` }).click();
    const dialog = ann.page.getByRole('dialog', { name: `Message ${benUser.name}` });
    await expect(dialog).toBeVisible();
    // An empty message is refused in place.
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Message cannot be empty');
    await checkA11y(ann.page);
    await dialog.getByLabel('Message', { exact: true }).fill(`Hello Ben, glad we are friends (${tag})`);
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(toast(ann.page, 'Message sent')).toBeVisible();
    await expect(dialog).toBeHidden();

    await expectUnread(ben.page, 1);
  });

  await test.step('Ben opens Messages: the conversation shows one unread; opening it reads it and the count falls', async () => {
    await connections(ben.page).click();
    await ben.page.getByRole('list', { name: 'Connections' }).getByRole('link', { name: /Messages/ }).click();
    await expect(ben.page).toHaveURL(/\/messages$/);
    await expect(ben.page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
    const item = ben.page.getByRole('list', { name: 'Conversations' }).getByRole('link', { name: literal(annUser.name) });
    await expect(item).toContainText('1 unread');
    // Named by what it shows, the partner first (the avatar beside the name is decorative).
    await expect(item).toHaveAccessibleName(new RegExp(`^${annUser.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
    await checkA11y(ben.page);

    // A second message arrives while Ben looks at the list.
    await ann.page.goto(`/messages?with=${benUser.id}`);
    await expect(ann.page.getByRole('heading', { name: `Conversation with ${benUser.name}` })).toBeVisible();
    const annBox = ann.page.getByLabel(`Message to ${benUser.name}`, { exact: true });
    await annBox.fill('Are you coming to the meeting?');
    await annBox.press('Enter');
    await expect(ann.page.getByRole('log', { name: `Messages with ${benUser.name}` })).toContainText('Are you coming to the meeting?');
    await expect(item).toContainText('2 unread');
    await expect(item).toContainText('Are you coming to the meeting?');
    await expectUnread(ben.page, 2);

    await item.click();
    const benLog = ben.page.getByRole('log', { name: `Messages with ${annUser.name}` });
    await expect(benLog).toContainText(`Hello Ben, glad we are friends (${tag})`);
    await expect(benLog).toContainText('Are you coming to the meeting?');
    await expectUnread(ben.page, 0);
    await expect(item).not.toContainText('unread');
    await checkA11y(ben.page);
  });

  await test.step('Ben answers; Ann sees the answer arrive in her open conversation', async () => {
    const benBox = ben.page.getByLabel(`Message to ${annUser.name}`, { exact: true });
    await benBox.fill('   ');
    await benBox.press('Enter');
    await expect(ben.page.getByRole('form', { name: `Reply to ${annUser.name}` }).getByRole('alert')).toHaveText('Message cannot be empty');
    await benBox.fill('Yes, see you at 7!');
    await ben.page.getByRole('button', { name: 'Send message' }).click();
    await expect(ann.page.getByRole('log', { name: `Messages with ${benUser.name}` })).toContainText('Yes, see you at 7!');
    // Ann reads it where it arrived: no unread count for her.
    await expectUnread(ann.page, 0);
    await checkA11y(ann.page);
  });

  await test.step('on a phone, Messages shows the list or the open conversation, one at a time', async () => {
    await ben.page.setViewportSize({ width: 375, height: 740 });
    await ben.page.goto('/messages');
    const list = ben.page.getByRole('list', { name: 'Conversations' });
    await expect(list).toBeVisible();
    await expect(ben.page.getByRole('form', { name: 'New message' })).toBeHidden();
    await list.getByRole('link', { name: literal(annUser.name) }).click();
    await expect(ben.page.getByRole('log', { name: `Messages with ${annUser.name}` })).toContainText('Yes, see you at 7!');
    await expect(list).toBeHidden();
    await checkA11y(ben.page);
    await ben.page.getByRole('button', { name: 'Back to conversations' }).click();
    await expect(list).toBeVisible();
    await ben.page.getByRole('button', { name: 'Open menu' }).click();
    await expect(ben.page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: /^Messages/ })).toBeVisible();
  });
});

test('an administrator’s state broadcast reaches a voter of that state and not one of another', async ({ createUser, cast }) => {
  test.setTimeout(90_000);
  const tag = runTag();
  const adminUser = await createUser({ name: `Ada Admin ${tag}`, email: uniqueEmail('admin'), isAdministrator: true, state: 'OH', district: 3 });
  const texanUser = await createUser({ name: `Tex Voter ${tag}`, email: uniqueEmail('texan'), state: 'TX', district: 7 });
  const ohioanUser = await createUser({ name: `Ohio Voter ${tag}`, email: uniqueEmail('ohioan'), state: 'OH', district: 3 });
  const text = `Texas: the state convention opens Saturday (${tag})`;

  const admin = await cast.browse(adminUser);
  await test.step('the administrator sends a broadcast to Texas, after a district scope without a state is refused', async () => {
    await admin.page.goto('/messages');
    await admin.page.getByRole('tab', { name: 'Broadcasts' }).click();
    await expect(admin.page).toHaveURL(/\/messages\?tab=broadcasts$/);
    const form = admin.page.getByRole('form', { name: 'Send a broadcast' });
    await expect(form).toBeVisible();
    await checkA11y(admin.page);

    await form.getByRole('radio', { name: 'A district' }).check();
    await expect(form.getByLabel('District', { exact: true })).toBeDisabled();
    await form.getByLabel('Broadcast message', { exact: true }).fill(text);
    await form.getByRole('button', { name: 'Send Broadcast' }).click();
    await expect(form.getByText('State is required for a state or district broadcast.')).toBeVisible();
    await checkA11y(admin.page);

    await form.getByRole('radio', { name: 'A state' }).check();
    await form.getByLabel('State', { exact: true }).selectOption('TX');
    await form.getByRole('button', { name: 'Send Broadcast' }).click();
    await expect(toast(admin.page, 'Broadcast sent')).toBeVisible();
    const mine = admin.page.getByRole('list', { name: 'Recent broadcasts' }).getByRole('article').filter({ hasText: text });
    await expect(mine).toContainText('Sent by you');
    await expect(mine).toContainText('To: Texas');
  });

  await test.step('a Texan reads it; the Texan has no send form', async () => {
    const texan = await cast.browse(texanUser);
    await texan.page.goto('/messages?tab=broadcasts');
    const list = texan.page.getByRole('list', { name: 'Recent broadcasts' });
    await expect(list.getByRole('article', { name: `Broadcast from ${adminUser.name}` }).filter({ hasText: text })).toBeVisible();
    await expect(texan.page.getByRole('form', { name: 'Send a broadcast' })).toHaveCount(0);
    await checkA11y(texan.page);
  });

  await test.step('an Ohioan does not see it', async () => {
    const ohioan = await cast.browse(ohioanUser);
    await ohioan.page.goto('/messages?tab=broadcasts');
    await expect(ohioan.page.getByRole('heading', { name: 'Recent Broadcasts' })).toBeVisible();
    await expect(ohioan.page.getByRole('status', { name: 'Loading broadcasts' })).toHaveCount(0);
    await expect(ohioan.page.getByText(text)).toHaveCount(0);
    const answer = await ohioan.page.request.get('/api/broadcasts');
    expect(await answer.text()).not.toContain(text);
  });
});

test('an elected delegate’s broadcast reaches the members of their caucus and not a neighbour outside it', async ({ db, createUser, cast }) => {
  test.setTimeout(90_000);
  const tag = runTag();
  const home = await pickFreeDistrict(db);
  const make = (name: string) => createUser({ name: `${name} ${tag}`, email: uniqueEmail(name.toLowerCase().replace(/\s+/g, '-')), ...home });
  const delegateUser = await make('Della Delegate');
  const memberUser = await make('Manny Member');
  const otherMember = await make('Mona Member');
  const neighbourUser = await make('Ned Neighbour');

  // A level-1 caucus whose election is over: its three voters elected Della.
  const caucus = await createCaucusRow(db, { name: `Oak Street ${tag}`, ...home, level: 1, requiredVotingMembers: 3 });
  await db.insert(caucusMembers).values([delegateUser, memberUser, otherMember].map((u) => ({ caucusId: caucus.id, userId: u.id, isVotingMember: true })));
  await db
    .update(caucuses)
    .set({ votingStarted: true, votingFinalized: true, electionFinalized: true, electedDelegateId: delegateUser.id, finalizedAt: new Date() })
    .where(eq(caucuses.id, caucus.id));
  const text = `Report from your delegate (${tag})`;

  await test.step('the delegate broadcasts to the constituents', async () => {
    const delegate = await cast.browse(delegateUser);
    await delegate.page.goto('/messages?tab=broadcasts');
    const form = delegate.page.getByRole('form', { name: 'Send a broadcast' });
    const scope = form.getByRole('radio', { name: literal(`Your constituents: every voter beneath Oak Street ${tag} (Level 1)`) });
    await expect(scope).toBeChecked();
    await expect(form.getByRole('radio')).toHaveCount(1);
    await checkA11y(delegate.page);
    await form.getByLabel('Broadcast message', { exact: true }).fill(text);
    await form.getByRole('button', { name: 'Send Broadcast' }).click();
    await expect(toast(delegate.page, 'Broadcast sent')).toBeVisible();
  });

  await test.step('a member of the caucus reads it', async () => {
    const member = await cast.browse(memberUser);
    await member.page.goto('/messages?tab=broadcasts');
    const article = member.page.getByRole('list', { name: 'Recent broadcasts' }).getByRole('article', { name: `Broadcast from ${delegateUser.name}` });
    await expect(article).toContainText(text);
    await expect(article).toContainText(`To: Constituents of a Level 1 Delegate in ${home.state}-${home.district}`);
    await checkA11y(member.page);
  });

  await test.step('a neighbour in the same district, outside the caucus, does not', async () => {
    const neighbour = await cast.browse(neighbourUser);
    await neighbour.page.goto('/messages?tab=broadcasts');
    await expect(neighbour.page.getByRole('heading', { name: 'Recent Broadcasts' })).toBeVisible();
    await expect(neighbour.page.getByText(text)).toHaveCount(0);
    expect(await (await neighbour.page.request.get('/api/broadcasts')).text()).not.toContain(text);
  });
});
