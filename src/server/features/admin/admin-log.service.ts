import type { AdminLogEntryView } from '../../../domain/moderation/moderation-types';
import { and, desc, eq, lt, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { users } from '../../db/schema/auth';
import { adminLog } from '../../db/schema/moderation';

/**
 * The admin log (issue 14): every administrator action, who, when, what and why, append-only
 * (a trigger refuses UPDATE and DELETE). Each action writes its line in its own transaction, so
 * a line exists exactly when the action happened.
 */
export const ADMIN_ACTIONS = {
  moderationDismiss: 'moderation.dismiss',
  moderationHide: 'moderation.hide',
  moderationRestore: 'moderation.restore',
  moderationDelete: 'moderation.delete',
  moderationWarn: 'moderation.warn',
  userSuspend: 'user.suspend',
  userUnsuspend: 'user.unsuspend',
  requiredMembers: 'caucus.required_members',
  level5Caucus: 'caucus.create_level_5',
  globalBroadcast: 'broadcast.everyone',
  debateDelete: 'debate.delete',
  grant: 'admin.grant',
  revoke: 'admin.revoke',
} as const;
export type AdminAction = (typeof ADMIN_ACTIONS)[keyof typeof ADMIN_ACTIONS];

export const ADMIN_ACTION_LABELS: Record<AdminAction, string> = {
  'moderation.dismiss': 'Dismissed reports',
  'moderation.hide': 'Hid content',
  'moderation.restore': 'Restored content',
  'moderation.delete': 'Deleted content',
  'moderation.warn': 'Warned an author',
  'user.suspend': 'Suspended a user',
  'user.unsuspend': 'Lifted a suspension',
  'caucus.required_members': 'Changed required members',
  'caucus.create_level_5': 'Created a level 5 caucus',
  'broadcast.everyone': 'Broadcast to everyone',
  'debate.delete': 'Deleted a debate',
  'admin.grant': 'Granted administrator rights',
  'admin.revoke': 'Revoked administrator rights',
};

export interface AdminLogLine {
  /** The administrator (null: the server itself, e.g. ADMIN_EMAILS or `npm run admin`). */
  actorId: string | null;
  /** Who, when there is no account to name (the setting or the task). */
  actorLabel?: string;
  action: AdminAction;
  targetKind?: string | null;
  targetId?: string | null;
  reason?: string | null;
  details?: Record<string, unknown>;
}

/** Writes one line (in the caller's transaction). */
export async function logAdminAction(tx: DbOrTx, line: AdminLogLine, now: Date): Promise<void> {
  const actorName = line.actorId
    ? sql<string>`coalesce((select ${users.name} from ${users} where ${users.id} = ${line.actorId}), 'Unknown administrator')`
    : (line.actorLabel ?? 'The server');
  await tx.insert(adminLog).values({
    actorId: line.actorId,
    actorName,
    action: line.action,
    targetKind: line.targetKind ?? null,
    targetId: line.targetId ?? null,
    reason: line.reason ?? null,
    details: line.details ?? {},
    createdAt: now,
  });
}


export const ADMIN_LOG_PAGE_SIZE = 50;

/** A page of the log, newest first; the cursor is the last line's "createdAt|id". */
export async function listAdminLog({ db }: { db: Db }, cursor: string | null): Promise<{ items: AdminLogEntryView[]; nextCursor: string | null }> {
  const after = parseCursor(cursor);
  const rows = await db
    .select()
    .from(adminLog)
    .where(after ? or(lt(adminLog.createdAt, after.at), and(eq(adminLog.createdAt, after.at), lt(adminLog.id, after.id))) : undefined)
    .orderBy(desc(adminLog.createdAt), desc(adminLog.id))
    .limit(ADMIN_LOG_PAGE_SIZE + 1);
  const page = rows.slice(0, ADMIN_LOG_PAGE_SIZE);
  const last = page.at(-1);
  return {
    items: page.map((r) => ({
      id: r.id,
      actorId: r.actorId,
      actorName: r.actorName,
      action: r.action,
      actionLabel: ADMIN_ACTION_LABELS[r.action as AdminAction] ?? r.action,
      targetKind: r.targetKind,
      targetId: r.targetId,
      reason: r.reason,
      details: r.details as Record<string, unknown>,
      createdAt: r.createdAt.toISOString(),
    })),
    nextCursor: rows.length > ADMIN_LOG_PAGE_SIZE && last ? `${last.createdAt.toISOString()}|${last.id}` : null,
  };
}

function parseCursor(cursor: string | null): { at: Date; id: number } | null {
  if (!cursor) return null;
  const [at, id] = cursor.split('|');
  const date = new Date(at ?? '');
  const n = Number(id);
  return Number.isNaN(date.getTime()) || !Number.isSafeInteger(n) ? null : { at: date, id: n };
}
