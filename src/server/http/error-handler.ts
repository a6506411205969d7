import type { ErrorHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { Logger } from '../logger';
import { loggableError, loggablePath } from '../logger';
import { AppError } from './app-error';
import { DATABASE_INPUT_ERROR_BODY, isDatabaseInputError } from './database-input-error';

/** One place turns errors into answers: AppError with its message, never a stack trace. */
export function errorHandler(logger: Logger): ErrorHandler {
  return (error, c) => {
    if (error instanceof AppError) {
      return c.json({ error: { code: error.code, message: error.message, ...error.details } }, error.status);
    }
    if (isDatabaseInputError(error)) return c.json(DATABASE_INPUT_ERROR_BODY, 400);
    if (error instanceof HTTPException) {
      const status = error.status;
      const message = status === 413 ? 'File too large' : error.message || 'Bad request';
      return c.json({ error: { code: 'http_error', message } }, status);
    }
    logger.error({ err: loggableError(error), method: c.req.method, path: loggablePath(c.req.path) }, 'unhandled error');
    return c.json({ error: { code: 'internal', message: 'An unexpected error occurred. Please try again.' } }, 500);
  };
}
