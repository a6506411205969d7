// The whole life of a level-1 caucus, in the browser as its people use it: an organizer
// creates it for a district, shares its invitation link, brings in a co-organizer and
// invites a voter; ten voters of the district join (one leaving another caucus to do so);
// two of them chat; everyone votes for the same member; the last voter, not yet verified,
// verifies through the test-mode provider and the election finalizes by itself. The delegate
// is then Level 2 and joins a level-2 caucus; the organizers have their Banner; members see
// their representation; an administrator opens the district's level-5 caucus and raises its
// required members.
import { and, eq } from 'drizzle-orm';
import { caucusMembers, caucuses, votes } from '../../src/server/db/schema/caucuses';
import { createCaucusRow } from '../../src/server/test/caucus-factories';
import { definitionOf, uniqueEmail } from './support/fixtures';
import {
  caucusIdOf,
  checkA11y,
  createCaucusAsOrganizer,
  expect,
  expectCaucusPage,
  joinThroughApi,
  joinThroughInvitationLink,
  literal,
  membersHeading,
  pickFreeDistrict,
  runTag,
  test,
  toast,
  voteInPanel,
  voteThroughApi,
} from './support/caucus-fixtures';

const FIRST_NAMES = ['Ada', 'Ben', 'Carla', 'Dev', 'Elena', 'Frank', 'Grace', 'Hector', 'Iris', 'Jamal'];

test('a level-1 caucus fills, chats, votes unanimously and elects its delegate once the last member verifies', async ({ db, createUser, cast }) => {
  test.setTimeout(420_000); // one long story: a dozen people, two dozen accessibility scans

  const tag = runTag();
  const home = await pickFreeDistrict(db);
  const where = `${home.state}-${home.district}`;
  const caucusName = `Main Street ${tag}`;
  const otherCaucusName = `Elm Street ${tag}`;
  const level2Name = `County Table ${tag}`;
  const level5Name = `District Convention ${tag}`;

  // The people: organizers live anywhere; the ten voters live in the district.
  const organizer = await createUser({ name: `Olivia Organizer ${tag}`, email: uniqueEmail('organizer') });
  const coOrganizer = await createUser({ name: `Colin Coorganizer ${tag}`, email: uniqueEmail('co-organizer') });
  const admin = await createUser({ name: `Ann Administrator ${tag}`, email: uniqueEmail('admin'), isAdministrator: true });
  const voters = [];
  for (let i = 0; i < 10; i++) {
    voters.push(
      await createUser({
        name: `${FIRST_NAMES[i]} Voter ${tag}`,
        email: uniqueEmail(`voter${i + 1}`),
        state: home.state,
        district: home.district,
        verified: i !== 3, // the fourth voter has not verified yet
      }),
    );
  }
  const [invited, delegate, mover, unverified] = [voters[0]!, voters[1]!, voters[2]!, voters[3]!];
  const apiVoters = voters.slice(4);

  // The mover already votes in another level-1 caucus of the district.
  const otherCaucus = await createCaucusRow(db, { name: otherCaucusName, state: home.state, district: home.district, level: 1 });
  await db.insert(caucusMembers).values({ caucusId: otherCaucus.id, userId: mover.id, isVotingMember: true });
  await db.insert(votes).values({ caucusId: otherCaucus.id, voterId: mover.id, candidateId: mover.id });

  const org = await cast.browse(organizer, { permissions: ['clipboard-read', 'clipboard-write'] });
  let caucusId = '';
  let invitationLink = '';
  let invitationCode = '';

  await test.step('the organizer creates the caucus and opens it from My Caucuses', async () => {
    await createCaucusAsOrganizer(org.page, { name: caucusName, state: home.state, district: home.district, level: 1 }, { a11y: true });
    await checkA11y(org.page);

    await org.page.goto('/my-caucuses');
    await org.page.getByRole('tab', { name: 'Organizing' }).click();
    await expect(org.page).toHaveURL(/\/my-caucuses\?tab=organizing$/);
    const card = org.page.getByRole('list', { name: 'Caucuses you organize' }).getByRole('link', { name: literal(caucusName) });
    await expect(card).toContainText(`Level 1 · ${where} · 0/10 members`);
    await checkA11y(org.page);
    await card.click();
    await expectCaucusPage(org.page, caucusName);
    caucusId = caucusIdOf(org.page);
    await expect(org.page.getByText('You organize this caucus.')).toBeVisible();
    await expect(membersHeading(org.page, 0, 10)).toBeVisible();
    await expect(org.page.getByText('Election Pending').first()).toBeVisible();
    await checkA11y(org.page);
  });

  await test.step('the organizer copies the invitation link', async () => {
    const field = org.page.getByRole('textbox', { name: 'Invitation link' });
    invitationLink = await field.inputValue();
    expect(invitationLink).toMatch(new RegExp(`^${literal(new URL(org.page.url()).origin).source}/join/[A-Z0-9]{6}$`));
    invitationCode = invitationLink.slice(-6);
    const [row] = await db.select({ code: caucuses.invitationCode }).from(caucuses).where(eq(caucuses.id, caucusId));
    expect(row?.code).toBe(invitationCode);

    await org.page.getByRole('button', { name: 'Copy Link' }).click();
    await expect(toast(org.page, 'Invitation link copied!')).toBeVisible();
    expect(await org.page.evaluate(() => navigator.clipboard.readText())).toBe(invitationLink);
  });

  await test.step('the organizer invites a co-organizer by email, who accepts on Organizer Invitations', async () => {
    await org.page.getByRole('button', { name: 'Invite Co-Organizer' }).click();
    const dialog = org.page.getByRole('dialog', { name: 'Invite Co-Organizer' });
    await expect(dialog.getByRole('tab', { name: 'By Email' })).toHaveAttribute('aria-selected', 'true');
    await dialog.getByLabel('Email address').fill(coOrganizer.email);
    await checkA11y(org.page);
    await dialog.getByRole('button', { name: 'Send Invitation' }).click();
    // By email the answer is the same whether the address has an account or not (issue 29).
    await expect(toast(org.page, 'Invitation Sent')).toContainText(`Invitation sent to ${coOrganizer.email}, if this address can take it`);
    await expect(dialog).toBeHidden();

    const co = await cast.browse(coOrganizer);
    await co.page.goto('/organizer-invitations');
    await expect(co.page.getByRole('heading', { level: 1, name: 'Organizer Invitations' })).toBeVisible();
    const received = co.page.getByRole('list', { name: 'Received organizer invitations' }).getByRole('listitem').filter({ hasText: caucusName });
    await expect(received).toContainText(`From ${organizer.name}`);
    await checkA11y(co.page);
    await received.getByRole('button', { name: `Accept invitation to ${caucusName}` }).click();
    await expect(toast(co.page, 'Invitation accepted')).toContainText(`You now organize ${caucusName}.`);
    await expect(received.getByText('Accepted', { exact: true })).toBeVisible();

    await co.page.goto(`/caucus/${caucusId}`);
    await expectCaucusPage(co.page, caucusName);
    await expect(co.page.getByText('You organize this caucus.')).toBeVisible();
    await expect(co.page.getByRole('heading', { name: 'Organizers' }).locator('xpath=../..')).toContainText(coOrganizer.name);
    await co.context.close();

    // The organizer's sent list shows the answer.
    await org.page.goto('/organizer-invitations');
    const sent = org.page.getByRole('list', { name: 'Sent organizer invitations' }).getByRole('listitem').filter({ hasText: caucusName });
    await expect(sent).toContainText(`To ${coOrganizer.name}`);
    await expect(sent.getByText('Accepted', { exact: true })).toBeVisible();
    await checkA11y(org.page);
  });

  await test.step('the organizer invites a voter of the district, who accepts on My Caucuses', async () => {
    await org.page.goto(`/caucus/${caucusId}`);
    await expectCaucusPage(org.page, caucusName);
    await org.page.getByRole('button', { name: 'Invite Others' }).click();
    const dialog = org.page.getByRole('dialog', { name: 'Invite Others' });
    await dialog.getByLabel(`Search voters in ${where}`).fill(invited.name);
    const invite = dialog.getByRole('button', { name: `Invite ${invited.name}` });
    await expect(invite).toBeVisible();
    await checkA11y(org.page);
    await invite.click();
    await expect(toast(org.page, 'Invitation Sent')).toContainText(`${invited.name} has been invited to join ${caucusName}.`);
    await expect(dialog.getByRole('button', { name: `${invited.name} invited` })).toBeDisabled();
    await org.page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    const voter = await cast.browse(invited);
    await voter.page.goto('/my-caucuses');
    await expect(voter.page.getByRole('tab', { name: /Representation/ })).toHaveAttribute('aria-selected', 'true');
    const invitation = voter.page.getByRole('list', { name: 'Voting member invitations' }).getByRole('listitem').filter({ hasText: caucusName });
    await expect(invitation).toContainText(`From ${organizer.name}`);
    await checkA11y(voter.page);
    await invitation.getByRole('button', { name: `Accept invitation to ${caucusName}` }).click();
    await expect(toast(voter.page, 'Invitation accepted')).toContainText(`You are now a voting member of ${caucusName}.`);
    await expect(voter.page.getByText('No pending invitations to join a caucus.')).toBeVisible();
    await expect(voter.page.getByRole('list', { name: 'Caucuses you vote in' }).getByRole('link', { name: literal(caucusName) })).toContainText('1/10 members');
    await voter.context.close();
  });

  const delegateActor = await cast.browse(delegate, { signedIn: false });
  const moverActor = await cast.browse(mover, { signedIn: false });
  const unverifiedActor = await cast.browse(unverified, { signedIn: false });

  await test.step('three voters follow the invitation link as guests, sign in and join', async () => {
    await joinThroughInvitationLink(delegateActor, invitationLink, caucusName, { a11y: true });
    await expect(membersHeading(delegateActor.page, 2, 10)).toBeVisible();
    await checkA11y(delegateActor.page);
    // A member in the list is a button named by what it shows, and opens their card.
    await delegateActor.page.getByRole('button', { name: `${invited.name} Level 1`, exact: true }).click();
    const card = delegateActor.page.getByRole('dialog', { name: invited.name });
    await expect(card.getByRole('link', { name: 'View Profile' })).toHaveAttribute('href', `/profile/${invited.id}`);
    await checkA11y(delegateActor.page);
    await card.getByRole('button', { name: 'Close' }).click();
    await expect(card).toBeHidden();

    // This voter holds a seat in another level-1 caucus of the district: joining asks first.
    await joinThroughInvitationLink(moverActor, invitationLink, caucusName, { confirmLeave: otherCaucusName, a11y: 'dialog' });
    await expect(membersHeading(moverActor.page, 3, 10)).toBeVisible();
    const leftBehind = await db
      .select({ userId: caucusMembers.userId })
      .from(caucusMembers)
      .where(and(eq(caucusMembers.caucusId, otherCaucus.id), eq(caucusMembers.userId, mover.id)));
    expect(leftBehind, 'the seat in the other caucus is given up').toEqual([]);
    expect(await db.select().from(votes).where(eq(votes.caucusId, otherCaucus.id)), 'and the vote there with it').toEqual([]);

    await joinThroughInvitationLink(unverifiedActor, invitationLink, caucusName);
    await expect(membersHeading(unverifiedActor.page, 4, 10)).toBeVisible();
  });

  await test.step('the other six join with the invitation code through the API', async () => {
    for (const voter of apiVoters) await joinThroughApi(await cast.api(voter), invitationCode);
    await org.page.reload();
    await expectCaucusPage(org.page, caucusName);
    await expect(membersHeading(org.page, 10, 10)).toBeVisible();
    await expect(org.page.getByRole('heading', { level: 1, name: caucusName }).locator('xpath=../..').getByText('Closed', { exact: true })).toBeVisible();
  });

  await test.step('two members chat: a message appears for the other without a reload', async () => {
    for (const actor of [delegateActor, moverActor]) {
      await actor.page.reload();
      await expectCaucusPage(actor.page, caucusName);
      await expect(actor.page.getByRole('region', { name: 'Caucus Chat' }).getByText('Live', { exact: true })).toBeVisible();
    }
    const hello = `Hello neighbours, shall we meet on Thursday? (${tag})`;
    await delegateActor.page.getByRole('textbox', { name: 'Chat message' }).fill(hello);
    await delegateActor.page.getByRole('textbox', { name: 'Chat message' }).press('Enter');
    await expect(delegateActor.page.getByRole('textbox', { name: 'Chat message' })).toHaveValue('');
    const moverLog = moverActor.page.getByRole('log', { name: 'Chat messages' });
    await expect(moverLog.getByRole('listitem').filter({ hasText: hello })).toContainText(delegate.name);

    const reply = `Thursday works for me (${tag})`;
    await moverActor.page.getByRole('textbox', { name: 'Chat message' }).fill(reply);
    await moverActor.page.getByRole('textbox', { name: 'Chat message' }).press('Enter');
    await expect(delegateActor.page.getByRole('log', { name: 'Chat messages' }).getByRole('listitem').filter({ hasText: reply })).toContainText(mover.name);
    await checkA11y(moverActor.page);
  });

  await test.step('nine verified members vote for the same member, two of them in the panel', async () => {
    const recorded = await voteInPanel(delegateActor.page, delegate.name, 'Vote recorded'); // a member may vote for themselves
    await expect(recorded).toContainText(`You voted for ${delegate.name}.`);
    await checkA11y(delegateActor.page);
    await voteInPanel(moverActor.page, delegate.name, 'Vote recorded');

    for (const voter of [invited, ...apiVoters]) {
      expect(await voteThroughApi(await cast.api(voter), caucusId, delegate.id)).toBe('open');
    }
    await org.page.reload();
    await expectCaucusPage(org.page, caucusName);
    await expect(org.page.getByText('Votes cast:')).toContainText('Votes cast: 9 of 10');
    await expect(org.page.getByText('Organizers follow the election but do not vote.')).toBeVisible();
  });

  await test.step('the unverified member votes too: the caucus waits for verification', async () => {
    await unverifiedActor.page.reload();
    await expectCaucusPage(unverifiedActor.page, caucusName);
    const warning = await voteInPanel(unverifiedActor.page, delegate.name, 'Verification Required');
    await expect(warning).toContainText('All members must verify their profiles before the vote can be finalized.');
    const waiting = unverifiedActor.page.getByRole('alert').filter({ hasText: 'Verification Required: All members must verify their profiles before the vote can be finalized.' });
    await expect(waiting).toContainText('1 member still needs to verify.');
    await expect(unverifiedActor.page.getByText('Election Pending').first()).toBeVisible();
    await checkA11y(unverifiedActor.page);

    // The other members see it as well.
    await delegateActor.page.reload();
    await expect(delegateActor.page.getByText('Verification Required: All members must verify their profiles before the vote can be finalized.')).toBeVisible();
    await expect(delegateActor.page.getByRole('link', { name: 'Verify your profile' })).toHaveCount(0);

    await waiting.getByRole('link', { name: 'Verify your profile' }).click();
    await expect(unverifiedActor.page).toHaveURL(/\/verification$/);
  });

  await test.step('the last member pays the fee and passes the identity check in test mode', async () => {
    const page = unverifiedActor.page;
    await expect(page.getByRole('heading', { level: 1, name: 'Verify Your Account' })).toBeVisible();
    await expect(page.getByRole('note').filter({ hasText: 'Test mode:' })).toBeVisible();
    await checkA11y(page);

    await page.getByRole('button', { name: 'Pay $3.00' }).click();
    await expect(page).toHaveURL(/\/test-provider\/checkout\/test_cs_/);
    await expect(page.getByRole('heading', { level: 1, name: 'Pay $3.00' })).toBeVisible();
    await expect(page.getByText('Test mode — no real payment.')).toBeVisible();
    await checkA11y(page);
    await page.getByRole('button', { name: 'Pay $3.00' }).click();
    await expect(page).toHaveURL(/\/verification$/);
    await expect(page.getByText('Paid: we have received your $3.00 fee.')).toBeVisible();

    await page.getByLabel('U.S. Government ID#').fill(`D${Date.now().toString().slice(-9)}`);
    await page.getByRole('button', { name: 'Start Identity Check' }).click();
    await expect(page).toHaveURL(/\/test-provider\/identity\/test_vs_/);
    await expect(page.getByRole('heading', { level: 1, name: 'Identity check' })).toBeVisible();
    await checkA11y(page);
    await page.getByRole('button', { name: 'Approve' }).click();
    await expect(page).toHaveURL(/\/verification$/);
    await expect(page.getByRole('heading', { name: 'Your account is verified' })).toBeVisible();
    await checkA11y(page);
  });

  await test.step('the election has finalized by itself: Delegate Elected', async () => {
    await unverifiedActor.page.goto(`/caucus/${caucusId}`);
    await expectCaucusPage(unverifiedActor.page, caucusName);
    const election = unverifiedActor.page.getByRole('heading', { name: 'Delegate Election' }).locator('xpath=../..');
    await expect(election).toContainText('The election is finalized. No further voting.');
    await expect(election.getByText('Delegate Elected', { exact: true })).toBeVisible();
    await expect(election.getByRole('button', { name: delegate.name })).toBeVisible();
    await expect(election).toContainText('Represents this caucus at Level 2.');
    await expect(unverifiedActor.page.getByText('The election is finalized: members can no longer leave this caucus.')).toBeVisible();
    await checkA11y(unverifiedActor.page);

    await delegateActor.page.reload();
    await expectCaucusPage(delegateActor.page, caucusName);
    await expect(delegateActor.page.getByText('Delegate Elected').first()).toBeVisible();
    await expect(delegateActor.page.getByRole('heading', { name: 'Members (10/10)' }).locator('xpath=../..').getByText('Delegate', { exact: true })).toBeVisible();

    const [row] = await db.select().from(caucuses).where(eq(caucuses.id, caucusId));
    expect(row).toMatchObject({ electionFinalized: true, votingFinalized: true, electedDelegateId: delegate.id });
  });

  await test.step('the delegate is Level 2 with the Delegate - Level 2 badge; each organizer has 1 Banner', async () => {
    const page = delegateActor.page;
    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
    await expect(definitionOf(page, 'Level')).toHaveText('Level 2');
    const badges = page.getByRole('heading', { name: 'Recent Badges' }).locator('xpath=../..');
    const showAll = badges.getByRole('button', { name: /Show all/ });
    await expect(badges.getByRole('link').first()).toBeVisible();
    if (await showAll.isVisible()) await showAll.click();
    await expect(badges.getByRole('link', { name: /Delegate - Level 2/ })).toBeVisible();
    await checkA11y(page);

    for (const person of [organizer, coOrganizer]) {
      const actor = person === organizer ? org : await cast.browse(person);
      await actor.page.goto('/profile');
      await expect(actor.page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
      await expect(definitionOf(actor.page, 'Name')).toHaveText(person.name);
      await expect(definitionOf(actor.page, 'Banners')).toHaveText('1');
      if (person === organizer) await checkA11y(actor.page);
    }
  });

  await test.step('a member sees the caucus and its delegate on Representation', async () => {
    const page = moverActor.page;
    await page.goto('/representation');
    await expect(page.getByRole('heading', { level: 1, name: 'Your Representation' })).toBeVisible();
    const chain = page.getByRole('list', { name: 'Your representation, level by level' });
    const level1 = chain.getByRole('listitem').filter({ hasText: caucusName });
    await expect(level1).toContainText('Level 1');
    await expect(level1).toContainText('Elected Delegate');
    await expect(level1.getByRole('link', { name: delegate.name })).toHaveAttribute('href', `/profile/${delegate.id}`);
    await expect(chain).toContainText('Your Level 1 Delegate has not joined a Level 2 caucus yet.');
    await expect(page.getByRole('heading', { name: 'Your Candidate' })).toHaveCount(0);
    await checkA11y(page);
  });

  const adminActor = await cast.browse(admin);

  await test.step('an administrator opens a level-2 caucus of the district, and the delegate joins it', async () => {
    await createCaucusAsOrganizer(adminActor.page, { name: level2Name, state: home.state, district: home.district, level: 2 });

    // The delegate's first visit to the search starts at their home district.
    const page = delegateActor.page;
    await page.goto('/caucus-search');
    await expect(page).toHaveURL(new RegExp(`state=${home.state}&district=${home.district}`));
    await page.getByLabel('Level', { exact: true }).selectOption('2');
    const result = page.getByRole('region', { name: 'Search results' }).getByRole('link', { name: level2Name });
    await expect(result).toBeVisible();
    await checkA11y(page);
    await result.click();
    await expectCaucusPage(page, level2Name);
    await expect(page.getByText('Take one of the 10 voting seats (0 taken)')).toBeVisible();
    await page.getByRole('button', { name: 'Join Caucus' }).click();
    await expect(toast(page, 'Joined caucus')).toBeVisible();
    await expect(page.getByText('You are a voting member of this caucus.')).toBeVisible();
    await expect(membersHeading(page, 1, 10)).toBeVisible();
    await checkA11y(page);

    // A level-1 member cannot take a level-2 seat.
    await moverActor.page.goto(`/caucus/${caucusIdOf(page)}`);
    await expectCaucusPage(moverActor.page, level2Name);
    await expect(moverActor.page.getByRole('button', { name: 'Join Caucus' })).toHaveCount(0);

    // The member's representation now reaches level 2.
    await moverActor.page.goto('/representation');
    const level2 = moverActor.page.getByRole('list', { name: 'Your representation, level by level' }).getByRole('listitem').filter({ hasText: level2Name });
    await expect(level2).toContainText('Level 2');
    await expect(level2).toContainText('Election Pending');
  });

  await test.step("an administrator creates the district's level-5 caucus and raises its required members to 12", async () => {
    const page = adminActor.page;
    await createCaucusAsOrganizer(page, { name: level5Name, state: home.state, district: home.district, level: 5 }, { a11y: true });

    await page.goto(`/caucus-search?state=${home.state}&district=${home.district}&level=5`);
    const result = page.getByRole('region', { name: 'Search results' }).getByRole('link', { name: level5Name });
    await expect(result).toBeVisible();
    await result.click();
    await expectCaucusPage(page, level5Name);
    await expect(membersHeading(page, 0, 10)).toBeVisible();

    const required = page.getByRole('heading', { name: 'Required Members' }).locator('xpath=../..');
    const input = required.getByLabel('Required voting members');
    await expect(input).toHaveValue('10');
    await checkA11y(page);
    await input.fill('12');
    await required.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Required members updated')).toContainText(`${level5Name} now needs 12 voting members.`);
    await expect(membersHeading(page, 0, 12)).toBeVisible();
    await expect(input).toHaveValue('12');

    const [row] = await db.select({ required: caucuses.requiredVotingMembers }).from(caucuses).where(eq(caucuses.name, level5Name));
    expect(row?.required).toBe(12);
  });
});
