import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, inject } from 'vitest';

/**
 * An empty database on the test server (not the migrated template), dropped after the file's
 * tests. Direct, as the app's migration lock is (DATABASE_DIRECT_URL): a session advisory lock
 * needs a session, which PgBouncer in transaction mode does not keep.
 */
export async function emptyDatabase(prefix: string): Promise<pg.PoolConfig> {
  const { direct: connection } = inject('testServer');
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client(connection);
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  afterAll(async () => {
    const cleanup = new pg.Client(connection);
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${name} with (force)`);
    await cleanup.end();
  });
  if (connection.connectionString) {
    const url = new URL(connection.connectionString);
    url.pathname = `/${name}`;
    return { connectionString: url.toString() };
  }
  return { ...connection, database: name };
}
