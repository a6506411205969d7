import { createHash } from 'node:crypto';
import { hashPassword } from 'better-auth/crypto';
import { getTableColumns, inArray, is, SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import sharp from 'sharp';
import { badgesReached, findBadge } from '../../domain/badges/catalogue';
import { STATES, stateName } from '../../domain/geography/states';
import { DEFAULT_APP_TIME_ZONE, calendarDayIn } from '../../domain/points/brownie-rules';
import { ALIGNMENTS } from '../../domain/profiles/alignment';
import type { Db, DbOrTx } from '../db/client';
import { users } from '../db/schema/auth';
import { activities, badges, banners, brownies, userBadges } from '../db/schema/points';
import { dropIndexesForBulkLoad, inTransaction, isSuperuser, prepareBulkSession, rebuildIndexes } from './bulk-load';
import { DEFAULT_PASSWORD, FIRST, LAST, makeRandom } from './factories';

/**
 * Demo and benchmark data at any size, with the tests' conventions (names of factories.ts,
 * DEFAULT_PASSWORD). Used by `npm run seed`, `npm run bench` and seed-data.test.ts.
 *
 * What a run writes, all consistent with PRODUCT-RULES.md:
 * - `users` users (with their credential accounts, one shared password hash), homes spread in
 *   proportion to House seats, and the first 435 users of a run one per district, so every
 *   state and district has voters. Creation times spread over the year before `now`.
 * - Referrals: about a fifth of users were recruited by an earlier user of their group of 5,000
 *   (skewed, so a few recruit many); each gives the recruiter a Spark (ledger row and counter,
 *   kept equal), and recruiters crossing 1/10/100/1000 Sparks earn Friend/Believer/Evangelist/
 *   Avatar (user_badges + a badge_earned activity).
 * - A profile photo for about 0.5% of users (a real re-encoded WebP, served by /api/photos/:id).
 * - Banners and Brownies, so every leaderboard has a top 100: about 2% of users hold Banners
 *   from earlier, since deleted, caucuses (ledger rows without a caucus, 1 + r^4 * 30 of them)
 *   and the Banner badges they reached; about 5% received Brownies (1 + r^3 * 20 drawn) from
 *   earlier users of their group, at most one per giver per calendar day (APP_TIME_ZONE) and at
 *   most one per receiver and day, so no brownie-in-a-day badge is due. Counters equal the ledgers.
 *   `seedPointsForExistingUsers` writes the same for a database seeded before they existed.
 * - `caucuses` caucuses (default users/10), levels mostly 1, at most one level 5 per district
 *   (organized by the run's first user, made an administrator), unique 6-character invitation
 *   codes, the organizer as an organizer member, and level-1 caucuses filled with voting members
 *   who live in the district, each voter in at most one unfinalized level-1 caucus; the
 *   caucus_created and caucus_joined activities that go with them, and each caucus's election
 *   record (its creation and its joins, hash-chained as the triggers of migration 0019 write
 *   it). No election is finalized (so no delegates or levels above 1: levels 2..5 have
 *   organizers only; the Banners above come from caucuses that no longer exist).
 *
 * How (issue 16: ten million users within the bench's own time; docs/decisions/030): every
 * row is computed inside PostgreSQL, `insert … select … from generate_series(…)`, each value a
 * pure function of the run's key and the row's number (`Draws`: hashint8extended as the random
 * source), so the same seed writes the same rows whatever the batch size or the number of
 * connections, and no row crosses the wire. Cross-row structure (who recruited whom, brownie
 * days, voters per district, caucus seats) is staged in temporary tables of the connection that
 * needs it. A table that starts empty is loaded without its indexes, which are rebuilt in the
 * same transaction (bulk-load.ts): most of the gain. As a superuser the load skips triggers
 * (session_replication_role = replica: foreign-key checks, the caucus_members counter, the
 * election-record triggers) and writes their effects itself; anyone else gets the triggers, on
 * one connection in the order of the foreign keys. Otherwise two connections share the work:
 * people (users, then each ledger, one transaction per table) and caucuses (caucuses, members,
 * activities and accounts in one transaction, committed only after the users are, so that no
 * committed row points at a missing user); then both take slices of the election records,
 * computed from the committed caucuses and members.
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
  /** Users per statement in the users and accounts tables (default 1,000,000); only progress and sort sizes depend on it. */
  batchSize?: number;
  /** Connections (default 2): 2 or more runs the people and caucus lanes side by side, 1 one after the other. */
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
  /**
   * Skip triggers and foreign-key checks and write their effects (default: when the role is a
   * superuser, the only one allowed to). False lets the triggers run, one lane after the other.
   */
  skipTriggers?: boolean;
  onProgress?: (progress: SeedProgress) => void;
}

/** The tables a run writes, in the order of one lane. */
export type SeedTable =
  | 'users'
  | 'accounts'
  | 'photos'
  | 'sparks'
  | 'banners'
  | 'brownies'
  | 'user_badges'
  | 'caucuses'
  | 'caucus_members'
  | 'election_records'
  | 'activities';

export interface SeedProgress {
  /** The table being written (its rows counted in `done` users or caucuses), or the final vacuum. */
  phase: SeedTable | 'vacuum';
  done: number;
  total: number;
  /** Rows written so far, all tables together. */
  rows: number;
}

/** Where a run's time went: each staging step, table and the final vacuum, with the lane (connection) it ran on. */
export interface SeedStep {
  step: string;
  lane: number;
  ms: number;
  rows: number;
  /** Of `ms`, the time spent rebuilding the secondary indexes (tables that started empty). */
  indexMs: number;
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
  /** Election-record entries (written by the seed, or by the triggers when they run). */
  electionRecords: number;
  /** All rows written. */
  rows: number;
  /** The number in the email of the run's first user (`first.last.<n>@example.test`). */
  firstUserNumber: number;
  /** The run's administrator (organizer of its level-5 caucuses), when it created caucuses. */
  administratorEmail: string | null;
  ms: number;
  steps: SeedStep[];
}

const DAY_MS = 24 * 60 * 60 * 1000;
const USER_SPAN_MS = 365 * DAY_MS;
const CAUCUS_SPAN_MS = 180 * DAY_MS;
const HOUR_MS = 60 * 60 * 1000;
/** Recruiters and brownie givers are earlier users of the same group of consecutive users. */
const GROUP = 5000;
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
const CODE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
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


// ---- the seed in SQL ------------------------------------------------------------------------

/** SQL text of the seed's own constants (lists and numbers of this file, never outside input). */
const literal = (s: string) => `'${s.replace(/'/g, "''")}'`;
const textArray = (list: readonly string[]) => `(array[${list.map(literal).join(', ')}]::text[])`;
const intArray = (list: readonly number[]) => `(array[${list.join(', ')}]::int[])`;
const SIGN_BIT = '(-9223372036854775808)::bigint';

/**
 * Deterministic draws as SQL expressions: each (kind, key) pair is hashed with a 64-bit seed
 * derived from the run's key and the kind (hashint8extended, PostgreSQL's own hash), so a value
 * never depends on the order, batch or connection that computes it.
 */
class Draws {
  private readonly seeds = new Map<string, string>();
  constructor(private readonly runKey: string) {}

  private seedOf(kind: string): string {
    let seed = this.seeds.get(kind);
    if (seed === undefined) {
      seed = `(${createHash('sha1').update(`${this.runKey}:${kind}`).digest().readBigInt64LE(0).toString()})::bigint`;
      this.seeds.set(kind, seed);
    }
    return seed;
  }

  hash(kind: string, key: string): string {
    return `hashint8extended((${key})::bigint, ${this.seedOf(kind)})`;
  }

  /** Uniform in [0, 1): the hash's low 52 bits. */
  rnd(kind: string, key: string): string {
    return `((${this.hash(kind, key)} & 4503599627370495)::float8 / 4503599627370496::float8)`;
  }

  /** One element of a list of constants. */
  pick(list: readonly string[], kind: string, key: string): string {
    return `${textArray(list)}[1 + floor(${this.rnd(kind, key)} * ${list.length})::int]`;
  }

  /** A version-4-shaped UUID (what zod's uuid() and the app's ids look like) from two hashes. */
  uuid(kind: string, key: string): string {
    const high = `((${this.hash(`${kind}:high`, key)} & -61441) | 16384)`; // version nibble = 4
    const low = `((${this.hash(`${kind}:low`, key)} & 4611686018427387903) | ${SIGN_BIT})`; // variant bits = 10
    return `encode(int8send(${high}) || int8send(${low}), 'hex')::uuid`;
  }
}

/** The run's fixed quantities and the SQL of each value (users numbered i = 0.., caucuses j = 0..). */
class RunSql {
  readonly d: Draws;
  constructor(
    runKey: string,
    readonly o: {
      users: number;
      caucuses: number;
      offset: number;
      now: number;
      photoFraction: number;
      referralFraction: number;
      bannerFraction: number;
      brownieFraction: number;
      timeZone: string;
      /** Spark and Banner badges the catalogue has, with the ordinal that keys their activity. */
      badges: ReadonlyArray<{ metric: 'sparks' | 'banners'; threshold: number; id: string; name: string; ordinal: number }>;
    },
  ) {
    this.d = new Draws(runKey);
  }

  ts(ms: string): string {
    return `to_timestamp((${ms})::float8 / 1000)`;
  }
  userId(i: string): string {
    return this.d.uuid('user', i);
  }
  caucusId(j: string): string {
    return this.d.uuid('caucus', j);
  }
  salt(j: string): string {
    return `${this.d.uuid('record-salt', j)}::text`;
  }
  /** Index into DISTRICTS: the first 435 users one per district, then drawn in proportion to seats. */
  home(i: string): string {
    return `(case when ${i} < ${DISTRICTS.length} then (${i})::int else floor(${this.d.rnd('home', i)} * ${DISTRICTS.length})::int end)`;
  }
  createdMs(i: string): string {
    return `(${this.o.now - USER_SPAN_MS}::bigint + (${i})::bigint * ${USER_SPAN_MS} / ${Math.max(1, this.o.users)})`;
  }
  verifiedMs(i: string): string {
    return `(${this.createdMs(i)} + floor(${this.d.rnd('verified', i)} * ${HOUR_MS})::bigint)`;
  }
  referred(i: string): string {
    return `((${i}) % ${GROUP} > 0 and ${this.d.rnd('referred', i)} < ${this.o.referralFraction})`;
  }
  recruiter(i: string): string {
    return `((${i}) - (${i}) % ${GROUP} + floor(power(${this.d.rnd('recruiter', i)}, 4) * ((${i}) % ${GROUP}))::int)`;
  }
  hasBanners(i: string): string {
    return `(${this.d.rnd('banners', i)} < ${this.o.bannerFraction})`;
  }
  bannerCount(i: string): string {
    return `(1 + floor(power(${this.d.rnd('banner-count', i)}, 4) * 30)::int)`;
  }
  hasPhoto(i: string): string {
    return `(${this.d.rnd('photo', i)} < ${this.o.photoFraction})`;
  }
  state(d: string): string {
    return `${textArray(DISTRICTS.map((x) => x.state))}[(${d}) + 1]`;
  }
  district(d: string): string {
    return `${intArray(DISTRICTS.map((x) => x.district))}[(${d}) + 1]`;
  }
  /** A 6-character invitation code, one per (caucus, attempt). */
  code(j: string, attempt: number): string {
    const n = `((${this.d.hash('code', `(${j})::bigint * 1024 + ${attempt}`)} & 9223372036854775807) % ${36 ** 6})`;
    return Array.from({ length: 6 }, (_, k) => `substr('${CODE_ALPHABET}', (${n} / ${36 ** k} % 36)::int + 1, 1)`).join(' || ');
  }

  // -- staging: temporary tables of one connection ------------------------------------------

  /** Who recruited whom, and each recruit's rank among their recruiter's (the Spark badges). */
  stageReferrals(): string[] {
    return [
      `create temporary table seed_referrals as
       select i, recruiter, row_number() over (partition by recruiter order by i)::int as nth
       from (select i, ${this.recruiter('i')} as recruiter from generate_series(0, ${this.o.users - 1}) i where ${this.referred('i')} offset 0) r`,
      'analyze seed_referrals',
    ];
  }

  /** Each Banner's time, and its rank among its holder's (the Banner badges). */
  stageBanners(): string[] {
    return [
      `create temporary table seed_banners as
       select i, k, ms, row_number() over (partition by i order by ms, k)::int as nth
       from (
         select u.i, k, u.c + floor(${this.d.rnd('banner-at', 'u.i::bigint * 64 + k')} * greatest(1, ${this.o.now} - u.c))::bigint as ms
         from (select i, ${this.createdMs('i')} as c, ${this.bannerCount('i')} as n
               from generate_series(0, ${this.o.users - 1}) i where ${this.hasBanners('i')} offset 0) u
         cross join lateral generate_series(1, u.n) k
       ) t`,
      'analyze seed_banners',
    ];
  }

  /**
   * Brownies: the draws, then at most one per receiver and calendar day, then at most one per
   * giver and calendar day (dropping rows keeps the first rule true).
   */
  stageBrownies(): string[] {
    return [
      `create temporary table seed_brownies as
       with wanted as (
         select i, ${this.createdMs('i')} as c, 1 + floor(power(${this.d.rnd('brownie-count', 'i')}, 3) * 20)::int as n
         from generate_series(0, ${this.o.users - 1}) i
         where i % ${GROUP} > 0 and ${this.d.rnd('brownies', 'i')} < ${this.o.brownieFraction}
         offset 0
       ), drawn as (
         select w.i as receiver, k,
           w.i - w.i % ${GROUP} + floor(${this.d.rnd('giver', 'w.i::bigint * 32 + k')} * (w.i % ${GROUP}))::int as giver,
           w.c + floor(${this.d.rnd('given-at', 'w.i::bigint * 32 + k')} * greatest(1, ${this.o.now} - w.c))::bigint as ms
         from wanted w cross join lateral generate_series(1, w.n) k
         offset 0
       ), dated as (
         select *, (${this.ts('ms')} at time zone ${literal(this.o.timeZone)})::date as given_on from drawn
       ), per_receiver as (
         select distinct on (receiver, given_on) * from dated order by receiver, given_on, k
       )
       select distinct on (giver, given_on) * from per_receiver order by giver, given_on, receiver, k`,
      'analyze seed_brownies',
    ];
  }

  /** The counters of the users table: Sparks given and Brownies received. */
  stageCounts(): string[] {
    return [
      `create temporary table seed_counts as
       select i, sum(sparks)::int as sparks, sum(brownies)::int as brownies from (
         select recruiter as i, count(*) as sparks, 0 as brownies from seed_referrals group by recruiter
         union all
         select receiver, 0, count(*) from seed_brownies group by receiver
       ) x group by i`,
      'alter table seed_counts add primary key (i)',
      'analyze seed_counts',
    ];
  }

  /** Each district's voters in order of creation, ranked: level-1 caucuses take them in turn. */
  stageVoters(): string[] {
    return [
      `create temporary table seed_voters as
       select d, row_number() over (partition by d order by i)::int as rank, i
       from (select i, ${this.home('i')} as d from generate_series(0, ${this.o.users - 1}) i offset 0) h`,
      'alter table seed_voters add primary key (d, rank)',
      'create temporary table seed_district_sizes as select d, count(*)::int as n from seed_voters group by d',
      'analyze seed_voters',
      'analyze seed_district_sizes',
    ];
  }

  /** The caucuses: level, home, organizer, time, name, seats wanted (codes are made unique in `uniqueCodes`). */
  stagePlan(): string[] {
    const U = this.o.users;
    const labels = textArray(DISTRICTS.map((x) => `${stateName(x.state)} ${ordinal(x.district)}`));
    return [
      `create temporary table seed_levels as
       select j, level,
         case when level = 1 then ${this.home(`floor(${this.d.rnd('voter-home', 'j')} * ${U})::int`)}
              else floor(${this.d.rnd('caucus-home', 'j')} * ${DISTRICTS.length})::int end as d
       from (
         select j, case when r < 0.8 then 1 when r < 0.92 then 2 when r < 0.97 then 3 when r < 0.99 then 4 else 5 end as level
         from (select j, ${this.d.rnd('level', 'j')} as r from generate_series(0, ${this.o.caucuses - 1}) j offset 0) x
       ) y`,
      // One level-5 caucus per district: the first drawn, and none where one exists already,
      // nor in the last district of the table, kept free for the bench's whole district tree
      // (social-seed.ts: at 10 million users every other district has drawn one).
      `update seed_levels s set level = 4 from (
         select j from (select j, d, row_number() over (partition by d order by j) as k from seed_levels where level = 5) x
         where k > 1 or x.d = ${DISTRICTS.length - 1} or exists (select 1 from caucuses c where c.level = 5 and c.state = ${this.state('x.d')} and c.district = ${this.district('x.d')})
       ) extra where s.j = extra.j`,
      `create temporary table seed_plan as
       select j, level, d, org,
         least(${this.o.now}, greatest(${this.o.now} - floor(${this.d.rnd('caucus-at', 'j')} * ${CAUCUS_SPAN_MS})::bigint, ${this.createdMs('org')} + ${HOUR_MS})) as created_ms,
         ${this.code('j', 0)} as code,
         ${this.d.rnd('open', 'j')} < 0.85 as is_open,
         ${labels}[d + 1] || ' ' || ${this.d.pick(CAUCUS_THEMES, 'theme', 'j')} || ' Caucus' as name,
         case when level <> 1 then 0 when ${this.d.rnd('full', 'j')} < 0.3 then 10 else 1 + floor(${this.d.rnd('size', 'j')} * 9)::int end as wanted
       from (select j, level, d, case when level = 5 then 0 else floor(${this.d.rnd('organizer', 'j')} * ${U})::int end as org from seed_levels offset 0) x`,
      'alter table seed_plan add primary key (j)',
      'create index on seed_plan (code)',
      'analyze seed_plan',
    ];
  }

  /** Redraws the codes that repeat one of the run or one already in the database; returns how many it changed. */
  uniqueCodes(attempt: number): string {
    return `update seed_plan p set code = ${this.code('p.j', attempt)}
      where p.j in (
        select j from (select j, row_number() over (partition by code order by j) as k from seed_plan) x where k > 1
        union
        select q.j from seed_plan q join caucuses c on c.invitation_code = q.code)`;
  }

  /** Voting members: each level-1 caucus takes the next `wanted` voters of its district (never its organizer). */
  stageMembers(): string[] {
    return [
      `create temporary table seed_members as
       with seats as materialized (
         select p.j, p.d, p.org, p.created_ms, r as rank
         from (
           select j, d, org, created_ms, wanted,
             coalesce(sum(wanted) over (partition by d order by j rows between unbounded preceding and 1 preceding), 0)::int as start
           from seed_plan where level = 1
         ) p
         join seed_district_sizes z on z.d = p.d
         cross join lateral generate_series(p.start + 1, least(p.start + p.wanted, z.n)) r
       )
       select j, i, joined_ms, (1 + row_number() over (partition by j order by joined_ms, i))::int as seq
       from (
         select j, i, since + floor(${this.d.rnd('joined', 'i')} * (${this.o.now} - since))::bigint as joined_ms
         from (
           select s.j, v.i, least(${this.o.now}, greatest(s.created_ms, ${this.createdMs('v.i')} + ${HOUR_MS})) as since
           -- The seats first, as a set of their own: joined to the voters inside the lateral
           -- loop, PostgreSQL rebuilt a hash of the voters for every caucus (quadratic: over
           -- ten minutes at 10 million users, seconds at one million).
           from seats s
           join seed_voters v on v.d = s.d and v.rank = s.rank
           where v.i <> s.org
           offset 0
         ) a
         offset 0
       ) b`,
      'create temporary table seed_member_counts as select j, count(*)::int as n from seed_members group by j',
      'alter table seed_member_counts add primary key (j)',
      'analyze seed_members',
      'analyze seed_member_counts',
    ];
  }

  // -- the tables -----------------------------------------------------------------------------

  users(from: number, to: number, administrator: boolean): string {
    return `insert into users (id, email, email_verified, email_verified_at, name, political_alignment, state, district,
        bio, tagline, banners, sparks, is_administrator, recruited_by, photo_url, created_at, updated_at)
      select ${this.userId('g.i')}, lower(g.first || '.' || g.last || '.' || (${this.o.offset} + g.i + 1) || '@example.test'), true, ${this.ts('g.v')},
        g.first || ' ' || g.last, ${this.d.pick(ALIGNMENTS.slice(0, -1), 'alignment', 'g.i')}, ${this.state('g.d')}, ${this.district('g.d')},
        case when ${this.d.rnd('bio', 'g.i')} < 0.2 then ${this.d.pick(BIOS, 'bio-pick', 'g.i')} else '' end,
        case when ${this.d.rnd('tagline', 'g.i')} < 0.3 then ${this.d.pick(TAGLINES, 'tagline-pick', 'g.i')} else '' end,
        case when ${this.hasBanners('g.i')} then ${this.bannerCount('g.i')} else 0 end,
        coalesce(x.sparks, 0), ${administrator ? 'g.i = 0' : 'false'},
        case when ${this.referred('g.i')} then ${this.userId(this.recruiter('g.i'))} end,
        case when ${this.hasPhoto('g.i')} then '/api/photos/' || ${this.d.uuid('photo', 'g.i')} end,
        ${this.ts('g.c')}, ${this.ts('g.v')}
      from (
        select i, d, c, c + floor(${this.d.rnd('verified', 'i')} * ${HOUR_MS})::bigint as v,
          ${this.d.pick(FIRST, 'first', 'i')} as first, ${this.d.pick(LAST, 'last', 'i')} as last
        from (select i, ${this.home('i')} as d, ${this.createdMs('i')} as c from generate_series(${from}, ${to - 1}) i offset 0) h
        offset 0
      ) g
      left join (select * from seed_counts where i between ${from} and ${to - 1}) x on x.i = g.i
      order by 1`;
  }

  /** $1: the password hash every seeded user shares. */
  accounts(from: number, to: number, sorted: boolean): string {
    return `insert into accounts (id, account_id, provider_id, user_id, password)
      select ${this.d.uuid('account', 'i')}, u::text, 'credential', u, $1
      from (select i, ${this.userId('i')} as u from generate_series(${from}, ${to - 1}) i offset 0) g
      ${sorted ? 'order by 1' : ''}`;
  }

  /** $1: the photo's bytes. */
  photos(): string {
    return `insert into photos (id, user_id, content_type, bytes, created_at)
      select ${this.d.uuid('photo', 'i')}, ${this.userId('i')}, 'image/webp', $1::bytea, ${this.ts(this.verifiedMs('i'))}
      from generate_series(0, ${this.o.users - 1}) i where ${this.hasPhoto('i')}`;
  }

  sparks(sorted: boolean): string {
    return `insert into sparks (id, user_id, referred_user_id, timestamp)
      select ${this.d.uuid('spark', 'i')}, ${this.userId('recruiter')}, ${this.userId('i')}, ${this.ts(this.verifiedMs('i'))}
      from seed_referrals
      ${sorted ? 'order by 1' : ''}`;
  }

  banners(sorted: boolean): string {
    return `insert into banners (id, organizer_user_id, caucus_id, timestamp)
      select ${this.d.uuid('banner', 'i::bigint * 64 + k')}, ${this.userId('i')}, null, ${this.ts('ms')} from seed_banners
      ${sorted ? 'order by 1' : ''}`;
  }

  brownies(sorted: boolean): string {
    return `insert into brownies (id, giver_user_id, receiver_user_id, given_at, given_on)
      select ${this.d.uuid('brownie', 'receiver::bigint * 32 + k')}, ${this.userId('giver')}, ${this.userId('receiver')}, ${this.ts('ms')}, given_on
      from seed_brownies
      ${sorted ? 'order by 1' : ''}`;
  }

  /** Each receiver's count (brownie_counts, decision 060), with the copies of their name, state and district. */
  brownieCounts(): string {
    return `insert into brownie_counts (user_id, brownies, name, state, district)
      select u.id, x.brownies, u.name, u.state, u.district
      from (select ${this.userId('i')} as id, brownies from seed_counts where brownies > 0 offset 0) x
      join users u on u.id = x.id
      order by 1
      on conflict (user_id) do update set brownies = brownie_counts.brownies + excluded.brownies`;
  }

  /** The badges earned: (i, badge_id, name, ordinal, ms), from the referrals and the Banners staged. */
  private badgeEvents(): string {
    const values = (metric: 'sparks' | 'banners') => {
      const list = this.o.badges.filter((b) => b.metric === metric);
      return list.length === 0
        ? null
        : `(values ${list.map((b) => `(${b.threshold}, ${literal(b.id)}::uuid, ${literal(b.name)}, ${b.ordinal})`).join(', ')}) as b(threshold, badge_id, name, ordinal)`;
    };
    const parts = [];
    const sparks = values('sparks');
    if (sparks) parts.push(`select r.recruiter as i, b.badge_id, b.name, b.ordinal, ${this.verifiedMs('r.i')} as ms from seed_referrals r join ${sparks} on b.threshold = r.nth`);
    const bannerList = values('banners');
    if (bannerList) parts.push(`select s.i, b.badge_id, b.name, b.ordinal, s.ms from seed_banners s join ${bannerList} on b.threshold = s.nth`);
    return parts.length ? parts.join(' union all ') : 'select 0 as i, null::uuid as badge_id, null::text as name, 0 as ordinal, 0::bigint as ms where false';
  }

  userBadges(sorted: boolean): string {
    return `insert into user_badges (user_id, badge_id, earned_at)
      select ${this.userId('e.i')}, e.badge_id, ${this.ts('e.ms')} from (${this.badgeEvents()}) e
      ${sorted ? 'order by 1, 2' : ''}`;
  }

  caucuses(writeCounts: boolean): string {
    return `insert into caucuses (id, name, state, district, level, political_alignment, is_open, password, platform_link,
        invitation_code, organizer_id, created_at, updated_at, voting_member_count, record_salt)
      select ${this.caucusId('p.j')}, p.name, ${this.state('p.d')}, ${this.district('p.d')}, p.level,
        case when ${this.d.rnd('caucus-alignment', 'p.j')} < 0.7 then ${this.d.pick(ALIGNMENTS.slice(0, -1), 'caucus-alignment-pick', 'p.j')} end,
        p.is_open, case when not p.is_open then 'pass-' || lower(p.code) end,
        case when ${this.d.rnd('platform', 'p.j')} < 0.3 then 'https://example.org/platforms/' || lower(p.code) end,
        p.code, ${this.userId('p.org')}, ${this.ts('p.created_ms')}, ${this.ts('p.created_ms')},
        ${writeCounts ? 'coalesce(m.n, 0)' : '0'}, ${this.salt('p.j')}
      from seed_plan p left join seed_member_counts m on m.j = p.j
      order by 1`;
  }

  caucusMembers(): string {
    return `insert into caucus_members (caucus_id, user_id, is_voting_member, is_organizer, created_at)
      select * from (
        select ${this.caucusId('j')}, ${this.userId('org')}, false, true, ${this.ts('created_ms')} from seed_plan
        union all
        select ${this.caucusId('j')}, ${this.userId('i')}, true, false, ${this.ts('joined_ms')} from seed_members
      ) m order by 1, 2`;
  }

  /**
   * The election-record entries of slice `slice` of `slices` of the run's caucuses (j = slice,
   * slice + slices, …), from the committed caucuses and members: the creation, then the joins
   * in order of time.
   */
  stageRecordSlice(slice: number, slices: number): string[] {
    return [
      `create temporary table seed_entries on commit drop as
       with c as (
         select j, c.id, c.record_salt, c.organizer_id, c.level, c.created_at
         from generate_series(${slice}, ${this.o.caucuses - 1}, ${slices}) j join caucuses c on c.id = ${this.caucusId('j')}
       )
       select j, id as caucus_id, record_salt as salt, 1 as seq, 'created'::text as kind, organizer_id as actor, null::uuid as subject, level::text as detail, created_at as at from c
       union all
       select c.j, c.id, c.record_salt, (1 + row_number() over (partition by c.j order by m.created_at, m.user_id))::int, 'joined', m.user_id, null, null, m.created_at
       from c join caucus_members m on m.caucus_id = c.id and m.is_voting_member`,
    ];
  }

  /** Badge activities, and (`withCaucuses`) the caucus_created and caucus_joined ones. */
  activities(withCaucuses: boolean, sorted: boolean): string {
    const caucusActivities = `
      select ${this.d.uuid('activity-created', 'j')}, ${this.userId('org')}, 'caucus_created', 'Created the caucus ' || name, ${this.ts('created_ms')} from seed_plan
      union all
      select ${this.d.uuid('activity-joined', 'm.i')}, ${this.userId('m.i')}, 'caucus_joined', 'Joined the caucus ' || p.name, ${this.ts('m.joined_ms')}
      from seed_members m join seed_plan p on p.j = m.j
      union all`;
    return `insert into activities (id, user_id, activity_type, description, created_at)
      select * from (
      ${withCaucuses ? caucusActivities : ''}
      select ${this.d.uuid('badge-activity', 'e.i::bigint * 16 + e.ordinal')}, ${this.userId('e.i')}, 'badge_earned', 'Earned the ' || e.name || ' badge', ${this.ts('e.ms')}
      from (${this.badgeEvents()}) e
      ) a ${sorted ? 'order by 1' : ''}`;
  }
}

/**
 * Writes the election records staged in the temporary table `seed_entries` (j: a number per
 * caucus, caucus_id, salt: the caucus's record_salt, seq from 1, kind, actor, subject, detail,
 * at), hash-chained as the triggers of migration 0019 chain them: round `seq` hashes every
 * chain's entry seq after its entry seq - 1 (kept from the round before in a temporary table),
 * so a chain of n entries costs 2n set-based statements, whatever the number of chains. The
 * pseudonyms come from the schema's own election_record_ref. Returns the rows written.
 */
export async function writeRecordChains(query: (text: string) => Promise<{ rowCount: number | null; rows: unknown[] }>): Promise<number> {
  await query('create index on seed_entries (seq)');
  await query('analyze seed_entries');
  const longest = Number(((await query('select coalesce(max(seq), 0) as n from seed_entries')).rows[0] as { n: number | string }).n);
  let rows = 0;
  for (let seq = 1; seq <= longest; seq++) {
    await query(`
      create temporary table seed_round_${seq} on commit drop as
      with e as (
        select e.j, e.caucus_id, e.seq, e.kind, e.actor, e.subject, e.salt, e.detail,
          to_char(e.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at, ${seq === 1 ? `repeat('0', 64)` : 'h.hash'} as prev
        from seed_entries e ${seq === 1 ? '' : `join seed_round_${seq - 1} h on h.j = e.j`}
        where e.seq = ${seq}
        offset 0
      ), refs as (
        select *, election_record_ref(salt, actor) as actor_ref, election_record_ref(salt, subject) as subject_ref from e offset 0
      )
      select *, encode(sha256(convert_to(concat_ws('|', caucus_id::text, seq::text, kind, coalesce(actor_ref, ''), coalesce(subject_ref, ''), coalesce(detail, ''), at, prev), 'UTF8')), 'hex') as hash
      from refs`);
    const result = await query(`
      insert into election_records (caucus_id, seq, kind, actor_id, actor_ref, subject_id, subject_ref, detail, occurred_at, prev_hash, hash)
      select caucus_id, seq, kind, actor, actor_ref, subject, subject_ref, detail, at, prev, hash from seed_round_${seq} order by caucus_id`);
    rows += result.rowCount ?? 0;
    if (seq > 1) await query(`drop table seed_round_${seq - 1}`);
  }
  return rows;
}

type Stage = 'referrals' | 'banners' | 'brownies' | 'counts' | 'voters' | 'plan' | 'members';

/** Rows per table, as the summary names them. */
const SUMMARY_KEY: Record<SeedTable, keyof SeedSummary> = {
  users: 'users',
  accounts: 'accounts',
  photos: 'photos',
  sparks: 'sparks',
  banners: 'banners',
  brownies: 'brownies',
  user_badges: 'userBadges',
  caucuses: 'caucuses',
  caucus_members: 'caucusMembers',
  election_records: 'electionRecords',
  activities: 'activities',
};

interface Statement {
  text: string;
  params?: unknown[];
  /** Users or caucuses covered once this statement has run. */
  done: number;
  /** Rows of another table than the job's (the brownie counts beside the brownies): not counted as the job's. */
  besides?: true;
}

interface Job {
  table: SeedTable;
  stages: Stage[];
  total: number;
  /** `sorted`: in primary-key order (when the table keeps its primary key during the load, its index then grows by appending). */
  statements: (sorted: boolean) => Statement[];
}

/** Users (or caucuses) from..to in statements of `size`. */
function ranges(total: number, size: number): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (let from = 0; from < total; from += size) out.push([from, Math.min(total, from + size)]);
  return out;
}

export async function seedDatabase({ db }: { db: Db }, options: SeedOptions): Promise<SeedSummary> {
  const started = performance.now();
  const userCount = Math.max(0, Math.floor(options.users));
  const caucusCount = Math.max(0, Math.floor(options.caucuses ?? userCount / 10));
  if (caucusCount > 0 && userCount === 0) throw new Error('Caucuses are seeded with the users of the same run: give users > 0.');
  const seed = options.seed ?? 1;
  const batchSize = Math.max(1, Math.floor(options.batchSize ?? 1_000_000));
  const concurrency = Math.max(1, Math.floor(options.concurrency ?? 2));
  const now = (options.now ?? new Date()).getTime();
  const photoFraction = options.photoFraction ?? 0.005;
  const progress = options.onProgress ?? (() => undefined);
  const pool = (db as unknown as { $client: pg.Pool }).$client;

  const offset = await highestSeededNumber(db);
  const existingCaucuses = Number((await db.execute<{ n: string }>(sql`select count(*) as n from caucuses`)).rows[0]?.n ?? 0);
  const runKey = `${seed}:${offset}:${existingCaucuses}`;
  const skipTriggers = options.skipTriggers ?? (await isSuperuser(pool));
  const badgeRows = await db
    .select({ id: badges.id, name: badges.name })
    .from(badges)
    .where(inArray(badges.name, [...SPARK_BADGES.map((b) => b.name), ...badgesReached('banners', Number.MAX_SAFE_INTEGER)]));
  const badgeIdOf = new Map(badgeRows.map((b) => [b.name, b.id]));
  const knownBadges = [
    ...SPARK_BADGES.map((b) => ({ metric: 'sparks' as const, threshold: b.threshold, name: b.name })),
    ...badgesReached('banners', Number.MAX_SAFE_INTEGER).map((name) => ({ metric: 'banners' as const, threshold: findBadge(name)?.threshold ?? 0, name })),
  ].flatMap((b, ordinal) => {
    const id = badgeIdOf.get(b.name);
    return id && b.threshold > 0 ? [{ ...b, id, ordinal }] : [];
  });
  const q = new RunSql(runKey, {
    users: userCount,
    caucuses: caucusCount,
    offset,
    now,
    photoFraction,
    referralFraction: options.referralFraction ?? 0.2,
    bannerFraction: options.bannerFraction ?? 0.02,
    brownieFraction: options.brownieFraction ?? 0.05,
    timeZone: options.timeZone ?? DEFAULT_APP_TIME_ZONE,
    badges: knownBadges,
  });
  const photo = userCount > 0 && photoFraction > 0 ? await samplePhoto(seed32(`${runKey}:photo`)) : null;
  // All seeded users share one password hash (the factories do the same).
  const passwordHash = userCount > 0 ? await hashPassword(options.password ?? DEFAULT_PASSWORD) : '';

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
    electionRecords: 0,
    rows: 0,
    firstUserNumber: offset + 1,
    administratorEmail: null,
    ms: 0,
    steps: [],
  };
  if (userCount === 0) {
    summary.ms = Math.round(performance.now() - started);
    return summary;
  }

  const stages: Record<Stage, { needs: Stage[]; statements: () => string[] }> = {
    referrals: { needs: [], statements: () => q.stageReferrals() },
    banners: { needs: [], statements: () => q.stageBanners() },
    brownies: { needs: [], statements: () => q.stageBrownies() },
    counts: { needs: ['referrals', 'brownies'], statements: () => q.stageCounts() },
    voters: { needs: [], statements: () => q.stageVoters() },
    plan: { needs: [], statements: () => q.stagePlan() },
    members: { needs: ['plan', 'voters'], statements: () => q.stageMembers() },
  };
  const perUser = (statement: (from: number, to: number, sorted: boolean) => string, params?: unknown[]): Job['statements'] => (sorted) =>
    ranges(userCount, batchSize).map(([from, to]) => ({ text: statement(from, to, sorted), params, done: to }));
  const once = (text: (sorted: boolean) => string, done: number, params?: unknown[]): Job['statements'] => (sorted) => [{ text: text(sorted), params, done }];

  // People: one transaction per table. Caucuses: one transaction for all of theirs (and the
  // accounts, which balance the lanes), committed once the users are.
  const peopleJobs: Job[] = [
    { table: 'users', stages: ['counts'], total: userCount, statements: perUser((from, to) => q.users(from, to, caucusCount > 0)) },
    ...(photo ? [{ table: 'photos' as const, stages: [], total: userCount, statements: once(() => q.photos(), userCount, [photo]) }] : []),
    { table: 'sparks', stages: ['referrals'], total: userCount, statements: once((sorted) => q.sparks(sorted), userCount) },
    { table: 'banners', stages: ['banners'], total: userCount, statements: once((sorted) => q.banners(sorted), userCount) },
    {
      table: 'brownies',
      stages: ['brownies', 'counts'],
      total: userCount,
      statements: (sorted) => [...once((s) => q.brownies(s), userCount)(sorted), { text: q.brownieCounts(), done: userCount, besides: true }],
    },
    { table: 'user_badges', stages: ['referrals', 'banners'], total: userCount, statements: once((sorted) => q.userBadges(sorted), userCount) },
  ];
  const caucusJobs: Job[] = [
    ...(caucusCount > 0
      ? [
          { table: 'caucuses' as const, stages: ['members' as const], total: caucusCount, statements: once(() => q.caucuses(skipTriggers), caucusCount) },
          { table: 'caucus_members' as const, stages: ['members' as const], total: caucusCount, statements: once(() => q.caucusMembers(), caucusCount) },
        ]
      : []),
    {
      table: 'activities',
      stages: caucusCount > 0 ? ['referrals', 'banners', 'members'] : ['referrals', 'banners'],
      total: userCount,
      statements: once((sorted) => q.activities(caucusCount > 0, sorted), userCount),
    },
    { table: 'accounts', stages: [], total: userCount, statements: perUser((from, to, sorted) => q.accounts(from, to, sorted), [passwordHash]) },
  ];
  // Election records (when the triggers do not write them) come last, from the committed
  // caucuses and members, in slices that either lane takes when it is free: their check
  // constraint (two 64-character regular expressions, ~45 µs a row) makes them the costliest rows.
  const recordSlices = skipTriggers && caucusCount > 0 ? Math.min(caucusCount, 8) : 0;
  let nextSlice = 0;

  let failed = false;
  const signal = () => {
    let resolve!: () => void;
    let reject!: (e: unknown) => void;
    const promise = new Promise<void>((ok, ko) => {
      resolve = ok;
      reject = ko;
    });
    promise.catch(() => undefined);
    return { promise, resolve, reject };
  };
  const usersCommitted = signal();
  const caucusesCommitted = signal();
  const check = () => {
    if (failed) throw new Error('Another lane of the seed failed.');
  };

  const runLane = async (lane: number, units: Array<{ jobs: Job[]; oneTransaction: boolean }>, records: boolean) => {
    const client = await pool.connect();
    const staged = new Set<Stage>();
    const step = (name: string, t: number, rows = 0, indexMs = 0) =>
      summary.steps.push({ step: name, lane, ms: Math.round(performance.now() - t), rows, indexMs: Math.round(indexMs) });
    const stage = async (name: Stage): Promise<void> => {
      if (staged.has(name)) return;
      for (const need of stages[name].needs) await stage(need);
      const t = performance.now();
      for (const text of stages[name].statements()) {
        check();
        await client.query(text);
      }
      if (name === 'plan') {
        for (let attempt = 1; (await client.query(q.uniqueCodes(attempt))).rowCount! > 0; attempt++) {
          if (attempt > 50) throw new Error('seedDatabase: could not draw unique invitation codes');
        }
      }
      staged.add(name);
      step(`stage ${name}`, t);
    };
    const load = async (job: Job) => {
      const t = performance.now();
      const dropped = await dropIndexesForBulkLoad(client, job.table);
      let rows = 0;
      const sorted = !dropped.some((d) => d.definition.includes(' PRIMARY KEY '));
      for (const statement of job.statements(sorted)) {
        check();
        const result = await client.query(statement.text, statement.params);
        if (statement.besides) continue;
        rows += result.rowCount ?? 0;
        summary.rows += result.rowCount ?? 0;
        progress({ phase: job.table, done: statement.done, total: job.total, rows: summary.rows });
      }
      const ti = performance.now();
      await rebuildIndexes(client, dropped);
      (summary[SUMMARY_KEY[job.table]] as number) += rows;
      if (job.table === 'caucus_members' && !skipTriggers) {
        // The triggers wrote the records: one per caucus (its creation) and one per voting
        // member (the join), as many as the member rows (organizer + voters).
        summary.electionRecords += rows;
        summary.rows += rows;
      }
      step(job.table, t, rows, performance.now() - ti);
    };
    // No committed row may point at users who are not committed yet.
    const beforeCommit = async (jobs: Job[]) => {
      if (lane === 0 || jobs.some((j) => j.table === 'users')) return;
      const t = performance.now();
      await usersCommitted.promise;
      step('wait for users', t);
    };
    try {
      // Session settings die with the connection, which is closed (not returned to the pool) at the end.
      await prepareBulkSession(client, { skipTriggers });
      for (const unit of units) {
        const groups = unit.oneTransaction ? [unit.jobs] : unit.jobs.map((job) => [job]);
        for (const jobs of groups) {
          for (const job of jobs) for (const name of job.stages) await stage(name);
          await inTransaction(client, async () => {
            for (const job of jobs) await load(job);
            await beforeCommit(jobs);
          });
          if (jobs.some((j) => j.table === 'users')) usersCommitted.resolve();
        }
        if (unit.jobs === caucusJobs) caucusesCommitted.resolve();
      }
      if (records && recordSlices > 0) {
        const t = performance.now();
        await caucusesCommitted.promise;
        if (performance.now() - t > 1) step('wait for caucuses', t);
        for (let slice = nextSlice++; slice < recordSlices; slice = nextSlice++) {
          const ts = performance.now();
          let rows = 0;
          await inTransaction(client, async () => {
            for (const text of q.stageRecordSlice(slice, recordSlices)) await client.query(text);
            rows = await writeRecordChains(async (text) => {
              check();
              return client.query(text);
            });
          });
          summary.electionRecords += rows;
          summary.rows += rows;
          progress({ phase: 'election_records', done: Math.min(caucusCount, Math.round(((slice + 1) * caucusCount) / recordSlices)), total: caucusCount, rows: summary.rows });
          step(`election_records ${slice + 1}/${recordSlices}`, ts, rows);
        }
      }
    } catch (e) {
      failed = true;
      usersCommitted.reject(e);
      caucusesCommitted.reject(e);
      throw e;
    } finally {
      client.release(true);
    }
  };
  if (skipTriggers && concurrency >= 2) {
    await Promise.all([
      runLane(0, [{ jobs: peopleJobs, oneTransaction: false }], true),
      runLane(1, [{ jobs: caucusJobs, oneTransaction: true }], true),
    ]);
  } else {
    // One lane, in the order of the foreign keys (the triggers check them when they run).
    await runLane(0, [{ jobs: peopleJobs, oneTransaction: false }, { jobs: caucusJobs, oneTransaction: true }], true);
  }

  if (caucusCount > 0) {
    const [admin] = (await pool.query<{ email: string }>(`select email from users where id = ${q.userId('0')}`)).rows;
    summary.administratorEmail = admin?.email ?? null;
  }

  if (options.vacuum ?? true) {
    progress({ phase: 'vacuum', done: 0, total: 1, rows: summary.rows });
    // Fresh statistics for the planner, and a visibility map for index-only scans; after every
    // lane has committed, so that all the new rows are visible to all. Two lanes of tables,
    // about equal in size.
    const t = performance.now();
    const vacuumLanes = [
      ['users', 'sparks', 'banners', 'brownies', 'brownie_counts', 'user_badges', 'photos', 'election_records'],
      ['accounts', 'activities', 'caucuses', 'caucus_members'],
    ];
    const lanes = concurrency >= 2 ? vacuumLanes : [vacuumLanes.flat()];
    await Promise.all(lanes.map(async (tables) => pool.query(`vacuum (analyze) ${tables.join(', ')}`)));
    summary.steps.push({ step: 'vacuum analyze', lane: 0, ms: Math.round(performance.now() - t), rows: 0, indexMs: 0 });
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
          update users u set banners = u.banners + x.banners
          from unnest(${sql.param(changed.map((c) => c.id))}::uuid[], ${sql.param(changed.map((c) => c.banners))}::int[]) as x(id, banners)
          where u.id = x.id and x.banners > 0`);
        await tx.execute(sql`
          insert into brownie_counts (user_id, brownies, name, state, district)
          select u.id, x.brownies, u.name, u.state, u.district
          from unnest(${sql.param(changed.map((c) => c.id))}::uuid[], ${sql.param(changed.map((c) => c.brownies))}::int[]) as x(id, brownies)
          join users u on u.id = x.id
          where x.brownies > 0
          on conflict (user_id) do update set brownies = brownie_counts.brownies + excluded.brownies`);
      }
    });
    summary.users += page.length;
    summary.banners += points.bannerRows.length;
    summary.brownies += points.brownieRows.length;
    summary.userBadges += points.badgeRows.length;
    summary.activities += points.activityRows.length;
    options.onProgress?.(summary.users);
  }
  await db.execute(sql`vacuum (analyze) users, banners, brownies, brownie_counts, user_badges, activities`);
  summary.ms = Math.round(performance.now() - started);
  return summary;
}
