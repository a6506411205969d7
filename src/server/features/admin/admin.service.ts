import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/auth';

/**
 * Administrators are made only from the server side: ADMIN_EMAILS at start-up, or the
 * `npm run admin` task. Returns whether a user with that email exists.
 */
export async function setAdministrator({ db }: { db: Db }, email: string, isAdministrator: boolean): Promise<boolean> {
  const updated = await db
    .update(users)
    .set({ isAdministrator, updatedAt: new Date() })
    .where(and(eq(sql`lower(${users.email})`, email.trim().toLowerCase()), isNull(users.deletedAt)))
    .returning({ id: users.id });
  return updated.length > 0;
}

/** Grants every listed email (lower-case) administrator rights; unknown emails are skipped. */
export async function grantAdministrators({ db }: { db: Db }, emails: readonly string[]): Promise<number> {
  if (emails.length === 0) return 0;
  const updated = await db
    .update(users)
    .set({ isAdministrator: true })
    .where(and(inArray(sql`lower(${users.email})`, [...emails]), eq(users.isAdministrator, false)))
    .returning({ id: users.id });
  return updated.length;
}

export async function listAdministrators({ db }: { db: Db }): Promise<string[]> {
  const rows = await db.select({ email: users.email }).from(users).where(and(eq(users.isAdministrator, true), isNull(users.deletedAt)));
  return rows.map((r) => r.email).sort();
}
