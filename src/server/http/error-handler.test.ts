import { Hono } from 'hono';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_MESSAGE, errorHandler } from './error-handler';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

function appThrowing(error: unknown) {
  const app = new Hono();
  app.onError(errorHandler(pino({ level: 'silent' })));
  app.post('/write', () => {
    throw error;
  });
  return app;
}

describe('errorHandler', () => {
  it.each([
    ['the server shut down (a switchover)', withCode('57P01', 'terminating connection due to administrator command')],
    ['the host takes no writes (a demoted primary)', withCode('25006', 'cannot execute INSERT in a read-only transaction')],
    ['the connection was refused', withCode('ECONNREFUSED')],
    ['the connection ended', new Error('Connection terminated unexpectedly')],
    ['no host takes writes', Object.assign(new Error('no host'), { name: 'NoDatabaseHostError' })],
    ['a statement with no answer', new Error('Query read timeout')],
    ['wrapped by drizzle', Object.assign(new Error('Failed query'), { cause: withCode('57P01') })],
  ])('%s: 503 with Retry-After and words, never 500', async (_name, error) => {
    const response = await appThrowing(error).request('/write', { method: 'POST' });
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
    expect(await response.json()).toEqual({ error: { code: 'database_unavailable', message: DATABASE_UNAVAILABLE_MESSAGE } });
  });

  it('anything else unexpected is still a 500 without details', async () => {
    const response = await appThrowing(withCode('23505', 'duplicate key value violates unique constraint "secret_index"')).request('/write', { method: 'POST' });
    expect(response.status).toBe(500);
    expect(await response.text()).not.toContain('secret_index');
  });
});
