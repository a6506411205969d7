import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
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

// The JSON log is written in chunks (decision 063): each mode runs the fixture in a process of its own.
describe('the JSON log on stdout', () => {
  const root = path.resolve(import.meta.dirname, '../..');
  const fixture = path.join(import.meta.dirname, 'test/chunked-log.fixture.ts');
  const run = (mode: string) => spawn(process.execPath, ['--import', 'tsx', fixture, mode], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  const linesOf = (text: string) => text.split('\n').filter(Boolean).map((line) => JSON.parse(line) as { msg: string; i?: number });

  it('writes lines logged one per turn of the event loop in chunks, not one write(2) each, and loses none', async () => {
    const child = run('turns');
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(code, err).toBe(0);
    const lines = linesOf(out);
    expect(lines.map((l) => l.i)).toEqual([...Array(1000).keys()]);
    const writes = Number(/writes (\d+)/.exec(err)?.[1]);
    // About 140 bytes a line: some 35 chunks of 4 kB (pino's asynchronous default made 111 here).
    expect(writes).toBeGreaterThan(0);
    expect(writes).toBeLessThan(60);
  }, 60_000);

  it('writes what it holds when the process exits', async () => {
    const child = run('exit');
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(code).toBe(3);
    expect(linesOf(out).map((l) => l.i)).toEqual([...Array(50).keys()]);
  }, 60_000);

  it('shows a quiet server its line without waiting for a chunk to fill', async () => {
    const child = run('quiet');
    try {
      let out = '';
      const shown = new Promise<void>((resolve) =>
        child.stdout.on('data', (c: Buffer) => {
          out += c.toString();
          if (out.includes('\n')) resolve();
        }),
      );
      await shown;
      expect(linesOf(out).map((l) => l.msg)).toEqual(['quiet line']);
    } finally {
      child.kill('SIGKILL');
    }
  }, 60_000);
});
