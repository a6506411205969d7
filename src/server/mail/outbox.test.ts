import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { mailOutbox } from '../db/schema/platform';
import { fixedClock } from '../clock';
import { createTestDatabase } from '../test/test-database';
import { deliverDueMail, enqueueMail, type MailTransport } from './outbox';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
beforeEach(async () => {
  await database.db.delete(mailOutbox);
});

const mail = (to: string) => ({ to, subject: 'Hello', text: 'Hi', html: '<p>Hi</p>' });

/** The SMTP server is the boundary we stand in for: this records what would be sent. */
function recordingTransport(failFor: string[] = []) {
  const sent: string[] = [];
  const transport: MailTransport = {
    async send(m) {
      if (failFor.includes(m.to)) throw new Error('421 try again later');
      sent.push(m.to);
    },
  };
  return { sent, transport };
}

describe('the outbox', () => {
  it('writes mail only when the surrounding transaction commits', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await enqueueMail(tx, mail('rolled-back@example.test'));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await database.db.transaction((tx) => enqueueMail(tx, mail('kept@example.test')));
    const rows = await database.db.select().from(mailOutbox);
    expect(rows.map((r) => r.toAddress)).toEqual(['kept@example.test']);
  });

  it('delivers due mail once and marks it sent', async () => {
    const clock = fixedClock(new Date(Date.now() + 1000));
    await enqueueMail(database.db, mail('a@example.test'));
    await enqueueMail(database.db, mail('b@example.test'));
    const { sent, transport } = recordingTransport();
    expect(await deliverDueMail({ db: database.db, transport, from: 'app@example.test', clock })).toBe(2);
    expect(await deliverDueMail({ db: database.db, transport, from: 'app@example.test', clock })).toBe(0);
    expect(sent.sort()).toEqual(['a@example.test', 'b@example.test']);
  });

  it('retries a failed delivery later, with backoff', async () => {
    const clock = fixedClock(new Date(Date.now() + 1000));
    await enqueueMail(database.db, mail('flaky@example.test'));
    const failing = recordingTransport(['flaky@example.test']);
    await deliverDueMail({ db: database.db, transport: failing.transport, from: 'x@example.test', clock });
    const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'flaky@example.test'));
    expect(row).toMatchObject({ attempts: 1, sentAt: null, lastError: '421 try again later' });
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(clock.now().getTime());

    const working = recordingTransport();
    expect(await deliverDueMail({ db: database.db, transport: working.transport, from: 'x@example.test', clock })).toBe(0);
    clock.set(new Date(row!.nextAttemptAt.getTime() + 1));
    await deliverDueMail({ db: database.db, transport: working.transport, from: 'x@example.test', clock });
    expect(working.sent).toEqual(['flaky@example.test']);
  });

  it('never sends a message twice when several processes deliver at once', async () => {
    const clock = fixedClock(new Date(Date.now() + 1000));
    for (let i = 0; i < 30; i++) await enqueueMail(database.db, mail(`bulk${i}@example.test`));
    const { sent, transport } = recordingTransport();
    await Promise.all(Array.from({ length: 5 }, () => deliverDueMail({ db: database.db, transport, from: 'x@example.test', clock }, 10)));
    await deliverDueMail({ db: database.db, transport, from: 'x@example.test', clock }, 50);
    expect(sent).toHaveLength(30);
    expect(new Set(sent).size).toBe(30);
  });
});
