import { describe, expect, it } from 'vitest';
import { emptyDatabase } from '../test/empty-database';
import { MIGRATION_LOCK_KEY, migrateDatabase, migrationsFolder, openDatabase } from './client';
import { readdirSync } from 'node:fs';

describe('migrating a database', () => {
  it('lets several processes start at once on an empty database: one migrates, the others find it done', async () => {
    const { connection, drop } = await emptyDatabase('migrate_lock');
    // Four app servers starting together, each with its own pool (one of them with a single connection).
    const databases = [1, 4, 10, 10].map((max) => openDatabase(connection, { max }));
    try {
      const results = await Promise.allSettled(databases.map((d) => migrateDatabase(d.db)));
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'fulfilled']);
      const applied = await databases[0]!.pool.query<{ n: string }>('select count(*) as n from drizzle.__drizzle_migrations');
      const files = readdirSync(migrationsFolder).filter((f) => f.endsWith('.sql'));
      expect(Number(applied.rows[0]!.n)).toBe(files.length); // each migration recorded once
      // pg_locks is the whole server's: only this key in this database (other test files' job queues take advisory locks too).
      const lockHolders = await databases[0]!.pool.query(
        `select 1 from pg_locks where locktype = 'advisory' and objid = $1 and database = (select oid from pg_database where datname = current_database())`,
        [MIGRATION_LOCK_KEY],
      );
      expect(lockHolders.rowCount).toBe(0); // released
    } finally {
      await Promise.all(databases.map((d) => d.close()));
      await drop();
    }
  });
});
