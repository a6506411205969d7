import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, directDatabaseUrlOf } from '../test/test-database';
import { openAppDatabase } from './app-database';
import { connectionFailureOf } from './connection-failure';
import { publish } from '../realtime/publish';
import { statementLogOf } from '../test/statement-log';

const database = await createTestDatabase();
const dataDir = mkdtempSync(path.join(tmpdir(), 'caucus-app-database-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** A URL nothing answers at (port 1): the pool must not be there. */
const NOWHERE = 'postgres://postgres@127.0.0.1:1/caucus';

describe('openAppDatabase with DATABASE_DIRECT_URL', () => {
  it('gives admin tasks (direct) a pool on the direct URL, and the app its pool on DATABASE_URL', async () => {
    const direct = directDatabaseUrlOf(database);
    const admin = await openAppDatabase({ settings: { DATABASE_URL: NOWHERE, DATABASE_DIRECT_URL: direct, dataDir }, direct: true });
    try {
      const { rows } = await admin.pool.query<{ one: number }>('select 1 as one');
      expect(rows[0]!.one).toBe(1);
      expect(admin.directConnection).toEqual(admin.connection);
    } finally {
      await admin.close();
    }
    // Without `direct`, the pool is DATABASE_URL's (nothing answers there), the migration lock the direct one's.
    const app = openAppDatabase({ settings: { DATABASE_URL: NOWHERE, DATABASE_DIRECT_URL: direct, dataDir } });
    const refused = await app.then(() => null, (e: unknown) => e);
    expect(connectionFailureOf(refused)).toBe('connection');
  });
});

describe("openAppDatabase: where a write's live events leave", () => {
  /** The statements a transaction that publishes one event sends. */
  async function sentBy(settings: { DATABASE_URL: string; DATABASE_DIRECT_URL?: string }) {
    const app = await openAppDatabase({ settings: { ...settings, dataDir } });
    try {
      return (await statementLogOf(app).during(() => app.db.transaction((tx) => publish(tx, 'app_database_test', 'k', null)))).texts;
    } finally {
      await app.close();
    }
  }

  it('with COMMIT when DATABASE_URL is the server itself; after it when DATABASE_DIRECT_URL says DATABASE_URL is a pooler', async () => {
    const url = directDatabaseUrlOf(database);
    const alone = await sentBy({ DATABASE_URL: url });
    expect(alone.some((t) => t.includes('caucus.commit_mark'))).toBe(true);
    const pooled = await sentBy({ DATABASE_URL: url, DATABASE_DIRECT_URL: url });
    expect(pooled.some((t) => t.includes('caucus.commit_mark'))).toBe(false);
    expect(pooled.some((t) => t.includes('pg_notify'))).toBe(true);
  });
});
