import { sql, type SQL } from 'drizzle-orm';
import type { PgDialect } from 'drizzle-orm/pg-core';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { randomUUID } from 'node:crypto';
import type { Db, DbOrTx } from './client';
import { preparedNameOf } from './prepared-statements';

/**
 * Transactions whose BEGIN and COMMIT ride with the statements next to them (issue 33).
 *
 * A write's cost on this machine is mostly its round trips: each statement sent wakes the
 * PostgreSQL backend and each answer wakes Node, ~0.2 ms of CPU on each side. The app's pools run
 * node-postgres in pipeline mode (client.ts), so statements sent before the previous one's answer
 * leave together and come back together, each still its own statement with its own result or
 * error, executed in order:
 * - `runTransaction` (what `db.transaction` runs, after-commit.ts) sends BEGIN and goes on at once:
 *   the transaction's first statements leave with it. Drizzle's own `transaction` waits for BEGIN's
 *   answer first.
 * - `commitWith(tx, writes)` sends COMMIT right behind a write's last statements, already sent, and
 *   waits for them all: a write that reads what its rule needs, decides in TypeScript (src/domain)
 *   and then writes costs two round trips for its whole transaction. If one of those statements
 *   fails, PostgreSQL has aborted the transaction and answers that COMMIT with a ROLLBACK: nothing
 *   of it is kept, and the statement's error is thrown as it would have been before.
 *
 * Statements sent together are still separate statements: under READ COMMITTED each takes its own
 * snapshot when it starts, so a read sent behind a row lock (`select … for update`) sees what was
 * committed before the lock was granted, exactly as when it was sent after the lock's answer.
 */

interface TransactionState {
  client: pg.PoolClient;
  /** COMMIT (or ROLLBACK) has been sent: no statement may follow it in this transaction. */
  ended: boolean;
  /** The live events to send with COMMIT, asked for when it is sent (only on a pool that `carryNotesWithCommit` named). */
  notesAtCommit?: (() => CommitNote[]) | undefined;
}

/** A live event (LISTEN/NOTIFY): a channel and its payload, checked already (notification-hub.ts). */
export interface CommitNote {
  channel: string;
  payload: string;
}

/** The pools whose connections are sessions of their own (no transaction pooler between): see `carryNotesWithCommit`. */
const carrying = new WeakSet<pg.Pool>();

/**
 * Lets a pool's transactions send their live events in the same flight as their COMMIT, instead
 * of in a round trip of their own after it (issue 33): a write that publishes costs both processes
 * one wake-up less. Right before COMMIT the transaction sets a session setting to a mark of its
 * own (`set_config(…, false)`, undone if the transaction rolls back); the events' statement, sent
 * right behind COMMIT, notifies only if the session still holds that mark, that is only if the
 * transaction committed. A session setting needs the statement after COMMIT to run on the same
 * server session: not through PgBouncer in transaction mode, whose pools keep sending them after
 * commit as before (DATABASE_DIRECT_URL set, or a test's PgBouncer).
 */
export function carryNotesWithCommit(pool: pg.Pool): void {
  carrying.add(pool);
}

const COMMIT_MARK_SETTING = 'caucus.commit_mark';
const MARK_TEXT = `select set_config('${COMMIT_MARK_SETTING}', $1, false)`;
// In a transaction of its own, after the write's: it waits for no WAL flush (the events are not
// data). The rows go as arrays, so one text serves any number of events (prepared once per connection).
const NOTES_TEXT = `select set_config('synchronous_commit', 'off', true), pg_notify(v.channel, v.payload)
  from unnest($1::text[], $2::text[]) as v(channel, payload)`;
const NOTES_IF_COMMITTED_TEXT = `${NOTES_TEXT}
  where current_setting('${COMMIT_MARK_SETTING}', true) = $3`;

/**
 * The statement that sends live events: after a commit (publish.ts's batches), or, with the
 * transaction's `mark`, right behind its COMMIT, notifying only if the session still holds the mark.
 */
export function notesQuery(notes: readonly CommitNote[], mark?: string): pg.QueryConfig {
  const text = mark === undefined ? NOTES_TEXT : NOTES_IF_COMMITTED_TEXT;
  const values: unknown[] = [notes.map((n) => n.channel), notes.map((n) => n.payload)];
  if (mark !== undefined) values.push(mark);
  return { name: preparedNameOf(text), text, values };
}

/** Sends COMMIT, with the transaction's events around it when it has some; resolves with COMMIT's answer once the events' statement has answered too. */
function sendCommit(state: TransactionState): Promise<pg.QueryResult> {
  const { client } = state;
  holdUntilTurnEnds(client);
  const notes = state.notesAtCommit?.() ?? [];
  if (notes.length === 0) return client.query('commit');
  const mark = randomUUID();
  client.query({ name: preparedNameOf(MARK_TEXT), text: MARK_TEXT, values: [mark] }).catch(() => undefined);
  const commit = client.query('commit');
  // A failed send loses live hints, not data: subscribers resync on their next reload.
  const sent = client.query(notesQuery(notes, mark)).catch(() => undefined);
  return Promise.all([commit, sent]).then(([committed]) => committed);
}

const states = new WeakMap<object, TransactionState>();

/**
 * Holds a connection's socket until the end of this turn of the event loop, so that the
 * statements a transaction sends in one turn leave in one write: sent one by one, the first
 * (BEGIN) wakes the backend on the other core before the next is built, and the backend sleeps
 * and wakes again for each. node-postgres corks the socket per statement; this is one more level.
 */
const held = new WeakSet<object>();
function holdUntilTurnEnds(client: pg.PoolClient): void {
  const stream = (client as unknown as { connection?: { stream?: { cork?: () => void; uncork?: () => void } } }).connection?.stream;
  if (!stream?.cork || !stream.uncork || held.has(stream)) return;
  stream.cork();
  held.add(stream);
  setImmediate(() => {
    held.delete(stream);
    stream.uncork!();
  });
}

/** A transaction whose COMMIT PostgreSQL answered with ROLLBACK (one of its statements failed). */
export class TransactionNotCommitted extends Error {
  constructor(command: string) {
    super(`The transaction did not commit (${command}).`);
  }
}

/** Refused: a statement sent after its transaction's COMMIT would run on its own, outside it. */
export class StatementAfterCommit extends Error {
  constructor() {
    super('A statement was sent after its transaction committed (commitWith must come last, after every statement was sent).');
  }
}

/**
 * A transaction built without its schema, given it afterwards: what drizzle's constructor does
 * with a schema, except that `tx.query`'s relational builders (one per table of the schema) are
 * built only when the transaction first asks for them. The app's transactions use the query
 * builder, not `tx.query`; building ~60 of them for each write was about a hundredth of a
 * write's CPU in the app (issue 33). Savepoints take the schema from `tx.schema`, as before.
 */
function withLazyRelationalQueries(tx: NodePgTransaction<never, never>, schema: unknown, withSchema: () => NodePgTransaction<never, never>): NodePgTransaction<never, never> {
  if (!schema) return tx;
  const parts = schema as { schema: unknown; fullSchema: unknown; tableNamesMap: unknown };
  const fields = tx as unknown as { schema: unknown; _: Record<string, unknown> };
  fields.schema = schema;
  fields._ = { ...fields._, schema: parts.schema, fullSchema: parts.fullSchema, tableNamesMap: parts.tableNamesMap };
  let query: unknown;
  Object.defineProperty(tx, 'query', { configurable: true, enumerable: true, get: () => (query ??= (withSchema() as unknown as { query: unknown }).query) });
  return tx;
}

/** Drizzle's `transaction` (same BEGIN … COMMIT or ROLLBACK, same savepoints inside), with BEGIN pipelined. */
export async function runTransaction<T>(
  db: Db,
  run: (tx: DbOrTx) => Promise<T>,
  config?: Parameters<Db['transaction']>[1],
  /** The events to send with COMMIT (see `carryNotesWithCommit`); asked for only on a pool that carries them. */
  notesAtCommit?: () => CommitNote[],
): Promise<T> {
  // The parts drizzle's own `transaction` builds its transaction from (NodePgSession's fields).
  const session = db._.session as unknown as { client: pg.Pool; dialect: PgDialect; schema: never; options: never };
  const pool = session.client;
  const client = await pool.connect();
  const state: TransactionState = { client, ended: false, notesAtCommit: carrying.has(pool) ? notesAtCommit : undefined };
  // The transaction's statements go through a client that refuses them once it has ended.
  const guarded = {
    query: (...args: Parameters<pg.PoolClient['query']>) => {
      if (state.ended) return Promise.reject(new StatementAfterCommit());
      holdUntilTurnEnds(client);
      return (client.query as (...a: unknown[]) => unknown)(...args);
    },
  };
  const txSession = new NodePgSession(guarded as unknown as pg.PoolClient, session.dialect, session.schema, session.options);
  const tx = withLazyRelationalQueries(new NodePgTransaction(session.dialect, txSession, undefined), session.schema, () => new NodePgTransaction(session.dialect, txSession, session.schema));
  states.set(tx, state);
  const begin = config ? session.dialect.sqlToQuery(sql`begin ${(tx as unknown as { getTransactionConfigSQL(c: typeof config): SQL }).getTransactionConfigSQL(config)}`).sql : 'begin';
  // Not awaited before `run`: its first statements leave with it. BEGIN fails only with its
  // connection (then so does every statement behind it); its answer is checked before COMMIT.
  holdUntilTurnEnds(client);
  const begun = client.query(begin);
  begun.catch(() => undefined);
  let broken: Error | undefined;
  try {
    const result = await run(tx as unknown as DbOrTx);
    await begun;
    if (!state.ended) {
      state.ended = true;
      const committed = await sendCommit(state);
      // A statement's error the run caught and let go has aborted the transaction: PostgreSQL
      // answers its COMMIT with ROLLBACK, and nothing of it was kept.
      if (committed.command !== 'COMMIT') throw new TransactionNotCommitted(committed.command);
    }
    return result;
  } catch (error) {
    if (!state.ended) {
      state.ended = true;
      await client.query('rollback').catch((e: unknown) => {
        broken = e instanceof Error ? e : new Error(String(e));
      });
    }
    throw error;
  } finally {
    // A connection whose ROLLBACK failed is not given back to the pool.
    client.release(broken);
  }
}

/**
 * Commits `tx` right behind `writes`, statements it has already sent (call the functions that
 * send them first; a drizzle builder is sent by `.execute()`), in the same round trip; returns
 * their results. Any statement sent after this in the transaction is refused. Outside a
 * transaction of `runTransaction` (a savepoint, a test's own drizzle) it only waits for them, and
 * the transaction commits as usual.
 */
export async function commitWith<W extends readonly unknown[]>(tx: DbOrTx, writes: W): Promise<{ -readonly [K in keyof W]: Awaited<W[K]> }> {
  const state = states.get(tx);
  if (!state || state.ended) return (await Promise.all(writes)) as { -readonly [K in keyof W]: Awaited<W[K]> };
  state.ended = true;
  const commit = sendCommit(state);
  const [settled, committed] = await Promise.all([Promise.allSettled(writes), commit.then((r) => r, (e: unknown) => e)]);
  const failed = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failed) throw failed.reason;
  if (committed instanceof Error) throw committed;
  if ((committed as pg.QueryResult).command !== 'COMMIT') throw new TransactionNotCommitted((committed as pg.QueryResult).command);
  return settled.map((s) => (s as PromiseFulfilledResult<unknown>).value) as { -readonly [K in keyof W]: Awaited<W[K]> };
}
