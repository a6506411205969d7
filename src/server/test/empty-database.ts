import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

/**
 * An empty database on the test server (not the migrated template), with the function that drops
 * it. The caller drops it when done: a hook registered from inside a running hook or test is not
 * kept by vitest, which left these databases behind on the PgBouncer pass's server. Direct, as
 * the app's migration lock is (DATABASE_DIRECT_URL): a session advisory lock needs a session,
 * which PgBouncer in transaction mode does not keep.
 */
export async function emptyDatabase(prefix: string): Promise<{ connection: pg.PoolConfig; drop: () => Promise<void> }> {
  const { direct: server } = inject('testServer');
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client(server);
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const drop = async () => {
    const cleanup = new pg.Client(server);
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${name} with (force)`);
    await cleanup.end();
  };
  if (server.connectionString) {
    const url = new URL(server.connectionString);
    url.pathname = `/${name}`;
    return { connection: { connectionString: url.toString() }, drop };
  }
  return { connection: { ...server, database: name }, drop };
}
