import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { dropIndexesForBulkLoad, inTransaction, rebuildIndexes } from './bulk-load';
import { createUser } from './factories';
import { createTestDatabase } from './test-database';

let database: Database;
let client: pg.PoolClient;

beforeAll(async () => {
  database = await createTestDatabase();
  client = await database.pool.connect();
});
afterAll(() => client.release());

/** The table's indexes and constraints, as PostgreSQL would recreate them. */
async function definitionsOf(table: string): Promise<string[]> {
  const { rows } = await client.query<{ d: string }>(
    `select indexdef as d from pg_indexes where schemaname = 'public' and tablename = $1
     union all
     select conname || ' ' || pg_get_constraintdef(oid) from pg_constraint where conrelid = $1::regclass
     order by 1`,
    [table],
  );
  return rows.map((r) => r.d);
}

describe('dropIndexesForBulkLoad', () => {
  it('drops every index of an empty table that nothing points at, and rebuilds them exactly', async () => {
    const before = await definitionsOf('accounts');
    await inTransaction(client, async () => {
      const dropped = await dropIndexesForBulkLoad(client, 'accounts');
      expect(dropped.map((d) => d.name)).toEqual(['accounts_pkey', 'accounts_user_id_idx']);
      expect(dropped[0]!.definition).toMatch(/add constraint accounts_pkey PRIMARY KEY \(id\)/);
      const { rows } = await client.query(`select 1 from pg_indexes where tablename = 'accounts'`);
      expect(rows).toHaveLength(0);
      await rebuildIndexes(client, dropped);
    });
    expect(await definitionsOf('accounts')).toEqual(before);
  });

  it('keeps a primary key that foreign keys point at, and rolls back to the indexes when the load fails', async () => {
    const before = await definitionsOf('users');
    await expect(
      inTransaction(client, async () => {
        const dropped = await dropIndexesForBulkLoad(client, 'users');
        expect(dropped.map((d) => d.name)).not.toContain('users_pkey');
        expect(dropped.map((d) => d.name)).toContain('users_email_lower_key');
        throw new Error('the load failed');
      }),
    ).rejects.toThrow('the load failed');
    expect(await definitionsOf('users')).toEqual(before);
  });

  it('leaves a table that has rows alone', async () => {
    await createUser(database.db);
    await inTransaction(client, async () => {
      expect(await dropIndexesForBulkLoad(client, 'users')).toEqual([]);
    });
  });
});
