import pg from 'pg';
import pino from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './db/client';
import { connectionFailureOf } from './db/connection-failure';
import { logCleanupFailure } from './server-process';
import { createTestDatabase, directConnectionOf } from './test/test-database';

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});

/** A logger whose lines are kept, parsed. */
function keptLogger() {
  const lines: Array<{ level: number; msg: string; err?: unknown; reason?: string }> = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  return { logger, lines };
}

/**
 * PostgreSQL's real answer to a query whose connection an administrator ends while it runs
 * (57P01, as when the server stops): the query is running, so the answer is the query's own.
 */
async function administratorEndedError(): Promise<unknown> {
  const victim = new pg.Client(directConnectionOf(database));
  victim.on('error', () => undefined);
  await victim.connect();
  const { rows } = await victim.query<{ pid: number }>('select pg_backend_pid() as pid');
  const running = victim.query('select pg_sleep(30)').then(
    () => null,
    (e: unknown) => e,
  );
  const pid = rows[0]!.pid;
  // Ends the backend once it is in the sleep (polled, no timer), so the error answers that query.
  for (;;) {
    const ended = await database.pool.query<{ ended: boolean }>(
      `select pg_terminate_backend(pid) as ended from pg_stat_activity
        where pid = $1 and state = 'active' and query like 'select pg_sleep%'`,
      [pid],
    );
    if (ended.rows[0]?.ended) break;
  }
  const error = await running;
  await victim.end().catch(() => undefined);
  return error;
}

describe('a clean-up step that fails while the app stops', () => {
  it('is at info level, and names the reason, when PostgreSQL itself is shutting down', async () => {
    const error = await administratorEndedError();
    expect(connectionFailureOf(error)).toBe('shutdown');
    const { logger, lines } = keptLogger();
    logCleanupFailure(logger, error);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 30, msg: 'cleanup skipped: the database is shutting down too' });
    expect(lines[0]!.reason).toMatch(/terminat/i);
  });

  it('stays an error for any other failure', async () => {
    const error = await database.pool.query('selec 1').then(
      () => null,
      (e: unknown) => e,
    );
    expect(connectionFailureOf(error)).not.toBe('shutdown');
    expect(connectionFailureOf(new Error('socket hang up'))).not.toBe('shutdown');
    const { logger, lines } = keptLogger();
    logCleanupFailure(logger, error);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 50, msg: 'cleanup failed' });
  });
});
