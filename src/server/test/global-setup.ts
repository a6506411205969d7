import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrateDatabase, openDatabase } from '../db/client';
import { startEmbeddedPostgres } from '../db/embedded';
import { preparedStatementsOn } from '../db/prepared-statements';
import './keep-exit-code';
import { startPgBouncer } from './pgbouncer';

export const TEMPLATE_DB = `caucus_template_${process.pid}`;

declare module 'vitest' {
  export interface ProvidedContext {
    /**
     * `connection`: what the tests' pools use (through PgBouncer when the run goes through it);
     * `direct`: the same server without PgBouncer, for what needs a session of its own (creating and
     * dropping databases, the migration lock, LISTEN, the job queue), as DATABASE_DIRECT_URL is to the app.
     */
    testServer: { connection: pg.PoolConfig; direct: pg.PoolConfig; template: string; throughPgBouncer: boolean };
  }
}

/**
 * One PostgreSQL for the whole run: the embedded one by default, or the server of
 * TEST_DATABASE_URL. Migrations run once, into a template; each test file clones it.
 *
 * Through PgBouncer (decision 047), either
 * - TEST_DATABASE_PGBOUNCER=transaction with TEST_DATABASE_DIRECT_URL (or TEST_DATABASE_URL) the
 *   server: this setup starts Debian's PgBouncer in transaction mode in front of it for the run (CI), or
 * - TEST_DATABASE_URL through a PgBouncer you run, and TEST_DATABASE_DIRECT_URL the server behind it.
 * Both need DATABASE_PREPARED_STATEMENTS=off, as the app does behind PgBouncer before 1.21.
 */
export default async function setup(project: TestProject) {
  let connection: pg.PoolConfig;
  let direct: pg.PoolConfig;
  let stop = async () => {};
  const pgbouncerMode = process.env.TEST_DATABASE_PGBOUNCER?.trim();
  const directUrl = process.env.TEST_DATABASE_DIRECT_URL?.trim() || undefined;
  let url = process.env.TEST_DATABASE_URL?.trim() || undefined;
  if (pgbouncerMode) {
    if (pgbouncerMode !== 'transaction') throw new Error(`TEST_DATABASE_PGBOUNCER must be 'transaction' (got '${pgbouncerMode}')`);
    const server = directUrl ?? url;
    if (!server) throw new Error('TEST_DATABASE_PGBOUNCER needs the server to put it in front of: TEST_DATABASE_DIRECT_URL');
    const u = new URL(server);
    // Server connections: at most 10 per test database (its pool has 30 clients), given back
    // after 10 s idle as node-postgres's pool does; the machine's server has max_connections 100.
    const bouncer = await startPgBouncer({ upstream: { host: u.hostname, port: Number(u.port || 5432) }, defaultPoolSize: 10, maxClientConn: 2000, serverIdleTimeoutSeconds: 10 });
    stop = () => bouncer.stop();
    url = bouncer.url(decodeURIComponent(u.pathname.slice(1)) || 'postgres', decodeURIComponent(u.username) || 'postgres');
    connection = { connectionString: url };
    direct = { connectionString: server };
  } else if (url) {
    connection = { connectionString: url };
    direct = { connectionString: directUrl ?? url };
  } else {
    const dir = mkdtempSync(path.join(tmpdir(), 'caucus-test-pg-'));
    chmodSync(dir, 0o755); // the postgres user (when we run as root) must reach its folder
    const server = await startEmbeddedPostgres({ dataDir: dir, database: 'postgres', log: () => undefined });
    connection = server.connection;
    direct = connection;
    stop = async () => {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    };
  }
  const throughPgBouncer = Boolean(pgbouncerMode || (directUrl && directUrl !== url));
  if (throughPgBouncer && preparedStatementsOn()) {
    await stop();
    throw new Error('The tests go through PgBouncer: set DATABASE_PREPARED_STATEMENTS=off (PgBouncer 1.18 in transaction mode keeps no named statement)');
  }
  // Creating a database from the template needs no connection open on it: admin work goes direct.
  const admin = new pg.Client(direct);
  await admin.connect();
  await admin.query(`drop database if exists ${TEMPLATE_DB}`);
  await admin.query(`create database ${TEMPLATE_DB}`);
  const template = openDatabase(withDatabaseOf(direct, TEMPLATE_DB), { max: 1 });
  await migrateDatabase(template.db);
  await template.close();

  project.provide('testServer', { connection, direct, template: TEMPLATE_DB, throughPgBouncer });

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

/** `connection` (a connection string or the embedded server's parts) pointed at `database`. */
export function withDatabaseOf(connection: pg.PoolConfig, database: string): pg.PoolConfig {
  return connection.connectionString ? { ...connection, connectionString: withDatabase(connection.connectionString, database) } : { ...connection, database };
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
