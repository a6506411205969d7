import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db, DbOrTx } from '../db/client';
import { mailOutbox } from '../db/schema/platform';
import type { Clock } from '../clock';
import { publish } from '../realtime/publish';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string>;
}

/** Writes a message to the outbox; call it inside the transaction of the change that causes it. */
export async function enqueueMail(db: DbOrTx, mail: OutgoingMail): Promise<void> {
  await enqueueMails(db, [mail]);
}

/** The channel that wakes the mail job when mail is written (NOTIFY, sent at commit). */
export const MAIL_CHANNEL = 'mail_outbox';
export const MAIL_WAKE_KEY = 'due';

/** Writes several messages in one statement (a delivery batch), and wakes the mail job at commit. */
export async function enqueueMails(db: DbOrTx, mails: readonly OutgoingMail[]): Promise<void> {
  if (mails.length === 0) return;
  await db
    .insert(mailOutbox)
    .values(mails.map((mail) => ({ toAddress: mail.to, subject: mail.subject, textBody: mail.text, htmlBody: mail.html, headers: mail.headers ?? {} })));
  await publish(db, MAIL_CHANNEL, MAIL_WAKE_KEY, null);
}

export interface MailTransport {
  send(mail: OutgoingMail & { from: string }): Promise<void>;
  /** Closes pooled connections (at shutdown). */
  close?(): void;
}

export function smtpTransport(smtpUrl: string): MailTransport {
  // One pooled connection kept open between messages (a few hundred a minute, not one handshake each).
  const url = new URL(smtpUrl);
  if (!url.searchParams.has('pool')) url.searchParams.set('pool', 'true');
  const transporter = nodemailer.createTransport(url.toString());
  return {
    async send(mail) {
      await transporter.sendMail({ from: mail.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, headers: mail.headers });
    },
    close() {
      transporter.close();
    },
  };
}

const MAX_ATTEMPTS = 8;
const backoffSeconds = (attempt: number) => Math.min(3600, 15 * 2 ** (attempt - 1));

/**
 * Delivers due outbox rows. Rows are claimed with SKIP LOCKED, so several server processes
 * never send one message twice; a failure is retried with exponential backoff.
 */
export async function deliverDueMail(deps: { db: Db; transport: MailTransport; from: string; clock: Clock }, batch = 20): Promise<number> {
  const { db, transport, from, clock } = deps;
  return db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(mailOutbox)
      .where(and(isNull(mailOutbox.sentAt), lte(mailOutbox.nextAttemptAt, clock.now()), sql`${mailOutbox.attempts} < ${MAX_ATTEMPTS}`))
      .orderBy(asc(mailOutbox.nextAttemptAt))
      .limit(batch)
      .for('update', { skipLocked: true });
    for (const row of due) {
      try {
        await transport.send({ from, to: row.toAddress, subject: row.subject, text: row.textBody, html: row.htmlBody, headers: row.headers });
        await tx.update(mailOutbox).set({ sentAt: clock.now(), attempts: row.attempts + 1, lastError: null }).where(eq(mailOutbox.id, row.id));
      } catch (error) {
        const attempts = row.attempts + 1;
        await tx
          .update(mailOutbox)
          .set({
            attempts,
            lastError: error instanceof Error ? error.message.slice(0, 500) : 'send failed',
            nextAttemptAt: new Date(clock.now().getTime() + backoffSeconds(attempts) * 1000),
          })
          .where(eq(mailOutbox.id, row.id));
      }
    }
    return due.length;
  });
}

/** Sends every due message, batch after batch (the mail job); returns how many were tried. */
export async function deliverAllDueMail(deps: Parameters<typeof deliverDueMail>[0]): Promise<number> {
  let total = 0;
  for (;;) {
    const tried = await deliverDueMail(deps);
    total += tried;
    if (tried === 0) return total;
  }
}
