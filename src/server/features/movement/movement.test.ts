import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixedClock, systemClock } from '../../clock';
import type { Database } from '../../db/client';
import { users } from '../../db/schema/auth';
import { caucusMembers, caucuses } from '../../db/schema/caucuses';
import { movementRefreshes } from '../../db/schema/movement';
import { createLogger } from '../../logger';
import { appJobs, everyMinutesCron, JOBS } from '../../jobs/app-jobs';
import { createCaucusRow } from '../../test/caucus-factories';
import { createUser } from '../../test/factories';
import { createTestApp, TEST_ORIGIN, testSettings } from '../../test/test-app';
import { createTestDatabase } from '../../test/test-database';
import { startAppJobQueue } from '../../test/test-jobs';
import { FORMER_MEMBER_NAME } from '../../../domain/profiles/profile-types';
import { dayOf } from '../../../domain/movement/time-buckets';
import { MOVEMENT_MESSAGES, type MovementDistrict, type MovementProgress, type MovementState, type MovementStates } from '../../../domain/movement/movement-answers';
import { WHOLE_RECOUNT_AT_LEAST_EVERY_MS } from '../../../domain/movement/recount-scope';
import { refreshMovementAggregates } from './movement.service';

let database: Database;
let t: ReturnType<typeof createTestApp>;

beforeAll(async () => {
  database = await createTestDatabase();
  t = createTestApp(database.db);
});

// The app's time zone in the tests (testSettings.APP_TIME_ZONE): America/New_York.
const timeZone = testSettings.APP_TIME_ZONE;
const refresh = () => refreshMovementAggregates({ db: database.db, clock: systemClock, timeZone });

/** A caucus of the district; finished: its election done, with a new Delegate (or `delegate`). */
async function caucus(state: string, district: number, level: number, options: { finishedAt?: Date; delegate?: { id: string } } = {}) {
  const finished = options.finishedAt !== undefined;
  const delegate = finished ? (options.delegate ?? (await createUser(database.db, { state, district }))) : null;
  const row = await createCaucusRow(database.db, {
    state,
    district,
    level,
    ...(finished ? { votingStarted: true, votingFinalized: true, electionFinalized: true, electedDelegateId: delegate!.id, finalizedAt: options.finishedAt } : {}),
  });
  return { ...row, delegate };
}

/**
 * Makes PostgreSQL's counters of rows written (pg_stat_user_tables) include every earlier write
 * of the test's connections now rather than within a second: the job's quiet-minute check reads
 * them. Each pooled connection is asked to flush its pending figures as its statement ends.
 */
async function flushStatistics() {
  await Promise.all(Array.from({ length: 12 }, () => database.pool.query('select pg_stat_force_next_flush()')));
}

/** A refusal: `path` answers `status` with `message`. */
async function expectRefused(path: string, status: number, message: string) {
  const res = await t.request(path);
  expect(res.status, path).toBe(status);
  expect(((await res.json()) as { error: { message: string } }).error.message, path).toBe(message);
}

async function get<T>(path: string): Promise<{ status: number; body: T; res: Response }> {
  const res = await t.request(path);
  return { status: res.status, body: (await res.json()) as T, res };
}

describe('the movement figures (issue 18)', () => {
  it('match the caucuses after a refresh: the map, the state tiles and the district tree', async () => {
    const now = new Date();
    await caucus('VT', 1, 1, { finishedAt: new Date(now.getTime() - 60_000) });
    await caucus('VT', 1, 1, { finishedAt: now });
    await caucus('VT', 1, 1);
    await caucus('VT', 1, 2);
    const { refreshedAt } = await refresh();

    const states = await get<MovementStates>('/api/movement/states');
    expect(states.status).toBe(200);
    expect(states.res.headers.get('cache-control')).toBe('public, max-age=30');
    expect(states.body.updatedAt).toBe(refreshedAt.toISOString());
    expect(states.body.measure).toBe('share_of_districts_with_finished_level1');
    expect(states.body.states).toHaveLength(50);
    expect(states.body.states.find((s) => s.state === 'VT')).toEqual({
      state: 'VT',
      name: 'Vermont',
      districts: 1,
      districtsWithCaucus: 1,
      districtsWithFinishedLevel1: 1,
      share: 1,
      districtsWithCandidate: 0,
      highestFinishedLevel: 1,
      caucuses: 4,
      finished: 2,
      levels: [
        { level: 1, caucuses: 3, finished: 2 },
        { level: 2, caucuses: 1, finished: 0 },
        { level: 3, caucuses: 0, finished: 0 },
        { level: 4, caucuses: 0, finished: 0 },
        { level: 5, caucuses: 0, finished: 0 },
      ],
    });

    const state = await get<MovementState>('/api/movement/states/vt');
    expect(state.status).toBe(200);
    expect(state.body).toMatchObject({ state: 'VT', name: 'Vermont', share: 1 });
    expect(state.body.districts).toEqual([
      {
        district: 1,
        highestFinishedLevel: 1,
        hasCandidate: false,
        levels: [
          { level: 1, caucuses: 3, finished: 2 },
          { level: 2, caucuses: 1, finished: 0 },
          { level: 3, caucuses: 0, finished: 0 },
          { level: 4, caucuses: 0, finished: 0 },
          { level: 5, caucuses: 0, finished: 0 },
        ],
      },
    ]);
    // Every district of a state is a tile, with or without caucuses.
    const ohio = await get<MovementState>('/api/movement/states/OH');
    expect(ohio.body.districts.map((d) => d.district)).toEqual(Array.from({ length: 15 }, (_, i) => i + 1));

    const tree = await get<MovementDistrict>('/api/movement/states/VT/districts/1');
    expect(tree.status).toBe(200);
    expect(tree.res.headers.get('cache-control')).toBe('public, max-age=30');
    expect(tree.body).toMatchObject({ state: 'VT', district: 1, highestFinishedLevel: 1, votersBehind: 20, candidate: null });
    expect(tree.body.levels.map(({ level, caucuses: c, finished, needed, missing, moreDelegates }) => ({ level, c, finished, needed, missing, moreDelegates }))).toEqual([
      { level: 1, c: 3, finished: 2, needed: 10_000, missing: 9_998, moreDelegates: 0 },
      { level: 2, c: 1, finished: 0, needed: 1_000, missing: 1_000, moreDelegates: 0 },
      { level: 3, c: 0, finished: 0, needed: 100, missing: 100, moreDelegates: 0 },
      { level: 4, c: 0, finished: 0, needed: 10, missing: 10, moreDelegates: 0 },
      { level: 5, c: 0, finished: 0, needed: 1, missing: 1, moreDelegates: 0 },
    ]);
    expect(tree.body.levels[0]!.delegates).toHaveLength(2);
  });

  it('shows a finished election only after the next refresh', async () => {
    const open = await caucus('MT', 2, 1);
    await refresh();
    const level1 = async () => (await get<MovementDistrict>('/api/movement/states/MT/districts/2')).body.levels[0]!;
    expect(await level1()).toMatchObject({ caucuses: 1, finished: 0 });

    const delegate = await createUser(database.db, { state: 'MT', district: 2 });
    await database.db
      .update(caucuses)
      .set({ votingStarted: true, votingFinalized: true, electionFinalized: true, electedDelegateId: delegate.id, finalizedAt: new Date() })
      .where(eq(caucuses.id, open.id));
    expect(await level1()).toMatchObject({ caucuses: 1, finished: 0 }); // the aggregates, not a live count

    await refresh();
    expect(await level1()).toMatchObject({ caucuses: 1, finished: 1, missing: 9_999 });
    const map = (await get<MovementStates>('/api/movement/states')).body.states.find((s) => s.state === 'MT')!;
    expect(map).toMatchObject({ districtsWithFinishedLevel1: 1, share: 0.5 });

    // A caucus that is gone leaves the aggregates at the next refresh too.
    await database.db.update(caucuses).set({ electionFinalized: false, votingFinalized: false, finalizedAt: null }).where(eq(caucuses.id, open.id));
    await database.db.delete(caucuses).where(eq(caucuses.id, open.id));
    await refresh();
    expect(await level1()).toMatchObject({ caucuses: 0, finished: 0 });
  });

  it('is safe when several refreshes run at once: they take turns and agree', async () => {
    for (let i = 0; i < 3; i++) await caucus('NH', 2, 1, { finishedAt: new Date() });
    await caucus('NH', 2, 2);
    const results = await Promise.all(Array.from({ length: 4 }, () => refresh()));
    expect(results).toHaveLength(4);
    const tree = (await get<MovementDistrict>('/api/movement/states/NH/districts/2')).body;
    expect(tree.levels.slice(0, 2).map((l) => [l.caucuses, l.finished])).toEqual([
      [3, 3],
      [1, 0],
    ]);
    // A refresh with nothing new writes nothing.
    expect((await refresh()).changed).toBe(0);
  });

  it('says an unknown state or district is not found', async () => {
    for (const [path, message] of [
      ['/api/movement/states/XX', MOVEMENT_MESSAGES.stateNotFound],
      ['/api/movement/states/XX/districts/1', MOVEMENT_MESSAGES.stateNotFound],
      ['/api/movement/states/OH/districts/16', MOVEMENT_MESSAGES.districtNotFound],
      ['/api/movement/states/VT/districts/2', MOVEMENT_MESSAGES.districtNotFound],
      ['/api/movement/states/CA/districts/99', MOVEMENT_MESSAGES.districtNotFound],
      ['/api/movement/progress?state=XX', MOVEMENT_MESSAGES.stateNotFound],
      ['/api/movement/progress?state=VT&district=2', MOVEMENT_MESSAGES.districtNotFound],
    ] as const) {
      await expectRefused(path, 404, message);
    }
  });

  it('refuses bad input with a 400 and a clear message', async () => {
    for (const [path, message] of [
      ['/api/movement/states/O1', MOVEMENT_MESSAGES.stateInvalid],
      ['/api/movement/states/OHIO', MOVEMENT_MESSAGES.stateInvalid],
      ['/api/movement/states/OH/districts/abc', MOVEMENT_MESSAGES.districtInvalid],
      ['/api/movement/states/OH/districts/0', MOVEMENT_MESSAGES.districtInvalid],
      // Plain digits, 1 to 99, as the document's pattern says (issue 29): no leading zero, no 0.
      ['/api/movement/states/OH/districts/00', MOVEMENT_MESSAGES.districtInvalid],
      ['/api/movement/states/OH/districts/03', MOVEMENT_MESSAGES.districtInvalid],
      ['/api/movement/states/OH/districts/100', MOVEMENT_MESSAGES.districtInvalid],
      ['/api/movement/progress?state=AK&district=0', MOVEMENT_MESSAGES.districtInvalid],
      ['/api/movement/states/OH/districts/-3', MOVEMENT_MESSAGES.districtInvalid],
      ['/api/movement/states/OH/districts/2.5', MOVEMENT_MESSAGES.districtInvalid],
      ['/api/movement/progress?district=3', MOVEMENT_MESSAGES.districtWithoutState],
      ['/api/movement/progress?state=OH&district=x', MOVEMENT_MESSAGES.districtInvalid],
      ['/api/movement/progress?state=Ohio', MOVEMENT_MESSAGES.stateInvalid],
    ] as const) {
      await expectRefused(path, 400, message);
    }
  });

  it('lists Delegates with their public names only: a deleted account is a former member, a hidden profile has no photo', async () => {
    const shown = await createUser(database.db, { state: 'ND', district: 1, image: '/api/photos/0000aaaa-0000-4000-8000-000000000001' });
    const hidden = await createUser(database.db, { state: 'ND', district: 1, image: '/api/photos/0000aaaa-0000-4000-8000-000000000002', profileHiddenAt: new Date() });
    const gone = await createUser(database.db, { state: 'ND', district: 1, image: '/api/photos/0000aaaa-0000-4000-8000-000000000003' });
    const base = Date.now() - 3_600_000;
    await caucus('ND', 1, 1, { finishedAt: new Date(base), delegate: shown });
    await caucus('ND', 1, 1, { finishedAt: new Date(base + 1000), delegate: hidden });
    await caucus('ND', 1, 1, { finishedAt: new Date(base + 2000), delegate: gone });
    await database.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone.id));
    // The district's Candidate: the level-5 Delegate.
    await caucus('ND', 1, 5, { finishedAt: new Date(base + 3000), delegate: shown });
    await refresh();

    const res = await t.request('/api/movement/states/ND/districts/1');
    const text = await res.text();
    for (const user of [shown, hidden, gone]) expect(text).not.toContain(user.email);
    expect(text).not.toMatch(/email/i);
    const tree = JSON.parse(text) as MovementDistrict;
    // Most recent finalization first.
    expect(tree.levels[0]!.delegates).toEqual([
      { id: gone.id, name: FORMER_MEMBER_NAME, photoUrl: null },
      { id: hidden.id, name: hidden.name, photoUrl: null },
      { id: shown.id, name: shown.name, photoUrl: '/api/photos/0000aaaa-0000-4000-8000-000000000001' },
    ]);
    expect(tree.candidate).toEqual({ id: shown.id, name: shown.name, photoUrl: '/api/photos/0000aaaa-0000-4000-8000-000000000001' });
    expect(tree.highestFinishedLevel).toBe(5);
    expect(tree.votersBehind).toBe(100_000);
    expect(tree.levels.map((l) => l.missing)).toEqual([0, 0, 0, 0, 0]);
    const tile = (await get<MovementState>('/api/movement/states/ND')).body.districts[0]!;
    expect(tile).toMatchObject({ highestFinishedLevel: 5, hasCandidate: true });
  });

  it('lists at most 50 Delegates a level, the most recent, and counts the rest', async () => {
    const base = Date.now() - 86_400_000;
    for (let i = 0; i < 52; i++) await caucus('SD', 1, 1, { finishedAt: new Date(base + i * 1000) });
    await refresh();
    const level1 = (await get<MovementDistrict>('/api/movement/states/SD/districts/1')).body.levels[0]!;
    expect(level1.finished).toBe(52);
    expect(level1.delegates).toHaveLength(50);
    expect(level1.moreDelegates).toBe(2);
    const newest = await database.db.select({ id: caucuses.electedDelegateId }).from(caucuses).where(eq(caucuses.finalizedAt, new Date(base + 51_000)));
    expect(level1.delegates[0]!.id).toBe(newest[0]!.id);
  });

  it('buckets joins per day (90 days) and finished elections per week (52 weeks) of the app’s time zone, for a district, its state and the country', async () => {
    // Long ago, so no other test's rows fall in the windows. New York is 4 hours behind UTC then (EDT).
    expect(timeZone).toBe('America/New_York');
    const clock = fixedClock('2025-03-12T12:00:00Z'); // a Wednesday, 8 am in New York
    const app = createTestApp(database.db, { clock });
    const open = await caucus('DE', 1, 1);
    const join = async (at: string) => {
      const user = await createUser(database.db, { state: 'DE', district: 1 });
      await database.db.insert(caucusMembers).values({ caucusId: open.id, userId: user.id, isVotingMember: true, joinedAt: new Date(at) });
    };
    await join('2025-03-11T23:59:00Z'); // 7:59 pm on the 11th in New York
    await join('2025-03-12T02:30:00Z'); // 10:30 pm on the 11th in New York (the 12th in UTC)
    await join('2025-03-12T08:00:00Z'); // 4 am on the 12th
    await join('2024-11-01T12:00:00Z'); // before the 90 days
    await caucus('DE', 1, 1, { finishedAt: new Date('2025-03-10T04:00:00Z') }); // this week's Monday, midnight in New York
    await caucus('DE', 1, 2, { finishedAt: new Date('2025-03-17T03:59:59Z') }); // this week's Sunday, 11:59 pm in New York (Monday in UTC)
    await caucus('DE', 1, 1, { finishedAt: new Date('2025-03-10T03:59:59Z') }); // last week: Sunday 11:59 pm in New York (Monday in UTC)
    await refresh();

    for (const query of ['?state=DE&district=1', '?state=de', '']) {
      const res = await app.request(`/api/movement/progress${query}`);
      expect(res.status, query).toBe(200);
      expect(res.headers.get('cache-control')).toBe('public, max-age=30');
      const body = (await res.json()) as MovementProgress;
      expect(body.joinsPerDay, query).toHaveLength(90);
      expect(body.joinsPerDay.at(-1), query).toEqual({ day: '2025-03-12', joins: 1 });
      expect(body.joinsPerDay.at(-2), query).toEqual({ day: '2025-03-11', joins: 2 });
      expect(body.joinsPerDay[0]!.day).toBe('2024-12-13');
      expect(body.joinsPerDay.reduce((s, d) => s + d.joins, 0), query).toBe(3);
      expect(body.electionsPerWeek, query).toHaveLength(52);
      expect(body.electionsPerWeek.at(-1), query).toEqual({ week: '2025-03-10', finished: 2 });
      expect(body.electionsPerWeek.at(-2), query).toEqual({ week: '2025-03-03', finished: 1 });
      expect(body.electionsPerWeek.reduce((s, w) => s + w.finished, 0), query).toBe(3);
    }
    const scoped = (await (await app.request('/api/movement/progress?state=DE&district=1')).json()) as MovementProgress;
    expect(scoped).toMatchObject({ state: 'DE', district: 1, timeZone: 'America/New_York' });
    const country = (await (await app.request('/api/movement/progress')).json()) as MovementProgress;
    expect(country).toMatchObject({ state: null, district: null });
  });

  it('is refreshed by the movement-refresh job on the job queue, every minute by default', async () => {
    expect(everyMinutesCron()).toBe('* * * * *');
    expect(everyMinutesCron(5)).toBe('*/5 * * * *');
    const jobs = appJobs({ db: database.db, clock: systemClock, logger: createLogger('silent'), baseUrl: TEST_ORIGIN, secret: '', mail: null, push: null, queue: () => null, timeZone });
    expect(jobs.find((j) => j.name === JOBS.movementRefresh)?.cron).toBe('* * * * *');
    const started = await startAppJobQueue(database);
    const refreshedAt = async () => (await database.db.select().from(movementRefreshes))[0]?.refreshedAt.getTime() ?? 0;
    try {
      const before = await refreshedAt();
      await caucus('WY', 1, 1, { finishedAt: new Date() });
      await flushStatistics();
      await started.send(JOBS.movementRefresh);
      await expect.poll(refreshedAt, { message: 'the movement-refresh job ran', timeout: 20_000 }).toBeGreaterThan(before);
    } finally {
      // Stopped here: its minute's run must not take the next tests' recounts from under them.
      await started.stop();
    }
    const wyoming = (await get<MovementStates>('/api/movement/states')).body.states.find((s) => s.state === 'WY')!;
    expect(wyoming).toMatchObject({ caucuses: 1, finished: 1, share: 1 });
  });
  it('skips the recount in a quiet minute and recounts once caucuses change (the job’s onlyIfChanged)', async () => {
    const quietly = () => refreshMovementAggregates({ db: database.db, clock: systemClock, timeZone }, { onlyIfChanged: true });
    await refresh();
    // Earlier writes of other connections reach the counters within a second; then a quiet run skips.
    await expect.poll(async () => (await quietly()).skipped, { timeout: 15_000 }).toBe(true);
    const skipped = await quietly();
    expect(skipped).toMatchObject({ skipped: true, changed: 0 });
    const [row] = await database.db.select().from(movementRefreshes);
    expect(row!.refreshedAt.toISOString(), 'a skipped run still says the figures are current').toBe(skipped.refreshedAt.toISOString());

    await database.db.transaction(async (tx) => {
      await createCaucusRow(tx, { state: 'ND', district: 1, level: 1 });
      await tx.execute(sql`select pg_stat_force_next_flush()`);
    });
    const recounted = await quietly();
    expect(recounted.skipped).toBe(false);
    expect((await get<MovementStates>('/api/movement/states')).body.states.find((s) => s.state === 'ND')).toMatchObject({ districtsWithCaucus: 1 });

    // However quiet, a recount at least every WHOLE_RECOUNT_AT_LEAST_EVERY_MS.
    const later = fixedClock(new Date(Date.now() + WHOLE_RECOUNT_AT_LEAST_EVERY_MS + 60_000).toISOString());
    expect((await refreshMovementAggregates({ db: database.db, clock: later, timeZone }, { onlyIfChanged: true })).skipped).toBe(false);
  });
  it('recounts the joins of the recent days alone when members only joined, and every day once one left (decision 069)', async () => {
    const quietly = () => refreshMovementAggregates({ db: database.db, clock: systemClock, timeZone }, { onlyIfChanged: true });
    const dailyJoins = async () =>
      (await database.db.execute<{ state: string; district: number; day: string; joins: number }>(sql`select state, district, day::text, joins from movement_daily_joins order by state, district, day`)).rows;
    const wholeAt = async () => (await database.db.select().from(movementRefreshes))[0]!.fullAt?.toISOString();
    const open = await caucus('VT', 1, 1);
    const member = async (joinedAt: Date) => {
      const user = await createUser(database.db, { state: 'VT', district: 1 });
      await database.db.insert(caucusMembers).values({ caucusId: open.id, userId: user.id, isVotingMember: true, joinedAt });
      return user;
    };
    const longAgo = new Date('2025-01-15T15:00:00Z');
    const early = await member(longAgo);
    await refresh();
    await expect.poll(async () => (await quietly()).skipped, { timeout: 15_000 }).toBe(true);
    const whole = await wholeAt();
    const vermont = async (day: string) => (await dailyJoins()).find((r) => r.state === 'VT' && r.district === 1 && r.day === day)?.joins ?? 0;
    expect(await vermont('2025-01-15')).toBe(1);

    // A join now: the job recounts today (and the days since its last recount) only.
    await member(new Date());
    await flushStatistics();
    const recounted = await quietly();
    expect(recounted.skipped).toBe(false);
    expect(await wholeAt(), 'only the recent days were recounted').toBe(whole);
    const today = dayOf(new Date(), timeZone);
    expect(await vermont(today)).toBe(1);
    // What it left is what a whole recount finds.
    const afterDays = await dailyJoins();
    await refresh();
    expect(await dailyJoins()).toEqual(afterDays);

    // A member who joined long ago leaves: that day's count changes, so the job recounts every day.
    await expect.poll(async () => (await quietly()).skipped, { timeout: 15_000 }).toBe(true);
    const beforeLeave = await wholeAt();
    await database.db.delete(caucusMembers).where(eq(caucusMembers.userId, early.id));
    await flushStatistics();
    expect((await quietly()).skipped).toBe(false);
    expect(await wholeAt(), 'a leave makes the job recount every day').not.toBe(beforeLeave);
    expect(await vermont('2025-01-15')).toBe(0);
    expect(await vermont(today)).toBe(1);
  });
});
