import pino from 'pino';

export type Logger = pino.Logger;

/** JSON lines. Anything that could carry a secret is redacted by path as a second line of defence. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    redact: {
      paths: ['password', '*.password', 'token', '*.token', 'governmentId', '*.governmentId', 'req.headers.cookie', 'headers.cookie'],
      censor: '[redacted]',
    },
  });
}

/** Paths are logged without query strings, and with tokens in the path removed. */
export function loggablePath(path: string): string {
  return path.replace(/\/(reset-password|verify-email)\/[^/?]+/g, '/$1/[redacted]');
}
