import { HIDDEN_PLACEHOLDER } from '../../../domain/moderation/moderation-rules';
import { assertNotBlocked, blockersBetween, refuseIfBlocked } from '../blocks/blocks.service';
import { ADMIN_ACTIONS, logAdminAction } from '../admin/admin-log.service';
import { and, isNull, desc, eq, getTableColumns, gt, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  activeDebateLimit,
  audioKey,
  daysLeft,
  DEBATE_LIMITS,
  DEBATE_RESPONSES_PAGE_SIZE,
  DEBATE_MESSAGES,
  expiresAtFor,
  invitationRoom,
  isDebateClosed,
  nextVote,
  submissionRefusal,
  textRefusal,
  type ContributionKind,
  type DebateType,
  type VoteInput,
  type VoteType,
} from '../../../domain/debates/debate-rules';
import type {
  ContributionSubmitted,
  ContributionView,
  DebateDetail,
  DebateSummary,
  DefenseView,
  InvitationsSent,
  RebuttalView,
  ResponseView,
  VoteResult,
} from '../../../domain/debates/debate-types';
import type { Clock } from '../../clock';
import type { Db, DbOrTx } from '../../db/client';
import { pgErrorOf } from '../../db/client';
import { executePrepared, runPrepared } from '../../db/prepared-statements';
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
import { withRetry } from '../../db/transaction-retry';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../http/app-error';
import { awardDebateContributionBadges } from '../badges/badge-engine.service';
import { notify } from '../notifications/notifications.service';
import { friendsAmong } from '../friends/friends.service';
import { insertPrivateMessage } from '../messages/messages.service';

export interface DebateDeps {
  db: Db;
  clock: Clock;
}

/** A recording already checked by its bytes (storage/debate-audio-processing.ts). */
export interface Recording {
  bytes: Buffer;
  contentType: 'audio/webm';
  sizeBytes: number;
  durationMs: number;
}

export type ContributionContent = { contentType: 'text'; text: string } | { contentType: 'audio'; recording: Recording };

export const AUDIO_URL_PREFIX = '/api/debate-audio/';

const debateClosed = () => new AppError(409, 'debate_closed', DEBATE_MESSAGES.closedMessage, { title: DEBATE_MESSAGES.closedTitle });
const debateNotFound = () => notFound(DEBATE_MESSAGES.notFound);
const contentNotFound = () => notFound(DEBATE_MESSAGES.contentNotFound);

const summaryColumns = {
  id: debates.id,
  title: debates.title,
  prompt: debates.prompt,
  debateType: debates.debateType,
  durationDays: debates.durationDays,
  createdAt: debates.createdAt,
  expiresAt: debates.expiresAt,
  participantCount: debates.participantCount,
  maxParticipants: debates.maxParticipants,
  isActive: debates.isActive,
  creatorId: debates.creatorId,
  creatorName: users.name,
  hiddenAt: debates.hiddenAt,
  responseCount: sql<number>`(select count(*)::int from ${debateResponses} where ${debateResponses.debateId} = ${debates.id})`,
};
interface SummaryRow {
  id: string;
  title: string;
  prompt: string;
  debateType: string;
  durationDays: number;
  createdAt: Date;
  expiresAt: Date;
  participantCount: number;
  maxParticipants: number;
  isActive: boolean;
  creatorId: string;
  creatorName: string;
  hiddenAt: Date | null;
  responseCount: number;
}

function toSummary(r: SummaryRow, now: Date, viewerId: string | null = null): DebateSummary {
  const masked = r.hiddenAt !== null && viewerId !== r.creatorId;
  return {
    id: r.id,
    title: masked ? HIDDEN_PLACEHOLDER : r.title,
    prompt: masked ? '' : r.prompt,
    hidden: r.hiddenAt !== null,
    debateType: r.debateType as DebateType,
    durationDays: r.durationDays,
    createdAt: r.createdAt.toISOString(),
    expiresAt: r.expiresAt.toISOString(),
    participantCount: r.participantCount,
    maxParticipants: r.maxParticipants,
    creator: { id: r.creatorId, name: r.creatorName },
    daysLeft: daysLeft(r.expiresAt, now),
    closed: isDebateClosed(r, now),
    responseCount: Number(r.responseCount),
  };
}

/** Open debates (active, not expired), newest first: one indexed read. */
export async function listActiveDebates({ db, clock }: DebateDeps, limit = 50): Promise<DebateSummary[]> {
  const now = clock.now();
  const rows = await db
    .select(summaryColumns)
    .from(debates)
    .innerJoin(users, eq(users.id, debates.creatorId))
    // A debate hidden pending review leaves the list (its page shows the placeholder).
    .where(and(eq(debates.isActive, true), gt(debates.expiresAt, now), isNull(debates.hiddenAt)))
    .orderBy(desc(debates.createdAt), desc(debates.id))
    .limit(limit);
  return rows.map((r) => toSummary(r, now));
}

/** The private message that carries a debate invitation: it links to the debate. */
export function debateInvitationMessage(debate: { id: string; title: string }): string {
  return `I invited you to the debate "${debate.title}". Join it at /debate/${debate.id}`;
}

/** Writes the invitations and, in the same transaction, the private message that tells each invitee. */
async function writeInvitations(tx: DbOrTx, debate: { id: string; title: string }, inviterId: string, inviteeIds: readonly string[], at: Date) {
  if (inviteeIds.length === 0) return;
  await assertNotBlocked(tx, inviterId, inviteeIds);
  await tx.insert(debateInvitations).values(inviteeIds.map((inviteeId) => ({ debateId: debate.id, inviterId, inviteeId, createdAt: at })));
  const message = debateInvitationMessage(debate);
  for (const recipientId of inviteeIds) await insertPrivateMessage(tx, { senderId: inviterId, recipientId, message, at });
}

/**
 * Creates a debate, in one transaction that locks the creator's user row first, so concurrent
 * creations count each other: at most 1 open debate (15 when verified). Invited friends (at
 * most 5, friends only) get an invitation row and a private message, in the same transaction.
 */
export async function createDebate(
  deps: DebateDeps,
  creatorId: string,
  input: { title: string; prompt: string; debateType: DebateType; durationDays: number; invitedFriendIds: string[] },
): Promise<{ id: string }> {
  const now = deps.clock.now();
  if (input.invitedFriendIds.length > DEBATE_LIMITS.maxInvitedFriends) throw badRequest('invite_limit', DEBATE_MESSAGES.inviteLimit);
  if (input.invitedFriendIds.includes(creatorId)) throw badRequest('invite_not_friend', DEBATE_MESSAGES.inviteNotFriends);
  const created = await withRetry(() =>
    deps.db.transaction(async (tx) => {
      const [creator] = await tx.select({ verified: users.verified }).from(users).where(eq(users.id, creatorId)).for('update');
      if (!creator) throw notFound('Profile not found');
      const limit = activeDebateLimit(creator.verified);
      const active = await tx.$count(debates, and(eq(debates.creatorId, creatorId), eq(debates.isActive, true), gt(debates.expiresAt, now)));
      if (active >= limit) throw conflict('active_debate_limit', DEBATE_MESSAGES.activeLimit(limit));
      const friends = await friendsAmong(tx, creatorId, input.invitedFriendIds);
      if (friends.size !== input.invitedFriendIds.length) throw badRequest('invite_not_friend', DEBATE_MESSAGES.inviteNotFriends);
      const [row] = await tx
        .insert(debates)
        .values({
          creatorId,
          title: input.title,
          prompt: input.prompt,
          debateType: input.debateType,
          durationDays: input.durationDays,
          expiresAt: expiresAtFor(now, input.durationDays),
          maxParticipants: DEBATE_LIMITS.maxParticipants,
          createdAt: now,
        })
        .returning({ id: debates.id });
      await writeInvitations(tx, { id: row!.id, title: input.title }, creatorId, input.invitedFriendIds, now);
      return row!;
    }),
  );
  return { id: created.id };
}

interface ContentRow {
  id: string;
  userId: string;
  authorName: string;
  contentType: string;
  textContent: string | null;
  audioUrl: string | null;
  upvotes: number;
  downvotes: number;
  createdAt: Date;
  hiddenAt: Date | null;
}

const contentColumnsOf = (t: typeof debateResponses | typeof debateRebuttals | typeof debateDefenses) => ({
  id: t.id,
  userId: t.userId,
  authorName: users.name,
  contentType: t.contentType,
  textContent: t.textContent,
  audioUrl: t.audioUrl,
  upvotes: t.upvotes,
  downvotes: t.downvotes,
  createdAt: t.createdAt,
  hiddenAt: t.hiddenAt,
});

function toContribution<K extends ContributionKind>(kind: K, r: ContentRow, votes: Map<string, VoteType>, viewerId: string | null): ContributionView & { kind: K } {
  const masked = r.hiddenAt !== null && viewerId !== r.userId;
  return {
    id: r.id,
    kind,
    hidden: r.hiddenAt !== null,
    author: { id: r.userId, name: r.authorName },
    contentType: r.contentType as DebateType,
    text: masked ? null : r.textContent,
    audioUrl: masked ? null : r.audioUrl,
    upvotes: r.upvotes,
    downvotes: r.downvotes,
    myVote: votes.get(`${kind}:${r.id}`) ?? null,
    createdAt: r.createdAt.toISOString(),
  };
}

/**
 * The debate page: the debate and one page of its responses, newest first
 * (DEBATE_RESPONSES_PAGE_SIZE; older pages after `before`, a response id of this debate), each
 * with all its rebuttals and defenses (oldest first), author names and the viewer's own votes
 * on exactly those contributions. A fixed number of queries whatever the size of the debate
 * (5 for a signed-in viewer, 4 for a visitor), run side by side. The page is a range of
 * debate_responses_debate_idx (debate_id, created_at desc, id desc) after the cursor's own
 * (created_at, id); the other queries read the page's rebuttals, defenses and votes through
 * (response_id, user_id), (rebuttal_id) and debate_votes' primary key.
 * Null for an unknown debate; a cursor that is not a response of this debate is a 400.
 */
export async function getDebateDetail({ db, clock }: DebateDeps, debateId: string, viewerId: string | null, before?: string): Promise<DebateDetail | null> {
  const now = clock.now();
  // Older than the cursor, compared at the database's own microseconds (a JavaScript Date keeps milliseconds).
  const olderThanCursor = (createdAt: SQL, id: SQL) =>
    before ? sql`and (${createdAt}, ${id}) < (select c.created_at, c.id from ${debateResponses} c where c.id = ${before} and c.debate_id = ${debateId})` : sql``;
  /**
   * The ids of this page's responses, the same rows as the responses query (the queries run side
   * by side, not in one snapshot: the extra row keeps the page's last response covered when one
   * response is submitted meanwhile; the extra row's own contributions are left out below).
   */
  const pageIds = sql`(select p.id from ${debateResponses} p where p.debate_id = ${debateId} ${olderThanCursor(sql`p.created_at`, sql`p.id`)}
    order by p.created_at desc, p.id desc limit ${DEBATE_RESPONSES_PAGE_SIZE + 1})`;

  const viewerColumns = viewerId
    ? {
        viewerIsAdministrator: sql<boolean>`coalesce((select ${users.isAdministrator} from ${users} where ${users.id} = ${viewerId}), false)`,
        viewerIsParticipant: sql<boolean>`exists (select 1 from ${debateParticipants} where ${debateParticipants.debateId} = ${debates.id} and ${debateParticipants.userId} = ${viewerId})`,
        viewerHasResponded: sql<boolean>`exists (select 1 from ${debateResponses} where ${debateResponses.debateId} = ${debates.id} and ${debateResponses.userId} = ${viewerId})`,
        invitedIds: sql<string[] | null>`case when ${debates.creatorId} = ${viewerId} then array(select ${debateInvitations.inviteeId}::text from ${debateInvitations} where ${debateInvitations.debateId} = ${debates.id}) end`,
      }
    : { viewerIsAdministrator: sql<boolean>`false`, viewerIsParticipant: sql<boolean>`false`, viewerHasResponded: sql<boolean>`false`, invitedIds: sql<string[] | null>`null` };
  const cursorColumn = {
    cursorIsOurs: before
      ? sql<boolean>`exists (select 1 from ${debateResponses} where ${debateResponses.id} = ${before} and ${debateResponses.debateId} = ${debates.id})`
      : sql<boolean>`true`,
  };

  // Prepared: planning these five statements cost PostgreSQL about as much as running them,
  // 1.6 ms a page (decision 034). Their texts vary only with a viewer and a cursor being given.
  const [debateRows, responseRows, rebuttalRows, defenseRows, voteRows] = await Promise.all([
    runPrepared(
      db
        .select({ ...summaryColumns, ...viewerColumns, ...cursorColumn })
        .from(debates)
        .innerJoin(users, eq(users.id, debates.creatorId))
        .where(eq(debates.id, debateId)),
    ),
    runPrepared(
      db
        .select(contentColumnsOf(debateResponses))
        .from(debateResponses)
        .innerJoin(users, eq(users.id, debateResponses.userId))
        .where(sql`${debateResponses.debateId} = ${debateId} ${olderThanCursor(sql`${debateResponses.createdAt}`, sql`${debateResponses.id}`)}`)
        .orderBy(desc(debateResponses.createdAt), desc(debateResponses.id))
        // One more than a page tells whether an older page exists.
        .limit(DEBATE_RESPONSES_PAGE_SIZE + 1),
    ),
    runPrepared(
      db
        .select({ ...contentColumnsOf(debateRebuttals), parentId: debateRebuttals.responseId })
        .from(debateRebuttals)
        .innerJoin(users, eq(users.id, debateRebuttals.userId))
        .where(sql`${debateRebuttals.responseId} = any(array${pageIds})`)
        .orderBy(debateRebuttals.createdAt, debateRebuttals.id),
    ),
    runPrepared(
      db
        .select({ ...contentColumnsOf(debateDefenses), parentId: debateDefenses.rebuttalId })
        .from(debateDefenses)
        .innerJoin(users, eq(users.id, debateDefenses.userId))
        .where(sql`${debateDefenses.rebuttalId} = any(array(select rb.id from ${debateRebuttals} rb where rb.response_id = any(array${pageIds})))`),
    ),
    viewerId
      ? executePrepared<{ content_id: string; content_type: string; vote_type: string }>(
          db,
          // One probe of debate_votes' primary key per contribution of the page (the LATERAL
          // … LIMIT 1 keeps it so: the planner would rather read all the viewer's votes by user_id).
          sql`with page as ${pageIds},
            page_rebuttals as (select rb.id from ${debateRebuttals} rb where rb.response_id = any(array(select id from page))),
            contributions as (
              select id, 'response'::text as kind from page
              union all select id, 'rebuttal' from page_rebuttals
              union all select d.id, 'defense' from ${debateDefenses} d where d.rebuttal_id = any(array(select id from page_rebuttals)))
          select c.id as content_id, c.kind as content_type, v.vote_type from contributions c
          cross join lateral (
            select vote_type from ${debateVotes} v where v.content_id = c.id and v.content_type = c.kind and v.user_id = ${viewerId} limit 1
          ) v`,
        )
          .then((result) => result.rows.map((r) => ({ contentId: r.content_id, contentType: r.content_type, voteType: r.vote_type })))
      : Promise.resolve([]),
  ]);

  const debate = debateRows[0];
  if (!debate) return null;
  if (!debate.cursorIsOurs) throw badRequest('bad_cursor', DEBATE_MESSAGES.badCursor);
  const pageRows = responseRows.slice(0, DEBATE_RESPONSES_PAGE_SIZE);
  const votes = new Map(voteRows.map((v) => [`${v.contentType}:${v.contentId}`, v.voteType as VoteType]));
  const defenseOf = new Map<string, DefenseView>();
  for (const d of defenseRows) defenseOf.set(d.parentId, toContribution('defense', d, votes, viewerId));
  const rebuttalsOf = new Map<string, RebuttalView[]>();
  for (const r of rebuttalRows) {
    const list = rebuttalsOf.get(r.parentId) ?? [];
    list.push({ ...toContribution('rebuttal', r, votes, viewerId), defense: defenseOf.get(r.id) ?? null });
    rebuttalsOf.set(r.parentId, list);
  }
  const responses: ResponseView[] = pageRows.map((r) => ({ ...toContribution('response', r, votes, viewerId), rebuttals: rebuttalsOf.get(r.id) ?? [] }));
  const isCreator = viewerId === debate.creatorId;
  return {
    ...toSummary(debate, now, viewerId),
    viewer: viewerId
      ? {
          isCreator,
          canDelete: isCreator || !!debate.viewerIsAdministrator,
          isParticipant: !!debate.viewerIsParticipant,
          hasResponded: !!debate.viewerHasResponded,
          invitedIds: debate.invitedIds ?? [],
        }
      : null,
    responses,
    nextCursor: responseRows.length > DEBATE_RESPONSES_PAGE_SIZE ? (pageRows.at(-1)?.id ?? null) : null,
  };
}

/** The ids of a debate's contributions, as a subquery per kind (for deleting their votes). */
/** Deletes a debate and its votes (which name their content without a foreign key), in the caller's transaction. */
export async function removeDebate(tx: DbOrTx, debateId: string): Promise<void> {
  await tx.delete(debateVotes).where(votesOfDebate(debateId));
  await tx.delete(debates).where(eq(debates.id, debateId));
}

function votesOfDebate(debateId: string) {
  return or(
    and(
      eq(debateVotes.contentType, 'response'),
      inArray(debateVotes.contentId, sql`(select id from ${debateResponses} where ${debateResponses.debateId} = ${debateId})`),
    ),
    and(
      eq(debateVotes.contentType, 'rebuttal'),
      inArray(
        debateVotes.contentId,
        sql`(select rb.id from ${debateRebuttals} rb join ${debateResponses} r on r.id = rb.response_id where r.debate_id = ${debateId})`,
      ),
    ),
    and(
      eq(debateVotes.contentType, 'defense'),
      inArray(
        debateVotes.contentId,
        sql`(select d.id from ${debateDefenses} d join ${debateRebuttals} rb on rb.id = d.rebuttal_id join ${debateResponses} r on r.id = rb.response_id where r.debate_id = ${debateId})`,
      ),
    ),
  );
}

/**
 * Deletes a debate with everything in it (responses, rebuttals, defenses, recordings,
 * invitations and participants by cascade; votes, which name their content without a foreign
 * key, explicitly). Only its creator or an administrator.
 */
/** The creator of a debate, or null when there is no such debate. */
export async function debateCreatorId({ db }: Pick<DebateDeps, 'db'>, debateId: string): Promise<string | null> {
  const [row] = await db.select({ creatorId: debates.creatorId }).from(debates).where(eq(debates.id, debateId));
  return row?.creatorId ?? null;
}

export async function deleteDebate({ db, clock }: DebateDeps, debateId: string, userId: string, reason?: string): Promise<{ deleted: true }> {
  return withRetry(() =>
    db.transaction(async (tx) => {
      const [debate] = await tx.select({ creatorId: debates.creatorId, title: debates.title }).from(debates).where(eq(debates.id, debateId)).for('update');
      if (!debate) throw debateNotFound();
      if (debate.creatorId !== userId) {
        const [user] = await tx.select({ isAdministrator: users.isAdministrator }).from(users).where(eq(users.id, userId));
        if (!user?.isAdministrator) throw forbidden('not_debate_creator', DEBATE_MESSAGES.deleteForbidden);
        // An administrator deleting someone's debate: the admin log keeps it.
        await logAdminAction(
          tx,
          { actorId: userId, action: ADMIN_ACTIONS.debateDelete, targetKind: 'debate', targetId: debateId, reason: reason ?? null, details: { title: debate.title, creatorId: debate.creatorId } },
          clock.now(),
        );
      }
      await removeDebate(tx, debateId);
      return { deleted: true as const };
    }),
  );
}

/**
 * Invites friends to a debate: its creator only, while it is open and not full; at most 5
 * invitations per debate in all, and no more than the seats left (max_participants minus
 * participant_count). The debate row is locked, so concurrent invitations count each other.
 */
export async function inviteFriends(deps: DebateDeps, debateId: string, inviterId: string, friendIds: string[]): Promise<InvitationsSent> {
  const now = deps.clock.now();
  await withRetry(() =>
    deps.db.transaction(async (tx) => {
      const [debate] = await tx.select().from(debates).where(eq(debates.id, debateId)).for('update');
      if (!debate) throw debateNotFound();
      if (debate.creatorId !== inviterId) throw forbidden('not_debate_creator', DEBATE_MESSAGES.inviteForbidden);
      if (isDebateClosed(debate, now)) throw debateClosed();
      const room = invitationRoom(debate);
      if (room === 0) throw conflict('debate_full', DEBATE_MESSAGES.inviteFull);
      if (friendIds.length > room) throw badRequest('invite_room', `You can invite at most ${room} more friend(s) to this debate.`);
      const existing = await tx.select({ inviteeId: debateInvitations.inviteeId }).from(debateInvitations).where(eq(debateInvitations.debateId, debateId));
      const already = new Set(existing.map((r) => r.inviteeId));
      const fresh = friendIds.filter((id) => !already.has(id));
      if (already.size + fresh.length > DEBATE_LIMITS.maxInvitedFriends) throw badRequest('invite_limit', DEBATE_MESSAGES.inviteLimit);
      const friends = await friendsAmong(tx, inviterId, friendIds);
      if (friends.size !== friendIds.length) throw badRequest('invite_not_friend', DEBATE_MESSAGES.inviteNotFriends);
      await writeInvitations(tx, debate, inviterId, fresh, now);
    }),
  );
  return { invited: friendIds.length };
}

const UNIQUE_REFUSALS: Record<string, () => AppError> = {
  debate_responses_one_per_user: () => conflict('already_responded', DEBATE_MESSAGES.alreadyResponded),
  debate_rebuttals_one_per_user: () => conflict('already_rebutted', DEBATE_MESSAGES.alreadyRebutted),
  debate_defenses_one_per_rebuttal: () => conflict('already_defended', DEBATE_MESSAGES.alreadyDefended),
  debate_audio_key_unique: () => conflict('audio_exists', DEBATE_MESSAGES.alreadyResponded),
};

/**
 * Submits a response, rebuttal or defense (PRODUCT-RULES "Debates and challenges"), in one
 * transaction: the debate row is locked (a response may take a seat: the participant row is
 * upserted and participant_count moves with it); a recording is stored under its key; the
 * author's contribution badges (Chatterbox, Advocate, Cicero) are awarded. Nothing changes
 * when a rule refuses.
 */
export async function submitContribution(
  deps: DebateDeps,
  input: { debateId: string; userId: string; kind: ContributionKind; parentId?: string; content: ContributionContent },
): Promise<ContributionSubmitted> {
  const { debateId, userId, kind, content } = input;
  if (content.contentType === 'text') {
    const refusal = textRefusal(kind, content.text);
    if (refusal) throw badRequest(refusal === DEBATE_MESSAGES.textRequired ? 'text_required' : 'too_many_words', refusal);
  }
  const now = deps.clock.now();
  try {
    return await withRetry(() =>
      deps.db.transaction(async (tx) => {
        // With the blocks between the contributor and the debate's creator (a response answers them).
        const [debate] = await tx
          .select({ ...getTableColumns(debates), creatorBlockers: blockersBetween(userId, debates.creatorId) })
          .from(debates)
          .where(eq(debates.id, debateId))
          .for(kind === 'response' ? 'update' : 'share');
        if (!debate) throw debateNotFound();
        if (isDebateClosed(debate, now)) throw debateClosed();
        if (debate.debateType !== content.contentType) throw badRequest('wrong_content_type', DEBATE_MESSAGES.wrongContentType(debate.debateType as DebateType));
        const [participant] = await tx
          .select({ userId: debateParticipants.userId })
          .from(debateParticipants)
          .where(and(eq(debateParticipants.debateId, debateId), eq(debateParticipants.userId, userId)));

        let parentId: string | null = null;
        /** Who hears of this contribution: the debate's creator, the response's or the rebuttal's author. */
        let answeredId: string | null = kind === 'response' ? debate.creatorId : null;
        if (kind === 'response') {
          const [mine] = await tx
            .select({ id: debateResponses.id })
            .from(debateResponses)
            .where(and(eq(debateResponses.debateId, debateId), eq(debateResponses.userId, userId)));
          const refusal = submissionRefusal({ kind, hasResponded: !!mine, isParticipant: !!participant, debateFull: debate.participantCount >= debate.maxParticipants });
          if (refusal) throw conflict(mine ? 'already_responded' : 'debate_full', refusal);
          refuseIfBlocked(userId, debate.creatorBlockers);
          const seated = await tx.insert(debateParticipants).values({ debateId, userId, joinedAt: now }).onConflictDoNothing().returning({ userId: debateParticipants.userId });
          if (seated.length > 0) await tx.update(debates).set({ participantCount: sql`${debates.participantCount} + 1` }).where(eq(debates.id, debateId));
        } else if (kind === 'rebuttal') {
          const [response] = await tx
            .select({ id: debateResponses.id, authorId: debateResponses.userId, blockers: blockersBetween(userId, debateResponses.userId) })
            .from(debateResponses)
            .where(and(eq(debateResponses.id, input.parentId ?? ''), eq(debateResponses.debateId, debateId)));
          if (!response) throw contentNotFound();
          const [mine] = await tx
            .select({ id: debateRebuttals.id })
            .from(debateRebuttals)
            .where(and(eq(debateRebuttals.responseId, response.id), eq(debateRebuttals.userId, userId)));
          const refusal = submissionRefusal({ kind, isParticipant: !!participant, responseAuthorId: response.authorId, userId, hasRebutted: !!mine });
          if (refusal) throw forbiddenOrConflict(refusal);
          refuseIfBlocked(userId, response.blockers);
          parentId = response.id;
          answeredId = response.authorId;
        } else {
          const [rebuttal] = await tx
            .select({ id: debateRebuttals.id, authorId: debateRebuttals.userId, responseAuthorId: debateResponses.userId, blockers: blockersBetween(userId, debateRebuttals.userId) })
            .from(debateRebuttals)
            .innerJoin(debateResponses, eq(debateResponses.id, debateRebuttals.responseId))
            .where(and(eq(debateRebuttals.id, input.parentId ?? ''), eq(debateResponses.debateId, debateId)));
          if (!rebuttal) throw contentNotFound();
          const [existing] = await tx.select({ id: debateDefenses.id }).from(debateDefenses).where(eq(debateDefenses.rebuttalId, rebuttal.id));
          const refusal = submissionRefusal({ kind, responseAuthorId: rebuttal.responseAuthorId, userId, hasDefense: !!existing });
          if (refusal) throw forbiddenOrConflict(refusal);
          refuseIfBlocked(userId, rebuttal.blockers);
          parentId = rebuttal.id;
          answeredId = rebuttal.authorId;
        }

        let textContent: string | null = null;
        let audioUrl: string | null = null;
        if (content.contentType === 'text') {
          textContent = content.text.trim();
        } else {
          const key = audioKey(userId, debateId, kind, now);
          await tx.insert(debateAudio).values({
            key,
            userId,
            debateId,
            contentType: content.recording.contentType,
            sizeBytes: content.recording.sizeBytes,
            durationMs: content.recording.durationMs,
            bytes: content.recording.bytes,
            createdAt: now,
          });
          audioUrl = `${AUDIO_URL_PREFIX}${key}`;
        }
        const values = { userId, contentType: content.contentType, textContent, audioUrl, createdAt: now };
        let id: string;
        if (kind === 'response') {
          [{ id }] = (await tx.insert(debateResponses).values({ ...values, debateId }).returning({ id: debateResponses.id })) as [{ id: string }];
        } else if (kind === 'rebuttal') {
          [{ id }] = (await tx.insert(debateRebuttals).values({ ...values, responseId: parentId! }).returning({ id: debateRebuttals.id })) as [{ id: string }];
        } else {
          [{ id }] = (await tx.insert(debateDefenses).values({ ...values, rebuttalId: parentId! }).returning({ id: debateDefenses.id })) as [{ id: string }];
        }
        if (answeredId && answeredId !== userId) {
          const [author] = await tx.select({ name: users.name }).from(users).where(eq(users.id, userId));
          const data = { debateId, debateTitle: debate.title, authorId: userId, authorName: author?.name ?? 'Someone', reply: kind };
          await notify(tx, now, [{ userId: answeredId, kind: 'debate_reply', data }]);
        }
        const badgesEarned = await awardDebateContributionBadges(tx, userId, now);
        return { id, kind, badgesEarned };
      }),
    );
  } catch (error) {
    const constraint = pgErrorOf(error)?.constraint;
    const refusal = constraint ? UNIQUE_REFUSALS[constraint] : undefined;
    if (refusal) throw refusal();
    throw error;
  }
}

function forbiddenOrConflict(refusal: string): AppError {
  if (refusal === DEBATE_MESSAGES.alreadyRebutted) return conflict('already_rebutted', refusal);
  if (refusal === DEBATE_MESSAGES.alreadyDefended) return conflict('already_defended', refusal);
  return forbidden('not_allowed', refusal);
}

const contentTables = { response: debateResponses, rebuttal: debateRebuttals, defense: debateDefenses } as const;

/** The debate a contribution belongs to, and its row locked FOR UPDATE (the vote counters change). */
async function lockContribution(tx: DbOrTx, kind: ContributionKind, contentId: string): Promise<string | null> {
  if (kind === 'response') {
    const [row] = await tx.select({ debateId: debateResponses.debateId }).from(debateResponses).where(eq(debateResponses.id, contentId)).for('update');
    return row?.debateId ?? null;
  }
  if (kind === 'rebuttal') {
    const [row] = await tx
      .select({ debateId: debateResponses.debateId })
      .from(debateRebuttals)
      .innerJoin(debateResponses, eq(debateResponses.id, debateRebuttals.responseId))
      .where(eq(debateRebuttals.id, contentId))
      .for('update', { of: debateRebuttals });
    return row?.debateId ?? null;
  }
  const [row] = await tx
    .select({ debateId: debateResponses.debateId })
    .from(debateDefenses)
    .innerJoin(debateRebuttals, eq(debateRebuttals.id, debateDefenses.rebuttalId))
    .innerJoin(debateResponses, eq(debateResponses.id, debateRebuttals.responseId))
    .where(eq(debateDefenses.id, contentId))
    .for('update', { of: debateDefenses });
  return row?.debateId ?? null;
}

/**
 * Votes on a response, rebuttal or defense: the same vote again removes it, the other one
 * replaces it. The contribution's row is locked first, so one user's racing votes apply one
 * after another; its counters are then recounted from debate_votes in the same transaction.
 */
export async function castVote(deps: DebateDeps, debateId: string, userId: string, vote: VoteInput): Promise<VoteResult> {
  const now = deps.clock.now();
  return withRetry(() =>
    deps.db.transaction(async (tx) => {
      const owner = await lockContribution(tx, vote.contentType, vote.contentId);
      if (!owner || owner !== debateId) throw contentNotFound();
      const [debate] = await tx.select({ isActive: debates.isActive, expiresAt: debates.expiresAt }).from(debates).where(eq(debates.id, debateId));
      if (!debate) throw debateNotFound();
      if (isDebateClosed(debate, now)) throw debateClosed();
      const mine = and(eq(debateVotes.contentId, vote.contentId), eq(debateVotes.contentType, vote.contentType), eq(debateVotes.userId, userId));
      const [current] = await tx.select({ voteType: debateVotes.voteType }).from(debateVotes).where(mine);
      const next = nextVote((current?.voteType as VoteType | undefined) ?? null, vote.voteType);
      if (next === null) {
        await tx.delete(debateVotes).where(mine);
      } else {
        await tx
          .insert(debateVotes)
          .values({ contentId: vote.contentId, contentType: vote.contentType, userId, voteType: next, createdAt: now })
          .onConflictDoUpdate({ target: [debateVotes.contentId, debateVotes.contentType, debateVotes.userId], set: { voteType: next, createdAt: now } });
      }
      const [counts] = await tx
        .select({
          upvotes: sql<number>`count(*) filter (where ${debateVotes.voteType} = 'upvote')::int`,
          downvotes: sql<number>`count(*) filter (where ${debateVotes.voteType} = 'downvote')::int`,
        })
        .from(debateVotes)
        .where(and(eq(debateVotes.contentId, vote.contentId), eq(debateVotes.contentType, vote.contentType)));
      const table = contentTables[vote.contentType];
      await tx.update(table).set({ upvotes: counts!.upvotes, downvotes: counts!.downvotes }).where(eq(table.id, vote.contentId));
      return { contentType: vote.contentType, contentId: vote.contentId, myVote: next, upvotes: counts!.upvotes, downvotes: counts!.downvotes };
    }),
  );
}

/** A stored recording by its key, for playback. */
export async function getDebateAudio({ db }: DebateDeps, key: string): Promise<{ bytes: Buffer; contentType: string } | null> {
  const [row] = await db.select({ bytes: debateAudio.bytes, contentType: debateAudio.contentType }).from(debateAudio).where(eq(debateAudio.key, key));
  return row ?? null;
}
