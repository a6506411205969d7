import { createHash } from 'node:crypto';
import { hashPassword } from 'better-auth/crypto';
import { eq, getTableColumns, inArray, is, SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import sharp from 'sharp';
import { badgesReached, findBadge } from '../../domain/badges/catalogue';
import { STATES, stateName } from '../../domain/geography/states';
import { DEFAULT_APP_TIME_ZONE, calendarDayIn } from '../../domain/points/brownie-rules';
import { ALIGNMENTS } from '../../domain/profiles/alignment';
import type { Db, DbOrTx } from '../db/client';
import { accounts, users } from '../db/schema/auth';
import { caucusMembers, caucuses } from '../db/schema/caucuses';
import { photos } from '../db/schema/platform';
import { activities, badges, banners, brownies, sparks, userBadges } from '../db/schema/points';
import { buildUser, DEFAULT_PASSWORD, makeRandom, type NewUser } from './factories';

/**
 * Demo and benchmark data at any size, through the same factories as the tests
 * (buildUser, makeRandom, pickHome, DEFAULT_PASSWORD). Used by `npm run seed`, `npm run bench` and seed-data.test.ts.
 *
 * What a run writes, all consistent with PRODUCT-RULES.md:
 * - `users` users (with their credential accounts, one shared password hash), homes spread in
 *   proportion to House seats, and the first 435 users of a run one per district, so every
 *   state and district has voters. Creation times spread over the year before `now`.
 * - Referrals: about a fifth of users were recruited by an earlier user of the run; each gives
 *   the recruiter a Spark (ledger row and counter, kept equal), and recruiters crossing 1/10/100/
 *   1000 Sparks earn Friend/Believer/Evangelist/Avatar (user_badges + a badge_earned activity).
 * - A profile photo for about 0.5% of users (a real re-encoded WebP, served by /api/photos/:id).
 * - Banners and Brownies, so every leaderboard has a top 100 (see `planPoints`): about 2% of
 *   users hold Banners from earlier, since deleted, caucuses (ledger rows without a caucus) and
 *   the Banner badges they reached; about 5% received Brownies from earlier users of their
 *   batch, one per giver per calendar day (APP_TIME_ZONE) and at most one per receiver and day,
 *   so no brownie-in-a-day badge is due. Counters always equal the ledgers.
 *   `seedPointsForExistingUsers` writes the same for a database seeded before they existed.
 * - `caucuses` caucuses (default users/10), levels mostly 1, at most one level 5 per district
 *   (organized by the run's first user, made an administrator), unique 6-character invitation
 *   codes, the organizer as an organizer member, and level-1 caucuses filled with voting members
 *   who live in the district, each voter in at most one unfinalized level-1 caucus; the
 *   caucus_created and caucus_joined activities that go with them. No election is finalized
 *   (so no delegates or levels above 1: levels 2..5 have organizers only; the Banners above
 *   come from caucuses that no longer exist).
 *
 * Deterministic: the same seed on the same starting database with the same `now` writes the
 * same rows (ids included). Rerunnable: a new run numbers its users after the highest seeded
 * number already present, so emails and ids never collide.
 */
export interface SeedOptions {
  users: number;
  /** Default: users / 10. */
  caucuses?: number;
  seed?: number;
  /** Users per batch (one transaction, one multi-row insert per table; default 5000). */
  batchSize?: number;
  /** Batches in flight on separate connections (default 2). The pool needs as many connections. */
  concurrency?: number;
  /** The anchor of every timestamp (default: now). */
  now?: Date;
  password?: string;
  /** Fraction of users with a profile photo (default 0.005). */
  photoFraction?: number;
  /** Fraction of users recruited by another user (default 0.2). */
  referralFraction?: number;
  /** Fractions of users holding Banners / having received Brownies (defaults 0.02 / 0.05). */
  bannerFraction?: number;
  brownieFraction?: number;
  /** The app's time zone: the calendar day of a brownie (default America/New_York). */
  timeZone?: string;
  /** VACUUM ANALYZE the seeded tables at the end (default true), so plans and index-only scans are right. */
  vacuum?: boolean;
  onProgress?: (progress: SeedProgress) => void;
}

export interface SeedProgress {
  phase: 'users' | 'caucuses' | 'vacuum';
  done: number;
  total: number;
  /** Rows written so far, all tables together. */
  rows: number;
}

export interface SeedSummary {
  users: number;
  accounts: number;
  photos: number;
  sparks: number;
  banners: number;
  brownies: number;
  userBadges: number;
  activities: number;
  caucuses: number;
  caucusMembers: number;
  /** All rows written. */
  rows: number;
  /** The number in the email of the run's first user (`first.last.<n>@example.test`). */
  firstUserNumber: number;
  /** The run's administrator (organizer of its level-5 caucuses), when it created caucuses. */
  administratorEmail: string | null;
  ms: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const USER_SPAN_MS = 365 * DAY_MS;
const CAUCUS_SPAN_MS = 180 * DAY_MS;
const SPARK_BADGES = [
  { threshold: 1, name: 'Friend' },
  { threshold: 10, name: 'Believer' },
  { threshold: 100, name: 'Evangelist' },
  { threshold: 1000, name: 'Avatar' },
] as const;

/** Every (state, district) of the House, in the order of STATES. */
export const DISTRICTS: ReadonlyArray<{ state: string; district: number }> = STATES.flatMap((s) =>
  Array.from({ length: s.districts }, (_, i) => ({ state: s.code, district: i + 1 })),
);
const districtIndex = new Map(DISTRICTS.map((d, i) => [`${d.state}-${d.district}`, i]));

const TAGLINES = [
  'Neighbors first, parties second.',
  'Showing up for my district.',
  'Every voice counts: especially yours.',
  'Small caucuses, big change.',
  'Listening before voting.',
  'Here to organize, here to stay.',
];
const BIOS = [
  'Teacher and parent. I joined to help my district pick candidates who answer to us.',
  'Retired nurse, volunteer at the food bank, first-time organizer.',
  'Small-business owner who believes the primary system can be fixed from the ground up.',
  'Student of history. I like long debates and short meetings.',
];
const CAUCUS_THEMES = ['Main Street', 'Neighbors', 'Common Ground', 'Kitchen Table', 'Town Hall', 'Open Door', 'Porch', 'Library', 'Riverside', 'Union Hall'];
const CODE_ALPHABET = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'];

export interface PointsOptions {
  bannerFraction: number;
  brownieFraction: number;
  timeZone: string;
  now: number;
  /** Ids of the Banner badges (Lieutenant … Marshal) by name. */
  badgeIds: ReadonlyMap<string, string>;
  /** A deterministic id for a row of this batch. */
  idOf: (kind: string, key: string) => string;
}

export interface PlannedPoints {
  /** Per person (same order as given): Banners and Brownies to add to the counters. */
  banners: Int32Array;
  brownies: Int32Array;
  bannerRows: Array<typeof banners.$inferInsert>;
  brownieRows: Array<typeof brownies.$inferInsert>;
  badgeRows: Array<typeof userBadges.$inferInsert>;
  activityRows: Array<typeof activities.$inferInsert>;
}

/**
 * Banners and Brownies for a batch of people in order of creation (a giver always joined
 * before the brownie). Pure and deterministic for a given `random`.
 * - Banners: 1 + r^4 * 30 of them (mostly 1 or 2, a few dozen at most), ledger rows without a
 *   caucus (its caucus was deleted since: the schema's `set null`), spread between the user's
 *   creation and now; the Banner badges reached, each with its badge_earned activity at the
 *   Banner that reached it (thresholds from the domain catalogue).
 * - Brownies: 1 + r^3 * 20 received, each from an earlier person of the batch, on distinct
 *   calendar days for the receiver (so never 5 in a day: no brownie-in-a-day badge is due) and
 *   at most one per giver and calendar day, both taken in `timeZone`.
 */
export function planPoints(people: ReadonlyArray<{ id: string; createdAt: number }>, random: () => number, o: PointsOptions): PlannedPoints {
  const out: PlannedPoints = {
    banners: new Int32Array(people.length),
    brownies: new Int32Array(people.length),
    bannerRows: [],
    brownieRows: [],
    badgeRows: [],
    activityRows: [],
  };
  const giverDays = new Set<string>();
  const at = (from: number) => from + Math.floor(random() * Math.max(1, o.now - from));
  for (let i = 0; i < people.length; i++) {
    const person = people[i]!;
    if (random() < o.bannerFraction) {
      const count = 1 + Math.floor(random() ** 4 * 30);
      const times = Array.from({ length: count }, () => at(person.createdAt)).sort((a, b) => a - b);
      times.forEach((t, k) => out.bannerRows.push({ id: o.idOf('banner', `${i}:${k}`), organizerUserId: person.id, caucusId: null, timestamp: new Date(t) }));
      for (const name of badgesReached('banners', count)) {
        const badgeId = o.badgeIds.get(name);
        const threshold = findBadge(name)?.threshold;
        if (!badgeId || !threshold) continue;
        const earnedAt = new Date(times[threshold - 1]!);
        out.badgeRows.push({ userId: person.id, badgeId, earnedAt });
        out.activityRows.push({ id: o.idOf(`badge-activity:${name}`, String(i)), userId: person.id, activityType: 'badge_earned', description: `Earned the ${name} badge`, createdAt: earnedAt });
      }
      out.banners[i] = count;
    }
    if (i > 0 && random() < o.brownieFraction) {
      const wanted = 1 + Math.floor(random() ** 3 * 20);
      const receiverDays = new Set<string>();
      for (let k = 0, attempts = 0; k < wanted && attempts < wanted * 4; attempts++) {
        const giver = Math.floor(random() * i);
        const givenAt = at(Math.max(person.createdAt, people[giver]!.createdAt));
        const givenOn = calendarDayIn(new Date(givenAt), o.timeZone);
        if (receiverDays.has(givenOn) || giverDays.has(`${giver}:${givenOn}`)) continue;
        receiverDays.add(givenOn);
        giverDays.add(`${giver}:${givenOn}`);
        out.brownieRows.push({ id: o.idOf('brownie', `${i}:${k}`), giverUserId: people[giver]!.id, receiverUserId: person.id, givenAt: new Date(givenAt), givenOn });
        k += 1;
      }
      out.brownies[i] = receiverDays.size;
    }
  }
  return out;
}

/** A v4-shaped UUID derived from a key: deterministic, and unique for distinct keys in practice. */
function uuidFrom(key: string): string {
  const h = createHash('sha1').update(key).digest('hex');
  const variant = ((Number.parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

function seed32(key: string): number {
  return createHash('sha1').update(key).digest().readUInt32LE(0) || 1;
}

function ordinal(n: number): string {
  const s = n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${s}`;
}

/** Runs `count` batches, `concurrency` at a time. Batches are prepared (synchronously) in order. */
async function runBatches<T>(count: number, concurrency: number, prepare: (b: number) => T, run: (work: T) => Promise<void>) {
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < count) {
      const work = prepare(next++);
      try {
        await run(work);
      } catch (e) {
        failed = true;
        throw e;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, count)) }, worker));
}

/** A small, real profile photo: a gradient with grain, re-encoded to WebP like an upload. */
export async function samplePhoto(seed: number): Promise<Buffer> {
  const size = 256;
  const random = makeRandom(seed);
  const raw = Buffer.alloc(size * size * 3);
  const [r0, g0, b0] = [random() * 200, random() * 200, random() * 200];
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const o = (y * size + x) * 3;
      const grain = random() * 24;
      raw[o] = Math.min(255, r0 + x / 5 + grain);
      raw[o + 1] = Math.min(255, g0 + y / 5 + grain);
      raw[o + 2] = Math.min(255, b0 + (x + y) / 10 + grain);
    }
  }
  return sharp(raw, { raw: { width: size, height: size, channels: 3 } }).webp({ quality: 80 }).toBuffer();
}

/**
 * Inserts many rows in one statement, one array parameter per column
 * (`insert … select * from unnest($1::uuid[], $2::text[], …)`), with the column names, SQL types
 * and value mapping taken from the drizzle table. The same rows through `db.insert().values()`
 * cost drizzle's query builder about 0.25-0.7 ms per row (measured: 2,000 users took 0.5-1.7 s
 * to build), which alone would be 10+ minutes of CPU for a million users and their accounts.
 * A column no row sets is left to its database default; a column some rows leave undefined gets
 * its literal default (or null); one whose default is SQL must then be given in every row.
 */
export async function insertRows<T extends PgTable>(db: DbOrTx, table: T, rows: ReadonlyArray<T['$inferInsert']>): Promise<void> {
  if (rows.length === 0) return;
  const targets: SQL[] = [];
  const sources: SQL[] = [];
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const values = rows.map((r) => (r as Record<string, unknown>)[key]);
    const given = values.filter((v) => v !== undefined).length;
    if (given === 0) continue;
    let fallback: unknown = null;
    if (given < rows.length) {
      if (column.defaultFn) fallback = undefined;
      else if (column.default !== undefined && !is(column.default, SQL)) fallback = column.default;
      else if (column.hasDefault) throw new Error(`insertRows: ${key} has an SQL default: give it in every row or in none`);
    }
    const driverValues = values.map((v) => {
      const value = v === undefined ? (fallback === undefined ? column.defaultFn!() : fallback) : v;
      return value === null || value === undefined ? null : column.mapToDriverValue(value);
    });
    targets.push(sql`${sql.identifier(column.name)}`);
    sources.push(sql`${sql.param(driverValues)}::${sql.raw(column.getSQLType())}[]`);
  }
  await db.execute(sql`insert into ${table} (${sql.join(targets, sql`, `)}) select * from unnest(${sql.join(sources, sql`, `)})`);
}

/** The highest n of the seeded emails `first.last.<n>@example.test` already in the database. */
async function highestSeededNumber(db: Db): Promise<number> {
  const pattern = '^[a-z]+\\.[a-z]+\\.([0-9]{1,15})@example\\.test$';
  const result = await db.execute<{ n: string | null }>(
    sql`select max((regexp_match(${users.email}, ${pattern}))[1]::bigint) as n from ${users}`,
  );
  return Number(result.rows[0]?.n ?? 0);
}

type ActivityRow = typeof activities.$inferInsert;

export async function seedDatabase({ db }: { db: Db }, options: SeedOptions): Promise<SeedSummary> {
  const started = performance.now();
  const userCount = Math.max(0, Math.floor(options.users));
  const caucusCount = Math.max(0, Math.floor(options.caucuses ?? userCount / 10));
  if (caucusCount > 0 && userCount === 0) throw new Error('Caucuses are seeded with the users of the same run: give users > 0.');
  const seed = options.seed ?? 1;
  const batchSize = Math.max(1, Math.floor(options.batchSize ?? 5000));
  const concurrency = Math.max(1, Math.floor(options.concurrency ?? 2));
  const now = (options.now ?? new Date()).getTime();
  const password = options.password ?? DEFAULT_PASSWORD;
  const photoFraction = options.photoFraction ?? 0.005;
  const referralFraction = options.referralFraction ?? 0.2;
  const progress = options.onProgress ?? (() => undefined);

  const offset = await highestSeededNumber(db);
  const existingCaucuses = Number(
    (await db.execute<{ n: string }>(sql`select count(*) as n from ${caucuses}`)).rows[0]?.n ?? 0,
  );
  const runKey = `${seed}:${offset}:${existingCaucuses}`;
  const idOf = (kind: string, k: number) => uuidFrom(`${runKey}:${kind}:${k}`);
  const userId = (i: number) => idOf('user', i);
  const userCreatedAt = (i: number) => now - USER_SPAN_MS + Math.floor((i / Math.max(1, userCount)) * USER_SPAN_MS);

  const badgeRows = await db
    .select({ id: badges.id, name: badges.name })
    .from(badges)
    .where(inArray(badges.name, SPARK_BADGES.map((b) => b.name)));
  const badgeId = new Map(badgeRows.map((b) => [b.name, b.id]));
  const pointsOptions = {
    bannerFraction: options.bannerFraction ?? 0.02,
    brownieFraction: options.brownieFraction ?? 0.05,
    timeZone: options.timeZone ?? DEFAULT_APP_TIME_ZONE,
    now,
    badgeIds: await bannerBadgeIds(db),
  };
  const photo = userCount > 0 && photoFraction > 0 ? await samplePhoto(seed32(`${runKey}:photo`)) : null;
  // All seeded users share one password hash (the factories do the same).
  const passwordHash = userCount > 0 ? await hashPassword(password) : '';

  const summary: SeedSummary = {
    users: 0,
    accounts: 0,
    photos: 0,
    sparks: 0,
    banners: 0,
    brownies: 0,
    userBadges: 0,
    activities: 0,
    caucuses: 0,
    caucusMembers: 0,
    rows: 0,
    firstUserNumber: offset + 1,
    administratorEmail: null,
    ms: 0,
  };
  /** Home district (index into DISTRICTS) of every user of the run. */
  const homes = new Uint16Array(userCount);

  // ---- users, accounts, photos, sparks, spark badges --------------------------------------
  const userBatches = Math.ceil(userCount / batchSize);
  await runBatches(
    userBatches,
    concurrency,
    (b) => {
      const first = b * batchSize;
      const last = Math.min(userCount, first + batchSize);
      const random = makeRandom(seed32(`${runKey}:users:${b}`));
      const rows: Array<NewUser & { id: string }> = [];
      const photoRows: Array<typeof photos.$inferInsert> = [];
      const sparkRows: Array<typeof sparks.$inferInsert> = [];
      const badgeRowsOfBatch: Array<typeof userBadges.$inferInsert> = [];
      const activityRows: ActivityRow[] = [];
      for (let i = first; i < last; i++) {
        const id = userId(i);
        const createdAt = new Date(userCreatedAt(i));
        const verifiedAt = new Date(createdAt.getTime() + Math.floor(random() * 60 * 60 * 1000));
        const row = buildUser(offset + i + 1, random, { id, createdAt, updatedAt: verifiedAt, emailVerifiedAt: verifiedAt });
        if (i < DISTRICTS.length) Object.assign(row, DISTRICTS[i]); // every district gets voters
        if (i === 0 && caucusCount > 0) row.isAdministrator = true;
        if (random() < 0.3) row.tagline = TAGLINES[Math.floor(random() * TAGLINES.length)]!;
        if (random() < 0.2) row.bio = BIOS[Math.floor(random() * BIOS.length)]!;
        if (photo && random() < photoFraction) {
          const photoId = idOf('photo', i);
          row.image = `/api/photos/${photoId}`;
          photoRows.push({ id: photoId, userId: id, contentType: 'image/webp', bytes: photo, createdAt: verifiedAt });
        }
        if (i > first && random() < referralFraction) {
          // Recruiters are earlier users of the same batch, skewed so a few recruit many.
          const recruiterIndex = first + Math.floor(random() ** 4 * (i - first));
          const recruiter = rows[recruiterIndex - first]!;
          row.recruitedBy = recruiter.id;
          sparkRows.push({ id: idOf('spark', i), userId: recruiter.id, referredUserId: id, timestamp: verifiedAt });
          recruiter.sparks = (recruiter.sparks ?? 0) + 1;
          const earned = SPARK_BADGES.find((s) => s.threshold === recruiter.sparks);
          const earnedId = earned && badgeId.get(earned.name);
          if (earned && earnedId) {
            badgeRowsOfBatch.push({ userId: recruiter.id, badgeId: earnedId, earnedAt: verifiedAt });
            activityRows.push({
              id: idOf(`badge-activity:${earned.name}`, recruiterIndex),
              userId: recruiter.id,
              activityType: 'badge_earned',
              description: `Earned the ${earned.name} badge`,
              createdAt: verifiedAt,
            });
          }
        }
        homes[i] = districtIndex.get(`${row.state}-${row.district}`)!;
        rows.push(row);
      }
      // Banners and Brownies from their own random stream, so the users above stay as they were.
      const points = planPoints(
        rows.map((r) => ({ id: r.id, createdAt: r.createdAt!.getTime() })),
        makeRandom(seed32(`${runKey}:points:${b}`)),
        { ...pointsOptions, idOf: (kind, key) => uuidFrom(`${runKey}:${kind}:${b}:${key}`) },
      );
      rows.forEach((r, k) => {
        if (points.banners[k]) r.banners = points.banners[k];
        if (points.brownies[k]) r.brownies = points.brownies[k];
      });
      badgeRowsOfBatch.push(...points.badgeRows);
      activityRows.push(...points.activityRows);
      return { b, rows, photoRows, sparkRows, bannerRows: points.bannerRows, brownieRows: points.brownieRows, badgeRows: badgeRowsOfBatch, activityRows };
    },
    async (work) => {
      await db.transaction(async (tx) => {
        // A crash may lose the last batches of a seed, never corrupt: fine for demo data.
        await tx.execute(sql`set local synchronous_commit = off`);
        await insertRows(tx, users, work.rows);
        await insertRows(
          tx,
          accounts,
          work.rows.map((r) => ({ accountId: r.id, providerId: 'credential', userId: r.id, password: passwordHash })),
        );
        await insertRows(tx, photos, work.photoRows);
        await insertRows(tx, sparks, work.sparkRows);
        await insertRows(tx, banners, work.bannerRows);
        await insertRows(tx, brownies, work.brownieRows);
        await insertRows(tx, userBadges, work.badgeRows);
        await insertRows(tx, activities, work.activityRows);
      });
      summary.users += work.rows.length;
      summary.accounts += work.rows.length;
      summary.photos += work.photoRows.length;
      summary.sparks += work.sparkRows.length;
      summary.banners += work.bannerRows.length;
      summary.brownies += work.brownieRows.length;
      summary.userBadges += work.badgeRows.length;
      summary.activities += work.activityRows.length;
      summary.rows +=
        2 * work.rows.length + work.photoRows.length + work.sparkRows.length + work.bannerRows.length + work.brownieRows.length + work.badgeRows.length + work.activityRows.length;
      if (work.b === 0 && caucusCount > 0) summary.administratorEmail = work.rows[0]!.email;
      progress({ phase: 'users', done: summary.users, total: userCount, rows: summary.rows });
    },
  );

  // ---- caucuses, members, their activities --------------------------------------------------
  if (caucusCount > 0) {
    // Voters of each district, in creation order (a CSR layout: 2 bytes + 4 bytes per user).
    const starts = new Int32Array(DISTRICTS.length + 1);
    for (let i = 0; i < userCount; i++) starts[homes[i]! + 1]! += 1;
    for (let d = 0; d < DISTRICTS.length; d++) starts[d + 1]! += starts[d]!;
    const voters = new Int32Array(userCount);
    const fill = starts.slice(0, DISTRICTS.length);
    for (let i = 0; i < userCount; i++) voters[fill[homes[i]!]!++] = i;
    const nextVoter = starts.slice(0, DISTRICTS.length); // each voter joins one level-1 caucus at most

    const level5 = new Set(
      (await db.select({ state: caucuses.state, district: caucuses.district }).from(caucuses).where(eq(caucuses.level, 5))).map(
        (c) => `${c.state}-${c.district}`,
      ),
    );
    const codes = new Set((await db.select({ code: caucuses.invitationCode }).from(caucuses)).map((c) => c.code));
    const random = makeRandom(seed32(`${runKey}:caucuses`));
    const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
    const caucusBatchSize = Math.max(1, Math.floor(batchSize / 4));
    // caucuses.voting_member_count is kept by a per-row trigger on caucus_members: for 10 voters
    // it rewrites the caucus row 10 times (measured ~0.36 ms per member, minutes at a million
    // users). A superuser can skip it for the members' insert (session_replication_role = replica)
    // and write the count with the caucus; anyone else lets the trigger count.
    const [role] = (await db.execute<{ is_superuser: string }>(sql`select current_setting('is_superuser') as is_superuser`)).rows;
    const writeCounts = role?.is_superuser === 'on';

    await runBatches(
      Math.ceil(caucusCount / caucusBatchSize),
      concurrency,
      (b) => {
        const caucusRows: Array<typeof caucuses.$inferInsert> = [];
        const memberRows: Array<typeof caucusMembers.$inferInsert> = [];
        const activityRows: ActivityRow[] = [];
        for (let j = b * caucusBatchSize; j < Math.min(caucusCount, (b + 1) * caucusBatchSize); j++) {
          const r = random();
          let level = r < 0.8 ? 1 : r < 0.92 ? 2 : r < 0.97 ? 3 : r < 0.99 ? 4 : 5;
          // Level-1 homes are drawn in proportion to voters; higher levels anywhere.
          const d = level === 1 ? homes[Math.floor(random() * userCount)]! : Math.floor(random() * DISTRICTS.length);
          const home = DISTRICTS[d]!;
          if (level === 5) {
            if (level5.has(`${home.state}-${home.district}`)) level = 4; // one level-5 caucus per district
            else level5.add(`${home.state}-${home.district}`);
          }
          const organizerIndex = level === 5 ? 0 : Math.floor(random() * userCount);
          const organizerId = userId(organizerIndex);
          const createdAt = Math.min(now, Math.max(now - Math.floor(random() * CAUCUS_SPAN_MS), userCreatedAt(organizerIndex) + 60 * 60 * 1000));
          let code: string;
          do {
            code = Array.from({ length: 6 }, () => pick(CODE_ALPHABET)).join('');
          } while (codes.has(code));
          codes.add(code);
          const id = idOf('caucus', j);
          const isOpen = random() < 0.85;
          const name = `${stateName(home.state)} ${ordinal(home.district)} ${pick(CAUCUS_THEMES)} Caucus`;
          const caucusRow: typeof caucuses.$inferInsert = {
            id,
            name,
            state: home.state,
            district: home.district,
            level,
            politicalAlignment: random() < 0.7 ? pick(ALIGNMENTS.slice(0, -1)) : null,
            isOpen,
            password: isOpen ? null : `pass-${code.toLowerCase()}`,
            platformLink: random() < 0.3 ? `https://example.org/platforms/${code.toLowerCase()}` : null,
            invitationCode: code,
            organizerId,
            createdAt: new Date(createdAt),
            updatedAt: new Date(createdAt),
          };
          caucusRows.push(caucusRow);
          let votingMembers = 0;
          memberRows.push({ caucusId: id, userId: organizerId, isVotingMember: false, isOrganizer: true, joinedAt: new Date(createdAt) });
          activityRows.push({
            id: idOf('activity-created', j),
            userId: organizerId,
            activityType: 'caucus_created',
            description: `Created the caucus ${name}`,
            createdAt: new Date(createdAt),
          });
          if (level === 1) {
            const wanted = random() < 0.3 ? 10 : 1 + Math.floor(random() * 9);
            for (let k = 0; k < wanted && nextVoter[d]! < starts[d + 1]!; k++) {
              const voter = voters[nextVoter[d]!++]!;
              if (voter === organizerIndex) continue; // organizers do not vote
              const since = Math.min(now, Math.max(createdAt, userCreatedAt(voter) + 60 * 60 * 1000));
              const joinedAt = new Date(since + Math.floor(random() * (now - since)));
              memberRows.push({ caucusId: id, userId: userId(voter), isVotingMember: true, isOrganizer: false, joinedAt });
              votingMembers += 1;
              activityRows.push({
                id: idOf('activity-joined', voter),
                userId: userId(voter),
                activityType: 'caucus_joined',
                description: `Joined the caucus ${name}`,
                createdAt: joinedAt,
              });
            }
          }
          if (writeCounts) caucusRow.votingMemberCount = votingMembers;
        }
        return { caucusRows, memberRows, activityRows };
      },
      async (work) => {
        await db.transaction(async (tx) => {
          await tx.execute(sql`set local synchronous_commit = off`);
          await insertRows(tx, caucuses, work.caucusRows);
          if (writeCounts) {
            // Only this statement skips triggers (foreign keys included): its rows reference the
            // caucuses just inserted and users of this run, and the test checks both.
            await tx.execute(sql`set local session_replication_role = replica`);
            await insertRows(tx, caucusMembers, work.memberRows);
            await tx.execute(sql`set local session_replication_role = origin`);
          } else {
            await insertRows(tx, caucusMembers, work.memberRows);
          }
          await insertRows(tx, activities, work.activityRows);
        });
        summary.caucuses += work.caucusRows.length;
        summary.caucusMembers += work.memberRows.length;
        summary.activities += work.activityRows.length;
        summary.rows += work.caucusRows.length + work.memberRows.length + work.activityRows.length;
        progress({ phase: 'caucuses', done: summary.caucuses, total: caucusCount, rows: summary.rows });
      },
    );
  }

  if (options.vacuum ?? true) {
    progress({ phase: 'vacuum', done: 0, total: 1, rows: summary.rows });
    // Fresh statistics for the planner, and a visibility map for index-only scans.
    await db.execute(sql`vacuum (analyze) users, accounts, photos, sparks, banners, brownies, user_badges, activities, caucuses, caucus_members`);
    progress({ phase: 'vacuum', done: 1, total: 1, rows: summary.rows });
  }
  summary.ms = Math.round(performance.now() - started);
  return summary;
}

async function bannerBadgeIds(db: DbOrTx): Promise<Map<string, string>> {
  const names = badgesReached('banners', Number.MAX_SAFE_INTEGER);
  const rows = await db.select({ id: badges.id, name: badges.name }).from(badges).where(inArray(badges.name, names));
  return new Map(rows.map((r) => [r.name, r.id]));
}

export interface PointsTopUpSummary {
  users: number;
  banners: number;
  brownies: number;
  userBadges: number;
  activities: number;
  ms: number;
}

/**
 * Banners and Brownies (`planPoints`) for a database seeded before the seed wrote them: in
 * batches of users ordered by id (each batch in order of creation), the ledger rows, the Banner
 * badges with their activities, and the counters raised by the same amounts, one transaction
 * per batch. Meant for a database whose banner and brownie ledgers are still empty (the bench
 * checks); deterministic for the same users and seed. Hidden profiles get nothing.
 */
export async function seedPointsForExistingUsers(
  { db }: { db: Db },
  options: { seed?: number; now?: Date; batchSize?: number; bannerFraction?: number; brownieFraction?: number; timeZone?: string; onProgress?: (done: number) => void } = {},
): Promise<PointsTopUpSummary> {
  const started = performance.now();
  const seed = options.seed ?? 1;
  const batchSize = Math.max(2, Math.floor(options.batchSize ?? 5000));
  const base = {
    bannerFraction: options.bannerFraction ?? 0.02,
    brownieFraction: options.brownieFraction ?? 0.05,
    timeZone: options.timeZone ?? DEFAULT_APP_TIME_ZONE,
    now: (options.now ?? new Date()).getTime(),
    badgeIds: await bannerBadgeIds(db),
  };
  const summary: PointsTopUpSummary = { users: 0, banners: 0, brownies: 0, userBadges: 0, activities: 0, ms: 0 };
  let after = '00000000-0000-0000-0000-000000000000';
  for (let b = 0; ; b++) {
    const page = await db
      .select({ id: users.id, createdAt: users.createdAt })
      .from(users)
      .where(sql`${users.id} > ${after} and ${users.deletedAt} is null`)
      .orderBy(users.id)
      .limit(batchSize);
    if (page.length === 0) break;
    after = page.at(-1)!.id;
    const people = page.map((p) => ({ id: p.id, createdAt: p.createdAt.getTime() })).sort((x, y) => x.createdAt - y.createdAt || (x.id < y.id ? -1 : 1));
    const points = planPoints(people, makeRandom(seed32(`top-up:${seed}:${b}`)), {
      ...base,
      idOf: (kind, key) => uuidFrom(`top-up:${seed}:${people[0]!.id}:${kind}:${key}`),
    });
    const changed = people.map((p, k) => ({ id: p.id, banners: points.banners[k]!, brownies: points.brownies[k]! })).filter((c) => c.banners || c.brownies);
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local synchronous_commit = off`);
      await insertRows(tx, banners, points.bannerRows);
      await insertRows(tx, brownies, points.brownieRows);
      await insertRows(tx, userBadges, points.badgeRows);
      await insertRows(tx, activities, points.activityRows);
      if (changed.length > 0) {
        await tx.execute(sql`
          update users u set banners = u.banners + x.banners, brownies = u.brownies + x.brownies
          from unnest(${sql.param(changed.map((c) => c.id))}::uuid[], ${sql.param(changed.map((c) => c.banners))}::int[], ${sql.param(changed.map((c) => c.brownies))}::int[])
            as x(id, banners, brownies)
          where u.id = x.id`);
      }
    });
    summary.users += page.length;
    summary.banners += points.bannerRows.length;
    summary.brownies += points.brownieRows.length;
    summary.userBadges += points.badgeRows.length;
    summary.activities += points.activityRows.length;
    options.onProgress?.(summary.users);
  }
  await db.execute(sql`vacuum (analyze) users, banners, brownies, user_badges, activities`);
  summary.ms = Math.round(performance.now() - started);
  return summary;
}
