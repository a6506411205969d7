// Brownies and leaderboards, as people use them: five members give one receiver a brownie on
// the same day — one from the receiver's profile, one from a caucus member list, three through
// the API — so the receiver earns Hugger; the givers' buttons are then disabled for the day;
// the receiver tops the Brownies leaderboard of their state.
import { caucusMembers } from '../../src/server/db/schema/caucuses';
import { createCaucusRow } from '../../src/server/test/caucus-factories';
import { definitionOf, uniqueEmail } from './support/fixtures';
import { checkA11y, expect, expectCaucusPage, literal, pickFreeDistrict, runTag, test, toast } from './support/caucus-fixtures';

const ALREADY = 'You already gave a brownie today';

test('five givers in one day earn the receiver Hugger and a place on the Brownies leaderboard', async ({ db, createUser, cast }) => {
  test.setTimeout(180_000);
  const tag = runTag();
  const home = await pickFreeDistrict(db);
  const receiver = await createUser({ name: `Rita Receiver ${tag}`, email: uniqueEmail('receiver'), state: home.state, district: home.district });
  const givers = [];
  for (const name of ['Gabe', 'Hana', 'Ivan', 'Jude', 'Kira']) {
    givers.push(await createUser({ name: `${name} Giver ${tag}`, email: uniqueEmail(`giver-${name.toLowerCase()}`), state: home.state, district: home.district }));
  }
  const [fromProfile, fromCaucus, ...throughApi] = givers;

  await test.step('from the receiver’s profile: Give Brownie, the toast, the figure, then disabled for the day', async () => {
    const { page } = await cast.browse(fromProfile!);
    await page.goto(`/profile/${receiver.id}`);
    await expect(page.getByRole('heading', { level: 1, name: `${receiver.name} Profile` })).toBeVisible();
    await expect(definitionOf(page, 'Brownies')).toHaveText('0');
    const button = page.getByRole('button', { name: 'Give Brownie' });
    await expect(button).toBeEnabled();
    await checkA11y(page);
    await button.click();
    await expect(toast(page, 'Brownie Awarded!')).toContainText("You've successfully awarded a brownie to this user.");
    await expect(definitionOf(page, 'Brownies')).toHaveText('1');
    await expect(button).toBeDisabled();
    await expect(button).toHaveAccessibleDescription(ALREADY);
    await expect(page.getByText(ALREADY)).toBeVisible();
    // Still true after a reload: the server remembers today's brownie.
    await page.reload();
    await expect(page.getByRole('button', { name: 'Give Brownie' })).toBeDisabled();
    await expect(page.getByText(ALREADY)).toBeVisible();
    // Pressing it anyway gives nothing.
    await page.getByRole('button', { name: 'Give Brownie' }).click({ force: true });
    await expect(definitionOf(page, 'Brownies')).toHaveText('1');
    await checkA11y(page);
    // One's own profile has no brownie button.
    await page.goto(`/profile/${fromProfile!.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
    await expect(page.getByRole('button', { name: /brownie/i })).toHaveCount(0);
  });

  await test.step('from a caucus member list', async () => {
    const caucus = await createCaucusRow(db, { name: `Brownie Corner ${tag}`, state: home.state, district: home.district });
    await db.insert(caucusMembers).values([
      { caucusId: caucus.id, userId: receiver.id, isVotingMember: true },
      { caucusId: caucus.id, userId: fromCaucus!.id, isVotingMember: true },
    ]);
    const { page } = await cast.browse(fromCaucus!);
    await page.goto(`/caucus/${caucus.id}`);
    await expectCaucusPage(page, caucus.name);
    // Not for oneself: only the receiver's row has a brownie button.
    await expect(page.getByRole('button', { name: literal(`Give ${fromCaucus!.name} a brownie`) })).toHaveCount(0);
    const button = page.getByRole('button', { name: `Give ${receiver.name} a brownie` });
    await button.click();
    await expect(toast(page, 'Brownie Awarded!')).toBeVisible();
    await expect(button).toBeDisabled();
    await expect(button).toHaveAccessibleDescription(ALREADY);
    // The tooltip shows on keyboard focus.
    await button.focus();
    await expect(page.getByRole('tooltip', { name: ALREADY })).toBeVisible();
    await checkA11y(page);
  });

  await test.step('three more givers through the API; a second one the same day is refused', async () => {
    for (const giver of throughApi) {
      const api = await cast.api(giver);
      const res = await api.post('/api/brownies', { data: { receiverId: receiver.id } });
      expect(res.status(), await res.text()).toBe(201);
      const again = await api.post('/api/brownies', { data: { receiverId: receiver.id } });
      expect(again.status()).toBe(409);
      expect(((await again.json()) as { error: { message: string } }).error.message).toBe(
        'Daily limit reached: You can only give one brownie per day. Try again tomorrow!',
      );
    }
  });

  await test.step('the receiver has earned Hugger, once', async () => {
    const { page } = await cast.browse(receiver);
    const res = await page.request.get(`/api/profiles/${receiver.id}/badges`);
    const names = ((await res.json()) as Array<{ name: string }>).map((b) => b.name);
    expect(names.filter((n) => n === 'Hugger')).toHaveLength(1);
    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
    await expect(definitionOf(page, 'Brownies')).toHaveText('5');
    await expect(page.getByRole('link', { name: /Hugger/ })).toBeVisible();
    // Giving oneself a brownie is refused with the spec's message.
    const self = await page.request.post('/api/brownies', { data: { receiverId: receiver.id }, headers: { Origin: new URL(page.url()).origin } });
    expect(self.status()).toBe(400);
    expect(((await self.json()) as { error: { message: string } }).error.message).toBe('Invalid action: You cannot give a brownie to yourself.');
  });

  await test.step('the receiver is on the Brownies leaderboard of their state', async () => {
    const { page } = await cast.browse(receiver, { signedIn: false });
    await page.goto('/leaderboards');
    await expect(page.getByRole('heading', { level: 1, name: 'Leaderboards' })).toBeVisible();
    const district = page.getByLabel('District');
    await expect(district).toBeDisabled();
    await page.getByLabel('State').selectOption(home.state);
    await expect(district).toBeEnabled();
    await page.getByRole('tab', { name: 'Brownies' }).click();
    await expect(page).toHaveURL(new RegExp(`tab=brownies.*state=${home.state}|state=${home.state}.*tab=brownies`));
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: receiver.name }) });
    await expect(row).toBeVisible();
    await expect(row.getByRole('cell').last()).toHaveText('5');
    await checkA11y(page);
    // The district narrows it; changing the state clears the district.
    await district.selectOption(String(home.district));
    await expect(row).toBeVisible();
    await page.getByLabel('State').selectOption(home.state === 'CA' ? 'TX' : 'CA');
    await expect(district).toHaveValue('');
    await expect(page.getByRole('link', { name: receiver.name })).toHaveCount(0);
    // The name links to the profile.
    await page.getByLabel('State').selectOption(home.state);
    await page.getByRole('link', { name: receiver.name }).click();
    await expect(page).toHaveURL(new RegExp(`/profile/${receiver.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: `${receiver.name} Profile` })).toBeVisible();
  });

  await test.step('the leaderboards on a phone', async () => {
    const { page } = await cast.browse(receiver, { signedIn: false });
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(`/leaderboards?tab=brownies&state=${home.state}`);
    const link = page.getByRole('link', { name: receiver.name });
    await expect(link).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, 'no sideways scrolling at 360 px').toBeLessThanOrEqual(360);
    await checkA11y(page);
  });
});
