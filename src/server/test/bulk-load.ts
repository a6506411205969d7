import type pg from 'pg';

/**
 * The bulk-load steps shared by the seeds (seed-data.ts, social-seed.ts): a table filled from
 * empty gets its indexes built once at the end instead of maintained row by row
 * (measured at 100,000 users: the users insert took 4.6 s with its 16 indexes, 0.9 s without
 * them plus 1.0 s to build 7 of them afterwards).
 *
 * Everything happens inside the caller's transaction: DROP INDEX and CREATE INDEX are
 * transactional in PostgreSQL, so a seed that fails or is interrupted rolls back to the schema
 * of the migrations, never to a table missing its indexes.
 */

/** An index (or the constraint it backs) dropped for a bulk load, with the statements that drop and recreate it exactly. */
export interface DroppedIndex {
  name: string;
  drop: string;
  definition: string;
}

/** A pg client or pool: anything with `query`. */
export type Queryable = Pick<pg.PoolClient, 'query'>;

/** Whether the current role is a superuser (may skip triggers with session_replication_role). */
export async function isSuperuser(client: Queryable): Promise<boolean> {
  const { rows } = await client.query<{ on: boolean }>(`select current_setting('is_superuser') = 'on' as on`);
  return rows[0]?.on === true;
}

/**
 * When `table` is empty and this role owns it, drops its indexes and returns them, in creation
 * order (the order of the migrations), for `rebuildIndexes`: plain indexes with DROP INDEX and
 * CREATE INDEX (pg_get_indexdef), primary keys and unique constraints with ALTER TABLE … DROP
 * / ADD CONSTRAINT (pg_get_constraintdef), which rebuilds their index under the same name.
 * Kept: the indexes a foreign key of another table points at (users, caucuses, caucus_members
 * and private_messages keep their primary key), exclusion constraints, clustered, replica-
 * identity and commented indexes, and a constraint whose index has another name: recreating
 * those would take more than one statement. Takes the table's ACCESS EXCLUSIVE lock until the
 * transaction ends.
 */
export async function dropIndexesForBulkLoad(client: Queryable, table: string): Promise<DroppedIndex[]> {
  const { rows: owned } = await client.query<{ mine: boolean; empty: boolean }>(
    `select pg_has_role(current_user, c.relowner, 'USAGE') as mine, not exists (select 1 from ${quoteIdent(table)}) as empty
     from pg_class c where c.oid = $1::regclass`,
    [table],
  );
  if (!owned[0]?.mine || !owned[0].empty) return [];
  const { rows } = await client.query<DroppedIndex>(
    `select ic.relname as name,
       case when k.oid is null then 'drop index ' || quote_ident(n.nspname) || '.' || quote_ident(ic.relname)
            else 'alter table ' || i.indrelid::regclass::text || ' drop constraint ' || quote_ident(k.conname) end as drop,
       case when k.oid is null then pg_get_indexdef(i.indexrelid)
            else 'alter table ' || i.indrelid::regclass::text || ' add constraint ' || quote_ident(k.conname) || ' ' || pg_get_constraintdef(k.oid) end as definition
     from pg_index i
     join pg_class ic on ic.oid = i.indexrelid
     join pg_namespace n on n.oid = ic.relnamespace
     left join pg_constraint k on k.conindid = i.indexrelid and k.conrelid = i.indrelid and k.contype in ('p', 'u')
     where i.indrelid = $1::regclass
       and not i.indisclustered and not i.indisreplident
       and obj_description(i.indexrelid, 'pg_class') is null
       and (k.oid is null or k.conname = ic.relname)
       and not exists (select 1 from pg_constraint o where o.conindid = i.indexrelid and o.oid is distinct from k.oid)
     order by i.indexrelid`,
    [table],
  );
  for (const index of rows) await client.query(index.drop);
  return rows;
}

/** Recreates what `dropIndexesForBulkLoad` dropped, in the same order and with the same definitions. */
export async function rebuildIndexes(client: Queryable, dropped: readonly DroppedIndex[]): Promise<void> {
  for (const index of dropped) await client.query(index.definition);
}

/**
 * Settings for a connection that bulk-loads (its session only: the seeds close such connections
 * instead of returning them to the pool): no wait for the WAL flush at commit, memory for sorts,
 * hashes and index builds, and (`skipTriggers`, superusers only) no triggers or foreign-key checks.
 */
export async function prepareBulkSession(client: Queryable, options: { skipTriggers: boolean; workMem?: string }): Promise<void> {
  await client.query(
    `set synchronous_commit = off; set work_mem = '${options.workMem ?? '256MB'}'; set maintenance_work_mem = '512MB'` +
      (options.skipTriggers ? '; set session_replication_role = replica' : ''),
  );
  // Temporary tables stay in memory up to temp_buffers, which a session can only raise before
  // it first touches one (a pooled connection may have).
  await client.query(`set temp_buffers = '256MB'`).catch(() => undefined);
}

/** Runs `work` in a transaction on `client`: committed when it returns, rolled back when it throws. */
export async function inTransaction<T>(client: Queryable, work: () => Promise<T>): Promise<T> {
  await client.query('begin');
  try {
    const result = await work();
    await client.query('commit');
    return result;
  } catch (e) {
    await client.query('rollback').catch(() => undefined);
    throw e;
  }
}

export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
