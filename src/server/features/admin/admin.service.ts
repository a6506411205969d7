import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/auth';
import { ADMIN_ACTIONS, logAdminAction } from './admin-log.service';

/**
 * Administrators are made only from the server side: ADMIN_EMAILS at start-up, or the
 * `npm run admin` task. Returns whether a user with that email exists.
 */
export async function setAdministrator({ db }: { db: Db }, email: string, isAdministrator: boolean): Promise<boolean> {
  return db.transaction(async (tx) => {
    const now = new Date();
    const updated = await tx
      .update(users)
      .set({ isAdministrator, updatedAt: now })
      .where(and(eq(sql`lower(${users.email})`, email.trim().toLowerCase()), isNull(users.deletedAt)))
      .returning({ id: users.id, name: users.name });
    for (const u of updated) {
      await logAdminAction(
        tx,
        { actorId: null, actorLabel: 'npm run admin', action: isAdministrator ? ADMIN_ACTIONS.grant : ADMIN_ACTIONS.revoke, targetKind: 'user', targetId: u.id, details: { name: u.name } },
        now,
      );
    }
    return updated.length > 0;
  });
}

/** Grants every listed email (lower-case) administrator rights; unknown emails are skipped. */
export async function grantAdministrators({ db }: { db: Db }, emails: readonly string[]): Promise<number> {
  if (emails.length === 0) return 0;
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(users)
      .set({ isAdministrator: true })
      .where(and(inArray(sql`lower(${users.email})`, [...emails]), eq(users.isAdministrator, false)))
      .returning({ id: users.id, name: users.name });
    for (const u of updated) {
      await logAdminAction(tx, { actorId: null, actorLabel: 'ADMIN_EMAILS setting', action: ADMIN_ACTIONS.grant, targetKind: 'user', targetId: u.id, details: { name: u.name } }, new Date());
    }
    return updated.length;
  });
}

export async function listAdministrators({ db }: { db: Db }): Promise<string[]> {
  const rows = await db.select({ email: users.email }).from(users).where(and(eq(users.isAdministrator, true), isNull(users.deletedAt)));
  return rows.map((r) => r.email).sort();
}
