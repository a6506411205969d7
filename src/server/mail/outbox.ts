import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db, DbOrTx } from '../db/client';
import { mailOutbox } from '../db/schema/platform';
import type { Clock } from '../clock';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Writes a message to the outbox; call it inside the transaction of the change that causes it. */
export async function enqueueMail(db: DbOrTx, mail: OutgoingMail): Promise<void> {
  await db.insert(mailOutbox).values({ toAddress: mail.to, subject: mail.subject, textBody: mail.text, htmlBody: mail.html });
}

export interface MailTransport {
  send(mail: OutgoingMail & { from: string }): Promise<void>;
}

export function smtpTransport(smtpUrl: string): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    async send(mail) {
      await transporter.sendMail({ from: mail.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
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
        await transport.send({ from, to: row.toAddress, subject: row.subject, text: row.textBody, html: row.htmlBody });
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

/** Polls the outbox every few seconds until stopped. */
export function startMailSender(deps: Parameters<typeof deliverDueMail>[0] & { onError: (e: unknown) => void }, intervalMs = 3000) {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const tick = async () => {
    try {
      while (!stopped && (await deliverDueMail(deps)) > 0) {
        /* drain */
      }
    } catch (e) {
      deps.onError(e);
    }
    if (!stopped) timer = setTimeout(tick, intervalMs);
  };
  timer = setTimeout(tick, 0);
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
  };
}
