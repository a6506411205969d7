import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../clock';
import type { Database } from '../../db/client';
import { users } from '../../db/schema/auth';
import { caucusMembers, caucuses } from '../../db/schema/caucuses';
import { notifications } from '../../db/schema/notifications';
import { createCaucusRow } from '../../test/caucus-factories';
import { buildUser, createUser, insertUsersBatch } from '../../test/factories';
import { createTestApp } from '../../test/test-app';
import { createTestDatabase } from '../../test/test-database';
import { startTestJobQueue } from '../../test/test-jobs';
import { BROADCAST_FANOUT_JOB, fanOutBroadcast } from './broadcast-fanout.service';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});

const deps = () => ({ db: database.db, clock: systemClock });
type Person = Awaited<ReturnType<typeof createUser>>;
const toldOf = async (broadcastId: string) =>
  (
    await database.db
      .select({ userId: notifications.userId, data: notifications.data })
      .from(notifications)
      .where(and(eq(notifications.kind, 'broadcast'), sql`${notifications.data}->>'broadcastId' = ${broadcastId}`))
  ).map((r) => r.userId);

async function finalizedCaucus(home: { state: string; district: number }, level: number, members: Person[], delegate: Person) {
  const caucus = await createCaucusRow(database.db, { ...home, level, requiredVotingMembers: members.length });
  await database.db.insert(caucusMembers).values(members.map((m) => ({ caucusId: caucus.id, userId: m.id, isVotingMember: true })));
  await database.db
    .update(caucuses)
    .set({ electionFinalized: true, votingFinalized: true, votingStarted: true, electedDelegateId: delegate.id, finalizedAt: new Date() })
    .where(eq(caucuses.id, caucus.id));
  return caucus;
}

describe('a broadcast’s notifications', () => {
  it('the request queues the fan-out in its own transaction; the job tells each person of a district once, never the sender', async () => {
    // The queue as the app creates it; nobody works it here: the test runs the job itself.
    const queue = await startTestJobQueue(database, [{ name: BROADCAST_FANOUT_JOB, handler: async () => undefined }], { work: false });
    afterAll(() => queue.stop());
    const home = { state: 'WA', district: 7 };
    const admin = await createUser(database.db, { ...home, isAdministrator: true });
    // 5,000 residents of the district (set-based, as the seeders write), and people elsewhere.
    const rows = Array.from({ length: 5000 }, (_, i) => buildUser(900_000 + i, Math.random, home));
    await insertUsersBatch(database.db, rows);
    const elsewhere = await createUser(database.db, { state: 'WA', district: 8 });
    const gone = await createUser(database.db, home);
    await database.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone.id));

    const app = createTestApp(database.db, { jobs: queue });
    const res = await app.request('/api/broadcasts', { method: 'POST', cookie: await app.cookieFor(admin), json: { message: 'Caucus night is Thursday at 7.', scope: 'district', state: 'WA', district: 7 } });
    expect(res.status, JSON.stringify(app.logs.filter((l) => (l.level as number) >= 50))).toBe(201);
    const { id } = (await res.json()) as { id: string };
    const jobs = await database.db.execute<{ data: { broadcastId: string } }>(sql`select data from pgboss.job where name = ${BROADCAST_FANOUT_JOB}`);
    expect(jobs.rows.map((j) => j.data)).toEqual([{ broadcastId: id }]);
    // Nothing was written by the request itself.
    expect(await toldOf(id)).toHaveLength(0);

    const started = performance.now();
    expect(await fanOutBroadcast(deps(), id, { batch: 1000 })).toBe(5000);
    console.log(`fan-out of 5,000 in batches of 1,000: ${Math.round(performance.now() - started)} ms`);
    const told = await toldOf(id);
    expect(told).toHaveLength(5000);
    expect(new Set(told)).toEqual(new Set(rows.map((r) => r.id)));
    expect(told).not.toContain(admin.id);
    expect(told).not.toContain(elsewhere.id);
    expect(told).not.toContain(gone.id);
    const [one] = await database.db.select().from(notifications).where(and(eq(notifications.kind, 'broadcast'), eq(notifications.userId, rows[0]!.id!)));
    expect(one!.data).toMatchObject({ broadcastId: id, senderId: admin.id, preview: 'Caucus night is Thursday at 7.' });
    expect(one!.deliverAt).not.toBeNull();

    // A retried job (the worker died after some batches) adds nothing.
    await fanOutBroadcast(deps(), id, { batch: 700 });
    expect(await toldOf(id)).toHaveLength(5000);
  });

  it('a Delegate’s broadcast reaches exactly the voters of the tree beneath their caucus', async () => {
    const home = { state: 'WA', district: 9 };
    const [v1, v2, v3, v4, d1a, d1b, d1c, x, bystander] = await Promise.all(Array.from({ length: 9 }, () => createUser(database.db, home)));
    await finalizedCaucus(home, 1, [v1!, v2!, d1a!], d1a!);
    await finalizedCaucus(home, 1, [v3!, d1b!], d1b!);
    await finalizedCaucus(home, 1, [v4!, d1c!], d1c!);
    await finalizedCaucus(home, 2, [d1a!, d1b!], d1b!);
    const l3 = await finalizedCaucus(home, 3, [d1b!, x!], d1b!);
    const [b] = await database.db.execute<{ id: string }>(sql`
      insert into broadcasts (sender_id, message, scope, level, target_state, target_district, caucus_id)
      values (${d1b!.id}, 'Level 3 report', 'constituents', 3, 'WA', 9, ${l3.id}) returning id`).then((r) => r.rows);
    await fanOutBroadcast(deps(), b!.id);
    const told = await toldOf(b!.id);
    expect(new Set(told)).toEqual(new Set([v1, v2, v3, d1a, x].map((p) => p!.id)));
    for (const none of [v4, d1c, d1b, bystander]) expect(told).not.toContain(none!.id);
    const bell = await database.db.select({ userId: notifications.userId }).from(notifications).where(inArray(notifications.userId, [v1!.id]));
    expect(bell.length).toBeGreaterThan(0);
  });
});
