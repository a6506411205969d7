import { DrizzleQueryError } from 'drizzle-orm/errors';
import pino from 'pino';
import pretty from 'pino-pretty';

export type Logger = pino.Logger;

/** A JSON log's lines go to stdout in chunks of this many bytes (issue 33)… */
const LOG_CHUNK_BYTES = 4096;
/** …or every this many milliseconds, so a quiet server's lines still show at once. */
const LOG_FLUSH_MS = 100;

/**
 * JSON lines, or readable coloured lines when `pretty` (the terminal of someone running
 * `npm start`). Anything that could carry a secret is redacted by path as a second line of defence.
 */
export function createLogger(level: string, options: { pretty?: boolean } = {}): Logger {
  const settings: pino.LoggerOptions = {
    level,
    redact: {
      paths: ['password', '*.password', 'token', '*.token', 'governmentId', '*.governmentId', 'req.headers.cookie', 'headers.cookie', 'req.headers.authorization', 'headers.authorization'],
      censor: '[redacted]',
    },
  };
  if (!options.pretty) return level === 'silent' ? pino(settings) : pino(settings, chunkedStdout());
  return pino(settings, pretty({ colorize: true, translateTime: 'HH:MM:ss', ignore: 'pid,hostname', singleLine: true, sync: true }));
}

/**
 * Standard output, written in chunks (issue 33, decision 063): a line per request, each its own
 * write(2), cost a server about a tenth of its CPU under load (docs/benchmarks.md). pino's
 * destination keeps lines until it holds LOG_CHUNK_BYTES or LOG_FLUSH_MS have passed, then
 * writes them at once. It writes synchronously, so nothing is ever on its way when the process
 * exits: what it holds is written at exit (process.exit included), and only a process killed
 * outright (SIGKILL) loses its last LOG_FLUSH_MS of lines. (Its asynchronous mode, pino's
 * default, hands each write to a thread of libuv, and process.exit drops one still waiting.)
 */
function chunkedStdout(): pino.DestinationStream {
  const destination = pino.destination({ dest: 1, sync: true, minLength: LOG_CHUNK_BYTES, periodicFlush: LOG_FLUSH_MS });
  // pino flushes its asynchronous destinations at exit, not a synchronous one that holds lines.
  // A stdout that fails at exit (a full disk) must not turn the exit into a crash.
  process.once('exit', () => {
    try {
      destination.flushSync();
    } catch {
      /* nothing left to write to */
    }
  });
  return destination;
}

/** Paths are logged without query strings, and with tokens in the path removed. */
export function loggablePath(path: string): string {
  return path.replace(/\/(reset-password|verify-email|email-change\/confirm|email-change\/undo)\/[^/?]+/g, '/$1/[redacted]');
}

/**
 * An error as it may be logged: a failed query keeps its statement and PostgreSQL's code and
 * constraint, never its parameters (people's messages, names, emails); quoted values in
 * PostgreSQL's own message ('invalid input syntax for type uuid: "…"') are cut too.
 */
export function loggableError(error: unknown): { message: string; code?: string; constraint?: string; stack?: string } {
  if (error instanceof DrizzleQueryError) {
    const cause = error.cause as (Error & { code?: string; constraint?: string }) | undefined;
    const header = `${error.name}: ${error.message}`;
    const frames = error.stack?.startsWith(header) ? error.stack.slice(header.length) : '';
    return {
      message: `Failed query: ${error.query}${cause ? ` (${withoutValues(cause.message)})` : ''}`,
      code: cause?.code,
      constraint: cause?.constraint,
      stack: `DrizzleQueryError: Failed query${frames}`,
    };
  }
  if (error instanceof Error) {
    const pgError = error as Error & { code?: string; constraint?: string };
    return { message: withoutValues(error.message), code: pgError.code, constraint: pgError.constraint, stack: error.stack?.split('\n').slice(1).join('\n') };
  }
  return { message: String(error) };
}

function withoutValues(message: string): string {
  return message.replace(/: ".*"$/s, ': "[value]"').replace(/\nparams: [\s\S]*$/, '');
}
