/**
 * Which errors mean "the database server is gone or no longer takes writes", as opposed to a
 * refusal of what was asked (issue 31, decision 046). Pure. Such an error makes the app look for
 * the primary again, and a request that met it answers 503 with Retry-After, never 500: the
 * write either committed before the loss or did not happen (a transaction is never half there),
 * and when the answer to a COMMIT was lost the app cannot know which, so it never says "failed".
 */

export type ConnectionFailure =
  /** The connection was refused, reset, closed, or never opened in time. */
  | 'connection'
  /** The server is shutting down or starting (57P01-57P03): a restart, a switchover. */
  | 'shutdown'
  /** The server answers but takes no writes (25006): a standby, or a primary being demoted. */
  | 'read-only'
  /** A statement got no answer in DATABASE_QUERY_TIMEOUT_SECONDS. */
  | 'timeout'
  /** No host of the URL takes this kind of session right now. */
  | 'no-host';

const SQLSTATES: Record<string, ConnectionFailure> = {
  '57P01': 'shutdown', // admin_shutdown
  '57P02': 'shutdown', // crash_shutdown
  '57P03': 'shutdown', // cannot_connect_now
  '25006': 'read-only', // read_only_sql_transaction
  '08000': 'connection',
  '08001': 'connection',
  '08003': 'connection',
  '08004': 'connection',
  '08006': 'connection',
};

const ERRNOS = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/** node-postgres' own words when a connection ends under it. */
const MESSAGES: Array<[RegExp, ConnectionFailure]> = [
  [/^Query read timeout$/, 'timeout'],
  [/^Connection terminated/, 'connection'],
  [/^timeout expired$/, 'connection'],
  [/not queryable/, 'connection'],
  [/^Client was closed/, 'connection'],
  [/^the database system is (shutting down|starting up|in recovery mode)/, 'shutdown'],
];

/** The name NoHostError carries, so this rule needs no import of the locator. */
export const NO_HOST_ERROR_NAME = 'NoDatabaseHostError';

/** The kind of connection failure behind `error` (or its causes: drizzle wraps pg's errors), or null. */
export function connectionFailureOf(error: unknown): ConnectionFailure | null {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message, name } = e as { code?: unknown; message?: unknown; name?: unknown };
    if (name === NO_HOST_ERROR_NAME) return 'no-host';
    if (typeof code === 'string') {
      const bySqlState = SQLSTATES[code];
      if (bySqlState) return bySqlState;
      if (ERRNOS.has(code)) return 'connection';
    }
    if (typeof message === 'string') {
      for (const [pattern, kind] of MESSAGES) if (pattern.test(message)) return kind;
    }
  }
  return null;
}

/** Whether this failure says the host is no longer the one to use (a timeout alone does not). */
export function failureMovesPrimary(kind: ConnectionFailure | null): boolean {
  return kind === 'connection' || kind === 'shutdown' || kind === 'read-only';
}
