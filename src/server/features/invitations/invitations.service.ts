import { asLanguage } from '../../../domain/i18n/languages';
import type { CaucusInvitationView } from '../../../domain/caucuses/caucus-types';
import { INVITATION_REMINDER_DAYS } from '../../../domain/notifications/reminders';
import { and, asc, desc, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { alias } from 'drizzle-orm/pg-core';
import { USER_SEARCH_LIMIT } from '../../../domain/caucuses/caucus-schemas';
import { districtLabel } from '../../../domain/geography/states';
import type {
  EmailInvitationResult,
  InvitableVoter,
  InvitationStatus,
  InvitationView,
  MyInvitations,
  OrganizerResponseResult,
  UserSearchResult,
  VoterResponseResult,
} from '../../../domain/caucuses/invitation-types';
import { JOIN_MESSAGES } from '../../../domain/caucuses/eligibility';
import type { Clock } from '../../clock';
import type { Db, DbOrTx } from '../../db/client';
import { pgErrorOf } from '../../db/client';
import { users } from '../../db/schema/auth';
import { caucusMembers, caucuses, emailInvitations, organizerInvitations, votingMemberInvitations } from '../../db/schema/caucuses';
import { withRetry } from '../../db/transaction-retry';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../http/app-error';
import { evaluateBadges } from '../badges/badge-engine.service';
import { blockersBetween, refuseIfBlocked } from '../blocks/blocks.service';
import type { CaucusPasswordKeys } from '../caucuses/caucus-passwords.service';
import { joinCaucusInTransaction } from '../caucuses/caucuses.service';
import { enqueueMail } from '../../mail/outbox';
import { emailInvitationMail } from '../../mail/templates';
import { notify } from '../notifications/notifications.service';

export interface InvitationDeps {
  db: Db;
  clock: Clock;
  /** Accepting an invitation to a private caucus checks its sealed password (caucus-passwords.service). */
  passwordKeys?: CaucusPasswordKeys;
  /** The app's public address, for the sign-up link of an invitation by email. */
  baseUrl?: string;
}

type Tx = DbOrTx;

/** The texts of the spec's error catalogue, and clear ones where it is silent. */
export const INVITATION_MESSAGES = {
  caucusNotFound: 'Caucus not found',
  onlyOrganizers: 'Only organizers can invite.',
  finalized: 'This caucus has already elected its Delegate; it no longer takes invitations.',
  userNotFound: 'User not found: No user found with that id.',
  alreadyInvitedTitle: 'Already Invited',
  alreadyInvited: (name: string) => `${name} has already been invited to this caucus.`,
  organizerAlreadyInvited: 'Invitation already sent: An invitation is already pending for this user.',
  outsideDistrict: (name: string, district: string) => `${name} does not live in ${district}: only voters of this caucus's district can be invited to vote in it.`,
  alreadyVotingMember: (name: string) => `${name} is already a voting member of this caucus.`,
  organizerCannotVote: (name: string) => `${name} organizes this caucus, and organizers do not vote.`,
  alreadyOrganizer: (name: string) => `${name} is already an organizer of this caucus.`,
  votingMemberCannotOrganize: (name: string) => `${name} is a voting member of this caucus, and organizers do not vote: a voting member cannot also organize it.`,
  invitationNotFound: 'Invitation not found',
  notYourInvitation: 'Only the invited user can respond to this invitation.',
  alreadyResponded: (status: string) => `This invitation has already been ${status}.`,
  youVoteHere: 'You are a voting member of this caucus, and organizers do not vote. Leave the caucus first to organize it.',
  caucusClosed: 'This caucus has already elected its Delegate; it no longer takes new organizers.',
  searchTooShort: 'Enter at least 2 characters to search.',
  full: 'This caucus is full.',
  respondFailed: 'Failed to respond to invitation',
  invalidEmail: 'Enter a valid email address.',
  emailed: (email: string) =>
    `Invitation sent to ${email}, if this address can take it: with an account, they find it among their invitations; without one, they get a mail with a link to sign up.`,
  alreadyEmailed: (email: string) => `An invitation to this caucus was already sent to ${email}.`,
} as const;

export const USER_SEARCH_MIN_LENGTH = 2;

/** How many invitations of each list `GET /api/my/invitations` returns (pending first, then newest). */
export const MY_INVITATIONS_LIMIT = 100;

const FORMER_MEMBER = 'Former member';
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (m) => `\\${m}`);

interface CaucusForInviting {
  id: string;
  name: string;
  state: string;
  district: number;
  level: number;
  organizerId: string | null;
  electionFinalized: boolean;
  votingMemberCount: number;
  requiredVotingMembers: number;
}

/** The caucus, if `userId` organizes it (organizer_id or an is_organizer member row); 404 or 403 otherwise. */
async function caucusOrganizedBy(tx: Tx, caucusId: string, userId: string): Promise<CaucusForInviting> {
  const [c] = await tx
    .select({
      id: caucuses.id,
      name: caucuses.name,
      state: caucuses.state,
      district: caucuses.district,
      level: caucuses.level,
      organizerId: caucuses.organizerId,
      electionFinalized: caucuses.electionFinalized,
      votingMemberCount: caucuses.votingMemberCount,
      requiredVotingMembers: caucuses.requiredVotingMembers,
    })
    .from(caucuses)
    .where(eq(caucuses.id, caucusId));
  if (!c) throw notFound(INVITATION_MESSAGES.caucusNotFound);
  if (c.organizerId === userId) return c;
  const [m] = await tx
    .select({ isOrganizer: caucusMembers.isOrganizer })
    .from(caucusMembers)
    .where(and(eq(caucusMembers.caucusId, caucusId), eq(caucusMembers.userId, userId)));
  if (!m?.isOrganizer) throw forbidden('organizers_only', INVITATION_MESSAGES.onlyOrganizers);
  return c;
}

async function membershipOf(tx: Tx, caucusId: string, userId: string) {
  const [m] = await tx
    .select({ isVotingMember: caucusMembers.isVotingMember, isOrganizer: caucusMembers.isOrganizer })
    .from(caucusMembers)
    .where(and(eq(caucusMembers.caucusId, caucusId), eq(caucusMembers.userId, userId)));
  return m ?? null;
}

/**
 * Name matches, prefix matches first. `contains` widens to names containing `q` anywhere.
 * The prefix form uses users_name_search_idx (lower(name) text_pattern_ops).
 */
function nameMatch(q: string, mode: 'prefix' | 'contains'): SQL {
  const pattern = escapeLike(q.toLowerCase());
  return mode === 'prefix' ? sql`lower(${users.name}) like ${`${pattern}%`}` : sql`lower(${users.name}) like ${`%${pattern}%`}`;
}
const prefixFirst = (q: string) => sql`case when lower(${users.name}) like ${`${escapeLike(q.toLowerCase())}%`} then 0 else 1 end`;

/**
 * Users an organizer may invite to vote in the caucus: living in its state and district,
 * not deleted, not already in it (as voter or organizer), names matching `q`.
 */
export async function listInvitableVoters({ db }: InvitationDeps, organizerId: string, caucusId: string, q: string): Promise<InvitableVoter[]> {
  const c = await caucusOrganizedBy(db, caucusId, organizerId);
  if (c.electionFinalized) return [];
  const query = q.trim();
  return db
    .select({ id: users.id, name: users.name, photoUrl: users.image })
    .from(users)
    .where(
      and(
        eq(users.state, c.state),
        eq(users.district, c.district),
        isNull(users.deletedAt),
        query ? nameMatch(query, 'contains') : undefined,
        c.organizerId ? ne(users.id, c.organizerId) : undefined,
        sql`not exists (select 1 from caucus_members m where m.caucus_id = ${caucusId} and m.user_id = ${users.id})`,
      ),
    )
    .orderBy(...(query ? [prefixFirst(query)] : []), asc(users.name), asc(users.id))
    .limit(USER_SEARCH_LIMIT);
}

/** Any signed-in user may search others by name (co-organizer invitations, friends): 10, prefix matches first. */
export async function searchUsers({ db }: InvitationDeps, viewerId: string, q: string): Promise<UserSearchResult[]> {
  const query = q.trim();
  if (query.length < USER_SEARCH_MIN_LENGTH) throw badRequest('query_too_short', INVITATION_MESSAGES.searchTooShort);
  const columns = { id: users.id, name: users.name, photoUrl: users.image, state: users.state, district: users.district };
  const base = and(isNull(users.deletedAt), ne(users.id, viewerId));
  // The prefix query is served by the name index; the wider scan runs only when it is short of a page.
  const prefix = await db
    .select(columns)
    .from(users)
    .where(and(base, nameMatch(query, 'prefix')))
    .orderBy(asc(sql`lower(${users.name})`), asc(users.id))
    .limit(USER_SEARCH_LIMIT);
  if (prefix.length >= USER_SEARCH_LIMIT) return prefix;
  const rest = await db
    .select(columns)
    .from(users)
    .where(and(base, nameMatch(query, 'contains'), sql`not (${nameMatch(query, 'prefix')})`))
    .orderBy(asc(sql`lower(${users.name})`), asc(users.id))
    .limit(USER_SEARCH_LIMIT - prefix.length);
  return [...prefix, ...rest];
}

/** The live user `where` names, with the blockers of the blocks between them and `inviterId` (read in the same statement). */
async function liveUser(tx: Tx, where: SQL, inviterId: string) {
  const [u] = await tx
    .select({ id: users.id, name: users.name, state: users.state, district: users.district, blockers: blockersBetween(inviterId, users.id) })
    .from(users)
    .where(and(where, isNull(users.deletedAt)));
  return u ?? null;
}

/** A person's display name, as the notifications they cause name them. */
async function nameOf(tx: DbOrTx, userId: string): Promise<string> {
  const [row] = await tx.select({ name: users.name }).from(users).where(eq(users.id, userId));
  return row?.name ?? FORMER_MEMBER;
}

/** Each kind of invitation: its table and the constraint that allows one pending per caucus and invitee. */
const INVITATION_KINDS = {
  caucus_invitation: { table: votingMemberInvitations, onePending: 'voting_member_invitations_one_pending' },
  organizer_invitation: { table: organizerInvitations, onePending: 'organizer_invitations_one_pending' },
} as const;

/**
 * Writes a pending invitation and its invitee's notification in one transaction; a second
 * pending invitation of the same kind is refused by the database and answered `duplicate()`.
 */
async function sendInvitation(
  { db, clock }: InvitationDeps,
  kind: keyof typeof INVITATION_KINDS,
  c: { id: string; name: string },
  inviterId: string,
  inviteeId: string,
  duplicate: () => AppError,
): Promise<{ id: string }> {
  const { table, onePending } = INVITATION_KINDS[kind];
  try {
    return await db.transaction(async (tx) => {
      const now = clock.now();
      const [row] = await tx.insert(table).values({ caucusId: c.id, inviterId, inviteeId, createdAt: now }).returning({ id: table.id });
      const data = { caucusId: c.id, caucusName: c.name, inviterId, inviterName: await nameOf(tx, inviterId) };
      await notify(tx, now, [{ userId: inviteeId, kind, data }]);
      return { id: row!.id };
    });
  } catch (error) {
    if (isPendingDuplicate(error, onePending)) throw duplicate();
    throw error;
  }
}

const isPendingDuplicate = (error: unknown, constraint: string) => {
  const pg = pgErrorOf(error);
  return pg?.code === '23505' && (!pg.constraint || pg.constraint === constraint);
};

/** An organizer invites a voter of the caucus's district to join it as a voting member. */
export async function inviteVoter(deps: InvitationDeps, inviterId: string, caucusId: string, inviteeId: string): Promise<{ id: string }> {
  const { db } = deps;
  const c = await caucusOrganizedBy(db, caucusId, inviterId);
  if (c.electionFinalized) throw conflict('finalized', INVITATION_MESSAGES.finalized);
  const invitee = await liveUser(db, eq(users.id, inviteeId), inviterId);
  if (!invitee) throw notFound(INVITATION_MESSAGES.userNotFound);
  refuseIfBlocked(inviterId, invitee.blockers);
  if (invitee.state !== c.state || invitee.district !== c.district) {
    throw badRequest('outside_district', INVITATION_MESSAGES.outsideDistrict(invitee.name, districtLabel(c.state, c.district)));
  }
  const here = await membershipOf(db, caucusId, invitee.id);
  if (here?.isVotingMember) throw conflict('already_member', INVITATION_MESSAGES.alreadyVotingMember(invitee.name));
  if (here?.isOrganizer || c.organizerId === invitee.id) throw conflict('organizer_cannot_vote', INVITATION_MESSAGES.organizerCannotVote(invitee.name));
  if (c.votingMemberCount >= c.requiredVotingMembers) throw conflict('full', JOIN_MESSAGES.full(c.votingMemberCount, c.requiredVotingMembers));
  return sendInvitation(deps, 'caucus_invitation', c, inviterId, invitee.id, () =>
    new AppError(409, 'already_invited', INVITATION_MESSAGES.alreadyInvited(invitee.name), { title: INVITATION_MESSAGES.alreadyInvitedTitle }),
  );
}

/**
 * An organizer invites another user to co-organize the caucus: by id (refused when either
 * blocked the other), or by email, answered the same whoever holds the address (inviteByEmail).
 */
export async function inviteOrganizer(
  deps: InvitationDeps,
  inviterId: string,
  caucusId: string,
  target: { email?: string; inviteeId?: string },
): Promise<{ id: string } | EmailInvitationResult> {
  const { db } = deps;
  const c = await caucusOrganizedBy(db, caucusId, inviterId);
  if (c.electionFinalized) throw conflict('finalized', INVITATION_MESSAGES.finalized);
  if (!target.inviteeId) return inviteByEmail(deps, c, inviterId, target.email ?? '', 'organizer');
  const invitee = await liveUser(db, eq(users.id, target.inviteeId), inviterId);
  if (!invitee) throw new AppError(404, 'user_not_found', INVITATION_MESSAGES.userNotFound);
  refuseIfBlocked(inviterId, invitee.blockers);
  const here = await membershipOf(db, caucusId, invitee.id);
  const name = invitee.id === inviterId ? 'You' : invitee.name;
  if (here?.isOrganizer || c.organizerId === invitee.id) {
    throw conflict('already_organizer', invitee.id === inviterId ? 'You are already an organizer of this caucus.' : INVITATION_MESSAGES.alreadyOrganizer(name));
  }
  if (here?.isVotingMember) throw conflict('voting_member', INVITATION_MESSAGES.votingMemberCannotOrganize(name));
  return sendInvitation(deps, 'organizer_invitation', c, inviterId, invitee.id, () =>
    new AppError(409, 'already_invited', INVITATION_MESSAGES.organizerAlreadyInvited, { title: 'Invitation already sent' }),
  );
}

type InvitationTable = typeof votingMemberInvitations | typeof organizerInvitations;

async function listInvitations(db: Db, table: InvitationTable, where: SQL): Promise<InvitationView[]> {
  const inviter = alias(users, 'inviter');
  const invitee = alias(users, 'invitee');
  const rows = await db
    .select({
      id: table.id,
      status: table.status,
      createdAt: table.createdAt,
      respondedAt: table.respondedAt,
      caucusId: caucuses.id,
      caucusName: caucuses.name,
      state: caucuses.state,
      district: caucuses.district,
      level: caucuses.level,
      isOpen: caucuses.isOpen,
      inviterName: inviter.name,
      inviterDeleted: inviter.deletedAt,
      inviteeName: invitee.name,
      inviteeDeleted: invitee.deletedAt,
    })
    .from(table)
    .innerJoin(caucuses, eq(caucuses.id, table.caucusId))
    .innerJoin(inviter, eq(inviter.id, table.inviterId))
    .innerJoin(invitee, eq(invitee.id, table.inviteeId))
    .where(where)
    .orderBy(sql`case when ${table.status} = 'pending' then 0 else 1 end`, desc(table.createdAt), asc(table.id))
    .limit(MY_INVITATIONS_LIMIT);
  return rows.map((r) => ({
    id: r.id,
    caucus: { id: r.caucusId, name: r.caucusName, state: r.state, district: r.district, level: r.level, isOpen: r.isOpen },
    inviterName: r.inviterDeleted ? FORMER_MEMBER : r.inviterName,
    inviteeName: r.inviteeDeleted ? FORMER_MEMBER : r.inviteeName,
    status: r.status as InvitationStatus,
    createdAt: r.createdAt.toISOString(),
    respondedAt: r.respondedAt ? r.respondedAt.toISOString() : null,
  }));
}

/** The signed-in user's invitations: voting ones received, organizer ones received and sent. */
export async function listMyInvitations({ db }: InvitationDeps, userId: string): Promise<MyInvitations> {
  const [voting, organizerReceived, organizerSent] = await Promise.all([
    listInvitations(db, votingMemberInvitations, eq(votingMemberInvitations.inviteeId, userId)),
    listInvitations(db, organizerInvitations, eq(organizerInvitations.inviteeId, userId)),
    listInvitations(db, organizerInvitations, eq(organizerInvitations.inviterId, userId)),
  ]);
  return { voting, organizerReceived, organizerSent };
}

/** The invitation row, locked; only its invitee may answer it, and only once. */
async function lockPendingInvitation(tx: Tx, table: InvitationTable, invitationId: string, userId: string) {
  const [inv] = await tx
    .select({ id: table.id, caucusId: table.caucusId, inviteeId: table.inviteeId, status: table.status })
    .from(table)
    .where(eq(table.id, invitationId))
    .for('update');
  if (!inv) throw notFound(INVITATION_MESSAGES.invitationNotFound);
  if (inv.inviteeId !== userId) throw forbidden('not_invitee', INVITATION_MESSAGES.notYourInvitation);
  if (inv.status !== 'pending') throw conflict('already_responded', INVITATION_MESSAGES.alreadyResponded(inv.status));
  return inv;
}

async function markResponded(tx: Tx, table: InvitationTable, invitationId: string, status: 'accepted' | 'declined', at: Date) {
  await tx.update(table).set({ status, respondedAt: at }).where(eq(table.id, invitationId));
}

async function mapCapacity<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    // The capacity constraint is the last line; the locked eligibility check normally answers first.
    if (pgErrorOf(error)?.constraint === 'caucuses_capacity') throw conflict('full', INVITATION_MESSAGES.full);
    throw error;
  }
}

/** The caucus a voting-member invitation is for (to count password guesses by caucus), or null. */
export async function caucusOfVoterInvitation({ db }: InvitationDeps, invitationId: string): Promise<string | null> {
  const [row] = await db.select({ caucusId: votingMemberInvitations.caucusId }).from(votingMemberInvitations).where(eq(votingMemberInvitations.id, invitationId));
  return row?.caucusId ?? null;
}

/**
 * The invitee answers a voting-member invitation. Accepting joins the caucus under the
 * eligibility rule in the same transaction that marks the invitation accepted: a refusal
 * leaves it pending, and so does a join that needs the user's confirmation first.
 */
export async function respondToVoterInvitation(
  deps: InvitationDeps,
  userId: string,
  invitationId: string,
  input: { response: 'accepted' | 'declined'; password?: string; confirmLeave?: boolean },
): Promise<VoterResponseResult> {
  return mapCapacity(() =>
    withRetry(() =>
      deps.db.transaction(async (tx) => {
        const inv = await lockPendingInvitation(tx, votingMemberInvitations, invitationId, userId);
        if (input.response === 'accepted') {
          const joined = await joinCaucusInTransaction(tx, { clock: deps.clock, passwordKeys: deps.passwordKeys! }, userId, inv.caucusId, { password: input.password, confirmLeave: input.confirmLeave });
          // Nothing was written: the invitation stays pending until the user confirms.
          if (joined.status === 'requires_confirmation') return joined;
        }
        await markResponded(tx, votingMemberInvitations, inv.id, input.response, deps.clock.now());
        return { status: input.response, invitationId: inv.id, caucusId: inv.caucusId };
      }),
    ),
  );
}

/**
 * The invitee answers an organizer invitation. Accepting makes them an organizer of the
 * caucus (not a voter: organizers do not vote) in the same transaction as the answer.
 */
export async function respondToOrganizerInvitation(
  deps: InvitationDeps,
  userId: string,
  invitationId: string,
  response: 'accepted' | 'declined',
): Promise<OrganizerResponseResult> {
  return withRetry(() =>
    deps.db.transaction(async (tx) => {
      const inv = await lockPendingInvitation(tx, organizerInvitations, invitationId, userId);
      const now = deps.clock.now();
      if (response === 'accepted') {
        // The caucus row lock orders this against joins of the same user.
        const [c] = await tx.select({ electionFinalized: caucuses.electionFinalized }).from(caucuses).where(eq(caucuses.id, inv.caucusId)).for('update');
        if (!c) throw notFound(INVITATION_MESSAGES.caucusNotFound);
        if (c.electionFinalized) throw conflict('finalized', INVITATION_MESSAGES.caucusClosed);
        const here = await membershipOf(tx, inv.caucusId, userId);
        if (here?.isVotingMember) throw conflict('voting_member', INVITATION_MESSAGES.youVoteHere);
        await tx
          .insert(caucusMembers)
          .values({ caucusId: inv.caucusId, userId, isVotingMember: false, isOrganizer: true, joinedAt: now })
          .onConflictDoUpdate({ target: [caucusMembers.caucusId, caucusMembers.userId], set: { isOrganizer: true, isVotingMember: false } });
        await tx.update(caucuses).set({ updatedAt: now }).where(eq(caucuses.id, inv.caucusId));
        // Organizing a caucus is one of Champion's conditions.
        await evaluateBadges(tx, userId, now);
      }
      await markResponded(tx, organizerInvitations, inv.id, response, now);
      return { status: response, invitationId: inv.id, caucusId: inv.caucusId };
    }),
  );
}


export const CAUCUS_INVITATIONS_LIMIT = 200;

/**
 * Every invitation of a caucus, newest first, for its organizers only: who was invited, by
 * whom, when, how often reminded, and how it ended. One query over both invitation tables
 * (their caucus indexes), bounded.
 */
export async function listCaucusInvitations({ db }: InvitationDeps, viewerId: string, caucusId: string): Promise<CaucusInvitationView[]> {
  await caucusOrganizedBy(db, caucusId, viewerId);
  const rows = await db.execute<{
    id: string;
    role: 'voting_member' | 'organizer';
    invitee_id: string;
    invitee_name: string;
    invitee_deleted: boolean;
    inviter_name: string;
    status: InvitationStatus;
    created_at: Date | string;
    responded_at: Date | string | null;
    reminder_count: number;
    last_reminded_at: Date | string | null;
  }>(sql`
    select * from (
      select i.id, 'voting_member' as role, i.invitee_id, invitee.name as invitee_name, invitee.deleted_at is not null as invitee_deleted,
             inviter.name as inviter_name, i.status, i.created_at, i.responded_at, i.reminder_count, i.last_reminded_at
      from voting_member_invitations i join users invitee on invitee.id = i.invitee_id join users inviter on inviter.id = i.inviter_id
      where i.caucus_id = ${caucusId}
      union all
      select i.id, 'organizer' as role, i.invitee_id, invitee.name, invitee.deleted_at is not null,
             inviter.name, i.status, i.created_at, i.responded_at, i.reminder_count, i.last_reminded_at
      from organizer_invitations i join users invitee on invitee.id = i.invitee_id join users inviter on inviter.id = i.inviter_id
      where i.caucus_id = ${caucusId}
    ) all_invitations
    order by created_at desc, id
    limit ${CAUCUS_INVITATIONS_LIMIT}`);
  const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());
  return rows.rows.map((r) => ({
    id: r.id,
    role: r.role,
    invitee: { id: r.invitee_id, name: r.invitee_deleted ? FORMER_MEMBER : r.invitee_name },
    inviterName: r.inviter_name,
    status: r.status,
    neverCame: r.status === 'pending' && r.reminder_count >= INVITATION_REMINDER_DAYS.length,
    invitedAt: new Date(r.created_at).toISOString(),
    respondedAt: iso(r.responded_at),
    reminderCount: r.reminder_count,
    lastRemindedAt: iso(r.last_reminded_at),
  }));
}

const EMAIL = z.email();

/**
 * An invitation by email (issue 13), answered the same for every address (issue 29): whether
 * it belongs to an account must not show in the status, the body or, as far as we can help it,
 * the time taken. So every address goes through the same steps in one transaction: a lock on
 * (caucus, role, address); a second invitation of the same to the same address is a 409 whoever
 * holds it; one statement reads the address's account (deleted ones too) with the facts the
 * invitation depends on; the email_invitations row is written. Then, out of sight of the answer:
 * an address without an account gets the mail with a sign-up link (it becomes an invitation once
 * confirmed: convertEmailInvitations); a live account that may take it gets the invitation and
 * its notification at once (its row is converted there and then); a deleted account, one already
 * in the caucus, one outside the district or across a block with the inviter gets nothing.
 */
async function inviteByEmail(deps: InvitationDeps, c: CaucusForInviting, inviterId: string, rawEmail: string, role: 'voting_member' | 'organizer'): Promise<EmailInvitationResult> {
  const email = rawEmail.trim().toLowerCase();
  if (!EMAIL.safeParse(email).success) throw badRequest('invalid_email', INVITATION_MESSAGES.invalidEmail);
  if (role === 'voting_member' && c.votingMemberCount >= c.requiredVotingMembers) throw conflict('full', JOIN_MESSAGES.full(c.votingMemberCount, c.requiredVotingMembers));
  const alreadySent = () => new AppError(409, 'already_invited', INVITATION_MESSAGES.alreadyEmailed(email), { title: INVITATION_MESSAGES.alreadyInvitedTitle });
  await withRetry(() =>
    deps.db.transaction(async (tx) => {
      const now = deps.clock.now();
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`email-invitation:${c.id}:${role}:${email}`}, 0))`);
      const facts = await tx.execute<{
        sent: boolean;
        inviter_name: string | null;
        inviter_language: string | null;
        user_id: string | null;
        deleted: boolean | null;
        state: string | null;
        district: number | null;
        member: boolean | null;
        organizer: boolean | null;
        blockers: string[] | null;
      }>(sql`
        select exists (select 1 from ${emailInvitations} e where e.caucus_id = ${c.id} and e.role = ${role} and e.email = ${email}) as sent,
               i.name as inviter_name, i.language as inviter_language,
               u.id as user_id, u.deleted_at is not null as deleted, u.state, u.district,
               m.user_id is not null as member, coalesce(m.is_organizer, false) as organizer,
               case when u.id is null then null else ${blockersBetween(inviterId, sql`u.id`)} end as blockers
        from ${users} i
        left join ${users} u on lower(u.email) = ${email}
        left join ${caucusMembers} m on m.caucus_id = ${c.id} and m.user_id = u.id
        where i.id = ${inviterId}`);
      const f = facts.rows[0];
      if (!f || f.sent) throw alreadySent();
      if (f.user_id === inviterId) throw conflict('already_organizer', 'You are already an organizer of this caucus.');
      const account = f.user_id && !f.deleted ? f.user_id : null;
      const [row] = await tx
        .insert(emailInvitations)
        .values({ caucusId: c.id, inviterId, email, role, createdAt: now, ...(f.user_id ? { convertedAt: now, convertedUserId: account } : {}) })
        .onConflictDoNothing()
        .returning({ id: emailInvitations.id });
      if (!row) throw alreadySent();
      const inviterName = f.inviter_name ?? FORMER_MEMBER;
      if (!f.user_id) {
        const baseUrl = deps.baseUrl ?? '';
        const next = role === 'organizer' ? '/organizer-invitations' : '/my-caucuses';
        const signUpUrl = `${baseUrl}/auth?tab=register&email=${encodeURIComponent(email)}&next=${encodeURIComponent(next)}`;
        // Written in the inviter's language: the invitee has none with us yet.
        await enqueueMail(tx, emailInvitationMail(email, { inviterName, caucusName: c.name, role, signUpUrl }, asLanguage(f.inviter_language)));
        return;
      }
      const mayTake =
        (f.blockers ?? []).length === 0 &&
        !f.member &&
        c.organizerId !== account &&
        (role === 'organizer' || (f.state === c.state && f.district === c.district));
      if (!account || !mayTake) return;
      const kind = role === 'organizer' ? ('organizer_invitation' as const) : ('caucus_invitation' as const);
      const { table } = INVITATION_KINDS[kind];
      // One pending invitation per caucus and invitee: one already pending stays the one.
      const [made] = await tx.insert(table).values({ caucusId: c.id, inviterId, inviteeId: account, createdAt: now }).onConflictDoNothing().returning({ id: table.id });
      if (made) await notify(tx, now, [{ userId: account, kind, data: { caucusId: c.id, caucusName: c.name, inviterId, inviterName } }]);
    }),
  );
  return { status: 'emailed' as const, email, message: INVITATION_MESSAGES.emailed(email) };
}

/** An organizer invites a voter by email: the same answer for every address (inviteByEmail). */
export async function inviteVoterByEmail(deps: InvitationDeps, inviterId: string, caucusId: string, rawEmail: string): Promise<EmailInvitationResult> {
  const c = await caucusOrganizedBy(deps.db, caucusId, inviterId);
  if (c.electionFinalized) throw conflict('finalized', INVITATION_MESSAGES.finalized);
  return inviteByEmail(deps, c, inviterId, rawEmail, 'voting_member');
}

/**
 * Once an address is confirmed, every open invitation sent to it by email becomes a real one
 * (with its notification), in one transaction; called after the email verification.
 */
export async function convertEmailInvitations({ db, clock }: InvitationDeps, userId: string): Promise<number> {
  return db.transaction(async (tx) => {
    const [user] = await tx.select({ email: users.email }).from(users).where(and(eq(users.id, userId), isNull(users.deletedAt)));
    if (!user) return 0;
    const open = await tx
      .select({ id: emailInvitations.id, caucusId: emailInvitations.caucusId, inviterId: emailInvitations.inviterId, role: emailInvitations.role, caucusName: caucuses.name })
      .from(emailInvitations)
      .innerJoin(caucuses, eq(caucuses.id, emailInvitations.caucusId))
      .where(and(eq(emailInvitations.email, user.email.toLowerCase()), isNull(emailInvitations.convertedAt)))
      .for('update', { of: emailInvitations });
    if (open.length === 0) return 0;
    const now = clock.now();
    for (const invitation of open) {
      const table = invitation.role === 'organizer' ? organizerInvitations : votingMemberInvitations;
      const [made] = await tx.insert(table).values({ caucusId: invitation.caucusId, inviterId: invitation.inviterId, inviteeId: userId, createdAt: now }).onConflictDoNothing().returning({ id: table.id });
      if (made) {
        const kind = invitation.role === 'organizer' ? ('organizer_invitation' as const) : ('caucus_invitation' as const);
        await notify(tx, now, [{ userId, kind, data: { caucusId: invitation.caucusId, caucusName: invitation.caucusName, inviterId: invitation.inviterId, inviterName: await nameOf(tx, invitation.inviterId) } }]);
      }
    }
    await tx
      .update(emailInvitations)
      .set({ convertedAt: now, convertedUserId: userId })
      .where(inArray(emailInvitations.id, open.map((o) => o.id)));
    return open.length;
  });
}
