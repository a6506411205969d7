// Badges: a member with a few Sparks sees the catalogue in its seven categories with the badge
// they earned marked, opens a badge's detail with their progress, meets 'Badge Not Found' for
// an unknown name, and follows the Champion checklist and copies their referral link.
import { eq } from 'drizzle-orm';
import { systemClock } from '../../src/server/clock';
import { premiumBadges } from '../../src/server/db/schema/points';
import { addOrganizer, createCaucusRow } from '../../src/server/test/caucus-factories';
import { awardReferralSpark } from '../../src/server/features/points/referral.service';
import { checkA11y, expect, pickFreeDistrict, test, toast } from './support/caucus-fixtures';

const CATEGORIES = ['Recruitment', 'Leadership', 'Community', 'Challenges', 'Special', 'Founding', 'Premium'];

test('a member with 3 Sparks follows their badges, a badge’s progress and the Champion checklist', async ({ page, context, db, createUser, signIn, origin }) => {
  test.slow(); // several accessibility scans
  const member = await createUser({ name: 'Bea Badger' });
  for (let i = 0; i < 3; i++) {
    const friend = await createUser({ recruitedBy: member.id });
    await awardReferralSpark({ db, clock: systemClock }, friend.id);
  }
  const home = await pickFreeDistrict(db);
  const organized = await createCaucusRow(db, { ...home, organizerId: member.id, name: 'Badger Organizers' });
  await addOrganizer(db, organized.id, member.id);
  const [gw] = await db.select({ id: premiumBadges.id }).from(premiumBadges).where(eq(premiumBadges.name, 'George Washington'));

  // A visitor sees the catalogue and an invitation to sign in, no progress.
  await page.goto('/badges');
  await expect(page.getByRole('heading', { level: 1, name: 'Earning Badges' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in or join' })).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0);

  // Signed in: the seven categories, Friend marked earned, Believer at 3 / 10.
  await signIn(page, member);
  await page.goto('/badges');
  for (const category of CATEGORIES) await expect(page.getByRole('heading', { level: 2, name: category, exact: true })).toBeVisible();
  await expect(page.getByText('You have earned 1 of')).toBeVisible();
  const friendCard = page.getByRole('link', { name: /^Friend badge Friend/ });
  await expect(friendCard).toContainText('Earned');
  const believerCard = page.getByRole('link', { name: /^Believer badge Believer/ });
  await expect(believerCard).toContainText('3 / 10 Sparks');
  await expect(believerCard).not.toContainText('Earned');
  await expect(page.getByRole('link', { name: /George Washington/ })).toHaveAttribute('href', `/premium-badge/${gw!.id}`);
  await checkA11y(page);

  // At 360 px wide nothing runs off the side.
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(page.getByRole('heading', { level: 2, name: 'Premium', exact: true })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.setViewportSize({ width: 1280, height: 800 });

  // A badge's detail: artwork, criteria and the progress bar with "n / target".
  await believerCard.click();
  await expect(page).toHaveURL(/\/badge\/believer$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Believer' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Believer badge' })).toBeVisible();
  await expect(page.getByText('Earn 10 Sparks')).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Believer progress' })).toHaveAttribute('aria-valuenow', '30');
  await expect(page.getByText('3 / 10', { exact: true })).toBeVisible();
  await checkA11y(page);

  // An earned one says when.
  await page.goto('/badge/friend');
  await expect(page.getByText(/Earned on /)).toBeVisible();

  // An unknown name.
  await page.goto('/badge/not-a-real-badge');
  await expect(page.getByRole('heading', { level: 1, name: 'Badge Not Found' })).toBeVisible();
  await checkA11y(page);
  await page.getByRole('link', { name: 'Back to Badges' }).click();
  await expect(page).toHaveURL(/\/badges$/);

  // The Champion checklist: Sparks and organizing done, voting and a premium badge to go.
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/champion');
  await expect(page.getByRole('heading', { level: 1, name: 'Champion Badge' })).toBeVisible();
  const checklist = page.getByRole('list', { name: 'Champion checklist' });
  await expect(checklist.getByRole('listitem')).toHaveCount(4);
  await expect(checklist.getByRole('listitem').filter({ hasText: 'Sparks' })).toContainText('(done)');
  await expect(checklist.getByRole('listitem').filter({ hasText: 'Organize a caucus' })).toContainText('(done)');
  await expect(checklist.getByRole('listitem').filter({ hasText: 'Vote' })).toContainText('(not done yet)');
  await expect(checklist.getByRole('listitem').filter({ hasText: 'Premium Badge' })).toContainText('(not done yet)');
  await expect(page.getByRole('progressbar', { name: 'Champion Badge progress' })).toHaveAttribute('aria-valuenow', '50');
  // Made from the app's address (BASE_URL), whatever it is: here the browser tests' own.
  const link = `${origin}/auth?ref=${member.id}`;
  await expect(page.getByRole('textbox', { name: 'Referral link' })).toHaveValue(link);
  // The copy button is named by the text it shows (WCAG 2.5.3), before, during and after 'Copied!'.
  const copy = page.getByRole('button', { name: /^(Copy referral link|Copied!)$/ });
  await expect(copy).toHaveText('Copy referral link');
  await expect(copy).toHaveAccessibleName('Copy referral link');
  await copy.click();
  await expect(copy).toHaveText('Copied!');
  await expect(copy).toHaveAccessibleName('Copied!');
  await expect(toast(page, 'Referral link copied!')).toContainText('Share this link to earn Sparks when friends join.');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await expect(copy).toHaveText('Copy referral link', { timeout: 4_000 }); // back after 2 seconds
  await expect(copy).toHaveAccessibleName('Copy referral link');
  for (const [name, path] of [['Find a Caucus', '/caucus-search'], ['Create a Caucus', '/create-caucus'], ['View All Badges', '/badges']]) {
    await expect(page.getByRole('link', { name })).toHaveAttribute('href', path!);
  }
  await checkA11y(page);
});
