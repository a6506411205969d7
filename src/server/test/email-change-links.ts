import { desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { mailOutbox } from '../db/schema/platform';

/** The token of the newest email-change link of `kind` mailed to `address` (decision 051). */
export async function emailChangeTokenIn(db: Db, address: string, kind: 'confirm' | 'undo'): Promise<string> {
  for (const mail of await db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, address)).orderBy(desc(mailOutbox.createdAt))) {
    const match = mail.textBody.match(new RegExp(`/email-change/${kind}/([A-Za-z0-9_-]{43})`));
    if (match) return match[1]!;
  }
  throw new Error(`no ${kind} link in the mail to ${address}`);
}
