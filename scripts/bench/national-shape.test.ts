// The national shape the bench runs on (--shape national) is what it says: the app's URL goes
// through PgBouncer in transaction mode, a commit through it waits for the standby (held while
// the standby's WAL receiver is frozen, answered once it runs again), and stop() leaves no
// process and no folder behind.
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startNationalShape, type NationalShape } from './national-shape';
import { waitUntil } from '../../src/server/test/wait-until';

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function one<T extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows[0]!;
  } finally {
    await client.end().catch(() => undefined);
  }
}

describe('the national shape of npm run bench', () => {
  let shape: NationalShape | null = null;
  let frozen: number | null = null;
  afterAll(async () => {
    if (frozen) process.kill(frozen, 'SIGCONT');
    await shape?.stop();
  });

  it('starts PgBouncer in transaction mode before a primary whose commits wait for the standby, and stops them all', { timeout: 120_000 }, async () => {
    shape = await startNationalShape({ log: () => undefined });
    const { databaseUrl, directUrl, standbyUrl, pids } = shape;

    // PgBouncer's own admin console answers on the app's port: the app really goes through it, in transaction mode.
    const admin = new pg.Client({ connectionString: databaseUrl.replace(/\/caucus$/, '/pgbouncer') });
    await admin.connect();
    const config = await admin.query({ text: 'show config', rowMode: 'array' });
    await admin.end();
    expect(config.rows.find((r: unknown[]) => r[0] === 'pool_mode')?.[1]).toBe('transaction');

    expect((await one<{ sync_state: string }>(directUrl, 'select sync_state from pg_stat_replication')).sync_state).toBe('sync');
    expect((await one<{ standby: boolean }>(standbyUrl, 'select pg_is_in_recovery() as standby')).standby).toBe(true);

    await one(databaseUrl, 'create table national_probe (n int primary key)');
    await one(databaseUrl, 'insert into national_probe values (1)');
    await waitUntil('the first row replayed on the standby', async () => (await one<{ n: string }>(standbyUrl, 'select count(*) as n from national_probe')).n === '1', 10_000);

    // Freeze the standby's WAL receiver: a commit through PgBouncer is not answered while it is frozen.
    frozen = (await one<{ pid: number }>(standbyUrl, 'select pid from pg_stat_wal_receiver')).pid;
    process.kill(frozen, 'SIGSTOP');
    let answered = false;
    const commit = one(databaseUrl, 'insert into national_probe values (2)').then(() => (answered = true));
    // The row is written on the primary (visible to nobody yet: its commit waits) before we look.
    await waitUntil('the insert waiting for the synchronous standby', async () =>
      (await one<{ waiting: boolean }>(directUrl, "select count(*) > 0 as waiting from pg_stat_activity where wait_event = 'SyncRep'")).waiting,
      10_000,
    );
    expect(answered).toBe(false);
    process.kill(frozen, 'SIGCONT');
    frozen = null;
    await commit;
    expect(answered).toBe(true);

    const processes = [pids.primary!, pids.standby!, pids.pgbouncer!];
    expect(processes.every(alive)).toBe(true);
    const folder = /caucus-national-[^/]+/.exec((await one<{ d: string }>(directUrl, "select current_setting('data_directory') as d")).d)![0];
    await shape.stop();
    shape = null;
    await waitUntil('every process of the shape gone', () => !processes.some(alive), 10_000);
    expect(existsSync(path.join(os.tmpdir(), folder))).toBe(false);
  });
});
