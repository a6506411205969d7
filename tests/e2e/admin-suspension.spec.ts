// Issue 29 in the browser: an administrator suspends someone from their profile (no reported
// item needed) and lifts the suspension, each after a confirmation with a reason, with the
// keyboard alone at 360 px; the suspended person's writes are refused meanwhile, and both
// actions are in the admin log. In Spanish the same buttons speak Spanish.
import { press, tabTo } from './support/keyboard';
import { checkA11y, expect, runTag, test, toast } from './support/caucus-fixtures';

test('an administrator suspends and reinstates someone from their profile, with the keyboard, at 360 px', async ({ createUser, cast }) => {
  test.setTimeout(120_000);
  const tag = runTag();
  const target = await createUser({ name: `Sam Spammer ${tag}`, verified: true });
  const otherAdmin = await createUser({ name: `Other Admin ${tag}`, isAdministrator: true });
  const admin = await createUser({ name: `Ada Admin ${tag}`, isAdministrator: true });
  const member = await createUser({ name: `Mo Member ${tag}` });
  const { page } = await cast.browse(admin);
  await page.setViewportSize({ width: 360, height: 780 });

  await test.step('a member sees no Suspend button on the profile', async () => {
    const { page: memberPage } = await cast.browse(member);
    await memberPage.goto(`/profile/${target.id}`);
    await expect(memberPage.getByRole('heading', { name: new RegExp(`Sam Spammer ${tag}`) })).toBeVisible();
    await expect(memberPage.getByRole('button', { name: 'Report' })).toBeVisible();
    await expect(memberPage.getByRole('button', { name: 'Suspend' })).toHaveCount(0);
  });

  await test.step('no Suspend button on another administrator’s profile', async () => {
    await page.goto(`/profile/${otherAdmin.id}`);
    await expect(page.getByRole('button', { name: 'Report' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Suspend' })).toHaveCount(0);
  });

  await test.step('Suspend asks first: a reason is required, then the person is suspended', async () => {
    await page.goto(`/profile/${target.id}`);
    const suspend = page.getByRole('button', { name: 'Suspend', exact: true });
    await expect(suspend).toBeVisible();
    await press(page, suspend);
    const dialog = page.getByRole('dialog', { name: `Suspend Sam Spammer ${tag}?` });
    await expect(dialog).toBeVisible();
    await checkA11y(page);
    const days = dialog.getByLabel('Days');
    await tabTo(page, days);
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('3');
    await press(page, dialog.getByRole('button', { name: `Suspend Sam Spammer ${tag}` }));
    await expect(dialog.getByRole('alert')).toHaveText('Give a reason: the author and the admin log will read it.');
    await tabTo(page, dialog.getByLabel(/^Reason/));
    await page.keyboard.type('Spam in every chat');
    await press(page, dialog.getByRole('button', { name: `Suspend Sam Spammer ${tag}` }));
    await expect(toast(page, `Sam Spammer ${tag} is suspended`)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(new RegExp(`Sam Spammer ${tag} is suspended until .+: Spam in every chat`))).toBeVisible();
    await expect(page.getByRole('button', { name: 'Lift suspension' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  await test.step('the suspended person cannot write meanwhile', async () => {
    const res = await (await cast.api(target)).post('/api/reports', { data: { itemKind: 'profile', itemId: member.id, reason: 'spam' } });
    expect(res.status()).toBe(403);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('suspended');
  });

  await test.step('Lift suspension asks first too, and reinstates them', async () => {
    await press(page, page.getByRole('button', { name: 'Lift suspension' }));
    const dialog = page.getByRole('dialog', { name: `Lift the suspension of Sam Spammer ${tag}?` });
    await expect(dialog).toBeVisible();
    await tabTo(page, dialog.getByLabel(/^Reason/));
    await page.keyboard.type('Appeal accepted');
    await press(page, dialog.getByRole('button', { name: 'Lift suspension' }));
    await expect(toast(page, `The suspension of Sam Spammer ${tag} is lifted`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Suspend', exact: true })).toBeVisible();
    const res = await (await cast.api(target)).post('/api/reports', { data: { itemKind: 'profile', itemId: member.id, reason: 'spam' } });
    expect(res.status()).toBe(201);
  });

  await test.step('both are in the admin log', async () => {
    await page.goto('/admin/log');
    const log = page.getByRole('list', { name: 'Admin log' });
    const mine = log.getByRole('listitem').filter({ hasText: `Ada Admin ${tag}` });
    await expect(mine.filter({ hasText: 'Suspended a user' })).toContainText('Why: Spam in every chat');
    await expect(mine.filter({ hasText: 'Lifted a suspension' })).toContainText('Why: Appeal accepted');
  });
});

test('the profile’s administrator buttons speak Spanish', async ({ createUser, cast }) => {
  const tag = runTag();
  const target = await createUser({ name: `Sara Spam ${tag}` });
  const admin = await createUser({ name: `Ana Admin ${tag}`, isAdministrator: true, language: 'es' });
  const { page } = await cast.browse(admin);
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto(`/profile/${target.id}`);
  await page.getByRole('button', { name: 'Suspender', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `¿Suspender a Sara Spam ${tag}?` });
  await expect(dialog.getByRole('button', { name: `Suspender a Sara Spam ${tag}` })).toBeVisible();
  await checkA11y(page);
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(dialog).toBeHidden();
});
