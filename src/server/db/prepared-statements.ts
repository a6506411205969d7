import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client';

/**
 * Named prepared statements for the statements whose planning cost PostgreSQL more than
 * running them (decision 034, issue 16). An unnamed statement is planned on every call; a
 * named one is parsed and planned once per connection (its generic plan: every pool asks for
 * it, `withGenericPlans` in client.ts), so later calls skip planning. Measured with pg_stat_statements at 1M
 * users: the badge figures 1.9 ms of planning for 0.4 ms of execution (every brownie), a
 * join's facts 0.8 ms for 0.3 ms, the broadcasts list 1.9 ms for 2.4 ms.
 *
 * The name is the hash of the statement's text, so one text is one statement on each
 * connection and two texts can never share a name. A text must not vary with its values
 * (write `= any(${sql.param(ids)}::uuid[])`, not an IN list): each variant would be a statement of its
 * own on every connection. Past PREPARED_TEXTS_MAX distinct texts in a process, a statement
 * runs unnamed, so a text that does vary cannot fill the server's memory.
 */
export const PREPARED_TEXTS_MAX = 200;

const dialect = new PgDialect();
const names = new Map<string, string>();

let enabled = process.env.DATABASE_PREPARED_STATEMENTS !== 'off';

/**
 * DATABASE_PREPARED_STATEMENTS=off (PgBouncer before 1.21 in transaction mode, which hands each
 * transaction a different server connection): every statement runs unnamed, and the pools send no
 * startup option. The process's setting, read at start; tests read the same variable.
 */
export function setPreparedStatements(on: boolean): void {
  enabled = on;
}

export function preparedStatementsOn(): boolean {
  return enabled;
}

/** The statement's name for its text (undefined once the process has named PREPARED_TEXTS_MAX texts, or when they are off). */
export function preparedNameOf(text: string): string | undefined {
  if (!enabled) return undefined;
  let name = names.get(text);
  if (name === undefined && names.size < PREPARED_TEXTS_MAX) {
    name = `p_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    names.set(text, name);
  }
  return name;
}

/** `db.execute(query)`, as a named prepared statement on the connection that runs it. */
export async function executePrepared<Row extends Record<string, unknown>>(db: DbOrTx, query: SQL): Promise<{ rows: Row[] }> {
  const built = dialect.sqlToQuery(query);
  const prepared = db._.session.prepareQuery<{ execute: { rows: Row[] }; all: unknown; values: unknown }>(built, undefined, preparedNameOf(built.sql), false);
  return prepared.execute();
}

/** What runPrepared and prebuilt read of node-postgres's prepared query (drizzle-orm/node-postgres/session.js). */
interface NodePgPrepared<Result> {
  queryString?: unknown;
  params?: unknown;
  fields?: unknown;
  _isResponseInArrayMode?: unknown;
  customResultMapper?: unknown;
  joinsNotNullableMap?: unknown;
  rawQueryConfig?: { name?: string };
  queryConfig?: { name?: string };
  execute(values?: Record<string, unknown>): Promise<Result>;
}

/** The name a builder's statement is prepared under until its text has named it (never sent). */
const UNNAMED_YET = 'p_unnamed_yet';

/**
 * A drizzle query builder's statement (its fields mapped as usual), as a named prepared statement.
 * Sent at once, named or not: statements of a pipelined transaction leave in the order they are
 * called (pipelined-transaction.ts).
 *
 * The builder builds its SQL once (issue 33): drizzle builds a statement's text anew on each
 * `toSQL()` and `prepare()` (a lock of a whole caucus row: 0.12 ms of CPU each), so the statement
 * is prepared first and named from the text it built. Should drizzle's prepared query no longer
 * hold its text and names where this expects them, the builder runs unnamed, never under a
 * name that is not its text's.
 */
export function runPrepared<Result>(builder: { prepare(name: string): { execute(): Promise<Result> }; execute(): Promise<Result> }): Promise<Result> {
  if (!enabled) return builder.execute();
  const prepared = builder.prepare(UNNAMED_YET) as NodePgPrepared<Result>;
  const { queryString: text, rawQueryConfig, queryConfig } = prepared;
  if (typeof text !== 'string' || rawQueryConfig?.name !== UNNAMED_YET || queryConfig?.name !== UNNAMED_YET) return builder.execute();
  const name = preparedNameOf(text);
  rawQueryConfig.name = name;
  queryConfig.name = name;
  return prepared.execute();
}

/** What a statement built once keeps of drizzle's prepared query, to prepare it again on any session. */
interface BuiltStatement {
  text: string;
  params: unknown[];
  fields: unknown;
  arrayMode: boolean;
  customResultMapper: unknown;
  joinsNotNullableMap: unknown;
}

/** The parts of a prepared query that a statement built once needs, or null when drizzle no longer keeps them where expected. */
function builtStatementOf(prepared: NodePgPrepared<unknown>): BuiltStatement | null {
  const { queryString: text, params, fields, _isResponseInArrayMode: arrayMode } = prepared;
  if (typeof text !== 'string' || !Array.isArray(params) || typeof arrayMode !== 'boolean') return null;
  if (fields !== undefined && !Array.isArray(fields)) return null;
  return { text, params, fields, arrayMode, customResultMapper: prepared.customResultMapper, joinsNotNullableMap: prepared.joinsNotNullableMap };
}

/** A query builder's prepare(), as prebuilt takes it: drizzle's select, insert, update and delete builders. */
interface Preparable<Result> {
  prepare(name: string): { execute(values?: Record<string, unknown>): Promise<Result> };
  execute(values?: Record<string, unknown>): Promise<Result>;
}

/**
 * A hot statement built once per process, then run on any connection with its values (issue 33).
 * `build` writes the statement with drizzle's `sql.placeholder('name')` where its values go; its
 * SQL text, parameters and field mapping are built on the first call and kept, and every call
 * prepares that text on the caller's session (a transaction's connection, or the pool) under the
 * text's name, fills the placeholders from `values` and maps the rows as the builder would. The
 * statement is one text whatever its values, so it is one prepared statement per connection.
 *
 * Building a drizzle statement costs the app 28–121 µs of CPU per call (the lock of a whole caucus
 * row is the 121 µs one), on every vote and join. Should drizzle's prepared query no longer keep
 * its parts where this expects them, each call builds the statement again and runs it unnamed.
 */
export function prebuilt<Result, Values extends Record<string, unknown>>(build: (db: DbOrTx) => Preparable<Result>): (db: DbOrTx, values: Values) => Promise<Result> {
  // undefined: not built yet; null: drizzle's internals moved, build on each call.
  let built: BuiltStatement | null | undefined;
  return (db, values) => {
    if (built === undefined) built = builtStatementOf(build(db).prepare(UNNAMED_YET) as NodePgPrepared<unknown>);
    if (built === null) return build(db).execute(values);
    const { text, params, fields, arrayMode, customResultMapper, joinsNotNullableMap } = built;
    const session = db._.session as unknown as {
      prepareQuery(query: { sql: string; params: unknown[] }, fields: unknown, name: string | undefined, arrayMode: boolean, mapper: unknown): NodePgPrepared<Result>;
    };
    const prepared = session.prepareQuery({ sql: text, params }, fields, preparedNameOf(text), arrayMode, customResultMapper);
    prepared.joinsNotNullableMap = joinsNotNullableMap;
    return prepared.execute(values);
  };
}

/**
 * A hot statement written as raw SQL (`db.execute(sql…)`), built once per process (issue 33): the
 * text is built now, with `sql.placeholder('name')` where its values go, and each call prepares it
 * on the caller's session under its text's name and fills the placeholders from `values`.
 */
export function prebuiltSql<Values extends Record<string, unknown>, Row extends Record<string, unknown> = Record<string, unknown>>(
  query: SQL,
): (db: DbOrTx, values: Values) => Promise<{ rows: Row[]; rowCount: number | null }> {
  const built = dialect.sqlToQuery(query);
  return (db, values) => {
    const session = db._.session as unknown as {
      prepareQuery(query: { sql: string; params: unknown[] }, fields: undefined, name: string | undefined, arrayMode: false): NodePgPrepared<{ rows: Row[]; rowCount: number | null }>;
    };
    return session.prepareQuery(built, undefined, preparedNameOf(built.sql), false).execute(values);
  };
}
