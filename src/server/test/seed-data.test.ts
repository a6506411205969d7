import { inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '../db/client';
import { checkElectionRecord, sha256Hex } from '../../domain/caucuses/election-record';
import { users } from '../db/schema/auth';
import { readElectionRecord } from '../features/caucuses/election-record.service';
import { buildUser, DEFAULT_PASSWORD, makeRandom } from './factories';
import { DISTRICTS, insertRows, seedDatabase, seedPointsForExistingUsers, type SeedProgress, type SeedSummary } from './seed-data';
import { createTestApp } from './test-app';
import { createTestDatabase, directDatabaseOf } from './test-database';

const NOW = new Date('2030-06-01T12:00:00Z');

async function scalar(db: Db, query: ReturnType<typeof sql>): Promise<number> {
  const result = await db.execute<{ n: string | number }>(query);
  return Number(result.rows[0]!.n);
}

async function tableCounts(db: Db) {
  const tables = ['users', 'accounts', 'photos', 'sparks', 'banners', 'brownies', 'user_badges', 'activities', 'caucuses', 'caucus_members', 'election_records'] as const;
  const counts: Record<string, number> = {};
  for (const t of tables) counts[t] = await scalar(db, sql.raw(`select count(*) as n from ${t}`));
  return counts;
}

/** A digest of everything a run wrote, to compare two runs. */
async function fingerprint(db: Db): Promise<string> {
  const result = await db.execute<{ digest: string }>(sql`
    select md5(
      (select string_agg(concat_ws('|', id, email, name, state, district, created_at, sparks, banners, recruited_by, photo_url, tagline, bio), ',' order by id) from users) ||
      (select coalesce(string_agg(concat_ws('|', user_id, brownies, name, state, district), ',' order by user_id), '') from brownie_counts) ||
      (select coalesce(string_agg(concat_ws('|', id, giver_user_id, receiver_user_id, given_at, given_on), ',' order by id), '') from brownies) ||
      (select coalesce(string_agg(concat_ws('|', id, organizer_user_id, timestamp), ',' order by id), '') from banners) ||
      (select string_agg(concat_ws('|', id, invitation_code, state, district, level, organizer_id, is_open, created_at), ',' order by id) from caucuses) ||
      (select string_agg(concat_ws('|', caucus_id, user_id, is_voting_member, created_at), ',' order by caucus_id, user_id) from caucus_members) ||
      (select string_agg(concat_ws('|', id, user_id, activity_type, created_at), ',' order by id) from activities) ||
      (select string_agg(concat_ws('|', caucus_id, seq, kind, actor_id, occurred_at, hash), ',' order by caucus_id, seq) from election_records)
    ) as digest`);
  return result.rows[0]!.digest;
}

/** Every index and constraint of the schema, as PostgreSQL would recreate it. */
async function schemaDefinitions(db: Db): Promise<string[]> {
  const result = await db.execute<{ definition: string }>(sql`
    select indexdef as definition from pg_indexes where schemaname = 'public'
    union all
    select conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(oid) from pg_constraint where connamespace = 'public'::regnamespace
    union all
    select 'invalid ' || indexrelid::regclass::text from pg_index where not indisvalid
    order by 1`);
  return result.rows.map((r) => r.definition);
}

/** Reads a caucus's election record as its organizer would download it, and checks it as anyone can. */
async function checkRecordOf(db: Db, caucusId: string) {
  const [caucus] = (await db.execute<{ organizer_id: string }>(sql`select organizer_id from caucuses where id = ${caucusId}`)).rows;
  const file = await readElectionRecord({ db }, caucusId, caucus!.organizer_id);
  return { file, check: await checkElectionRecord(file, sha256Hex) };
}

describe('seedDatabase', () => {
  let database: Database;
  let first: SeedSummary;
  let schemaBefore: string[];
  const progress: SeedProgress[] = [];

  beforeAll(async () => {
    database = directDatabaseOf(await createTestDatabase());
    schemaBefore = await schemaDefinitions(database.db);
    first = await seedDatabase(
      { db: database.db },
      { users: 1200, caucuses: 300, seed: 7, now: NOW, batchSize: 250, photoFraction: 0.01, onProgress: (p) => progress.push(p) },
    );
  });

  it('writes exactly the rows it reports, and reports progress up to the totals', async () => {
    const counts = await tableCounts(database.db);
    expect(first).toMatchObject({ users: 1200, accounts: 1200, caucuses: 300, firstUserNumber: 1 });
    expect(counts).toEqual({
      users: first.users,
      accounts: first.accounts,
      photos: first.photos,
      sparks: first.sparks,
      banners: first.banners,
      brownies: first.brownies,
      user_badges: first.userBadges,
      activities: first.activities,
      caucuses: first.caucuses,
      caucus_members: first.caucusMembers,
      election_records: first.electionRecords,
    });
    expect(first.photos).toBeGreaterThan(0);
    expect(first.sparks).toBeGreaterThan(100);
    expect(first.userBadges).toBeGreaterThan(0);
    expect(first.banners).toBeGreaterThan(10);
    expect(first.brownies).toBeGreaterThan(50);
    expect(first.caucusMembers).toBeGreaterThan(first.caucuses);
    expect(first.rows).toBe(Object.values(counts).reduce((a, b) => a + b, 0));
    expect(progress.filter((p) => p.phase === 'users').at(-1)).toMatchObject({ done: 1200, total: 1200 });
    expect(progress.filter((p) => p.phase === 'caucuses').at(-1)).toMatchObject({ done: 300, total: 300 });
  });

  it('leaves every index and constraint as the migrations define them (the empty tables were loaded without their secondary indexes)', async () => {
    expect(await schemaDefinitions(database.db)).toEqual(schemaBefore);
    expect(schemaBefore.filter((d) => d.startsWith('CREATE INDEX users_')).length).toBeGreaterThanOrEqual(10);
    expect(first.steps.find((s) => s.step === 'users')).toMatchObject({ rows: 1200 });
  });

  it('writes each caucus an election record that checks: its creation, then each join in order', async () => {
    const db = database.db;
    expect(first.electionRecords).toBe(first.caucusMembers);
    expect(await scalar(db, sql`select count(*) as n from caucuses c where (select count(*) from election_records r where r.caucus_id = c.id) <> 1 + c.voting_member_count`)).toBe(0);
    const sample = await db.execute<{ id: string; voting_member_count: number }>(
      sql`select id, voting_member_count from caucuses order by voting_member_count desc, id limit 3`,
    );
    for (const c of sample.rows) {
      const { file, check } = await checkRecordOf(db, c.id);
      expect(check).toMatchObject({ ok: true, entries: 1 + c.voting_member_count, result: { members: c.voting_member_count } });
      expect(file.entries.map((e) => e.kind)).toEqual(['created', ...Array<string>(c.voting_member_count).fill('joined')]);
      expect([...file.entries.map((e) => e.occurredAt)].sort()).toEqual(file.entries.map((e) => e.occurredAt));
    }
  });

  it('gives every state and every district voters, with unique emails', async () => {
    const db = database.db;
    expect(await scalar(db, sql`select count(distinct state) as n from users`)).toBe(50);
    expect(await scalar(db, sql`select count(distinct (state, district)) as n from users`)).toBe(DISTRICTS.length);
    expect(DISTRICTS).toHaveLength(435);
    expect(await scalar(db, sql`select count(distinct lower(email)) as n from users`)).toBe(1200);
    // Homes are real districts of their state.
    const bad = await db.execute(sql`select state, district from users group by state, district`);
    const valid = new Set(DISTRICTS.map((d) => `${d.state}-${d.district}`));
    expect(bad.rows.filter((r) => !valid.has(`${String(r.state)}-${String(r.district)}`))).toEqual([]);
  });

  it('keeps the Spark counters equal to the ledger, and awards the spark badges by threshold', async () => {
    const db = database.db;
    expect(await scalar(db, sql`select count(*) as n from users u where u.sparks <> (select count(*) from sparks s where s.user_id = u.id)`)).toBe(0);
    expect(await scalar(db, sql`select count(*) as n from sparks s join users r on r.id = s.referred_user_id where r.recruited_by <> s.user_id`)).toBe(0);
    expect(
      await scalar(
        db,
        sql`select count(*) as n from users u where (u.sparks >= 1) <> exists(
          select 1 from user_badges ub join badges b on b.id = ub.badge_id where ub.user_id = u.id and b.name = 'Friend')`,
      ),
    ).toBe(0);
    expect(
      await scalar(
        db,
        sql`select count(*) as n from user_badges ub where not exists(
          select 1 from activities a where a.user_id = ub.user_id and a.activity_type = 'badge_earned')`,
      ),
    ).toBe(0);
  });

  it('writes Banners and Brownies by the rules: counters equal the ledgers, one brownie per giver per day, none to oneself', async () => {
    const db = database.db;
    expect(await scalar(db, sql`select count(*) as n from users u where u.banners <> (select count(*) from banners b where b.organizer_user_id = u.id)`)).toBe(0);
    expect(await scalar(db, sql`select count(*) as n from brownie_counts bc full join (select receiver_user_id, count(*)::int as k from brownies group by receiver_user_id) r on r.receiver_user_id = bc.user_id where bc.brownies is distinct from r.k`)).toBe(0);
    expect(await scalar(db, sql`select count(*) as n from users where banners > 0`)).toBeGreaterThan(5);
    expect(await scalar(db, sql`select count(*) as n from brownie_counts`)).toBeGreaterThan(20);
    expect(await scalar(db, sql`select count(*) as n from brownies where giver_user_id = receiver_user_id`)).toBe(0);
    // The calendar day is New York's, and a giver existed when giving.
    expect(await scalar(db, sql`select count(*) as n from brownies where given_on <> (given_at at time zone 'America/New_York')::date`)).toBe(0);
    expect(await scalar(db, sql`select count(*) as n from brownies b join users g on g.id = b.giver_user_id where g.created_at > b.given_at`)).toBe(0);
    // At most one per receiver and day: no brownie-in-a-day badge is due, and none was given.
    expect(await scalar(db, sql`select coalesce(max(k), 0) as n from (select count(*) as k from brownies group by receiver_user_id, given_on) x`)).toBe(1);
    expect(await scalar(db, sql`select count(*) as n from user_badges ub join badges b on b.id = ub.badge_id where b.metric = 'brownies_in_a_day'`)).toBe(0);
    // Banner badges by threshold (Lieutenant 1, Captain 5, Colonel 15 …), each with its activity.
    expect(
      await scalar(
        db,
        sql`select count(*) as n from users u cross join badges b where b.metric = 'banners'
            and (u.banners >= b.threshold) <> exists(select 1 from user_badges ub where ub.user_id = u.id and ub.badge_id = b.id)`,
      ),
    ).toBe(0);
    expect(
      await scalar(
        db,
        sql`select count(*) as n from user_badges ub join badges b on b.id = ub.badge_id join users u on u.id = ub.user_id where b.metric = 'banners'
            and not exists(select 1 from activities a where a.user_id = ub.user_id and a.activity_type = 'badge_earned' and a.description = 'Earned the ' || b.name || ' badge')`,
      ),
    ).toBe(0);
  });

  it('fills caucuses by the rules: home district, level 1 voters only, capacity, one level-1 seat per voter', async () => {
    const db = database.db;
    // Voting members live in the caucus's district.
    expect(
      await scalar(
        db,
        sql`select count(*) as n from caucus_members m join caucuses c on c.id = m.caucus_id join users u on u.id = m.user_id
            where m.is_voting_member and (u.state <> c.state or u.district <> c.district)`,
      ),
    ).toBe(0);
    // Only level-1 caucuses have voters (nobody has been elected yet), never more than required.
    expect(await scalar(db, sql`select count(*) as n from caucus_members m join caucuses c on c.id = m.caucus_id where m.is_voting_member and c.level <> 1`)).toBe(0);
    expect(
      await scalar(
        db,
        sql`select count(*) as n from caucuses c where (select count(*) from caucus_members m where m.caucus_id = c.id and m.is_voting_member) > c.required_voting_members`,
      ),
    ).toBe(0);
    expect(await scalar(db, sql`select coalesce(max(k), 0) as n from (select count(*) as k from caucus_members where is_voting_member group by user_id) x`)).toBe(1);
    // Each caucus has its organizer as an organizer member who does not vote there.
    expect(
      await scalar(
        db,
        sql`select count(*) as n from caucuses c where not exists(
          select 1 from caucus_members m where m.caucus_id = c.id and m.user_id = c.organizer_id and m.is_organizer and not m.is_voting_member)`,
      ),
    ).toBe(0);
    // Level 5: at most one per district, organized by an administrator.
    expect(await scalar(db, sql`select coalesce(max(k), 0) as n from (select count(*) as k from caucuses where level = 5 group by state, district) x`)).toBeLessThanOrEqual(1);
    expect(await scalar(db, sql`select count(*) as n from caucuses c join users u on u.id = c.organizer_id where c.level = 5 and not u.is_administrator`)).toBe(0);
    expect(await scalar(db, sql`select count(*) as n from caucuses where invitation_code !~ '^[A-Z0-9]{6}$'`)).toBe(0);
    expect(await scalar(db, sql`select count(distinct level) as n from caucuses`)).toBeGreaterThanOrEqual(4);
    // The counter kept by the caucus_members trigger equals the members, and every member row
    // points at a real caucus and user (the seed may write members with triggers off).
    expect(
      await scalar(
        db,
        sql`select count(*) as n from caucuses c where c.voting_member_count <> (select count(*) from caucus_members m where m.caucus_id = c.id and m.is_voting_member)`,
      ),
    ).toBe(0);
    expect(
      await scalar(
        db,
        sql`select count(*) as n from caucus_members m where not exists(select 1 from caucuses c where c.id = m.caucus_id) or not exists(select 1 from users u where u.id = m.user_id)`,
      ),
    ).toBe(0);
    expect(await scalar(db, sql`select count(*) as n from caucuses where voting_member_count > 1`)).toBeGreaterThan(0);
  });

  it('seeds users who can sign in and be read through the app', async () => {
    const t = createTestApp(database.db);
    const result = await database.db.execute<{ id: string; email: string; photo_url: string | null }>(
      sql`select id, email, photo_url from users where photo_url is not null order by email limit 1`,
    );
    const user = result.rows[0]!;
    const signIn = await t.request('/api/auth/sign-in/email', { method: 'POST', json: { email: user.email, password: DEFAULT_PASSWORD } });
    expect(signIn.status).toBe(200);
    const profile = await t.request(`/api/profiles/${user.id}`);
    expect(profile.status).toBe(200);
    const photo = await t.request(user.photo_url!);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/webp');
    expect((await photo.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    const stats = (await (await t.request('/api/stats/movement')).json()) as { totalMembers: number; totalCaucuses: number };
    expect(stats).toMatchObject({ totalMembers: 1200, totalCaucuses: 300 });
  });

  it('can run again with another seed: new users numbered after the old ones, nothing collides', async () => {
    const db = database.db;
    const before = await tableCounts(db);
    const second = await seedDatabase({ db }, { users: 500, caucuses: 400, seed: 8, now: NOW, batchSize: 200, concurrency: 3 });
    expect(second.firstUserNumber).toBe(1201);
    const after = await tableCounts(db);
    expect(after.users).toBe(before.users! + 500);
    expect(after.caucuses).toBe(before.caucuses! + 400);
    expect(after.caucus_members).toBe(before.caucus_members! + second.caucusMembers);
    expect(await scalar(db, sql`select count(distinct lower(email)) as n from users`)).toBe(1700);
    expect(await scalar(db, sql`select count(distinct invitation_code) as n from caucuses`)).toBe(700);
    // The second run's voters are its own users: still one level-1 seat per voter.
    expect(await scalar(db, sql`select coalesce(max(k), 0) as n from (select count(*) as k from caucus_members where is_voting_member group by user_id) x`)).toBe(1);
    expect(
      await scalar(
        db,
        sql`select count(*) as n from caucuses c where c.voting_member_count <> (select count(*) from caucus_members m where m.caucus_id = c.id and m.is_voting_member)`,
      ),
    ).toBe(0);
  });
});

describe('insertRows', () => {
  let database: Database;
  beforeAll(async () => {
    database = directDatabaseOf(await createTestDatabase());
  });

  it('inserts rows in one statement, with literal defaults for values some rows leave out', async () => {
    const rows = [0, 1, 2].map((i) => buildUser(900_000 + i, makeRandom(i + 1)));
    rows[1]!.tagline = 'Only this one has a tagline';
    rows[2]!.sparks = 0;
    await insertRows(database.db, users, rows);
    const stored = await database.db.select().from(users).where(inArray(users.id, rows.map((r) => r.id))).orderBy(users.email);
    expect(stored).toHaveLength(3);
    const byId = new Map(stored.map((u) => [u.id, u]));
    expect(byId.get(rows[0]!.id)).toMatchObject({ tagline: '', bio: '', sparks: 0, email: rows[0]!.email, district: rows[0]!.district });
    expect(byId.get(rows[1]!.id)!.tagline).toBe('Only this one has a tagline');
    expect(byId.get(rows[0]!.id)!.createdAt).toBeInstanceOf(Date);
  });

  it('refuses a column with an SQL default that only some rows give', async () => {
    const rows = [0, 1].map((i) => buildUser(910_000 + i, makeRandom(i + 7)));
    rows[0]!.createdAt = new Date('2030-01-01T00:00:00Z');
    await expect(insertRows(database.db, users, rows)).rejects.toThrow(/createdAt has an SQL default/);
  });
});

describe('seedPointsForExistingUsers', () => {
  let database: Database;
  beforeAll(async () => {
    database = directDatabaseOf(await createTestDatabase());
  });

  it('tops up a database seeded without Banners and Brownies, keeping counters equal to the ledgers', async () => {
    const db = database.db;
    await seedDatabase({ db }, { users: 900, caucuses: 0, seed: 5, now: NOW, batchSize: 300, bannerFraction: 0, brownieFraction: 0, vacuum: false });
    expect(await scalar(db, sql`select (select count(*) from banners) + (select count(*) from brownies) as n`)).toBe(0);
    const badgesBefore = await scalar(db, sql`select count(*) as n from user_badges`);
    const summary = await seedPointsForExistingUsers({ db }, { seed: 5, now: NOW, batchSize: 250 });
    expect(summary.users).toBe(900);
    expect(summary.banners).toBeGreaterThan(5);
    expect(summary.brownies).toBeGreaterThan(20);
    expect(await scalar(db, sql`select count(*) as n from banners`)).toBe(summary.banners);
    expect(await scalar(db, sql`select count(*) as n from brownies`)).toBe(summary.brownies);
    expect(await scalar(db, sql`select count(*) as n from user_badges`)).toBe(badgesBefore + summary.userBadges);
    expect(await scalar(db, sql`select count(*) as n from users u where u.banners <> (select count(*) from banners b where b.organizer_user_id = u.id)`)).toBe(0);
    expect(await scalar(db, sql`select count(*) as n from brownie_counts bc full join (select receiver_user_id, count(*)::int as k from brownies group by receiver_user_id) r on r.receiver_user_id = bc.user_id where bc.brownies is distinct from r.k`)).toBe(0);
    expect(await scalar(db, sql`select coalesce(max(k), 0) as n from (select count(*) as k from brownies group by giver_user_id, given_on) x`)).toBe(1);
    expect(await scalar(db, sql`select count(*) as n from brownies b join users g on g.id = b.giver_user_id where g.created_at > b.given_at`)).toBe(0);
  });
});

describe('seedDatabase determinism', () => {
  let a: Database;
  let b: Database;
  let c: Database;

  beforeAll(async () => {
    // Seeding keeps temporary tables and settings in its session: direct, as scripts/seed.ts runs behind PgBouncer.
    [a, b, c] = (await Promise.all([createTestDatabase(), createTestDatabase(), createTestDatabase()])).map((d) => directDatabaseOf(d)) as [Database, Database, Database];
  });

  it('writes the same rows for the same seed, whatever the concurrency, and other rows for another seed', async () => {
    const options = { users: 600, caucuses: 80, now: NOW, vacuum: false };
    await seedDatabase({ db: a.db }, { ...options, seed: 42, concurrency: 1, batchSize: 1000 });
    await seedDatabase({ db: b.db }, { ...options, seed: 42, concurrency: 4, batchSize: 77 });
    await seedDatabase({ db: c.db }, { ...options, seed: 43, concurrency: 2 });
    const [fa, fb, fc] = await Promise.all([fingerprint(a.db), fingerprint(b.db), fingerprint(c.db)]);
    expect(fb).toBe(fa);
    expect(fc).not.toBe(fa);
  });
});

describe('seedDatabase with the triggers running (a role that may not skip them)', () => {
  let database: Database;
  beforeAll(async () => {
    database = directDatabaseOf(await createTestDatabase());
  });

  it('lets the triggers count the voters and write the election records, with the same rules', async () => {
    const db = database.db;
    const summary = await seedDatabase({ db }, { users: 700, caucuses: 120, seed: 11, now: NOW, batchSize: 300, skipTriggers: false, vacuum: false });
    const counts = await tableCounts(db);
    expect(counts).toMatchObject({ users: 700, caucuses: 120, caucus_members: summary.caucusMembers, election_records: summary.electionRecords, activities: summary.activities });
    expect(summary.rows).toBe(Object.values(counts).reduce((a, b) => a + b, 0));
    expect(await scalar(db, sql`select count(*) as n from caucuses where voting_member_count > 0`)).toBeGreaterThan(0);
    expect(
      await scalar(db, sql`select count(*) as n from caucuses c where c.voting_member_count <> (select count(*) from caucus_members m where m.caucus_id = c.id and m.is_voting_member)`),
    ).toBe(0);
    const [busiest] = (await db.execute<{ id: string; n: number }>(sql`select id, voting_member_count as n from caucuses order by voting_member_count desc, id limit 1`)).rows;
    const { check } = await checkRecordOf(db, busiest!.id);
    expect(check).toMatchObject({ ok: true, entries: 1 + busiest!.n, result: { members: busiest!.n } });
  });
});
