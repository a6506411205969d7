// Team challenges in the browser: a member with a friend creates a challenge through the
// dialog, the friend finds the invitation in My Caucuses and accepts into the smaller team, a
// stranger is refused, Sparks earned in the window show as team scores and ranking, the two
// chat live, and when the end date passes (a test clock: the challenge's dates are moved into
// the past in the app's database, never a sleep) the page shows the winner. Also: leaving
// after a confirmation, and declining (which goes home).
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import { challenges } from '../../src/server/db/schema/challenges';
import { privateMessages } from '../../src/server/db/schema/social';
import { badges, sparks, userBadges } from '../../src/server/db/schema/points';
import { addChallengeMember, createChallengeRow, giveSparks, inviteToChallenge } from '../../src/server/test/challenge-factories';
import { makeFriends } from '../../src/server/test/social-factories';
import { uniqueEmail } from './support/fixtures';
import { checkA11y, expect, runTag, test, toast } from './support/caucus-fixtures';
import type { Page } from '@playwright/test';

const challengeIdOf = (page: Page) => {
  const match = new URL(page.url()).pathname.match(/^\/challenge\/([0-9a-f-]{36})$/);
  if (!match) throw new Error(`not a challenge page: ${page.url()}`);
  return match[1]!;
};
const teamScore = (page: Page, team: 'Blue Team' | 'Orange Team') => page.getByRole('group', { name: team }).getByTestId(team === 'Blue Team' ? 'blue-score' : 'orange-score');
const chatLog = (page: Page) => page.getByRole('log', { name: 'Challenge chat messages' });
const chatBox = (page: Page) => page.getByRole('textbox', { name: 'Chat message' });

test('a challenge from creation through acceptance, scores, chat and completion', async ({ db, createUser, cast }) => {
  test.setTimeout(120_000);
  const tag = runTag();
  const annUser = await createUser({ name: `Annika Challenger ${tag}`, email: uniqueEmail('ann') });
  const benUser = await createUser({ name: `Benedict Challenger ${tag}`, email: uniqueEmail('ben') });
  const cyUser = await createUser({ name: `Cyrus Outsider ${tag}`, email: uniqueEmail('cy') });
  await makeFriends(db, annUser.id, benUser.id);
  const ann = await cast.browse(annUser);
  const ben = await cast.browse(benUser);
  const cy = await cast.browse(cyUser);
  const name = `Spark Sprint ${tag}`;
  let id = '';

  await test.step('Ann opens Challenges, reads what a challenge is', async () => {
    await ann.page.goto('/challenges');
    await expect(ann.page.getByRole('heading', { level: 1, name: 'Challenges' })).toBeVisible();
    await expect(ann.page.getByText('You are not in any ongoing challenge.')).toBeVisible();
    await checkA11y(ann.page);
    await ann.page.getByRole('button', { name: 'What is a challenge?' }).click();
    const dialog = ann.page.getByRole('dialog', { name: 'What is a challenge?' });
    await expect(dialog).toContainText('A tie has no winner');
    await ann.page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  await test.step('Ann creates a challenge through the dialog: first without a friend, then with Ben', async () => {
    await ann.page.getByRole('button', { name: 'Create Challenge' }).click();
    const dialog = ann.page.getByRole('dialog', { name: 'Create Challenge' });
    await expect(dialog.getByRole('checkbox', { name: benUser.name })).toBeVisible();
    await checkA11y(ann.page);
    await dialog.getByLabel('Challenge Name').fill(name);
    await dialog.getByLabel('Duration (days)').fill('3');
    await dialog.getByRole('radio', { name: 'Sparks' }).check();
    await dialog.getByRole('radio', { name: 'Blue Team' }).check();
    await dialog.getByRole('button', { name: 'Create Challenge' }).click();
    await expect(toast(ann.page, 'No Friends Invited')).toBeVisible();
    await expect(dialog.getByText('You must invite at least one friend to create a challenge.')).toBeVisible();

    await dialog.getByRole('checkbox', { name: benUser.name }).check();
    await dialog.getByRole('button', { name: 'Create Challenge' }).click();
    await expect(toast(ann.page, 'Challenge Created')).toBeVisible();
    await expect(ann.page).toHaveURL(/\/challenge\/[0-9a-f-]{36}$/);
    id = challengeIdOf(ann.page);
    await expect(ann.page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(teamScore(ann.page, 'Blue Team')).toHaveText('0');
    await expect(teamScore(ann.page, 'Orange Team')).toHaveText('0');
    await checkA11y(ann.page);
    // The invitation travelled as a private message carrying the link.
    const invitation = await db
      .select({ message: privateMessages.message })
      .from(privateMessages)
      .where(and(eq(privateMessages.senderId, annUser.id), eq(privateMessages.recipientId, benUser.id)));
    expect(invitation.map((m) => m.message)).toEqual([expect.stringContaining(`/challenge/${id}`)]);
  });

  await test.step('Ben follows the link in the invitation message to the challenge', async () => {
    await ben.page.goto(`/messages?with=${annUser.id}`);
    const log = ben.page.getByRole('log', { name: `Messages with ${annUser.name}` });
    await log.getByRole('link', { name: `/challenge/${id}` }).click();
    await expect(ben.page).toHaveURL(new RegExp(`/challenge/${id}$`));
    await expect(ben.page.getByText(`${annUser.name} invited you to this team challenge.`)).toBeVisible();
  });

  await test.step('Ben finds the invitation in My Caucuses › Challenges and accepts into the smaller team', async () => {
    await ben.page.goto('/my-caucuses?tab=challenges');
    await expect(ben.page.getByRole('tab', { name: 'Challenges', selected: true })).toBeVisible();
    const invitations = ben.page.getByRole('list', { name: 'Challenge invitations' });
    await checkA11y(ben.page);
    await invitations.getByRole('link', { name: new RegExp(name) }).click();
    await expect(ben.page).toHaveURL(new RegExp(`/challenge/${id}$`));
    await expect(ben.page.getByText(`${annUser.name} invited you to this team challenge.`)).toBeVisible();
    await expect(ben.page.getByText('If you accept, you join the smaller team: the Orange Team.')).toBeVisible();
    await checkA11y(ben.page);
    await ben.page.getByRole('button', { name: 'Accept' }).click();
    await expect(toast(ben.page, 'Challenge Joined')).toBeVisible();
    await expect(teamScore(ben.page, 'Orange Team')).toHaveText('0');
    await expect(ben.page.getByText('You: Orange Team')).toBeVisible();
  });

  await test.step('a stranger sees Access Denied (the server refuses)', async () => {
    const answer = await cy.page.request.get(`/api/challenges/${id}`);
    expect(answer.status()).toBe(403);
    await cy.page.goto(`/challenge/${id}`);
    await expect(cy.page.getByRole('alert')).toContainText('Access Denied');
    await expect(cy.page.getByText("You don't have access to this challenge.")).toBeVisible();
    await expect(cy.page.getByRole('heading', { name })).toHaveCount(0);
    await checkA11y(cy.page);
  });

  await test.step('Sparks earned in the window show as team scores and ranking', async () => {
    await giveSparks(db, annUser.id, [new Date(), new Date()]);
    await giveSparks(db, benUser.id, [new Date()]);
    await ann.page.reload();
    await expect(teamScore(ann.page, 'Blue Team')).toHaveText('2');
    await expect(teamScore(ann.page, 'Orange Team')).toHaveText('1');
    const ranking = ann.page.getByRole('list', { name: 'Individual ranking' }).getByRole('listitem');
    await expect(ranking.first()).toContainText(annUser.name);
    await expect(ranking.first()).toContainText('2');
    await expect(ranking.nth(1)).toContainText(benUser.name);
  });

  await test.step('Ann and Ben chat live: Enter sends, Shift+Enter is a new line', async () => {
    await ben.page.reload();
    await expect(ben.page.getByText('Live', { exact: true })).toBeVisible();
    await expect(ann.page.getByText('Live', { exact: true })).toBeVisible();
    await chatBox(ann.page).fill('Go blue!');
    await chatBox(ann.page).press('Shift+Enter');
    await chatBox(ann.page).pressSequentially('We lead.');
    await expect(chatBox(ann.page)).toHaveValue('Go blue!\nWe lead.');
    await chatBox(ann.page).press('Enter');
    await expect(chatBox(ann.page)).toHaveValue('');
    await expect(chatLog(ann.page)).toContainText('Go blue!');
    await expect(chatLog(ben.page)).toContainText('Go blue!');
    await expect(chatLog(ben.page)).toContainText('We lead.');

    await chatBox(ben.page).fill('   ');
    await expect(ben.page.getByRole('button', { name: 'Send message' })).toBeDisabled();
    await chatBox(ben.page).fill('Orange is coming');
    await chatBox(ben.page).press('Enter');
    await expect(chatLog(ann.page)).toContainText('Orange is coming');
    await checkA11y(ann.page);
  });

  await test.step('the end date passes (test clock) and the page shows the winner', async () => {
    // Move the challenge, and the Sparks earned in it, a week into the past: its end date has passed.
    const [row] = await db.select({ startDate: challenges.startDate }).from(challenges).where(eq(challenges.id, id));
    await db
      .update(challenges)
      .set({ startDate: sql`${challenges.startDate} - interval '7 days'`, endDate: sql`${challenges.endDate} - interval '7 days'` })
      .where(eq(challenges.id, id));
    await db
      .update(sparks)
      .set({ timestamp: sql`${sparks.timestamp} - interval '7 days'` })
      .where(and(inArray(sparks.userId, [annUser.id, benUser.id]), gte(sparks.timestamp, row!.startDate)));

    await ann.page.reload();
    await expect(ann.page.getByRole('status').filter({ hasText: 'Blue Team wins!' })).toBeVisible();
    await expect(teamScore(ann.page, 'Blue Team')).toHaveText('2');
    await expect(teamScore(ann.page, 'Orange Team')).toHaveText('1');
    await expect(ann.page.getByRole('button', { name: 'Leave Challenge' })).toHaveCount(0);
    await checkA11y(ann.page);

    const [done] = await db.select().from(challenges).where(eq(challenges.id, id));
    expect(done).toMatchObject({ status: 'completed', winningTeam: 'blue', blueScore: 2, orangeScore: 1 });
    const warriors = await db
      .select({ userId: userBadges.userId })
      .from(userBadges)
      .innerJoin(badges, eq(badges.id, userBadges.badgeId))
      .where(and(eq(badges.name, 'Warrior'), inArray(userBadges.userId, [annUser.id, benUser.id])));
    expect(warriors.map((w) => w.userId)).toEqual([annUser.id]);

    await ben.page.goto('/challenges');
    const recent = ben.page.getByRole('list', { name: 'Recent challenges' });
    await expect(recent.getByRole('link', { name: new RegExp(name) })).toContainText('Blue Team won');
    await checkA11y(ben.page);
  });

  await test.step('the challenge page fits a 360 px wide screen', async () => {
    await ben.page.setViewportSize({ width: 360, height: 740 });
    await ben.page.goto(`/challenge/${id}`);
    await expect(teamScore(ben.page, 'Orange Team')).toHaveText('1');
    expect(await ben.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await checkA11y(ben.page);
  });
});

test('a member leaves after confirming; an invited user declines and goes home', async ({ db, createUser, cast }) => {
  const tag = runTag();
  const owner = await createUser({ name: `Olive Owner ${tag}`, email: uniqueEmail('olive') });
  const leaver = await createUser({ name: `Leon Leaver ${tag}`, email: uniqueEmail('leon') });
  const decliner = await createUser({ name: `Dana Decliner ${tag}`, email: uniqueEmail('dana') });
  const c = await createChallengeRow(db, { creatorId: owner.id, name: `Leave Test ${tag}` });
  await addChallengeMember(db, c.id, leaver.id, 'orange');
  await inviteToChallenge(db, c.id, decliner.id, owner.id);

  const leon = await cast.browse(leaver);
  await leon.page.goto(`/challenge/${c.id}`);
  await leon.page.getByRole('button', { name: 'Leave Challenge' }).click();
  const confirm = leon.page.getByRole('dialog', { name: 'Leave this challenge?' });
  await expect(confirm).toBeVisible();
  await checkA11y(leon.page);
  await confirm.getByRole('button', { name: 'Stay' }).click();
  await expect(confirm).toBeHidden();
  await leon.page.getByRole('button', { name: 'Leave Challenge' }).click();
  await leon.page.getByRole('dialog', { name: 'Leave this challenge?' }).getByRole('button', { name: 'Leave Challenge' }).click();
  await expect(toast(leon.page, 'You left the challenge')).toBeVisible();
  await expect(leon.page).toHaveURL(/\/challenges$/);
  expect((await leon.page.request.get(`/api/challenges/${c.id}`)).status()).toBe(403);

  const dana = await cast.browse(decliner);
  await dana.page.goto(`/challenge/${c.id}`);
  await dana.page.getByRole('button', { name: 'Decline' }).click();
  await expect(dana.page).toHaveURL(/\/home$/);
  expect((await dana.page.request.get(`/api/challenges/${c.id}`)).status()).toBe(403);
});
