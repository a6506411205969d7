import { DrizzleQueryError } from 'drizzle-orm/errors';
import pino from 'pino';
import pretty from 'pino-pretty';

export type Logger = pino.Logger;

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
  if (!options.pretty) return pino(settings);
  return pino(settings, pretty({ colorize: true, translateTime: 'HH:MM:ss', ignore: 'pid,hostname', singleLine: true, sync: true }));
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
