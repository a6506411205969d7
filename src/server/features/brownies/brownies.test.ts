import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { BROWNIE_MESSAGES } from '../../../domain/points/brownie-rules';
import type { Database } from '../../db/client';
import { users } from '../../db/schema/auth';
import { activities, badges, brownies, userBadges } from '../../db/schema/points';
import { fixedClock } from '../../clock';
import { brownieCountOf, createUser } from '../../test/factories';
import { createTestApp } from '../../test/test-app';
import { createTestDatabase } from '../../test/test-database';
import { statementLogOf } from '../../test/statement-log';
import { BROWNIE_GIVE_LIMIT } from './brownies.routes';
import * as service from './brownies.service';

let database: Database;
let t: ReturnType<typeof createTestApp>;
/** Wednesday 2030-01-16, 10:00 in New York (EST). Each test that needs its own day moves it. */
const clock = fixedClock('2030-01-16T15:00:00Z');

beforeAll(async () => {
  database = await createTestDatabase();
  t = createTestApp(database.db, { clock });
});

type Json = Record<string, unknown> & { error?: { message: string; code: string } };
const json = async (res: Response) => (await res.json()) as Json;
const signedIn = (user: { email: string; password: string }) => t.signIn(user.email, user.password);
const give = (cookie: string | undefined, receiverId: unknown) => t.request('/api/brownies', { method: 'POST', cookie, json: { receiverId } });

const counterOf = (userId: string) => brownieCountOf(database.db, userId);
async function ledgerOf(where: { giver?: string; receiver?: string }) {
  return database.db.$count(
    brownies,
    and(where.giver ? eq(brownies.giverUserId, where.giver) : undefined, where.receiver ? eq(brownies.receiverUserId, where.receiver) : undefined),
  );
}
async function badgeNamesOf(userId: string) {
  const rows = await database.db.select({ name: badges.name }).from(userBadges).innerJoin(badges, eq(badges.id, userBadges.badgeId)).where(eq(userBadges.userId, userId));
  return rows.map((r) => r.name).sort();
}
async function badgeActivitiesOf(userId: string) {
  const rows = await database.db
    .select({ description: activities.description })
    .from(activities)
    .where(and(eq(activities.userId, userId), eq(activities.activityType, 'badge_earned')));
  return rows.map((r) => r.description).sort();
}
async function givers(n: number) {
  return Promise.all(Array.from({ length: n }, () => createUser(database.db)));
}

describe('giving a brownie', () => {
  it('writes the ledger row for the app’s calendar day and the receiver’s counter together', async () => {
    clock.set('2030-01-16T15:00:00Z');
    const [giver, receiver] = await givers(2);
    const cookie = await signedIn(giver!);
    const before = await json(await t.request('/api/brownies/today', { cookie }));
    expect(before).toEqual({ givenOn: '2030-01-16', given: false, receiverId: null });

    const res = await give(cookie, receiver!.id);
    expect(res.status).toBe(201);
    expect(await json(res)).toEqual({ receiverId: receiver!.id, givenOn: '2030-01-16', receiverBrownies: 1, badgesEarned: [] });
    const [row] = await database.db.select().from(brownies).where(eq(brownies.giverUserId, giver!.id));
    expect(row).toMatchObject({ receiverUserId: receiver!.id, givenOn: '2030-01-16' });
    expect(row!.givenAt.toISOString()).toBe('2030-01-16T15:00:00.000Z');
    expect(await counterOf(receiver!.id)).toBe(1);

    const after = await json(await t.request('/api/brownies/today', { cookie }));
    expect(after).toEqual({ givenOn: '2030-01-16', given: true, receiverId: receiver!.id });
    // The receiver's public profile shows the new figure.
    expect((await json(await t.request(`/api/profiles/${receiver!.id}`))).brownies).toBe(1);
  });

  it('refuses a brownie to oneself with the spec’s message, changing nothing', async () => {
    const [me] = await givers(1);
    const res = await give(await signedIn(me!), me!.id);
    expect(res.status).toBe(400);
    expect((await json(res)).error).toEqual({ code: 'brownie_to_self', message: 'Invalid action: You cannot give a brownie to yourself.' });
    expect(await ledgerOf({ giver: me!.id })).toBe(0);
    expect(await counterOf(me!.id)).toBe(0);
  });

  it('refuses a second brownie the same day, to anyone, with the daily-limit message (409), changing nothing', async () => {
    clock.set('2030-01-16T15:00:00Z');
    const [giver, first, second] = await givers(3);
    const cookie = await signedIn(giver!);
    expect((await give(cookie, first!.id)).status).toBe(201);
    for (const receiver of [first!, second!]) {
      const res = await give(cookie, receiver.id);
      expect(res.status).toBe(409);
      expect((await json(res)).error).toEqual({ code: 'daily_limit', message: 'Daily limit reached: You can only give one brownie per day. Try again tomorrow!' });
    }
    expect(await ledgerOf({ giver: giver!.id })).toBe(1);
    expect(await counterOf(first!.id)).toBe(1);
    expect(await counterOf(second!.id)).toBe(0);
  });

  it('refuses an unknown or hidden receiver (404) and a malformed id (400), changing nothing', async () => {
    const [giver, hidden] = await givers(2);
    await database.db.update(users).set({ deletedAt: new Date('2030-01-01T00:00:00Z'), name: 'Former member' }).where(eq(users.id, hidden!.id));
    const cookie = await signedIn(giver!);
    const unknown = await give(cookie, '00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
    expect((await json(unknown)).error?.message).toBe('Profile not found');
    const gone = await give(cookie, hidden!.id);
    expect(gone.status).toBe(404);
    const malformed = await give(cookie, 'not-an-id');
    expect(malformed.status).toBe(400);
    expect((await give(cookie, undefined)).status).toBe(400);
    expect(await ledgerOf({ giver: giver!.id })).toBe(0);
    expect(await counterOf(hidden!.id)).toBe(0);
  });

  it('refuses visitors (401) on both routes', async () => {
    const [receiver] = await givers(1);
    expect((await give(undefined, receiver!.id)).status).toBe(401);
    expect((await t.request('/api/brownies/today')).status).toBe(401);
    expect(await ledgerOf({ receiver: receiver!.id })).toBe(0);
  });

  it('answers a request from another site with 403 (CSRF), changing nothing', async () => {
    const [giver, receiver] = await givers(2);
    const res = await t.request('/api/brownies', { method: 'POST', cookie: await signedIn(giver!), json: { receiverId: receiver!.id }, headers: { origin: 'https://evil.example' } });
    expect(res.status).toBe(403);
    expect(await ledgerOf({ giver: giver!.id })).toBe(0);
  });
});

describe('one brownie per giver per calendar day, in the app’s time zone', () => {
  it('100 concurrent requests from one giver give exactly one (ledger 1, counter +1), and never a 500', async () => {
    clock.set('2030-02-05T18:00:00Z');
    const [giver, ...receivers] = await givers(5);
    const cookie = await signedIn(giver!);
    const results = await Promise.all(Array.from({ length: 100 }, (_, i) => give(cookie, receivers[i % receivers.length]!.id)));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    // The rest are the daily limit, or the per-user rate limit (30 attempts a minute) after that.
    expect(statuses.filter((s) => s === 409)).toHaveLength(BROWNIE_GIVE_LIMIT.max - 1);
    expect(statuses.filter((s) => s === 429)).toHaveLength(100 - BROWNIE_GIVE_LIMIT.max);
    for (const res of results.filter((r) => r.status === 409)) expect((await json(res)).error?.message).toBe(BROWNIE_MESSAGES.dailyLimit);
    expect(await ledgerOf({ giver: giver!.id })).toBe(1);
    const counters = await Promise.all(receivers.map((r) => counterOf(r.id)));
    expect(counters.reduce((a, b) => a + b, 0)).toBe(1);
  });

  it('100 concurrent gifts of one giver through the service: one given, 99 refused with the daily limit', async () => {
    const deps = { db: database.db, clock: fixedClock('2030-02-06T18:00:00Z'), timeZone: 'America/New_York' };
    const [giver, ...receivers] = await givers(11);
    const outcomes = await Promise.allSettled(Array.from({ length: 100 }, (_, i) => service.giveBrownie(deps, giver!.id, receivers[i % 10]!.id)));
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const refusals = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected').map((o) => (o.reason as Error).message);
    expect(refusals).toEqual(Array.from({ length: 99 }, () => BROWNIE_MESSAGES.dailyLimit));
    expect(await ledgerOf({ giver: giver!.id })).toBe(1);
    const counters = await Promise.all(receivers.map((r) => counterOf(r.id)));
    expect(counters.reduce((a, b) => a + b, 0)).toBe(1);
  });

  it('allows another brownie once the calendar day changes in New York, not in UTC', async () => {
    const [giver, a, b, c] = await givers(4);
    const cookie = await signedIn(giver!);
    clock.set('2030-03-01T01:00:00Z'); // Feb 28, 20:00 in New York
    expect((await give(cookie, a!.id)).status).toBe(201);
    clock.set('2030-03-01T04:59:59Z'); // already March 1 in UTC, still Feb 28 in New York
    expect((await give(cookie, b!.id)).status).toBe(409);
    expect(await json(await t.request('/api/brownies/today', { cookie }))).toEqual({ givenOn: '2030-02-28', given: true, receiverId: a!.id });
    clock.set('2030-03-01T05:00:00Z'); // midnight in New York: a new day
    expect(await json(await t.request('/api/brownies/today', { cookie }))).toEqual({ givenOn: '2030-03-01', given: false, receiverId: null });
    expect((await give(cookie, b!.id)).status).toBe(201);
    // And the day after that, the same receiver again.
    clock.set('2030-03-02T14:00:00Z');
    expect((await give(cookie, a!.id)).status).toBe(201);
    expect((await give(cookie, c!.id)).status).toBe(409);
    const days = await database.db.select({ on: brownies.givenOn }).from(brownies).where(eq(brownies.giverUserId, giver!.id)).orderBy(brownies.givenOn);
    expect(days.map((d) => d.on)).toEqual(['2030-02-28', '2030-03-01', '2030-03-02']);
    expect([await counterOf(a!.id), await counterOf(b!.id), await counterOf(c!.id)]).toEqual([2, 1, 0]);
  });

  it('across the spring-forward night the day still ends at local midnight', async () => {
    const [giver, a, b] = await givers(3);
    const cookie = await signedIn(giver!);
    clock.set('2030-03-10T05:30:00Z'); // March 10, 00:30 EST
    expect((await give(cookie, a!.id)).status).toBe(201);
    clock.set('2030-03-11T03:59:00Z'); // March 10, 23:59 EDT (a 23-hour day)
    expect((await give(cookie, b!.id)).status).toBe(409);
    clock.set('2030-03-11T04:00:00Z'); // March 11, 00:00 EDT
    expect((await give(cookie, b!.id)).status).toBe(201);
  });

  it('takes the day from the APP_TIME_ZONE setting', async () => {
    const tokyo = createTestApp(database.db, { clock, settings: { APP_TIME_ZONE: 'Asia/Tokyo' } });
    const [giver, a, b] = await givers(3);
    const cookie = await tokyo.signIn(giver!.email, giver!.password);
    const post = (receiverId: string) => tokyo.request('/api/brownies', { method: 'POST', cookie, json: { receiverId } });
    clock.set('2030-04-01T14:59:00Z'); // April 1, 23:59 in Tokyo
    expect((await post(a!.id)).status).toBe(201);
    clock.set('2030-04-01T15:00:00Z'); // April 2, 00:00 in Tokyo (still April 1 in New York)
    const res = await post(b!.id);
    expect(res.status).toBe(201);
    expect((await json(res)).givenOn).toBe('2030-04-02');
  });
});

describe('brownie-in-a-day badges', () => {
  it('five givers in one day earn Hugger once, with its badge_earned activity; ten earn Life of the Party', async () => {
    clock.set('2030-05-10T16:00:00Z');
    const [receiver] = await givers(1);
    const people = await givers(11);
    const cookies = await Promise.all(people.map(signedIn));
    const answers = [];
    for (const cookie of cookies.slice(0, 4)) answers.push(await json(await give(cookie, receiver!.id)));
    expect(await badgeNamesOf(receiver!.id)).toEqual([]);
    answers.push(await json(await give(cookies[4], receiver!.id)));
    expect(answers.map((a) => a.badgesEarned)).toEqual([[], [], [], [], ['Hugger']]);
    expect(await badgeNamesOf(receiver!.id)).toEqual(['Hugger']);
    expect(await badgeActivitiesOf(receiver!.id)).toEqual(['Earned the Hugger badge']);

    for (const cookie of cookies.slice(5, 9)) expect((await json(await give(cookie, receiver!.id))).badgesEarned).toEqual([]);
    expect((await json(await give(cookies[9], receiver!.id))).badgesEarned).toEqual(['Life of the Party']);
    expect((await json(await give(cookies[10], receiver!.id))).badgesEarned).toEqual([]);
    expect(await badgeNamesOf(receiver!.id)).toEqual(['Hugger', 'Life of the Party']);
    expect(await badgeActivitiesOf(receiver!.id)).toEqual(['Earned the Hugger badge', 'Earned the Life of the Party badge']);
    expect(await counterOf(receiver!.id)).toBe(11);
    const [earned] = await database.db
      .select({ at: userBadges.earnedAt })
      .from(userBadges)
      .innerJoin(badges, eq(badges.id, userBadges.badgeId))
      .where(and(eq(userBadges.userId, receiver!.id), eq(badges.name, 'Hugger')));
    expect(earned!.at.toISOString()).toBe('2030-05-10T16:00:00.000Z');
  });

  it('ten givers racing in one day earn Hugger and Life of the Party exactly once each', async () => {
    const deps = { db: database.db, clock: fixedClock('2030-05-11T16:00:00Z'), timeZone: 'America/New_York' };
    const [receiver] = await givers(1);
    const people = await givers(10);
    const results = await Promise.all(people.map((p) => service.giveBrownie(deps, p.id, receiver!.id)));
    expect(results.flatMap((r) => r.badgesEarned).sort()).toEqual(['Hugger', 'Life of the Party']);
    expect(results.map((r) => r.receiverBrownies).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(await badgeNamesOf(receiver!.id)).toEqual(['Hugger', 'Life of the Party']);
    expect(await badgeActivitiesOf(receiver!.id)).toEqual(['Earned the Hugger badge', 'Earned the Life of the Party badge']);
  });

  it('counts brownies of one calendar day only: four one day and four the next earn nothing', async () => {
    const [receiver] = await givers(1);
    const people = await givers(4);
    const june1 = { db: database.db, clock: fixedClock('2030-06-02T03:30:00Z'), timeZone: 'America/New_York' }; // June 1, 23:30 EDT
    const june2 = { db: database.db, clock: fixedClock('2030-06-02T04:30:00Z'), timeZone: 'America/New_York' }; // June 2, 00:30 EDT
    for (const p of people) expect((await service.giveBrownie(june1, p.id, receiver!.id)).badgesEarned).toEqual([]);
    for (const p of people) expect((await service.giveBrownie(june2, p.id, receiver!.id)).badgesEarned).toEqual([]);
    expect(await counterOf(receiver!.id)).toBe(8);
    expect(await badgeNamesOf(receiver!.id)).toEqual([]);
  });

  it('a brownie awards a brownie badge today’s count reached and the receiver lacks (decision 064), and no other badge', async () => {
    const deps = { db: database.db, clock: fixedClock('2030-06-05T16:00:00Z'), timeZone: 'America/New_York' };
    const [receiver] = await givers(1);
    const people = await givers(7);
    for (const p of people.slice(0, 5)) await service.giveBrownie(deps, p.id, receiver!.id);
    expect(await badgeNamesOf(receiver!.id)).toEqual(['Hugger']);
    // Hugger lost (a repair, a restored backup), and Sparks that reach Friend without their badge.
    await database.db.execute(sql`delete from user_badges where user_id = ${receiver!.id}`);
    await database.db.execute(sql`update users set sparks = 12 where id = ${receiver!.id}`);
    expect((await service.giveBrownie(deps, people[5]!.id, receiver!.id)).badgesEarned).toEqual(['Hugger']);
    expect((await service.giveBrownie(deps, people[6]!.id, receiver!.id)).badgesEarned).toEqual([]);
    expect(await badgeNamesOf(receiver!.id)).toEqual(['Hugger']);
  });
});

describe('the receiver’s count in brownie_counts (decision 060)', () => {
  const deps = () => ({ db: database.db, clock: fixedClock('2030-07-01T16:00:00Z'), timeZone: 'America/New_York' });
  const copyOf = async (userId: string) =>
    (await database.db.execute<{ name: string; state: string; district: number }>(sql`select name, state, district from brownie_counts where user_id = ${userId}`)).rows[0];

  it('carries the receiver’s name, state and district, and follows a change of any of them', async () => {
    const [giver, receiver] = await givers(2);
    await service.giveBrownie(deps(), giver!.id, receiver!.id);
    expect(await copyOf(receiver!.id)).toEqual({ name: receiver!.name, state: receiver!.state, district: receiver!.district });
    await database.db.update(users).set({ name: 'Renamed Receiver', state: 'CA', district: 12 }).where(eq(users.id, receiver!.id));
    expect(await copyOf(receiver!.id)).toEqual({ name: 'Renamed Receiver', state: 'CA', district: 12 });
    // A change of anything else leaves the row alone; the count is untouched by both.
    await database.db.update(users).set({ tagline: 'still here' }).where(eq(users.id, receiver!.id));
    expect(await copyOf(receiver!.id)).toEqual({ name: 'Renamed Receiver', state: 'CA', district: 12 });
    expect(await counterOf(receiver!.id)).toBe(1);
  });

  it('renames racing the first brownies leave the copy equal to the last name, and every brownie counted', async () => {
    const [receiver] = await givers(1);
    const people = await givers(20);
    const renames = Array.from({ length: 20 }, (_, i) => `Racing Name ${i}`);
    const outcomes = await Promise.all([
      ...people.map((p) => service.giveBrownie(deps(), p.id, receiver!.id)),
      ...renames.map((name) => database.db.update(users).set({ name }).where(eq(users.id, receiver!.id))),
    ]);
    expect(outcomes).toHaveLength(40);
    const [person] = await database.db.select({ name: users.name }).from(users).where(eq(users.id, receiver!.id));
    expect(renames).toContain(person!.name);
    expect((await copyOf(receiver!.id))?.name).toBe(person!.name);
    expect(await counterOf(receiver!.id)).toBe(20);
    expect(await ledgerOf({ receiver: receiver!.id })).toBe(20);
  });

  it('a deletion racing brownies: each brownie is counted before it or refused as not found, never counted after', async () => {
    const [receiver] = await givers(1);
    const people = await givers(15);
    const settled = await Promise.allSettled([
      ...people.map((p) => service.giveBrownie(deps(), p.id, receiver!.id)),
      database.db.update(users).set({ deletedAt: new Date('2030-07-01T16:00:00Z') }).where(eq(users.id, receiver!.id)),
    ]);
    const given = settled.slice(0, 15).filter((r) => r.status === 'fulfilled').length;
    const refused = settled.slice(0, 15).filter((r) => r.status === 'rejected');
    for (const r of refused) expect((r as PromiseRejectedResult).reason).toMatchObject({ status: 404, message: BROWNIE_MESSAGES.receiverNotFound });
    expect(await counterOf(receiver!.id)).toBe(given);
    expect(await ledgerOf({ receiver: receiver!.id })).toBe(given);
    // After the deletion, nothing more is counted.
    const [late] = await givers(1);
    await expect(service.giveBrownie(deps(), late!.id, receiver!.id)).rejects.toMatchObject({ status: 404 });
    expect(await counterOf(receiver!.id)).toBe(given);
  });
});

describe('the counters equal the ledger', () => {
  it('for every user of this file, after everything above', async () => {
    const mismatched = await database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from brownie_counts bc full join (select receiver_user_id, count(*)::int as k from brownies group by receiver_user_id) r on r.receiver_user_id = bc.user_id where bc.brownies is distinct from r.k`,
    );
    expect(mismatched.rows[0]!.n).toBe(0);
    expect(await database.db.$count(brownies)).toBeGreaterThan(30);
  });
});

describe('round trips (issue 33: a write costs about what its round trips cost)', () => {
  it('a brownie: the session with the rate limit counted, BEGIN with the counter, the ledger and the figures, COMMIT', async () => {
    clock.set('2030-03-02T15:00:00Z');
    const [giver, receiver] = await givers(2);
    const cookie = await signedIn(giver!);
    const sent = await statementLogOf(database).during(async () => {
      expect((await give(cookie, receiver!.id)).status).toBe(201);
    });
    expect(sent.roundTrips, sent.texts.join('\n')).toBe(3);
    expect(sent.statements.length, sent.texts.join('\n')).toBe(6);
  });
});
