import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newClient, openDatabase, type Database } from './client';
import { connectionFailureOf } from './connection-failure';
import { isAlive, startEmbeddedPostgres } from './embedded';
import { connectionForUrl, type HostLocator } from './primary-locator';
import { waitUntil } from '../test/wait-until';
import { createNotificationHub, notifyQuery, type HubEvent } from '../realtime/notification-hub';

/**
 * Following the primary among two real PostgreSQL servers (decision 046). They are not replicas
 * of each other: which one "is the primary" is played with default_transaction_read_only (what a
 * standby being promoted reports for a moment) and kill -9. The real failover, with replication
 * and pg_auto_failover, is the drill's (failover-drill.test.ts).
 */

interface Server {
  dir: string;
  socketDir: string;
  stop: () => Promise<void>;
}

const servers: Server[] = [];

async function startServer(): Promise<Server> {
  const dir = mkdtempSync(path.join(tmpdir(), 'caucus-locator-'));
  const started = await startEmbeddedPostgres({ dataDir: dir, database: 'caucus', log: () => undefined });
  const server = { dir, socketDir: String(started.connection.host), stop: started.stop };
  servers.push(server);
  const admin = new pg.Client({ ...started.connection });
  await admin.connect();
  await admin.query('create table if not exists votes (id int primary key, at text not null)');
  await admin.end();
  return server;
}

async function setReadOnly(server: Server, readOnly: boolean): Promise<void> {
  const admin = new pg.Client({ host: server.socketDir, port: 5433, user: 'postgres', database: 'caucus' });
  await admin.connect();
  await admin.query('set default_transaction_read_only = off');
  await admin.query(`alter system set default_transaction_read_only = ${readOnly ? 'on' : 'off'}`);
  await admin.query('select pg_reload_conf()');
  await admin.end();
  // The reload reaches the server's processes a moment later: wait until a new session sees it.
  await waitUntil('the setting in force', async () => {
    const check = new pg.Client({ host: server.socketDir, port: 5433, user: 'postgres', database: 'caucus' });
    await check.connect();
    try {
      const { rows } = await check.query<{ ro: string }>("select current_setting('transaction_read_only') as ro");
      return rows[0]!.ro === (readOnly ? 'on' : 'off');
    } finally {
      await check.end();
    }
  }, 20_000);
}

function postmasterPid(server: Server): number {
  return Number(readFileSync(path.join(server.socketDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
}

async function votesOn(server: Server): Promise<number[]> {
  const client = new pg.Client({ host: server.socketDir, port: 5433, user: 'postgres', database: 'caucus' });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: number }>('select id from votes order by id');
    return rows.map((r) => r.id);
  } finally {
    await client.end();
  }
}

let a: Server;
let b: Server;
let url: string;

beforeAll(async () => {
  [a, b] = await Promise.all([startServer(), startServer()]);
  await setReadOnly(b, true);
  url = `postgres://postgres@/caucus?host=${encodeURIComponent(a.socketDir)},${encodeURIComponent(b.socketDir)}&port=5433&target_session_attrs=read-write`;
}, 120_000);

afterAll(async () => {
  for (const server of servers) {
    await server.stop().catch(() => undefined);
    rmSync(server.dir, { recursive: true, force: true });
  }
});

describe('a pool on several hosts', () => {
  it('writes to the host that takes writes, follows it when it changes, and tells a LISTEN connection', async () => {
    const { config, locator } = connectionForUrl(url, { connectTimeoutMs: 3000 });
    expect(locator).not.toBeNull();
    const database: Database = openDatabase(config, { max: 4 });
    const hub = createNotificationHub({ connection: config, reconnectDelayMs: 50, maxReconnectDelayMs: 200 });
    const events: HubEvent[] = [];
    try {
      await database.db.execute(sql`insert into votes values (1, 'a')`);
      expect(await votesOn(a)).toEqual([1]);
      expect(await votesOn(b)).toEqual([]);
      expect(locator!.host?.host).toBe(a.socketDir);
      await hub.subscribe('votes', 'k', (event) => events.push(event));

      // The primary dies; the other host is promoted (stops being read-only).
      const pid = postmasterPid(a);
      process.kill(pid, 'SIGKILL');
      a.stop = async () => undefined; // nothing left to stop
      await waitUntil('the first server to be gone', () => !isAlive(pid), 20_000);
      await setReadOnly(b, false);

      // A request caught in the switch meets a connection failure (a 503 for the app), never a
      // wrong answer; the next ones go to the new host.
      const acknowledged: number[] = [1];
      const failures = new Set<string | null>();
      let id = 2;
      await waitUntil('a write on the new host', async () => {
        try {
          await database.db.execute(sql`insert into votes values (${id}, 'b')`);
          acknowledged.push(id++);
          return true;
        } catch (e) {
          failures.add(connectionFailureOf(e));
          id++;
          return false;
        }
      }, 20_000);
      expect([...failures].filter((kind) => kind === null)).toEqual([]);
      for (let i = 0; i < 5; i++) {
        await database.db.execute(sql`insert into votes values (${id}, 'b')`);
        acknowledged.push(id++);
      }
      expect(locator!.host?.host).toBe(b.socketDir);
      expect(locator!.moves).toBe(1);
      // Every acknowledged write is on one of the servers: none lost.
      const onB = await votesOn(b);
      expect(acknowledged.filter((v) => v !== 1).every((v) => onB.includes(v))).toBe(true);

      // The LISTEN connection is back, on the new host: it hears what is written there.
      await waitUntil('the LISTEN connection on the new host', async () => {
        await database.db.execute(notifyQuery('votes', 'k', { after: 'failover' }));
        return events.some((e) => e.type === 'notification' && JSON.stringify(e.data) === '{"after":"failover"}');
      }, 20_000);
      expect(events.some((e) => e.type === 'resync')).toBe(true);
    } finally {
      await hub.close();
      await database.close();
    }
  }, 90_000);

  it('does not use a host that takes no writes, and says so once none does', async () => {
    const c = await startServer();
    const d = await startServer();
    await setReadOnly(c, true);
    await setReadOnly(d, true);
    const twoReadOnly = `postgres://postgres@/caucus?host=${encodeURIComponent(c.socketDir)},${encodeURIComponent(d.socketDir)}&port=5433&target_session_attrs=read-write`;
    const { config, locator } = connectionForUrl(twoReadOnly, { connectTimeoutMs: 600 });
    const database = openDatabase(config, { max: 2 });
    try {
      const refused = await database.db.execute(sql`select 1`).catch((e: unknown) => e);
      expect(connectionFailureOf(refused)).toBe('no-host');
      expect((locator as HostLocator).host).toBeNull();

      // The second one is promoted: the next connection finds it, and a client of the same
      // connection (the migration lock's, the LISTEN one) goes there too.
      await setReadOnly(d, false);
      await database.db.execute(sql`insert into votes values (100, 'd')`);
      expect(await votesOn(d)).toEqual([100]);
      const lock = newClient(config);
      await lock.connect();
      const { rows } = await lock.query<{ dir: string }>("select current_setting('unix_socket_directories') as dir");
      await lock.end();
      expect(rows[0]!.dir).toBe(d.socketDir);

      // A host that stops taking writes under an open pool: its refusal moves the pool on.
      await setReadOnly(c, false);
      await setReadOnly(d, true);
      await waitUntil('the pool on the other host', async () => {
        try {
          await database.db.execute(sql`insert into votes values (200, 'c')`);
          return true;
        } catch (e) {
          expect(connectionFailureOf(e)).not.toBeNull();
          return false;
        }
      }, 20_000);
      expect(await votesOn(c)).toEqual([200]);
      expect(locator!.moves).toBe(1);
    } finally {
      await database.close();
    }
  }, 90_000);
});
