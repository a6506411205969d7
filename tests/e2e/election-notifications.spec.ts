// The notifications of an election, as its people meet them (issue 13): members joining fold
// into one notification for the organizer (by mail only in the daily digest); a full caucus
// tells every member, in the app and by mail; when all but one agree, the last one gets "your
// vote is missing" by mail, follows its link to the caucus and votes; the finished election
// tells members who the Delegate is, the Delegate what comes next, the organizer of the Banner.
import type { Page } from '@playwright/test';
import { votingMemberInvitations } from '../../src/server/db/schema/caucuses';
import { addOrganizer, createCaucusRow } from '../../src/server/test/caucus-factories';
import { dismissTodoDialog, uniqueEmail } from './support/fixtures';
import { checkA11y, expect, joinThroughApi, literal, pickFreeDistrict, runTag, test, toast, voteThroughApi } from './support/caucus-fixtures';

const bell = (page: Page) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Notifications/ });
const notificationsList = (page: Page) => page.getByRole('list', { name: 'Notifications' });

test('join, full, vote missing and elected: each person hears what concerns them, in the app and by mail', async ({ db, createUser, cast, mailbox }) => {
  test.setTimeout(180_000);
  const tag = runTag();
  const home = await pickFreeDistrict(db);
  const person = (name: string) => createUser({ name: `${name} ${tag}`, email: uniqueEmail(name.split(' ')[0]!.toLowerCase()), ...home, verified: true });
  const olga = await person('Olga Organizer');
  const [ana, ben, cy] = [await person('Ana Voter'), await person('Ben Voter'), await person('Cy Voter')];
  const caucus = await createCaucusRow(db, { name: `Notice Ten ${tag}`, ...home, requiredVotingMembers: 3, organizerId: olga.id });
  await addOrganizer(db, caucus.id, olga.id);

  await test.step('the organizer sees whom she invited, how often the app reminded them, and who never came', async () => {
    const dan = await person('Dan Invited');
    const week = 7 * 86_400_000;
    await db.insert(votingMemberInvitations).values({ caucusId: caucus.id, inviterId: olga.id, inviteeId: dan.id, createdAt: new Date(Date.now() - week), reminderCount: 2, lastRemindedAt: new Date(Date.now() - week / 7) });
    const organizer = await cast.browse(olga);
    await organizer.page.goto(`/caucus/${caucus.id}`);
    const invitations = organizer.page.getByRole('list', { name: 'Invitations' });
    await expect(invitations.getByRole('listitem').filter({ hasText: dan.name })).toContainText('Never came');
    await expect(invitations.getByRole('listitem').filter({ hasText: dan.name })).toContainText(`Voting member · invited`);
    await expect(invitations.getByRole('listitem').filter({ hasText: dan.name })).toContainText('reminded 2 times');
    await checkA11y(organizer.page);
    const member = await cast.browse(dan);
    await member.page.goto(`/caucus/${caucus.id}`);
    await expect(member.page.getByRole('heading', { level: 1, name: `Notice Ten ${tag}` })).toBeVisible();
    await expect(member.page.getByRole('list', { name: 'Invitations' })).toHaveCount(0);
  });

  await test.step('three people join: the organizer’s bell shows one notification that counts them, and no mail yet', async () => {
    const organizer = await cast.browse(olga);
    await organizer.page.goto('/home');
    await dismissTodoDialog(organizer.page);
    for (const voter of [ana, ben, cy]) await joinThroughApi(await cast.api(voter), caucus.invitationCode);
    await expect(bell(organizer.page)).toHaveAccessibleName('Notifications, 1 unread');
    await bell(organizer.page).click();
    await expect(notificationsList(organizer.page).getByRole('link', { name: literal(`${cy.name} and 2 others joined Notice Ten ${tag}.`) })).toBeVisible();
    await checkA11y(organizer.page);
    expect((await mailbox.messages(olga.email)).map((m) => m.subject)).not.toContain('New member');
  });

  await test.step('the caucus is full: every member is told in the app and by mail', async () => {
    for (const voter of [ana, ben, cy]) {
      const mail = await mailbox.waitForMessage(voter.email, { subject: 'Your caucus is full' });
      expect(mail.text).toContain(`Notice Ten ${tag} has all its voting members.`);
      expect(mail.text).not.toContain(olga.email);
    }
    const { page } = await cast.browse(ana);
    await page.goto('/notifications');
    await expect(notificationsList(page).getByRole('link', { name: literal(`Notice Ten ${tag} has all its voting members.`) })).toBeVisible();
  });

  await test.step('two of three vote for Ana: Cy gets “your vote is missing” by mail, follows it and votes', async () => {
    await voteThroughApi(await cast.api(ana), caucus.id, ana.id);
    await voteThroughApi(await cast.api(ben), caucus.id, ana.id);
    const mail = await mailbox.waitForMessage(cy.email, { subject: 'Your vote is missing' });
    expect(mail.text).toContain(`2 of 3 members of Notice Ten ${tag} voted for ${ana.name}; your vote is missing.`);
    const link = mailbox.firstUrl({ ...mail, text: mail.text.slice(mail.text.indexOf('Open it in the app:')) });
    expect(new URL(link).pathname).toBe(`/caucus/${caucus.id}`);
    const voter = await cast.browse(cy);
    await voter.page.goto(link);
    await voter.page.getByRole('group', { name: 'Choose your Delegate' }).getByRole('radio', { name: literal(ana.name) }).check();
    await voter.page.getByRole('button', { name: 'Cast Vote' }).click();
    await expect(toast(voter.page, 'Delegate Elected')).toBeVisible();
  });

  await test.step('the election is finished: members learn the Delegate, Ana what comes next, Olga her Banner', async () => {
    for (const voter of [ben, cy]) {
      const mail = await mailbox.waitForMessage(voter.email, { subject: 'Delegate elected' });
      expect(mail.text).toContain(`Notice Ten ${tag} elected ${ana.name} as its Delegate.`);
    }
    const delegateMail = await mailbox.waitForMessage(ana.email, { subject: 'You are the Delegate' });
    expect(delegateMail.text).toContain('You now represent it at level 2');
    const organizerMail = await mailbox.waitForMessage(olga.email, { subject: 'Delegate elected' });
    expect(organizerMail.text).toContain('You earned a Banner for organizing it.');
    const { page } = await cast.browse(ana);
    await page.goto('/notifications');
    await notificationsList(page).getByRole('link', { name: /You now represent it at level 2/ }).click();
    await expect(page).toHaveURL(/\/representation$/);
  });
});
