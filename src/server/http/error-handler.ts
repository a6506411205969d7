import type { ErrorHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { Logger } from '../logger';
import { loggableError, loggablePath } from '../logger';
import { AppError } from './app-error';
import { TooManyAttempts, tooManyAttempts } from './rate-limit';
import { DATABASE_INPUT_ERROR_BODY, isDatabaseInputError } from './database-input-error';
import { connectionFailureOf } from '../db/connection-failure';

/** A failover takes 2-10 s (docs/operations.md): the client tries again after this. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
export const DATABASE_UNAVAILABLE_MESSAGE = 'The app lost its database for a moment. Please try again in a few seconds.';

/** One place turns errors into answers: AppError with its message, never a stack trace. */
export function errorHandler(logger: Logger): ErrorHandler {
  return (error, c) => {
    if (error instanceof AppError) {
      return c.json({ error: { code: error.code, message: error.message, ...error.details } }, error.status);
    }
    // A password asked again, too soon after wrong ones (the sign-in back-off): 429 with Retry-After.
    if (error instanceof TooManyAttempts) return tooManyAttempts(c, error.retryAfterSeconds);
    if (isDatabaseInputError(error)) return c.json(DATABASE_INPUT_ERROR_BODY, 400);
    // The database server went away or stopped taking writes (a failover, a restart): the
    // transaction is whole or absent, and the app is already looking for the primary (decision 046).
    const failure = connectionFailureOf(error);
    if (failure) {
      logger.warn({ failure, err: loggableError(error), method: c.req.method, path: loggablePath(c.req.path) }, 'database unavailable: answered 503');
      c.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
      return c.json({ error: { code: 'database_unavailable', message: DATABASE_UNAVAILABLE_MESSAGE } }, 503);
    }
    if (error instanceof HTTPException) {
      const status = error.status;
      const message = status === 413 ? 'File too large' : error.message || 'Bad request';
      return c.json({ error: { code: 'http_error', message } }, status);
    }
    logger.error({ err: loggableError(error), method: c.req.method, path: loggablePath(c.req.path) }, 'unhandled error');
    return c.json({ error: { code: 'internal', message: 'An unexpected error occurred. Please try again.' } }, 500);
  };
}
