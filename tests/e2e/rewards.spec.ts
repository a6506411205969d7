// Rewards, the premium badge, Champion and the To-Do list, in the browser: a referral earns
// the referrer the Friend badge; the referrer verifies in test mode, claims the $100
// restaurant voucher and finds the certificate in the dev mailbox; a second claim says
// Already Claimed. A member who has done the other three Champion steps buys the premium
// badge, becomes Champion and no longer sees the Rewards button. Each To-Do list appears for
// the member it fits, once per browser session.
import type { APIRequestContext, Page } from '@playwright/test';
import { eq, sql } from 'drizzle-orm';
import { VOUCHER_CODE_PATTERN } from '../../src/domain/rewards/reward-catalogue';
import type { Db } from '../../src/server/db/client';
import { users } from '../../src/server/db/schema/auth';
import { caucusMembers, votes } from '../../src/server/db/schema/caucuses';
import { premiumBadges } from '../../src/server/db/schema/points';
import { createCaucusRow } from '../../src/server/test/caucus-factories';
import { uniqueEmail } from './support/fixtures';
import { checkA11y, expect, pickFreeDistrict, runTag, test, toast } from './support/caucus-fixtures';

test.describe.configure({ timeout: 120_000 });

/** Registers through the API with `ref` as referrer and confirms the email from the mailbox link. */
async function registerReferredVisitor(request: APIRequestContext, origin: string, referrerId: string, waitForConfirmation: (email: string) => Promise<string>) {
  const email = uniqueEmail('referred');
  const res = await request.post('/api/auth/sign-up/email', {
    headers: { Origin: origin },
    data: { email, password: 'a long enough password', name: 'Rafa Referred', politicalAlignment: 'Independent', state: 'CA', district: 12, recruitedBy: referrerId, callbackURL: '/profile' },
  });
  expect(res.status(), await res.text()).toBe(200);
  const confirm = await request.get(await waitForConfirmation(email), { maxRedirects: 0 });
  expect(confirm.status(), 'the confirmation link').toBeLessThan(400);
}

/** The reward card of `title` ('Friend Badge', 'Welcome Voucher'…) on /rewards. */
const rewardCard = (page: Page, title: string) => page.getByRole('group', { name: title, exact: true });

/** Pays the verification fee and passes the identity check on the test-mode provider's pages. */
async function verifyInTestMode(page: Page) {
  await page.goto('/verification');
  await expect(page.getByRole('heading', { level: 1, name: 'Verify Your Account' })).toBeVisible();
  await page.getByRole('button', { name: 'Pay $3.00' }).click();
  await expect(page).toHaveURL(/\/test-provider\/checkout\/test_cs_/);
  await page.getByRole('button', { name: 'Pay $3.00' }).click();
  await expect(page.getByText('Paid: we have received your $3.00 fee.')).toBeVisible();
  await page.getByLabel('U.S. Government ID#').fill(`R${Date.now().toString().slice(-9)}`);
  await page.getByRole('button', { name: 'Start Identity Check' }).click();
  await expect(page).toHaveURL(/\/test-provider\/identity\/test_vs_/);
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByRole('heading', { name: 'Your account is verified' })).toBeVisible();
}

test('a referral earns Friend; verified, the referrer claims the $100 restaurant voucher once and finds the certificate', async ({ page, context, createUser, signIn, request, origin, mailbox }) => {
  const referrer = await createUser({ name: `Rita Rewarded ${runTag()}`, email: uniqueEmail('rewarded') });
  await signIn(page, referrer);

  await test.step('a visitor registers through the referral link: the referrer earns 1 Spark and the Friend badge', async () => {
    await registerReferredVisitor(request, origin, referrer.id, async (email) => mailbox.firstUrl(await mailbox.waitForMessage(email, { subject: 'Confirm your email' })));
    const session = (await (await page.request.get('/api/session')).json()) as { user: { sparks: number; badgeNames: string[] } };
    expect(session.user.sparks).toBe(1);
    expect(session.user.badgeNames).toContain('Friend');
  });

  await test.step('unverified: the Friend reward is earned but waits for verification', async () => {
    await page.goto('/rewards');
    await expect(page.getByRole('heading', { level: 1, name: 'Earn Rewards While Saving Your Country' })).toBeVisible();
    const warning = page.getByRole('note', { name: 'Verification required' });
    await expect(warning).toContainText('Your account is not verified yet.');
    await expect(warning.getByRole('link', { name: 'Verify your account' })).toHaveAttribute('href', '/verification');
    await expect(rewardCard(page, 'Welcome Voucher')).toContainText('$100 Hotel Savings Card');
    const friend = rewardCard(page, 'Friend Badge');
    await expect(friend).toContainText('$100 Restaurant Voucher');
    await expect(friend).toContainText('You have earned this reward! Verify your account to claim it.');
    await expect(rewardCard(page, 'Believer Badge')).toContainText('Not earned yet');
    await expect(page.getByRole('group')).toHaveCount(11);
    await expect(page.getByRole('heading', { name: 'How Is This Possible? Is This for Real?' })).toBeVisible();
    await expect(page.getByText('rewards may incur taxes and processing fees')).toBeVisible();
    await checkA11y(page);

    // 'Earn N Sparks' and 'Earn N Banners' open their help dialogs.
    await rewardCard(page, 'Believer Badge').getByRole('button', { name: 'Earn 10 Sparks' }).click();
    const sparksHelp = page.getByRole('dialog', { name: 'How to Earn Sparks' });
    await expect(sparksHelp).toContainText('referral link');
    await expect(sparksHelp).toContainText(`/auth?ref=${referrer.id}`);
    await checkA11y(page);
    await sparksHelp.getByRole('button', { name: 'Got it' }).click();
    await rewardCard(page, 'Captain Badge').getByRole('button', { name: 'Earn 5 Banners' }).click();
    const bannersHelp = page.getByRole('dialog', { name: 'How to Earn Banners' });
    await expect(bannersHelp).toContainText('organize unanimously elects its Delegate');
    await bannersHelp.getByRole('button', { name: 'Got it' }).click();
    await expect(bannersHelp).toBeHidden();
    await expect(rewardCard(page, 'Champion Badge').getByRole('link', { name: 'See your Champion progress' })).toHaveAttribute('href', '/champion');
  });

  await test.step('the referrer verifies in test mode', async () => {
    await verifyInTestMode(page);
  });

  // A second tab opened before the claim still offers Claim Now: it will meet Already Claimed.
  const staleTab = await context.newPage();
  await staleTab.goto('/rewards');
  await expect(rewardCard(staleTab, 'Friend Badge').getByRole('button', { name: 'Claim Now' })).toBeVisible();

  await test.step('claims the $100 restaurant voucher: Send It!', async () => {
    await page.goto('/rewards');
    await expect(page.getByRole('note', { name: 'Verification required' })).toHaveCount(0);
    const friend = rewardCard(page, 'Friend Badge');
    await friend.getByRole('button', { name: 'Claim Now' }).click();
    const dialog = page.getByRole('dialog', { name: 'Claim Your Reward' });
    await expect(dialog).toContainText('$100 Restaurant Voucher');
    await expect(dialog).toContainText(`will be sent to your email, ${referrer.email}`);
    await expect(dialog.getByRole('button', { name: 'Not Yet' })).toBeVisible();
    await checkA11y(page);
    await dialog.getByRole('button', { name: 'Send It!' }).click();
    const done = toast(page, 'Reward Claimed!');
    await expect(done).toBeVisible();
    await expect(done).toContainText('Your reward certificate has been sent to your email.');
    // The toast leaves the navbar and its menus free.
    const [toastBox, navBox] = [await done.boundingBox(), await page.getByRole('navigation', { name: 'Main' }).boundingBox()];
    expect(toastBox!.y).toBeGreaterThanOrEqual(navBox!.y + navBox!.height);
    await expect(dialog).toBeHidden();
    await expect(friend).toContainText('Reward Sent');
    await expect(friend.getByRole('button', { name: 'Claim Now' })).toHaveCount(0);
    // The Welcome Voucher is still there to claim; 'Not Yet' leaves it so.
    await rewardCard(page, 'Welcome Voucher').getByRole('button', { name: 'Claim Now' }).click();
    await page.getByRole('dialog', { name: 'Claim Your Reward' }).getByRole('button', { name: 'Not Yet' }).click();
    await expect(rewardCard(page, 'Welcome Voucher').getByRole('button', { name: 'Claim Now' })).toBeVisible();
  });

  await test.step('the certificate with its voucher code is in the dev mailbox', async () => {
    const mail = await mailbox.waitForMessage(referrer.email, { subject: 'Your reward certificate: $100 Restaurant Voucher' });
    const code = VOUCHER_CODE_PATTERN.source.slice(1, -1);
    const voucher = new RegExp(code).exec(mail.text)?.[0];
    expect(voucher, mail.text).toBeTruthy();
    await page.goto(`/dev/mailbox?to=${encodeURIComponent(referrer.email)}`);
    await page.getByRole('link', { name: 'Your reward certificate: $100 Restaurant Voucher' }).click();
    await expect(page.getByText(`Voucher code: ${voucher}`, { exact: true })).toBeVisible();
    await expect(page.getByRole('paragraph').filter({ hasText: 'reply to this email with your voucher code' })).toBeVisible();
  });

  await test.step('a second claim, from the tab opened before, says Already Claimed', async () => {
    await rewardCard(staleTab, 'Friend Badge').getByRole('button', { name: 'Claim Now' }).click();
    await staleTab.getByRole('dialog', { name: 'Claim Your Reward' }).getByRole('button', { name: 'Send It!' }).click();
    const refused = toast(staleTab, 'Already Claimed');
    await expect(refused).toBeVisible();
    await expect(refused).toContainText('You have already claimed this reward.');
    await expect(rewardCard(staleTab, 'Friend Badge')).toContainText('Reward Sent');
    expect((await mailbox.messages(referrer.email)).filter((m) => m.subject.startsWith('Your reward certificate'))).toHaveLength(1);
  });
});

/** The three Champion steps other than a premium badge: 3 Sparks, an organized caucus, a vote in a finalized level-1 caucus. */
async function completeOtherChampionSteps(db: Db, userId: string) {
  await db.update(users).set({ sparks: 3 }).where(eq(users.id, userId));
  const home = await pickFreeDistrict(db);
  await createCaucusRow(db, { ...home, organizerId: userId, name: `Organized ${runTag()}` });
  const finalized = await createCaucusRow(db, { ...home, level: 1, name: `Finalized ${runTag()}` });
  await db.insert(caucusMembers).values({ caucusId: finalized.id, userId, isVotingMember: true });
  await db.insert(votes).values({ caucusId: finalized.id, voterId: userId, candidateId: userId });
  await db.execute(sql`update caucuses set election_finalized = true, voting_finalized = true, elected_delegate_id = ${userId} where id = ${finalized.id}`);
}

test('buying the premium badge completes Champion, and the Rewards button disappears', async ({ page, db, createUser, signIn }) => {
  const user = await createUser({ name: `Chris Champion ${runTag()}`, email: uniqueEmail('champion') });
  await completeOtherChampionSteps(db, user.id);
  const [badge] = await db.select().from(premiumBadges).where(eq(premiumBadges.name, 'George Washington'));
  await signIn(page, user);
  const nav = page.getByRole('navigation', { name: 'Main' });

  await test.step('an unknown badge is Badge Not Found', async () => {
    await page.goto('/premium-badge/00000000-0000-4000-8000-000000000000');
    await expect(page.getByText('Badge Not Found')).toBeVisible();
    await page.goto('/premium-badge/not-a-badge');
    await expect(page.getByText('Badge Not Found')).toBeVisible();
  });

  await test.step('the badge page shows the price in dollars; Rewards is in the navbar', async () => {
    await page.goto(`/premium-badge/${badge!.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'George Washington' })).toBeVisible();
    await expect(page.getByLabel('Price: $5.00')).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Rewards' })).toBeVisible();
    await checkA11y(page);
  });

  await test.step('Buy goes to the test-mode provider; back on the page it waits, then owns the badge', async () => {
    await page.getByRole('button', { name: 'Buy for $5.00' }).click();
    await expect(page).toHaveURL(/\/test-provider\/checkout\/test_cs_/);
    await expect(page.getByRole('heading', { level: 1, name: 'Pay $5.00' })).toBeVisible();
    await expect(page.getByText('George Washington premium badge')).toBeVisible();
    await page.getByRole('button', { name: 'Pay $5.00' }).click();
    await expect(page).toHaveURL(new RegExp(`/premium-badge/${badge!.id}$`));
    await expect(page.getByText('You own this badge')).toBeVisible();
    await expect(page.getByRole('button', { name: /^Buy for/ })).toHaveCount(0);
    await checkA11y(page);
  });

  await test.step('Champion is earned: the Rewards button is gone, on the desktop bar and in the mobile sheet', async () => {
    const session = (await (await page.request.get('/api/session')).json()) as { user: { badgeNames: string[] } };
    expect(session.user.badgeNames).toEqual(expect.arrayContaining(['George Washington', 'Champion']));
    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
    await expect(nav.getByRole('button', { name: 'Sign Out' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Rewards', includeHidden: true })).toHaveCount(0);
    await page.setViewportSize({ width: 375, height: 740 });
    await nav.getByRole('button', { name: 'Open menu' }).click();
    const sheet = page.getByRole('dialog', { name: 'Menu' });
    await expect(sheet.getByRole('link', { name: 'Profile' })).toBeVisible();
    await expect(sheet.getByRole('link', { name: 'Rewards' })).toHaveCount(0);
  });
});

test('the Rewards button is orange in the mobile sheet for a member who is not a Champion', async ({ page, createUser, signIn }) => {
  const user = await createUser({ name: `Mia Mobile ${runTag()}` });
  await signIn(page, user);
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Open menu' }).click();
  const rewards = page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Rewards' });
  await expect(rewards).toHaveClass(/bg-accent-700/);
  await rewards.click();
  await expect(page).toHaveURL(/\/rewards$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Earn Rewards While Saving Your Country' })).toBeVisible();
  await checkA11y(page);
});

test.describe('the To-Do List dialog on /home', () => {
  /** Opens /home, waits for the To-Do answer, and returns it with the dialog. */
  async function openHome(page: Page) {
    const response = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/todo');
    await page.goto('/home');
    const answer = await response;
    expect(answer.status()).toBe(200);
    return { answer, dialog: page.getByRole('dialog', { name: 'To-Do List' }) };
  }

  /** Reloading /home in the same browser session neither asks for the list nor shows it again. */
  async function expectNotShownAgain(page: Page) {
    let asked = false;
    page.on('request', (req) => {
      if (new URL(req.url()).pathname === '/api/todo') asked = true;
    });
    await page.reload();
    await expect(page.getByRole('link', { name: 'Find Your Caucus' })).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'To-Do List' })).toHaveCount(0);
    expect(asked, 'GET /api/todo after the dialog was shown').toBe(false);
  }

  test('a newcomer sees list 1, read-only, with links to Rewards and My Caucuses, once per session', async ({ page, createUser, signIn }) => {
    const user = await createUser({ name: `Nora Newcomer ${runTag()}` });
    await signIn(page, user);
    const { dialog } = await openHome(page);
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Complete these tasks to get the most out of the Graduated Unanimous Caucus.');
    const claim = dialog.getByRole('checkbox', { name: 'Claim your $100 Hotel Savings Card on the Rewards page' });
    await expect(claim).not.toBeChecked();
    await claim.click({ force: true });
    await expect(claim).not.toBeChecked(); // read-only
    await expect(dialog.getByRole('checkbox')).toHaveCount(5);
    await expect(dialog.getByRole('link', { name: 'Go to Rewards' })).toHaveAttribute('href', '/rewards');
    await expect(dialog.getByRole('link', { name: 'Go to My Caucuses' })).toHaveAttribute('href', '/my-caucuses');
    await checkA11y(page);
    await dialog.getByRole('button', { name: 'Got it!' }).click();
    await expect(dialog).toBeHidden();
    await expectNotShownAgain(page);
  });

  test('a member whose caucus elected a delegate sees list 2; an elected delegate sees list 3', async ({ db, createUser, cast }) => {
    const home = await pickFreeDistrict(db);
    const delegate = await createUser({ name: `Dana Delegate ${runTag()}`, ...home });
    const voter = await createUser({ name: `Vic Voter ${runTag()}`, ...home, sparks: 10 });
    const caucus = await createCaucusRow(db, { ...home, level: 1 });
    await db.insert(caucusMembers).values([
      { caucusId: caucus.id, userId: delegate.id, isVotingMember: true },
      { caucusId: caucus.id, userId: voter.id, isVotingMember: true },
    ]);
    await db.execute(sql`update caucuses set election_finalized = true, voting_finalized = true, elected_delegate_id = ${delegate.id} where id = ${caucus.id}`);

    const asVoter = await cast.browse(voter);
    const voterHome = await openHome(asVoter.page);
    await expect(voterHome.dialog).toBeVisible();
    await expect(voterHome.dialog.getByRole('checkbox', { name: /earn 10 Sparks and the Believer badge/ })).toBeChecked();
    await expect(voterHome.dialog.getByRole('checkbox', { name: 'Create a new caucus as an Organizer (not voting)' })).not.toBeChecked();
    await expect(voterHome.dialog.getByRole('checkbox')).toHaveCount(3);
    await voterHome.dialog.getByRole('button', { name: 'Got it!' }).click();
    await expectNotShownAgain(asVoter.page);

    const asDelegate = await cast.browse(delegate);
    const delegateHome = await openHome(asDelegate.page);
    await expect(delegateHome.dialog).toBeVisible();
    await expect(delegateHome.dialog.getByRole('checkbox', { name: 'Create or join a Level 2 caucus to represent your Level 1 caucus' })).not.toBeChecked();
    await expect(delegateHome.dialog.getByRole('checkbox')).toHaveCount(4);
    await checkA11y(asDelegate.page);
    await delegateHome.dialog.getByRole('button', { name: 'Got it!' }).click();
    await expectNotShownAgain(asDelegate.page);

  });

  test('no list applies once list 2 is all done: no dialog', async ({ db, createUser, cast }) => {
    const home = await pickFreeDistrict(db);
    const delegate = await createUser({ name: `Del ${runTag()}`, ...home });
    const member = await createUser({ name: `Maxi Member ${runTag()}`, ...home, sparks: 10, banners: 1 });
    const caucus = await createCaucusRow(db, { ...home, level: 1 });
    await db.insert(caucusMembers).values([
      { caucusId: caucus.id, userId: delegate.id, isVotingMember: true },
      { caucusId: caucus.id, userId: member.id, isVotingMember: true },
    ]);
    await db.execute(sql`update caucuses set election_finalized = true, voting_finalized = true, elected_delegate_id = ${delegate.id} where id = ${caucus.id}`);
    await createCaucusRow(db, { ...(await pickFreeDistrict(db)), organizerId: member.id });

    const { page } = await cast.browse(member);
    const { answer, dialog } = await openHome(page);
    expect(await answer.json()).toEqual({ list: null });
    await expect(page.getByRole('link', { name: 'Find Your Caucus' })).toBeVisible();
    await expect(dialog).toHaveCount(0);
  });
});
