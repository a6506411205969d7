import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './db/client';
import { loggableError, loggablePath } from './logger';
import { createTestDatabase } from './test/test-database';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});

const failure = async (run: () => Promise<unknown>): Promise<unknown> => {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error('the query did not fail');
};

describe('loggableError', () => {
  it('keeps the statement and code of a failed query, never its parameters', async () => {
    const secret = 'my private message to a friend';
    const error = await failure(() => database.db.execute(sql`select ${secret}::uuid as id`));
    const logged = loggableError(error);
    expect(JSON.stringify(error instanceof Error ? error.message : '')).toContain(secret); // drizzle's own message has it
    expect(JSON.stringify(logged)).not.toContain(secret);
    expect(logged.message).toContain('select $1::uuid as id');
    expect(logged.code).toBe('22P02');
    expect(logged.stack).toMatch(/^DrizzleQueryError: Failed query\n\s+at /);
  });

  it('names the constraint of a violation without the row it would have written', async () => {
    const error = await failure(() => database.db.execute(sql`insert into users (id, name, email, state, district, political_alignment) values (gen_random_uuid(), ${'Secret Name'}, ${'secret@example.test'}, 'ZZZ', 1, 'x')`));
    const logged = loggableError(error);
    expect(JSON.stringify(logged)).not.toMatch(/Secret Name|secret@example/);
    expect(logged.code).toBe('23514');
  });

  it('keeps an ordinary error as it is, without quoted values', () => {
    expect(loggableError(new Error('boom')).message).toBe('boom');
    expect(loggableError(new Error('invalid input syntax for type integer: "12abc"')).message).toBe('invalid input syntax for type integer: "[value]"');
    expect(loggableError('text')).toEqual({ message: 'text' });
  });
});

describe('loggablePath', () => {
  it.each([
    ['/api/auth/reset-password/abc123', '/api/auth/reset-password/[redacted]'],
    ['/api/auth/verify-email/tok', '/api/auth/verify-email/[redacted]'],
    ['/email-change/confirm/tok', '/email-change/confirm/[redacted]'],
    ['/email-change/undo/tok', '/email-change/undo/[redacted]'],
    ['/api/me', '/api/me'],
  ])('%s', (path, expected) => expect(loggablePath(path)).toBe(expected));
});
