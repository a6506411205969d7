import type { Db, DbOrTx } from './client';
import { runTransaction, type CommitNote } from './pipelined-transaction';

type Callback = ((db: Db) => void | Promise<void>) & {
  /** Live events the callback would send: they may leave with COMMIT instead (then the callback does not run). */
  notes?: readonly CommitNote[];
  /** They left with COMMIT. */
  carried?: boolean;
};

/** The callbacks waiting for a transaction's commit, by transaction (savepoints share their outer list). */
const waiting = new WeakMap<object, { db: Db; callbacks: Callback[] }>();

/**
 * Makes `db.transaction` run what `afterCommit(tx, …)` registered once the transaction has
 * committed (never when it rolled back, nor what a rolled-back savepoint registered). Used to
 * send live notifications after commit instead of inside it (src/server/realtime/publish.ts).
 */
export function withAfterCommit(db: Db): Db {
  const track = (tx: object & { transaction: Db['transaction'] }, entry: { db: Db; callbacks: Callback[] }) => {
    waiting.set(tx, entry);
    const savepoint = tx.transaction.bind(tx);
    tx.transaction = ((run, config) => {
      const mark = entry.callbacks.length;
      return savepoint(async (inner) => {
        track(inner, entry);
        return run(inner);
      }, config).catch((error: unknown) => {
        entry.callbacks.length = mark; // the savepoint rolled back: so did what it registered
        throw error;
      });
    }) as Db['transaction'];
  };
  db.transaction = (async (run, config) => {
    const entry = { db, callbacks: [] as Callback[] };
    // Drizzle's transaction with its BEGIN sent along with the first statements (pipelined-transaction.ts).
    const result = await runTransaction(
      db,
      async (tx) => {
        track(tx as object & { transaction: Db['transaction'] }, entry);
        return run(tx as Parameters<Parameters<Db['transaction']>[0]>[0]);
      },
      config,
      // When COMMIT is sent: the events registered so far leave with it (pipelined-transaction.ts),
      // on a pool that carries them; any registered later leave after commit as below.
      () =>
        entry.callbacks.flatMap((callback) => {
          if (!callback.notes) return [];
          callback.carried = true;
          return callback.notes;
        }),
    );
    // Awaited, so that a write's events have left when its transaction returns (a caller's next
    // step, or a test's, never races them). Started together, so the events of one write leave
    // in one statement (publish.ts batches what arrives before its next send): each round trip
    // costs both processes a wake-up (issue 16).
    await Promise.all(entry.callbacks.filter((callback) => !callback.carried).map((callback) => callback(db)));
    return result;
  }) as Db['transaction'];
  return db;
}

/**
 * Runs `callback` once `tx`'s outermost transaction commits. Returns false (and registers
 * nothing) when `tx` is not a transaction of a database opened with `withAfterCommit`. With
 * `notes`, the live events the callback sends: on a pool that carries them, they leave with COMMIT
 * if they were registered before it was sent, and the callback does not run.
 */
export function afterCommit(tx: DbOrTx, callback: (db: Db) => void | Promise<void>, notes?: readonly CommitNote[]): boolean {
  const entry = waiting.get(tx);
  if (!entry) return false;
  entry.callbacks.push(notes ? Object.assign((db: Db) => callback(db), { notes }) : callback);
  return true;
}
