import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, directDatabaseUrlOf } from '../test/test-database';
import { openAppDatabase } from './app-database';
import { connectionFailureOf } from './connection-failure';

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
