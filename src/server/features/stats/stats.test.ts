import { beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { caucuses } from '../../db/schema/caucuses';
import { users } from '../../db/schema/auth';
import type { Database } from '../../db/client';
import { fixedClock } from '../../clock';
import { createTestDatabase } from '../../test/test-database';
import { createTestApp } from '../../test/test-app';
import { createUser } from '../../test/factories';
import { countMovementStats, movementStatsReader } from './stats.service';
import { eq } from 'drizzle-orm';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});

const code = () => Math.random().toString(36).slice(2, 8).toUpperCase().padEnd(6, 'X');

async function addCaucus(state: string, district: number, finalized: boolean) {
  const delegate = finalized ? await createUser(database.db, { state, district }) : null;
  await database.db.insert(caucuses).values({
    name: `Caucus ${code()}`,
    state,
    district,
    level: 1,
    invitationCode: code(),
    electionFinalized: finalized,
    votingFinalized: finalized,
    electedDelegateId: delegate?.id ?? null,
  });
}

describe('the movement figures', () => {
  it('counts confirmed members, caucuses by state and districts with a caucus', async () => {
    const before = await countMovementStats(database.db);
    await createUser(database.db, { state: 'OH', district: 3 });
    await createUser(database.db, { emailVerified: false, emailVerifiedAt: null }); // not a member until confirmed
    const hidden = await createUser(database.db);
    await database.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, hidden.id));
    await addCaucus('OH', 3, false);
    await addCaucus('OH', 3, true);
    await addCaucus('OH', 4, false);
    const after = await countMovementStats(database.db);
    // +1 plain member, +1 delegate made for the finalized caucus; the unconfirmed and the hidden do not count.
    expect(after.totalMembers - before.totalMembers).toBe(2);
    expect(after.totalCaucuses - before.totalCaucuses).toBe(3);
    expect(after.activeCaucuses - before.activeCaucuses).toBe(2);
    expect(after.finalizedCaucuses - before.finalizedCaucuses).toBe(1);
    expect(after.districtsActive - before.districtsActive).toBe(2);
  });

  it('reads the database at most once per cache period', async () => {
    const clock = fixedClock('2026-11-22T12:00:00Z');
    const read = movementStatsReader({ db: database.db, clock, logger: pino({ level: 'silent' }), ttlSeconds: 30 });
    const first = await read();
    await createUser(database.db);
    expect((await read()).totalMembers).toBe(first.totalMembers); // still cached
    clock.set('2026-11-22T12:00:31Z');
    expect((await read()).totalMembers).toBe(first.totalMembers + 1);
  });

  it('answers zeros when the count fails (the spec: stats failure falls back to 0)', async () => {
    const broken = { execute: () => Promise.reject(new Error('connection lost')) } as unknown as Database['db'];
    const read = movementStatsReader({ db: broken, clock: fixedClock('2026-01-01'), logger: pino({ level: 'silent' }), ttlSeconds: 30 });
    expect(await read()).toEqual({ totalMembers: 0, totalCaucuses: 0, activeCaucuses: 0, finalizedCaucuses: 0, districtsActive: 0 });
  });

  it('is served at GET /api/stats/movement to anyone', async () => {
    const t = createTestApp(database.db);
    const res = await t.request('/api/stats/movement');
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, number>;
    expect(body.totalMembers).toBeGreaterThan(0);
    expect(Object.keys(body).sort()).toEqual(['activeCaucuses', 'districtsActive', 'finalizedCaucuses', 'totalCaucuses', 'totalMembers']);
  });
});
