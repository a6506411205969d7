import { assertAdministratorReady } from '../../http/administrator-guard';
import type { LiftSuspensionResult, ModerationDecision, ModerationQueueItem, ReportResult, SuspensionResult, UserStanding } from '../../../domain/moderation/moderation-types';
import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import {
  hidesItem,
  isSuspended,
  MODERATION_MESSAGES,
  REPORT_ITEM_LABELS,
  stateAfterAction,
  suspensionEnd,
  type ModerationActionInput,
  type ModerationState,
  type ReportInput,
  type ReportItemKind,
} from '../../../domain/moderation/moderation-rules';
import type { NotificationData } from '../../../domain/notifications/notifications';
import type { Clock } from '../../clock';
import type { Db, DbOrTx } from '../../db/client';
import { users } from '../../db/schema/auth';
import { caucusMembers, caucuses, chatMessages } from '../../db/schema/caucuses';
import { challengeChatMessages, challengeMembers } from '../../db/schema/challenges';
import { debateDefenses, debateRebuttals, debateResponses, debates } from '../../db/schema/debates';
import { moderationItems, reports } from '../../db/schema/moderation';
import { privateMessages } from '../../db/schema/social';
import { AppError, badRequest, conflict, notFound } from '../../http/app-error';
import { ADMIN_ACTIONS, logAdminAction, type AdminAction } from '../admin/admin-log.service';
import { removeDebate } from '../debates/debates.service';
import { notify } from '../notifications/notifications.service';

/**
 * Reports and moderation (issue 14). A report locks its item's moderation row, so reports
 * count one after another: the one that brings the distinct verified reporters to three hides
 * the item at once, exactly once. Administrators settle items (dismiss, hide, restore, delete,
 * warn, suspend); each action writes its admin-log line and tells the author, in one
 * transaction.
 */
export interface ModerationDeps {
  db: Db;
  clock: Clock;
}

interface ItemFacts {
  authorId: string | null;
}

/**
 * The item as the reporter may see it, with its author; null when it does not exist for them
 * (a private message is reportable by its recipient, a chat line by the chat's members).
 */
async function findReportable(tx: DbOrTx, kind: ReportItemKind, id: string, reporterId: string): Promise<ItemFacts | null> {
  switch (kind) {
    case 'profile': {
      const [r] = await tx.select({ authorId: users.id }).from(users).where(and(eq(users.id, id), sql`${users.deletedAt} is null`));
      return r ?? null;
    }
    case 'private_message': {
      const [r] = await tx
        .select({ authorId: privateMessages.senderId })
        .from(privateMessages)
        .where(and(eq(privateMessages.id, id), eq(privateMessages.recipientId, reporterId)));
      return r ?? null;
    }
    case 'chat_message': {
      const [r] = await tx
        .select({ authorId: chatMessages.userId })
        .from(chatMessages)
        .innerJoin(caucuses, eq(caucuses.id, chatMessages.caucusId))
        .where(
          and(
            eq(chatMessages.id, id),
            sql`(${caucuses.organizerId} = ${reporterId} or exists (select 1 from ${caucusMembers} where ${caucusMembers.caucusId} = ${chatMessages.caucusId} and ${caucusMembers.userId} = ${reporterId}))`,
          ),
        );
      return r ?? null;
    }
    case 'challenge_chat_message': {
      const [r] = await tx
        .select({ authorId: challengeChatMessages.userId })
        .from(challengeChatMessages)
        .innerJoin(challengeMembers, and(eq(challengeMembers.challengeId, challengeChatMessages.challengeId), eq(challengeMembers.userId, reporterId)))
        .where(eq(challengeChatMessages.id, id));
      return r ?? null;
    }
    case 'debate': {
      const [r] = await tx.select({ authorId: debates.creatorId }).from(debates).where(eq(debates.id, id));
      return r ?? null;
    }
    case 'debate_response': {
      const [r] = await tx.select({ authorId: debateResponses.userId }).from(debateResponses).where(eq(debateResponses.id, id));
      return r ?? null;
    }
    case 'debate_rebuttal': {
      const [r] = await tx.select({ authorId: debateRebuttals.userId }).from(debateRebuttals).where(eq(debateRebuttals.id, id));
      return r ?? null;
    }
    case 'debate_defense': {
      const [r] = await tx.select({ authorId: debateDefenses.userId }).from(debateDefenses).where(eq(debateDefenses.id, id));
      return r ?? null;
    }
    case 'caucus': {
      const [r] = await tx.select({ authorId: caucuses.organizerId }).from(caucuses).where(eq(caucuses.id, id));
      return r ?? null;
    }
  }
}

/** Sets or clears the item's "hidden pending review" mark. */
async function setHidden(tx: DbOrTx, kind: ReportItemKind, id: string, at: Date | null): Promise<void> {
  const table = {
    profile: sql`users`,
    private_message: sql`private_messages`,
    chat_message: sql`chat_messages`,
    challenge_chat_message: sql`challenge_chat_messages`,
    debate: sql`debates`,
    debate_response: sql`debate_responses`,
    debate_rebuttal: sql`debate_rebuttals`,
    debate_defense: sql`debate_defenses`,
    caucus: sql`caucuses`,
  }[kind];
  const column = kind === 'profile' ? sql`profile_hidden_at` : sql`hidden_at`;
  await tx.execute(sql`update ${table} set ${column} = ${at} where id = ${id}`);
}

/**
 * Removes the item for good: a message or a debate contribution is deleted; a debate with all
 * it holds; a profile loses its bio, tagline and photo; a caucus its name (it becomes "Caucus
 * <code>") and platform link. An election is never touched.
 */
async function removeItem(tx: DbOrTx, kind: ReportItemKind, id: string): Promise<void> {
  switch (kind) {
    case 'profile':
      await tx.execute(sql`update users set bio = '', tagline = '', photo_url = null, profile_hidden_at = null where id = ${id}`);
      return;
    case 'caucus':
      await tx.execute(sql`update caucuses set name = 'Caucus ' || invitation_code, platform_link = null, hidden_at = null where id = ${id}`);
      return;
    case 'debate':
      await removeDebate(tx, id);
      return;
    case 'private_message':
      await tx.delete(privateMessages).where(eq(privateMessages.id, id));
      return;
    case 'chat_message':
      await tx.delete(chatMessages).where(eq(chatMessages.id, id));
      return;
    case 'challenge_chat_message':
      await tx.delete(challengeChatMessages).where(eq(challengeChatMessages.id, id));
      return;
    case 'debate_response':
      await tx.delete(debateResponses).where(eq(debateResponses.id, id));
      return;
    case 'debate_rebuttal':
      await tx.delete(debateRebuttals).where(eq(debateRebuttals.id, id));
      return;
    case 'debate_defense':
      await tx.delete(debateDefenses).where(eq(debateDefenses.id, id));
      return;
  }
}

/** Files a report: one per person per item; the third counted one hides the item at once. */
export async function fileReport({ db, clock }: ModerationDeps, reporterId: string, input: ReportInput): Promise<ReportResult> {
  const now = clock.now();
  const kind = input.itemKind;
  return db.transaction(async (tx) => {
    const item = await findReportable(tx, kind, input.itemId, reporterId);
    if (!item) throw notFound(MODERATION_MESSAGES.itemNotFound);
    if (item.authorId === reporterId) throw badRequest('report_self', MODERATION_MESSAGES.notYourself);
    const [reporter] = await tx.select({ verified: users.verified }).from(users).where(eq(users.id, reporterId));
    const counted = reporter?.verified === true;

    await tx.insert(moderationItems).values({ itemKind: kind, itemId: input.itemId, authorId: item.authorId, firstReportedAt: now, lastReportedAt: now }).onConflictDoNothing();
    const [locked] = await tx
      .select({ state: moderationItems.state, countedReports: moderationItems.countedReports })
      .from(moderationItems)
      .where(and(eq(moderationItems.itemKind, kind), eq(moderationItems.itemId, input.itemId)))
      .for('update');
    const inserted = await tx
      .insert(reports)
      .values({ reporterId, itemKind: kind, itemId: input.itemId, reason: input.reason, note: input.note?.trim() || null, counted, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: reports.id });
    if (inserted.length === 0) throw conflict('already_reported', MODERATION_MESSAGES.alreadyReported);

    // A reviewed item that is reported again goes back to the queue; its old reports stay settled.
    const state: ModerationState = locked!.state === 'dismissed' || locked!.state === 'restored' ? 'open' : (locked!.state as ModerationState);
    const countedReports = locked!.countedReports + (counted ? 1 : 0);
    const hides = hidesItem(state, countedReports);
    await tx
      .update(moderationItems)
      .set({
        state: hides ? 'hidden' : state,
        openReports: sql`${moderationItems.openReports} + 1`,
        countedReports,
        lastReportedAt: now,
        ...(hides ? { hiddenByReports: true } : {}),
      })
      .where(and(eq(moderationItems.itemKind, kind), eq(moderationItems.itemId, input.itemId)));
    if (hides) {
      await setHidden(tx, kind, input.itemId, now);
      if (item.authorId) await tellAuthor(tx, now, item.authorId, { action: 'hidden', itemLabel: REPORT_ITEM_LABELS[kind], reason: null, until: null });
    }
    return { reported: true as const, hidden: hides };
  });
}

async function tellAuthor(tx: DbOrTx, now: Date, authorId: string, data: NotificationData['moderation_notice']): Promise<void> {
  await notify(tx, now, [{ userId: authorId, kind: 'moderation_notice', data }]);
}

/**
 * The administrator asking, with a second factor (issue 32), or a 403 (checked on the server for
 * every moderation route): the one rule of src/server/http/administrator-guard.ts.
 */
export async function assertAdministrator(db: DbOrTx, userId: string): Promise<void> {
  await assertAdministratorReady(db, userId, MODERATION_MESSAGES.notAdministrator);
}


const QUEUE_LIMIT = 100;

/**
 * Items with reports waiting for review, in the queue's order (compareQueueItems in the domain:
 * hidden first, then verified reporters, then reporters, then the latest report), each with its
 * reports and context. The order is the keys of moderation_items_queue_order_idx, so the first
 * QUEUE_LIMIT come from the index without a sort.
 */
export async function moderationQueue({ db }: Pick<ModerationDeps, 'db'>, adminId: string): Promise<ModerationQueueItem[]> {
  await assertAdministrator(db, adminId);
  const items = await db
    .select({
      itemKind: moderationItems.itemKind,
      itemId: moderationItems.itemId,
      state: moderationItems.state,
      hiddenByReports: moderationItems.hiddenByReports,
      openReports: moderationItems.openReports,
      countedReports: moderationItems.countedReports,
      lastReportedAt: moderationItems.lastReportedAt,
      authorId: moderationItems.authorId,
      authorName: users.name,
      authorSuspendedUntil: users.suspendedUntil,
      reviewedAt: moderationItems.reviewedAt,
    })
    .from(moderationItems)
    .leftJoin(users, eq(users.id, moderationItems.authorId))
    .where(gt(moderationItems.openReports, 0))
    .orderBy(sql`(${moderationItems.state} = 'hidden') desc`, desc(moderationItems.countedReports), desc(moderationItems.openReports), desc(moderationItems.lastReportedAt))
    .limit(QUEUE_LIMIT);
  if (items.length === 0) return [];
  const ids = items.map((i) => i.itemId);
  const reportRows = await db
    .select({
      id: reports.id,
      itemKind: reports.itemKind,
      itemId: reports.itemId,
      reason: reports.reason,
      note: reports.note,
      counted: reports.counted,
      createdAt: reports.createdAt,
      reporterName: users.name,
    })
    .from(reports)
    .innerJoin(users, eq(users.id, reports.reporterId))
    .where(and(inArray(reports.itemId, ids), sql`${reports.reviewedAt} is null`))
    .orderBy(reports.createdAt);
  const contexts = await describeItems(db, items.map((i) => ({ kind: i.itemKind as ReportItemKind, id: i.itemId })));
  return items.map((i) => {
    const kind = i.itemKind as ReportItemKind;
    return {
      itemKind: kind,
      itemId: i.itemId,
      itemLabel: REPORT_ITEM_LABELS[kind],
      state: i.state as ModerationState,
      hiddenByReports: i.hiddenByReports,
      openReports: i.openReports,
      countedReports: i.countedReports,
      lastReportedAt: i.lastReportedAt.toISOString(),
      author: i.authorId ? { id: i.authorId, name: i.authorName ?? 'Former member', suspendedUntil: i.authorSuspendedUntil?.toISOString() ?? null } : null,
      context: contexts.get(`${kind}:${i.itemId}`) ?? { text: '(no longer exists)', where: '', link: null },
      reports: reportRows
        .filter((r) => r.itemKind === kind && r.itemId === i.itemId)
        .map((r) => ({ id: r.id, reporterName: r.reporterName, reason: r.reason, note: r.note, counted: r.counted, createdAt: r.createdAt.toISOString() })),
    };
  });
}

/** Each item's words and place, one query per kind present (never one per item). */
async function describeItems(db: DbOrTx, items: Array<{ kind: ReportItemKind; id: string }>): Promise<Map<string, ModerationQueueItem['context']>> {
  const out = new Map<string, ModerationQueueItem['context']>();
  const byKind = new Map<ReportItemKind, string[]>();
  for (const i of items) byKind.set(i.kind, [...(byKind.get(i.kind) ?? []), i.id]);
  const put = (kind: ReportItemKind, id: string, text: string, where: string, link: string | null) => out.set(`${kind}:${id}`, { text, where, link });
  for (const [kind, ids] of byKind) {
    const list = sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    );
    type Row = { id: string; text: string | null; where_text: string | null; link: string | null };
    const query = {
      profile: sql`select id, concat_ws(' — ', nullif(tagline, ''), nullif(bio, '')) as text, name as where_text, '/profile/' || id as link from users where id in (${list})`,
      private_message: sql`select m.id, m.message as text, 'Private message from ' || u.name as where_text, null as link from private_messages m join users u on u.id = m.sender_id where m.id in (${list})`,
      chat_message: sql`select m.id, m.message as text, 'Chat of ' || c.name as where_text, '/caucus/' || c.id as link from chat_messages m join caucuses c on c.id = m.caucus_id where m.id in (${list})`,
      challenge_chat_message: sql`select m.id, m.message as text, 'Chat of the challenge ' || c.name as where_text, '/challenge/' || c.id as link from challenge_chat_messages m join challenges c on c.id = m.challenge_id where m.id in (${list})`,
      debate: sql`select id, title || E'\n' || prompt as text, 'Debate' as where_text, '/debate/' || id as link from debates where id in (${list})`,
      debate_response: sql`select r.id, coalesce(r.text_content, '(audio recording)') as text, 'Response in ' || d.title as where_text, '/debate/' || d.id as link from debate_responses r join debates d on d.id = r.debate_id where r.id in (${list})`,
      debate_rebuttal: sql`select b.id, coalesce(b.text_content, '(audio recording)') as text, 'Rebuttal in ' || d.title as where_text, '/debate/' || d.id as link from debate_rebuttals b join debate_responses r on r.id = b.response_id join debates d on d.id = r.debate_id where b.id in (${list})`,
      debate_defense: sql`select f.id, coalesce(f.text_content, '(audio recording)') as text, 'Defense in ' || d.title as where_text, '/debate/' || d.id as link from debate_defenses f join debate_rebuttals b on b.id = f.rebuttal_id join debate_responses r on r.id = b.response_id join debates d on d.id = r.debate_id where f.id in (${list})`,
      caucus: sql`select id, concat_ws(' — ', name, platform_link) as text, 'Caucus, level ' || level || ', ' || state || '-' || district as where_text, '/caucus/' || id as link from caucuses where id in (${list})`,
    }[kind];
    const rows = (await db.execute<Row>(query)).rows;
    for (const r of rows) put(kind, r.id, r.text ?? '', r.where_text ?? '', r.link);
  }
  return out;
}

const ACTION_LOG: Record<ModerationActionInput['action'], AdminAction> = {
  dismiss: ADMIN_ACTIONS.moderationDismiss,
  hide: ADMIN_ACTIONS.moderationHide,
  restore: ADMIN_ACTIONS.moderationRestore,
  delete: ADMIN_ACTIONS.moderationDelete,
  warn: ADMIN_ACTIONS.moderationWarn,
  suspend: ADMIN_ACTIONS.userSuspend,
};

/**
 * An administrator's decision about a reported item. Dismiss, hide, restore and delete change
 * the item; warn and suspend are about its author (the item stays as it is until another
 * action). Every one settles the item's open reports, writes the admin log and tells the
 * author, in one transaction.
 */
export async function moderateItem(
  { db, clock }: ModerationDeps,
  adminId: string,
  kind: ReportItemKind,
  itemId: string,
  input: ModerationActionInput,
): Promise<ModerationDecision> {
  const now = clock.now();
  return db.transaction(async (tx) => {
    await assertAdministrator(tx, adminId);
    const [item] = await tx
      .select({ state: moderationItems.state, authorId: moderationItems.authorId })
      .from(moderationItems)
      .where(and(eq(moderationItems.itemKind, kind), eq(moderationItems.itemId, itemId)))
      .for('update');
    if (!item) throw notFound(MODERATION_MESSAGES.itemNotFound);
    if (item.state === 'deleted') throw conflict('already_deleted', 'This item was already deleted.');
    if (input.action === 'suspend' && !input.days) throw badRequest('suspension_days', MODERATION_MESSAGES.suspensionDays);
    const next = stateAfterAction(input.action, item.state as ModerationState);
    const label = REPORT_ITEM_LABELS[kind];

    if (input.action === 'hide') await setHidden(tx, kind, itemId, now);
    if (input.action === 'restore' || (input.action === 'dismiss' && item.state === 'hidden')) await setHidden(tx, kind, itemId, null);
    if (input.action === 'delete') await removeItem(tx, kind, itemId);
    let until: Date | null = null;
    if (input.action === 'suspend' && item.authorId) until = await suspend(tx, adminId, item.authorId, input.days!, input.reason, now);

    await tx
      .update(moderationItems)
      .set({ state: next, openReports: 0, countedReports: 0, hiddenByReports: next === 'hidden' ? sql`${moderationItems.hiddenByReports}` : false, reviewedAt: now, reviewedBy: adminId })
      .where(and(eq(moderationItems.itemKind, kind), eq(moderationItems.itemId, itemId)));
    await tx
      .update(reports)
      .set({ reviewedAt: now })
      .where(and(eq(reports.itemKind, kind), eq(reports.itemId, itemId), sql`${reports.reviewedAt} is null`));
    await logAdminAction(
      tx,
      { actorId: adminId, action: ACTION_LOG[input.action], targetKind: kind, targetId: itemId, reason: input.reason, details: { authorId: item.authorId, ...(until ? { until: until.toISOString() } : {}) } },
      now,
    );
    if (item.authorId && input.action !== 'suspend') {
      const action = ({ dismiss: item.state === 'hidden' ? 'restored' : null, hide: 'hidden', restore: 'restored', delete: 'deleted', warn: 'warned' } as const)[input.action];
      if (action) await tellAuthor(tx, now, item.authorId, { action, itemLabel: label, reason: action === 'restored' ? null : input.reason, until: null });
    }
    return { state: next };
  });
}

/** Suspends the user for `days` (an administrator cannot be); writes nothing to the log itself. */
async function suspend(tx: DbOrTx, adminId: string, userId: string, days: number, reason: string, now: Date): Promise<Date> {
  const [target] = await tx.select({ isAdministrator: users.isAdministrator }).from(users).where(eq(users.id, userId)).for('update');
  if (!target) throw notFound(MODERATION_MESSAGES.userNotFound);
  if (target.isAdministrator) throw new AppError(409, 'cannot_suspend_admin', MODERATION_MESSAGES.cannotSuspendAdmin);
  const until = suspensionEnd(now, days);
  await tx.update(users).set({ suspendedUntil: until, suspensionReason: reason, updatedAt: now }).where(eq(users.id, userId));
  await tellAuthor(tx, now, userId, { action: 'suspended', itemLabel: null, reason, until: until.toISOString() });
  return until;
}

/** A person's standing as an administrator's profile view needs it (suspended, and can they be). */
export async function userStanding({ db, clock }: ModerationDeps, adminId: string, userId: string): Promise<UserStanding> {
  await assertAdministrator(db, adminId);
  const [u] = await db
    .select({ id: users.id, isAdministrator: users.isAdministrator, suspendedUntil: users.suspendedUntil, suspensionReason: users.suspensionReason })
    .from(users)
    .where(and(eq(users.id, userId), sql`${users.deletedAt} is null`));
  if (!u) throw notFound(MODERATION_MESSAGES.userNotFound);
  const suspended = isSuspended(u.suspendedUntil, clock.now());
  return { id: u.id, isAdministrator: u.isAdministrator, suspendedUntil: suspended ? u.suspendedUntil!.toISOString() : null, suspensionReason: suspended ? u.suspensionReason : null };
}

/** Suspends a user directly (from the queue's author line or a profile). */
export async function suspendUser({ db, clock }: ModerationDeps, adminId: string, userId: string, input: { days: number; reason: string }): Promise<SuspensionResult> {
  const now = clock.now();
  return db.transaction(async (tx) => {
    await assertAdministrator(tx, adminId);
    const until = await suspend(tx, adminId, userId, input.days, input.reason, now);
    await logAdminAction(tx, { actorId: adminId, action: ADMIN_ACTIONS.userSuspend, targetKind: 'user', targetId: userId, reason: input.reason, details: { until: until.toISOString() } }, now);
    return { until: until.toISOString() };
  });
}

/** Lifts a suspension before its end. */
export async function liftSuspension({ db, clock }: ModerationDeps, adminId: string, userId: string, reason: string): Promise<LiftSuspensionResult> {
  const now = clock.now();
  return db.transaction(async (tx) => {
    await assertAdministrator(tx, adminId);
    const updated = await tx
      .update(users)
      .set({ suspendedUntil: null, suspensionReason: null, updatedAt: now })
      .where(and(eq(users.id, userId), gt(users.suspendedUntil, now)))
      .returning({ id: users.id });
    if (updated.length === 0) throw notFound('This person is not suspended.');
    await logAdminAction(tx, { actorId: adminId, action: ADMIN_ACTIONS.userUnsuspend, targetKind: 'user', targetId: userId, reason }, now);
    return { lifted: true as const };
  });
}
