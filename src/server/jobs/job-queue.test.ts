import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { startTestJobQueue } from '../test/test-jobs';
import { createTestDatabase } from '../test/test-database';
import type { JobQueue } from './job-queue';

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});

/** Resolves when `count()` reaches `target` (polled on the event loop, bounded). */
async function until(count: () => number, target: number, timeoutMs = 20_000): Promise<void> {
  const started = Date.now();
  while (count() < target) {
    if (Date.now() - started > timeoutMs) throw new Error(`only ${count()} of ${target} before the time limit`);
    await new Promise((r) => setImmediate(r));
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('job queue (pg-boss on the app database)', () => {
  it('runs each job exactly once with two processes working the same queue', async () => {
    const seen: string[] = [];
    const byProcess = { a: 0, b: 0 };
    const job = (who: 'a' | 'b') => ({
      name: 'test-once',
      handler: async (data: unknown) => {
        byProcess[who] += 1;
        seen.push((data as { n: string }).n);
        // Hold the job a little so both processes have work at the same time.
        await new Promise((r) => setTimeout(r, 5));
      },
    });
    const a = await startTestJobQueue(database, [job('a')]);
    const b = await startTestJobQueue(database, [job('b')]);
    const queues: JobQueue[] = [a, b];
    afterAll(() => Promise.all(queues.map((q) => q.stop())));
    await Promise.all(Array.from({ length: 60 }, (_, i) => (i % 2 ? a : b).send('test-once', { n: String(i) })));
    await until(() => seen.length, 60);
    expect([...seen].sort()).toEqual(Array.from({ length: 60 }, (_, i) => String(i)).sort());
    expect(new Set(seen).size).toBe(60);
    expect(byProcess.a + byProcess.b).toBe(60);
  });

  it('writes a job inside a transaction: none when it rolls back, one when it commits', async () => {
    const seen: string[] = [];
    const q = await startTestJobQueue(database, [{ name: 'test-tx', handler: async (d) => void seen.push((d as { v: string }).v) }]);
    afterAll(() => q.stop());
    await database.db
      .transaction(async (tx) => {
        await q.send('test-tx', { v: 'rolled-back' }, { tx });
        throw new Error('abort');
      })
      .catch(() => undefined);
    await database.db.transaction(async (tx) => {
      await q.send('test-tx', { v: 'committed' }, { tx });
    });
    await until(() => seen.length, 1);
    const rows = await database.db.execute(sql`select data->>'v' as v from pgboss.job where name = 'test-tx'`);
    expect(rows.rows.map((r) => r.v)).toEqual(['committed']);
    expect(seen).toEqual(['committed']);
  });
});
