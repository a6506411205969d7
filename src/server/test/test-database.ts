import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, inject } from 'vitest';
import { openDatabase, type Database } from '../db/client';

/**
 * A fresh database for one test file, cloned from the migrated template (cheap), and
 * dropped when the file's tests are done.
 */
export async function createTestDatabase(): Promise<Database> {
  const { connection, template } = inject('testServer');
  const name = `${template.replace('template', 'test')}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client(connection);
  await admin.connect();
  await admin.query(`create database ${name} template ${template}`);
  await admin.end();
  const dbConnection: pg.PoolConfig = connection.connectionString
    ? { connectionString: replaceDatabase(connection.connectionString, name) }
    : { ...connection, database: name };
  const database = openDatabase(dbConnection, { max: 30 });
  afterAll(async () => {
    await database.close();
    const cleanup = new pg.Client(connection);
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${name} with (force)`);
    await cleanup.end();
  });
  return database;
}

function replaceDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/**
 * The test database as a DATABASE_URL, for a test that starts the app in a child process: the
 * pool holds either a connection string (TEST_DATABASE_URL) or the embedded server's parts.
 */
export function databaseUrlOf(database: Database): string {
  const { connectionString, host, port, user, password, database: name } = database.pool.options;
  if (connectionString) return connectionString;
  const url = new URL(`postgresql://${encodeURIComponent(user ?? 'postgres')}${password ? `:${encodeURIComponent(String(password))}` : ''}@localhost/${name}`);
  if (String(host).startsWith('/')) {
    url.searchParams.set('host', String(host));
    if (port) url.port = String(port);
  } else url.host = `${host ?? 'localhost'}:${port ?? 5432}`;
  return url.toString();
}
