import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyDatabase } from '../test/empty-database';
import { migrationsFolder } from './client';

/**
 * Migration 0031 (decision 060) on a database that already has Brownies on `users`: each
 * person's count moves to brownie_counts with their name, state and district, and from then on a
 * change of those is copied.
 */
const MIGRATION = '0031_narrow-brownie-counts.sql';

async function apply(client: pg.Client, file: string): Promise<void> {
  const statements = readFileSync(path.join(migrationsFolder, file), 'utf8').split('--> statement-breakpoint');
  await client.query('begin');
  for (const statement of statements) if (statement.trim()) await client.query(statement);
  await client.query('commit');
}

let client: pg.Client;
let drop: (() => Promise<void>) | undefined;

beforeAll(async () => {
  const empty = await emptyDatabase('brownie_counts_migration');
  drop = empty.drop;
  client = new pg.Client(empty.connection);
  await client.connect();
  const files = readdirSync(migrationsFolder).filter((f) => f.endsWith('.sql')).sort();
  expect(files).toContain(MIGRATION);
  for (const file of files.slice(0, files.indexOf(MIGRATION))) await apply(client, file);
});

afterAll(async () => {
  await client?.end();
  await drop?.();
});

describe('migration 0031: Brownies counted apart', () => {
  it('moves each count above 0 with its copies, drops users.brownies, and copies later renames', async () => {
    const person = async (name: string, state: string, district: number, brownies: number, deleted = false) =>
      (
        await client.query<{ id: string }>(
          `insert into users (email, name, state, district, brownies, deleted_at) values ($1, $2, $3, $4, $5, $6) returning id`,
          [`${name.replace(/\W/g, '').toLowerCase()}@example.test`, name, state, district, brownies, deleted ? new Date() : null],
        )
      ).rows[0]!.id;
    const ann = await person('Ann Able', 'OH', 3, 4);
    const ben = await person('Ben Bright', 'TX', 7, 0);
    const cat = await person('Cat Former', 'CA', 12, 1, true);

    await apply(client, MIGRATION);

    const rows = (await client.query('select user_id, brownies, name, state, district from brownie_counts order by brownies desc')).rows;
    expect(rows).toEqual([
      { user_id: ann, brownies: 4, name: 'Ann Able', state: 'OH', district: 3 },
      { user_id: cat, brownies: 1, name: 'Cat Former', state: 'CA', district: 12 },
    ]);
    const column = await client.query(`select 1 from information_schema.columns where table_name = 'users' and column_name = 'brownies'`);
    expect(column.rowCount).toBe(0);

    await client.query(`update users set name = 'Ann Renamed', district = 4 where id = $1`, [ann]);
    await client.query(`update users set name = 'Ben Renamed' where id = $1`, [ben]);
    expect((await client.query('select name, state, district from brownie_counts where user_id = $1', [ann])).rows).toEqual([{ name: 'Ann Renamed', state: 'OH', district: 4 }]);
    expect((await client.query('select 1 from brownie_counts where user_id = $1', [ben])).rowCount).toBe(0);
    // Counts are never 0 or below; a person's deletion takes their row with it.
    await expect(client.query(`insert into brownie_counts values ($1, 0, 'Ben Bright', 'TX', 7)`, [ben])).rejects.toThrow(/brownie_counts_positive/);
    await client.query('delete from users where id = $1', [cat]);
    expect((await client.query('select user_id from brownie_counts')).rows).toEqual([{ user_id: ann }]);
  });
});
