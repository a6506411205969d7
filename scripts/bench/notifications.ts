// npm run bench:notifications -- [--mails 3000] [--district 100000] [--database-url postgres://postgres@127.0.0.1:5432/postgres] [--out docs/benchmarks.md]
//
// How fast notifications go out (issue 13), on a fresh database (created on the PostgreSQL
// server of --database-url, dropped afterwards):
// - a broadcast to a district of --district voters: the fan-out job's time to write one
//   notification each (broadcast-fanout.service, batches of 20,000);
// - mail: one notification for each of --mails confirmed people, delivered into the mail outbox
//   (notification-delivery.service, batches of 200), then sent to a real SMTP server started
//   here (the `smtp-server` package, what the tests use) through the app's pooled transport.
// It prints the figures and writes the table into docs/benchmarks.md between the bench:mail markers.
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { and, eq, ne, sql } from 'drizzle-orm';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { systemClock } from '../../src/server/clock';
import { migrateDatabase, openDatabase } from '../../src/server/db/client';
import { users } from '../../src/server/db/schema/auth';
import { broadcasts } from '../../src/server/db/schema/social';
import { fanOutBroadcast } from '../../src/server/features/broadcasts/broadcast-fanout.service';
import { deliverAllDueNotifications } from '../../src/server/features/notifications/notification-delivery.service';
import { notify, type NewNotification } from '../../src/server/features/notifications/notifications.service';
import { createLogger } from '../../src/server/logger';
import { deliverAllDueMail, smtpTransport } from '../../src/server/mail/outbox';
import { buildUser } from '../../src/server/test/factories';

const MARK_START = '<!-- bench:mail:start -->';
const MARK_END = '<!-- bench:mail:end -->';

const { values: args } = parseArgs({
  options: {
    mails: { type: 'string', default: '3000' },
    district: { type: 'string', default: '100000' },
    'database-url': { type: 'string', default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' },
    out: { type: 'string', default: 'docs/benchmarks.md' },
  },
});
const count = Number(args.mails);
if (!Number.isInteger(count) || count < 1 || count > 1_000_000) {
  console.error('--mails must be a whole number from 1 to 1,000,000');
  process.exit(2);
}
const districtSize = Number(args.district);
if (!Number.isInteger(districtSize) || districtSize < 1 || districtSize > 10_000_000) {
  console.error('--district must be a whole number from 1 to 10,000,000');
  process.exit(2);
}
const log = (line: string) => console.log(`[bench:notifications] ${line}`);

const adminUrl = args['database-url'];
const name = `bench_mail_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`create database ${name}`);
const url = new URL(adminUrl);
url.pathname = `/${name}`;
const database = openDatabase(url.toString(), { max: 10 });
let received = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, callback) {
    stream.on('data', () => undefined);
    stream.on('end', () => {
      received += 1;
      callback();
    });
  },
});
try {
  await migrateDatabase(database.db);
  log(`${count} people…`);
  const people = Array.from({ length: count }, (_, i) => buildUser(i + 1, Math.random, { emailVerified: true, emailVerifiedAt: new Date() }));
  for (let i = 0; i < people.length; i += 2000) await database.db.insert(users).values(people.slice(i, i + 2000));

  const items: NewNotification[] = people.map((p) => ({ userId: p.id!, kind: 'caucus_full', data: { caucusId: '00000000-0000-4000-8000-000000000001', caucusName: 'Bench Ten' } }));
  let t = performance.now();
  for (let i = 0; i < items.length; i += 5000) await database.db.transaction((tx) => notify(tx, new Date(), items.slice(i, i + 5000)));
  const notifyMs = performance.now() - t;
  log(`notifications written in ${Math.round(notifyMs)} ms`);

  t = performance.now();
  const deps = { db: database.db, clock: systemClock, logger: createLogger('silent'), baseUrl: 'http://localhost:3000', secret: 'bench-secret-bench-secret-bench-secret-01', push: null };
  await deliverAllDueNotifications(deps);
  const deliverMs = performance.now() - t;
  log(`delivered into the outbox in ${Math.round(deliverMs)} ms`);

  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as { port: number }).port;
  const transport = smtpTransport(`smtp://127.0.0.1:${port}`);
  t = performance.now();
  const sent = await deliverAllDueMail({ db: database.db, clock: systemClock, transport, from: 'Caucus <noreply@caucus.test>' });
  const sendMs = performance.now() - t;
  transport.close?.();
  log(`sent ${sent} (${received} received) in ${Math.round(sendMs)} ms`);
  if (received !== count) throw new Error(`the SMTP server received ${received} of ${count}`);

  log(`a district of ${districtSize} voters…`);
  const home = { state: 'TX', district: 7 };
  const voters = Array.from({ length: districtSize }, (_, i) => buildUser(10_000_000 + i, Math.random, home));
  for (let i = 0; i < voters.length; i += 5000) await database.db.insert(users).values(voters.slice(i, i + 5000));
  const [admin] = people;
  const [broadcast] = await database.db
    .insert(broadcasts)
    .values({ senderId: admin!.id!, message: 'Caucus night is Thursday at 7.', scope: 'district', targetState: home.state, targetDistrict: home.district })
    .returning({ id: broadcasts.id });
  t = performance.now();
  const fannedOut = await fanOutBroadcast({ db: database.db, clock: systemClock }, broadcast!.id);
  const fanoutMs = performance.now() - t;
  log(`fan-out: ${fannedOut} notifications in ${Math.round(fanoutMs)} ms`);
  // The district's residents (some of the mail people live there too), but the sender.
  const [residents] = await database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(and(eq(users.state, home.state), eq(users.district, home.district), ne(users.id, admin!.id!)));
  if (fannedOut !== residents!.n) throw new Error(`fan-out wrote ${fannedOut} of ${residents!.n}`);

  const perMinute = (ms: number) => Math.round((count / ms) * 60_000).toLocaleString('en-US');
  const table = [
    MARK_START,
    `Measured ${new Date().toISOString().slice(0, 10)} on this 2-core machine, PostgreSQL 15 server, SMTP server on 127.0.0.1 (\`npm run bench:notifications\`).`,
    '',
    `A district broadcast to ${districtSize.toLocaleString('en-US')} voters: the fan-out job writes their notifications in **${(fanoutMs / 1000).toFixed(1)} s** (batches of 20,000 people, one transaction each; the request that sends the broadcast only queues the job).`,
    '',
    `Mail, ${count.toLocaleString('en-US')} messages:`,
    '',
    '| Step | Time | Per minute |',
    '| --- | ---: | ---: |',
    `| notify() writes the notifications (5,000 per transaction) | ${Math.round(notifyMs).toLocaleString('en-US')} ms | ${perMinute(notifyMs)} |`,
    `| delivery job: notifications → mail outbox (200 per claim) | ${Math.round(deliverMs).toLocaleString('en-US')} ms | ${perMinute(deliverMs)} |`,
    `| mail job: outbox → SMTP (pooled connection) | ${Math.round(sendMs).toLocaleString('en-US')} ms | ${perMinute(sendMs)} |`,
    MARK_END,
  ].join('\n');
  console.log(table);
  const doc = readFileSync(args.out, 'utf8');
  const start = doc.indexOf(MARK_START);
  const end = doc.indexOf(MARK_END);
  writeFileSync(args.out, start >= 0 && end > start ? doc.slice(0, start) + table + doc.slice(end + MARK_END.length) : `${doc.trimEnd()}\n\n## Notification mail\n\n${table}\n`);
  log(`written to ${args.out}`);
} finally {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await database.close();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
