// Issue 15: a Spanish-speaking newcomer, with a keyboard alone, on a dark screen that asks for
// less motion, goes from the landing page to a cast vote and reads the result: register,
// confirm the email, verify in test mode, create a caucus as one of its voters, meet the others'
// votes, vote, and hear the result. At every stop the focus is visible and moves on (no trap),
// the one dialog gives the focus back, the chat, the toasts and the result are live regions,
// and no English word is shown or read aloud.
import { eq } from 'drizzle-orm';
import type { Page } from '@playwright/test';
import { stateName } from '../../src/domain/geography/states';
import { caucuses } from '../../src/server/db/schema/caucuses';
import { users } from '../../src/server/db/schema/auth';
import { englishOn, es } from './support/catalogs';
import { checkA11y, expect, joinThroughApi, literal, pickFreeDistrict, runTag, test, toast, voteThroughApi } from './support/caucus-fixtures';
import { uniqueEmail } from './support/fixtures';
import { chooseIn, focused, press, tabTo, typeInto } from './support/keyboard';

test.use({ locale: 'es-US', colorScheme: 'dark', reducedMotion: 'reduce' });

/** The lightness (0–1) of a CSS colour as the browser computes it (rgb() or oklch()). */
async function backgroundLightness(page: Page): Promise<number> {
  const colour = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const oklch = /oklch\(([\d.]+)(%?)/.exec(colour);
  if (oklch) return Number(oklch[1]) / (oklch[2] ? 100 : 1);
  const [r = 0, g = 0, b = 0] = (colour.match(/[\d.]+/g) ?? []).map(Number);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

test('a Spanish-speaking newcomer, by keyboard alone, registers, verifies, creates a caucus, votes and hears the result', async ({ page, db, createUser, cast, mailbox }) => {
  test.setTimeout(300_000);
  const tag = runTag();
  const home = await pickFreeDistrict(db);
  const me = { name: `Lucía Teclado ${tag}`, email: uniqueEmail('teclado'), password: 'una contraseña bastante larga' };
  const caucusName = `Asamblea de la Calle Mayor ${tag}`;
  const english: string[] = [];
  const noEnglish = async (where: string) => english.push(...(await englishOn(page)).map((phrase) => `${where}: “${phrase}”`));
  const main = page.getByRole('main');
  const nav = page.getByRole('navigation', { name: es('common:nav.main') });

  await test.step('the landing page speaks Spanish, is dark, and does not move', async () => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await backgroundLightness(page), 'a dark page').toBeLessThan(0.3);
    const transition = await page.evaluate(() => getComputedStyle(document.querySelector('nav a, nav button')!).transitionDuration);
    expect(parseFloat(transition), 'no transition with reduced motion').toBeLessThan(0.001);
    await noEnglish('/');
    await press(page, nav.getByRole('link', { name: es('common:nav.join') }));
    await expect(page).toHaveURL(/\/auth/);
  });

  await test.step('registers with the keyboard', async () => {
    await tabTo(page, page.getByRole('tab', { name: es('auth:page.loginTab') }));
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: es('auth:page.registerTab') })).toHaveAttribute('aria-selected', 'true');
    const form = page.getByRole('form', { name: es('auth:register.formLabel') });
    await typeInto(page, form.getByLabel(es('auth:register.nameLabel')), me.name);
    await typeInto(page, form.getByLabel(es('auth:fields.email')), me.email);
    await typeInto(page, form.getByLabel(es('auth:fields.password'), { exact: true }), me.password);
    await typeInto(page, form.getByLabel(es('auth:register.confirmPasswordLabel')), me.password);
    await chooseIn(page, form.getByLabel(es('auth:register.alignmentLabel')), es('common:alignments.independent'));
    await chooseIn(page, form.getByLabel(es('auth:register.stateLabel')), stateName(home.state));
    await chooseIn(page, form.getByLabel(es('auth:register.districtLabel')), String(home.district));
    await noEnglish('/auth (register)');
    await checkA11y(page);
    await press(page, form.getByRole('button', { name: es('auth:register.submit') }));
    await expect(main.getByRole('heading', { level: 1, name: es('auth:registered.title') })).toBeVisible();
    await noEnglish('/auth (registered)');
  });

  await test.step('confirms the email from a Spanish mail, and lands on the profile', async () => {
    const mail = await mailbox.waitForMessage(me.email, { subject: 'Confirma tu correo electrónico' });
    expect(mail.text).toContain(`Hola, ${me.name}:`);
    await page.goto(mailbox.firstUrl(mail));
    await expect(page).toHaveURL(/\/profile$/);
    await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await noEnglish('/profile');
  });

  await test.step('verifies in test mode: pays the fee and passes the identity check', async () => {
    await press(page, main.getByRole('link', { name: es('profiles:account.verify') }), 'Enter');
    await expect(page).toHaveURL(/\/verification$/);
    await expect(main.getByRole('heading', { level: 1, name: es('verification:page.title') })).toBeVisible();
    await noEnglish('/verification');
    await press(page, main.getByRole('button', { name: es('verification:payment.pay', { fee: '$3.00' }) }));
    await expect(page).toHaveURL(/\/test-provider\/checkout\//);
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await noEnglish('the test payment page');
    await press(page, page.getByRole('button', { name: 'Pagar $3.00' }));
    await expect(page).toHaveURL(/\/verification/);
    await expect(page.getByText(es('verification:payment.paid', { fee: '$3.00' }))).toBeVisible();
    await typeInto(page, main.getByLabel(es('verification:identity.idLabel')), `D${Date.now().toString().slice(-9)}`);
    await press(page, main.getByRole('button', { name: es('verification:identity.start') }));
    await expect(page).toHaveURL(/\/test-provider\/identity\//);
    await noEnglish('the test identity page');
    await press(page, page.getByRole('button', { name: 'Aprobar' }));
    await expect(main.getByRole('heading', { name: es('verification:verified.title') })).toBeVisible();
    await noEnglish('/verification (verified)');
  });

  let caucusId = '';
  await test.step('creates a caucus as one of its voters, through the navbar menu', async () => {
    await press(page, nav.getByRole('button', { name: es('common:nav.caucuses') }));
    await press(page, nav.getByRole('link', { name: es('common:nav.newCaucus') }));
    await expect(main.getByRole('heading', { level: 1, name: es('caucuses:createPage.title') })).toBeVisible();
    const form = page.getByRole('form', { name: es('caucuses:createPage.title') });
    await typeInto(page, form.getByLabel(es('caucuses:createPage.name')), caucusName);
    // Voting member is the default role: the creator joins the caucus as one of its ten voters.
    await expect(form.getByRole('radio', { name: literal(es('caucuses:createPage.role.voting')) })).toBeChecked();
    await chooseIn(page, form.getByLabel(es('caucuses:createPage.alignment.label')), es('common:alignments.independent'));
    await noEnglish('/create-caucus');
    await press(page, form.getByRole('button', { name: es('caucuses:createPage.submit') }));
    await expect(toast(page, es('caucuses:createPage.created.title'))).toBeVisible();
    const [row] = await db.select({ id: caucuses.id }).from(caucuses).where(eq(caucuses.name, caucusName));
    caucusId = row!.id;
  });

  await test.step('nine neighbours join and vote for her', async () => {
    const [mine] = await db.select({ id: users.id }).from(users).where(eq(users.email, me.email));
    const [caucus] = await db.select({ code: caucuses.invitationCode }).from(caucuses).where(eq(caucuses.id, caucusId));
    for (let i = 0; i < 9; i++) {
      const neighbour = await createUser({ name: `Vecino ${i + 1} ${tag}`, email: uniqueEmail(`vecino${i + 1}`), ...home, verified: true });
      const api = await cast.api(neighbour);
      await joinThroughApi(api, caucus!.code);
      await voteThroughApi(api, caucusId, mine!.id);
    }
  });

  await test.step('opens her caucus from My Caucuses, chats, and looks at a neighbour’s card', async () => {
    await press(page, nav.getByRole('button', { name: es('common:nav.caucuses') }));
    await press(page, nav.getByRole('link', { name: es('common:nav.myCaucuses') }));
    await expect(main.getByRole('heading', { level: 1, name: es('invitations:myCaucuses.title') })).toBeVisible();
    await press(page, main.getByRole('list', { name: es('invitations:myCaucuses.votingLabel') }).getByRole('link', { name: literal(caucusName) }));
    await expect(main.getByRole('heading', { level: 1, name: caucusName })).toBeVisible();
    await noEnglish('/caucus/{id}');
    await checkA11y(page);

    // The chat is a live log: what is sent appears there, and screen readers hear it.
    const log = main.getByRole('log');
    await expect(log).toBeVisible();
    await typeInto(page, main.getByLabel(es('common:chat.messageLabel')), '¡Hola, vecinos!');
    await page.keyboard.press('Enter');
    await expect(log.getByText('¡Hola, vecinos!')).toBeVisible();

    // A neighbour's card is a dialog: Escape closes it and the focus returns to the button that opened it.
    const neighbour = main.getByRole('button', { name: new RegExp(`^Vecino 1 ${tag}`) }).first();
    await press(page, neighbour);
    const card = page.getByRole('dialog');
    await expect(card).toBeVisible();
    await noEnglish('the member’s card');
    await page.keyboard.press('Escape');
    await expect(card).toBeHidden();
    await expect(neighbour).toBeFocused();
  });

  await test.step('casts the last vote with the keyboard and hears the result', async () => {
    const ballot = main.getByRole('group', { name: es('caucus-detail:ballot.legend') });
    const mine = ballot.getByRole('radio', { name: literal(me.name) });
    await tabTo(page, ballot.getByRole('radio').first());
    for (let i = 0; i < 12 && !(await mine.isChecked()); i++) await page.keyboard.press('ArrowDown');
    await expect(mine).toBeChecked();
    await press(page, main.getByRole('button', { name: es('caucus-detail:ballot.castVote') }));
    // Said three ways: the toast (a polite live region), the page's own status line, the card.
    await expect(toast(page, es('caucus-detail:election.electedTitle'))).toBeVisible();
    await expect(page.locator('section[aria-live]').filter({ has: page.locator('[data-sonner-toast]') })).toHaveAttribute('aria-live', 'polite');
    await expect(main.getByRole('status').filter({ hasText: es('caucus-detail:result.announcement', { name: me.name }) })).toBeAttached();
    await expect(main.getByRole('paragraph').filter({ hasText: literal(es('caucus-detail:result.elected')) })).toBeVisible();
    await expect(main.getByText(es('caucus-detail:result.description'))).toBeVisible();
    await noEnglish('/caucus/{id} (finalized)');
    await checkA11y(page);
    // The ballot the vote was cast from is gone: the focus moved to the result, not to the page's start.
    await expect(main.getByRole('region', { name: es('caucus-detail:result.title') })).toBeFocused();
    expect(await focused(page).count()).toBe(1);
  });

  expect(english, 'English met on the way').toEqual([]);
});

test('the English finder finds English on a page shown in English, so its silence above means something', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, locale: 'en-US' });
  try {
    const page = await context.newPage();
    await page.goto('/auth');
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    expect((await englishOn(page)).length).toBeGreaterThan(5);
  } finally {
    await context.close();
  }
});
