import { assertNotBlocked, blockersBetween, refuseIfBlocked } from '../blocks/blocks.service';
import { and, asc, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { FORMER_MEMBER_NAME } from '../../../domain/profiles/profile-types';
import {
  FRIEND_MESSAGES,
  FRIEND_REQUESTS_LIST_LIMIT,
  FRIENDS_LIST_LIMIT,
  decideFriendRequest,
  friendshipPair,
  type FriendRequestDecision,
} from '../../../domain/social/friends';
import type {
  FriendRelation,
  FriendRequestAnswer,
  FriendRequestView,
  FriendSearchResult,
  FriendsOverview,
  SendFriendRequestResult,
  SocialPerson,
} from '../../../domain/social/social-types';
import type { Clock } from '../../clock';
import type { Db, DbOrTx } from '../../db/client';
import { users } from '../../db/schema/auth';
import { friendRequests, friendships } from '../../db/schema/social';
import { withRetry } from '../../db/transaction-retry';
import { AppError, conflict, forbidden, notFound } from '../../http/app-error';
import { searchUsers } from '../invitations/invitations.service';
import { notify } from '../notifications/notifications.service';
import { writeActivities } from '../points/awards.service';

export interface FriendDeps {
  db: Db;
  clock: Clock;
}

type Tx = DbOrTx;

/** The columns of a person, and the view of one (a hidden profile reads 'Former member'). */
export const personColumns = {
  id: users.id,
  name: users.name,
  photoUrl: users.image,
  state: users.state,
  district: users.district,
  deletedAt: users.deletedAt,
};
type PersonRow = { id: string; name: string; photoUrl: string | null; state: string; district: number; deletedAt: Date | null };

export function toPerson(r: PersonRow): SocialPerson {
  const hidden = r.deletedAt !== null;
  return { id: r.id, name: hidden ? FORMER_MEMBER_NAME : r.name, photoUrl: hidden ? null : r.photoUrl, state: r.state, district: r.district };
}

/**
 * Everything about one pair of people is decided under one lock, taken before anything is
 * read: two people asking each other at the same moment are served one after the other, so
 * the second finds the first's request and accepts it (one friendship, no second request).
 * The partial unique index friend_requests_one_pending_pair is the database's own guard.
 */
async function lockPair(tx: Tx, a: string, b: string): Promise<void> {
  const { user1Id, user2Id } = friendshipPair(a, b);
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`friend-pair:${user1Id}:${user2Id}`}, 0))`);
}

async function liveUser(tx: Tx, userId: string): Promise<PersonRow | null> {
  const [u] = await tx.select(personColumns).from(users).where(and(eq(users.id, userId), isNull(users.deletedAt)));
  return u ?? null;
}

async function areFriends(tx: Tx, a: string, b: string): Promise<{ createdAt: Date } | null> {
  const pair = friendshipPair(a, b);
  const [row] = await tx
    .select({ createdAt: friendships.createdAt })
    .from(friendships)
    .where(and(eq(friendships.user1Id, pair.user1Id), eq(friendships.user2Id, pair.user2Id)));
  return row ?? null;
}

/**
 * The friends of `userId` among `ids` whose profiles are not hidden (one query by the
 * friendships keys): what debates and challenges check before inviting anyone.
 */
export async function friendsAmong(tx: DbOrTx, userId: string, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await tx
    .select({ user1: friendships.user1Id, user2: friendships.user2Id })
    .from(friendships)
    .innerJoin(users, and(eq(users.id, sql`case when ${friendships.user1Id} = ${userId} then ${friendships.user2Id} else ${friendships.user1Id} end`), isNull(users.deletedAt)))
    .where(
      or(
        and(eq(friendships.user1Id, userId), inArray(friendships.user2Id, [...ids])),
        and(eq(friendships.user2Id, userId), inArray(friendships.user1Id, [...ids])),
      ),
    );
  return new Set(rows.map((r) => (r.user1 === userId ? r.user2 : r.user1)));
}

async function pendingRequest(tx: Tx, requesterId: string, requesteeId: string) {
  const [row] = await tx
    .select({ id: friendRequests.id, createdAt: friendRequests.createdAt })
    .from(friendRequests)
    .where(and(eq(friendRequests.requesterId, requesterId), eq(friendRequests.requesteeId, requesteeId), eq(friendRequests.status, 'pending')));
  return row ?? null;
}

/** Accepts a pending request (already locked by the pair lock): the friendship and a friend_added activity for both. */
async function acceptRequest(tx: Tx, requestId: string, requester: PersonRow, requestee: PersonRow, at: Date): Promise<void> {
  await tx.update(friendRequests).set({ status: 'accepted', respondedAt: at }).where(eq(friendRequests.id, requestId));
  const inserted = await tx
    .insert(friendships)
    .values({ ...friendshipPair(requester.id, requestee.id), createdAt: at })
    .onConflictDoNothing()
    .returning({ user1Id: friendships.user1Id });
  if (inserted.length === 0) return;
  await notify(tx, at, [{ userId: requester.id, kind: 'friend_accepted', data: { friendId: requestee.id, friendName: requestee.name } }]);
  await writeActivities(
    tx,
    [
      { userId: requester.id, activityType: 'friend_added', description: `Became friends with ${requestee.name}` },
      { userId: requestee.id, activityType: 'friend_added', description: `Became friends with ${requester.name}` },
    ],
    at,
  );
}

/**
 * A friend request from `requesterId` to `targetId`. If the target already asked the
 * requester, that request is accepted instead (decideFriendRequest).
 */
export async function sendFriendRequest({ db, clock }: FriendDeps, requesterId: string, targetId: string): Promise<SendFriendRequestResult> {
  return withRetry(() =>
    db.transaction(async (tx) => {
      const refuse = (d: FriendRequestDecision) => {
        if (d.action === 'refuse') throw new AppError(d.status, d.code, d.message);
      };
      refuse(decideFriendRequest({ self: requesterId === targetId, friends: false, pendingFromSender: false, pendingFromOther: false }));
      await lockPair(tx, requesterId, targetId);
      const target = await liveUser(tx, targetId);
      if (!target) throw notFound(FRIEND_MESSAGES.userNotFound);
      await assertNotBlocked(tx, requesterId, targetId);
      // One after the other: a transaction is one connection.
      const friends = await areFriends(tx, requesterId, targetId);
      const fromSender = await pendingRequest(tx, requesterId, targetId);
      const fromOther = await pendingRequest(tx, targetId, requesterId);
      const decision = decideFriendRequest({ self: false, friends: !!friends, pendingFromSender: !!fromSender, pendingFromOther: !!fromOther });
      refuse(decision);

      const now = clock.now();
      const requester = (await liveUser(tx, requesterId))!;
      if (decision.action === 'accept_theirs') {
        await acceptRequest(tx, fromOther!.id, target, requester, now);
        return { status: 'accepted', friend: { ...toPerson(target), since: now.toISOString() } };
      }
      const [row] = await tx
        .insert(friendRequests)
        .values({ requesterId, requesteeId: targetId, status: 'pending', createdAt: now })
        .returning({ id: friendRequests.id, createdAt: friendRequests.createdAt });
      await notify(tx, now, [{ userId: targetId, kind: 'friend_request', data: { fromId: requesterId, fromName: requester.name } }]);
      return { status: 'pending', request: { id: row!.id, person: toPerson(target), createdAt: row!.createdAt.toISOString() } };
    }),
  );
}

/** The requestee accepts or declines a pending request (once). */
export async function respondToFriendRequest(
  { db, clock }: FriendDeps,
  userId: string,
  requestId: string,
  response: 'accepted' | 'declined',
): Promise<FriendRequestAnswer> {
  return withRetry(() =>
    db.transaction(async (tx) => {
      const [seen] = await tx
        .select({ requesterId: friendRequests.requesterId, requesteeId: friendRequests.requesteeId })
        .from(friendRequests)
        .where(eq(friendRequests.id, requestId));
      if (!seen) throw notFound(FRIEND_MESSAGES.requestNotFound);
      if (seen.requesteeId !== userId) {
        // The requester learns nothing new; anyone else learns nothing at all.
        if (seen.requesterId === userId) throw forbidden('not_requestee', FRIEND_MESSAGES.notYourRequest);
        throw notFound(FRIEND_MESSAGES.requestNotFound);
      }
      await lockPair(tx, seen.requesterId, seen.requesteeId);
      // The blocks between the two, read with the request: a block refuses accepting (declining stays open).
      const [request] = await tx
        .select({ status: friendRequests.status, blockers: blockersBetween(userId, seen.requesterId) })
        .from(friendRequests)
        .where(eq(friendRequests.id, requestId));
      if (!request) throw notFound(FRIEND_MESSAGES.requestNotFound);
      if (request.status !== 'pending') throw conflict('already_answered', FRIEND_MESSAGES.alreadyAnswered(request.status));
      if (response === 'accepted') refuseIfBlocked(userId, request.blockers);

      const now = clock.now();
      if (response === 'declined') {
        await tx.update(friendRequests).set({ status: 'declined', respondedAt: now }).where(eq(friendRequests.id, requestId));
        return { status: 'declined', friend: null };
      }
      const requester = await liveUser(tx, seen.requesterId);
      const requestee = await liveUser(tx, userId);
      if (!requester || !requestee) throw notFound(FRIEND_MESSAGES.userNotFound);
      await acceptRequest(tx, requestId, requester, requestee, now);
      return { status: 'accepted', friend: { ...toPerson(requester), since: now.toISOString() } };
    }),
  );
}

/** The Friends page: friends by name, pending requests received and sent, newest first (three indexed reads). */
export async function listFriends({ db }: FriendDeps, userId: string): Promise<FriendsOverview> {
  const other = sql<string>`case when ${friendships.user1Id} = ${userId} then ${friendships.user2Id} else ${friendships.user1Id} end`;
  const [friendRows, receivedRows, sentRows] = await Promise.all([
    db
      .select({ ...personColumns, since: friendships.createdAt })
      .from(friendships)
      .innerJoin(users, eq(users.id, other))
      .where(and(or(eq(friendships.user1Id, userId), eq(friendships.user2Id, userId)), isNull(users.deletedAt)))
      .orderBy(asc(sql`lower(${users.name})`), asc(users.id))
      .limit(FRIENDS_LIST_LIMIT),
    db
      .select({ ...personColumns, requestId: friendRequests.id, createdAt: friendRequests.createdAt })
      .from(friendRequests)
      .innerJoin(users, eq(users.id, friendRequests.requesterId))
      .where(and(eq(friendRequests.requesteeId, userId), eq(friendRequests.status, 'pending'), isNull(users.deletedAt)))
      .orderBy(desc(friendRequests.createdAt), desc(friendRequests.id))
      .limit(FRIEND_REQUESTS_LIST_LIMIT),
    db
      .select({ ...personColumns, requestId: friendRequests.id, createdAt: friendRequests.createdAt })
      .from(friendRequests)
      .innerJoin(users, eq(users.id, friendRequests.requesteeId))
      .where(and(eq(friendRequests.requesterId, userId), eq(friendRequests.status, 'pending'), isNull(users.deletedAt)))
      .orderBy(desc(friendRequests.createdAt), desc(friendRequests.id))
      .limit(FRIEND_REQUESTS_LIST_LIMIT),
  ]);
  const request = (r: PersonRow & { requestId: string; createdAt: Date }): FriendRequestView => ({ id: r.requestId, person: toPerson(r), createdAt: r.createdAt.toISOString() });
  return {
    friends: friendRows.map((r) => ({ ...toPerson(r), since: r.since.toISOString() })),
    received: receivedRows.map(request),
    sent: sentRows.map(request),
  };
}

/**
 * The friend search: the user search by name (10, prefix matches first, hidden profiles left
 * out), each with how the viewer stands with them.
 */
export async function searchPeople(deps: FriendDeps, viewerId: string, q: string): Promise<FriendSearchResult[]> {
  const found = await searchUsers(deps, viewerId, q);
  if (found.length === 0) return [];
  const ids = found.map((u) => u.id);
  const [friendRows, requestRows] = await Promise.all([
    deps.db
      .select({ user1Id: friendships.user1Id, user2Id: friendships.user2Id })
      .from(friendships)
      .where(
        or(
          and(eq(friendships.user1Id, viewerId), inArray(friendships.user2Id, ids)),
          and(eq(friendships.user2Id, viewerId), inArray(friendships.user1Id, ids)),
        ),
      ),
    deps.db
      .select({ id: friendRequests.id, requesterId: friendRequests.requesterId, requesteeId: friendRequests.requesteeId })
      .from(friendRequests)
      .where(
        and(
          eq(friendRequests.status, 'pending'),
          or(
            and(eq(friendRequests.requesterId, viewerId), inArray(friendRequests.requesteeId, ids)),
            and(eq(friendRequests.requesteeId, viewerId), inArray(friendRequests.requesterId, ids)),
          ),
        ),
      ),
  ]);
  const friendIds = new Set(friendRows.map((f) => (f.user1Id === viewerId ? f.user2Id : f.user1Id)));
  return found.map((u) => {
    const sent = requestRows.find((r) => r.requesterId === viewerId && r.requesteeId === u.id);
    const received = requestRows.find((r) => r.requesteeId === viewerId && r.requesterId === u.id);
    const relation: FriendRelation = friendIds.has(u.id) ? 'friend' : received ? 'request_received' : sent ? 'request_sent' : 'none';
    return {
      id: u.id,
      name: u.name,
      photoUrl: u.photoUrl,
      state: u.state,
      district: u.district,
      relation,
      requestId: relation === 'request_received' ? received!.id : relation === 'request_sent' ? sent!.id : null,
    };
  });
}
