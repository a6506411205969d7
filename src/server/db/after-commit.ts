import type { Db, DbOrTx } from './client';
import { runTransaction } from './pipelined-transaction';

type Callback = (db: Db) => void | Promise<void>;

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
    );
    // Awaited, so that a write's events have left when its transaction returns (a caller's next
    // step, or a test's, never races them). Started together, so the events of one write leave
    // in one statement (publish.ts batches what arrives before its next send): each round trip
    // costs both processes a wake-up (issue 16).
    await Promise.all(entry.callbacks.map((callback) => callback(db)));
    return result;
  }) as Db['transaction'];
  return db;
}

/**
 * Runs `callback` once `tx`'s outermost transaction commits. Returns false (and registers
 * nothing) when `tx` is not a transaction of a database opened with `withAfterCommit`.
 */
export function afterCommit(tx: DbOrTx, callback: Callback): boolean {
  const entry = waiting.get(tx);
  if (!entry) return false;
  entry.callbacks.push(callback);
  return true;
}
