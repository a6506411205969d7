import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { systemStatusSchema } from '../../../domain/operations/system-status';
import type { Database } from '../../db/client';
import { backupEvents } from '../../db/schema/operations';
import { mailOutbox } from '../../db/schema/platform';
import { createUserWithSession } from '../../test/route-world';
import { createTestApp, testSettings } from '../../test/test-app';
import { createTestDatabase } from '../../test/test-database';
import { startTestJobQueue } from '../../test/test-jobs';
import { shippedMigrations } from './database-figures';

/**
 * GET /api/admin/system (issue 30 part 5): administrators only, and the figures are the
 * database's own: the backups, drills and mail written here come back in the answer.
 */
let database: Database;
let t: ReturnType<typeof createTestApp>;
const dataDir = mkdtempSync(path.join(tmpdir(), 'system-status-'));
const HOUR = 3600_000;

beforeAll(async () => {
  database = await createTestDatabase();
  t = createTestApp(database.db, { settings: { backupTool: 'embedded', BACKUP_SCHEDULE_HOURS: 6, BACKUP_RETENTION_DAYS: 7, dataDir } });
});

const person = (isAdministrator: boolean) => createUserWithSession(database.db, t.auth, testSettings.AUTH_SECRET, { verified: true, isAdministrator });
const status = async (cookie?: string) => t.request('/api/admin/system', { cookie });

describe('GET /api/admin/system', () => {
  it('refuses a visitor (401) and a member who is not an administrator (403)', async () => {
    expect((await status()).status).toBe(401);
    const member = await person(false);
    const res = await status(member.cookie);
    expect(res.status).toBe(403);
    expect(await res.text()).not.toContain('backups');
  });

  it('shows an administrator the backups, the last drill, the mail and the migrations as the database has them', async () => {
    const admin = await person(true);
    // Nothing yet: configured but no backup, so overdue.
    const before = systemStatusSchema.parse(await (await status(admin.cookie)).json());
    expect(before.backups).toMatchObject({ tool: 'embedded', scheduleHours: 6, retentionDays: 7, lastBackupAt: null, overdue: true, history: [] });

    const now = Date.now();
    const good = new Date(now - 20 * HOUR); // older than twice the 6-hour schedule
    await database.db.insert(backupEvents).values([
      { kind: 'base-backup', tool: 'embedded', startedAt: new Date(good.getTime() - 90_000), finishedAt: good, ok: true, label: 'b1', detail: { bytes: 123_456 } },
      { kind: 'base-backup', tool: 'embedded', startedAt: new Date(now - HOUR - 5000), finishedAt: new Date(now - HOUR), ok: false, label: 'b2', error: 'could not write: No space left on device\n    at write (x.js:1:1)' },
      { kind: 'restore-drill', tool: 'embedded', startedAt: new Date(now - 2 * HOUR - 60_000), finishedAt: new Date(now - 2 * HOUR), ok: true, detail: { rows: 42 } },
    ]);
    await database.db.insert(mailOutbox).values([
      { toAddress: 'a@example.test', subject: 's', textBody: 't', htmlBody: 'h' },
      { toAddress: 'b@example.test', subject: 's', textBody: 't', htmlBody: 'h', attempts: 2, lastError: 'connect ECONNREFUSED 127.0.0.1:25', nextAttemptAt: new Date(now + 60_000) },
      { toAddress: 'c@example.test', subject: 's', textBody: 't', htmlBody: 'h', attempts: 1, sentAt: new Date(now - HOUR) },
    ]);

    // The figures are read at most every couple of seconds (database-figures.ts).
    await expect.poll(async () => ((await (await status(admin.cookie)).json()) as { backups: { lastBackupAt: string | null } }).backups.lastBackupAt, { timeout: 10_000, interval: 250 }).not.toBeNull();
    const res = await status(admin.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('no-store');
    const body = systemStatusSchema.parse(await res.json());
    expect(body.backups.lastBackupAt).toBe(new Date(now - HOUR).toISOString());
    expect(body.backups.lastBackupOk).toBe(false);
    expect(body.backups.lastBackupError).toBe('could not write: No space left on device');
    expect(body.backups.overdue).toBe(true); // the last good one is 20 hours old
    expect(body.backups.history).toEqual([
      { at: new Date(now - HOUR).toISOString(), ok: false, bytes: null, seconds: 5 },
      { at: good.toISOString(), ok: true, bytes: 123_456, seconds: 90 },
    ]);
    expect(body.backups.lastDrill).toEqual({ at: new Date(now - 2 * HOUR).toISOString(), ok: true, detail: 'rows: 42' });
    expect(body.mail).toMatchObject({ backlog: 2, failing: 1, sentLastDay: 1, lastError: 'connect ECONNREFUSED 127.0.0.1:25' });
    // Failed 60 s (the backoff after a second failure) before its next try.
    expect(body.mail.lastErrorAt).toBe(new Date(now + 60_000 - 30_000).toISOString());
    const migrations = shippedMigrations();
    expect(body.migration).toEqual({ latest: migrations.at(-1), count: migrations.length });
    expect(body.database).toMatchObject({ mode: 'embedded', reachable: true, replicaLagSeconds: null });
    expect(body.database.serverVersion).toMatch(/^\d+/);
    expect(body.disk!.totalBytes).toBeGreaterThan(0);
    expect(body.memory.rssBytes).toBeGreaterThan(0);
    expect(body.liveStreams).toBe(0);
    expect(body.version).toMatch(/^\d+\.\d+\.\d+/);

    // A good backup now: no longer overdue (once the figures' short cache has passed).
    await database.db.insert(backupEvents).values({ kind: 'base-backup', tool: 'embedded', startedAt: new Date(now - 1000), finishedAt: new Date(now), ok: true, label: 'b3' });
    await expect
      .poll(async () => systemStatusSchema.parse(await (await status(admin.cookie)).json()).backups.overdue, { timeout: 10_000, interval: 250 })
      .toBe(false);
  });

  it('lists each job queue with its waiting and failed jobs and the last error', async () => {
    const admin = await person(true);
    // One queue whose jobs fail for good at once, worked here; one nobody works, so its job waits.
    const worked = await startTestJobQueue(database, [{ name: 'status-fails', retryLimit: 0, handler: async () => Promise.reject(new Error('the SMTP server said no\n    at send (mail.js:1:1)')) }]);
    const idle = await startTestJobQueue(database, [{ name: 'status-waits', handler: async () => undefined }], { work: false });
    try {
      await worked.send('status-fails', { n: 1 });
      await idle.send('status-waits', { n: 2 });
      const queues = async () => systemStatusSchema.parse(await (await status(admin.cookie)).json()).jobs;
      await expect
        .poll(async () => (await queues()).find((q) => q.queue === 'status-fails'), { timeout: 20_000, interval: 300 })
        .toMatchObject({ waiting: 0, failedLastDay: 1, lastError: 'the SMTP server said no' });
      const waits = (await queues()).find((q) => q.queue === 'status-waits')!;
      expect(waits).toMatchObject({ waiting: 1, active: 0, failedLastDay: 0, lastError: null, lastFailedAt: null });
      expect(waits.oldestWaitingSeconds).toBeGreaterThanOrEqual(0);
    } finally {
      await worked.stop();
      await idle.stop();
    }
  });
});
