import { createHmac, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { SESSION_DAYS, type Auth } from '../features/auth/auth';
import type { Db } from '../db/client';
import { sessions, users } from '../db/schema/auth';
import { caucusMembers, caucuses, chatMessages, organizerInvitations, votes, votingMemberInvitations } from '../db/schema/caucuses';
import { challengeChatMessages } from '../db/schema/challenges';
import { debateAudio } from '../db/schema/debates';
import { photos } from '../db/schema/platform';
import { premiumBadges } from '../db/schema/points';
import { moderationItems, reports } from '../db/schema/moderation';
import { notifications } from '../db/schema/notifications';
import { friendRequests, privateMessages } from '../db/schema/social';
import { addOrganizer, createCaucusRow } from './caucus-factories';
import { addChallengeMember, createChallengeRow, inviteToChallenge } from './challenge-factories';
import { addTextRebuttal, addTextResponse, createDebateRow } from './debate-factories';
import { createUser, DEFAULT_PASSWORD } from './factories';
import { makeFriends } from './social-factories';
import { buildWebm } from './webm-fixture';

/**
 * The roles every route is tried as (the authorization matrix of issue 11), and a small
 * world in which each role means something: caucus A (OH-3, level 1, private) has an
 * organizer and two voting members; the outsider is a voting member of caucus B (OH-4); the
 * delegate was elected by the finalized caucus F (OH-5); the administrator is named in
 * ADMIN_EMAILS; the unconfirmed user never confirmed their email but holds a session row; the
 * suspended user (issue 14) is a voting member of caucus B whom an administrator suspended: they
 * read what a member of another caucus reads, and every write of theirs is a 403.
 */
export const ROLES = ['anonymous', 'unconfirmed', 'member', 'organizer', 'outsider', 'delegate', 'admin', 'suspended'] as const;
export type Role = (typeof ROLES)[number];

export const ADMIN_EMAIL = 'route-admin@example.test';
export const CAUCUS_A_PASSWORD = 'sesame-A-private';
export const CAUCUS_A_CHAT = 'Caucus A private chat line';

export interface RouteWorld {
  users: Record<Exclude<Role, 'anonymous'>, { id: string; email: string }> & {
    /** A second voting member of A: the member's friend, vote candidate and conversation partner. */
    member2: { id: string; email: string };
    /** A confirmed user nobody's world depends on: the sign-in route signs in as them. */
    spare: { id: string; email: string; password: string };
  };
  /** The Cookie header per role ('' for the anonymous visitor). */
  cookies: Record<Role, string>;
  caucusA: { id: string; invitationCode: string };
  caucusA2: { id: string };
  caucusB: { id: string };
  caucusF: { id: string };
  voterInvitationId: string;
  organizerInvitationId: string;
  friendRequestId: string;
  /** A notification of the member's. */
  notificationId: string;
  debate: { id: string; responseId: string; rebuttalId: string };
  audioPath: string;
  challengeId: string;
  photoId: string;
  premiumBadgeId: string;
}

let worldCounter = 0;

/** A session cookie for `userId`, made as better-auth makes one: a session row and the signed token. */
export async function forcedSessionCookie(db: Db, auth: Auth, secret: string, userId: string): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  await db.insert(sessions).values({ token, userId, expiresAt: new Date(Date.now() + SESSION_DAYS * 86_400_000) });
  const signature = createHmac('sha256', secret).update(token).digest('base64');
  const name = (await auth.$context).authCookies.sessionToken.name;
  return `${name}=${encodeURIComponent(`${token}.${signature}`)}`;
}

/** A confirmed user with a session cookie made as better-auth makes one (no sign-in round trip, no rate limit). */
export async function createUserWithSession(db: Db, auth: Auth, secret: string, overrides: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(db, overrides);
  return { ...user, cookie: await forcedSessionCookie(db, auth, secret, user.id) };
}

/** Builds one world (every id fresh, so worlds never collide in one database). */
export async function buildRouteWorld(db: Db, auth: Auth, secret: string): Promise<RouteWorld> {
  worldCounter += 1;
  const n = worldCounter;
  const districtA = { state: 'OH', district: 3 };

  const organizer = await createUser(db, { state: 'OH', district: 10 });
  const member = await createUser(db, { ...districtA, verified: true });
  const member2 = await createUser(db, { ...districtA, verified: true });
  const outsider = await createUser(db, { state: 'OH', district: 4 });
  const delegate = await createUser(db, { state: 'OH', district: 5 });
  const admin = await createUser(db, { state: 'OH', district: 6, isAdministrator: true, email: n === 1 ? ADMIN_EMAIL : `route-admin-${n}@example.test` });
  const unconfirmed = await createUser(db, { ...districtA, emailVerified: false, emailVerifiedAt: null });
  const spare = await createUser(db, { state: 'OH', district: 7 });
  const suspended = await createUser(db, { state: 'OH', district: 4, verified: true });
  await db.update(users).set({ suspendedUntil: new Date(Date.now() + 7 * 86_400_000), suspensionReason: 'Spam in three chats' }).where(eq(users.id, suspended.id));

  const caucusA = await createCaucusRow(db, { name: `Caucus A ${n}`, ...districtA, isOpen: false, password: CAUCUS_A_PASSWORD, organizerId: organizer.id });
  await addOrganizer(db, caucusA.id, organizer.id);
  await db.insert(caucusMembers).values([
    { caucusId: caucusA.id, userId: member.id, isVotingMember: true },
    { caucusId: caucusA.id, userId: member2.id, isVotingMember: true },
  ]);
  await db.insert(votes).values({ caucusId: caucusA.id, voterId: member2.id, candidateId: member2.id });
  await db.update(caucuses).set({ votingStarted: true }).where(eq(caucuses.id, caucusA.id));
  await db.insert(chatMessages).values({ caucusId: caucusA.id, userId: member.id, message: CAUCUS_A_CHAT });

  const caucusA2 = await createCaucusRow(db, { name: `Caucus A2 ${n}`, ...districtA, organizerId: organizer.id });
  await addOrganizer(db, caucusA2.id, organizer.id);
  const [voterInvitation] = await db
    .insert(votingMemberInvitations)
    .values({ caucusId: caucusA2.id, inviterId: organizer.id, inviteeId: member.id })
    .returning({ id: votingMemberInvitations.id });
  const [organizerInvitation] = await db
    .insert(organizerInvitations)
    .values({ caucusId: caucusA.id, inviterId: organizer.id, inviteeId: outsider.id })
    .returning({ id: organizerInvitations.id });

  const caucusB = await createCaucusRow(db, { name: `Caucus B ${n}`, state: 'OH', district: 4 });
  await db.insert(caucusMembers).values([
    { caucusId: caucusB.id, userId: outsider.id, isVotingMember: true },
    { caucusId: caucusB.id, userId: suspended.id, isVotingMember: true },
  ]);

  const caucusF = await createCaucusRow(db, {
    name: `Caucus F ${n}`,
    state: 'OH',
    district: 5,
    requiredVotingMembers: 1,
  });
  await db.insert(caucusMembers).values({ caucusId: caucusF.id, userId: delegate.id, isVotingMember: true });
  await db.insert(votes).values({ caucusId: caucusF.id, voterId: delegate.id, candidateId: delegate.id });
  await db
    .update(caucuses)
    .set({ votingStarted: true, votingFinalized: true, electionFinalized: true, electedDelegateId: delegate.id, finalizedAt: new Date() })
    .where(eq(caucuses.id, caucusF.id));

  await makeFriends(db, member.id, member2.id);
  const [friendRequest] = await db.insert(friendRequests).values({ requesterId: outsider.id, requesteeId: member.id }).returning({ id: friendRequests.id });
  await db.insert(privateMessages).values({ senderId: member.id, recipientId: member2.id, message: 'Private hello' });
  // The member's notification of the outsider's request (as the friends service writes it).
  const [notification] = await db
    .insert(notifications)
    .values({ userId: member.id, kind: 'friend_request', data: { fromId: outsider.id, fromName: 'Private asker' } })
    .returning({ id: notifications.id });

  const debate = await createDebateRow(db, member.id, { title: `Debate ${n}` });
  const response = await addTextResponse(db, debate.id, member2.id);
  const rebuttal = await addTextRebuttal(db, response.id, member.id);
  await addTextResponse(db, debate.id, member.id, 'The creator answers too.');
  const audioKey = `${member2.id}/${debate.id}/response-${Date.now()}.webm`;
  const recording = buildWebm({ durationMs: 2000 });
  await db.insert(debateAudio).values({ key: audioKey, userId: member2.id, debateId: debate.id, contentType: 'audio/webm', sizeBytes: recording.length, durationMs: 2000, bytes: recording });

  const challenge = await createChallengeRow(db, { creatorId: member.id, team: 'blue' });
  await addChallengeMember(db, challenge.id, member2.id, 'orange');
  await inviteToChallenge(db, challenge.id, delegate.id, member.id);
  await db.insert(challengeChatMessages).values({ challengeId: challenge.id, userId: member.id, message: 'Challenge chat line' });

  const [photo] = await db.insert(photos).values({ userId: member.id, contentType: 'image/webp', bytes: Buffer.from('RIFF0000WEBP') }).returning({ id: photos.id });
  await db.update(users).set({ image: `/api/photos/${photo!.id}` }).where(eq(users.id, member.id));

  let [badge] = await db.select({ id: premiumBadges.id }).from(premiumBadges).limit(1);
  if (!badge) [badge] = await db.insert(premiumBadges).values({ name: 'Route Patron', description: 'Test premium badge', priceCents: 500 }).returning({ id: premiumBadges.id });

  // A report of member2's response, waiting in the moderation queue.
  await db.insert(moderationItems).values({ itemKind: 'debate_response', itemId: response.id, authorId: member2.id, openReports: 1, countedReports: 1 });
  await db.insert(reports).values({ reporterId: member.id, itemKind: 'debate_response', itemId: response.id, reason: 'spam', counted: true });

  const people = { member, organizer, outsider, delegate, admin, unconfirmed, suspended };
  const cookies = { anonymous: '' } as Record<Role, string>;
  for (const [role, user] of Object.entries(people)) cookies[role as Role] = await forcedSessionCookie(db, auth, secret, user.id);

  return {
    users: { ...people, member2, spare: { ...spare, password: DEFAULT_PASSWORD } },
    cookies,
    caucusA: { id: caucusA.id, invitationCode: caucusA.invitationCode },
    caucusA2: { id: caucusA2.id },
    caucusB: { id: caucusB.id },
    caucusF: { id: caucusF.id },
    voterInvitationId: voterInvitation!.id,
    organizerInvitationId: organizerInvitation!.id,
    friendRequestId: friendRequest!.id,
    notificationId: notification!.id,
    debate: { id: debate.id, responseId: response.id, rebuttalId: rebuttal.id },
    audioPath: `/api/debate-audio/${audioKey}`,
    challengeId: challenge.id,
    photoId: photo!.id,
    premiumBadgeId: badge!.id,
  };
}
