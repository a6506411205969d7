import { and, eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEBATE_MESSAGES, DEBATE_RESPONSES_PAGE_SIZE } from '../../../domain/debates/debate-rules';
import type { DebateDetail, DebateSummary } from '../../../domain/debates/debate-types';
import { schema, type Database } from '../../db/client';
import { users } from '../../db/schema/auth';
import {
  debateAudio,
  debateDefenses,
  debateInvitations,
  debateParticipants,
  debateRebuttals,
  debateResponses,
  debates,
  debateVotes,
} from '../../db/schema/debates';
import { badges, userBadges } from '../../db/schema/points';
import { privateMessages } from '../../db/schema/social';
import { fixedClock } from '../../clock';
import { addTextDefense, addTextRebuttal, addTextResponse, createDebateRow, seedDebateForBench } from '../../test/debate-factories';
import { makeFriends } from '../../test/social-factories';
import { createUser } from '../../test/factories';
import { createTestApp } from '../../test/test-app';
import { createTestDatabase } from '../../test/test-database';
import { buildWebm } from '../../test/webm-fixture';
import * as service from './debates.service';

let database: Database;
let t: ReturnType<typeof createTestApp>;
/** Every test reads the clock; debates are created relative to it. */
const clock = fixedClock('2030-03-04T15:00:00Z');
const now = () => clock.now();

beforeAll(async () => {
  database = await createTestDatabase();
  t = createTestApp(database.db, { clock });
});

type ErrorBody = { error: { code: string; message: string; title?: string } };
const errorOf = async (res: Response) => ((await res.json()) as ErrorBody).error;
const cookieOf = (user: { id: string; email: string; password: string }) => t.cookieFor(user);
const users_ = (n: number, overrides: Parameters<typeof createUser>[1] = {}) => Promise.all(Array.from({ length: n }, () => createUser(database.db, overrides)));
/** A debate row created at the test clock's now (unless told). */
const debateRow = (creatorId: string, overrides: Parameters<typeof createDebateRow>[2] = {}) => createDebateRow(database.db, creatorId, { createdAt: now(), ...overrides });
const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');

const post = async (user: { id: string; email: string; password: string } | null, path: string, json: unknown) =>
  t.request(path, { method: 'POST', cookie: user ? await cookieOf(user) : undefined, json });
const create = (user: { id: string; email: string; password: string }, body: Record<string, unknown> = {}) =>
  post(user, '/api/debates', { title: 'Term limits?', prompt: 'Should delegates serve at most two terms?', debateType: 'text', ...body });
const detail = async (id: string, user?: { id: string; email: string; password: string }) =>
  (await (await t.request(`/api/debates/${id}`, { cookie: user ? await cookieOf(user) : undefined })).json()) as DebateDetail;
const respond = (user: { id: string; email: string; password: string }, debateId: string, text: string) => post(user, `/api/debates/${debateId}/responses`, { text });
const rebut = (user: { id: string; email: string; password: string }, debateId: string, responseId: string, text: string) =>
  post(user, `/api/debates/${debateId}/responses/${responseId}/rebuttals`, { text });
const defend = (user: { id: string; email: string; password: string }, debateId: string, rebuttalId: string, text: string) =>
  post(user, `/api/debates/${debateId}/rebuttals/${rebuttalId}/defenses`, { text });
const vote = (user: { id: string; email: string; password: string }, debateId: string, contentType: string, contentId: string, voteType: string) =>
  post(user, `/api/debates/${debateId}/votes`, { contentType, contentId, voteType });
async function uploadAudio(user: { id: string; email: string; password: string }, path: string, bytes: Buffer, name = 'recording.webm', type = 'audio/webm') {
  const form = new FormData();
  form.append('audio', new File([new Uint8Array(bytes)], name, { type }));
  return t.request(path, { method: 'POST', cookie: await cookieOf(user), body: form });
}
async function contributionCounts(debateId: string) {
  const [row] = (
    await database.db.execute<{ responses: number; rebuttals: number; defenses: number; participants: number; participant_count: number; audio: number }>(sql`
      select
        (select count(*)::int from debate_responses where debate_id = ${debateId}) as responses,
        (select count(*)::int from debate_rebuttals rb join debate_responses r on r.id = rb.response_id where r.debate_id = ${debateId}) as rebuttals,
        (select count(*)::int from debate_defenses d join debate_rebuttals rb on rb.id = d.rebuttal_id join debate_responses r on r.id = rb.response_id where r.debate_id = ${debateId}) as defenses,
        (select count(*)::int from debate_participants where debate_id = ${debateId}) as participants,
        (select participant_count from debates where id = ${debateId}) as participant_count,
        (select count(*)::int from debate_audio where debate_id = ${debateId}) as audio`)
  ).rows;
  return row!;
}

describe('creating and listing debates', () => {
  it('creates a 7-day text debate by default, lists it first, and invites friends with a private message', async () => {
    const [creator, friend] = await users_(2);
    await makeFriends(database.db, creator!.id, friend!.id);
    const older = await debateRow(friend!.id, { createdAt: new Date(now().getTime() - 60_000), title: 'Older debate' });
    const res = await create(creator!, { invitedFriendIds: [friend!.id] });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    const [row] = await database.db.select().from(debates).where(eq(debates.id, id));
    expect(row).toMatchObject({ creatorId: creator!.id, debateType: 'text', durationDays: 7, participantCount: 0, maxParticipants: 10, isActive: true });
    expect(row!.expiresAt.toISOString()).toBe('2030-03-11T15:00:00.000Z');
    expect(await database.db.$count(debateInvitations, eq(debateInvitations.debateId, id))).toBe(1);
    const [message] = await database.db.select().from(privateMessages).where(eq(privateMessages.recipientId, friend!.id));
    expect(message?.message).toContain(`/debate/${id}`);

    const list = (await (await t.request('/api/debates')).json()) as DebateSummary[];
    const ids = list.map((d) => d.id);
    expect(ids.indexOf(id)).toBeLessThan(ids.indexOf(older.id));
    expect(list.find((d) => d.id === id)).toMatchObject({ title: 'Term limits?', daysLeft: 7, closed: false, participantCount: 0, creator: { id: creator!.id } });
  });

  it('leaves closed debates out of the list', async () => {
    const [creator] = await users_(1);
    const expired = await debateRow(creator!.id, { createdAt: new Date(now().getTime() - 8 * 86_400_000) });
    const inactive = await debateRow(creator!.id, { isActive: false });
    const ids = ((await (await t.request('/api/debates')).json()) as DebateSummary[]).map((d) => d.id);
    expect(ids).not.toContain(expired.id);
    expect(ids).not.toContain(inactive.id);
  });

  it.each([
    [{ title: '  ' }, DEBATE_MESSAGES.titleRequired],
    [{ prompt: '' }, DEBATE_MESSAGES.promptRequired],
    [{ durationDays: 2 }, DEBATE_MESSAGES.invalidDuration],
    [{ durationDays: 31 }, DEBATE_MESSAGES.invalidDuration],
    [{ debateType: 'video' }, DEBATE_MESSAGES.invalidType],
  ])('refuses %j with its message (400), creating nothing', async (body, message) => {
    const [creator] = await users_(1);
    const res = await create(creator!, body);
    expect([res.status, (await errorOf(res)).message]).toEqual([400, message]);
    expect(await database.db.$count(debates, eq(debates.creatorId, creator!.id))).toBe(0);
  });

  it('refuses a sixth invited friend and a non-friend, creating nothing', async () => {
    const [creator, stranger, ...friends] = await users_(8);
    for (const f of friends) await makeFriends(database.db, creator!.id, f.id);
    const six = await create(creator!, { invitedFriendIds: friends.map((f) => f.id) });
    expect([six.status, (await errorOf(six)).message]).toEqual([400, 'You can only invite up to 5 friends to a debate.']);
    const notFriend = await create(creator!, { invitedFriendIds: [stranger!.id] });
    expect([notFriend.status, (await errorOf(notFriend)).message]).toEqual([400, DEBATE_MESSAGES.inviteNotFriends]);
    expect(await database.db.$count(debates, eq(debates.creatorId, creator!.id))).toBe(0);
    expect(await database.db.$count(debateInvitations, eq(debateInvitations.inviterId, creator!.id))).toBe(0);
  });

  it('refuses visitors (401)', async () => {
    expect((await post(null, '/api/debates', { title: 'a', prompt: 'b', debateType: 'text' })).status).toBe(401);
  });
});

describe('active-debate limit: 1 unverified, 15 verified', () => {
  it('refuses an unverified user’s second open debate with the spec’s message; a closed one does not count', async () => {
    const [creator] = await users_(1, { verified: false });
    await debateRow(creator!.id, { createdAt: new Date(now().getTime() - 8 * 86_400_000) });
    expect((await create(creator!)).status).toBe(201);
    const second = await create(creator!);
    expect([second.status, (await errorOf(second)).message]).toEqual([409, 'You can only have 1 active debate(s) at a time.']);
    expect(await database.db.$count(debates, eq(debates.creatorId, creator!.id))).toBe(2);
  });

  it('lets a verified user open 15, not 16', async () => {
    const [creator] = await users_(1, { verified: true });
    for (let i = 0; i < 14; i++) await debateRow(creator!.id);
    expect((await create(creator!)).status).toBe(201);
    const sixteenth = await create(creator!);
    expect([sixteenth.status, (await errorOf(sixteenth)).message]).toEqual([409, 'You can only have 15 active debate(s) at a time.']);
  });

  it('20 concurrent creations by an unverified user open exactly one (the user row is locked)', async () => {
    const [creator] = await users_(1, { verified: false });
    await cookieOf(creator!);
    const results = await Promise.all(Array.from({ length: 20 }, () => create(creator!)));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    expect(await database.db.$count(debates, eq(debates.creatorId, creator!.id))).toBe(1);
  });
});

describe('the debate page', () => {
  it('answers 404 Debate Not Found for an unknown or malformed id', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const res = await t.request(`/api/debates/${id}`);
      expect([res.status, (await errorOf(res)).message]).toEqual([404, 'Debate Not Found']);
    }
  });

  it('shows a visitor everything, with no viewer; the creator sees Created by you and may delete', async () => {
    const [creator, author] = await users_(2);
    const debate = await debateRow(creator!.id, { createdAt: now() });
    const response = await addTextResponse(database.db, debate.id, author!.id, 'I say yes.');
    const asVisitor = await detail(debate.id);
    expect(asVisitor).toMatchObject({ id: debate.id, viewer: null, participantCount: 1, maxParticipants: 10, daysLeft: 7, closed: false });
    expect(asVisitor.responses).toMatchObject([{ id: response.id, text: 'I say yes.', author: { id: author!.id }, rebuttals: [], myVote: null }]);
    expect([asVisitor.responseCount, asVisitor.nextCursor]).toEqual([1, null]);
    expect((await detail(debate.id, creator)).viewer).toEqual({ isCreator: true, canDelete: true, isParticipant: false, hasResponded: false, invitedIds: [] });
    expect((await detail(debate.id, author)).viewer).toEqual({ isCreator: false, canDelete: false, isParticipant: true, hasResponded: true, invitedIds: [] });
  });

  it('reads a page of responses with their rebuttals, defenses, author names and the viewer’s votes in a fixed number of queries', async () => {
    let queries = 0;
    const counted = drizzle(database.pool, { schema, logger: { logQuery: () => void (queries += 1) } });
    /** `size` responses, each rebutted and defended, the viewer's upvote on every contribution; the queries of the first and the second page. */
    const read = async (size: number) => {
      const [creator, viewer] = await users_(2);
      const authors = await users_(size);
      const debate = await debateRow(creator!.id, { maxParticipants: 100 });
      for (let i = 0; i < size; i++) {
        const response = await addTextResponse(database.db, debate.id, authors[i]!.id);
        const rebuttal = await addTextRebuttal(database.db, response.id, authors[(i + 1) % size]!.id);
        const defense = await addTextDefense(database.db, rebuttal.id, authors[i]!.id);
        await database.db.insert(debateVotes).values(
          (
            [
              ['response', response.id],
              ['rebuttal', rebuttal.id],
              ['defense', defense.id],
            ] as const
          ).map(([contentType, contentId]) => ({ contentId, contentType, userId: viewer!.id, voteType: 'upvote' })),
        );
      }
      queries = 0;
      const first = (await service.getDebateDetail({ db: counted, clock }, debate.id, viewer!.id))!;
      const firstQueries = queries;
      const shown = Math.min(size, DEBATE_RESPONSES_PAGE_SIZE);
      const all = first.responses.flatMap((r) => [r, ...r.rebuttals.flatMap((rb) => [rb, rb.defense!])]);
      expect(all).toHaveLength(3 * shown);
      expect(all.every((c) => c.myVote === 'upvote' && c.author.name.length > 0)).toBe(true);
      expect(first.responseCount).toBe(size);
      let secondQueries = firstQueries;
      if (first.nextCursor) {
        queries = 0;
        const second = (await service.getDebateDetail({ db: counted, clock }, debate.id, viewer!.id, first.nextCursor))!;
        secondQueries = queries;
        expect(second.responses).toHaveLength(Math.min(size - shown, DEBATE_RESPONSES_PAGE_SIZE));
      }
      return [firstQueries, secondQueries];
    };
    const small = await read(3);
    const large = await read(60);
    expect(large).toEqual(small);
    expect(small).toEqual([5, 5]);
  });

  it(`pages the responses ${DEBATE_RESPONSES_PAGE_SIZE} at a time, newest first, each with its own rebuttals, defenses and the viewer’s votes`, async () => {
    const [creator, viewer] = await users_(2);
    const authors = await users_(45);
    const debate = await debateRow(creator!.id, { maxParticipants: 100 });
    // Three responses share each second, so the order and the cursor rely on (created_at, id).
    const base = now().getTime() - 3_600_000;
    const responses = [];
    for (let i = 0; i < authors.length; i++) {
      const response = await addTextResponse(database.db, debate.id, authors[i]!.id, `Response ${i}`);
      const [moved] = await database.db
        .update(debateResponses)
        .set({ createdAt: new Date(base + Math.floor(i / 3) * 1000) })
        .where(eq(debateResponses.id, response.id))
        .returning();
      responses.push(moved!);
    }
    /** For each response: its rebuttals' ids (every other response has one, by the next author) with their defense ids (every fourth). */
    const expected = new Map<string, { rebuttals: { id: string; defenseId: string | null }[]; vote: 'upvote' | 'downvote' | null }>();
    for (const [i, r] of responses.entries()) {
      const rebuttals: { id: string; defenseId: string | null }[] = [];
      if (i % 2 === 0) {
        const rebuttal = await addTextRebuttal(database.db, r.id, authors[(i + 1) % authors.length]!.id);
        const defense = i % 4 === 0 ? await addTextDefense(database.db, rebuttal.id, authors[i]!.id) : null;
        rebuttals.push({ id: rebuttal.id, defenseId: defense?.id ?? null });
        await database.db.insert(debateVotes).values({ contentId: rebuttal.id, contentType: 'rebuttal', userId: viewer!.id, voteType: 'downvote' });
        if (defense) await database.db.insert(debateVotes).values({ contentId: defense.id, contentType: 'defense', userId: viewer!.id, voteType: 'upvote' });
      }
      const vote = i % 3 === 0 ? null : i % 3 === 1 ? 'upvote' : 'downvote';
      if (vote) await database.db.insert(debateVotes).values({ contentId: r.id, contentType: 'response', userId: viewer!.id, voteType: vote });
      expected.set(r.id, { rebuttals, vote });
    }
    const newestFirst = [...responses].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1)).map((r) => r.id);

    const cookie = await cookieOf(viewer!);
    const pages: DebateDetail[] = [];
    let cursor: string | null = null;
    do {
      const res = await t.request(`/api/debates/${debate.id}${cursor ? `?before=${cursor}` : ''}`, { cookie });
      expect(res.status).toBe(200);
      const page = (await res.json()) as DebateDetail;
      pages.push(page);
      cursor = page.nextCursor;
    } while (cursor && pages.length < 5);

    expect(pages.map((p) => p.responses.length)).toEqual([20, 20, 5]);
    expect(pages.at(-1)!.nextCursor).toBeNull();
    expect(pages.every((p) => p.responseCount === 45 && p.viewer?.hasResponded === false)).toBe(true);
    const ids = pages.flatMap((p) => p.responses.map((r) => r.id));
    expect(new Set(ids).size).toBe(45);
    expect(ids).toEqual(newestFirst);
    for (const page of pages) {
      expect(page.nextCursor === null || page.nextCursor === page.responses.at(-1)!.id).toBe(true);
      for (const r of page.responses) {
        const want = expected.get(r.id)!;
        expect(r.myVote).toBe(want.vote);
        expect(r.rebuttals.map((rb) => ({ id: rb.id, defenseId: rb.defense?.id ?? null }))).toEqual(want.rebuttals);
        expect(r.rebuttals.every((rb) => rb.myVote === 'downvote' && (rb.defense === null || rb.defense.myVote === 'upvote'))).toBe(true);
      }
    }
  });

  it('refuses a cursor that is not a response of this debate (400); an unknown debate is still 404', async () => {
    const [creator, author] = await users_(2);
    const debate = await debateRow(creator!.id);
    const other = await debateRow(creator!.id);
    const theirs = await addTextResponse(database.db, other.id, author!.id);
    const ours = await addTextResponse(database.db, debate.id, author!.id);
    for (const before of ['not-a-uuid', theirs.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await t.request(`/api/debates/${debate.id}?before=${before}`);
      expect([before, res.status, (await errorOf(res)).message]).toEqual([before, 400, DEBATE_MESSAGES.badCursor]);
    }
    const last = (await (await t.request(`/api/debates/${debate.id}?before=${ours.id}`)).json()) as DebateDetail;
    expect([last.responses, last.nextCursor, last.responseCount]).toEqual([[], null, 1]);
    const unknown = await t.request(`/api/debates/00000000-0000-4000-8000-000000000000?before=${ours.id}`);
    expect([unknown.status, (await errorOf(unknown)).message]).toEqual([404, DEBATE_MESSAGES.notFound]);
  });
});

describe('A participant submits at most one response; any participant other than the author may rebut a response; only the response’s author may defend against a rebuttal', () => {
  it('takes a response, a rebuttal and a defense, seating the responders and counting participants', async () => {
    const [creator, ann, ben] = await users_(3);
    const debate = await debateRow(creator!.id);
    const first = await respond(ann!, debate.id, '  Yes, because accountability.  ');
    expect(first.status).toBe(201);
    const { id: responseId } = (await first.json()) as { id: string };
    expect((await respond(ben!, debate.id, 'No.')).status).toBe(201);
    const rebuttal = await rebut(ben!, debate.id, responseId, 'Accountability comes from elections.');
    expect(rebuttal.status).toBe(201);
    const { id: rebuttalId } = (await rebuttal.json()) as { id: string };
    expect((await defend(ann!, debate.id, rebuttalId, 'Elections are not enough.')).status).toBe(201);

    const page = await detail(debate.id, ann);
    expect(page.participantCount).toBe(2);
    const annsResponse = page.responses.find((r) => r.id === responseId)!;
    expect(annsResponse.text).toBe('Yes, because accountability.');
    expect(annsResponse.rebuttals).toMatchObject([{ id: rebuttalId, author: { id: ben!.id }, defense: { author: { id: ann!.id }, text: 'Elections are not enough.' } }]);
    expect(await contributionCounts(debate.id)).toMatchObject({ responses: 2, rebuttals: 1, defenses: 1, participants: 2, participant_count: 2 });
  });

  it('refuses, changing nothing: a second response, a rebuttal of one’s own response, a rebuttal by a non-participant, a defense by someone else, a second defense', async () => {
    const [creator, ann, ben, carl] = await users_(4);
    const debate = await debateRow(creator!.id);
    const response = await addTextResponse(database.db, debate.id, ann!.id);
    await addTextResponse(database.db, debate.id, ben!.id);
    const rebuttal = await addTextRebuttal(database.db, response.id, ben!.id);
    const before = await contributionCounts(debate.id);

    const cases: Array<[Promise<Response>, number, string]> = [
      [respond(ann!, debate.id, 'Again'), 409, DEBATE_MESSAGES.alreadyResponded],
      [rebut(ann!, debate.id, response.id, 'Me against me'), 403, DEBATE_MESSAGES.rebutOwnResponse],
      [rebut(carl!, debate.id, response.id, 'Outsider'), 403, DEBATE_MESSAGES.notParticipant],
      [rebut(ben!, debate.id, response.id, 'Twice'), 409, DEBATE_MESSAGES.alreadyRebutted],
      [defend(ben!, debate.id, rebuttal.id, 'Not mine'), 403, DEBATE_MESSAGES.defenseNotAuthor],
      [defend(creator!, debate.id, rebuttal.id, 'Not mine'), 403, DEBATE_MESSAGES.defenseNotAuthor],
      [rebut(ben!, debate.id, '00000000-0000-4000-8000-000000000000', 'x'), 404, DEBATE_MESSAGES.contentNotFound],
    ];
    for (const [request, status, message] of cases) {
      const res = await request;
      expect([res.status, (await errorOf(res)).message]).toEqual([status, message]);
    }
    expect((await defend(ann!, debate.id, rebuttal.id, 'First')).status).toBe(201);
    const second = await defend(ann!, debate.id, rebuttal.id, 'Second');
    expect([second.status, (await errorOf(second)).message]).toEqual([409, DEBATE_MESSAGES.alreadyDefended]);
    expect(await contributionCounts(debate.id)).toEqual({ ...before, defenses: 1 });
  });

  it('20 concurrent responses by one user leave one response and one seat', async () => {
    const [creator, ann] = await users_(2);
    const debate = await debateRow(creator!.id);
    await cookieOf(ann!);
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => respond(ann!, debate.id, `Take ${i}`)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(19);
    expect(await contributionCounts(debate.id)).toMatchObject({ responses: 1, participants: 1, participant_count: 1 });
  });

  it('refuses a response when all seats are taken by others', async () => {
    const [creator, late, ...seated] = await users_(4);
    const debate = await debateRow(creator!.id, { maxParticipants: 2 });
    for (const u of seated) await addTextResponse(database.db, debate.id, u.id);
    const res = await respond(late!, debate.id, 'Me too');
    expect([res.status, (await errorOf(res)).message]).toEqual([409, DEBATE_MESSAGES.debateFull]);
  });
});

describe('Debate text: non-empty after trimming and at most 500 words (response) or 170 (rebuttal, defense)', () => {
  it('refuses empty text and text over the limit, changing nothing; accepts exactly the limit', async () => {
    const [creator, ann, ben] = await users_(3);
    const debate = await debateRow(creator!.id);
    for (const [text, message] of [
      ['   ', DEBATE_MESSAGES.textRequired],
      [words(501), 'Your text must be at most 500 words.'],
    ] as const) {
      const res = await respond(ann!, debate.id, text);
      expect([res.status, (await errorOf(res)).message]).toEqual([400, message]);
    }
    expect(await contributionCounts(debate.id)).toMatchObject({ responses: 0, participants: 0, participant_count: 0 });
    expect((await respond(ann!, debate.id, words(500))).status).toBe(201);
    const response = (await detail(debate.id)).responses[0]!;
    await addTextResponse(database.db, debate.id, ben!.id);
    const long = await rebut(ben!, debate.id, response.id, words(171));
    expect([long.status, (await errorOf(long)).message]).toEqual([400, 'Your text must be at most 170 words.']);
    expect((await rebut(ben!, debate.id, response.id, words(170))).status).toBe(201);
  });

  it('refuses a text contribution to an audio debate', async () => {
    const [creator, ann] = await users_(2);
    const debate = await debateRow(creator!.id, { debateType: 'audio' });
    const res = await respond(ann!, debate.id, 'typed');
    expect([res.status, (await errorOf(res)).message]).toEqual([400, 'This is an audio debate.']);
  });
});

describe('Debate audio: webm checked by its bytes, at most 180 s (response) or 60 s (rebuttal, defense), stored and served', () => {
  it('stores a recorded response at {userId}/{debateId}/response-{timestamp}.webm and serves it back', async () => {
    const [creator, ann] = await users_(2);
    const debate = await debateRow(creator!.id, { debateType: 'audio' });
    const bytes = buildWebm({ durationMs: 2_000 });
    const res = await uploadAudio(ann!, `/api/debates/${debate.id}/responses`, bytes, 'anything.bin', 'application/octet-stream');
    expect(res.status).toBe(201);
    const key = `${ann!.id}/${debate.id}/response-${now().getTime()}.webm`;
    const [stored] = await database.db.select().from(debateAudio).where(eq(debateAudio.key, key));
    expect(stored).toMatchObject({ userId: ann!.id, contentType: 'audio/webm', sizeBytes: bytes.length, durationMs: 2_000 });
    const page = await detail(debate.id);
    expect(page.responses[0]).toMatchObject({ contentType: 'audio', audioUrl: `/api/debate-audio/${key}`, text: null });
    const served = await t.request(page.responses[0]!.audioUrl!);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('audio/webm');
    expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
    expect((await t.request(`/api/debate-audio/${ann!.id}/${debate.id}/response-1.webm`)).status).toBe(404);
    expect((await t.request('/api/debate-audio/x/y/z')).status).toBe(404);
  });

  it('refuses, storing nothing: over the time limit, not audio, over 5 MB, no file, an image named .webm', async () => {
    const [creator, ann, ben] = await users_(3);
    const debate = await debateRow(creator!.id, { debateType: 'audio' });
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    const cases: Array<[Buffer, number, string]> = [
      [buildWebm({ durationMs: 185_000 }), 400, 'Your recording must be at most 3:00 long.'],
      [buildWebm({ durationMs: 1_000, withVideo: true }), 400, DEBATE_MESSAGES.audioInvalid],
      [png, 400, DEBATE_MESSAGES.audioInvalid],
      [Buffer.from('plain text'), 400, DEBATE_MESSAGES.audioInvalid],
      [buildWebm({ durationMs: 60_000, frameBytes: 2_000 }), 413, DEBATE_MESSAGES.audioTooLarge],
    ];
    for (const [bytes, status, message] of cases) {
      const res = await uploadAudio(ann!, `/api/debates/${debate.id}/responses`, bytes);
      expect([res.status, (await errorOf(res)).message]).toEqual([status, message]);
    }
    const empty = await t.request(`/api/debates/${debate.id}/responses`, { method: 'POST', cookie: await cookieOf(ann!), body: new FormData() });
    expect(empty.status).toBe(400);
    expect(await contributionCounts(debate.id)).toMatchObject({ responses: 0, participants: 0, audio: 0 });

    // A rebuttal may last 60 s, not 62.
    const response = (await (await uploadAudio(ann!, `/api/debates/${debate.id}/responses`, buildWebm({ durationMs: 3_000 }))).json()) as { id: string };
    clock.set(new Date(now().getTime() + 1000));
    await database.db.insert(debateParticipants).values({ debateId: debate.id, userId: ben!.id }).onConflictDoNothing();
    const long = await uploadAudio(ben!, `/api/debates/${debate.id}/responses/${response.id}/rebuttals`, buildWebm({ durationMs: 62_000 }));
    expect([long.status, (await errorOf(long)).message]).toEqual([400, 'Your recording must be at most 1:00 long.']);
    expect((await uploadAudio(ben!, `/api/debates/${debate.id}/responses/${response.id}/rebuttals`, buildWebm({ durationMs: 60_000 }))).status).toBe(201);
  });
});

describe('Debate: closed when is_active is false or expires_at has passed; closed disables submitting and voting', () => {
  it('refuses submissions and votes on a closed debate with Debate closed / Submissions are no longer accepted., changing nothing', async () => {
    const [creator, ann, ben] = await users_(3);
    const debate = await debateRow(creator!.id, { createdAt: new Date(now().getTime() - 3 * 86_400_000), durationDays: 3 });
    const response = await addTextResponse(database.db, debate.id, ann!.id);
    await addTextResponse(database.db, debate.id, ben!.id);
    const rebuttal = await addTextRebuttal(database.db, response.id, ben!.id);
    const before = await contributionCounts(debate.id);
    for (const request of [
      respond(creator!, debate.id, 'Late'),
      rebut(ben!, debate.id, response.id, 'Late'),
      defend(ann!, debate.id, rebuttal.id, 'Late'),
      vote(ben!, debate.id, 'response', response.id, 'upvote'),
    ]) {
      const res = await request;
      expect([res.status, await errorOf(res)]).toEqual([409, { code: 'debate_closed', title: 'Debate closed', message: 'Submissions are no longer accepted.' }]);
    }
    expect(await contributionCounts(debate.id)).toEqual(before);
    expect(await database.db.$count(debateVotes, eq(debateVotes.contentId, response.id))).toBe(0);
    const page = await detail(debate.id);
    expect([page.closed, page.daysLeft]).toEqual([true, 0]);

    const inactive = await debateRow(creator!.id, { isActive: false });
    expect((await respond(ann!, inactive.id, 'Hi')).status).toBe(409);
  });
});

describe('Debate votes: the same vote again removes it, the other switches it; counts come from debate_votes', () => {
  it('toggles and switches votes on a response, a rebuttal and a defense', async () => {
    const [creator, ann, ben] = await users_(3);
    const debate = await debateRow(creator!.id);
    const response = await addTextResponse(database.db, debate.id, ann!.id);
    await addTextResponse(database.db, debate.id, ben!.id);
    const rebuttal = await addTextRebuttal(database.db, response.id, ben!.id);
    const defense = await addTextDefense(database.db, rebuttal.id, ann!.id);
    for (const [type, id] of [
      ['response', response.id],
      ['rebuttal', rebuttal.id],
      ['defense', defense.id],
    ] as const) {
      const steps: Array<[string, string | null, number, number]> = [
        ['upvote', 'upvote', 1, 0],
        ['downvote', 'downvote', 0, 1],
        ['downvote', null, 0, 0],
        ['upvote', 'upvote', 1, 0],
      ];
      for (const [cast, myVote, upvotes, downvotes] of steps) {
        const res = await vote(creator!, debate.id, type, id, cast);
        expect(res.status).toBe(200);
        expect(await res.json()).toEqual({ contentType: type, contentId: id, myVote, upvotes, downvotes });
      }
      expect((await vote(ann!, debate.id, type, id, 'downvote')).status).toBe(200);
    }
    const page = await detail(debate.id, creator);
    const r = page.responses.find((x) => x.id === response.id)!;
    expect([r.upvotes, r.downvotes, r.myVote]).toEqual([1, 1, 'upvote']);
    expect([r.rebuttals[0]!.upvotes, r.rebuttals[0]!.downvotes, r.rebuttals[0]!.myVote]).toEqual([1, 1, 'upvote']);
    expect([r.rebuttals[0]!.defense!.upvotes, r.rebuttals[0]!.defense!.myVote]).toEqual([1, 'upvote']);
  });

  it('refuses a contribution of another debate, an unknown one and a bad vote type, changing nothing', async () => {
    const [creator, ann] = await users_(2);
    const debate = await debateRow(creator!.id);
    const other = await debateRow(ann!.id);
    const response = await addTextResponse(database.db, other.id, ann!.id);
    expect((await vote(creator!, debate.id, 'response', response.id, 'upvote')).status).toBe(404);
    expect((await vote(creator!, debate.id, 'rebuttal', response.id, 'upvote')).status).toBe(404);
    expect((await vote(creator!, debate.id, 'response', response.id, 'sideways')).status).toBe(400);
    expect((await post(null, `/api/debates/${debate.id}/votes`, { contentType: 'response', contentId: response.id, voteType: 'upvote' })).status).toBe(401);
    expect(await database.db.$count(debateVotes, eq(debateVotes.contentId, response.id))).toBe(0);
  });

  it('40 concurrent votes by one user on one contribution leave at most one vote and counts equal to the rows', async () => {
    const [creator, ann] = await users_(2);
    const debate = await debateRow(creator!.id);
    const response = await addTextResponse(database.db, debate.id, ann!.id);
    await cookieOf(creator!);
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => vote(creator!, debate.id, 'response', response.id, i % 3 === 0 ? 'downvote' : 'upvote')));
    expect(results.every((r) => r.status === 200)).toBe(true);
    const rows = await database.db.select().from(debateVotes).where(and(eq(debateVotes.contentId, response.id), eq(debateVotes.contentType, 'response')));
    expect(rows.length).toBeLessThanOrEqual(1);
    const [counted] = await database.db.select({ up: debateResponses.upvotes, down: debateResponses.downvotes }).from(debateResponses).where(eq(debateResponses.id, response.id));
    expect(counted).toEqual({ up: rows.filter((r) => r.voteType === 'upvote').length, down: rows.filter((r) => r.voteType === 'downvote').length });
  });
});

describe('rate limits', () => {
  it('answers 429 after 60 votes a minute by one user, and the counts still equal the rows', async () => {
    const [creator, ann] = await users_(2);
    const debate = await debateRow(creator!.id);
    const response = await addTextResponse(database.db, debate.id, ann!.id);
    await cookieOf(creator!);
    const results = await Promise.all(Array.from({ length: 70 }, () => vote(creator!, debate.id, 'response', response.id, 'upvote')));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(60);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    // 60 toggles of the same vote: an even number, so none is left.
    expect(await database.db.$count(debateVotes, eq(debateVotes.contentId, response.id))).toBe(0);
    const [counted] = await database.db.select({ up: debateResponses.upvotes }).from(debateResponses).where(eq(debateResponses.id, response.id));
    expect(counted!.up).toBe(0);
  });
});

describe('Debate invitations: at least one friend, creator only, at most 5 per debate, capped at max_participants minus participant_count', () => {
  it('invites friends, then refuses a sixth, a non-creator, and more than the seats left', async () => {
    const [creator, outsider, ...friends] = await users_(8);
    for (const f of friends) await makeFriends(database.db, creator!.id, f.id);
    const debate = await debateRow(creator!.id);
    const inviteRes = await post(creator!, `/api/debates/${debate.id}/invitations`, { friendIds: friends.slice(0, 5).map((f) => f.id) });
    expect([inviteRes.status, await inviteRes.json()]).toEqual([201, { invited: 5 }]);
    const sixth = await post(creator!, `/api/debates/${debate.id}/invitations`, { friendIds: [friends[5]!.id] });
    expect([sixth.status, (await errorOf(sixth)).message]).toEqual([400, 'You can only invite up to 5 friends to a debate.']);
    const notCreator = await post(outsider!, `/api/debates/${debate.id}/invitations`, { friendIds: [friends[0]!.id] });
    expect(notCreator.status).toBe(403);
    const none = await post(creator!, `/api/debates/${debate.id}/invitations`, { friendIds: [] });
    expect([none.status, (await errorOf(none)).message]).toEqual([400, DEBATE_MESSAGES.inviteAtLeastOne]);
    expect(await database.db.$count(debateInvitations, eq(debateInvitations.debateId, debate.id))).toBe(5);
    expect((await detail(debate.id, creator)).viewer?.invitedIds.sort()).toEqual(friends.slice(0, 5).map((f) => f.id).sort());
    expect((await detail(debate.id, friends[0])).viewer?.invitedIds).toEqual([]);

    const small = await debateRow(creator!.id, { maxParticipants: 2 });
    await addTextResponse(database.db, small.id, outsider!.id);
    const over = await post(creator!, `/api/debates/${small.id}/invitations`, { friendIds: friends.slice(0, 2).map((f) => f.id) });
    expect([over.status, (await errorOf(over)).message]).toEqual([400, 'You can invite at most 1 more friend(s) to this debate.']);
  });
});

describe('deleting a debate: its creator or an administrator', () => {
  it('refuses others (403); the creator deletes it with all its contributions, recordings and votes', async () => {
    const [creator, ann, ben] = await users_(3);
    const debate = await debateRow(creator!.id);
    const response = await addTextResponse(database.db, debate.id, ann!.id);
    await addTextResponse(database.db, debate.id, ben!.id);
    const rebuttal = await addTextRebuttal(database.db, response.id, ben!.id);
    await vote(ben!, debate.id, 'response', response.id, 'upvote');
    await vote(ann!, debate.id, 'rebuttal', rebuttal.id, 'downvote');
    const refused = await t.request(`/api/debates/${debate.id}`, { method: 'DELETE', cookie: await cookieOf(ann!) });
    expect([refused.status, (await errorOf(refused)).message]).toEqual([403, DEBATE_MESSAGES.deleteForbidden]);
    expect((await t.request(`/api/debates/${debate.id}`, { method: 'DELETE', cookie: await cookieOf(creator!) })).status).toBe(200);
    expect(await database.db.$count(debates, eq(debates.id, debate.id))).toBe(0);
    expect(await database.db.$count(debateResponses, eq(debateResponses.debateId, debate.id))).toBe(0);
    expect(await database.db.$count(debateRebuttals, eq(debateRebuttals.id, rebuttal.id))).toBe(0);
    expect(await database.db.$count(debateVotes, sql`${debateVotes.contentId} in (${response.id}, ${rebuttal.id})`)).toBe(0);
    expect((await t.request(`/api/debates/${debate.id}`)).status).toBe(404);
  });

  it('lets an administrator delete any debate', async () => {
    const [creator] = await users_(1);
    const [admin] = await users_(1, { isAdministrator: true });
    const debate = await debateRow(creator!.id);
    expect((await detail(debate.id, admin)).viewer?.canDelete).toBe(true);
    expect((await t.request(`/api/debates/${debate.id}`, { method: 'DELETE', cookie: await cookieOf(admin!) })).status).toBe(200);
    expect(await database.db.$count(debates, eq(debates.id, debate.id))).toBe(0);
  });
});

describe('Debate contributions submitted count toward Chatterbox (5)', () => {
  it('awards Chatterbox with the fifth contribution', async () => {
    const [author, ...creators] = await users_(6);
    const earned: string[][] = [];
    for (const creator of creators) {
      const debate = await debateRow(creator.id);
      const res = await respond(author!, debate.id, 'My take.');
      earned.push(((await res.json()) as { badgesEarned: string[] }).badgesEarned);
    }
    expect(earned.slice(0, 4).every((e) => !e.includes('Chatterbox'))).toBe(true);
    expect(earned[4]).toContain('Chatterbox');
    const names = await database.db.select({ name: badges.name }).from(userBadges).innerJoin(badges, eq(badges.id, userBadges.badgeId)).where(eq(userBadges.userId, author!.id));
    expect(names.map((n) => n.name)).toContain('Chatterbox');
  });
});

describe('seedDebateForBench', () => {
  it('makes a debate of about N contributions by distinct authors with every voter’s vote, counts equal to the rows', async () => {
    const bench = await seedDebateForBench(database.db, { contributions: 30, voters: 4 });
    expect(bench.contributions).toEqual({ responses: 10, rebuttals: 10, defenses: 10 });
    expect(bench.votes).toBe(30 * 4);
    expect(await contributionCounts(bench.debateId)).toMatchObject({ responses: 10, rebuttals: 10, defenses: 10, participants: 10, participant_count: 10 });
    const page = await service.getDebateDetail({ db: database.db, clock }, bench.debateId, bench.voterIds[0]!);
    const all = page!.responses.flatMap((r) => [r, ...r.rebuttals.flatMap((rb) => [rb, rb.defense!])]);
    expect(all).toHaveLength(30);
    expect(all.every((c) => c.upvotes + c.downvotes === 4 && c.myVote !== null)).toBe(true);
    const [total] = await database.db.select({ n: sql<number>`count(*)::int` }).from(users).where(sql`${users.email} like 'bench-debate-%'`);
    expect(total!.n).toBeGreaterThanOrEqual(1 + 10 + 4);
    expect(await database.db.$count(debateDefenses)).toBeGreaterThanOrEqual(10);
  });
});
