import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, inject } from 'vitest';
import { openDatabase, type Database } from '../db/client';

/** Each test database's connection without PgBouncer (the same as its pool's when the run goes direct). */
const directOf = new WeakMap<Database, pg.PoolConfig>();

/**
 * A fresh database for one test file, cloned from the migrated template (cheap), and
 * dropped when the file's tests are done. Its pool goes through PgBouncer when the run does
 * (global-setup.ts); creating and dropping it go direct: PostgreSQL copies no template, and drops
 * no database, that a pooled connection holds open.
 */
export async function createTestDatabase(): Promise<Database> {
  const { connection, direct, template } = inject('testServer');
  const name = `${template.replace('template', 'test')}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client(direct);
  await admin.connect();
  await admin.query(`create database ${name} template ${template}`);
  await admin.end();
  const database = openDatabase(pointedAt(connection, name), { max: 30, sessions: !throughPgBouncer() });
  directOf.set(database, pointedAt(direct, name));
  afterAll(async () => {
    await database.close();
    const cleanup = new pg.Client(direct);
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${name} with (force)`);
    await cleanup.end();
  });
  return database;
}

/** Whether this run's pools go through PgBouncer in transaction mode (decision 047). */
export function throughPgBouncer(): boolean {
  return inject('testServer').throughPgBouncer;
}

/**
 * The test database without PgBouncer, for what needs a session of its own, as the app's
 * DATABASE_DIRECT_URL: a notification hub (LISTEN), a job queue, a session advisory lock, a
 * session's SET. Without PgBouncer in the run it is the pool's own connection.
 */
export function directConnectionOf(database: Database): pg.PoolConfig {
  const direct = directOf.get(database);
  if (!direct) throw new Error('directConnectionOf: not a database of createTestDatabase()');
  return { ...direct };
}

/**
 * The test database opened direct, a pool of its own closed after the file: for tooling that
 * keeps state in its session (the seeders' temporary tables and session settings, bulk loads), as
 * scripts/seed.ts and the bench must run with DATABASE_DIRECT_URL behind PgBouncer.
 */
export function directDatabaseOf(database: Database, options: { max?: number } = {}): Database {
  const connection = directConnectionOf(database);
  const direct = openDatabase(connection, { max: options.max ?? 30, sessions: true });
  directOf.set(direct, connection);
  afterAll(() => direct.close());
  return direct;
}

function pointedAt(connection: pg.PoolConfig, database: string): pg.PoolConfig {
  if (!connection.connectionString) return { ...connection, database };
  const u = new URL(connection.connectionString);
  u.pathname = `/${database}`;
  return { ...connection, connectionString: u.toString() };
}

/**
 * The test database as a DATABASE_URL, for a test that starts the app in a child process: the
 * pool holds either a connection string (TEST_DATABASE_URL) or the embedded server's parts.
 * Through PgBouncer when the run goes through it; give the child directDatabaseUrlOf() as its
 * DATABASE_DIRECT_URL too.
 */
export function databaseUrlOf(database: Database): string {
  return urlOf(database.pool.options);
}

/** The test database without PgBouncer, as a DATABASE_DIRECT_URL for a child process. */
export function directDatabaseUrlOf(database: Database): string {
  return urlOf(directConnectionOf(database));
}

function urlOf(options: pg.PoolConfig): string {
  const { connectionString, host, port, user, password, database: name } = options;
  if (connectionString) return connectionString;
  const userInfo = `${encodeURIComponent(user ?? 'postgres')}${password ? `:${encodeURIComponent(String(password))}` : ''}@`;
  // A Unix socket folder goes in ?host= (with ?port=), and then no host before the path, as libpq writes it.
  if (String(host).startsWith('/')) {
    const params = new URLSearchParams({ host: String(host), ...(port ? { port: String(port) } : {}) });
    return `postgresql://${userInfo}/${encodeURIComponent(String(name))}?${params.toString()}`;
  }
  return `postgresql://${userInfo}${host ?? 'localhost'}:${port ?? 5432}/${encodeURIComponent(String(name))}`;
}
