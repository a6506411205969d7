// The pages a newcomer meets first arrive drawn by the server (decision 022): readable before
// the app's code has run (or without it), with the visitor's own data, and adopted by the app
// without being drawn again: every test of the suite fails if React reports that a page the
// server drew did not match its first render (fixtures.ts, watchHydration).
import { eq } from 'drizzle-orm';
import { debateResponses } from '../../src/server/db/schema/debates';
import { addOrganizer, addVotingMembers, createCaucusRow } from '../../src/server/test/caucus-factories';
import { addTextResponse, createDebateRow } from '../../src/server/test/debate-factories';
import { notify } from '../../src/server/features/notifications/notifications.service';
import { appAdopted, dismissTodoDialog, expect, holdAppCodeUntil, test, uniqueEmail } from './support/fixtures';

/** What the server put inside `<div id="root">` for `html`. */
const rootOf = (html: string) => /<div id="root">([^]*?)<\/div>\s*<script type="application\/json" id="server-state">/.exec(html)?.[1] ?? '';

test('the landing page and sign-in arrive drawn, and the session is in the page, not asked for again', async ({ request }) => {
  const landing = await (await request.get('/')).text();
  expect(rootOf(landing)).toContain('Welcome to a better way to choose who represents you.');
  expect(landing).not.toContain('href="/api/session"');
  const auth = await (await request.get('/auth')).text();
  expect(rootOf(auth)).toContain('Welcome Back');
  expect(rootOf(auth)).toContain('Log In');
  // The data the page was drawn with: a visitor, signed out.
  const state = JSON.parse(/<script type="application\/json" id="server-state">([^<]*)<\/script>/.exec(auth)![1]!) as { queries: Array<{ queryKey: unknown[]; state: { data: unknown } }> };
  expect(state.queries.find((q) => q.queryKey[0] === 'session')?.state.data).toBeNull();
});

test('a debate can be read before the app runs, and works once it does', async ({ browser, db, createUser, baseURL }) => {
  const creator = await createUser({ name: 'Dana Drawn' });
  const speaker = await createUser({ name: 'Sam Server' });
  const debate = await createDebateRow(db, creator.id, { title: `Drawn on the server ${Date.now()}` });
  await addTextResponse(db, debate.id, speaker.id, 'Weekly meetings keep everyone in the loop.');

  const noScript = await browser.newContext({ baseURL, javaScriptEnabled: false });
  try {
    const page = await noScript.newPage();
    await page.goto(`/debate/${debate.id}`);
    await expect(page.getByRole('heading', { level: 1, name: debate.title })).toBeVisible();
    await expect(page.getByText('Weekly meetings keep everyone in the loop.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sam Server' })).toBeVisible();
  } finally {
    await noScript.close();
  }
});

test('a member opens their caucus: drawn with their data, then the app takes over', async ({ page, db, createUser, signIn }) => {
  const organizer = await createUser({ name: 'Olga Organizer' });
  const caucus = await createCaucusRow(db, { name: `Server Drawn ${Date.now()}` });
  await addOrganizer(db, caucus.id, organizer.id);
  const [member] = await addVotingMembers(db, caucus, 3);
  await signIn(page, member!);

  // As the server sends it (page.request carries the member's cookie): the caucus, its election.
  const html = await (await page.request.get(`/caucus/${caucus.id}`)).text();
  expect(rootOf(html)).toContain(caucus.name);
  expect(rootOf(html)).toContain('Olga Organizer');
  expect(rootOf(html)).toContain(`/join/${caucus.invitationCode}`);

  await page.goto(`/caucus/${caucus.id}`);
  await expect(page.getByRole('heading', { level: 1, name: caucus.name })).toBeVisible();
  // Once the app has adopted the page, its buttons work (a person opens their profile).
  await appAdopted(page);
  await page.getByRole('button', { name: /Olga Organizer/ }).first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
});

test('a member\'s own pages arrive drawn with their data; a visitor to them is sent to sign in by the browser', async ({ page, request, db, createUser, signIn }) => {
  const organizer = await createUser({ name: 'Oren Organizer' });
  const caucus = await createCaucusRow(db, { name: `Drawn for a member ${Date.now()}` });
  await addOrganizer(db, caucus.id, organizer.id);
  const [member] = await addVotingMembers(db, caucus, 3);
  await notify(db, new Date(), [{ userId: member!.id, kind: 'friend_request', data: { fromId: organizer.id, fromName: 'Oren Organizer' } }]);
  await signIn(page, member!);

  // As the server sends them (page.request carries the member's cookie), readable before the app runs.
  const home = await (await page.request.get('/home')).text();
  expect(rootOf(home)).toContain('Welcome back, ');
  const mine = await (await page.request.get('/my-caucuses')).text();
  expect(rootOf(mine)).toContain(caucus.name);
  const notifications = await (await page.request.get('/notifications')).text();
  expect(rootOf(notifications)).toContain('Oren Organizer wants to be your friend.');
  // A visitor gets the empty page, and the browser sends them to /auth as before.
  expect(await (await request.get('/my-caucuses')).text()).toContain('<div id="root"></div>');

  // Adopted as drawn (every test fails on a mismatch), and the app works on them.
  await page.goto('/home');
  await dismissTodoDialog(page);
  await page.goto('/notifications');
  await expect(page.getByRole('link', { name: /Oren Organizer wants to be your friend/ })).toBeVisible();
  await appAdopted(page);
  await page.goto('/my-caucuses');
  await appAdopted(page);
  await page.getByRole('tab', { name: 'Organizing' }).click();
  await expect(page).toHaveURL(/\?tab=organizing$/);
});

test('a visitor in another time zone gets the page adopted as drawn, with dates in the app’s time zone', async ({ browser, db, createUser, baseURL }) => {
  const creator = await createUser({ name: 'Tia Timezone' });
  const debate = await createDebateRow(db, creator.id, { title: `Time zones ${Date.now()}` });
  const response = await addTextResponse(db, debate.id, creator.id, 'Written at noon, London time.');
  // Noon UTC on 1 March is already 2 March in Kiribati (UTC+14), still 1 March in the app's
  // time zone (APP_TIME_ZONE, America/New_York by default): every date is shown in the app's
  // zone (issue 15), so the server's HTML and the browser agree and a district reads one clock.
  await db.update(debateResponses).set({ createdAt: new Date('2026-03-01T12:00:00Z') }).where(eq(debateResponses.id, response.id));

  const context = await browser.newContext({ baseURL, timezoneId: 'Pacific/Kiritimati' });
  try {
    const page = await context.newPage();
    const mismatches: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') mismatches.push(m.text());
    });
    await page.goto(`/debate/${debate.id}`);
    expect(await page.evaluate(() => document.documentElement.dataset.timeZone)).toBe('America/New_York');
    await expect(page.locator('time[datetime]').first()).toHaveText('Mar 1, 2026');
    expect(mismatches).toEqual([]);
  } finally {
    await context.close();
  }
});

test('a page whose data cannot be had is drawn by the browser, with its own message', async ({ page, request }) => {
  const missing = '/debate/00000000-0000-0000-0000-000000000000';
  const html = await (await request.get(missing)).text();
  expect(html).toContain('<div id="root"></div>');
  expect(html).not.toContain('id="server-state"');
  await page.goto(missing);
  await expect(page.getByText(/not found/i).first()).toBeVisible();
  // A path that is not even valid percent-encoding: answered (a 404: it names no caucus,
  // decision 038), and left to the browser.
  const malformed = await request.get('/caucus/%E0%A4%A');
  expect(malformed.status()).toBe(404);
  expect(await malformed.text()).toContain('<div id="root"></div>');
});

test('what was typed while the app adopted /auth is what signs in, and stays in the fields', async ({ page, createUser }) => {
  const user = await createUser({ name: 'Aida Adopted' });
  await page.goto('/auth');
  await appAdopted(page);
  // Text typed before the app took the page over, whose change events React has not replayed
  // yet when the press reaches it: the fields show it, the form's state does not have it.
  await page.evaluate(
    ({ email, password }) => {
      const form = document.querySelector('form[aria-label="Log in"]') as HTMLFormElement;
      (form.elements.namedItem('email') as HTMLInputElement).value = email;
      (form.elements.namedItem('password') as HTMLInputElement).value = password;
    },
    { email: user.email, password: 'a wrong guess 1357' },
  );
  const form = page.getByRole('form', { name: 'Log in' });
  await form.getByRole('button', { name: 'Log In', exact: true }).click();
  // Sent as shown: the server's refusal, not "Please fill in all required fields"; the email stays.
  await expect(form.getByRole('alert')).toHaveText('Invalid email or password');
  await expect(form.getByLabel('Email')).toHaveValue(user.email);

  await page.evaluate((password) => {
    const form = document.querySelector('form[aria-label="Log in"]') as HTMLFormElement;
    (form.elements.namedItem('password') as HTMLInputElement).value = password;
  }, user.password);
  await form.getByRole('button', { name: 'Log In', exact: true }).click();
  await expect(page).toHaveURL(/\/profile$/);
});

test('what was typed before the app ran stays in the fields once it runs, and is what registers', async ({ page, mailbox }) => {
  // The page's code is held back until the visitor has typed: a slow phone's first seconds.
  const appCode = await holdAppCodeUntil(page);
  await page.goto('/auth?tab=register', { waitUntil: 'commit' });
  const form = page.getByRole('form', { name: 'Register' });
  const email = uniqueEmail('early');
  await form.getByLabel('Name').fill('Pia Early');
  await form.getByLabel('Email').fill(email);
  await form.getByRole('combobox', { name: 'Political Alignment' }).selectOption('Independent');
  await form.getByLabel('State').selectOption({ label: 'California' });
  appCode.letRun();
  await appAdopted(page);

  // Typing on once the app runs draws the form again: what was typed before stays.
  await form.getByLabel('Password', { exact: true }).fill('a long enough passphrase');
  await form.getByLabel('Confirm Password').fill('a long enough passphrase');
  await expect(form.getByLabel('Name')).toHaveValue('Pia Early');
  await expect(form.getByLabel('Email')).toHaveValue(email);
  await expect(form.getByRole('combobox', { name: 'Political Alignment' })).toHaveValue('Independent');
  await expect(form.getByLabel('State')).toHaveValue('CA');
  await form.getByLabel('District').selectOption('12');
  await form.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Registration submitted' })).toBeVisible();
  await mailbox.waitForMessage(email);
});

test('a candidate picked before the app ran is the one voted for once it runs', async ({ page, db, signIn }) => {
  const caucus = await createCaucusRow(db, { name: `Early Ballot ${Date.now()}`, requiredVotingMembers: 3 });
  const [voter, , candidate] = await addVotingMembers(db, caucus, 3);
  await signIn(page, voter!);
  const appCode = await holdAppCodeUntil(page);
  await page.goto(`/caucus/${caucus.id}`, { waitUntil: 'commit' });
  const ballot = page.getByRole('group', { name: 'Choose your Delegate' });
  await ballot.getByRole('radio', { name: candidate!.name }).check();
  appCode.letRun();
  await appAdopted(page);

  await page.getByRole('button', { name: 'Cast Vote' }).click();
  await expect(page.getByText(`Your current vote: ${candidate!.name}`)).toBeVisible();
});
