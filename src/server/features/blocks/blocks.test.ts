import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { REFUSED_ACROSS_A_BLOCK, type RefusedAction } from '../../../domain/moderation/block-rules';
import { MODERATION_MESSAGES } from '../../../domain/moderation/moderation-rules';
import type { Database } from '../../db/client';
import { organizerInvitations, votingMemberInvitations } from '../../db/schema/caucuses';
import { challengeInvitations } from '../../db/schema/challenges';
import { debateDefenses, debateInvitations, debateRebuttals, debateResponses } from '../../db/schema/debates';
import { userBlocks } from '../../db/schema/moderation';
import { notifications } from '../../db/schema/notifications';
import { brownies } from '../../db/schema/points';
import { friendRequests, friendships, privateMessages } from '../../db/schema/social';
import { addOrganizer, createCaucusRow } from '../../test/caucus-factories';
import { addTextRebuttal, addTextResponse, createDebateRow } from '../../test/debate-factories';
import { createUserWithSession } from '../../test/route-world';
import { makeFriends } from '../../test/social-factories';
import { brownieCountOf } from '../../test/factories';
import { createTestApp, testSettings } from '../../test/test-app';
import { createTestDatabase } from '../../test/test-database';

let database: Database;
let t: ReturnType<typeof createTestApp>;

beforeAll(async () => {
  database = await createTestDatabase();
  t = createTestApp(database.db);
});

type Person = Awaited<ReturnType<typeof createUserWithSession>>;
/** Both live in CA-52, so caucus invitations between them are possible. */
const person = () => createUserWithSession(database.db, t.auth, testSettings.AUTH_SECRET, { verified: true, state: 'CA', district: 52 });
const send = (method: string, path: string, who: Person, json?: unknown) => t.request(path, { method, cookie: who.cookie, ...(json === undefined ? {} : { json }) });
const count = (table: Parameters<Database['db']['$count']>[0], where?: Parameters<Database['db']['$count']>[1]) => database.db.$count(table, where);

/**
 * Each action `actor` takes towards `other`, made possible first (friends, a debate, a caucus...):
 * `act` does it through the API, `written` counts what it writes (so a refusal can be seen to
 * write nothing).
 */
interface Staged {
  act: () => Promise<Response>;
  written: () => Promise<number>;
}
const ACTIONS: Record<RefusedAction, (actor: Person, other: Person) => Promise<Staged>> = {
  brownie: async (actor, other) => ({
    act: () => send('POST', '/api/brownies', actor, { receiverId: other.id }),
    written: async () =>
      (await count(brownies, eq(brownies.receiverUserId, other.id))) +
      (await brownieCountOf(database.db, other.id)),
  }),
  friend_request: async (actor, other) => ({
    act: () => send('POST', '/api/friends/requests', actor, { userId: other.id }),
    written: () => count(friendRequests, eq(friendRequests.requesterId, actor.id)),
  }),
  friend_request_acceptance: async (actor, other) => {
    // The other asked first (and may have blocked since: their own request stays pending).
    const [request] = await database.db.insert(friendRequests).values({ requesterId: other.id, requesteeId: actor.id, status: 'pending' }).returning({ id: friendRequests.id });
    return {
      act: () => send('POST', `/api/friends/requests/${request!.id}/respond`, actor, { response: 'accepted' }),
      written: async () => (await count(friendships, sql`${friendships.user1Id} in (${actor.id}::uuid, ${other.id}::uuid)`)) + (await count(friendRequests, and(eq(friendRequests.id, request!.id), eq(friendRequests.status, 'accepted')))),
    };
  },
  private_message: async (actor, other) => ({
    act: () => send('POST', '/api/messages', actor, { recipientId: other.id, message: 'Hello' }),
    written: () => count(privateMessages, eq(privateMessages.recipientId, other.id)),
  }),
  challenge_invitation: async (actor, other) => {
    await makeFriends(database.db, actor.id, other.id);
    return {
      act: () => send('POST', '/api/challenges', actor, { name: 'Sprint', challengeType: 'sparks', durationDays: 7, team: 'blue', inviteeIds: [other.id] }),
      written: () => count(challengeInvitations, eq(challengeInvitations.inviteeId, other.id)),
    };
  },
  debate_invitation: async (actor, other) => {
    await makeFriends(database.db, actor.id, other.id);
    const debate = await createDebateRow(database.db, actor.id);
    return {
      act: () => send('POST', `/api/debates/${debate.id}/invitations`, actor, { friendIds: [other.id] }),
      written: () => count(debateInvitations, eq(debateInvitations.inviteeId, other.id)),
    };
  },
  debate_response: async (actor, other) => {
    const debate = await createDebateRow(database.db, other.id);
    return {
      act: () => send('POST', `/api/debates/${debate.id}/responses`, actor, { text: 'My answer to your debate.' }),
      written: () => count(debateResponses, eq(debateResponses.debateId, debate.id)),
    };
  },
  debate_rebuttal: async (actor, other) => {
    const debate = await createDebateRow(database.db, (await person()).id);
    await addTextResponse(database.db, debate.id, actor.id);
    const theirs = await addTextResponse(database.db, debate.id, other.id);
    return {
      act: () => send('POST', `/api/debates/${debate.id}/responses/${theirs.id}/rebuttals`, actor, { text: 'I disagree with you.' }),
      written: () => count(debateRebuttals, eq(debateRebuttals.responseId, theirs.id)),
    };
  },
  debate_defense: async (actor, other) => {
    const debate = await createDebateRow(database.db, (await person()).id);
    const mine = await addTextResponse(database.db, debate.id, actor.id);
    await addTextResponse(database.db, debate.id, other.id);
    const rebuttal = await addTextRebuttal(database.db, mine.id, other.id);
    return {
      act: () => send('POST', `/api/debates/${debate.id}/rebuttals/${rebuttal.id}/defenses`, actor, { text: 'I stand by it.' }),
      written: () => count(debateDefenses, eq(debateDefenses.rebuttalId, rebuttal.id)),
    };
  },
  caucus_voter_invitation: async (actor, other) => {
    const caucus = await createCaucusRow(database.db, { state: 'CA', district: 52, organizerId: actor.id });
    await addOrganizer(database.db, caucus.id, actor.id);
    return {
      act: () => send('POST', `/api/caucuses/${caucus.id}/voter-invitations`, actor, { inviteeId: other.id }),
      written: () => count(votingMemberInvitations, eq(votingMemberInvitations.inviteeId, other.id)),
    };
  },
  caucus_organizer_invitation: async (actor, other) => {
    const caucus = await createCaucusRow(database.db, { state: 'CA', district: 52, organizerId: actor.id });
    await addOrganizer(database.db, caucus.id, actor.id);
    return {
      act: () => send('POST', `/api/caucuses/${caucus.id}/organizer-invitations`, actor, { inviteeId: other.id }),
      written: () => count(organizerInvitations, eq(organizerInvitations.inviteeId, other.id)),
    };
  },
};

const block = (blockerId: string, blockedId: string) => database.db.insert(userBlocks).values({ blockerId, blockedId });
const unblock = (blockerId: string, blockedId: string) => database.db.delete(userBlocks).where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)));

describe('every action between two people is refused across a block', () => {
  it('has a case for every action the domain table refuses, and no other', () => {
    expect(Object.keys(ACTIONS).sort()).toEqual([...REFUSED_ACROSS_A_BLOCK].sort());
  });

  const cases = REFUSED_ACROSS_A_BLOCK.flatMap((action) => [
    [action, 'the other blocked the actor', 'blocked', MODERATION_MESSAGES.blocked] as const,
    [action, 'the actor blocked the other', 'you_blocked', MODERATION_MESSAGES.youBlocked] as const,
  ]);

  it.each(cases)('%s, when %s: 403 %s, nothing written, nothing notified; allowed once unblocked', async (action, way, code, message) => {
    const [actor, other] = [await person(), await person()];
    const staged = await ACTIONS[action](actor, other);
    const [blocker, blocked] = way === 'the other blocked the actor' ? [other, actor] : [actor, other];
    await block(blocker.id, blocked.id);
    const before = { written: await staged.written(), told: await count(notifications, eq(notifications.userId, other.id)) };

    const refused = await staged.act();
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { code: string; message: string } }).error).toMatchObject({ code, message });
    expect({ written: await staged.written(), told: await count(notifications, eq(notifications.userId, other.id)) }).toEqual(before);

    // The block, and nothing else, stood in the way.
    await unblock(blocker.id, blocked.id);
    const allowed = await staged.act();
    expect([allowed.status, await allowed.text()]).toEqual([expect.toSatisfy((s: number) => s >= 200 && s < 300), expect.any(String)]);
    expect(await staged.written()).toBeGreaterThan(before.written);
  });

  it('a brownie across a block leaves the receiver’s count and the giver’s day untouched', async () => {
    const [giver, receiver] = [await person(), await person()];
    await block(receiver.id, giver.id);
    const refused = await send('POST', '/api/brownies', giver, { receiverId: receiver.id });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(MODERATION_MESSAGES.blocked);
    expect(await brownieCountOf(database.db, receiver.id)).toBe(0);
    // The refused brownie was not the giver's brownie of the day: they can give it to someone else.
    const today = (await (await send('GET', '/api/brownies/today', giver)).json()) as { given: boolean };
    expect(today.given).toBe(false);
    expect((await send('POST', '/api/brownies', giver, { receiverId: (await person()).id })).status).toBe(201);
  });

  it('declining a friend request stays open across a block', async () => {
    const [me, them] = [await person(), await person()];
    const [request] = await database.db.insert(friendRequests).values({ requesterId: them.id, requesteeId: me.id, status: 'pending' }).returning({ id: friendRequests.id });
    await block(me.id, them.id);
    const res = await send('POST', `/api/friends/requests/${request!.id}/respond`, me, { response: 'declined' });
    expect(res.status).toBe(200);
  });
});
