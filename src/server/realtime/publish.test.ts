import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { createTestDatabase, directConnectionOf, directDatabaseOf } from '../test/test-database';
import { statementLogOf } from '../test/statement-log';
import { publish, publishEach } from './publish';

let database: Database;
let listener: pg.Client;
/** The test database without PgBouncer: each connection a session, so events leave with COMMIT. */
let direct: Database;
const heard: Array<{ channel: string; payload: string }> = [];

beforeAll(async () => {
  database = await createTestDatabase();
  // LISTEN needs a session: direct, as the app's hub (DATABASE_DIRECT_URL).
  listener = new pg.Client(directConnectionOf(database));
  await listener.connect();
  listener.on('notification', (n) => heard.push({ channel: n.channel, payload: n.payload ?? '' }));
  await listener.query('LISTEN publish_test');
  direct = directDatabaseOf(database, { max: 2 });
  afterAll(() => listener.end());
});

const keysHeard = () => heard.map((h) => (JSON.parse(h.payload) as { key: string }).key);

/** Waits until `keys` have all been heard (bounded), then a round trip more for stragglers. */
async function hear(keys: string[], timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!keys.every((k) => keysHeard().includes(k))) {
    if (Date.now() > deadline) throw new Error(`not heard: ${keys.filter((k) => !keysHeard().includes(k)).join(', ')}`);
    await new Promise((r) => setTimeout(r, 10));
  }
  // Anything sent with them has arrived too once one more NOTIFY made the trip.
  const marker = `marker-${Math.random()}`;
  await database.pool.query(`select pg_notify('publish_test', $1)`, [JSON.stringify({ key: marker, data: null })]);
  while (!keysHeard().includes(marker)) await new Promise((r) => setTimeout(r, 10));
}

describe('publish: live events leave after the write commits', () => {
  it('sends an event after its transaction commits, and not before', async () => {
    let heardBeforeCommit = true;
    await database.db.transaction(async (tx) => {
      await publish(tx, 'publish_test', 'committed', { n: 1 });
      await tx.execute(sql`select pg_sleep(0.05)`);
      heardBeforeCommit = keysHeard().includes('committed');
    });
    await hear(['committed']);
    expect(heardBeforeCommit).toBe(false);
    expect(heard.find((h) => h.payload.includes('"committed"'))!.payload).toBe(JSON.stringify({ key: 'committed', data: { n: 1 } }));
  });

  it('sends nothing for a transaction that rolls back, nor for a savepoint that does', async () => {
    await database.db
      .transaction(async (tx) => {
        await publish(tx, 'publish_test', 'rolled-back', null);
        throw new Error('abort');
      })
      .catch(() => undefined);
    await database.db.transaction(async (tx) => {
      await publish(tx, 'publish_test', 'outer', null);
      await tx
        .transaction(async (inner) => {
          await publish(inner, 'publish_test', 'inner-rolled-back', null);
          throw new Error('abort the savepoint');
        })
        .catch(() => undefined);
      await tx.transaction(async (inner) => publish(inner, 'publish_test', 'inner-kept', null));
    });
    await hear(['outer', 'inner-kept']);
    expect(keysHeard()).not.toContain('rolled-back');
    expect(keysHeard()).not.toContain('inner-rolled-back');
  });

  it('sends every event of 100 concurrent writes, each once', async () => {
    const keys = Array.from({ length: 100 }, (_, i) => `many-${i}`);
    await Promise.all(keys.map((key) => database.db.transaction(async (tx) => publishEach(tx, 'publish_test', [key, `${key}-b`], { key }))));
    const all = keys.flatMap((k) => [k, `${k}-b`]);
    await hear(all);
    for (const k of all) expect(keysHeard().filter((h) => h === k)).toHaveLength(1);
  });

  it('sends the events of one write in one statement, whatever the number of publish calls', async () => {
    const statements: string[] = [];
    const original = pg.Client.prototype.query;
    const spy = function (this: pg.Client, ...args: unknown[]) {
      const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string } | undefined)?.text;
      if (text?.includes('pg_notify')) statements.push(text);
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    };
    pg.Client.prototype.query = spy as typeof original;
    try {
      await database.db.transaction(async (tx) => {
        await publish(tx, 'publish_test', 'one-write-a', null);
        await publishEach(tx, 'publish_test', ['one-write-b', 'one-write-c'], null);
        await publish(tx, 'publish_test', 'one-write-d', null);
      });
    } finally {
      pg.Client.prototype.query = original;
    }
    await hear(['one-write-a', 'one-write-b', 'one-write-c', 'one-write-d']);
    expect(statements).toHaveLength(1);
  });

  it('on a pool whose connections are sessions, sends the events in the same round trip as COMMIT, right behind it', async () => {
    const sent = await statementLogOf(direct).during(() =>
      direct.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await publish(tx, 'publish_test', 'with-commit-a', null);
        await publishEach(tx, 'publish_test', ['with-commit-b', 'with-commit-c'], null);
      }),
    );
    await hear(['with-commit-a', 'with-commit-b', 'with-commit-c']);
    const texts = sent.statements.map((s) => s.text.split('\n')[0]!.trim());
    expect(texts.slice(0, 2)).toEqual(['begin', 'select 1']);
    expect(texts[2]).toMatch(/^select set_config\('caucus\.commit_mark', \$1, false\)$/);
    expect(texts[3]).toBe('commit');
    expect(texts[4]).toMatch(/pg_notify/);
    expect(sent.statements.length).toBe(5);
    // BEGIN with the select, then the mark, COMMIT and the events in one flight.
    expect(sent.roundTrips).toBe(2);
    for (const k of ['with-commit-a', 'with-commit-b', 'with-commit-c']) expect(keysHeard().filter((h) => h === k)).toHaveLength(1);
  });

  it('sends none of the events that rode with a COMMIT that failed, nor those of a transaction an error let go aborted', async () => {
    await direct.db.execute(sql`create table if not exists publish_deferred (id int primary key, parent int references publish_deferred (id) deferrable initially deferred)`);
    // The foreign key is checked at COMMIT: the commit itself fails, after the mark was set.
    await expect(
      direct.db.transaction(async (tx) => {
        await tx.execute(sql`insert into publish_deferred values (1, 999)`);
        await publish(tx, 'publish_test', 'failed-commit', null);
      }),
    ).rejects.toThrow(/foreign key/);
    // A statement's error caught and let go: PostgreSQL answers COMMIT with ROLLBACK.
    await expect(
      direct.db.transaction(async (tx) => {
        await publish(tx, 'publish_test', 'aborted-quietly', null);
        await tx.execute(sql`select 1 / 0`).catch(() => undefined);
      }),
    ).rejects.toThrow(/did not commit \(ROLLBACK\)/);
    // The connection goes on: its next transaction's events leave with its COMMIT.
    await direct.db.transaction(async (tx) => publish(tx, 'publish_test', 'after-the-failures', null));
    await hear(['after-the-failures']);
    expect(keysHeard()).not.toContain('failed-commit');
    expect(keysHeard()).not.toContain('aborted-quietly');
    expect((await direct.db.execute(sql`select count(*)::int as n from publish_deferred`)).rows[0]).toEqual({ n: 0 });
  });

  it('outside a transaction it notifies at once; a bad channel or an oversized payload fails the write', async () => {
    await publish(database.db, 'publish_test', 'plain', null);
    await hear(['plain']);
    await expect(database.db.transaction(async (tx) => publish(tx, 'Bad-Channel', 'k', null))).rejects.toThrow(/channel/);
    await expect(database.db.transaction(async (tx) => publish(tx, 'publish_test', 'big', 'x'.repeat(9000)))).rejects.toThrow(/exceeds/);
  });
});
