import type pg from 'pg';
import { afterCommit } from '../db/after-commit';
import type { Db, DbOrTx } from '../db/client';
import { notesQuery, type CommitNote } from '../db/pipelined-transaction';
import { eventPayload, notifyEachQuery } from './notification-hub';

/**
 * Publishes a live event (LISTEN/NOTIFY, decision 007) for a write: sent once the write's
 * transaction has committed, never if it rolls back.
 *
 * On the app's own pool they leave in the same flight as the write's COMMIT, right behind it, in a
 * statement that notifies only if the transaction committed (`carryNotesWithCommit`,
 * pipelined-transaction.ts): no round trip of their own. Through PgBouncer, they leave after
 * commit, batched with other writes' events, as below.
 *
 * Why not NOTIFY inside the transaction: PostgreSQL serializes the commits of every
 * transaction that notified (one lock on the database, held through its commit's WAL flush),
 * which halved the rate of writes that notify (pgbench here: 3,000 → 1,500 commits a second)
 * and put a ceiling on joins and messages (issue 16). After commit, the events of many writes
 * leave in one statement whose commit waits for no flush (the write's transaction call returns
 * once it has run) (the events are not data: losing the
 * last ones in a crash loses nothing a page does not reload). A process that dies between a
 * write's commit and the send loses those events; subscribers catch up on their next reload.
 *
 * Outside a tracked transaction (a test's own drizzle, a plain statement) it NOTIFYs in place.
 */
export async function publish(tx: DbOrTx, channel: string, key: string, data: unknown): Promise<void> {
  await publishEach(tx, channel, [key], data);
}

/** `publish` to each of `keys` (one event per key). */
export async function publishEach(tx: DbOrTx, channel: string, keys: readonly string[], data: unknown): Promise<void> {
  if (keys.length === 0) return;
  // Checked now (channel name, payload size), so a bad event fails the write that makes it.
  const events = keys.map((key) => ({ channel, payload: eventPayload(channel, key, data) }));
  if (afterCommit(tx, (db) => senderFor(db).send(events), events)) return;
  await tx.execute(notifyEachQuery(channel, keys, data));
}


/**
 * Events wait here for the next send; one send in flight per database at a time. Each caller's
 * promise settles when the statement carrying its events has run (never rejects: a failed send
 * loses live hints, not data, and subscribers resync when PostgreSQL is back).
 */
class Sender {
  private queue: Array<{ event: CommitNote; done: () => void }> = [];
  private sending = false;
  private readonly pool: pg.Pool;
  constructor(db: Db) {
    this.pool = (db as unknown as { $client: pg.Pool }).$client;
  }

  send(events: CommitNote[]): Promise<void> {
    return new Promise<void>((resolve) => {
      let left = events.length;
      const done = () => {
        left -= 1;
        if (left === 0) resolve();
      };
      for (const event of events) this.queue.push({ event, done });
      if (!this.sending) this.flush();
    });
  }

  private flush(): void {
    this.sending = true;
    // Whatever else commits during this tick leaves in the same statement.
    setImmediate(() => {
      const batch = this.queue.splice(0, 500);
      this.pool
        .query(notesQuery(batch.map(({ event }) => event)))
        .catch(() => undefined)
        .finally(() => {
          for (const { done } of batch) done();
          this.sending = false;
          if (this.queue.length > 0) this.flush();
        });
    });
  }
}

const senders = new WeakMap<Db, Sender>();

function senderFor(db: Db): Sender {
  let sender = senders.get(db);
  if (!sender) senders.set(db, (sender = new Sender(db)));
  return sender;
}
