// The rest of the events (issue 13), each seen by its person in the browser: a reply to your
// debate; a split election; a finished challenge; an invitation reminder and a vote reminder
// (the hourly reminders job, run here at once with the clock of the test); badges gathered into
// the weekly digest mail (the digest job, run here at once).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { systemClock } from '../../src/server/clock';
import { votingMemberInvitations } from '../../src/server/db/schema/caucuses';
import { sendDigests } from '../../src/server/features/notifications/notification-delivery.service';
import { notify } from '../../src/server/features/notifications/notifications.service';
import { sendDueReminders } from '../../src/server/features/notifications/reminders.service';
import { createLogger } from '../../src/server/logger';
import { addOrganizer, createCaucusRow } from '../../src/server/test/caucus-factories';
import { addChallengeMember, createChallengeRow } from '../../src/server/test/challenge-factories';
import { createDebateRow } from '../../src/server/test/debate-factories';
import { uniqueEmail } from './support/fixtures';
import { expect, joinThroughApi, literal, pickFreeDistrict, runTag, test, voteThroughApi } from './support/caucus-fixtures';

const list = (page: Page) => page.getByRole('list', { name: 'Notifications' });
const DAY = 86_400_000;

test('debate replies, a split election, a challenge result, reminders and the weekly digest reach their people', async ({ db, createUser, cast, mailbox, baseURL }) => {
  test.setTimeout(150_000);
  const tag = runTag();
  const home = await pickFreeDistrict(db);
  const person = (name: string) => createUser({ name: `${name} ${tag}`, email: uniqueEmail(name.split(' ')[0]!.toLowerCase()), ...home, verified: true });
  const [cora, remy, vic] = [await person('Cora Creator'), await person('Remy Responder'), await person('Vic Voter')];
  const open = async (who: typeof cora, text: string | RegExp) => {
    const { page } = await cast.browse(who);
    await page.goto('/notifications');
    const item = list(page).getByRole('link', { name: typeof text === 'string' ? literal(text) : text });
    await expect(item).toBeVisible();
    return { page, item };
  };

  await test.step('a response to Cora’s debate tells Cora', async () => {
    const debate = await createDebateRow(db, cora.id, { title: `Meet weekly ${tag}?` });
    const res = await (await cast.api(remy)).post(`/api/debates/${debate.id}/responses`, { data: { text: 'Every other week.' } });
    expect(res.status(), await res.text()).toBe(201);
    const { page, item } = await open(cora, `${remy.name} responded to your debate "Meet weekly ${tag}?".`);
    await item.click();
    await expect(page).toHaveURL(new RegExp(`/debate/${debate.id}$`));
  });

  await test.step('every member voted, not for one person: each is told the election is split', async () => {
    const caucus = await createCaucusRow(db, { name: `Split Three ${tag}`, ...home, requiredVotingMembers: 3, organizerId: cora.id });
    await addOrganizer(db, caucus.id, cora.id);
    const sam = await person('Sam Third');
    for (const m of [remy, vic, sam]) await joinThroughApi(await cast.api(m), caucus.invitationCode);
    await voteThroughApi(await cast.api(remy), caucus.id, remy.id);
    await voteThroughApi(await cast.api(vic), caucus.id, vic.id);
    await voteThroughApi(await cast.api(sam), caucus.id, remy.id);
    for (const member of [remy, vic, sam]) await open(member, `All 3 members of Split Three ${tag} voted, but not for one person (2 for ${remy.name}). A Delegate needs every vote: talk it over in the caucus chat.`);
  });

  await test.step('a finished challenge tells each member how it ended', async () => {
    const challenge = await createChallengeRow(db, { creatorId: cora.id, name: `Sprint ${tag}`, team: 'blue', start: new Date(Date.now() - 8 * DAY), durationDays: 7 });
    await addChallengeMember(db, challenge.id, remy.id, 'orange');
    // Reading the ended challenge completes it (as the minute's sweep would).
    const { page } = await cast.browse(cora);
    await page.goto(`/challenge/${challenge.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await open(remy, new RegExp(`The team challenge "Sprint ${tag}" has ended: a tie`));
  });

  await test.step('an invitation left three days and a vote missing two days after the caucus filled: the reminders job tells them', async () => {
    const caucus = await createCaucusRow(db, { name: `Remind Ten ${tag}`, ...home, organizerId: cora.id });
    await addOrganizer(db, caucus.id, cora.id);
    const invitee = await person('Ivy Invited');
    await db.insert(votingMemberInvitations).values({ caucusId: caucus.id, inviterId: cora.id, inviteeId: invitee.id, createdAt: new Date(Date.now() - 3 * DAY) });
    await db.transaction((tx) => notify(tx, new Date(Date.now() - 2 * DAY - 1000), [{ userId: vic.id, kind: 'caucus_full', data: { caucusId: caucus.id, caucusName: `Remind Ten ${tag}` }, dedupeKey: `old-${caucus.id}` }]));
    await sendDueReminders({ db, clock: systemClock });
    await open(invitee, `${cora.name} is still waiting for you to join Remind Ten ${tag}.`);
    const mail = await mailbox.waitForMessage(invitee.email, { subject: 'Invitation waiting' });
    expect(mail.text).toContain(`${baseURL}/my-caucuses`);
  });

  await test.step('badges wait for the weekly digest: one mail listing them', async () => {
    const now = new Date();
    await db.transaction((tx) =>
      notify(tx, now, [
        { userId: vic.id, kind: 'badge_earned', data: { badgeName: 'Chatterbox' } },
        { userId: vic.id, kind: 'badge_earned', data: { badgeName: 'Networker' } },
      ]),
    );
    // Delivery has marked them for the digest (their default), not mailed them.
    await expect.poll(async () => (await db.query.notifications.findMany({ where: (n, { and, eq }) => and(eq(n.userId, vic.id), eq(n.kind, 'badge_earned')) })).every((n) => n.digest === 'weekly')).toBe(true);
    expect((await mailbox.messages(vic.email)).map((m) => m.subject)).not.toContain('Badge earned');
    // The app's own secret (made in its data folder at its first start), so the links work.
    const secret = readFileSync(path.join(process.env.CAUCUS_E2E_DATA_DIR!, 'auth-secret'), 'utf8').trim();
    await sendDigests({ db, clock: systemClock, logger: createLogger('silent'), baseUrl: baseURL!, secret }, 'weekly');
    const digest = await mailbox.waitForMessage(vic.email, { subject: 'Your weekly digest: 2 notifications' });
    expect(digest.text).toContain('You earned the Chatterbox badge.');
    expect(digest.text).toContain('You earned the Networker badge.');
    expect(digest.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const { page } = await cast.browse(vic, { signedIn: false });
    await page.goto(digest.headers['List-Unsubscribe']!.slice(1, -1));
    await expect(page.getByText('Stop receiving the weekly digest?')).toBeVisible();
  });
});
