import { assertNotBlocked } from '../blocks/blocks.service';
import { and, asc, desc, eq, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  challengeAccess,
  challengeOutcome,
  challengeWindow,
  decideJoin,
  hasEnded,
  isDueForCompletion,
  rankMembers,
  recentSince,
  teamScores,
  teamToJoin,
  winnerFromScores,
} from '../../../domain/challenges/challenge-rules';
import {
  CHALLENGE_CHAT_HISTORY_LIMIT,
  CHALLENGE_MESSAGES,
  type ChallengeChatMessage,
  type ChallengeDetails,
  type ChallengeFields,
  type ChallengeLists,
  type ChallengeScores,
  type ChallengeStatus,
  type ChallengeSummary,
  type ChallengeType,
  type ChallengeView,
  type CreateChallengeInput,
  type Team,
} from '../../../domain/challenges/challenge-schemas';
import { FORMER_MEMBER_NAME } from '../../../domain/profiles/profile-types';
import type { Clock } from '../../clock';
import type { Db, DbOrTx } from '../../db/client';
import { users } from '../../db/schema/auth';
import { challengeChatMessages, challengeInvitations, challengeMembers, challenges } from '../../db/schema/challenges';
import { AppError, badRequest, conflict } from '../../http/app-error';
import { awardChallengeWinBadges } from '../badges/badge-engine.service';
import { friendsAmong } from '../friends/friends.service';
import { findChatLine, listChatLines, writeChatLine, type ChatLine, type ChatRoomTable } from '../chat/chat-lines.service';
import { insertPrivateMessage } from '../messages/messages.service';
import { notify } from '../notifications/notifications.service';

export interface ChallengeDeps {
  db: Db;
  clock: Clock;
}

/** The LISTEN/NOTIFY channel of challenge chats; the notification key is the challenge id. */
export const CHALLENGE_CHAT_CHANNEL = 'challenge_chat';

/** What a chat notification carries (ids only: each process reads the row once). */
export interface ChallengeChatNotification {
  challengeId: string;
  messageId: string;
}

/** 403 'Access Denied' for everyone who is neither a member nor invited (and for unknown ids: no probing). */
export const accessDenied = () => new AppError(403, 'access_denied', CHALLENGE_MESSAGES.accessDenied, { title: CHALLENGE_MESSAGES.accessDeniedTitle });
const ended = () => conflict('challenge_ended', CHALLENGE_MESSAGES.ended);

/** The text of the private message that carries an invitation: it links to the challenge. */
export function invitationMessage(c: { id: string; name: string; challengeType: ChallengeType; durationDays: number }, inviterName: string): string {
  const points = c.challengeType === 'sparks' ? 'Sparks' : 'Banners';
  return `${inviterName} invited you to the team challenge "${c.name}": ${c.durationDays} days, the team that earns the most ${points} wins. Accept or decline here: /challenge/${c.id}`;
}

// ---------------------------------------------------------------------------------------
// Creating

/**
 * Creates a challenge (input checked by createChallengeSchema): the creator joins the team
 * they chose, and each invited friend gets a private message with the link and a
 * challenge_invitations row, all in one transaction. Every invitee must be a friend whose
 * profile is not hidden.
 */
export async function createChallenge({ db, clock }: ChallengeDeps, creatorId: string, input: CreateChallengeInput): Promise<{ id: string }> {
  const now = clock.now();
  return db.transaction(async (tx) => {
    const ids = input.inviteeIds;
    const friends = await friendsAmong(tx, creatorId, ids);
    if (friends.size !== ids.length) throw badRequest('not_a_friend', CHALLENGE_MESSAGES.notYourFriend);
    await assertNotBlocked(tx, creatorId, ids);

    const [creator] = await tx.select({ name: users.name }).from(users).where(eq(users.id, creatorId));
    if (!creator) throw badRequest('create_failed', CHALLENGE_MESSAGES.createFailed);
    const window = challengeWindow(now, input.durationDays);
    const [row] = await tx
      .insert(challenges)
      .values({
        name: input.name,
        creatorId,
        challengeType: input.challengeType,
        durationDays: input.durationDays,
        startDate: window.start,
        endDate: window.end,
        status: 'active',
        createdAt: now,
      })
      .returning({ id: challenges.id });
    const id = row!.id;
    await tx.insert(challengeMembers).values({ challengeId: id, userId: creatorId, team: input.team, joinedAt: now });

    const text = invitationMessage({ id, ...input }, creator.name);
    const invitations = [];
    for (const inviteeId of ids) {
      const message = await insertPrivateMessage(tx, { senderId: creatorId, recipientId: inviteeId, message: text, at: now }, { notification: false });
      invitations.push({ challengeId: id, inviteeId, inviterId: creatorId, privateMessageId: message.id, createdAt: now });
    }
    await tx.insert(challengeInvitations).values(invitations);
    const data = { challengeId: id, challengeName: input.name, inviterId: creatorId, inviterName: creator.name };
    await notify(
      tx,
      now,
      ids.map((userId) => ({ userId, kind: 'challenge_invitation' as const, data })),
    );
    return { id };
  });
}

// ---------------------------------------------------------------------------------------
// Scores and completion

/**
 * Both team scores and the individual ranking, in ONE query: for each member, the count of
 * their Sparks (or Banners) earned in [start_date, end_date), each an index-only range of
 * sparks_user_time_idx / banners_user_time_idx. Only the branch of the challenge's type runs.
 */
export async function readChallengeScores(db: DbOrTx, challengeId: string): Promise<ChallengeScores> {
  const result = await db.execute<{ user_id: string; team: Team; name: string; deleted_at: Date | string | null; score: number }>(sql`
    select cm.user_id, cm.team, u.name, u.deleted_at,
      (case ch.challenge_type
        when 'sparks' then (select count(*) from sparks s
          where s.user_id = cm.user_id and s.timestamp >= ch.start_date and s.timestamp < ch.end_date)
        else (select count(*) from banners b
          where b.organizer_user_id = cm.user_id and b.timestamp >= ch.start_date and b.timestamp < ch.end_date)
      end)::int as score
    from challenges ch
    join challenge_members cm on cm.challenge_id = ch.id
    join users u on u.id = cm.user_id
    where ch.id = ${challengeId}`);
  const members = result.rows.map((r) => ({
    userId: r.user_id,
    team: r.team,
    name: r.deleted_at ? FORMER_MEMBER_NAME : r.name,
    score: Number(r.score),
  }));
  return { ...teamScores(members), ranking: rankMembers(members) };
}

/**
 * Completes one challenge whose end date has passed, once, however many processes try: the
 * row is locked and re-checked (`status = 'active' and end_date <= at`), so only the
 * transaction that finds it still active writes the scores and the winner and awards the
 * winners' badges (Warrior, Gladiator, …); the others find nothing to do. A tie has no winner.
 * Returns whether this call completed it.
 */
export async function completeChallenge(db: Db, challengeId: string, at: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [due] = await tx
      .select({ id: challenges.id, name: challenges.name, challengeType: challenges.challengeType })
      .from(challenges)
      .where(and(eq(challenges.id, challengeId), eq(challenges.status, 'active'), sql`${challenges.endDate} <= ${at}`))
      .for('update');
    if (!due) return false;
    const scores = await readChallengeScores(tx, challengeId);
    const winner = winnerFromScores(scores);
    const done = await tx
      .update(challenges)
      .set({ status: 'completed', winningTeam: winner, blueScore: scores.blue, orangeScore: scores.orange })
      .where(and(eq(challenges.id, challengeId), eq(challenges.status, 'active'), sql`${challenges.endDate} <= ${at}`))
      .returning({ id: challenges.id });
    if (done.length === 0) return false;
    if (winner) await awardChallengeWinBadges(tx, challengeId, at);
    // Each member hears how it ended, once: the row lock above lets one completion through.
    const members = await tx.select({ userId: challengeMembers.userId, team: challengeMembers.team }).from(challengeMembers).where(eq(challengeMembers.challengeId, challengeId));
    await notify(
      tx,
      at,
      members.map((m) => ({
        userId: m.userId,
        kind: 'challenge_result' as const,
        data: {
          challengeId,
          challengeName: due.name,
          outcome: challengeOutcome({ team: m.team as Team, winner, scores, challengeType: due.challengeType as ChallengeType }),
        },
      })),
    );
    return true;
  });
}

/** The sweep: completes every active challenge whose end date has passed (a batch at a time, by challenges_status_end_idx); returns the ids it completed. */
export async function completeDueChallenges({ db, clock }: ChallengeDeps, options: { batch?: number } = {}): Promise<string[]> {
  const now = clock.now();
  const due = await db
    .select({ id: challenges.id })
    .from(challenges)
    .where(and(eq(challenges.status, 'active'), sql`${challenges.endDate} <= ${now}`))
    .orderBy(asc(challenges.endDate))
    .limit(options.batch ?? 100);
  const completed: string[] = [];
  for (const { id } of due) if (await completeChallenge(db, id, now)) completed.push(id);
  return completed;
}

// ---------------------------------------------------------------------------------------
// Reading

const detailColumns = {
  id: challenges.id,
  name: challenges.name,
  challengeType: challenges.challengeType,
  durationDays: challenges.durationDays,
  startDate: challenges.startDate,
  endDate: challenges.endDate,
  status: challenges.status,
  winningTeam: challenges.winningTeam,
  blueScore: challenges.blueScore,
  orangeScore: challenges.orangeScore,
  creatorId: challenges.creatorId,
  memberCount: challenges.memberCount,
};
type ChallengeRow = {
  id: string;
  name: string;
  challengeType: string;
  durationDays: number;
  startDate: Date;
  endDate: Date;
  status: string;
  winningTeam: string | null;
  blueScore: number | null;
  orangeScore: number | null;
  creatorId: string;
  memberCount: number;
};

const creators = alias(users, 'creator');
const inviters = alias(users, 'inviter');

/** The challenge with its creator's and the viewer's inviter's names, the viewer's membership and invitation (one query). */
async function findForViewer(db: DbOrTx, viewerId: string, challengeId: string) {
  const [row] = await db
    .select({
      ...detailColumns,
      myTeam: challengeMembers.team,
      invitedBy: challengeInvitations.inviterId,
      creatorName: creators.name,
      creatorDeletedAt: creators.deletedAt,
      inviterName: inviters.name,
      inviterDeletedAt: inviters.deletedAt,
    })
    .from(challenges)
    .innerJoin(creators, eq(creators.id, challenges.creatorId))
    .leftJoin(challengeMembers, and(eq(challengeMembers.challengeId, challenges.id), eq(challengeMembers.userId, viewerId)))
    .leftJoin(challengeInvitations, and(eq(challengeInvitations.challengeId, challenges.id), eq(challengeInvitations.inviteeId, viewerId)))
    .leftJoin(inviters, eq(inviters.id, challengeInvitations.inviterId))
    .where(eq(challenges.id, challengeId));
  return row ?? null;
}

const shownName = (name: string | null, deletedAt: Date | null) => (name === null || deletedAt ? FORMER_MEMBER_NAME : name);

async function teamCountsOf(db: DbOrTx, challengeId: string): Promise<Record<Team, number>> {
  const rows = await db
    .select({ team: challengeMembers.team, n: sql<number>`count(*)::int` })
    .from(challengeMembers)
    .where(eq(challengeMembers.challengeId, challengeId))
    .groupBy(challengeMembers.team);
  const counts: Record<Team, number> = { blue: 0, orange: 0 };
  for (const r of rows) counts[r.team as Team] = Number(r.n);
  return counts;
}

/** What a challenge's summary and details both say of it. */
function challengeFields(r: ChallengeRow): ChallengeFields {
  return {
    id: r.id,
    name: r.name,
    challengeType: r.challengeType as ChallengeType,
    durationDays: r.durationDays,
    startDate: r.startDate.toISOString(),
    endDate: r.endDate.toISOString(),
    status: r.status as ChallengeStatus,
    winningTeam: (r.winningTeam as Team | null) ?? null,
  };
}

function toDetails(r: ChallengeRow, creatorName: string, teamCounts: Record<Team, number>): ChallengeDetails {
  return {
    ...challengeFields(r),
    creatorId: r.creatorId,
    creatorName,
    teamCounts,
  };
}

/**
 * /challenge/{id}: a member sees the challenge (team scores, ranking); a user invited to it
 * sees the invitation (accept or decline while active); everyone else gets 403 Access Denied.
 * A challenge whose end date has passed is completed first (completion on read).
 */
export async function getChallengeView(deps: ChallengeDeps, viewerId: string, challengeId: string): Promise<ChallengeView> {
  const { db, clock } = deps;
  const now = clock.now();
  let row = await findForViewer(db, viewerId, challengeId);
  if (!row) throw accessDenied();
  const access = challengeAccess({ isMember: row.myTeam !== null, isInvited: row.invitedBy !== null });
  if (access === 'denied') throw accessDenied();
  if (isDueForCompletion({ status: row.status as ChallengeStatus, endDate: row.endDate }, now)) {
    await completeChallenge(db, challengeId, now);
    row = await findForViewer(db, viewerId, challengeId);
    if (!row) throw accessDenied();
  }
  const creatorName = shownName(row.creatorName, row.creatorDeletedAt);

  if (access === 'member' && row.myTeam) {
    // Team sizes come with the scores: two queries in all for a member's view.
    const scores = await readChallengeScores(db, challengeId);
    const teamCounts: Record<Team, number> = { blue: 0, orange: 0 };
    for (const r of scores.ranking) teamCounts[r.team] += 1;
    // A completed challenge shows the totals it was decided by.
    if (row.status === 'completed' && row.blueScore !== null && row.orangeScore !== null) {
      scores.blue = row.blueScore;
      scores.orange = row.orangeScore;
    }
    return { kind: 'member', challenge: toDetails(row, creatorName, teamCounts), myTeam: row.myTeam as Team, scores };
  }
  const teamCounts = await teamCountsOf(db, challengeId);
  return {
    kind: 'invitation',
    challenge: toDetails(row, creatorName, teamCounts),
    inviterName: shownName(row.inviterName, row.inviterDeletedAt),
    teamToJoin: teamToJoin(teamCounts),
    canRespond: !hasEnded({ status: row.status as ChallengeStatus, endDate: row.endDate }, now),
  };
}

function toSummary(r: ChallengeRow, myTeam: string | null): ChallengeSummary {
  return {
    ...challengeFields(r),
    memberCount: r.memberCount,
    myTeam: (myTeam as Team | null) ?? null,
  };
}

/**
 * The viewer's challenges: ongoing (active), recent (completed within the last 30 days), and
 * active invitations not yet answered. Due challenges among them are completed first.
 */
export async function listMyChallenges(deps: ChallengeDeps, userId: string): Promise<ChallengeLists> {
  const { db, clock } = deps;
  const now = clock.now();
  const memberOf = () =>
    db
      .select({ ...detailColumns, myTeam: challengeMembers.team })
      .from(challengeMembers)
      .innerJoin(challenges, eq(challenges.id, challengeMembers.challengeId))
      .where(
        and(
          eq(challengeMembers.userId, userId),
          or(eq(challenges.status, 'active'), and(eq(challenges.status, 'completed'), sql`${challenges.endDate} > ${recentSince(now)}`)),
        ),
      )
      .orderBy(asc(challenges.endDate))
      .limit(200);
  let mine = await memberOf();
  const due = mine.filter((c) => isDueForCompletion({ status: c.status as ChallengeStatus, endDate: c.endDate }, now));
  if (due.length > 0) {
    for (const c of due) await completeChallenge(db, c.id, now);
    mine = await memberOf();
  }
  const invited = await db
    .select(detailColumns)
    .from(challengeInvitations)
    .innerJoin(challenges, eq(challenges.id, challengeInvitations.challengeId))
    .leftJoin(challengeMembers, and(eq(challengeMembers.challengeId, challenges.id), eq(challengeMembers.userId, userId)))
    .where(
      and(eq(challengeInvitations.inviteeId, userId), isNull(challengeMembers.userId), eq(challenges.status, 'active'), sql`${challenges.endDate} > ${now}`),
    )
    .orderBy(desc(challengeInvitations.createdAt))
    .limit(100);
  return {
    ongoing: mine.filter((c) => c.status === 'active').map((c) => toSummary(c, c.myTeam)),
    recent: mine
      .filter((c) => c.status === 'completed')
      .reverse()
      .map((c) => toSummary(c, c.myTeam)),
    invitations: invited.map((c) => toSummary(c, null)),
  };
}

// ---------------------------------------------------------------------------------------
// Joining, declining, leaving

/** Locks the challenge row for the rest of the transaction (joins and leaves of one challenge wait for each other). */
async function lockChallenge(tx: DbOrTx, challengeId: string, userId: string) {
  const [row] = await tx
    .select({ id: challenges.id, status: challenges.status, endDate: challenges.endDate })
    .from(challenges)
    .where(eq(challenges.id, challengeId))
    .for('update');
  if (!row) throw accessDenied();
  const [member] = await tx
    .select({ team: challengeMembers.team })
    .from(challengeMembers)
    .where(and(eq(challengeMembers.challengeId, challengeId), eq(challengeMembers.userId, userId)));
  const [invitation] = await tx
    .select({ inviterId: challengeInvitations.inviterId })
    .from(challengeInvitations)
    .where(and(eq(challengeInvitations.challengeId, challengeId), eq(challengeInvitations.inviteeId, userId)));
  return { ...row, status: row.status as ChallengeStatus, isMember: !!member, isInvited: !!invitation };
}

const isCheckViolation = (e: unknown) => {
  const cause = (e as { cause?: { code?: string } } | null)?.cause ?? (e as { code?: string } | null);
  return cause?.code === '23514';
};

/**
 * Accepting an invitation joins the smaller team (blue on a tie), only while the challenge is
 * active and has fewer than 12 members. The challenge row is locked, so concurrent accepts
 * count one after the other; the member_count check constraint is the last guard.
 */
export async function acceptChallengeInvitation({ db, clock }: ChallengeDeps, userId: string, challengeId: string): Promise<{ team: Team }> {
  const now = clock.now();
  try {
    return await db.transaction(async (tx) => {
      const c = await lockChallenge(tx, challengeId, userId);
      const counts = await teamCountsOf(tx, challengeId);
      const decision = decideJoin({ ...c, now, counts });
      if (!decision.ok) {
        if (decision.reason === 'not_invited') throw accessDenied();
        if (decision.reason === 'already_member') throw conflict('already_member', CHALLENGE_MESSAGES.alreadyMember);
        if (decision.reason === 'ended') throw ended();
        throw conflict('challenge_full', CHALLENGE_MESSAGES.full);
      }
      await tx.insert(challengeMembers).values({ challengeId, userId, team: decision.team, joinedAt: now });
      return { team: decision.team };
    });
  } catch (e) {
    if (isCheckViolation(e)) throw conflict('challenge_full', CHALLENGE_MESSAGES.full);
    throw e;
  }
}

/** Declining removes the invitation (the private message stays): the user no longer has access. Only while active. */
export async function declineChallengeInvitation({ db, clock }: ChallengeDeps, userId: string, challengeId: string): Promise<{ declined: true }> {
  const now = clock.now();
  return db.transaction(async (tx) => {
    const c = await lockChallenge(tx, challengeId, userId);
    if (c.isMember) throw conflict('already_member', CHALLENGE_MESSAGES.alreadyMember);
    if (!c.isInvited) throw accessDenied();
    if (hasEnded(c, now)) throw ended();
    await tx.delete(challengeInvitations).where(and(eq(challengeInvitations.challengeId, challengeId), eq(challengeInvitations.inviteeId, userId)));
    return { declined: true as const };
  });
}

/**
 * Leaving deletes the membership (and the user's invitation, so leaving is final), only
 * while the challenge is active.
 */
export async function leaveChallenge({ db, clock }: ChallengeDeps, userId: string, challengeId: string): Promise<{ left: true }> {
  const now = clock.now();
  return db.transaction(async (tx) => {
    const c = await lockChallenge(tx, challengeId, userId);
    if (!c.isMember) {
      if (!c.isInvited) throw accessDenied();
      throw conflict('not_member', CHALLENGE_MESSAGES.notMember);
    }
    if (hasEnded(c, now)) throw ended();
    await tx.delete(challengeMembers).where(and(eq(challengeMembers.challengeId, challengeId), eq(challengeMembers.userId, userId)));
    await tx.delete(challengeInvitations).where(and(eq(challengeInvitations.challengeId, challengeId), eq(challengeInvitations.inviteeId, userId)));
    return { left: true as const };
  });
}

// ---------------------------------------------------------------------------------------
// Chat

/** Challenge member (creator included): the only one who may view the challenge's chat and write in it. */
export async function assertChallengeMember(db: DbOrTx, userId: string, challengeId: string): Promise<void> {
  const [row] = await db
    .select({ userId: challengeMembers.userId })
    .from(challengeMembers)
    .where(and(eq(challengeMembers.challengeId, challengeId), eq(challengeMembers.userId, userId)));
  if (!row) throw accessDenied();
}

/** The challenge chat's table for the shared chat lines (chat/chat-lines.service). */
const CHALLENGE_CHAT: ChatRoomTable = {
  table: challengeChatMessages,
  id: challengeChatMessages.id,
  room: challengeChatMessages.challengeId,
  userId: challengeChatMessages.userId,
  message: challengeChatMessages.message,
  createdAt: challengeChatMessages.createdAt,
  hiddenAt: challengeChatMessages.hiddenAt,
  channel: CHALLENGE_CHAT_CHANNEL,
};

const toChatView = ({ roomId, ...line }: ChatLine): ChallengeChatMessage => ({ ...line, challengeId: roomId });

/** The newest CHALLENGE_CHAT_HISTORY_LIMIT messages, oldest first (challenge_chat_messages_challenge_idx). */
export async function listChallengeChat({ db }: ChallengeDeps, userId: string, challengeId: string): Promise<ChallengeChatMessage[]> {
  await assertChallengeMember(db, userId, challengeId);
  return (await listChatLines(db, CHALLENGE_CHAT, userId, challengeId, CHALLENGE_CHAT_HISTORY_LIMIT)).map(toChatView);
}

/** Writes a message (trimmed and checked by challengeChatMessageSchema) and notifies every process in the same transaction. */
export async function postChallengeChatMessage({ db, clock }: ChallengeDeps, userId: string, challengeId: string, message: string): Promise<ChallengeChatMessage> {
  return db.transaction(async (tx) => {
    await assertChallengeMember(tx, userId, challengeId);
    const line = await writeChatLine(
      tx,
      CHALLENGE_CHAT,
      { roomId: challengeId, userId, message, createdAt: clock.now() },
      (messageId): ChallengeChatNotification => ({ challengeId, messageId }),
    );
    return toChatView(line);
  });
}

/** One message by id (what a stream sends after a notification), or null if it is gone. */
export async function findChallengeChatMessage(db: DbOrTx, messageId: string): Promise<ChallengeChatMessage | null> {
  const line = await findChatLine(db, CHALLENGE_CHAT, messageId);
  return line ? toChatView(line) : null;
}
