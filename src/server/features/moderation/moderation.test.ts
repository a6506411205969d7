import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { beforeAll, describe, expect, it } from 'vitest';
import { compareQueueItems, HIDDEN_PLACEHOLDER, MODERATION_MESSAGES, type ModerationState } from '../../../domain/moderation/moderation-rules';
import { schema, type Database } from '../../db/client';
import { users } from '../../db/schema/auth';
import { caucuses, chatMessages } from '../../db/schema/caucuses';
import { adminLog, moderationItems, reports } from '../../db/schema/moderation';
import { notifications } from '../../db/schema/notifications';
import { privateMessages } from '../../db/schema/social';
import { addOrganizer, createCaucusRow } from '../../test/caucus-factories';
import { addTextResponse, createDebateRow } from '../../test/debate-factories';
import { createUser } from '../../test/factories';
import { createUserWithSession, forcedSessionCookie } from '../../test/route-world';
import { makeFriends } from '../../test/social-factories';
import { createTestApp, testSettings } from '../../test/test-app';
import { createTestDatabase } from '../../test/test-database';
import { moderationQueue } from './moderation.service';

let database: Database;
let t: ReturnType<typeof createTestApp>;

beforeAll(async () => {
  database = await createTestDatabase();
  t = createTestApp(database.db);
});

type Person = Awaited<ReturnType<typeof createUserWithSession>>;
const person = (overrides: Parameters<typeof createUser>[1] = {}): Promise<Person> =>
  createUserWithSession(database.db, t.auth, testSettings.AUTH_SECRET, { verified: true, ...overrides });
const send = (method: string, path: string, who: Person | null, json?: unknown) =>
  t.request(path, { method, cookie: who?.cookie, ...(json === undefined ? {} : { json }) });
const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; message: string } }).error;
const report = (who: Person, itemKind: string, itemId: string, reason = 'harassment') => send('POST', '/api/reports', who, { itemKind, itemId, reason });

async function chatFixture() {
  const [author, a, b, c] = [await person(), await person(), await person(), await person()];
  const caucus = await createCaucusRow(database.db, { name: 'Chat Caucus', organizerId: author.id });
  await addOrganizer(database.db, caucus.id, author.id);
  for (const m of [a, b, c]) await database.db.execute(sql`insert into caucus_members (caucus_id, user_id, is_voting_member) values (${caucus.id}, ${m.id}, true)`);
  const [line] = await database.db.insert(chatMessages).values({ caucusId: caucus.id, userId: author.id, message: 'You are all idiots' }).returning({ id: chatMessages.id });
  return { author, a, b, c, caucus, lineId: line!.id };
}

describe('reports', () => {
  it('refuses bad input with the rule’s words and changes nothing', async () => {
    const who = await person();
    const debate = await createDebateRow(database.db, (await person()).id);
    for (const [body, message] of [
      [{ itemKind: 'debate', itemId: debate.id, reason: 'boring' }, MODERATION_MESSAGES.chooseReason],
      [{ itemKind: 'vote', itemId: debate.id, reason: 'spam' }, MODERATION_MESSAGES.chooseItem],
      [{ itemKind: 'debate', itemId: debate.id, reason: 'spam', note: 'x'.repeat(501) }, MODERATION_MESSAGES.noteTooLong],
    ] as const) {
      const res = await send('POST', '/api/reports', who, body);
      expect(res.status).toBe(400);
      expect((await errorOf(res)).message).toBe(message);
    }
    expect(await database.db.select().from(reports).where(eq(reports.reporterId, who.id))).toEqual([]);
  });

  it('takes one report per person per item, never one of your own, and only of what you can see', async () => {
    const [author, reader, stranger] = [await person(), await person(), await person()];
    const debate = await createDebateRow(database.db, author.id);
    expect((await report(reader, 'debate', debate.id)).status).toBe(201);
    const again = await report(reader, 'debate', debate.id);
    expect(again.status).toBe(409);
    expect((await errorOf(again)).message).toBe(MODERATION_MESSAGES.alreadyReported);
    expect((await errorOf(await report(author, 'debate', debate.id))).message).toBe(MODERATION_MESSAGES.notYourself);

    // A private message is reported by its recipient only; a chat line by the chat's people only.
    const [message] = await database.db.insert(privateMessages).values({ senderId: author.id, recipientId: reader.id, message: 'Hey' }).returning({ id: privateMessages.id });
    expect((await report(stranger, 'private_message', message!.id)).status).toBe(404);
    expect((await report(reader, 'private_message', message!.id)).status).toBe(201);
    const { lineId } = await chatFixture();
    expect((await report(stranger, 'chat_message', lineId)).status).toBe(404);
    expect((await report(stranger, 'profile', '6b1b1b1b-1b1b-4b1b-8b1b-1b1b1b1b1b1b')).status).toBe(404);
  });

  it('hides a chat line at the third report of distinct verified users: its author sees it marked, the others a placeholder', async () => {
    const { author, a, b, c, caucus, lineId } = await chatFixture();
    const unverified = await person({ verified: false });
    await database.db.execute(sql`insert into caucus_members (caucus_id, user_id, is_voting_member) values (${caucus.id}, ${unverified.id}, true)`);
    expect(await (await report(unverified, 'chat_message', lineId)).json()).toMatchObject({ hidden: false });
    expect(await (await report(a, 'chat_message', lineId)).json()).toMatchObject({ hidden: false });
    expect(await (await report(b, 'chat_message', lineId)).json()).toMatchObject({ hidden: false });
    // An unverified reporter is heard but not counted: the third verified one hides it.
    expect(await (await report(c, 'chat_message', lineId)).json()).toMatchObject({ hidden: true });

    const asAuthor = (await (await send('GET', `/api/caucuses/${caucus.id}/chat`, author)).json()) as Array<{ id: string; message: string; hidden: boolean }>;
    expect(asAuthor.find((m) => m.id === lineId)).toMatchObject({ message: 'You are all idiots', hidden: true });
    const asOther = (await (await send('GET', `/api/caucuses/${caucus.id}/chat`, a)).json()) as Array<{ id: string; message: string; hidden: boolean }>;
    expect(asOther.find((m) => m.id === lineId)).toMatchObject({ message: '', hidden: true });
    const notes = await database.db.select().from(notifications).where(and(eq(notifications.userId, author.id), eq(notifications.kind, 'moderation_notice')));
    expect(notes.map((n) => n.data)).toEqual([{ action: 'hidden', itemLabel: 'caucus chat message', reason: null, until: null }]);
  });

  it('50 concurrent reports by distinct verified users hide the item exactly once, at the third', async () => {
    const author = await person();
    const debate = await createDebateRow(database.db, author.id, { title: 'Fifty reports' });
    const response = await addTextResponse(database.db, debate.id, author.id, 'Reported fifty times');
    const reporters = await Promise.all(Array.from({ length: 50 }, () => person()));
    const answers = await Promise.all(reporters.map((r) => report(r, 'debate_response', response.id, 'spam')));
    expect(answers.map((r) => r.status)).toEqual(Array(50).fill(201));
    const bodies = (await Promise.all(answers.map((r) => r.json()))) as Array<{ hidden: boolean }>;
    expect(bodies.filter((b) => b.hidden)).toHaveLength(1);
    const [item] = await database.db.select().from(moderationItems).where(eq(moderationItems.itemId, response.id));
    expect(item).toMatchObject({ state: 'hidden', hiddenByReports: true, openReports: 50, countedReports: 50 });
    const notes = await database.db.select().from(notifications).where(and(eq(notifications.userId, author.id), eq(notifications.kind, 'moderation_notice')));
    expect(notes).toHaveLength(1);
    // The debate page: the response's words are gone for others, kept for its author.
    const seen = (await (await send('GET', `/api/debates/${debate.id}`, reporters[0]!)).json()) as { responses: Array<{ id: string; text: string | null; hidden: boolean }> };
    expect(seen.responses.find((r) => r.id === response.id)).toMatchObject({ text: null, hidden: true });
    const own = (await (await send('GET', `/api/debates/${debate.id}`, author)).json()) as { responses: Array<{ id: string; text: string | null }> };
    expect(own.responses.find((r) => r.id === response.id)?.text).toBe('Reported fifty times');
  });

  it('is rate limited per person', async () => {
    const limited = createTestApp(database.db);
    const who = await person();
    const cookie = await forcedSessionCookie(database.db, limited.auth, testSettings.AUTH_SECRET, who.id);
    const debates = await Promise.all(Array.from({ length: 21 }, async () => createDebateRow(database.db, (await createUser(database.db)).id)));
    const statuses = [];
    for (const d of debates) statuses.push((await limited.request('/api/reports', { method: 'POST', cookie, json: { itemKind: 'debate', itemId: d.id, reason: 'spam' } })).status);
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(201));
    expect(statuses[20]).toBe(429);
  });
});

describe('moderation by administrators', () => {
  it('shows the queue with each item in context, only to administrators', async () => {
    const admin = await person({ isAdministrator: true });
    const { a, lineId } = await chatFixture();
    await report(a, 'chat_message', lineId, 'threat');
    expect((await send('GET', '/api/admin/moderation', a)).status).toBe(403);
    const queue = (await (await send('GET', '/api/admin/moderation', admin)).json()) as Array<{ itemId: string; context: { text: string; where: string; link: string }; reports: Array<{ reason: string }> }>;
    const entry = queue.find((q) => q.itemId === lineId);
    expect(entry?.context).toMatchObject({ text: 'You are all idiots', where: 'Chat of Chat Caucus' });
    expect(entry?.reports.map((r) => r.reason)).toEqual(['threat']);
  });

  it('orders the queue hidden items first, then by verified reporters, then reporters, then the latest report', async () => {
    const admin = await person({ isAdministrator: true });
    // Three verified reporters hide a chat line; 22 items reported once each come in after it.
    const { a, b, c, lineId } = await chatFixture();
    for (const r of [a, b, c]) await report(r, 'chat_message', lineId);
    const later = Date.now() + 60_000;
    const singles = Array.from({ length: 22 }, (_, i) => ({ itemKind: 'debate', itemId: randomUUID(), openReports: 1, countedReports: 1, lastReportedAt: new Date(later + i * 1000) }));
    const twoUnverified = { itemKind: 'debate', itemId: randomUUID(), openReports: 2, countedReports: 0, lastReportedAt: new Date(later + 60_000) };
    const twoVerified = { itemKind: 'debate', itemId: randomUUID(), openReports: 2, countedReports: 2, lastReportedAt: new Date(later - 30_000) };
    await database.db.insert(moderationItems).values([...singles, twoUnverified, twoVerified]);

    const queue = (await (await send('GET', '/api/admin/moderation', admin)).json()) as Array<{ itemId: string; state: string; countedReports: number; openReports: number; lastReportedAt: string }>;
    const mine = new Set([lineId, twoVerified.itemId, twoUnverified.itemId, ...singles.map((s) => s.itemId)]);
    const order = queue.filter((q) => mine.has(q.itemId)).map((q) => q.itemId);
    expect(order).toEqual([lineId, twoVerified.itemId, ...singles.map((s) => s.itemId).reverse(), twoUnverified.itemId]);
    // The whole answer is in the domain's order (compareQueueItems), whoever else is in it.
    const keys = queue.map((q) => ({ ...q, state: q.state as ModerationState, lastReportedAt: new Date(q.lastReportedAt) }));
    expect([...keys].sort(compareQueueItems).map((q) => q.itemId)).toEqual(queue.map((q) => q.itemId));
  });

  it('reads the queue from its index in order, with no sort', async () => {
    const admin = await person({ isAdministrator: true });
    const recorded: Array<{ text: string; params: unknown[] }> = [];
    const db = drizzle(database.pool, { schema, logger: { logQuery: (text, params) => void recorded.push({ text, params }) } });
    await moderationQueue({ db }, admin.id);
    const queueQuery = recorded.find((q) => q.text.includes('"moderation_items"'))!;
    const client = await database.pool.connect();
    try {
      await client.query('set enable_seqscan = off'); // the planner's choice on a large table, forced on this small one
      const plan = (await client.query<{ 'QUERY PLAN': string }>(`explain ${queueQuery.text}`, queueQuery.params)).rows.map((r) => r['QUERY PLAN']).join('\n');
      expect(plan).toContain('moderation_items_queue_order_idx');
      expect(plan).not.toMatch(/\bSort\b/);
      await client.query('reset enable_seqscan');
    } finally {
      client.release();
    }
  });

  it('restores, warns and suspends; a suspended user reads but every write is a 403 with the reason and end; the log keeps it all', async () => {
    const admin = await person({ isAdministrator: true, name: 'Ada Admin' });
    const { author, a, b, c, caucus, lineId } = await chatFixture();
    for (const r of [a, b, c]) await report(r, 'chat_message', lineId);
    expect((await send('POST', `/api/admin/moderation/chat_message/${lineId}`, a, { action: 'restore', reason: 'x' })).status).toBe(403);

    const restored = await send('POST', `/api/admin/moderation/chat_message/${lineId}`, admin, { action: 'restore', reason: 'Heated, not abusive' });
    expect(restored.status).toBe(200);
    const [line] = await database.db.select({ hiddenAt: chatMessages.hiddenAt }).from(chatMessages).where(eq(chatMessages.id, lineId));
    expect(line?.hiddenAt).toBeNull();

    expect((await send('POST', `/api/admin/moderation/chat_message/${lineId}`, admin, { action: 'suspend', reason: 'Repeated insults' })).status).toBe(400);
    await report(a, 'profile', author.id, 'harassment');
    const suspended = await send('POST', `/api/admin/moderation/profile/${author.id}`, admin, { action: 'suspend', reason: 'Repeated insults', days: 7 });
    expect(suspended.status).toBe(200);

    const write = await send('POST', `/api/caucuses/${caucus.id}/chat`, author, { message: 'Still here' });
    expect(write.status).toBe(403);
    const refusal = (await write.json()) as { error: { code: string; message: string; until: string } };
    expect(refusal.error.code).toBe('suspended');
    expect(refusal.error.message).toMatch(/^Your account is suspended until .+: Repeated insults\. You can still sign in and read\.$/);
    expect(new Date(refusal.error.until).getTime()).toBeGreaterThan(Date.now() + 6 * 86_400_000);
    expect((await send('GET', `/api/caucuses/${caucus.id}/chat`, author)).status).toBe(200);
    const me = (await (await send('GET', '/api/me', author)).json()) as { suspendedUntil: string; suspensionReason: string };
    expect(me).toMatchObject({ suspensionReason: 'Repeated insults' });
    expect((await send('POST', '/api/auth/sign-out', author, {})).status).toBe(200);

    // An administrator cannot be suspended.
    const otherAdmin = await person({ isAdministrator: true });
    const refused = await send('POST', `/api/admin/users/${otherAdmin.id}/suspension`, admin, { days: 3, reason: 'No' });
    expect(refused.status).toBe(409);

    const log = (await (await send('GET', '/api/admin/log', admin)).json()) as { items: Array<{ action: string; actorName: string; targetId: string; reason: string }> };
    const mine = log.items.filter((l) => l.actorName === 'Ada Admin');
    expect(mine.map((l) => [l.action, l.targetId, l.reason])).toEqual([
      ['user.suspend', author.id, 'Repeated insults'],
      ['moderation.restore', lineId, 'Heated, not abusive'],
    ]);
    expect((await send('GET', '/api/admin/log', a)).status).toBe(403);
    const kinds = (await database.db.select().from(notifications).where(and(eq(notifications.userId, author.id), eq(notifications.kind, 'moderation_notice')))).map(
      (n) => (n.data as { action: string }).action,
    );
    expect(kinds.sort()).toEqual(['hidden', 'restored', 'suspended']);
  });

  it('suspends and lifts from a profile with the decision’s own service: administrators only, from this site only, audited, never an administrator or oneself', async () => {
    const admin = await person({ isAdministrator: true, name: 'Profile Admin' });
    const [target, member] = [await person({ name: 'Sam Spammer' }), await person()];
    const standing = async (who: Person) => send('GET', `/api/admin/users/${target.id}/standing`, who);
    const suspendedUntil = async () => (await database.db.select({ until: users.suspendedUntil }).from(users).where(eq(users.id, target.id)))[0]!.until;

    expect((await standing(member)).status).toBe(403);
    expect(await (await standing(admin)).json()).toEqual({ id: target.id, isAdministrator: false, suspendedUntil: null, suspensionReason: null });
    expect((await send('POST', `/api/admin/users/${target.id}/suspension`, member, { days: 3, reason: 'Spam' })).status).toBe(403);
    const fromElsewhere = await t.request(`/api/admin/users/${target.id}/suspension`, { method: 'POST', cookie: admin.cookie, json: { days: 3, reason: 'Spam' }, headers: { origin: 'https://evil.example' } });
    expect(fromElsewhere.status).toBe(403);
    const noReason = await send('POST', `/api/admin/users/${target.id}/suspension`, admin, { days: 3, reason: ' ' });
    expect([noReason.status, (await errorOf(noReason)).message]).toEqual([400, MODERATION_MESSAGES.reasonRequired]);
    expect(await suspendedUntil()).toBeNull();

    const suspended = await send('POST', `/api/admin/users/${target.id}/suspension`, admin, { days: 3, reason: 'Spam in every chat' });
    expect(suspended.status).toBe(200);
    const { until } = (await suspended.json()) as { until: string };
    expect(await (await standing(admin)).json()).toEqual({ id: target.id, isAdministrator: false, suspendedUntil: until, suspensionReason: 'Spam in every chat' });
    expect((await send('POST', '/api/reports', target, { itemKind: 'profile', itemId: member.id, reason: 'spam' })).status).toBe(403);

    // Neither oneself nor another administrator.
    for (const who of [admin.id, (await person({ isAdministrator: true })).id]) {
      const refused = await send('POST', `/api/admin/users/${who}/suspension`, admin, { days: 3, reason: 'No' });
      expect([refused.status, (await errorOf(refused)).message]).toEqual([409, MODERATION_MESSAGES.cannotSuspendAdmin]);
    }

    expect((await send('POST', `/api/admin/users/${target.id}/suspension/lift`, member, { reason: 'Appeal' })).status).toBe(403);
    expect((await send('POST', `/api/admin/users/${target.id}/suspension/lift`, admin, { reason: 'Appeal accepted' })).status).toBe(200);
    expect(await suspendedUntil()).toBeNull();
    expect((await (await standing(admin)).json()) as object).toMatchObject({ suspendedUntil: null });
    expect((await send('POST', `/api/admin/users/${target.id}/suspension/lift`, admin, { reason: 'Again' })).status).toBe(404);

    const log = (await (await send('GET', '/api/admin/log', admin)).json()) as { items: Array<{ action: string; actorName: string; targetKind: string; targetId: string; reason: string }> };
    expect(log.items.filter((l) => l.actorName === 'Profile Admin').map((l) => [l.action, l.targetKind, l.targetId, l.reason])).toEqual([
      ['user.unsuspend', 'user', target.id, 'Appeal accepted'],
      ['user.suspend', 'user', target.id, 'Spam in every chat'],
    ]);
    const told = await database.db.select().from(notifications).where(and(eq(notifications.userId, target.id), eq(notifications.kind, 'moderation_notice')));
    expect(told.map((n) => (n.data as { action: string; reason: string }).reason)).toEqual(['Spam in every chat']);
  });

  it('keeps the admin log append-only, even for the app’s own connection', async () => {
    const refusal = (query: Promise<unknown>) => query.then(() => 'accepted', (e: { cause?: { message?: string } }) => e.cause?.message ?? 'refused without a reason');
    await database.db.execute(sql`insert into admin_log (actor_name, action) values ('Test', 'admin.grant')`);
    expect(await refusal(database.db.execute(sql`update admin_log set reason = 'rewritten'`))).toBe('admin_log is append-only');
    expect(await refusal(database.db.execute(sql`delete from admin_log`))).toBe('admin_log is append-only');
  });

  it('logs the other administrator actions: required members, a level 5 caucus, a broadcast to everyone, a deleted debate', async () => {
    const admin = await person({ isAdministrator: true, name: 'Log Keeper', state: 'OH', district: 9 });
    const created = await send('POST', '/api/caucuses', admin, {
      name: 'District Nine Final',
      membershipType: 'organizer',
      state: 'OH',
      district: 9,
      level: 5,
      politicalAlignment: 'Independent',
      accessType: 'open',
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const caucusId = ((await created.json()) as { id: string }).id;
    expect((await send('PATCH', `/api/caucuses/${caucusId}/required-members`, admin, { requiredVotingMembers: 20 })).status).toBe(200);
    expect((await send('POST', '/api/broadcasts', admin, { message: 'Hello everyone', scope: 'everyone' })).status).toBe(201);
    const debate = await createDebateRow(database.db, (await person()).id, { title: 'To be deleted' });
    expect((await send('DELETE', `/api/debates/${debate.id}`, admin)).status).toBe(200);
    const lines = await database.db.select().from(adminLog).where(eq(adminLog.actorId, admin.id));
    expect(lines.map((l) => l.action).sort()).toEqual(['broadcast.everyone', 'caucus.create_level_5', 'caucus.required_members', 'debate.delete']);
    expect(lines.find((l) => l.action === 'caucus.required_members')?.details).toEqual({ from: 10, to: 20 });
  });
});

describe('blocking', () => {
  it('refuses their messages, friend requests and invitations; folds their chat lines; never touches the caucus', async () => {
    const [me, them] = [await person(), await person()];
    await makeFriends(database.db, me.id, them.id);
    const caucus = await createCaucusRow(database.db, { name: 'Shared Caucus' });
    for (const p of [me, them]) await database.db.execute(sql`insert into caucus_members (caucus_id, user_id, is_voting_member) values (${caucus.id}, ${p.id}, true)`);
    await database.db.insert(chatMessages).values({ caucusId: caucus.id, userId: them.id, message: 'A line from them' });

    const blocked = await send('POST', '/api/blocks', me, { userId: them.id });
    expect(blocked.status).toBe(201);
    expect(await blocked.json()).toEqual({ blocked: true, sharedCaucuses: 1 });

    const message = await send('POST', '/api/messages', them, { recipientId: me.id, message: 'Hello?' });
    expect(message.status).toBe(403);
    expect((await errorOf(message)).message).toBe(MODERATION_MESSAGES.blocked);
    const mine = await send('POST', '/api/messages', me, { recipientId: them.id, message: 'Hello?' });
    expect((await errorOf(mine)).message).toBe(MODERATION_MESSAGES.youBlocked);
    // Friends already: a request is refused for the block before anything else.
    await database.db.execute(sql`delete from friendships where user1_id in (${me.id}::uuid, ${them.id}::uuid) and user2_id in (${me.id}::uuid, ${them.id}::uuid)`);
    expect((await send('POST', '/api/friends/requests', them, { userId: me.id })).status).toBe(403);
    await makeFriends(database.db, me.id, them.id);
    const challenge = await send('POST', '/api/challenges', them, { name: 'Sprint', challengeType: 'sparks', durationDays: 7, team: 'blue', inviteeIds: [me.id] });
    expect(challenge.status).toBe(403);
    const debate = await send('POST', '/api/debates', them, { title: 'Talk', prompt: 'About it', debateType: 'text', durationDays: 7, invitedFriendIds: [me.id] });
    expect(debate.status).toBe(403);

    const chat = (await (await send('GET', `/api/caucuses/${caucus.id}/chat`, me)).json()) as Array<{ userId: string; message: string; blocked: boolean }>;
    expect(chat.find((m) => m.userId === them.id)).toMatchObject({ message: '', blocked: true });
    // Blocking never touches elections: they stay a member, and can vote.
    expect((await send('PUT', `/api/caucuses/${caucus.id}/vote`, them, { candidateId: me.id })).status).toBe(200);
    const detail = (await (await send('GET', `/api/caucuses/${caucus.id}`, me)).json()) as { members: Array<{ id: string }> };
    expect(detail.members.map((m) => m.id)).toContain(them.id);

    const list = (await (await send('GET', '/api/blocks', me)).json()) as Array<{ id: string }>;
    expect(list.map((b) => b.id)).toEqual([them.id]);
    expect((await send('DELETE', `/api/blocks/${them.id}`, me)).status).toBe(200);
    expect((await send('DELETE', `/api/blocks/${them.id}`, me)).status).toBe(404);
    expect((await send('POST', '/api/messages', them, { recipientId: me.id, message: 'Hello again' })).status).toBe(201);
    expect((await errorOf(await send('POST', '/api/blocks', me, { userId: me.id }))).message).toBe(MODERATION_MESSAGES.blockYourself);
  });
});

describe('hidden content elsewhere', () => {
  it('a hidden profile, debate and caucus show a placeholder to others and stay readable to their author', async () => {
    const owner = await person({ tagline: 'Vote for me' });
    const other = await person();
    const debate = await createDebateRow(database.db, owner.id, { title: 'Secret plans' });
    const caucus = await createCaucusRow(database.db, { name: 'Rude Name', organizerId: owner.id, platformLink: 'https://example.org/p' });
    await addOrganizer(database.db, caucus.id, owner.id);
    const now = new Date();
    await database.db.update(users).set({ profileHiddenAt: now }).where(eq(users.id, owner.id));
    await database.db.execute(sql`update debates set hidden_at = now() where id = ${debate.id}`);
    await database.db.update(caucuses).set({ hiddenAt: now }).where(eq(caucuses.id, caucus.id));

    const profile = (await (await send('GET', `/api/profiles/${owner.id}`, other)).json()) as { tagline: string; hidden: boolean };
    expect(profile).toMatchObject({ tagline: '', hidden: true });
    expect(((await (await send('GET', `/api/profiles/${owner.id}`, owner)).json()) as { tagline: string }).tagline).toBe('Vote for me');
    expect(((await (await send('GET', `/api/debates/${debate.id}`, other)).json()) as { title: string }).title).toBe(HIDDEN_PLACEHOLDER);
    expect(((await (await send('GET', `/api/debates/${debate.id}`, owner)).json()) as { title: string }).title).toBe('Secret plans');
    const list = (await (await send('GET', '/api/debates', other)).json()) as Array<{ id: string }>;
    expect(list.map((d) => d.id)).not.toContain(debate.id);
    expect(await (await send('GET', `/api/caucuses/${caucus.id}`, other)).json()).toMatchObject({ name: 'Caucus hidden pending review', platformLink: null, hidden: true });
    expect(await (await send('GET', `/api/caucuses/${caucus.id}`, owner)).json()).toMatchObject({ name: 'Rude Name', hidden: true });
  });
});

describe('download my data', () => {
  it('holds the person’s own rows and no secret, and is rate limited', async () => {
    const [me, friend] = [await person({ name: 'Data Owner' }), await person()];
    await database.db.insert(privateMessages).values([
      { senderId: me.id, recipientId: friend.id, message: 'Sent by me' },
      { senderId: friend.id, recipientId: me.id, message: 'Sent to me' },
    ]);
    const stranger = await person();
    await database.db.insert(privateMessages).values({ senderId: stranger.id, recipientId: friend.id, message: 'Not mine at all' });
    const res = await send('GET', '/api/me/data', me);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="my-caucus-data-\d{4}-\d{2}-\d{2}\.json"$/);
    const text = await res.text();
    const data = JSON.parse(text) as Record<string, unknown> & { profile: { name: string }; privateMessagesSent: Array<{ message: string }>; privateMessagesReceived: Array<{ message: string }> };
    expect(data.profile.name).toBe('Data Owner');
    expect(data.privateMessagesSent.map((m) => m.message)).toEqual(['Sent by me']);
    expect(data.privateMessagesReceived.map((m) => m.message)).toEqual(['Sent to me']);
    expect(text).not.toContain('Not mine at all');
    expect(text).not.toContain(me.cookie.split('=')[1]!.split('.')[0]!);
    expect(text).not.toMatch(/password|government_id|session_id|p256dh/);
    for (let i = 0; i < 4; i++) expect((await send('GET', '/api/me/data', me)).status).toBe(200);
    expect((await send('GET', '/api/me/data', me)).status).toBe(429);
  });
});
