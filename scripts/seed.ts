// npm run seed -- --users N [--caucuses M] [--messages K] [--seed S] [--batch-size B] [--concurrency C]
// Fills the app's database (DATABASE_URL, or the embedded PostgreSQL of DATA_DIR, or the one of
// the app running on DATA_DIR) with realistic demo data. See src/server/test/seed-data.ts.
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { openAppDatabase } from '../src/server/db/app-database';
import { DataDirInUseError } from '../src/server/db/embedded';
import { caucusPasswordKeysFrom, sealCaucusPasswords } from '../src/server/features/caucuses/caucus-passwords.service';
import { refreshMovementAggregates } from '../src/server/features/movement/movement.service';
import { systemClock } from '../src/server/clock';
import { loadSettings } from '../src/server/settings';
import { DEFAULT_PASSWORD } from '../src/server/test/factories';
import { seedDatabase, type SeedProgress } from '../src/server/test/seed-data';
import { ensureSocialData } from './bench/social-bench';

if (existsSync('.env')) process.loadEnvFile('.env');

const USAGE = 'Usage: npm run seed -- --users N [--caucuses M] [--messages K] [--seed S] [--batch-size B] [--concurrency C]\n' +
  '  --messages K also writes a district\'s whole election tree, K private messages and broadcasts (scripts/bench/social-bench.ts);\n' +
  '  --users 0 adds only those to the existing users.';

function wholeNumber(name: string, value: string | undefined, fallback: number, min = 0): number {
  if (value === undefined) return fallback;
  const n = Number(value.replace(/_/g, ''));
  if (!Number.isInteger(n) || n < min) {
    console.error(`--${name} must be a whole number of at least ${min} (got ${value})\n${USAGE}`);
    process.exit(2);
  }
  return n;
}

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

async function main() {
  const { values } = parseArgs({
    options: {
      users: { type: 'string' },
      caucuses: { type: 'string' },
      messages: { type: 'string' },
      seed: { type: 'string' },
      'batch-size': { type: 'string' },
      concurrency: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const users = wholeNumber('users', values.users, 10_000);
  const options = {
    users,
    caucuses: wholeNumber('caucuses', values.caucuses, Math.floor(users / 10)),
    seed: wholeNumber('seed', values.seed, 1),
    batchSize: wholeNumber('batch-size', values['batch-size'], 1_000_000, 1),
    concurrency: wholeNumber('concurrency', values.concurrency, 2, 1),
  };

  const settings = loadSettings();
  const database = await openAppDatabase({
    settings,
    // Temporary tables and session settings (session_replication_role): around PgBouncer.
    direct: true,
    poolMax: options.concurrency + 1,
    log: (m) => console.log(m),
  }).catch((e: unknown) => {
    console.error(e instanceof DataDirInUseError ? e.message : `Could not open the database: ${e instanceof Error ? e.message : String(e)}`);
    process.exit(1);
  });
  const where = database.mode === 'url' ? 'the PostgreSQL server of DATABASE_URL' : `${settings.dataDir} (${database.mode})`;
  console.log(
    `Seeding ${fmt(options.users)} users and ${fmt(options.caucuses)} caucuses into ${where} ` +
      `(seed ${options.seed}, statements of ${fmt(options.batchSize)} users on ${options.concurrency} connections)`,
  );

  let interrupted = false;
  process.once('SIGINT', () => {
    interrupted = true;
    console.error('\nInterrupted: closing the database (tables committed so far stay; the ones in progress roll back).');
    void database.close().finally(() => process.exit(130));
  });

  const started = performance.now();
  const lastPrint = new Map<string, number>();
  const onProgress = (p: SeedProgress) => {
    // Two lanes report side by side: one line per table and second, and each table's last.
    const t = performance.now();
    if (p.done < p.total && t - (lastPrint.get(p.phase) ?? 0) < 1000) return;
    lastPrint.set(p.phase, t);
    const seconds = (t - started) / 1000;
    const pct = p.total ? ((100 * p.done) / p.total).toFixed(0) : '100';
    const label = p.phase === 'vacuum' ? (p.done ? 'vacuum analyze done' : 'vacuum analyze…') : `${p.phase} ${fmt(p.done)}/${fmt(p.total)} (${pct}%)`;
    console.log(`  ${label.padEnd(40)} ${fmt(p.rows)} rows, ${fmt(p.rows / Math.max(seconds, 0.001))} rows/s, ${seconds.toFixed(1)} s`);
  };

  try {
    const messages = wholeNumber('messages', values.messages, 0);
    if (users > 0) await seedUsers();
    // The seed writes private caucuses' passwords in plain SQL (the key is not in the database):
    // seal them now, as the app's start does, so that not even a seeded database holds one in clear.
    const sealed = await sealCaucusPasswords(database.db, caucusPasswordKeysFrom(settings));
    if (sealed.sealed) console.log(`  Sealed ${fmt(sealed.sealed)} caucus passwords (CAUCUS_PASSWORD_KEY, or the key derived from AUTH_SECRET).`);
    if (messages > 0) {
      await ensureSocialData(
        { db: database.db, pool: database.pool, secret: settings.AUTH_SECRET, log: (m) => console.log(m), fmt },
        { messages, seed: options.seed },
      );
    }
    // The seed dates its memberships in the past: the app's job would count only the recent days
    // of rows it did not see written (decision 069), so the movement's figures are recounted whole now.
    if (users > 0) {
      const recount = await refreshMovementAggregates({ db: database.db, clock: systemClock, timeZone: settings.APP_TIME_ZONE });
      console.log(`  Recounted the movement's figures (${fmt(recount.changed)} rows).`);
    }
  } finally {
    if (!interrupted) await database.close();
  }

  async function seedUsers() {
    const summary = await seedDatabase({ db: database.db }, { ...options, onProgress });
    const seconds = summary.ms / 1000;
    console.log(
      `Done in ${seconds.toFixed(1)} s: ${fmt(summary.rows)} rows (${fmt(summary.rows / seconds)} rows/s; ` +
        `${fmt(summary.users / seconds)} users/s).\n` +
        `  users ${fmt(summary.users)} (+ accounts), photos ${fmt(summary.photos)}, sparks ${fmt(summary.sparks)}, banners ${fmt(summary.banners)}, brownies ${fmt(summary.brownies)}, ` +
        `user_badges ${fmt(summary.userBadges)}, activities ${fmt(summary.activities)}, caucuses ${fmt(summary.caucuses)}, ` +
        `caucus_members ${fmt(summary.caucusMembers)}, election_records ${fmt(summary.electionRecords)}\n` +
        `  Steps (lane: seconds, of which index builds): ${summary.steps
          .map((s) => `${s.step} ${s.lane}: ${fmt(s.ms / 1000, 1)}${s.indexMs ? ` (${fmt(s.indexMs / 1000, 1)})` : ''}`)
          .join(', ')}\n` +
        `  Seeded users sign in with the password "${DEFAULT_PASSWORD}"; emails look like first.last.${summary.firstUserNumber}@example.test.` +
        (summary.administratorEmail ? `\n  Administrator (organizer of the level-5 caucuses): ${summary.administratorEmail}` : ''),
    );
  }
}

main().catch((e: unknown) => {
  console.error('The seed failed:', e instanceof Error ? (e.stack ?? e.message) : e);
  process.exit(1);
});
