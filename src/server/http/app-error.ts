import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** A refusal the user should read: a code for programs and the spec's message for people. */
export class AppError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const badRequest = (code: string, message: string, details?: Record<string, unknown>) =>
  new AppError(400, code, message, details);
export const unauthorized = (message = 'Auth session missing!') => new AppError(401, 'unauthenticated', message);
export const forbidden = (code: string, message: string) => new AppError(403, code, message);
export const notFound = (message: string) => new AppError(404, 'not_found', message);
export const conflict = (code: string, message: string) => new AppError(409, code, message);
export const tooLarge = (message: string) => new AppError(413, 'too_large', message);
