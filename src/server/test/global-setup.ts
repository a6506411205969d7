import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrateDatabase, openDatabase } from '../db/client';
import { startEmbeddedPostgres } from '../db/embedded';
import './keep-exit-code';

export const TEMPLATE_DB = `caucus_template_${process.pid}`;

declare module 'vitest' {
  export interface ProvidedContext {
    testServer: { connection: pg.PoolConfig; template: string };
  }
}

/**
 * One PostgreSQL for the whole run: the embedded one by default, or the server of
 * TEST_DATABASE_URL. Migrations run once, into a template; each test file clones it.
 */
export default async function setup(project: TestProject) {
  let connection: pg.PoolConfig;
  let stop = async () => {};
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    connection = { connectionString: url };
  } else {
    const dir = mkdtempSync(path.join(tmpdir(), 'caucus-test-pg-'));
    chmodSync(dir, 0o755); // the postgres user (when we run as root) must reach its folder
    const server = await startEmbeddedPostgres({ dataDir: dir, database: 'postgres', log: () => undefined });
    connection = server.connection;
    stop = async () => {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    };
  }
  const admin = new pg.Client(connection);
  await admin.connect();
  await admin.query(`drop database if exists ${TEMPLATE_DB}`);
  await admin.query(`create database ${TEMPLATE_DB}`);
  const templateConnection = url ? { connectionString: withDatabase(url, TEMPLATE_DB) } : { ...connection, database: TEMPLATE_DB };
  const template = openDatabase(templateConnection, { max: 1 });
  await migrateDatabase(template.db);
  await template.close();

  project.provide('testServer', { connection, template: TEMPLATE_DB });

  return async () => {
    const leftovers = await admin.query<{ datname: string }>(
      `select datname from pg_database where datname like $1 or datname = $2`,
      [`caucus_test_${process.pid}_%`, TEMPLATE_DB],
    );
    for (const { datname } of leftovers.rows) await admin.query(`drop database if exists ${datname} with (force)`);
    await admin.end();
    await stop();
  };
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
