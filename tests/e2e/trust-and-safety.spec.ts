// Issue 14 in the browser: a chat line reported by three members is hidden at once; an
// administrator reviews it, suspends its author (who can read but no longer post) and finds it
// all in the admin log; a member blocks someone, whose message is then refused and whose chat
// line folds away; anyone downloads and checks a finalized caucus's election record.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { checkElectionRecord, sha256Hex, type ElectionRecordFile } from '../../src/domain/caucuses/election-record';
import { BLOCKED_LINE, HIDDEN_PLACEHOLDER, MODERATION_MESSAGES } from '../../src/domain/moderation/moderation-rules';
import { createCaucusRow } from '../../src/server/test/caucus-factories';
import { expectNoSeriousA11yViolations } from './support/fixtures';
import { expect, joinThroughApi, pickFreeDistrict, runTag, test, toast, voteThroughApi } from './support/caucus-fixtures';

test('report → hidden at the third → review → suspension → the admin log; block → a refused message', async ({ db, createUser, cast }) => {
  test.setTimeout(180_000);
  const tag = runTag();
  const home = await pickFreeDistrict(db);
  const person = (name: string, extra: Record<string, unknown> = {}) => createUser({ name: `${name} ${tag}`, ...home, verified: true, ...extra });
  const [troll, ann, ben, cy] = [await person('Troll Tom'), await person('Ann Able'), await person('Ben Bold'), await person('Cy Clear')];
  const admin = await person('Ada Admin', { isAdministrator: true });
  const caucus = await createCaucusRow(db, { name: `Safe Square ${tag}`, ...home });
  for (const m of [troll, ann, ben, cy]) await joinThroughApi(await cast.api(m), caucus.invitationCode);
  const posted = await (await cast.api(troll)).post(`/api/caucuses/${caucus.id}/chat`, { data: { message: `You are all fools ${tag}` } });
  expect(posted.status()).toBe(201);
  const lineId = ((await posted.json()) as { id: string }).id;

  await test.step('two members report the line; the third reports it in the browser and it is hidden at once', async () => {
    for (const who of [ann, ben]) {
      const res = await (await cast.api(who)).post('/api/reports', { data: { itemKind: 'chat_message', itemId: lineId, reason: 'harassment' } });
      expect(res.status()).toBe(201);
    }
    const { page } = await cast.browse(cy);
    await page.goto(`/caucus/${caucus.id}`);
    const chat = page.getByRole('log', { name: 'Chat messages' });
    await expect(chat.getByText(`You are all fools ${tag}`)).toBeVisible();
    await chat.getByRole('button', { name: 'Report this caucus chat message' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report this caucus chat message' });
    await dialog.getByRole('button', { name: 'Send Report' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(MODERATION_MESSAGES.chooseReason);
    await dialog.getByRole('radio', { name: 'Harassment or bullying' }).check();
    await dialog.getByLabel('Note (optional)').fill('Insults every member');
    await dialog.getByRole('button', { name: 'Send Report' }).click();
    await expect(toast(page, 'Report sent')).toBeVisible();
    await page.reload();
    await expect(chat.getByText(HIDDEN_PLACEHOLDER)).toBeVisible();
    await expect(chat.getByText(`You are all fools ${tag}`)).toHaveCount(0);

    const author = await cast.browse(troll);
    await author.page.goto(`/caucus/${caucus.id}`);
    const own = author.page.getByRole('log', { name: 'Chat messages' });
    await expect(own.getByText(`You are all fools ${tag}`)).toBeVisible();
    await expect(own.getByText('hidden pending review')).toBeVisible();
  });

  await test.step('the administrator reviews it in context and suspends the author for a week', async () => {
    const { page } = await cast.browse(admin);
    await page.goto('/admin/moderation');
    const item = page.getByRole('region', { name: new RegExp(`caucus chat message by Troll Tom ${tag}`, 'i') });
    await expect(item.getByText(`You are all fools ${tag}`)).toBeVisible();
    await expect(item.getByText('Insults every member')).toBeVisible();
    await expect(item.getByText('Hidden by reports')).toBeVisible();
    await item.getByLabel('Decision').selectOption('suspend');
    await item.getByLabel('Days').fill('7');
    await item.getByLabel(/^Reason/).fill('Insults in the caucus chat');
    await item.getByRole('button', { name: 'Apply' }).click();
    await expect(toast(page, 'Decision saved')).toBeVisible();

    await page.goto('/admin/log');
    const log = page.getByRole('list', { name: 'Admin log' });
    await expect(log.getByRole('listitem').filter({ hasText: `Ada Admin ${tag}` }).filter({ hasText: 'Suspended a user' })).toContainText('Why: Insults in the caucus chat');
  });

  await test.step('the suspended author reads, and is told why nothing they post goes through', async () => {
    const { page } = await cast.browse(troll);
    await page.goto(`/caucus/${caucus.id}`);
    await expect(page.getByText(/Your account is suspended until .+: Insults in the caucus chat\. You can still sign in and read/)).toBeVisible();
    await page.getByRole('textbox', { name: 'Chat message' }).fill('Let me back in');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(toast(page, /Error sending message: Your account is suspended until/)).toBeVisible();
  });

  await test.step('Ann blocks Ben: his chat line folds away for her, and his message to her is refused', async () => {
    const benLine = await (await cast.api(ben)).post(`/api/caucuses/${caucus.id}/chat`, { data: { message: `Ben was here ${tag}` } });
    expect(benLine.status()).toBe(201);
    const { page } = await cast.browse(ann);
    await page.goto(`/profile/${ben.id}`);
    await page.getByRole('button', { name: 'Block', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Block Ben Bold ${tag}?` });
    await expect(dialog).toContainText('Blocking never changes an election');
    await dialog.getByRole('button', { name: 'Block', exact: true }).click();
    await expect(toast(page, `Ben Bold ${tag} is blocked`)).toContainText('they stay a member and their vote counts');
    await expect(page.getByRole('button', { name: `Unblock Ben Bold ${tag}` })).toBeVisible();

    await page.goto(`/caucus/${caucus.id}`);
    const chat = page.getByRole('log', { name: 'Chat messages' });
    await expect(chat.getByText(BLOCKED_LINE)).toBeVisible();
    await expect(chat.getByText(`Ben was here ${tag}`)).toHaveCount(0);

    const refused = await (await cast.api(ben)).post('/api/messages', { data: { recipientId: ann.id, message: 'Hello?' } });
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(MODERATION_MESSAGES.blocked);

    await page.goto('/blocked-people');
    const list = page.getByRole('list', { name: 'Blocked people' });
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await list.getByRole('button', { name: `Unblock Ben Bold ${tag}` }).click();
    await expect(toast(page, `Ben Bold ${tag} is unblocked`)).toBeVisible();
    await expect(page.getByText('You have not blocked anyone.')).toBeVisible();
  });
});

// Issue 29: a brownie is refused across a block like a message; the blocker is told where
// unblocking happens (a link to a page that exists), and each Unblock button is named by its person.
for (const language of ['en', 'es'] as const) {
  test(`a brownie across a block is refused both ways; the blocker is pointed to Blocked people, whose Unblock buttons name their person (${language})`, async ({ db, createUser, cast, baseURL }) => {
    const tag = runTag();
    const home = await pickFreeDistrict(db);
    const [ann, ben] = [await createUser({ name: `Ann Able ${tag}`, ...home, verified: true, language }), await createUser({ name: `Ben Bold ${tag}`, ...home, verified: true })];
    const words = {
      en: { unblock: 'Unblock', unblockBen: `Unblock Ben Bold ${tag}`, give: 'Give Brownie', refused: 'No brownie given', open: 'Open Blocked people', title: 'Blocked people' },
      es: { unblock: 'Desbloquear', unblockBen: `Desbloquear a Ben Bold ${tag}`, give: 'Dar Brownie', refused: 'No se dio el brownie', open: 'Abrir Personas bloqueadas', title: 'Personas bloqueadas' },
    }[language];
    const blocked = await (await cast.api(ann)).post('/api/blocks', { data: { userId: ben.id } });
    expect(blocked.status()).toBe(201);

    // The blocked person's brownie: refused, without saying it is a block.
    const refused = await (await cast.api(ben)).post('/api/brownies', { data: { receiverId: ann.id } });
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(MODERATION_MESSAGES.blocked);

    const { page, context } = await cast.browse(ann);
    await context.addCookies([{ name: 'caucus_lang', value: language, url: baseURL! }]);
    await page.goto(`/profile/${ben.id}`);
    // The profile's Unblock: visible "Unblock", named after the person.
    const unblockOnProfile = page.getByRole('button', { name: words.unblockBen, exact: true });
    await expect(unblockOnProfile).toHaveText(words.unblock);

    // The blocker's own brownie: refused, and the toast links to the page where unblocking happens.
    await page.getByRole('button', { name: words.give }).click();
    const said = toast(page, words.refused);
    await expect(said).toContainText(language === 'en' ? MODERATION_MESSAGES.youBlocked : 'Personas bloqueadas');
    await said.getByRole('link', { name: words.open }).click();
    await expect(page).toHaveURL(/\/blocked-people$/);
    await expect(page.getByRole('heading', { level: 1, name: words.title })).toBeVisible();
    const list = page.getByRole('list', { name: words.title });
    const unblock = list.getByRole('button', { name: words.unblockBen, exact: true });
    await expect(unblock).toHaveText(words.unblock);
    // axe with label-in-name on (WCAG 2.5.3): the Unblock buttons pass, and so does the whole page.
    await expectNoSeriousA11yViolations(page);
    await unblock.click();
    await expect(list).toHaveCount(0);
    expect((await (await cast.api(ben)).post('/api/brownies', { data: { receiverId: ann.id } })).status()).toBe(201);
  });
}

test('anyone downloads a finalized caucus’s election record and checks it; an edited copy fails where it was edited', async ({ db, createUser, cast, page }, testInfo) => {
  test.setTimeout(120_000);
  const tag = runTag();
  const home = await pickFreeDistrict(db);
  const [a, b] = [await createUser({ name: `Rec One ${tag}`, ...home, verified: true }), await createUser({ name: `Rec Two ${tag}`, ...home, verified: true })];
  const caucus = await createCaucusRow(db, { name: `Record Pair ${tag}`, ...home, requiredVotingMembers: 2 });
  for (const m of [a, b]) await joinThroughApi(await cast.api(m), caucus.invitationCode);
  await voteThroughApi(await cast.api(a), caucus.id, b.id);
  expect(await voteThroughApi(await cast.api(b), caucus.id, b.id)).toBe('finalized');

  // A visitor, signed out.
  await page.goto(`/caucus/${caucus.id}/record`);
  await expect(page.getByRole('heading', { level: 1, name: `Election record of Record Pair ${tag}` })).toBeVisible();
  const timeline = page.getByRole('list', { name: 'Election record' });
  await expect(timeline.getByRole('listitem')).toHaveCount(6);
  await expect(timeline).not.toContainText(`Rec One ${tag}`);
  await page.getByRole('button', { name: 'Check this record' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The chain of this record holds: all 6 entries are intact. All 2 voting members voted for V-' })).toBeVisible();

  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download (JSON)' }).click();
  const download = await downloading;
  const saved = testInfo.outputPath('record.json');
  await download.saveAs(saved);
  const file = JSON.parse(readFileSync(saved, 'utf8')) as ElectionRecordFile;
  expect(await checkElectionRecord(file, sha256Hex)).toMatchObject({ ok: true, entries: 6 });

  // The same file checks in the page; a copy with one vote changed does not, and says where.
  await page.getByLabel('Or check a downloaded record').setInputFiles(saved);
  await expect(page.getByRole('status').filter({ hasText: 'The chain of record.json holds' })).toBeVisible();
  const voteEntry = file.entries.findIndex((e) => e.kind === 'vote');
  file.entries[voteEntry]!.subject = file.entries[voteEntry]!.actor;
  const edited = path.join(path.dirname(saved), 'edited.json');
  writeFileSync(edited, JSON.stringify(file));
  await page.getByLabel('Or check a downloaded record').setInputFiles(edited);
  await expect(page.getByRole('alert')).toHaveText(`Edited.json does not hold at entry ${voteEntry + 1}: entry ${voteEntry + 1} was changed: its contents do not match its hash`);
});
