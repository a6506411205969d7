import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './client';
import { users } from './schema/auth';
import { activities } from './schema/points';
import { executePrepared, prebuilt, prebuiltSql, preparedNameOf, preparedStatementsOn, PREPARED_TEXTS_MAX, runPrepared, setPreparedStatements } from './prepared-statements';
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

describe('prebuilt', () => {
  it('builds a statement once, then runs it with each call\'s values under its text\'s name, its fields mapped as the builder maps them', async () => {
    const a = await createUser(database.db, { name: 'Prebuilt A' });
    const b = await createUser(database.db, { name: 'Prebuilt B' });
    let builds = 0;
    const byId = prebuilt<Array<{ displayName: string; created: Date }>, { id: string }>((db) => {
      builds += 1;
      return db.select({ displayName: users.name, created: users.createdAt }).from(users).where(eq(users.id, sql.placeholder('id')));
    });
    await database.db.transaction(async (tx) => {
      const first = await byId(tx, { id: a.id });
      const second = await byId(tx, { id: b.id });
      expect(first.map((r) => r.displayName)).toEqual(['Prebuilt A']);
      expect(second.map((r) => r.displayName)).toEqual(['Prebuilt B']);
      expect(first[0]!.created).toBeInstanceOf(Date);
      const text = tx.select({ displayName: users.name, created: users.createdAt }).from(users).where(eq(users.id, sql.placeholder('id'))).toSQL().sql;
      const prepared = await preparedOn(tx);
      expect(prepared.get(preparedNameOf(text)!)?.statement).toBe(text);
      expect(prepared.has('p_unnamed_yet')).toBe(false);
    });
    // On the pool too, with the text built before.
    expect(await byId(database.db, { id: a.id })).toEqual([expect.objectContaining({ displayName: 'Prebuilt A' })]);
    expect(builds).toBe(1);
  });

  it('encodes each value by its column (a date into a timestamp column) and returns what an insert returns', async () => {
    const a = await createUser(database.db, { name: 'Prebuilt C' });
    const at = new Date('2026-01-02T03:04:05.678Z');
    const add = prebuilt((db) =>
      db
        .insert(activities)
        .values({ userId: sql.placeholder('userId'), activityType: 'caucus_joined', description: sql.placeholder('description'), createdAt: sql.placeholder('at') })
        .returning({ description: activities.description, createdAt: activities.createdAt }),
    );
    const rows = await add(database.db, { userId: a.id, description: 'Joined "one"', at });
    const again = await add(database.db, { userId: a.id, description: 'Joined "two"', at: new Date(at.getTime() + 1000) });
    expect(rows).toEqual([{ description: 'Joined "one"', createdAt: at }]);
    expect(again[0]!.createdAt.getTime()).toBe(at.getTime() + 1000);
  });

  it('builds on each call and runs unnamed, with the same answer, should drizzle no longer keep the parts it reuses', async () => {
    const a = await createUser(database.db, { name: 'Prebuilt D' });
    let builds = 0;
    const byId = prebuilt<Array<{ displayName: string }>, { id: string }>((db) => {
      builds += 1;
      const builder = db
        .select({ displayName: users.name })
        .from(users)
        .where(and(eq(users.id, sql.placeholder('id')), sql`'built again' <> ''`));
      // A prepared query without its text where prebuilt reads it (as if drizzle had moved it).
      return { prepare: () => ({ execute: () => Promise.reject(new Error('not to be run')) }), execute: (values?: Record<string, unknown>) => builder.execute(values) };
    });
    await database.db.transaction(async (tx) => {
      expect(await byId(tx, { id: a.id })).toEqual([{ displayName: 'Prebuilt D' }]);
      expect(await byId(tx, { id: a.id })).toEqual([{ displayName: 'Prebuilt D' }]);
      expect([...(await preparedOn(tx)).values()].some((p) => p.statement.includes('built again'))).toBe(false);
    });
    expect(builds).toBe(3); // the first build found nothing to keep; each call built again
  });
});

describe('prebuiltSql', () => {
  it('runs one raw text, built once, with each call\'s values, under its text\'s name', async () => {
    const a = await createUser(database.db, { name: 'Prebuilt E' });
    const b = await createUser(database.db, { name: 'Prebuilt F' });
    const names = prebuiltSql<{ ids: string[] }, { name: string }>(sql`select name from users where id = any(${sql.placeholder('ids')}::uuid[]) and 'raw' <> '' order by name`);
    await database.db.transaction(async (tx) => {
      expect((await names(tx, { ids: [a.id] })).rows).toEqual([{ name: 'Prebuilt E' }]);
      const both = await names(tx, { ids: [a.id, b.id] });
      expect(both.rows).toEqual([{ name: 'Prebuilt E' }, { name: 'Prebuilt F' }]);
      expect(both.rowCount).toBe(2);
      const text = "select name from users where id = any($1::uuid[]) and 'raw' <> '' order by name";
      expect((await preparedOn(tx)).get(preparedNameOf(text)!)).toEqual({ statement: text, generic: 2, custom: 0 });
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
        const byId = prebuilt((db) => db.select({ displayName: users.name }).from(users).where(eq(users.id, sql.placeholder('id'))));
        expect(await byId(tx, { id: a.id })).toEqual([{ displayName: 'Prepared E' }]);
        expect((await prebuiltSql(sql`select name from users where id = ${sql.placeholder('id')} and 'off too' <> ''`)(tx, { id: a.id })).rows).toEqual([{ name: 'Prepared E' }]);
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
