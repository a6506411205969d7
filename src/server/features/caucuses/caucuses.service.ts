import { HIDDEN_CAUCUS_NAME } from '../../../domain/moderation/moderation-rules';
import { ADMIN_ACTIONS, logAdminAction } from '../admin/admin-log.service';
import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import {
  CAUCUS_MESSAGES,
  SEARCH_PAGE_SIZE,
  caucusStatus,
  invitationCodeFrom,
  type CreateCaucusInput,
  type SearchCaucusesInput,
} from '../../../domain/caucuses/caucus-schemas';
import type { CaucusDetail, CaucusPerson, CaucusSummary, JoinResult, RepresentationLink, VoteResult } from '../../../domain/caucuses/caucus-types';
import { VERIFICATION_REQUIRED_MESSAGE, decideElection, missingVote, splitElection } from '../../../domain/caucuses/election';
import { decideJoin } from '../../../domain/caucuses/eligibility';
import { userLevel } from '../../../domain/caucuses/level';
import { resolveAlignment } from '../../../domain/profiles/alignment';
import type { Db, DbOrTx } from '../../db/client';
import { pgErrorOf } from '../../db/client';
import { commitWith } from '../../db/pipelined-transaction';
import { prebuilt, prebuiltSql } from '../../db/prepared-statements';
import { users } from '../../db/schema/auth';
import { caucusMembers, caucuses, votes } from '../../db/schema/caucuses';
import { withRetry } from '../../db/transaction-retry';
import type { Clock } from '../../clock';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../http/app-error';
import { evaluateBadges, evaluateBadgesOf } from '../badges/badge-engine.service';
import { notify, type NewNotification } from '../notifications/notifications.service';
import { awardBanner, writeActivities } from '../points/awards.service';
import { caucusPasswordMatches, openCaucusPassword, sealCaucusPassword, type CaucusPasswordKeys } from './caucus-passwords.service';

export interface CaucusDeps {
  db: Db;
  clock: Clock;
}

/** What the use cases that write, read or check a private caucus's password need besides. */
export interface CaucusPasswordDeps extends CaucusDeps {
  /** The keys that seal and open private caucuses' passwords (caucus-passwords.service). */
  passwordKeys: CaucusPasswordKeys;
}

type Tx = DbOrTx;
type CaucusRow = typeof caucuses.$inferSelect;

export const CAUCUS_ERRORS = {
  notFound: 'Caucus not found',
  mustBeLoggedIn: 'You must be logged in to view this caucus',
  cannotVote: 'Cannot Vote: You must be a voting member of this caucus to vote.',
  candidateNotMember: 'You can only vote for a voting member of this caucus.',
  votingClosed: 'Voting is closed: this caucus has already elected its Delegate.',
  cannotLeaveFinalized: 'The election is finalized: members can no longer leave this caucus.',
  notAMember: 'You are not a voting member of this caucus.',
  platformLinkNotAllowed: 'Only members and organizers can edit the platform link.',
  platformLinkClosed: 'The platform link cannot change after the election is finalized.',
  adminsOnly: 'Only administrators can change the required members.',
} as const;

/** The user's level: one query (PRODUCT-RULES: Levels). */
export async function levelOf(tx: Tx, userId: string): Promise<number> {
  const [row] = await tx
    .select({ highest: sql<number | null>`max(${caucuses.level})` })
    .from(caucuses)
    .where(and(eq(caucuses.electedDelegateId, userId), eq(caucuses.electionFinalized, true)));
  return userLevel(row?.highest ?? null);
}

/**
 * The level subquery for a select over `users`. The outer column is written qualified on
 * purpose: drizzle renders `${users.id}` as a bare "id", which inside the subquery would
 * mean caucuses.id.
 */
const levelSubquery = () =>
  sql<number | null>`(select max(c2.level) from caucuses c2 where c2.elected_delegate_id = "users"."id" and c2.election_finalized)`;

function toSummary(c: CaucusRow, organizerName: string | null, insider = false): CaucusSummary {
  const hidden = c.hiddenAt !== null;
  return {
    id: c.id,
    name: hidden && !insider ? HIDDEN_CAUCUS_NAME : c.name,
    hidden,
    state: c.state,
    district: c.district,
    level: c.level,
    politicalAlignment: c.politicalAlignment,
    isOpen: c.isOpen,
    status: caucusStatus(c),
    votingMemberCount: c.votingMemberCount,
    requiredVotingMembers: c.requiredVotingMembers,
    organizerName,
    createdAt: c.createdAt.toISOString(),
  };
}

async function insertWithUniqueCode(tx: Tx, values: Omit<typeof caucuses.$inferInsert, 'invitationCode'>): Promise<CaucusRow> {
  for (let attempt = 0; attempt < 8; attempt++) {
    const invitationCode = invitationCodeFrom(randomBytes(6));
    const existing = await tx.select({ id: caucuses.id }).from(caucuses).where(eq(caucuses.invitationCode, invitationCode));
    if (existing.length > 0) continue;
    const [row] = await tx.insert(caucuses).values({ ...values, invitationCode }).returning();
    return row!;
  }
  throw new AppError(503, 'code_exhausted', 'Failed to create caucus');
}

/**
 * Creates a caucus. As a voting member, the creator's own home and level are used and the
 * creator joins it (under the same eligibility rule); as an organizer, the form's.
 */
export async function createCaucus(
  deps: CaucusPasswordDeps,
  creatorId: string,
  input: CreateCaucusInput,
): Promise<CaucusSummary | { status: 'requires_confirmation'; message: string; existingCaucusId: string; existingCaucusName: string }> {
  const now = deps.clock.now();
  try {
    return await withRetry(() =>
      deps.db.transaction(async (tx) => {
        const [creator] = await tx
          .select({ id: users.id, name: users.name, state: users.state, district: users.district, isAdministrator: users.isAdministrator })
          .from(users)
          .where(and(eq(users.id, creatorId), sql`${users.deletedAt} is null`));
        if (!creator) throw notFound('Profile not found');
        const voting = input.membershipType === 'voting';
        const level = voting ? await levelOf(tx, creatorId) : input.level!;
        const state = voting ? creator.state : input.state!;
        const district = voting ? creator.district : input.district!;
        if (level === 5 && !creator.isAdministrator) throw forbidden('level5_admins_only', CAUCUS_MESSAGES.level5AdminsOnly);

        const row = await insertWithUniqueCode(tx, {
          name: input.name.trim(),
          state,
          district,
          level,
          politicalAlignment: resolveAlignment(input.politicalAlignment, input.otherAlignment) ?? input.politicalAlignment,
          isOpen: input.accessType === 'open',
          password: input.accessType === 'private' ? sealCaucusPassword(deps.passwordKeys, input.password!.trim()) : null,
          platformLink: input.platformLink || null,
          organizerId: voting ? null : creatorId,
          createdAt: now,
          updatedAt: now,
        });
        await writeActivities(tx, [{ userId: creatorId, activityType: 'caucus_created', description: `Created the caucus "${row.name}"` }], now);
        if (level === 5) {
          await logAdminAction(tx, { actorId: creatorId, action: ADMIN_ACTIONS.level5Caucus, targetKind: 'caucus', targetId: row.id, details: { name: row.name, state, district } }, now);
        }
        if (!voting) {
          await tx.insert(caucusMembers).values({ caucusId: row.id, userId: creatorId, isVotingMember: false, isOrganizer: true, joinedAt: now });
          // Organizing a caucus is one of Champion's conditions.
          await evaluateBadges(tx, creatorId, now);
          return toSummary(row, creator.name, true);
        }
        const joined = await joinLocked(tx, deps, creatorId, row, { password: input.password, confirmLeave: input.confirmLeave });
        if (joined.status === 'requires_confirmation') {
          // Nothing is created until the creator confirms leaving their current caucus.
          throw new ConfirmationNeeded(joined);
        }
        const [fresh] = await tx.select().from(caucuses).where(eq(caucuses.id, row.id));
        return toSummary(fresh!, null, true);
      }),
    );
  } catch (error) {
    if (error instanceof ConfirmationNeeded) return error.result;
    if (pgErrorOf(error)?.constraint === 'caucuses_one_level5_per_district') throw conflict('level5_exists', CAUCUS_MESSAGES.level5Exists);
    throw error;
  }
}

class ConfirmationNeeded extends Error {
  constructor(readonly result: Extract<JoinResult, { status: 'requires_confirmation' }>) {
    super('confirmation needed');
  }
}

export async function searchCaucuses({ db }: CaucusDeps, input: SearchCaucusesInput): Promise<{ results: CaucusSummary[]; hasMore: boolean }> {
  const where: SQL[] = [];
  if (input.state) where.push(eq(caucuses.state, input.state));
  if (input.district) where.push(eq(caucuses.district, input.district));
  if (input.level) where.push(eq(caucuses.level, input.level));
  if (input.alignment) where.push(eq(caucuses.politicalAlignment, input.alignment));
  if (input.name) where.push(ilike(caucuses.name, `%${input.name.replace(/[\\%_]/g, (m) => `\\${m}`)}%`));
  // search_status is generated from election_finalized and the member count (schema/caucuses.ts).
  if (input.status !== 'all') where.push(eq(caucuses.searchStatus, input.status));
  // The organizer's name as a subquery, not a join: PostgreSQL then looks it up only for the
  // page's rows, after the sort, instead of for every matching caucus before it.
  const rows = await db
    .select({
      caucus: caucuses,
      organizerName: sql<string | null>`(select u.name from users u where u.id = "caucuses"."organizer_id")`,
    })
    .from(caucuses)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(caucuses.createdAt), asc(caucuses.id))
    .limit(SEARCH_PAGE_SIZE + 1)
    .offset((input.page - 1) * SEARCH_PAGE_SIZE);
  return {
    results: rows.slice(0, SEARCH_PAGE_SIZE).map((r) => toSummary(r.caucus, r.organizerName)),
    hasMore: rows.length > SEARCH_PAGE_SIZE,
  };
}

export async function findCaucusByInvitationCode({ db }: CaucusDeps, code: string) {
  const [row] = await db
    .select({ id: caucuses.id, name: caucuses.name, state: caucuses.state, district: caucuses.district, level: caucuses.level })
    .from(caucuses)
    .where(eq(caucuses.invitationCode, code.toUpperCase()));
  return row ?? null;
}

/** Caucus detail in four queries whatever the member count. */
export async function getCaucusDetail({ db, passwordKeys }: Pick<CaucusPasswordDeps, 'db' | 'passwordKeys'>, caucusId: string, viewerId: string): Promise<CaucusDetail> {
  const [head] = await db
    .select({
      caucus: caucuses,
      organizerName: users.name,
      viewerIsAdmin: sql<boolean>`(select is_administrator from users v where v.id = ${viewerId})`,
    })
    .from(caucuses)
    .leftJoin(users, eq(users.id, caucuses.organizerId))
    .where(eq(caucuses.id, caucusId));
  if (!head) throw notFound(CAUCUS_ERRORS.notFound);
  const c = head.caucus;

  const memberRows = await db
    .select({
      id: users.id,
      name: users.name,
      deletedAt: users.deletedAt,
      photoUrl: users.image,
      verified: users.verified,
      isVotingMember: caucusMembers.isVotingMember,
      isOrganizer: caucusMembers.isOrganizer,
      highest: levelSubquery(),
    })
    .from(caucusMembers)
    .innerJoin(users, eq(users.id, caucusMembers.userId))
    .where(eq(caucusMembers.caucusId, caucusId))
    .orderBy(asc(caucusMembers.joinedAt));

  const person = (m: (typeof memberRows)[number]): CaucusPerson => ({
    id: m.id,
    name: m.deletedAt ? 'Former member' : m.name,
    photoUrl: m.deletedAt ? null : m.photoUrl,
    level: userLevel(m.highest),
  });
  const viewerRow = memberRows.find((m) => m.id === viewerId);
  const isOrganizer = c.organizerId === viewerId || !!viewerRow?.isOrganizer;
  const isVotingMember = !!viewerRow?.isVotingMember;
  const insider = isOrganizer || isVotingMember;

  const voteRows = insider
    ? await db.select({ voterId: votes.voterId, candidateId: votes.candidateId }).from(votes).where(eq(votes.caucusId, caucusId))
    : [];
  const voting = memberRows.filter((m) => m.isVotingMember);
  const outcome = decideElection({
    requiredVotingMembers: c.requiredVotingMembers,
    votingMemberIds: voting.map((m) => m.id),
    votes: voteRows,
    unverifiedMemberIds: voting.filter((m) => !m.verified).map((m) => m.id),
  });

  const organizers = memberRows.filter((m) => m.isOrganizer || m.id === c.organizerId).map(person);
  if (c.organizerId && !organizers.some((o) => o.id === c.organizerId) && head.organizerName) {
    organizers.unshift({ id: c.organizerId, name: head.organizerName, photoUrl: null, level: 1 });
  }
  const delegateRow = c.electedDelegateId ? memberRows.find((m) => m.id === c.electedDelegateId) : undefined;
  const voted = new Set(voteRows.map((v) => v.voterId));

  return {
    ...toSummary(c, head.organizerName, insider),
    invitationCode: c.invitationCode,
    platformLink: c.hiddenAt && !insider ? null : c.platformLink,
    // Opened for its members and organizers only; everyone else never gets even the sealed value.
    password: insider && !c.isOpen && c.password ? openCaucusPassword(passwordKeys, c.password) : null,
    votingStarted: c.votingStarted,
    electionFinalized: c.electionFinalized,
    electedDelegate: delegateRow ? person(delegateRow) : null,
    organizers,
    members: insider ? voting.map((m) => ({ ...person(m), hasVoted: voted.has(m.id) })) : [],
    tally: insider ? outcome.tally : {},
    unverifiedCount: insider ? voting.filter((m) => !m.verified).length : 0,
    awaitingVerification: insider && outcome.status === 'awaiting_verification' && !c.electionFinalized,
    viewer: {
      isMember: insider,
      isVotingMember,
      isOrganizer,
      isAdministrator: head.viewerIsAdmin === true,
      myVoteCandidateId: voteRows.find((v) => v.voterId === viewerId)?.candidateId ?? null,
      canVote: isVotingMember && !c.electionFinalized,
      canEditPlatformLink: insider && !c.electionFinalized,
      canInvite: isOrganizer && !c.electionFinalized,
    },
  };
}

/** A caucus's row, locked: every join, vote and leave takes it, so it is built once (issue 33). */
const lockCaucusRow = prebuilt<CaucusRow[], { caucusId: string }>((db) =>
  db.select().from(caucuses).where(eq(caucuses.id, sql.placeholder('caucusId'))).for('update'),
);

async function lockCaucus(tx: Tx, caucusId: string): Promise<CaucusRow> {
  const [row] = await lockCaucusRow(tx, { caucusId });
  if (!row) throw notFound(CAUCUS_ERRORS.notFound);
  return row;
}

/**
 * The joiner, their membership here and their other caucuses of this level, and the caucus's
 * people (for its notifications): one statement (three round trips were a third of a join's time
 * at 1,000 joins a second, issue 16). Sent right behind the caucus row's lock, it starts once the
 * lock is granted: the people it reads cannot change until the join commits. Prepared: planning
 * it cost PostgreSQL 0.8 ms a join, running it 0.3 (decision 034).
 */
const joinFactsOf = prebuilt((db) => {
  const caucusId = sql.placeholder('caucusId');
  return db
      .select({
        state: users.state,
        district: users.district,
        deletedAt: users.deletedAt,
        highest: levelSubquery(),
        here: sql<{ isVotingMember: boolean; isOrganizer: boolean } | null>`(
        select json_build_object('isVotingMember', m.is_voting_member, 'isOrganizer', m.is_organizer)
        from caucus_members m where m.caucus_id = ${caucusId} and m.user_id = "users"."id")`,
        sameLevel: sql<Array<{ id: string; name: string; finalized: boolean; delegate: string | null }>>`coalesce((
        select json_agg(json_build_object('id', o.id, 'name', o.name, 'finalized', o.election_finalized, 'delegate', o.elected_delegate_id))
        from caucus_members m join caucuses o on o.id = m.caucus_id
        where m.user_id = "users"."id" and m.is_voting_member and o.level = (select h.level from caucuses h where h.id = ${caucusId}) and o.id <> ${caucusId}), '[]'::json)`,
        name: users.name,
        people: sql<JoinAudienceMember[]>`coalesce((
        select json_agg(json_build_object('userId', m.user_id, 'isVotingMember', m.is_voting_member, 'isOrganizer', m.is_organizer, 'name', p.name))
        from caucus_members m join users p on p.id = m.user_id where m.caucus_id = ${caucusId}), '[]'::json)`,
      })
      .from(users)
      .where(eq(users.id, sql.placeholder('userId')));
});

function joinFacts(tx: Tx, userId: string, caucusId: string) {
  return joinFactsOf(tx, { userId, caucusId });
}

/**
 * The join itself, with the caucus row locked and the joiner's facts read after the lock. With
 * `commit`, the join's writes leave with the transaction's COMMIT (the join is the last thing the
 * transaction does).
 */
async function joinLocked(
  tx: Tx,
  { clock, passwordKeys }: Pick<CaucusPasswordDeps, 'clock' | 'passwordKeys'>,
  userId: string,
  c: CaucusRow,
  options: { password?: string | null; confirmLeave?: boolean },
  read: { facts?: Awaited<ReturnType<typeof joinFacts>>; commit?: boolean } = {},
): Promise<JoinResult> {
  const [user] = read.facts ?? (await joinFacts(tx, userId, c.id));
  if (!user || user.deletedAt) throw notFound('Profile not found');
  const { here, sameLevel } = user;
  const other = sameLevel.find((s) => !s.finalized) ?? null;
  const isOrganizerHere = c.organizerId === userId || !!here?.isOrganizer;

  const decision = decideJoin({
    caucus: c,
    user: { level: userLevel(user.highest), state: user.state, district: user.district },
    membershipHere: here || isOrganizerHere ? { isVotingMember: !!here?.isVotingMember, isOrganizer: isOrganizerHere } : null,
    representedAtLevel: sameLevel.some((s) => s.finalized && s.delegate !== userId),
    otherActiveCaucus: other ? { id: other.id, name: other.name } : null,
    password: options.password,
    passwordMatches: (typed) => caucusPasswordMatches(passwordKeys, c.password, typed),
    confirmLeave: options.confirmLeave,
  });
  switch (decision.kind) {
    case 'already_member':
      return { status: 'already_member', message: decision.message };
    case 'requires_confirmation':
      return { status: 'requires_confirmation', message: decision.message, existingCaucusId: decision.existingCaucusId, existingCaucusName: decision.existingCaucusName };
    case 'refused':
      throw new AppError(decision.code === 'incorrect_password' || decision.code === 'password_required' ? 403 : 409, decision.code, decision.message);
    case 'join': {
      const now = clock.now();
      if (decision.leaveCaucusId) {
        const left = await lockCaucus(tx, decision.leaveCaucusId);
        if (left.electionFinalized) throw conflict('finalized', CAUCUS_ERRORS.cannotLeaveFinalized);
        // Leaving removes the membership and, through foreign keys, the user's vote there.
        await tx.delete(caucusMembers).where(and(eq(caucusMembers.caucusId, left.id), eq(caucusMembers.userId, userId)));
      }
      // The membership, the caucus's last change and the joiner's activity, in one statement
      // (each one costs the app and PostgreSQL a wake-up, issue 16). The member-count and
      // election-record triggers run at the end of the statement, as after a lone insert; the
      // capacity constraint still refuses a seat past the last (mapCapacity).
      const writes = [
        insertJoin(tx, { caucusId: c.id, userId, now, description: `Joined the caucus "${c.name}"` }),
        // The joiner was not of this caucus (a member is told so, an organizer refused, above).
        notifyJoin(tx, c, userId, now, [...user.people, { userId, isVotingMember: true, isOrganizer: false, name: user.name }]),
      ];
      await (read.commit ? commitWith(tx, writes) : Promise.all(writes));
      return { status: 'joined', caucusId: c.id };
    }
  }
}

/** A join's membership, its caucus's last change and the joiner's activity: one statement, built once. */
const insertJoin = prebuiltSql<{ caucusId: string; userId: string; now: Date; description: string }>(sql`
  with joined as (
    insert into ${caucusMembers} (caucus_id, user_id, is_voting_member, is_organizer, created_at)
    values (${sql.placeholder('caucusId')}, ${sql.placeholder('userId')}, true, false, ${sql.placeholder('now')})
    returning user_id
  ), touched as (update caucuses set updated_at = ${sql.placeholder('now')} where id = ${sql.placeholder('caucusId')})
  insert into activities (user_id, activity_type, description, created_at)
  select user_id, 'caucus_joined', ${sql.placeholder('description')}, ${sql.placeholder('now')} from joined`);

/**
 * After a join (caucus row locked): its organizers hear of the new member (one unread
 * notification per caucus, counting up), and a caucus that is now full tells each voting
 * member that the election waits for them (once: the join that fills it happens once).
 */
/** Someone of a caucus as its join notifications need them. */
interface JoinAudienceMember {
  userId: string;
  isVotingMember: boolean;
  isOrganizer: boolean;
  name: string;
}

async function notifyJoin(tx: Tx, c: CaucusRow, joinerId: string, now: Date, people: JoinAudienceMember[]): Promise<void> {
  const organizerIds = new Set(people.filter((p) => p.isOrganizer).map((p) => p.userId));
  if (c.organizerId) organizerIds.add(c.organizerId);
  organizerIds.delete(joinerId);
  const memberName = people.find((p) => p.userId === joinerId)?.name ?? 'A voter';
  const voting = people.filter((p) => p.isVotingMember);
  const caucus = { caucusId: c.id, caucusName: c.name };
  await notify(tx, now, [
    ...[...organizerIds].map((userId) => ({ userId, kind: 'caucus_joined' as const, data: { ...caucus, memberId: joinerId, memberName, count: 1 }, dedupeKey: c.id })),
    ...(voting.length >= c.requiredVotingMembers ? voting.map((v) => ({ userId: v.userId, kind: 'caucus_full' as const, data: caucus, dedupeKey: c.id })) : []),
  ]);
}

/**
 * Joins as a voting member: the eligibility rule is checked inside the transaction that
 * inserts the membership, with the caucus row locked, so racing joins never overfill it.
 */
export async function joinCaucus(deps: CaucusPasswordDeps, userId: string, caucusId: string, options: { password?: string | null; confirmLeave?: boolean }): Promise<JoinResult> {
  return mapCapacity(() =>
    withRetry(() =>
      deps.db.transaction(async (tx) => {
        // Sent together with BEGIN: the lock, then the facts, read once it is granted (issue 33).
        const [c, facts] = await Promise.all([lockCaucus(tx, caucusId), joinFacts(tx, userId, caucusId)]);
        return joinLocked(tx, deps, userId, c, options, { facts, commit: true });
      }),
    ),
  );
}

/** Exposed for invitations: join inside the caller's transaction. */
export async function joinCaucusInTransaction(
  tx: Tx,
  deps: Pick<CaucusPasswordDeps, 'clock' | 'passwordKeys'>,
  userId: string,
  caucusId: string,
  options: { password?: string | null; confirmLeave?: boolean },
) {
  const [c, facts] = await Promise.all([lockCaucus(tx, caucusId), joinFacts(tx, userId, caucusId)]);
  return joinLocked(tx, deps, userId, c, options, { facts });
}

async function mapCapacity<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    // The capacity constraint is the last line; the locked check above normally answers first.
    if (pgErrorOf(error)?.constraint === 'caucuses_capacity') throw conflict('full', 'This caucus is full.');
    throw error;
  }
}

export async function leaveCaucus(deps: CaucusDeps, userId: string, caucusId: string): Promise<void> {
  await withRetry(() =>
    deps.db.transaction(async (tx) => {
      const c = await lockCaucus(tx, caucusId);
      if (c.electionFinalized) throw conflict('finalized', CAUCUS_ERRORS.cannotLeaveFinalized);
      const removed = await tx
        .delete(caucusMembers)
        .where(and(eq(caucusMembers.caucusId, caucusId), eq(caucusMembers.userId, userId), eq(caucusMembers.isVotingMember, true)))
        .returning({ userId: caucusMembers.userId });
      if (removed.length === 0) throw conflict('not_member', CAUCUS_ERRORS.notAMember);
      await tx.update(caucuses).set({ updatedAt: deps.clock.now() }).where(eq(caucuses.id, caucusId));
      // Votes by or for the leaver went with the membership; the rest may now be unanimous.
      await settleElection(tx, deps.clock, caucusId);
    }),
  );
}

/**
 * Casts or changes a vote; the election finalizes in the same transaction when it can. Two round
 * trips for the transaction (issue 33): BEGIN, the caucus row's lock, its members and its votes
 * leave together (each read starts after the lock is granted, so it sees every vote committed
 * before: no one joins, leaves or votes here until this transaction ends); the election is
 * decided in TypeScript on the votes as they will be; the vote, the voting flag and any
 * notification leave with COMMIT.
 */
export async function castVote(deps: CaucusDeps, voterId: string, caucusId: string, candidateId: string): Promise<VoteResult> {
  return withRetry(() =>
    deps.db.transaction(async (tx) => {
      const [c, members, voteRows] = await Promise.all([lockCaucus(tx, caucusId), membersForElection(tx, caucusId), votesOf(tx, caucusId)]);
      if (c.electionFinalized) throw conflict('voting_closed', CAUCUS_ERRORS.votingClosed);
      const voting = (id: string) => members.some((m) => m.userId === id && m.isVotingMember);
      if (!voting(voterId)) throw forbidden('not_voting_member', CAUCUS_ERRORS.cannotVote);
      if (!voting(candidateId)) throw badRequest('candidate_not_member', CAUCUS_ERRORS.candidateNotMember);
      const now = deps.clock.now();
      const pending: Array<Promise<unknown>> = [upsertVote(tx, { caucusId, voterId, candidateId, now })];
      if (!c.votingStarted) pending.push(startVoting(tx, { caucusId, now }));
      return settleElection(tx, deps.clock, caucusId, {
        firstVote: !voteRows.some((v) => v.voterId === voterId),
        locked: { ...c, votingStarted: true },
        members,
        votes: [...voteRows.filter((v) => v.voterId !== voterId), { voterId, candidateId }],
        pending,
      });
    }),
  );
}

/** A vote cast or changed (built once: every vote sends it, issue 33). */
const upsertVote = prebuilt<unknown, { caucusId: string; voterId: string; candidateId: string; now: Date }>((db) =>
  db
    .insert(votes)
    .values({
      caucusId: sql.placeholder('caucusId'),
      voterId: sql.placeholder('voterId'),
      candidateId: sql.placeholder('candidateId'),
      createdAt: sql.placeholder('now'),
      updatedAt: sql.placeholder('now'),
    })
    .onConflictDoUpdate({ target: [votes.caucusId, votes.voterId], set: { candidateId: sql`${sql.placeholder('candidateId')}`, updatedAt: sql`${sql.placeholder('now')}` } }),
);

/** A caucus's first vote starts its voting. */
const startVoting = prebuilt<unknown, { caucusId: string; now: Date }>((db) =>
  db
    .update(caucuses)
    .set({ votingStarted: true, updatedAt: sql`${sql.placeholder('now')}` })
    .where(eq(caucuses.id, sql.placeholder('caucusId'))),
);

const votesOfCaucus = prebuilt((db) =>
  db.select({ voterId: votes.voterId, candidateId: votes.candidateId }).from(votes).where(eq(votes.caucusId, sql.placeholder('caucusId'))),
);

/** A caucus's votes (its row locked by the caller). */
function votesOf(tx: Tx, caucusId: string) {
  return votesOfCaucus(tx, { caucusId });
}

const membersOfCaucus = prebuilt((db) =>
  db
    .select({ userId: caucusMembers.userId, isVotingMember: caucusMembers.isVotingMember, isOrganizer: caucusMembers.isOrganizer, verified: users.verified, name: users.name })
    .from(caucusMembers)
    .innerJoin(users, eq(users.id, caucusMembers.userId))
    .where(eq(caucusMembers.caucusId, sql.placeholder('caucusId'))),
);

/** A caucus's members with what the election needs of each (caucus row locked by the caller). */
function membersForElection(tx: Tx, caucusId: string) {
  return membersOfCaucus(tx, { caucusId });
}

type ElectionMember = Awaited<ReturnType<typeof membersForElection>>[number];

/**
 * Reads the election (caucus row already locked by the caller) and finalizes it when every
 * seat is filled, the votes are unanimous and every voting member is verified. A caller that
 * holds the locked row, its members and its votes already (a vote) passes them, saving the reads,
 * with the writes it has sent (`pending`): unless the election finalizes, they leave with COMMIT.
 */
async function settleElection(
  tx: Tx,
  clock: Clock,
  caucusId: string,
  options: {
    firstVote?: boolean;
    locked?: CaucusRow;
    members?: ElectionMember[];
    votes?: Array<{ voterId: string; candidateId: string }>;
    pending?: Array<Promise<unknown>>;
  } = {},
): Promise<VoteResult> {
  const c = options.locked ?? (await tx.select().from(caucuses).where(eq(caucuses.id, caucusId)))[0];
  if (!c) throw notFound(CAUCUS_ERRORS.notFound);
  if (c.electionFinalized) return { status: 'finalized', electedDelegateId: c.electedDelegateId ?? undefined };
  const members = options.members ?? (await membersForElection(tx, caucusId));
  const voteRows = options.votes ?? (await votesOf(tx, caucusId));
  const voting = members.filter((m) => m.isVotingMember);
  const outcome = decideElection({
    requiredVotingMembers: c.requiredVotingMembers,
    votingMemberIds: voting.map((m) => m.userId),
    votes: voteRows,
    unverifiedMemberIds: voting.filter((m) => !m.verified).map((m) => m.userId),
  });
  if (outcome.status !== 'finalize') {
    // One vote missing, or (told by the vote that was missing) a split: one statement, sent with the rest.
    const told = outcome.status === 'open' ? notify(tx, clock.now(), [...missingVoteNotes(c, voting, voteRows), ...(options.firstVote ? splitNotes(c, voting, voteRows) : [])]) : null;
    await commitWith(tx, [...(options.pending ?? []), told]);
    return outcome.status === 'open' ? { status: 'open' } : { status: 'awaiting_verification', message: VERIFICATION_REQUIRED_MESSAGE };
  }
  await Promise.all(options.pending ?? []);

  const now = clock.now();
  const delegateId = outcome.delegateId;
  await tx
    .update(caucuses)
    .set({ votingFinalized: true, electionFinalized: true, electedDelegateId: delegateId, finalizedAt: now, updatedAt: now })
    .where(eq(caucuses.id, caucusId));
  await writeActivities(
    tx,
    [
      ...voting.map((m) => ({ userId: m.userId, activityType: 'election_finalized' as const, description: `The caucus "${c.name}" elected its Delegate` })),
      { userId: delegateId, activityType: 'delegate_elected', description: `Elected Delegate of "${c.name}" (Level ${c.level})` },
    ],
    now,
  );
  const organizerIds = new Set(members.filter((m) => m.isOrganizer).map((m) => m.userId));
  if (c.organizerId) organizerIds.add(c.organizerId);
  // Everyone of the caucus learns who the Delegate is; the Delegate, what it means for them.
  const delegate = members.find((m) => m.userId === delegateId);
  const finalized = { caucusId, caucusName: c.name, delegateId, delegateName: delegate?.name ?? 'Your Delegate', level: c.level };
  await notify(tx, now, [
    ...[...new Set([...voting.map((m) => m.userId), ...organizerIds])]
      .filter((id) => id !== delegateId)
      .map((userId) => ({ userId, kind: 'election_finalized' as const, data: organizerIds.has(userId) ? { ...finalized, banner: true } : finalized })),
    { userId: delegateId, kind: 'elected_delegate', data: { caucusId, caucusName: c.name, level: c.level } },
  ]);
  if (c.level === 1) await assignPioneerRank(tx, c);
  for (const organizerId of [...organizerIds].sort()) await awardBanner(tx, organizerId, caucusId, now);
  // The badge engine: the delegate's badge (Delegate - Level N, Candidate), the organizers'
  // Banner badges, the voters' Pioneer places, and Champion for anyone this completes.
  await evaluateBadgesOf(tx, [delegateId, ...organizerIds, ...voting.map((m) => m.userId)], now);
  return { status: 'finalized', electedDelegateId: delegateId };
}

/**
 * One vote from finishing (all but one voted for the same member): the one who has not voted
 * hears that the election waits for them, once while it stays unread.
 */
function missingVoteNotes(c: CaucusRow, voting: ElectionMember[], voteRows: Array<{ voterId: string; candidateId: string }>): NewNotification[] {
  const missing = missingVote({ requiredVotingMembers: c.requiredVotingMembers, votingMemberIds: voting.map((m) => m.userId), votes: voteRows });
  if (!missing) return [];
  const candidateName = voting.find((m) => m.userId === missing.candidateId)?.name ?? 'a member';
  const data = { caucusId: c.id, caucusName: c.name, candidateId: missing.candidateId, candidateName, agreed: missing.agreed, required: c.requiredVotingMembers };
  return [{ userId: missing.missingVoterId, kind: 'vote_missing', data, dedupeKey: c.id }];
}

/** Every member voted, not for one person: each voting member hears the election is split (once while unread). */
function splitNotes(c: CaucusRow, voting: ElectionMember[], voteRows: Array<{ voterId: string; candidateId: string }>): NewNotification[] {
  const split = splitElection({ requiredVotingMembers: c.requiredVotingMembers, votingMemberIds: voting.map((m) => m.userId), votes: voteRows });
  if (!split) return [];
  const candidateName = voting.find((m) => m.userId === split.leaderId)?.name ?? 'a member';
  const data = { caucusId: c.id, caucusName: c.name, candidateId: split.leaderId, candidateName, leading: split.leading, required: c.requiredVotingMembers };
  return voting.map((m) => ({ userId: m.userId, kind: 'election_split' as const, data, dedupeKey: `split:${c.id}` }));
}

/**
 * Pioneer 100 / 1K: a finalized level-1 caucus takes the next place among its district's
 * (under an advisory lock per district, so two finalizations never share a place); its voting
 * members earn the badges by it.
 */
async function assignPioneerRank(tx: Tx, c: CaucusRow) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`pioneer:${c.state}:${c.district}`}))`);
  const [row] = await tx
    .select({ top: sql<number>`coalesce(max(${caucuses.pioneerRank}), 0)::int` })
    .from(caucuses)
    .where(and(eq(caucuses.state, c.state), eq(caucuses.district, c.district), sql`${caucuses.pioneerRank} is not null`));
  await tx
    .update(caucuses)
    .set({ pioneerRank: (row?.top ?? 0) + 1 })
    .where(eq(caucuses.id, c.id));
}

/** When a user becomes verified, each unfinalized caucus they vote in may now finalize by itself. */
export async function settleElectionsOf(deps: CaucusDeps, userId: string): Promise<number> {
  const rows = await deps.db
    .select({ caucusId: caucusMembers.caucusId })
    .from(caucusMembers)
    .innerJoin(caucuses, eq(caucuses.id, caucusMembers.caucusId))
    .where(and(eq(caucusMembers.userId, userId), eq(caucusMembers.isVotingMember, true), eq(caucuses.electionFinalized, false)));
  let finalized = 0;
  for (const { caucusId } of rows) {
    const result = await withRetry(() =>
      deps.db.transaction(async (tx) => {
        await lockCaucus(tx, caucusId);
        return settleElection(tx, deps.clock, caucusId);
      }),
    );
    if (result.status === 'finalized') finalized += 1;
  }
  return finalized;
}

export async function setPlatformLink(deps: CaucusDeps, userId: string, caucusId: string, platformLink: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const c = await lockCaucus(tx, caucusId);
    const [m] = await tx
      .select({ userId: caucusMembers.userId })
      .from(caucusMembers)
      .where(and(eq(caucusMembers.caucusId, caucusId), eq(caucusMembers.userId, userId)));
    if (!m && c.organizerId !== userId) throw forbidden('not_member', CAUCUS_ERRORS.platformLinkNotAllowed);
    if (c.votingFinalized) throw conflict('finalized', CAUCUS_ERRORS.platformLinkClosed);
    await tx.update(caucuses).set({ platformLink, updatedAt: deps.clock.now() }).where(eq(caucuses.id, caucusId));
  });
}

/** An administrator sets the required members of a level-5 caucus (current count to 100). */
export async function setRequiredMembers(deps: CaucusDeps, adminId: string, caucusId: string, required: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [admin] = await tx.select({ isAdministrator: users.isAdministrator }).from(users).where(eq(users.id, adminId));
    if (!admin?.isAdministrator) throw forbidden('admins_only', CAUCUS_ERRORS.adminsOnly);
    const c = await lockCaucus(tx, caucusId);
    if (c.level !== 5) throw badRequest('level5_only', CAUCUS_MESSAGES.requiredMembersLevel5Only);
    if (c.electionFinalized) throw conflict('finalized', CAUCUS_ERRORS.votingClosed);
    if (required < c.votingMemberCount) throw badRequest('below_count', CAUCUS_MESSAGES.requiredMembersBelowCount(required, c.votingMemberCount));
    await tx.update(caucuses).set({ requiredVotingMembers: required, updatedAt: deps.clock.now() }).where(eq(caucuses.id, caucusId));
    await logAdminAction(
      tx,
      { actorId: adminId, action: ADMIN_ACTIONS.requiredMembers, targetKind: 'caucus', targetId: caucusId, details: { from: c.requiredVotingMembers, to: required } },
      deps.clock.now(),
    );
    await settleElection(tx, deps.clock, caucusId);
  });
}

/** Caucuses the user votes in or organizes, newest first. */
export async function listMyCaucuses({ db }: CaucusDeps, userId: string) {
  const rows = await db
    .select({ caucus: caucuses, isVotingMember: caucusMembers.isVotingMember, isOrganizer: caucusMembers.isOrganizer, organizerName: users.name })
    .from(caucuses)
    .leftJoin(caucusMembers, and(eq(caucusMembers.caucusId, caucuses.id), eq(caucusMembers.userId, userId)))
    .leftJoin(users, eq(users.id, caucuses.organizerId))
    .where(or(eq(caucusMembers.userId, userId), eq(caucuses.organizerId, userId)))
    .orderBy(desc(caucuses.createdAt));
  return rows.map((r) => ({
    ...toSummary(r.caucus, r.organizerName, true),
    role: r.isVotingMember ? ('voting' as const) : ('organizer' as const),
    electedDelegateId: r.caucus.electedDelegateId,
  }));
}

/**
 * The chain from the user's level-1 caucus upward through each elected delegate's caucus
 * of the next level, to level 5: one recursive query.
 */
export async function getRepresentation({ db }: CaucusDeps, userId: string): Promise<RepresentationLink[]> {
  const result = await db.execute<{
    id: string;
    name: string;
    level: number;
    election_finalized: boolean;
    elected_delegate_id: string | null;
    delegate_name: string | null;
    delegate_photo: string | null;
    delegate_deleted: boolean | null;
  }>(sql`
    with recursive chain as (
      select c.id, c.name, c.level, c.election_finalized, c.elected_delegate_id
      from caucus_members m join caucuses c on c.id = m.caucus_id
      where m.user_id = ${userId} and m.is_voting_member and c.level = 1
      union all
      select c2.id, c2.name, c2.level, c2.election_finalized, c2.elected_delegate_id
      from chain
      join caucus_members m2 on m2.user_id = chain.elected_delegate_id and m2.is_voting_member
      join caucuses c2 on c2.id = m2.caucus_id and c2.level = chain.level + 1
      where chain.election_finalized and chain.level < 5
    )
    select chain.*, u.name as delegate_name, u.photo_url as delegate_photo, u.deleted_at is not null as delegate_deleted
    from chain left join users u on u.id = chain.elected_delegate_id
    order by chain.level, chain.election_finalized desc`);
  return result.rows.map((r) => ({
    caucusId: r.id,
    caucusName: r.name,
    level: r.level,
    electionFinalized: r.election_finalized,
    delegate: r.elected_delegate_id
      ? { id: r.elected_delegate_id, name: r.delegate_deleted ? 'Former member' : (r.delegate_name ?? ''), photoUrl: r.delegate_deleted ? null : r.delegate_photo, level: Math.min(5, r.level + 1) }
      : null,
  }));
}
