import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { backupEvents } from '../../db/schema/operations';
import { createUserWithSession } from '../../test/route-world';
import { freePort } from '../../test/free-port';
import { createTestApp, testSettings } from '../../test/test-app';
import { createTestDatabase } from '../../test/test-database';

/**
 * /metrics (issue 30 part 4, decision 042): never public, labelled by route template, nothing
 * secret in it, and read by a real Prometheus (Debian's 2.42) with the bearer token.
 */
const TOKEN = 'metrics-token-for-the-test-0123456789abcdef';
let database: Database;
let t: ReturnType<typeof createTestApp>;
let tokenOnly: ReturnType<typeof createTestApp>;
const dataDir = mkdtempSync(path.join(tmpdir(), 'metrics-'));

beforeAll(async () => {
  database = await createTestDatabase();
  // This machine is allowed (the default); so is the token.
  t = createTestApp(database.db, { settings: { METRICS_TOKEN: TOKEN, backupTool: 'embedded', BACKUP_SCHEDULE_HOURS: 12, dataDir } });
  // No address allowed: the token alone opens /metrics.
  tokenOnly = createTestApp(database.db, { settings: { METRICS_TOKEN: TOKEN, METRICS_ALLOW: [] } });
});

const scrape = (app: typeof t, init: { remoteAddress?: string; token?: string } = {}) =>
  app.request('/metrics', { remoteAddress: init.remoteAddress, headers: init.token ? { authorization: `Bearer ${init.token}` } : {} });

/** The value of one sample of the text format (the sum of those matching every given label), null when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | null {
  let found: number | null = null;
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const has = Object.entries(labels).every(([k, v]) => (m[2] ?? '').split(/,(?=\w+=)/).includes(`${k}="${v}"`));
    if (has) found = (found ?? 0) + (m[3] === '+Inf' ? Number.POSITIVE_INFINITY : Number(m[3]));
  }
  return found;
}

describe('who may read /metrics', () => {
  it('answers 404, as if absent, to an address not allowed without the token or with a wrong one', async () => {
    for (const res of [
      await scrape(t, { remoteAddress: '203.0.113.9' }),
      await scrape(t, { remoteAddress: '203.0.113.9', token: 'metrics-token-for-the-test-0123456789abcdeX' }),
      await scrape(t, { remoteAddress: '203.0.113.9', token: 'short' }),
      await scrape(tokenOnly),
    ]) {
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain('caucus_');
    }
  });

  it('answers this machine by default, and anyone with the token, never to be cached', async () => {
    for (const res of [await scrape(t), await scrape(t, { remoteAddress: '::ffff:127.0.0.1' }), await scrape(t, { remoteAddress: '203.0.113.9', token: TOKEN }), await scrape(tokenOnly, { token: TOKEN })]) {
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      expect(await res.text()).toContain('# TYPE caucus_http_requests_total counter');
    }
  });
});

describe('what /metrics says', () => {
  it('counts requests by route template and status, never by raw path, and nothing secret', async () => {
    const member = await createUserWithSession(database.db, t.auth, testSettings.AUTH_SECRET, { verified: true });
    const id = crypto.randomUUID();
    await t.request(`/api/caucuses/${id}`, { cookie: member.cookie });
    await t.request(`/api/no-such-thing-${id}`);
    await t.request(`/no-such-page-${id}`);
    await t.request('/api/health');
    const text = await (await scrape(t)).text();

    expect(text).not.toContain(id);
    expect(sample(text, 'caucus_http_requests_total', { route: '/api/caucuses/:id', method: 'GET', status: '404', status_class: '4xx' })).toBe(1);
    expect(sample(text, 'caucus_http_requests_total', { route: 'unmatched', status: '404' })).toBe(2);
    expect(sample(text, 'caucus_http_requests_total', { route: '/api/health', status: '200', status_class: '2xx' })).toBe(1);
    expect(sample(text, 'caucus_http_request_duration_seconds_count', { route: '/api/health', status_class: '2xx' })).toBe(1);
    for (const secret of [testSettings.AUTH_SECRET, TOKEN, member.cookie.split('=')[1]!, member.email]) expect(text).not.toContain(secret);
  });

  it('gives the pool, the streams, the process and the database figures: backups, WAL, mail, migrations, disk', async () => {
    const before = await (await scrape(t)).text();
    expect(sample(before, 'caucus_backup_configured')).toBe(1);
    expect(sample(before, 'caucus_backup_schedule_seconds')).toBe(12 * 3600);
    expect(sample(before, 'caucus_backup_last_success_age_seconds')).toBe(Number.POSITIVE_INFINITY);
    expect(sample(before, 'caucus_database_up')).toBe(1);
    expect(sample(before, 'caucus_migrations_applied')).toBe(sample(before, 'caucus_migrations_shipped'));
    expect(sample(before, 'caucus_db_pool_connections')).toBeGreaterThan(0);
    expect(sample(before, 'caucus_live_streams')).toBe(0);
    expect(sample(before, 'caucus_data_dir_size_bytes')).toBeGreaterThan(0);
    expect(sample(before, 'caucus_wal_archive_failed_count')).toBe(0);
    expect(sample(before, 'caucus_mail_outbox_backlog')).toBe(0);
    expect(sample(before, 'nodejs_eventloop_lag_seconds')).not.toBeNull();
    expect(sample(before, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(sample(before, 'caucus_replica_lag_seconds')).toBeNull(); // no replica

    const finished = new Date(Date.now() - 3600_000);
    await database.db.insert(backupEvents).values({ kind: 'base-backup', tool: 'embedded', startedAt: new Date(finished.getTime() - 1000), finishedAt: finished, ok: true, detail: { bytes: 4096 } });
    await expect.poll(async () => sample(await (await scrape(t)).text(), 'caucus_backup_last_success_age_seconds'), { timeout: 10_000, interval: 250 }).toBeLessThan(3700);
    const after = await (await scrape(t)).text();
    expect(sample(after, 'caucus_backup_last_success_timestamp_seconds')).toBe(finished.getTime() / 1000);
    expect(sample(after, 'caucus_backup_last_ok')).toBe(1);
    expect(sample(after, 'caucus_backup_last_size_bytes')).toBe(4096);
  });

  it('is not part of the API document', async () => {
    const doc = (await (await t.request('/api/openapi.json')).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).not.toContain('/metrics');
    expect(Object.keys(doc.paths)).toContain('/api/ready');
    expect(Object.keys(doc.paths)).toContain('/api/admin/system');
  });
});

describe('a real Prometheus', () => {
  let server: ServerType;
  let prometheus: ChildProcess | null = null;
  const folder = mkdtempSync(path.join(tmpdir(), 'prometheus-'));
  let log = '';

  afterAll(async () => {
    if (prometheus && prometheus.exitCode === null) {
      const exited = once(prometheus, 'exit');
      prometheus.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000).unref())]);
      if (prometheus.exitCode === null) prometheus.kill('SIGKILL');
    }
    await new Promise((r) => server?.close(r));
    rmSync(folder, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('scrapes /metrics with the bearer token and finds the request counts', async () => {
    // The app that lets no address in: Prometheus gets in by its token alone.
    server = serve({ fetch: tokenOnly.app.fetch, port: 0, hostname: '127.0.0.1' });
    await once(server, 'listening');
    const appPort = (server.address() as AddressInfo).port;
    await fetch(`http://127.0.0.1:${appPort}/api/health`);
    const promPort = await freePort();
    writeFileSync(
      path.join(folder, 'prometheus.yml'),
      [
        'global: { scrape_interval: 1s, scrape_timeout: 1s }',
        'scrape_configs:',
        '  - job_name: caucus',
        '    authorization: { type: Bearer, credentials_file: token }',
        `    static_configs: [{ targets: ['127.0.0.1:${appPort}'] }]`,
        '',
      ].join('\n'),
    );
    writeFileSync(path.join(folder, 'token'), TOKEN, { mode: 0o600 });
    prometheus = spawn('prometheus', [`--config.file=${path.join(folder, 'prometheus.yml')}`, `--storage.tsdb.path=${path.join(folder, 'data')}`, `--web.listen-address=127.0.0.1:${promPort}`], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    prometheus.stdout!.on('data', (c: Buffer) => (log += c.toString()));
    prometheus.stderr!.on('data', (c: Buffer) => (log += c.toString()));
    const api = async <T>(p: string): Promise<T | null> => {
      if (prometheus!.exitCode !== null) throw new Error(`prometheus exited:\n${log.slice(-2000)}`);
      try {
        const res = await fetch(`http://127.0.0.1:${promPort}${p}`);
        return res.ok ? ((await res.json()) as T) : null;
      } catch {
        return null; // not listening yet
      }
    };
    type Targets = { data: { activeTargets: Array<{ health: string; lastError: string }> } };
    await expect
      .poll(async () => (await api<Targets>('/api/v1/targets'))?.data.activeTargets[0]?.health, { timeout: 30_000, interval: 250 })
      .toBe('up');
    type Query = { data: { result: Array<{ metric: Record<string, string>; value: [number, string] }> } };
    await expect
      .poll(async () => (await api<Query>('/api/v1/query?query=caucus_http_requests_total{route="/api/health"}'))?.data.result.length ?? 0, { timeout: 30_000, interval: 250 })
      .toBeGreaterThan(0);
    const result = (await api<Query>('/api/v1/query?query=caucus_http_requests_total{route="/api/health"}'))!.data.result[0]!;
    expect(result.metric).toMatchObject({ job: 'caucus', method: 'GET', status: '200', status_class: '2xx' });
    expect(Number(result.value[1])).toBeGreaterThanOrEqual(1);
  }, 90_000);
});
