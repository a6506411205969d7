import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { NOT_READY_MESSAGE, notReadySchema, readinessSchema } from '../../../domain/operations/operations-rules';
import type { Database } from '../../db/client';
import { createTestApp } from '../../test/test-app';
import { createTestDatabase } from '../../test/test-database';
import { startTestJobQueue } from '../../test/test-jobs';
import type { JobQueue } from '../../jobs/job-queue';

/** GET /api/ready (issue 30): the database, the migrations and this process's job queue. */
let database: Database;
let queue: JobQueue;

beforeAll(async () => {
  database = await createTestDatabase();
  queue = await startTestJobQueue(database, [{ name: 'ready-check', handler: async () => undefined }]);
  return () => queue.stop();
});

const ready = async (app: ReturnType<typeof createTestApp>) => {
  const res = await app.request('/api/ready');
  const body: unknown = await res.json();
  // A 503 is also the API's refusal (error.code, error.message), beside the checks.
  if (res.status === 503) expect(notReadySchema.parse(body).error).toEqual({ code: 'not_ready', message: NOT_READY_MESSAGE });
  return { status: res.status, body: readinessSchema.parse(body) };
};

describe('GET /api/ready', () => {
  it('is ready with the database reachable, every migration applied and the job queue running', async () => {
    expect(await ready(createTestApp(database.db, { jobs: queue }))).toEqual({ status: 200, body: { status: 'ready', checks: { database: true, migrations: true, jobs: true } } });
  });

  it('answers 503 naming the job queue when this process has none running', async () => {
    expect(await ready(createTestApp(database.db, { jobs: null }))).toEqual({ status: 503, body: { status: 'not-ready', checks: { database: true, migrations: true, jobs: false } } });
    const stopped = await startTestJobQueue(database, [{ name: 'ready-stopped', handler: async () => undefined }], { work: false });
    await stopped.stop();
    expect((await ready(createTestApp(database.db, { jobs: stopped }))).body.checks.jobs).toBe(false);
  });

  it('answers 503 naming the migrations when one this version ships is not applied', async () => {
    const app = createTestApp(database.db, { jobs: queue });
    const [last] = (await database.db.execute<{ id: number }>(sql`select id from drizzle.__drizzle_migrations order by created_at desc limit 1`)).rows;
    const removed = await database.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${last!.id} returning *`);
    try {
      expect(await ready(app)).toEqual({ status: 503, body: { status: 'not-ready', checks: { database: true, migrations: false, jobs: true } } });
    } finally {
      const row = removed.rows[0] as { id: number; hash: string; created_at: string };
      await database.db.execute(sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${row.id}, ${row.hash}, ${row.created_at})`);
    }
    expect((await ready(app)).status).toBe(200);
  });

  it('answers 503 naming the database when it does not answer', async () => {
    const { openDatabase } = await import('../../db/client');
    // A pool on a port where no PostgreSQL listens.
    const nowhere = openDatabase({ host: '127.0.0.1', port: 9, user: 'postgres', database: 'none', connectionTimeoutMillis: 1000 });
    try {
      expect(await ready(createTestApp(nowhere.db, { jobs: queue }))).toEqual({ status: 503, body: { status: 'not-ready', checks: { database: false, migrations: false, jobs: true } } });
    } finally {
      await nowhere.close();
    }
  });
});
