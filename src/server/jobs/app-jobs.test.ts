import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { mailOutbox } from '../db/schema/platform';
import { notify } from '../features/notifications/notifications.service';
import { createLogger } from '../logger';
import { createNotificationHub, type NotificationHub } from '../realtime/notification-hub';
import { createUser } from '../test/factories';
import { createTestDatabase } from '../test/test-database';
import { connectionOf, startAppJobQueue } from '../test/test-jobs';
import { JOBS, wakeJobsOnWrites } from './app-jobs';
import type { JobQueue } from './job-queue';

let database: Database;
const closers: Array<() => Promise<void> | void> = [];

beforeAll(async () => {
  database = await createTestDatabase();
  afterAll(async () => {
    for (const close of closers.reverse()) await close();
  });
});

/** One app process's background side: its job queue working the app's jobs, and its LISTEN hub waking them. */
async function startProcess(): Promise<{ queue: JobQueue; hub: NotificationHub }> {
  const logger = createLogger('silent');
  const started = await startAppJobQueue(database);
  const hub = createNotificationHub({ connection: connectionOf(database), logger });
  const stopWakes = await wakeJobsOnWrites(hub, started, logger, { mail: false });
  closers.push(() => started.stop(), () => hub.close(), stopWakes);
  return { queue: started, hub };
}

/** Resolves when `check()` is true (polled on the event loop, bounded). */
async function until(check: () => Promise<boolean>, what: string, timeoutMs = 20_000): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`not in time: ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('the app’s jobs in two processes', () => {
  it('a notification written anywhere wakes delivery at once, and each is mailed once though both processes deliver', async () => {
    await startProcess();
    await startProcess();
    const people = await Promise.all(Array.from({ length: 40 }, () => createUser(database.db)));
    const emails = people.map((p) => p.email);
    // Four transactions, as four requests would write them.
    for (let i = 0; i < 40; i += 10) {
      await database.db.transaction((tx) =>
        notify(
          tx,
          new Date(),
          people.slice(i, i + 10).map((p) => ({ userId: p.id, kind: 'caucus_full' as const, data: { caucusId: '7a1c1c8e-0000-4000-8000-000000000002', caucusName: 'Two Process Ten' } })),
        ),
      );
    }
    const mails = () => database.db.select({ to: mailOutbox.toAddress }).from(mailOutbox).where(inArray(mailOutbox.toAddress, emails));
    await until(async () => (await mails()).length >= 40, '40 mails');
    const sent = await mails();
    expect(sent).toHaveLength(40);
    expect(new Set(sent.map((m) => m.to))).toEqual(new Set(emails));
  });
});

describe('the later delivery (decision 061)', () => {
  it('is one waiting job per slot, however many processes and runs ask for it', async () => {
    const [a, b] = [await startProcess(), await startProcess()];
    const slot = '2031-05-05T10:00:05';
    // Far enough ahead that nothing fetches it during the test.
    await Promise.all([a, b, a, b, a].map(({ queue }) => queue.send(JOBS.deliverNotificationsLater, null, { startAfterSeconds: 3600, singletonKey: slot })));
    await b.queue.send(JOBS.deliverNotificationsLater, null, { startAfterSeconds: 3600, singletonKey: '2031-05-05T10:00:10' });
    const waiting = await database.pool.query<{ key: string; n: string }>(
      `select singleton_key as key, count(*) as n from pgboss.job where name = $1 and state = 'created' group by singleton_key order by 1`,
      [JOBS.deliverNotificationsLater],
    );
    expect(waiting.rows).toEqual([
      { key: slot, n: '1' },
      { key: '2031-05-05T10:00:10', n: '1' },
    ]);
  });
});
