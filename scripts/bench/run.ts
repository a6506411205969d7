// npm run bench -- [--users 1000000] [--connections 10] [--duration 10] [--data-dir ./data-bench] [--shape national]
//
// --shape national (issue 31): the app on a PostgreSQL 15 primary with a synchronous standby behind
// PgBouncer 1.18 in transaction mode, started here (national-shape.ts) unless DATABASE_URL is given
// (then DATABASE_DIRECT_URL names the primary around it); the CPU of PgBouncer and of the standby is
// counted per request too, and the report goes between the bench:national markers.
//
// Starts the real app (node scripts/start.mjs, SKIP_WEB_BUILD=1, a free port) on a seeded
// database (seeding it first when it has fewer than --users users), then measures each read
// endpoint with autocannon next to the bare endpoint (/api/health) and next to the same SQL
// run directly with pg at the same concurrency. Prints a markdown table and writes it, with
// the machine's facts, into docs/benchmarks.md (between the bench markers). Stops the app.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { freePort, startApp, startBareFloor, stopApp } from './app-process';
import { engageEndpoints } from './engage-bench';
import { ensureSocialData, socialEndpoints } from './social-bench';
import { postmasterPid, treeCpuMs } from './cpu-accounting';
import { startNationalShape, type NationalShape } from './national-shape';
import { planDetails, type BenchRun, type Measured } from './growth-table';
import { countInvariantViolations, type InvariantCount } from '../../src/server/db/database-invariants';
import { WRITE_GOAL_PER_SECOND, writeEndpoints } from './write-bench';
import { count, dropMintedSessions, explain, mintSessions, pick, recordQueries, replay, type Endpoint, type HttpRequest, type RecordedQuery } from './bench-kit';
import pino from 'pino';
import { systemClock } from '../../src/server/clock';
import { JOBS } from '../../src/server/jobs/app-jobs';
import { openAppDatabase, type AppDatabase } from '../../src/server/db/app-database';
import { createAuth } from '../../src/server/features/auth/auth';
import * as caucusService from '../../src/server/features/caucuses/caucuses.service';
import { Hono } from 'hono';
import { searchCaucusesSchema } from '../../src/domain/caucuses/caucus-schemas';
import { loadSession, requireUser, type AppEnv } from '../../src/server/http/session';
import * as profiles from '../../src/server/features/profiles/profiles.service';
import { countMovementStats } from '../../src/server/features/stats/stats.service';
import * as movement from '../../src/server/features/movement/movement.service';
import { loadSettings } from '../../src/server/settings';
import { caucusPasswordKeysFrom } from '../../src/server/features/caucuses/caucus-passwords.service';
import { seedDatabase, seedPointsForExistingUsers, type SeedProgress } from '../../src/server/test/seed-data';
import * as leaderboards from '../../src/server/features/leaderboards/leaderboards.service';
import { DEFAULT_APP_TIME_ZONE } from '../../src/domain/points/brownie-rules';
import { LEADERBOARD_METRICS, type LeaderboardQuery } from '../../src/domain/points/leaderboards';
import { machineSpeed, type MachineSpeed } from './machine-speed';

if (existsSync('.env')) process.loadEnvFile('.env');

const USAGE =
  'Usage: npm run bench -- [--users N] [--caucuses M] [--messages K] [--seed S] [--connections C] [--duration SECONDS] [--warmup SECONDS] [--write-warmup SECONDS] [--data-dir DIR] [--out FILE] [--json FILE] [--only REGEX] [--workers W] [--shape embedded|national]';
const TARGET_P95_MS = 50;
/** Issue 16: a hot read answers at least half of what the same SQL straight through pg does. */
const RATIO_GOAL_PERCENT = 50;
const MARK_START = '<!-- bench:start -->';
const MARK_END = '<!-- bench:end -->';
/** The national shape's run has its own block (docs/benchmarks.md, "The national shape"). */
const NATIONAL_MARK_START = '<!-- bench:national:start -->';
const NATIONAL_MARK_END = '<!-- bench:national:end -->';

const { values: args } = parseArgs({
  options: {
    users: { type: 'string', default: '1000000' },
    caucuses: { type: 'string' },
    messages: { type: 'string', default: '10000000' },
    seed: { type: 'string', default: '1' },
    connections: { type: 'string', default: '10' },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    // A write is measured after this long of the same write (issue 33): the first seconds after
    // the reads change pages no write had changed since the last checkpoint, each written whole
    // to the WAL once; the measured window is that of a server busy with the write. The warm-up's
    // own WAL is reported too.
    'write-warmup': { type: 'string', default: '30' },
    'data-dir': { type: 'string', default: './data-bench' },
    out: { type: 'string', default: 'docs/benchmarks.md' },
    // The measurements as JSON too, for the growth table (scripts/bench/growth.ts).
    json: { type: 'string' },
    only: { type: 'string' },
    // The app's server processes (its WORKERS setting); 0 = one per core, as the app's default.
    workers: { type: 'string', default: '0' },
    // embedded: the app's default (DATABASE_URL when set); national: see the top of this file.
    shape: { type: 'string', default: 'embedded' },
    help: { type: 'boolean', short: 'h' },
  },
});
if (args.help) {
  console.log(USAGE);
  process.exit(0);
}
function whole(name: string, value: string, min: number): number {
  const n = Number(value.replace(/_/g, ''));
  if (!Number.isInteger(n) || n < min) {
    console.error(`--${name} must be a whole number of at least ${min} (got ${value})\n${USAGE}`);
    process.exit(2);
  }
  return n;
}
const targetUsers = whole('users', args.users, 1);
const seed = whole('seed', args.seed, 0);
const targetMessages = whole('messages', args.messages, 0);
const connections = whole('connections', args.connections, 1);
const durationS = whole('duration', args.duration, 1);
const warmupS = whole('warmup', args.warmup, 0);
const writeWarmupS = whole('write-warmup', args['write-warmup'], 0);
const workers = whole('workers', args.workers, 0) || os.availableParallelism();
const dataDir = path.resolve(args['data-dir']);
const operatorDatabaseUrl = process.env.DATABASE_URL?.trim() || undefined;
if (args.shape !== 'embedded' && args.shape !== 'national') {
  console.error(`--shape must be embedded or national (got ${args.shape})\n${USAGE}`);
  process.exit(2);
}
const national = args.shape === 'national';

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
/** A wake-up round trip (machine-speed.ts) in µs, or "–" when it could not be measured. */
const shownWakeUpUs = (us: number) => (Number.isNaN(us) ? '–' : fmt(us, 1));
const log = (m: string) => console.log(m);

// ---- measurements ------------------------------------------------------------------------

/** What one load run measured (the shape the JSON of --json keeps). */
type Measure = Measured;

function summarize(latencies: number[], errors: number, seconds: number): Measure {
  const sorted = Float64Array.from(latencies).sort();
  const at = (q: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]! : NaN);
  return { requests: sorted.length, errors, rps: sorted.length / seconds, p50: at(0.5), p95: at(0.95), p99: at(0.99) };
}

/** autocannon against one endpoint; every request gets a fresh path/headers from `next()`. */
async function httpLoad(baseUrl: string, next: () => HttpRequest, seconds: number): Promise<Measure> {
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  await new Promise<void>((resolve, reject) => {
    const instance = autocannon(
      {
        url: baseUrl,
        connections,
        duration: seconds,
        requests: [
          {
            method: 'GET',
            setupRequest: (request) => {
              const { path: p, headers, method = 'GET', json } = next();
              const body = json === undefined ? undefined : JSON.stringify(json);
              const extra = body === undefined ? {} : { 'content-type': 'application/json' };
              return { ...request, method, path: p, body, headers: { ...request.headers, ...extra, ...headers } };
            },
          },
        ],
      },
      (err) => (err ? reject(err instanceof Error ? err : new Error(String(err))) : resolve()),
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
      else errors += 1;
    });
    instance.on('reqError', () => {
      errors += 1;
    });
  });
  return summarize(latencies, errors, (performance.now() - started) / 1000);
}

/** The same reads straight through pg: `connections` loops for `seconds`, one round of queries each. */
async function rawLoad(pool: pg.Pool, run: (client: pg.PoolClient) => Promise<void>, seconds: number, loops = connections): Promise<Measure> {
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: loops }, async () => {
      const client = await pool.connect();
      try {
        while (performance.now() < deadline) {
          const t = performance.now();
          try {
            await run(client);
            latencies.push(performance.now() - t);
          } catch {
            errors += 1;
          }
        }
      } finally {
        client.release();
      }
    }),
  );
  return summarize(latencies, errors, (performance.now() - started) / 1000);
}

// ---- main -----------------------------------------------------------------------------------

async function main() {
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const target = `http://127.0.0.1:${port}`;
  mkdirSync(dataDir, { recursive: true });

  let shape: NationalShape | null = null;
  // The shape's stop(), from the moment it starts something (a Ctrl-C while it starts stops that too).
  let stopShape: (() => Promise<void>) | null = null;
  let app: Awaited<ReturnType<typeof startApp>> | null = null;
  let database: AppDatabase | null = null;
  let rawPool: pg.Pool | null = null;
  let stopping: Promise<void> | null = null;
  const stopEverything = () =>
    (stopping ??= (async () => {
      await rawPool?.end().catch(() => undefined);
      await database?.close().catch(() => undefined);
      if (app) await stopApp(app);
      if (stopShape) {
        log('Stopping PgBouncer, the standby and the primary…');
        await stopShape();
      }
    })());
  // Ctrl-C, or a kill (a timeout, pkill): the app and its PostgreSQL must not outlive the bench.
  for (const [signal, code] of [['SIGINT', 130], ['SIGTERM', 143]] as const) {
    process.once(signal, () => {
      console.error(`\nInterrupted (${signal}): stopping the app${national ? ' and the national shape' : ''}.`);
      void stopEverything().finally(() => process.exit(code));
    });
  }

  // Where the app's database is, and where the bench reaches it (seed, cases, statistics): the
  // national shape's primary directly (the seed writes as superuser, in sessions of its own).
  let appDatabaseUrl = operatorDatabaseUrl;
  let benchDatabaseUrl = operatorDatabaseUrl;
  const appEnv: Record<string, string> = { WORKERS: String(workers) };
  let pids: { primary: number | null; standby: number | null; pgbouncer: number | null } = { primary: null, standby: null, pgbouncer: null };
  if (national) {
    if (operatorDatabaseUrl) {
      const direct = process.env.DATABASE_DIRECT_URL?.trim() || operatorDatabaseUrl;
      log(`The national shape given by DATABASE_URL (and DATABASE_DIRECT_URL${process.env.DATABASE_DIRECT_URL ? '' : ': not set, the same URL'}): starting nothing.`);
      Object.assign(appEnv, { DATABASE_DIRECT_URL: direct, DATABASE_PREPARED_STATEMENTS: process.env.DATABASE_PREPARED_STATEMENTS ?? 'off' });
      benchDatabaseUrl = direct;
    } else {
      try {
        shape = await startNationalShape({ log, onStarting: (stop) => (stopShape = stop) });
      } catch (e) {
        await stopEverything();
        throw e;
      }
      appDatabaseUrl = shape.databaseUrl;
      benchDatabaseUrl = shape.directUrl;
      pids = shape.pids;
      Object.assign(appEnv, { DATABASE_DIRECT_URL: shape.directUrl, DATABASE_PREPARED_STATEMENTS: 'off' });
    }
  }
  const logFile = path.join(appDatabaseUrl ? os.tmpdir() : dataDir, `bench-app-${process.pid}.log`);
  log(`Starting the app on port ${port} (${appDatabaseUrl ? (shape ? 'DATABASE_URL through PgBouncer' : 'DATABASE_URL') : `embedded PostgreSQL in ${dataDir}`}); its log: ${logFile}`);
  try {
    app = await startApp({ port, logFile, dataDir, databaseUrl: appDatabaseUrl, env: appEnv });
  } catch (e) {
    await stopEverything();
    throw e;
  }
  const appPid = app.pid!;

  try {
    // The app runs: we attach to its PostgreSQL (or use DATABASE_URL), starting nothing.
    database = await openAppDatabase({ settings: { DATABASE_URL: benchDatabaseUrl, dataDir }, whenAppRunning: 'attach', poolMax: 4, log });
    const have = await count(database.pool, 'users');
    if (have < targetUsers) {
      const missing = targetUsers - have;
      const caucuses = args.caucuses !== undefined ? whole('caucuses', args.caucuses, 0) : Math.floor(missing / 10);
      log(`The database has ${fmt(have)} users: seeding ${fmt(missing)} more and ${fmt(caucuses)} caucuses (seed ${seed})…`);
      let last = 0;
      const summary = await seedDatabase(
        { db: database.db },
        {
          users: missing,
          caucuses,
          seed,
          onProgress: (p: SeedProgress) => {
            if (p.done < p.total && performance.now() - last < 5000) return;
            last = performance.now();
            log(`  ${p.phase} ${fmt(p.done)}/${fmt(p.total)}, ${fmt(p.rows)} rows`);
          },
        },
      );
      log(`Seeded ${fmt(summary.rows)} rows in ${fmt(summary.ms / 1000, 1)} s (${fmt(summary.rows / (summary.ms / 1000))} rows/s).`);
    } else {
      log(`The database has ${fmt(have)} users (at least ${fmt(targetUsers)}): no seeding.`);
    }
    // A database seeded before the seed wrote Banners and Brownies: top it up, so each leaderboard has a top 100.
    const missingPoints = (await database.pool.query<{ missing: boolean }>(
      'select not exists(select 1 from banners) or not exists(select 1 from brownies) as missing',
    )).rows[0]!.missing;
    if (missingPoints) {
      log('The database has no Banners or no Brownies yet: adding them for a share of users (seedPointsForExistingUsers)…');
      let last = 0;
      const topUp = await seedPointsForExistingUsers(
        { db: database.db },
        {
          seed,
          onProgress: (done) => {
            if (performance.now() - last < 5000) return;
            last = performance.now();
            log(`  points ${fmt(done)} users`);
          },
        },
      );
      log(`Added ${fmt(topUp.banners)} Banners and ${fmt(topUp.brownies)} Brownies (${fmt(topUp.userBadges)} badges) in ${fmt(topUp.ms / 1000, 1)} s.`);
    }

    const settingsForSecret = loadSettings({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: appDatabaseUrl ?? '', PORT: String(port), BASE_URL: baseUrl });
    const social = { db: database.db, pool: database.pool, secret: settingsForSecret.AUTH_SECRET, log, fmt };
    await ensureSocialData(social, { messages: targetMessages, seed });

    // The seed writes rows directly: the movement's aggregates (issue 18) are recomputed now, as
    // the app's movement-refresh job would within a minute.
    const refreshStarted = performance.now();
    await movement.refreshMovementAggregates({ db: database.db, clock: systemClock, timeZone: DEFAULT_APP_TIME_ZONE });
    log(`Refreshed the movement aggregates in ${fmt(performance.now() - refreshStarted)} ms.`);
    // What the job costs each minute once the figures are there and nothing has changed.
    const quietStarted = performance.now();
    await movement.refreshMovementAggregates({ db: database.db, clock: systemClock, timeZone: DEFAULT_APP_TIME_ZONE });
    log(`Recounted them again, nothing changed, in ${fmt(performance.now() - quietStarted)} ms.`);
    // What the job's quiet minute costs: the counters say nothing changed, the recount is skipped.
    await database.pool.query('select pg_stat_force_next_flush()');
    const skipStarted = performance.now();
    const quiet = await movement.refreshMovementAggregates({ db: database.db, clock: systemClock, timeZone: DEFAULT_APP_TIME_ZONE }, { onlyIfChanged: true });
    log(`The job's quiet minute (${quiet.skipped ? 'recount skipped' : 'recounted: the counters had moved'}) took ${fmt(performance.now() - skipStarted, 1)} ms.`);

    const pool = database.pool;
    const counts: Record<string, number> = {
      users: await count(pool, 'users'),
      caucuses: await count(pool, 'caucuses'),
      caucusMembers: await count(pool, 'caucus_members'),
      activities: await count(pool, 'activities'),
      userBadges: await count(pool, 'user_badges'),
      banners: await count(pool, 'banners'),
      brownies: await count(pool, 'brownies'),
      photos: await count(pool, 'photos'),
    };
    const sampleIds = async (query: string) => (await pool.query<{ id: string }>(query)).rows.map((r) => r.id);
    const userIds = await sampleIds('select id from users where deleted_at is null order by random() limit 2000');
    const activityUserIds = await sampleIds('select user_id as id from (select distinct user_id from activities) d order by random() limit 2000');
    const badgeUserIds = await sampleIds('select user_id as id from (select distinct user_id from user_badges) d order by random() limit 2000');
    const photoIds = await sampleIds('select id from photos order by random() limit 500');
    if (!userIds.length || !activityUserIds.length || !badgeUserIds.length || !photoIds.length) {
      throw new Error('The database lacks users, activities, badges or photos to read: seed it (npm run seed).');
    }

    // Sessions for /api/me: a few seeded users, with sessions as sign-in writes them (see mintSessions).
    const signInUsers = (
      await pool.query<{ id: string }>(
        `select id from users where deleted_at is null and email_verified_at is not null and email like '%@example.test' order by random() limit 8`,
      )
    ).rows;
    await dropMintedSessions(pool);
    const meSessions = await mintSessions(pool, signInUsers.map((u) => u.id), loadSettings({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: appDatabaseUrl ?? '', PORT: String(port), BASE_URL: baseUrl }).AUTH_SECRET);
    const sessions = signInUsers.map((u) => ({ userId: u.id, ...meSessions.get(u.id)! }));

    // The SQL of each read, recorded from the same service functions the routes call.
    const settings = loadSettings({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: appDatabaseUrl ?? '', PORT: String(port), BASE_URL: baseUrl });
    const sampleUser = userIds[0]!;
    const profileSql = await recordQueries(pool, (db) => profiles.getPublicProfile({ db }, sampleUser));
    const activitiesSql = await recordQueries(pool, (db) => profiles.listActivities({ db }, activityUserIds[0]!));
    const badgesSql = await recordQueries(pool, (db) => profiles.listEarnedBadges({ db }, badgeUserIds[0]!));
    const photoSql = await recordQueries(pool, (db) => profiles.getPhoto({ db }, photoIds[0]!));
    const movementSql = await recordQueries(pool, (db) => countMovementStats(db));
    const me = sessions[0]!;
    // /api/me: the app's session middleware (one query) and the profile query, recorded together.
    const meSql = await recordQueries(pool, async (db) => {
      const auth = createAuth({
        db,
        clock: systemClock,
        logger: pino({ level: 'silent' }),
        baseUrl,
        secret: settings.AUTH_SECRET,
        trustedOrigins: [baseUrl],
        adminEmails: [],
        twoStep: { trustDays: settings.TWO_STEP_TRUST_DAYS, lockoutAttempts: settings.TWO_STEP_LOCKOUT_ATTEMPTS, lockoutMinutes: settings.TWO_STEP_LOCKOUT_MINUTES },
      });
      const probe = new Hono<AppEnv>();
      probe.use('*', loadSession({ auth, db, secret: settings.AUTH_SECRET }));
      probe.get('/me', async (c) => c.json(await profiles.getOwnProfile({ db, baseUrl }, requireUser(c).id)));
      const res = await probe.request('/me', { headers: { cookie: me.cookie } });
      if (res.status !== 200) throw new Error(`The recorded session lookup answered ${res.status}: is AUTH_SECRET the app’s?`);
    });

    // The session lookup every signed-in request makes (recorded with /api/me), for the raw twins.
    const sessionLookup = meSql.find((q) => q.text.includes('"sessions"'));
    if (!sessionLookup) throw new Error('The recorded /api/me made no session lookup: the session middleware changed?');
    const withSessionLookup = (run: (client: pg.PoolClient) => Promise<void>) => async (client: pg.PoolClient) => {
      const token = pick(sessions).token;
      await client.query(sessionLookup.text, sessionLookup.params.map((p) => (p === me.token ? token : p)));
      await run(client);
    };

    // ---- caucuses: ids, sessions for members and for voters free to join ----------------------
    const caucusIds = await sampleIds('select id from caucuses order by random() limit 2000');
    const memberRows = (
      await pool.query<{ user_id: string; caucus_id: string }>(
        `select m.user_id, m.caucus_id from caucus_members m join caucuses c on c.id = m.caucus_id
         where m.is_voting_member and not c.election_finalized order by random() limit 2000`,
      )
    ).rows;
    if (!caucusIds.length || !memberRows.length) {
      throw new Error('The database lacks caucuses or members: seed it (npm run seed).');
    }
    const sessionOf = await mintSessions(pool, [...new Set(memberRows.map((r) => r.user_id))], settings.AUTH_SECRET);
    const cookieOf = (userId: string) => sessionOf.get(userId)!.cookie;
    const members = memberRows.map((r) => ({ userId: r.user_id, caucusId: r.caucus_id, cookie: cookieOf(r.user_id) }));
    const sampleState = (await pool.query<{ state: string; district: number }>('select state, district from caucuses where level = 1 order by random() limit 1')).rows[0]!;
    const sampleAlignment = (await pool.query<{ a: string }>('select political_alignment as a from caucuses where political_alignment is not null order by random() limit 1')).rows[0]!.a;
    const searchCases: Array<{ label: string; query: Partial<Record<'state' | 'district' | 'level' | 'name' | 'status' | 'alignment', string>> }> = [
      { label: 'no filter (status available by default)', query: {} },
      { label: 'state', query: { state: sampleState.state } },
      { label: 'state + district', query: { state: sampleState.state, district: String(sampleState.district) } },
      { label: 'level 2', query: { level: '2' } },
      { label: 'name contains', query: { name: 'Main' } },
      { label: 'alignment', query: { alignment: sampleAlignment } },
      { label: 'status finalized', query: { status: 'finalized' } },
      { label: 'status full', query: { status: 'full' } },
      { label: 'state + district + level + status all', query: { state: sampleState.state, district: String(sampleState.district), level: '1', status: 'all' } },
    ];
    // ---- the movement pages (issue 18): aggregates only, for the busiest district's state and itself
    const movementState = sampleState.state;
    const movementDistrict = sampleState.district;
    const movementStatesSql = await recordQueries(pool, (db) => movement.readMovementStates(db));
    const movementStateSql = await recordQueries(pool, (db) => movement.readMovementState(db, movementState));
    const movementDistrictSql = await recordQueries(pool, (db) => movement.readMovementDistrict(db, movementState, movementDistrict));
    const movementProgressSql = await recordQueries(pool, (db) => movement.readMovementProgress({ db, clock: systemClock, timeZone: DEFAULT_APP_TIME_ZONE }, { state: movementState, district: movementDistrict }));
    const searchSql = new Map<string, RecordedQuery[]>();
    for (const c of searchCases) {
      const input = searchCaucusesSchema.parse(c.query);
      searchSql.set(c.label, await recordQueries(pool, (db) => caucusService.searchCaucuses({ db, clock: systemClock }, input)));
    }
    const detailSample = members[0]!;
    const detailSql = await recordQueries(pool, (db) => caucusService.getCaucusDetail({ db, passwordKeys: caucusPasswordKeysFrom(settings) }, detailSample.caucusId, detailSample.userId));
    const representationSql = await recordQueries(pool, (db) => caucusService.getRepresentation({ db, clock: systemClock }, detailSample.userId));
    // ---- leaderboards: each tab for the whole country, the state and the district with the most ranked users
    const leaderboardCases: Array<{ label: string; query: LeaderboardQuery; sql: RecordedQuery[] }> = [];
    for (const metric of LEADERBOARD_METRICS) {
      const busiest = (
        await pool.query<{ state: string; district: number }>(
          metric === 'brownies'
            ? `select bc.state, bc.district from brownie_counts bc join users u on u.id = bc.user_id where u.deleted_at is null
               group by bc.state, bc.district order by count(*) desc limit 1`
            : `select state, district from users where ${metric} > 0 and deleted_at is null group by state, district order by count(*) desc limit 1`,
        )
      ).rows[0];
      if (!busiest) throw new Error(`The database has nobody with ${metric}: seed it (npm run seed), or let the bench top it up.`);
      const queries: Array<[string, LeaderboardQuery]> = [
        ['no filter', { metric }],
        ['state', { metric, state: busiest.state as LeaderboardQuery['state'] }],
        ['state + district', { metric, state: busiest.state as LeaderboardQuery['state'], district: busiest.district }],
      ];
      for (const [label, query] of queries) {
        leaderboardCases.push({ label: `${metric}, ${label}`, query, sql: await recordQueries(pool, (db) => leaderboards.readLeaderboard({ db }, query)) });
      }
    }


    // In the national shape the raw twins go the app's way too: through PgBouncer.
    const rawConnection = national && appDatabaseUrl ? appDatabaseUrl : database.connection;
    rawPool = new pg.Pool({
      ...(typeof rawConnection === 'string' ? { connectionString: rawConnection } : rawConnection),
      max: connections,
    });
    rawPool.on('error', () => undefined);
    const swapOne = (from: string, ids: string[]) => () => new Map<unknown, unknown>([[from, pick(ids)]]);

    const endpoints: Endpoint[] = [
      {
        name: 'health (bare)',
        route: 'GET /api/health',
        note: 'select 1',
        request: () => ({ path: '/api/health' }),
        raw: async (c) => void (await c.query('select 1')),
        rawNote: 'select 1',
        explain: [],
      },
      {
        name: 'movement',
        route: 'GET /api/stats/movement',
        note: 'cached in process (STATS_CACHE_SECONDS)',
        request: () => ({ path: '/api/stats/movement' }),
        raw: replay(movementSql, () => new Map()),
        // The app never runs this count twice at once (one refresh in flight per process).
        rawConnections: 1,
        rawNote: 'the uncached count query, 1 connection',
        ratioGoal: false,
        explain: movementSql,
      },
      {
        name: 'movement: states',
        route: 'GET /api/movement/states',
        note: 'the map: every state from the aggregates',
        request: () => ({ path: '/api/movement/states' }),
        raw: replay(movementStatesSql, () => new Map()),
        rawNote: 'same queries',
        explain: movementStatesSql,
      },
      {
        name: 'movement: state',
        route: 'GET /api/movement/states/:state',
        note: `${movementState}'s district tiles`,
        request: () => ({ path: `/api/movement/states/${movementState}` }),
        raw: replay(movementStateSql, () => new Map()),
        rawNote: 'same queries',
        explain: movementStateSql,
      },
      {
        name: 'movement: district',
        route: 'GET /api/movement/states/:state/districts/:district',
        note: `${movementState}-${movementDistrict}'s election tree, Delegates by index`,
        request: () => ({ path: `/api/movement/states/${movementState}/districts/${movementDistrict}` }),
        raw: replay(movementDistrictSql, () => new Map()),
        rawNote: 'same queries',
        explain: movementDistrictSql,
      },
      {
        name: 'movement: progress',
        route: 'GET /api/movement/progress',
        note: `${movementState}-${movementDistrict}: joins per day, elections per week`,
        request: () => ({ path: `/api/movement/progress?state=${movementState}&district=${movementDistrict}` }),
        raw: replay(movementProgressSql, () => new Map()),
        rawNote: 'same queries',
        explain: movementProgressSql,
      },
      {
        name: 'public profile',
        route: 'GET /api/profiles/:id',
        note: `${fmt(userIds.length)} random users`,
        request: () => ({ path: `/api/profiles/${pick(userIds)}` }),
        raw: replay(profileSql, swapOne(sampleUser, userIds)),
        rawNote: 'same query',
        explain: profileSql,
      },
      {
        name: 'activities',
        route: 'GET /api/profiles/:id/activities',
        note: `${fmt(activityUserIds.length)} random users with activities`,
        request: () => ({ path: `/api/profiles/${pick(activityUserIds)}/activities` }),
        raw: replay(activitiesSql, swapOne(activityUserIds[0]!, activityUserIds)),
        rawNote: 'same query',
        explain: activitiesSql,
      },
      {
        name: 'badges',
        route: 'GET /api/profiles/:id/badges',
        note: `${fmt(badgeUserIds.length)} random users with badges`,
        request: () => ({ path: `/api/profiles/${pick(badgeUserIds)}/badges` }),
        raw: replay(badgesSql, swapOne(badgeUserIds[0]!, badgeUserIds)),
        rawNote: 'same query',
        explain: badgesSql,
      },
      {
        name: 'own profile',
        route: 'GET /api/me',
        note: `${sessions.length} signed-in users (session cookie)`,
        request: () => {
          const s = pick(sessions);
          return { path: '/api/me', headers: { cookie: s.cookie } };
        },
        raw: replay(meSql, () => {
          const s = pick(sessions);
          return new Map<unknown, unknown>([
            [me.userId, s.userId],
            [me.token, s.token],
          ]);
        }),
        rawNote: `the session lookup + profile queries (${meSql.length} statements)`,
        explain: meSql,
      },
      ...searchCases.map(
        (c): Endpoint => ({
          name: `caucus search: ${c.label}`,
          route: `GET /api/caucuses?${new URLSearchParams(c.query).toString()}`,
          note: `search, ${c.label}`,
          request: () => ({ path: `/api/caucuses?${new URLSearchParams(c.query).toString()}`, headers: { cookie: pick(members).cookie } }),
          raw: replay(searchSql.get(c.label)!, () => new Map()),
          rawNote: 'same query',
          explain: searchSql.get(c.label)!,
        }),
      ),
      {
        name: 'caucus detail',
        route: 'GET /api/caucuses/:id',
        note: `${fmt(caucusIds.length)} random caucuses, ${fmt(members.length)} signed-in members viewing`,
        request: () => ({ path: `/api/caucuses/${pick(caucusIds)}`, headers: { cookie: pick(members).cookie } }),
        raw: replay(detailSql, () => {
          const m = pick(members);
          return new Map<unknown, unknown>([
            [detailSample.caucusId, pick(caucusIds)],
            [detailSample.userId, m.userId],
          ]);
        }),
        rawNote: `same queries (${detailSql.length} statements)`,
        explain: detailSql,
      },
      {
        name: 'representation',
        route: 'GET /api/my/representation',
        note: `${fmt(members.length)} signed-in members`,
        request: () => ({ path: '/api/my/representation', headers: { cookie: pick(members).cookie } }),
        raw: replay(representationSql, () => new Map<unknown, unknown>([[detailSample.userId, pick(members).userId]])),
        rawNote: 'same query',
        explain: representationSql,
      },
      ...leaderboardCases.map((c): Endpoint => {
        const query = new URLSearchParams(Object.entries(c.query).map(([k, v]) => [k, String(v)])).toString();
        return {
          name: `leaderboard: ${c.label}`,
          route: `GET /api/leaderboards?${query}`,
          note: `top 100 by ${c.label}`,
          request: () => ({ path: `/api/leaderboards?${query}` }),
          raw: replay(c.sql, () => new Map()),
          rawNote: 'same query',
          explain: c.sql,
        };
      }),
      {
        name: 'photo',
        route: 'GET /api/photos/:id',
        note: `${fmt(photoIds.length)} random photos`,
        request: () => ({ path: `/api/photos/${pick(photoIds)}` }),
        raw: replay(photoSql, swapOne(photoIds[0]!, photoIds)),
        rawNote: 'same query',
        explain: photoSql,
      },
    ];
    // The writes (issue 16): enough cases for 1,500 a second through warm-up and measurement.
    endpoints.push(
      ...(await writeEndpoints({ pool, secret: settings.AUTH_SECRET, baseUrl, casesPerWrite: Math.ceil(1500 * (durationS + writeWarmupS)), log, fmt })),
    );
    const socialPart = await socialEndpoints(social);
    endpoints.push(...socialPart.endpoints);
    Object.assign(counts, socialPart.counts);
    // A part left out of the data (--messages 0) is left out of the measurements, and said.
    const skipped = socialPart.skipped;
    for (const part of skipped) log(`Left out: ${part}.`);
    const engagePart = await engageEndpoints(social);
    endpoints.push(...engagePart.endpoints);
    Object.assign(counts, engagePart.counts);

    if (args.only) {
      const only = new RegExp(args.only, 'i');
      endpoints.splice(0, endpoints.length, ...endpoints.filter((e) => only.test(e.route) || only.test(e.name)));
    }
    // What one request costs, counted from /proc and PostgreSQL's statistics around each
    // measurement (robust to other load on the machine, unlike req/s).
    const pgPid = national ? pids.primary : appDatabaseUrl ? null : postmasterPid(path.join(dataDir, 'postgres'));
    const partCpuMs = (pid: number | null) => (pid ? treeCpuMs(pid) : null);
    // Checkpoints begun: PostgreSQL 17 moved the checkpointer's counts out of pg_stat_bgwriter.
    const checkpointer = (await pool.query<{ ok: boolean }>(`select to_regclass('pg_catalog.pg_stat_checkpointer') is not null as ok`)).rows[0]!.ok
      ? 'select num_timed + num_requested from pg_stat_checkpointer'
      : 'select checkpoints_timed + checkpoints_req from pg_stat_bgwriter';
    const costSnapshot = async (): Promise<CostSnapshot> => {
      const stats = (
        await pool.query<{ at: Date; commits: string; wal: string; fpi: string; checkpoints: string }>(
          `select clock_timestamp() as at, (select xact_commit from pg_stat_database where datname = current_database()) as commits,
                  (select wal_bytes from pg_stat_wal) as wal, (select wal_fpi from pg_stat_wal) as fpi,
                  (${checkpointer}) as checkpoints`,
        )
      ).rows[0]!;
      const bench = process.cpuUsage();
      return {
        at: stats.at,
        appCpuMs: treeCpuMs(appPid, pgPid),
        pgCpuMs: partCpuMs(pgPid),
        pgbouncerCpuMs: partCpuMs(pids.pgbouncer),
        standbyCpuMs: partCpuMs(pids.standby),
        loadCpuMs: (bench.user + bench.system) / 1000,
        commits: Number(stats.commits),
        walBytes: Number(stats.wal),
        walFpi: Number(stats.fpi),
        checkpoints: Number(stats.checkpoints),
      };
    };
    // What the app and PostgreSQL burn while idle (jobs, heartbeats): taken off each measurement.
    const idleStart = await costSnapshot();
    await new Promise((r) => setTimeout(r, 3000));
    const idle = costPerRequest(idleStart, await costSnapshot(), 3); // per second
    const loadBefore = os.loadavg();
    // How fast the machine is before the load (machine-speed.ts); each write measures it again.
    const speedBefore = machineSpeed();
    log(`\nThe machine: a fixed task in ${fmt(speedBefore.fixedTaskMs)} ms of CPU, a wake-up round trip between two threads in ${shownWakeUpUs(speedBefore.wakeUpUs)} µs.`);
    log(`\nMeasuring ${endpoints.length} endpoints: ${connections} connections, ${durationS} s each (after ${warmupS} s of warm-up), app then raw SQL.`);
    // After a write, the work it left behind (notifications' deliveries, the jobs they wake) goes
    // on for a while; the next measurement waits until the app and PostgreSQL are back to their
    // idle CPU (within 5 % of a core, for at most a minute), so it does not pay for it.
    const settle = async (after: string) => {
      const idleMs = (idle.appCpuMs ?? 0) + (idle.pgCpuMs ?? 0);
      for (let second = 0; second < 60; second++) {
        const start = await costSnapshot();
        await new Promise((r) => setTimeout(r, 1000));
        const busy = costPerRequest(start, await costSnapshot(), 1);
        if ((busy.appCpuMs ?? 0) + (busy.pgCpuMs ?? 0) <= idleMs + 50) {
          if (second > 0) log(`  (waited ${second + 1} s after ${after} for the app and PostgreSQL to settle)`);
          return;
        }
      }
      log(`  (the app and PostgreSQL were still busy a minute after ${after}: measuring anyway)`);
    };
    // The floor of any Node HTTP server here, next to /api/health and the raw select 1: a bare
    // node:http server (as many processes as the app) answering after one select 1 (issue 16).
    // It is measured right after /api/health, so the two see the machine at the same speed (its
    // speed here changes by a third within minutes; measured at the end of the run, the floor was
    // compared with an /api/health of twenty minutes before).
    let floor: Measure | null = null;
    const floorConnection = typeof database.connection === 'string' ? { connectionString: database.connection } : database.connection;
    const measureFloor = async () => {
      const floorPort = await freePort();
      const bare = await startBareFloor({ port: floorPort, workers, connection: floorConnection, poolMax: connections });
      try {
        const request = () => ({ path: '/' });
        if (warmupS > 0) await httpLoad(`http://127.0.0.1:${floorPort}`, request, warmupS);
        floor = await httpLoad(`http://127.0.0.1:${floorPort}`, request, durationS);
        log(`  bare node:http + select 1 (the floor)  ${fmt(floor.rps).padStart(7)} req/s p95 ${fmt(floor.p95, 1)} ms`);
      } finally {
        await stopApp(bare);
      }
    };
    const results: MeasuredEndpoint[] = [];
    let previous: Endpoint | undefined;
    for (const endpoint of endpoints) {
      if (previous?.write) await settle(previous.route);
      previous = endpoint;
      // A write's warm-up is reported (its first seconds since the reads); a read's is not.
      let warmupCost: Cost | undefined;
      let writeStart: CostSnapshot | undefined;
      if (endpoint.write && writeWarmupS > 0) {
        writeStart = await costSnapshot();
        const warm = await httpLoad(target, endpoint.request, writeWarmupS);
        warmupCost = costPerRequest(writeStart, await costSnapshot(), warm.requests + warm.errors, idle, writeWarmupS);
      } else if (!endpoint.write && warmupS > 0) await httpLoad(target, endpoint.request, warmupS);
      // How fast the machine is right now, next to a write's cost (machine-speed.ts).
      const speed = endpoint.write ? machineSpeed() : undefined;
      const before = await costSnapshot();
      const appMeasure = await httpLoad(target, endpoint.request, durationS);
      const measured = await costSnapshot();
      const cost = costPerRequest(before, measured, appMeasure.requests + appMeasure.errors, idle, durationS);
      // A checkpoint begun while a write runs makes the next change of each page a full-page image.
      const checkpointsBegun = endpoint.write ? measured.checkpoints - (writeStart ?? before).checkpoints : undefined;
      if (endpoint.route === 'GET /api/health') await measureFloor();
      let rawMeasure: Measure | null = null;
      if (endpoint.raw) {
        // "The same SQL": a request made with a session cookie also runs the session lookup,
        // so its raw twin runs that statement too (as /api/me's always did).
        const signedIn = Boolean(endpoint.request().headers?.cookie) && !endpoint.rawNote.startsWith('the session lookup');
        const raw = signedIn ? withSessionLookup(endpoint.raw) : endpoint.raw;
        if (signedIn) endpoint.rawNote = `the session lookup + ${endpoint.rawNote}`;
        if (warmupS > 0) await rawLoad(rawPool, raw, Math.min(warmupS, 2), endpoint.rawConnections);
        rawMeasure = await rawLoad(rawPool, raw, durationS, endpoint.rawConnections);
      }
      results.push({ endpoint, app: appMeasure, raw: rawMeasure, cost, warmupCost, speed, checkpointsBegun, window: endpoint.write ? { start: before.at, end: measured.at } : undefined });
      log(
        `  ${endpoint.route.padEnd(32)} app ${fmt(appMeasure.rps).padStart(7)} req/s p50 ${fmt(appMeasure.p50, 1)} p95 ${fmt(appMeasure.p95, 1)} p99 ${fmt(appMeasure.p99, 1)} ms` +
          (appMeasure.errors ? ` (${appMeasure.errors} errors)` : '') +
          (rawMeasure ? ` | raw ${fmt(rawMeasure.rps).padStart(7)} q/s p95 ${fmt(rawMeasure.p95, 1)} ms` : ''),
      );
    }

    // The movement's recount (a job each minute when caucuses or their members changed, about as
    // long as a whole write's window on the 1M-user data) paid by the write whose window it fell
    // in: how long it ran within each write's window. Read once it has finished.
    if (previous?.write) await settle(previous.route);
    for (const result of results) {
      if (result.window) result.movementRecountMs = await jobMsWithin(pool, JOBS.movementRefresh, result.window);
    }

    // What the writes must never break, counted over the whole database after the run.
    const invariants = results.some((r) => r.endpoint.write) ? await countInvariantViolations(pool) : [];
    for (const i of invariants) log(`  ${i.violations === 0 ? 'ok' : 'BROKEN'}: ${i.rule} (${i.violations} violations)`);

    const plans: Array<{ name: string; plan: string }> = [];
    for (const endpoint of endpoints) if (endpoint.explain.length) plans.push({ name: endpoint.route, plan: await explain(pool, endpoint.explain) });
    const pgVersion = (await pool.query<{ server_version: string }>('show server_version')).rows[0]!.server_version;

    const report = renderReport({ results, floor, plans, counts, skipped, invariants, pgVersion, mode: database.mode, loadBefore, loadAfter: os.loadavg(), speedBefore,
      shape: shape ? shape.description : national ? 'given by DATABASE_URL (through PgBouncer) and DATABASE_DIRECT_URL (the primary); nothing started by the bench, so no CPU per part' : null,
    });
    console.log(`\n${report}`);
    writeReport(args.out, report, national ? [NATIONAL_MARK_START, NATIONAL_MARK_END] : [MARK_START, MARK_END]);
    log(`\nWritten to ${args.out}.`);
    if (args.json) {
      const measured: BenchRun = {
        measuredAt: new Date().toISOString(),
        users: counts.users ?? 0,
        counts,
        pgVersion,
        workers,
        connections,
        durationS,
        loadBefore,
        speedBefore,
        results: results.map(({ endpoint, app, raw, cost }) => ({ name: endpoint.name, route: endpoint.route, write: endpoint.write === true, app, raw, cost })),
        plans: endpoints.flatMap((e) => plans.filter((p) => p.name === e.route).map((p) => ({ name: e.name, route: e.route, plan: p.plan }))),
      };
      mkdirSync(path.dirname(path.resolve(args.json)), { recursive: true });
      writeFileSync(args.json, `${JSON.stringify(measured, null, 2)}\n`);
      log(`Measurements written to ${args.json}.`);
    }
  } finally {
    if (database) await dropMintedSessions(database.pool).catch(() => undefined);
    await stopEverything();
    log('The app is stopped.');
  }
}

// ---- the cost of a request --------------------------------------------------------------------

interface CostSnapshot {
  /** PostgreSQL's clock when taken: a write's measured window, on the clock pg-boss's job rows use. */
  at: Date;
  appCpuMs: number | null;
  pgCpuMs: number | null;
  /** The national shape's PgBouncer and synchronous standby (null otherwise). */
  pgbouncerCpuMs: number | null;
  standbyCpuMs: number | null;
  loadCpuMs: number;
  commits: number;
  walBytes: number;
  walFpi: number;
  /** Checkpoints PostgreSQL has begun (timed and requested) since its statistics were reset. */
  checkpoints: number;
}

interface Cost {
  appCpuMs: number | null;
  pgCpuMs: number | null;
  pgbouncerCpuMs: number | null;
  standbyCpuMs: number | null;
  loadCpuMs: number;
  commits: number;
  walBytes: number;
  /** Full-page images written to the WAL (the first change of a page after a checkpoint). */
  walFpi: number;
}

/** The cost of one of `requests`, less what the processes spend idle (`idle`, per second) over `seconds`. */
function costPerRequest(before: CostSnapshot, after: CostSnapshot, requests: number, idle?: Cost, seconds = 0): Cost {
  const per = (a: number | null, b: number | null, idlePerSecond: number | null = 0) =>
    a === null || b === null || requests === 0 ? null : Math.max(0, b - a - (idlePerSecond ?? 0) * seconds) / requests;
  return {
    appCpuMs: per(before.appCpuMs, after.appCpuMs, idle?.appCpuMs),
    pgCpuMs: per(before.pgCpuMs, after.pgCpuMs, idle?.pgCpuMs),
    pgbouncerCpuMs: per(before.pgbouncerCpuMs, after.pgbouncerCpuMs, idle?.pgbouncerCpuMs),
    standbyCpuMs: per(before.standbyCpuMs, after.standbyCpuMs, idle?.standbyCpuMs),
    loadCpuMs: per(before.loadCpuMs, after.loadCpuMs) ?? 0,
    commits: per(before.commits, after.commits, idle?.commits) ?? 0,
    walBytes: per(before.walBytes, after.walBytes, idle?.walBytes) ?? 0,
    walFpi: per(before.walFpi, after.walFpi, idle?.walFpi) ?? 0,
  };
}

/** One endpoint's measurements; a write's also say what ran beside it in its measured window. */
interface MeasuredEndpoint {
  endpoint: Endpoint;
  app: Measure;
  raw: Measure | null;
  cost: Cost;
  warmupCost?: Cost;
  speed?: MachineSpeed;
  checkpointsBegun?: number;
  /** A write's measured window (PostgreSQL's clock at the snapshots around it). */
  window?: { start: Date; end: Date };
  /** How long the movement's recount ran within that window (ms). */
  movementRecountMs?: number;
}

/**
 * How long runs of pg-boss job `name` overlapped the window, in ms (a run still going counts until
 * now); unknown (shown as –) when the job table cannot be read.
 */
async function jobMsWithin(pool: pg.Pool, name: string, window: { start: Date; end: Date }): Promise<number | undefined> {
  const answer = await pool
    .query<{ ms: number }>(
      `select coalesce(sum(extract(epoch from least(coalesce(completed_on, now()), $3::timestamptz) - greatest(started_on, $2::timestamptz)) * 1000), 0)::float8 as ms
       from pgboss.job where name = $1 and started_on < $3::timestamptz and coalesce(completed_on, now()) > $2::timestamptz`,
      [name, window.start, window.end],
    )
    .catch(() => null);
  return answer?.rows[0]?.ms;
}

// ---- the report -----------------------------------------------------------------------------

/** Issue 16's goals for one measured endpoint; a read without a raw twin (a cache) needs only its p95. */
function goalMet(endpoint: Endpoint, app: Measure, percentOfRaw: number | null): boolean {
  if (app.errors > 0 || !(app.p95 < TARGET_P95_MS)) return false;
  if (endpoint.write) return app.rps >= WRITE_GOAL_PER_SECOND;
  return endpoint.ratioGoal === false || percentOfRaw === null || percentOfRaw >= RATIO_GOAL_PERCENT;
}

function renderReport(input: {
  results: MeasuredEndpoint[];
  floor: Measure | null;
  plans: Array<{ name: string; plan: string }>;
  counts: Record<string, number>;
  skipped: string[];
  invariants: InvariantCount[];
  pgVersion: string;
  mode: string;
  loadBefore: number[];
  loadAfter: number[];
  /** The machine's speed before the load (machine-speed.ts). */
  speedBefore: MachineSpeed;
  /** The national shape (--shape national): what ran, in a line; null for the app's default. */
  shape: string | null;
}): string {
  const ms = (n: number) => (Number.isNaN(n) ? '–' : fmt(n, n < 10 ? 2 : 1));
  const cpus = os.cpus();
  const lines: string[] = [];
  const quoted = (a: string) => (/^[\w@%+=:,./-]+$/.test(a) ? a : `'${a.replace(/'/g, "'\\''")}'`);
  const command = process.argv.slice(2).filter((a) => a !== '--').map(quoted).join(' ') || `--users ${targetUsers}`;
  lines.push(`Measured ${new Date().toISOString().replace(/\.\d+Z$/, 'Z')} by \`npm run bench -- ${command}\`.`);
  lines.push('');
  lines.push(`- Machine: ${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${fmt(os.totalmem() / 2 ** 30, 1)} GiB RAM, ${os.type()} ${os.release()}`);
  lines.push(
    `- Its speed before the load (scripts/bench/machine-speed.ts): a fixed task in ${fmt(input.speedBefore.fixedTaskMs)} ms of CPU; one thread wakes another and hears back in ` +
      `${shownWakeUpUs(input.speedBefore.wakeUpUs)} µs (a virtual machine whose idle CPUs halt without polling: 70–100 µs; with the guest's halt polling: 8–10; decision 068)`,
  );
  if (input.shape) lines.push(`- The national shape: ${input.shape}`);
  lines.push(`- Node ${process.version}; PostgreSQL ${input.pgVersion} (${input.shape ? 'the national shape' : input.mode === 'url' ? 'DATABASE_URL' : 'embedded, Unix socket'}); the app as ${workers} server process${workers === 1 ? '' : 'es'} (WORKERS); app, PostgreSQL and load generator on the same machine`);
  lines.push(
    `- Data: ${fmt(input.counts.users!)} users, ${fmt(input.counts.caucuses!)} caucuses, ${fmt(input.counts.caucusMembers!)} caucus members, ` +
      `${fmt(input.counts.activities!)} activities, ${fmt(input.counts.userBadges!)} earned badges, ${fmt(input.counts.photos!)} photos, ` +
      `${fmt(input.counts.banners!)} banners, ${fmt(input.counts.brownies!)} brownies, ${fmt(input.counts.privateMessages ?? 0)} private messages ` +
      `(${fmt(input.counts.conversations ?? 0)} conversation rows), ${fmt(input.counts.broadcasts ?? 0)} broadcasts, ${fmt(input.counts.sparks ?? 0)} Sparks ledger rows; ` +
      `the benched debate has ${fmt(input.counts.debateContributions ?? 0)} contributions and ${fmt(input.counts.debateVotes ?? 0)} votes`,
  );
  lines.push(
    `- Other load on the machine: load average ${input.loadBefore.map((l) => l.toFixed(1)).join(' / ')} (1/5/15 min) before the run, ` +
      `${input.loadAfter.map((l) => l.toFixed(1)).join(' / ')} after (${cpus.length} cores; the bench itself adds about 2)`,
  );
  if (input.skipped.length > 0) lines.push(`- Left out (not in the data): ${input.skipped.join('; ')}`);
  lines.push(`- Load: ${connections} concurrent connections, ${durationS} s per measurement after ${warmupS} s of warm-up (a write: ${writeWarmupS} s of the same write); ids drawn at random from the database per request`);
  lines.push('');
  lines.push(
    `| Endpoint | Ids; raw SQL | App req/s | p50 ms | p95 ms | p99 ms | Raw SQL q/s | Raw p50 | Raw p95 | Raw p99 | App/raw req/s | Goal: reads p95 < ${TARGET_P95_MS} ms and ≥ ${RATIO_GOAL_PERCENT} % of raw; writes ≥ ${fmt(WRITE_GOAL_PER_SECOND)}/s, p95 < ${TARGET_P95_MS} ms |`,
  );
  lines.push('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | :---: |');
  for (const { endpoint, app, raw } of input.results) {
    const percent = raw && raw.rps > 0 ? (100 * app.rps) / raw.rps : null;
    lines.push(
      `| \`${endpoint.route}\` | ${endpoint.note}; raw: ${endpoint.rawNote}${app.errors ? `; **${app.errors} errors**` : ''} | ${fmt(app.rps)} | ${ms(app.p50)} | ${ms(app.p95)} | ${ms(app.p99)} | ` +
        (raw ? `${fmt(raw.rps)} | ${ms(raw.p50)} | ${ms(raw.p95)} | ${ms(raw.p99)} | ${fmt(percent ?? 0)} %` : '– | – | – | – | –') +
        ` | ${goalMet(endpoint, app, percent) ? 'yes' : '**no**'} |`,
    );
  }
  const health = input.results.find((r) => r.endpoint.route === 'GET /api/health');
  if (input.floor && health?.raw) {
    const percent = (n: number) => `${fmt((100 * n) / health.raw!.rps)} %`;
    lines.push('');
    lines.push(
      `The floor of any Node.js HTTP server on this machine: a bare \`node:http\` server (${workers} process${workers === 1 ? '' : 'es'}, no framework, ` +
        `no log, no middleware; scripts/bench/bare-http-floor.mjs) answering each request after one \`select 1\` made ${fmt(input.floor.rps)} req/s ` +
        `(p95 ${ms(input.floor.p95)} ms): ${percent(input.floor.rps)} of the raw \`select 1\`. \`/api/health\` made ${percent(health.app.rps)} of it, ` +
        `${fmt((100 * health.app.rps) / input.floor.rps)} % of the bare server.`,
    );
  }
  // Where the time goes: CPU per request in each part, and the ceiling those costs put on this
  // machine (all its cores busy with nothing else: cores × 1,000 ms / the CPU one request costs).
  lines.push('');
  lines.push(
    'Where the time goes (per request, measured around the app run above; CPU from /proc with the idle processes\' own use taken off; transactions (read-only ones and background jobs\' included) and WAL bytes from PostgreSQL\'s statistics):',
  );
  lines.push('');
  // The national shape adds two parts: PgBouncer and the synchronous standby (its WAL replay).
  const parts = input.shape !== null;
  lines.push(
    parts
      ? '| Endpoint | App CPU ms | PgBouncer CPU ms | Primary CPU ms | Standby CPU ms | Load generator CPU ms | Transactions | WAL bytes | Full-page images | Ceiling on this machine (req/s) |'
      : '| Endpoint | App CPU ms | PostgreSQL CPU ms | Load generator CPU ms | Transactions | WAL bytes | Full-page images | Ceiling on this machine (req/s) |',
  );
  lines.push(parts ? '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |' : '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const { endpoint, cost } of input.results) {
    const total = (cost.appCpuMs ?? 0) + (cost.pgCpuMs ?? 0) + (cost.pgbouncerCpuMs ?? 0) + (cost.standbyCpuMs ?? 0) + cost.loadCpuMs;
    const cell = (n: number | null) => (n === null ? '–' : fmt(n, 2));
    const cpuCells = parts
      ? [cost.appCpuMs, cost.pgbouncerCpuMs, cost.pgCpuMs, cost.standbyCpuMs, cost.loadCpuMs]
      : [cost.appCpuMs, cost.pgCpuMs, cost.loadCpuMs];
    lines.push(
      `| \`${endpoint.route}\` | ${cpuCells.map(cell).join(' | ')} | ${fmt(cost.commits, 2)} | ${fmt(cost.walBytes)} | ${fmt(cost.walFpi, 2)} | ${total > 0 ? fmt((cpus.length * 1000) / total) : '–'} |`,
    );
  }
  const warmed = input.results.filter((r) => r.warmupCost);
  if (warmed.length > 0) {
    // The writes' WAL in their warm-up: the first change of a page after a checkpoint writes the
    // whole page, so the first seconds of a write after the reads cost more than its steady state.
    lines.push('');
    lines.push(`A write's WAL in its ${writeWarmupS} s of warm-up (the first seconds of that write since the reads) and in the measured ${durationS} s after it, the checkpoints PostgreSQL began meanwhile (after one, the first change of each page is written whole: a write measured then costs more), how long the movement's recount ran within the measured window (its job, each minute after caucuses or their members changed, costs PostgreSQL seconds of CPU: a join measured then costs more), and how fast the machine was just before the measurement (scripts/bench/machine-speed.ts: the CPU ms of a fixed task, and the µs one thread takes to wake another and hear back, which a request pays several times over; lower is faster; compare a write's cost between runs only at a like speed of both):`);
    lines.push('');
    lines.push('| Write | Warm-up: WAL bytes | Warm-up: full-page images | Measured: WAL bytes | Measured: full-page images | Checkpoints begun | Movement recount in the window, ms | Fixed task ms | Wake-up round trip µs |');
    lines.push('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
    for (const { endpoint, cost, warmupCost, speed, checkpointsBegun, movementRecountMs } of warmed) {
      lines.push(
        `| \`${endpoint.route}\` | ${fmt(warmupCost!.walBytes)} | ${fmt(warmupCost!.walFpi, 2)} | ${fmt(cost.walBytes)} | ${fmt(cost.walFpi, 2)} | ${checkpointsBegun === undefined ? '–' : fmt(checkpointsBegun)} | ${movementRecountMs === undefined ? '–' : fmt(movementRecountMs)} | ${speed ? fmt(speed.fixedTaskMs) : '–'} | ${speed ? shownWakeUpUs(speed.wakeUpUs) : '–'} |`,
      );
    }
  }
  if (input.invariants.length > 0) {
    lines.push('');
    lines.push('Counted in the database after the run (each must be 0):');
    lines.push('');
    for (const i of input.invariants) lines.push(`- ${i.rule}: ${i.violations === 0 ? '0' : `**${fmt(i.violations)}**`}`);
  }
  lines.push('');
  lines.push('Raw SQL: the statements the route runs (recorded from the same service functions), sent with pg over');
  lines.push(`${connections} connections from the bench process; for \`/api/me\` the session lookup plus the`);
  lines.push('profile query; for `/api/stats/movement` the uncached count that the app runs at most once per');
  lines.push('`STATS_CACHE_SECONDS` (30 s) per process, one at a time.');
  lines.push('');
  lines.push(...planDetails('Query plans', input.plans.map(({ name, plan }) => ({ heading: `\`${name}\``, plan }))));
  return lines.join('\n');
}

function writeReport(file: string, report: string, [markStart, markEnd]: [string, string]) {
  const block = `${markStart}\n${report}\n${markEnd}`;
  let text: string;
  if (existsSync(file)) {
    const current = readFileSync(file, 'utf8');
    const start = current.indexOf(markStart);
    const end = current.indexOf(markEnd);
    text = start >= 0 && end > start ? current.slice(0, start) + block + current.slice(end + markEnd.length) : `${current.trimEnd()}\n\n${block}\n`;
  } else {
    text = `# Benchmarks\n\nRun \`npm run bench\` (1,000,000 users) or \`npm run bench -- --users 100000\`. The block below is rewritten by each run.\n\n${block}\n`;
  }
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  writeFileSync(file, text);
}

main().catch((e: unknown) => {
  console.error('The bench failed:', e instanceof Error ? (e.stack ?? e.message) : e);
  process.exit(1);
});
