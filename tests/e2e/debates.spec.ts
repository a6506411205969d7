// Debates in the browser as people use them: a text debate from creation through a response,
// a rebuttal and a defense, votes, a brownie and deletion, with three people; a closed debate
// as a visitor reads it; a long debate read page by page; and an audio response recorded in Chromium from a fake microphone,
// uploaded, and played back.
import { eq } from 'drizzle-orm';
import type { Page } from '@playwright/test';
import { debateAudio, debates } from '../../src/server/db/schema/debates';
import { createDebateRow, seedDebateForBench } from '../../src/server/test/debate-factories';
import { makeFriends } from '../../src/server/test/social-factories';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './support/chromium';
import { uniqueEmail } from './support/fixtures';
import { checkA11y, expect, literal, runTag, test, toast } from './support/caucus-fixtures';

test.use({
  launchOptions: {
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
  },
});

const article = (page: Page, kind: 'Response' | 'Rebuttal' | 'Defense', author: string) => page.getByRole('article', { name: `${kind} by ${author}`, exact: true });

async function submitText(page: Page, kind: 'response' | 'rebuttal' | 'defense', text: string, max: number) {
  const dialog = page.getByRole('dialog', { name: `Submit Your ${kind}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(`Maximum ${max} words (0/${max})`)).toBeVisible();
  await dialog.getByLabel(`Your ${kind}`, { exact: true }).fill(text);
  await expect(dialog.getByText(`Maximum ${max} words (${text.trim().split(/\s+/).length}/${max})`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(toast(page, 'Success').filter({ hasText: `Your ${kind} has been submitted successfully!` })).toBeVisible();
  await expect(dialog).toBeHidden();
}

test('a text debate: created with an invited friend, answered, rebutted, defended, voted on, a brownie given, then deleted', async ({ cast, createUser, db }) => {
  test.setTimeout(120_000);
  const tag = runTag();
  const annUser = await createUser({ name: `Ann Debater ${tag}`, email: uniqueEmail('ann-debate') });
  const benUser = await createUser({ name: `Ben Debater ${tag}`, email: uniqueEmail('ben-debate') });
  const caraUser = await createUser({ name: `Cara Debater ${tag}`, email: uniqueEmail('cara-debate') });
  await makeFriends(db, annUser.id, benUser.id);
  await makeFriends(db, annUser.id, caraUser.id);
  const ann = await cast.browse(annUser, { permissions: ['clipboard-read', 'clipboard-write'] });
  const ben = await cast.browse(benUser);
  const cara = await cast.browse(caraUser);
  const title = `Term limits for delegates ${tag}?`;
  let debateUrl = '';

  await test.step('Ann creates a text debate from /debate, inviting Ben', async () => {
    await ann.page.goto('/debate');
    await expect(ann.page.getByRole('heading', { level: 1, name: 'Debates' })).toBeVisible();
    await ann.page.getByRole('button', { name: 'How It Works' }).click();
    const how = ann.page.getByRole('dialog', { name: 'How Debates Work' });
    await expect(how).toBeVisible();
    await checkA11y(ann.page);
    await how.getByRole('button', { name: 'Close' }).click();

    await ann.page.getByRole('button', { name: 'Create Debate' }).click();
    const dialog = ann.page.getByRole('dialog', { name: 'Create a Debate' });
    await expect(dialog.getByLabel('Duration (days)')).toHaveValue('7');
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByLabel('Prompt').fill('Should delegates serve at most two terms?');
    await expect(dialog.getByLabel('Text', { exact: true })).toBeChecked();
    await dialog.getByLabel(benUser.name).check();
    await checkA11y(ann.page);
    await dialog.getByRole('button', { name: 'Create Debate' }).click();
    await expect(ann.page).toHaveURL(/\/debate\/[0-9a-f-]{36}$/);
    debateUrl = new URL(ann.page.url()).pathname;
  });

  await test.step('Ann sees her debate: badges, days left, no responses; she copies its link', async () => {
    const page = ann.page;
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByText('Created by you')).toBeVisible();
    await expect(page.getByText('Text', { exact: true })).toBeVisible();
    await expect(page.getByText('Participants 0/10')).toBeVisible();
    await expect(page.getByText('7 days left in this debate')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Responses (0)' })).toBeVisible();
    await expect(page.getByText('No responses yet. Be the first to respond!')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Invite Friends' })).toBeVisible();
    await checkA11y(page);
    await page.getByRole('button', { name: 'Share Debate URL' }).click();
    await expect(toast(page, 'Link copied').filter({ hasText: 'Share this debate with others.' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());

    // Ben was invited at creation; Ann invites Cara from the debate page.
    await page.getByRole('button', { name: 'Invite Friends' }).click();
    const invite = page.getByRole('dialog', { name: 'Invite Friends' });
    // Five invitations per debate in all: Ben's leaves four.
    await expect(invite.getByText('Choose up to 4 friend(s) to invite to this debate.')).toBeVisible();
    await expect(invite.getByLabel(benUser.name)).toBeDisabled();
    await invite.getByLabel(caraUser.name).check();
    await checkA11y(page);
    await invite.getByRole('button', { name: 'Send Invitations' }).click();
    await expect(toast(page, 'Invitations Sent').filter({ hasText: 'Sent invitations to 1 friend(s)' })).toBeVisible();
    await expect(invite).toBeHidden();
  });

  await test.step('Ben joins with a response; the join button then reads Response Submitted', async () => {
    await ben.page.goto(debateUrl);
    await expect(ben.page.getByText('Created by you')).toHaveCount(0);
    await expect(ben.page.getByRole('button', { name: 'Invite Friends' })).toHaveCount(0);
    await expect(ben.page.getByRole('button', { name: 'Delete Debate' })).toHaveCount(0);
    await ben.page.getByRole('button', { name: 'Join Text Debate' }).click();
    await checkA11y(ben.page);
    // Empty text is refused in place.
    const dialog = ben.page.getByRole('dialog', { name: 'Submit Your response' });
    await dialog.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Your text cannot be empty.');
    await submitText(ben.page, 'response', 'Yes: two terms keep delegates accountable.', 500);
    await expect(ben.page.getByRole('button', { name: 'Response Submitted' })).toBeDisabled();
    await expect(ben.page.getByRole('heading', { name: 'Responses (1)' })).toBeVisible();
    await expect(article(ben.page, 'Response', benUser.name)).toContainText('Yes: two terms keep delegates accountable.');
    await expect(ben.page.getByText('Participants 1/10')).toBeVisible();
  });

  await test.step('Cara responds too, then rebuts Ben’s response (not her own)', async () => {
    await cara.page.goto(debateUrl);
    await cara.page.getByRole('button', { name: 'Join Text Debate' }).click();
    await submitText(cara.page, 'response', 'No: elections are the limit.', 500);
    await expect(cara.page.getByRole('button', { name: `Rebut the response by ${caraUser.name}` })).toHaveCount(0);
    await cara.page.getByRole('button', { name: `Rebut the response by ${benUser.name}` }).click();
    await submitText(cara.page, 'rebuttal', 'Accountability comes from voters, not calendars.', 170);
    await expect(article(cara.page, 'Rebuttal', caraUser.name)).toContainText('Accountability comes from voters');
    await expect(cara.page.getByRole('button', { name: `Rebut the response by ${benUser.name}` })).toHaveCount(0);
  });

  await test.step('Only Ben may defend against the rebuttal of his response', async () => {
    await expect(cara.page.getByRole('button', { name: /^Defend against/ })).toHaveCount(0);
    await ben.page.reload();
    await ben.page.getByRole('button', { name: `Defend against the rebuttal by ${caraUser.name}` }).click();
    await submitText(ben.page, 'defense', 'Voters rarely unseat incumbents.', 170);
    await expect(article(ben.page, 'Defense', benUser.name)).toContainText('Voters rarely unseat incumbents.');
    await expect(ben.page.getByRole('button', { name: /^Defend against/ })).toHaveCount(0);
    await checkA11y(ben.page);
  });

  await test.step('Ann, who created the debate but has not responded, is told why she cannot rebut', async () => {
    await ann.page.reload();
    await expect(ann.page.getByRole('button', { name: /^Rebut the response/ })).toHaveCount(0);
    await expect(ann.page.getByText('Only participants can rebut. Submit your own response first; then you can rebut the others.')).toBeVisible();
    await expect(ben.page.getByText('Only participants can rebut.', { exact: false })).toHaveCount(0);
  });

  await test.step('Ann votes: the same vote again removes it, the other switches it', async () => {
    await ann.page.reload();
    const response = article(ann.page, 'Response', benUser.name).first();
    const up = () => response.getByRole('button', { name: literal(`Upvote response by ${benUser.name}`) });
    const down = () => response.getByRole('button', { name: literal(`Downvote response by ${benUser.name}`) });
    await up().click();
    await expect(up()).toHaveAccessibleName(`Upvote response by ${benUser.name} (1)`);
    await expect(up()).toHaveAttribute('aria-pressed', 'true');
    await down().click();
    await expect(down()).toHaveAccessibleName(`Downvote response by ${benUser.name} (1)`);
    await expect(up()).toHaveAccessibleName(`Upvote response by ${benUser.name} (0)`);
    await down().click();
    await expect(down()).toHaveAccessibleName(`Downvote response by ${benUser.name} (0)`);
    await expect(down()).toHaveAttribute('aria-pressed', 'false');
    const rebuttalUp = article(ann.page, 'Rebuttal', caraUser.name).getByRole('button', { name: literal(`Upvote rebuttal by ${caraUser.name}`) });
    await rebuttalUp.click();
    await expect(rebuttalUp).toHaveAccessibleName(`Upvote rebuttal by ${caraUser.name} (1)`);
    const defenseUp = article(ann.page, 'Defense', benUser.name).getByRole('button', { name: literal(`Upvote defense by ${benUser.name}`) });
    await defenseUp.click();
    await expect(defenseUp).toHaveAccessibleName(`Upvote defense by ${benUser.name} (1)`);
    // Each vote button shows its count, and its name contains it (Label in Name, WCAG 2.5.3).
    await checkA11y(ann.page);
  });

  await test.step('Ann awards Ben a brownie from his response; the brownie buttons then hide', async () => {
    await expect(ann.page.getByRole('button', { name: `Award ${annUser.name} a brownie` })).toHaveCount(0);
    await article(ann.page, 'Response', benUser.name).first().getByRole('button', { name: `Award ${benUser.name} a brownie` }).first().click();
    await expect(toast(ann.page, 'Brownie Awarded!').filter({ hasText: "You've successfully awarded a brownie to this user." })).toBeVisible();
    await expect(ann.page.getByRole('button', { name: /a brownie$/ })).toHaveCount(0);
  });

  await test.step('A visitor reads the debate and is asked to log in', async () => {
    const visitor = await cast.browse(annUser, { signedIn: false });
    await visitor.page.goto(debateUrl);
    await expect(visitor.page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(visitor.page.getByText('Please log in to participate in this debate')).toBeVisible();
    await expect(visitor.page.getByRole('button', { name: 'Join Text Debate' })).toHaveCount(0);
    await expect(visitor.page.getByRole('button', { name: literal(`Upvote response by ${benUser.name}`) }).first()).toBeDisabled();
    await checkA11y(visitor.page);
    await visitor.page.getByRole('link', { name: 'Log In / Register' }).click();
    await expect(visitor.page).toHaveURL(/\/auth/);
  });

  await test.step('Ann deletes the debate after confirming; it is gone', async () => {
    await ann.page.getByRole('button', { name: 'Delete Debate' }).click();
    const dialog = ann.page.getByRole('dialog', { name: 'Delete Debate' });
    await expect(dialog).toContainText(
      'Are you sure you want to delete this debate? This action cannot be undone and will remove all responses, rebuttals, and votes associated with this debate.',
    );
    await checkA11y(ann.page);
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(toast(ann.page, 'Debate Deleted')).toBeVisible();
    await expect(ann.page).toHaveURL(/\/debate$/);
    await expect(ann.page.getByRole('link', { name: title })).toHaveCount(0);
    await ann.page.goto(debateUrl);
    await expect(ann.page.getByText('Debate Not Found')).toBeVisible();
    await ann.page.getByRole('link', { name: 'Back to Debates' }).click();
    await expect(ann.page).toHaveURL(/\/debate$/);
  });
});

test('a closed debate stays readable, with submissions and voting closed', async ({ cast, createUser, db }) => {
  const tag = runTag();
  const creator = await createUser({ name: `Closer ${tag}`, email: uniqueEmail('closer') });
  const reader = await createUser({ name: `Reader ${tag}`, email: uniqueEmail('reader') });
  const debate = await createDebateRow(db, creator.id, { title: `Closed debate ${tag}`, isActive: false });
  const { page } = await cast.browse(reader);
  // At 360 px wide nothing overflows sideways.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`/debate/${debate.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Closed debate ${tag}` })).toBeVisible();
  await expect(page.getByText('Debate closed', { exact: true })).toBeVisible();
  await expect(page.getByText('This debate is closed. Submissions and voting are no longer accepted, but content remains available for viewing.')).toBeVisible();
  await expect(page.getByText('Voting is closed for this debate.')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Join/ })).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await checkA11y(page);
  // The list leaves closed debates out, and fits 360 px too.
  await page.goto('/debate');
  await expect(page.getByRole('heading', { level: 2, name: 'Active Debates' })).toBeVisible();
  await expect(page.getByRole('link', { name: `Closed debate ${tag}` })).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test('a long debate shows its newest 20 responses, then older ones with Load more responses (by keyboard)', async ({ cast, createUser, db }) => {
  const reader = await createUser({ name: `Long Reader ${runTag()}`, email: uniqueEmail('long-reader') });
  // 25 responses, each rebutted and defended (response i was made before response i+1).
  const bench = await seedDebateForBench(db, { contributions: 75, voters: 0 });
  const { page } = await cast.browse(reader);
  await page.goto(`/debate/${bench.debateId}`);
  await expect(page.getByRole('heading', { name: 'Responses (25)' })).toBeVisible();
  const responses = page.getByRole('list', { name: 'Responses' }).locator(':scope > li');
  const responseArticles = page.getByRole('article', { name: /^Response by / });
  await expect(responseArticles).toHaveCount(20);
  await expect(responseArticles.first()).toContainText('Response 24:');
  await expect(page.getByRole('article', { name: /^Defense by / })).toHaveCount(20);
  const more = page.getByRole('button', { name: 'Load more responses' });
  await checkA11y(page);
  await more.focus();
  await page.keyboard.press('Enter');
  await expect(responseArticles).toHaveCount(25);
  await expect(responseArticles.last()).toContainText('Response 0:');
  await expect(page.getByRole('article', { name: /^Rebuttal by / })).toHaveCount(25);
  await expect(more).toHaveCount(0);
  // The focus moves to the first response loaded.
  await expect(responses.nth(20)).toBeFocused();
  await expect(responses.nth(20)).toContainText('Response 4:');
  await expect(page.getByRole('heading', { name: 'Responses (25)' })).toBeVisible();
  await db.delete(debates).where(eq(debates.id, bench.debateId));
});

test('a microphone that cannot be opened is reported as an Error toast', async ({ cast, createUser, db }) => {
  const tag = runTag();
  const creator = await createUser({ name: `Mic Host ${tag}`, email: uniqueEmail('mic-host') });
  const speaker = await createUser({ name: `Mic Speaker ${tag}`, email: uniqueEmail('mic-speaker') });
  const debate = await createDebateRow(db, creator.id, { title: `No microphone ${tag}`, debateType: 'audio' });
  const { page } = await cast.browse(speaker);
  // This browser's microphone refuses, as when the user blocks it.
  await page.addInitScript(() => {
    navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
  });
  await page.goto(`/debate/${debate.id}`);
  await page.getByRole('button', { name: 'Join Audio Debate' }).click();
  const dialog = page.getByRole('dialog', { name: 'Submit Your response' });
  await dialog.getByRole('button', { name: 'Start Recording' }).click();
  await expect(toast(page, 'Error').filter({ hasText: 'Could not access microphone' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Start Recording' })).toBeEnabled();
  await expect(dialog.getByRole('button', { name: 'Submit Recording' })).toBeDisabled();
});

test('an audio response recorded from the microphone, uploaded and played back', async ({ cast, createUser, db }) => {
  test.setTimeout(90_000);
  const tag = runTag();
  const creator = await createUser({ name: `Audio Host ${tag}`, email: uniqueEmail('audio-host') });
  const speaker = await createUser({ name: `Audio Speaker ${tag}`, email: uniqueEmail('audio-speaker') });
  const debate = await createDebateRow(db, creator.id, { title: `Audio debate ${tag}`, debateType: 'audio' });
  const { page } = await cast.browse(speaker, { permissions: ['microphone'] });

  await page.goto(`/debate/${debate.id}`);
  await expect(page.getByText('Audio', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Join Audio Debate' }).click();
  const dialog = page.getByRole('dialog', { name: 'Submit Your response' });
  await expect(dialog.getByText('Maximum recording time: 3:00')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Submit Recording' })).toBeDisabled();
  await checkA11y(page);

  await dialog.getByRole('button', { name: 'Start Recording' }).click();
  const timer = dialog.getByRole('timer', { name: 'Recording time' });
  // The timer counts whole seconds; on a loaded machine a tick may be drawn late and skipped,
  // so wait for it to run rather than for each second.
  await expect(timer).toHaveText(/^0:0[1-9]$/);
  const first = Number((await timer.textContent())!.slice(2));
  await expect.poll(async () => Number((await timer.textContent())!.slice(2))).toBeGreaterThan(first);
  await dialog.getByRole('button', { name: 'Stop Recording' }).click();
  await expect(dialog.getByRole('button', { name: 'Play Preview' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Reset' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Submit Recording' }).click();
  await expect(toast(page, 'Success').filter({ hasText: 'Your response has been submitted successfully!' })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Response Submitted' })).toBeDisabled();

  const [stored] = await db.select().from(debateAudio).where(eq(debateAudio.debateId, debate.id));
  expect(stored?.key).toMatch(new RegExp(`^${speaker.id}/${debate.id}/response-\\d+\\.webm$`));
  expect(stored?.contentType).toBe('audio/webm');
  expect(stored!.durationMs).toBeGreaterThanOrEqual(1_500);
  expect(stored!.durationMs).toBeLessThan(10_000);

  const response = page.getByRole('article', { name: `Response by ${speaker.name}` });
  const play = response.getByRole('button', { name: 'Play Audio Response' });
  await expect(play).toBeVisible();
  const served = await page.request.get(`/api/debate-audio/${stored!.key}`);
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toBe('audio/webm');
  await play.click();
  await expect(response.getByRole('button', { name: 'Pause Audio Response' })).toBeVisible();
  await response.getByRole('button', { name: 'Pause Audio Response' }).click();
  await expect(play).toBeVisible();
  await checkA11y(page);
  await db.delete(debates).where(eq(debates.id, debate.id));
});
