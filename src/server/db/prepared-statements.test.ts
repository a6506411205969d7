import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './client';
import { users } from './schema/auth';
import { executePrepared, preparedNameOf, preparedStatementsOn, PREPARED_TEXTS_MAX, runPrepared, setPreparedStatements } from './prepared-statements';
import { createTestDatabase, directConnectionOf } from '../test/test-database';
import { createUser } from '../test/factories';

/**
 * Named statements are what this file tests, so it turns them on whatever the run's
 * DATABASE_PREPARED_STATEMENTS says, on a connection of its own that goes direct: a named
 * statement lives in a session, which PgBouncer 1.18 in transaction mode does not keep (decision 047).
 */
let database: Database;
let test: Database;
const runSetting = preparedStatementsOn();
beforeAll(async () => {
  test = await createTestDatabase();
  setPreparedStatements(true);
  database = openDatabase(directConnectionOf(test), { max: 4 });
  afterAll(async () => {
    await database.close();
    setPreparedStatements(runSetting);
  });
});

/** The statements prepared on the connection that runs `tx`, by name. */
async function preparedOn(tx: Parameters<Parameters<Database['db']['transaction']>[0]>[0]) {
  const rows = await tx.execute<{ name: string; statement: string; generic_plans: string; custom_plans: string }>(
    sql`select name, statement, generic_plans, custom_plans from pg_prepared_statements`,
  );
  return new Map(rows.rows.map((r) => [r.name, { statement: r.statement, generic: Number(r.generic_plans), custom: Number(r.custom_plans) }]));
}

describe('executePrepared', () => {
  it('runs a statement by a name of its text on the connection, with its values, and reuses its generic plan', async () => {
    const a = await createUser(database.db, { name: 'Prepared A' });
    const b = await createUser(database.db, { name: 'Prepared B' });
    const query = (ids: string[]) => sql`select name from users where id = any(${sql.param(ids)}::uuid[]) order by name`;
    await database.db.transaction(async (tx) => {
      const first = await executePrepared<{ name: string }>(tx, query([a.id]));
      const second = await executePrepared<{ name: string }>(tx, query([a.id, b.id]));
      expect(first.rows.map((r) => r.name)).toEqual(['Prepared A']);
      expect(second.rows.map((r) => r.name)).toEqual(['Prepared A', 'Prepared B']);
      const prepared = await preparedOn(tx);
      const name = preparedNameOf('select name from users where id = any($1::uuid[]) order by name');
      expect(name).toMatch(/^p_[0-9a-f]{20}$/);
      // One statement for both lists: the text does not vary with the values.
      expect(prepared.get(name!)).toEqual({ statement: 'select name from users where id = any($1::uuid[]) order by name', generic: 2, custom: 0 });
    });
  });

  it('gives a query builder its statement by name, its fields mapped as without it', async () => {
    const a = await createUser(database.db, { name: 'Prepared C' });
    await database.db.transaction(async (tx) => {
      const builder = () => tx.select({ displayName: users.name }).from(users).where(eq(users.id, a.id));
      const rows = await runPrepared(builder());
      expect(rows).toEqual([{ displayName: 'Prepared C' }]);
      const prepared = await preparedOn(tx);
      expect(prepared.get(preparedNameOf(builder().toSQL().sql)!)?.statement).toBe(builder().toSQL().sql);
    });
  });

  it("builds the builder's SQL once (building it is most of a write's statement cost in the app)", async () => {
    const a = await createUser(database.db, { name: 'Prepared F' });
    await database.db.transaction(async (tx) => {
      const builder = tx.select({ displayName: users.name }).from(users).where(eq(users.id, a.id));
      const getSQL = builder.getSQL.bind(builder);
      let builds = 0;
      builder.getSQL = () => {
        builds += 1;
        return getSQL();
      };
      expect(await runPrepared(builder)).toEqual([{ displayName: 'Prepared F' }]);
      expect(builds).toBe(1);
      // Under the name of its own text, never under the name it was prepared with before that.
      const prepared = await preparedOn(tx);
      const text = tx.select({ displayName: users.name }).from(users).where(eq(users.id, a.id)).toSQL().sql;
      expect(prepared.get(preparedNameOf(text)!)?.statement).toBe(text);
      expect(prepared.has('p_unnamed_yet')).toBe(false);
    });
  });
});

describe('preparedNameOf', () => {
  it('names one text one way, two texts two ways, and stops naming past its cap', () => {
    expect(preparedNameOf('select 1')).toBe(preparedNameOf('select 1'));
    expect(preparedNameOf('select 1')).not.toBe(preparedNameOf('select 2'));
    for (let i = 0; i < PREPARED_TEXTS_MAX; i += 1) preparedNameOf(`select ${i} as n`);
    expect(preparedNameOf('select 1')).toBeDefined(); // named before the cap: still named
    expect(preparedNameOf('select 99999 as past_the_cap')).toBeUndefined();
  });

  it('runs a statement unnamed past the cap, with the same answer', async () => {
    const a = await createUser(database.db, { name: 'Prepared D' });
    const text = sql`select name from users where id = ${a.id} and 'past the cap' <> ''`;
    await database.db.transaction(async (tx) => {
      const rows = await executePrepared<{ name: string }>(tx, text);
      expect(rows.rows).toEqual([{ name: 'Prepared D' }]);
      const statements = [...(await preparedOn(tx)).values()].map((p) => p.statement);
      expect(statements.some((s) => s.includes('past the cap'))).toBe(false);
    });
  });
});

describe('DATABASE_PREPARED_STATEMENTS=off', () => {
  it('names nothing: every statement runs unnamed, and the pool sends no startup option', async () => {
    const a = await createUser(database.db, { name: 'Prepared E' });
    setPreparedStatements(false);
    const unnamed = openDatabase(directConnectionOf(test), { max: 1 });
    try {
      expect(preparedNameOf('select 1')).toBeUndefined();
      expect(unnamed.pool.options.options).toBeUndefined();
      await unnamed.db.transaction(async (tx) => {
        const rows = await executePrepared<{ name: string }>(tx, sql`select name from users where id = ${a.id} and 'off' <> ''`);
        expect(rows.rows).toEqual([{ name: 'Prepared E' }]);
        const built = await runPrepared(tx.select({ displayName: users.name }).from(users).where(eq(users.id, a.id)));
        expect(built).toEqual([{ displayName: 'Prepared E' }]);
        expect((await preparedOn(tx)).size).toBe(0);
        const [{ plan_cache_mode: mode }] = (await tx.execute<{ plan_cache_mode: string }>(sql`show plan_cache_mode`)).rows as [{ plan_cache_mode: string }];
        expect(mode).toBe('auto');
      });
    } finally {
      await unnamed.close();
      setPreparedStatements(true);
    }
  });
});
