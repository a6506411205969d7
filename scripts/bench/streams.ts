// npm run bench:streams -- [--streams 10000] [--posts 300] [--rate 20] [--clients 2] [--data-dir $TMPDIR/caucus-bench-streams] [--out docs/benchmarks.md]
//
// Live streams at scale (issue 16, part 3). Starts the real app (node scripts/start.mjs,
// SKIP_WEB_BUILD=1, one process: WORKERS=1, LIVE_STREAMS_MAX=--streams) on its own data folder,
// gives --streams users in caucuses of ten a session each (minted into the sessions table), and
// opens every member's chat stream from --clients client processes (raw http.request sockets:
// a client costs little next to a browser's EventSource). It measures:
// - the app process's RSS and file descriptors before and with every stream open (per stream),
//   and its CPU while they idle (heartbeats only);
// - --posts chat messages posted at --rate a second into caucuses whose ten members all listen:
//   the time from sending the POST to each member's stream delivering the message (p50/p95/p99,
//   goal p95 < 500 ms), and the POST's own time;
// - stream number cap + 1: refused with 503, Retry-After and `too_many_streams`, while
//   /api/health still answers; and, once every stream is closed, that a new one opens again.
// It prints a markdown block and writes it into --out between the streams markers.
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const MARK_START = '<!-- streams:start -->';
const MARK_END = '<!-- streams:end -->';
const TARGET_P95_MS = 500;
const CAUCUS_SIZE = 10;

/** One clock for every process of the bench: wall time in ms with sub-ms precision. */
const now = () => performance.timeOrigin + performance.now();

// ---- client processes: hold streams, report when each message arrives ------------------------

type ToClient = { type: 'open'; port: number; streams: Array<{ path: string; cookie: string }>; concurrency: number } | { type: 'close' };
type FromClient =
  | { type: 'started' }
  | { type: 'opened'; ok: number; refused: Record<string, number>; ms: number }
  | { type: 'received'; items: Array<[messageId: string, at: number]> }
  | { type: 'closed' };

interface HeldStream {
  req: http.ClientRequest;
}

/**
 * Opens one SSE stream with a bare socket and resolves once its `ready` event arrives (or with
 * the refusal's status); afterwards each `message` event's id is handed to `onMessage`.
 */
function openRawStream(port: number, streamPath: string, cookie: string, onMessage: (id: string) => void): Promise<{ status: number; held?: HeldStream }> {
  return new Promise((resolve) => {
    const req = http.request({ host: '127.0.0.1', port, path: streamPath, agent: false, headers: { cookie, accept: 'text/event-stream' } });
    let settled = false;
    const settle = (value: { status: number; held?: HeldStream }) => {
      if (!settled) {
        settled = true;
        resolve(value);
      }
    };
    req.on('response', (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        settle({ status: res.statusCode ?? 0 });
        req.destroy();
        return;
      }
      res.setEncoding('utf8');
      let buffer = '';
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (block.startsWith('event: ready')) settle({ status: 200, held: { req } });
          else if (block.startsWith('event: message')) {
            const id = /\nid: (.+)/.exec(block)?.[1];
            if (id) onMessage(id);
          }
        }
      });
      res.on('error', () => undefined);
    });
    req.on('error', () => settle({ status: -1 }));
    req.end();
  });
}

async function runClient(): Promise<void> {
  const held: HeldStream[] = [];
  let received: Array<[string, number]> = [];
  const flush = setInterval(() => {
    if (received.length === 0) return;
    process.send!({ type: 'received', items: received } satisfies FromClient);
    received = [];
  }, 50);
  const onMessage = (id: string) => received.push([id, now()]);

  process.on('message', async (message: ToClient) => {
    if (message.type === 'open') {
      const started = now();
      let ok = 0;
      const refused: Record<string, number> = {};
      let next = 0;
      await Promise.all(
        Array.from({ length: message.concurrency }, async () => {
          while (next < message.streams.length) {
            const s = message.streams[next++]!;
            const result = await openRawStream(message.port, s.path, s.cookie, onMessage);
            if (result.held) {
              held.push(result.held);
              ok += 1;
            } else refused[result.status] = (refused[result.status] ?? 0) + 1;
          }
        }),
      );
      process.send!({ type: 'opened', ok, refused, ms: now() - started } satisfies FromClient);
    } else if (message.type === 'close') {
      for (const h of held) h.req.destroy();
      clearInterval(flush);
      process.send!({ type: 'closed' } satisfies FromClient, () => process.exit(0));
    }
  });
  // The bench gone (even killed), its clients go too.
  process.on('disconnect', () => process.exit(0));
  process.send!({ type: 'started' } satisfies FromClient);
}

if (process.argv.includes('--client')) {
  await runClient();
} else {
  await runBench();
}

// ---- the bench ---------------------------------------------------------------------------------

async function runBench(): Promise<void> {
  const { freePort, startApp, stopApp, tail } = await import('./app-process');
  const { mintSessions } = await import('./bench-kit');
  const { openAppDatabase } = await import('../../src/server/db/app-database');
  const { users } = await import('../../src/server/db/schema/auth');
  const { caucuses, caucusMembers } = await import('../../src/server/db/schema/caucuses');
  const { invitationCodeFrom } = await import('../../src/domain/caucuses/caucus-schemas');
  const { loadSettings } = await import('../../src/server/settings');
  const { buildUser } = await import('../../src/server/test/factories');

  if (existsSync('.env')) process.loadEnvFile('.env');
  const USAGE = 'Usage: npm run bench:streams -- [--streams N] [--posts M] [--rate PER_SECOND] [--clients K] [--data-dir DIR] [--out FILE]';
  const { values: args } = parseArgs({
    options: {
      streams: { type: 'string', default: '10000' },
      posts: { type: 'string', default: '300' },
      rate: { type: 'string', default: '20' },
      clients: { type: 'string', default: '2' },
      concurrency: { type: 'string', default: '50' },
      // Outside the working tree (nothing to ignore or commit), kept between runs (PostgreSQL's initdb once).
      'data-dir': { type: 'string', default: path.join(os.tmpdir(), 'caucus-bench-streams') },
      out: { type: 'string', default: 'docs/benchmarks.md' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (args.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const whole = (name: string, value: string, min: number, max: number): number => {
    const n = Number(value.replace(/_/g, ''));
    if (!Number.isInteger(n) || n < min || n > max) {
      console.error(`--${name} must be a whole number from ${min} to ${max} (got ${value})\n${USAGE}`);
      process.exit(2);
    }
    return n;
  };
  const caucusCount = Math.ceil(whole('streams', args.streams, CAUCUS_SIZE, 1_000_000) / CAUCUS_SIZE);
  const streamCount = caucusCount * CAUCUS_SIZE;
  const posts = whole('posts', args.posts, 1, 100_000);
  const rate = whole('rate', args.rate, 1, 1000);
  const clientCount = whole('clients', args.clients, 1, 64);
  const concurrency = whole('concurrency', args.concurrency, 1, 1000);
  const dataDir = path.resolve(args['data-dir']);
  const databaseUrl = process.env.DATABASE_URL?.trim() || undefined;
  const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
  const log = (m: string) => console.log(`[bench:streams] ${m}`);

  // Node raises its soft limit on open files to the hard one; each process here needs one per stream.
  const fileLimit = Number(/Max open files\s+\d+\s+(\d+)/.exec(readFileSync('/proc/self/limits', 'utf8'))?.[1] ?? NaN);
  if (fileLimit < streamCount + 200) log(`warning: the hard limit on open files is ${fileLimit}: the app needs about ${fmt(streamCount + 200)} (ulimit -Hn)`);

  const loadAtStart = os.loadavg()[0]!;
  mkdirSync(dataDir, { recursive: true });
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const origin = `http://localhost:${port}`;
  const logFile = path.join(dataDir, `bench-streams-app-${process.pid}.log`);
  log(`starting the app on port ${port} (LIVE_STREAMS_MAX=${streamCount}, WORKERS=1, log ${logFile})…`);
  // BENCH_APP_NODE_OPTIONS reaches the app alone (e.g. --cpu-prof --cpu-prof-dir=/tmp/prof to see where its time goes).
  const appNodeOptions: Record<string, string> = process.env.BENCH_APP_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_APP_NODE_OPTIONS } : {};
  const app = await startApp({ port, logFile, dataDir, databaseUrl, env: { LIVE_STREAMS_MAX: String(streamCount), WORKERS: '1', ...appNodeOptions } });
  const appPid = app.pid!;
  const clients: ChildProcess[] = [];
  let database: Awaited<ReturnType<typeof openAppDatabase>> | null = null;
  const stopEverything = async () => {
    for (const c of clients) if (c.exitCode === null) c.kill();
    await database?.close().catch(() => undefined);
    await stopApp(app);
  };
  process.once('SIGINT', () => void stopEverything().finally(() => process.exit(130)));

  try {
    database = await openAppDatabase({ settings: { DATABASE_URL: databaseUrl, dataDir }, whenAppRunning: 'attach', poolMax: 4, log });
    const { db, pool } = database;

    // ---- data: caucuses of ten, each member with a session ----
    const tag = randomBytes(4).toString('hex');
    log(`creating ${fmt(streamCount)} users in ${fmt(caucusCount)} caucuses of ${CAUCUS_SIZE} (run ${tag})…`);
    const caucusRows = Array.from({ length: caucusCount }, (_, i) => ({
      id: crypto.randomUUID(),
      name: `Streams ${tag} ${i + 1}`,
      state: 'OH',
      district: 3,
      level: 1,
      invitationCode: invitationCodeFrom(randomBytes(6)),
    }));
    const members = caucusRows.flatMap((caucus, c) =>
      Array.from({ length: CAUCUS_SIZE }, (_, m) => ({
        caucusId: caucus.id,
        user: buildUser(c * CAUCUS_SIZE + m, Math.random, { email: `streams-${tag}-${c * CAUCUS_SIZE + m}@bench.test`, state: 'OH', district: 3, verified: true }),
      })),
    );
    for (let i = 0; i < members.length; i += 2000) await db.insert(users).values(members.slice(i, i + 2000).map((m) => m.user));
    for (let i = 0; i < caucusRows.length; i += 2000) await db.insert(caucuses).values(caucusRows.slice(i, i + 2000));
    for (let i = 0; i < members.length; i += 2000) {
      await db.insert(caucusMembers).values(members.slice(i, i + 2000).map((m) => ({ caucusId: m.caucusId, userId: m.user.id, isVotingMember: true })));
    }
    const secret = loadSettings({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '', PORT: String(port), BASE_URL: origin }).AUTH_SECRET;
    const sessions = await mintSessions(pool, members.map((m) => m.user.id), secret);
    const streams = members.map((m) => ({ path: `/api/caucuses/${m.caucusId}/chat/stream`, cookie: sessions.get(m.user.id)!.cookie }));

    // ---- the app's resources, from /proc ----
    const rssKb = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${appPid}/status`, 'utf8'))?.[1] ?? NaN);
    const fds = () => readdirSync(`/proc/${appPid}/fd`).length;
    /** utime + stime of a process (0 once it is gone). */
    const ticksOf = (pid: number) => {
      try {
        const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
        return Number(fields[11]) + Number(fields[12]);
      } catch {
        return 0;
      }
    };
    const cpuTicks = () => ticksOf(appPid);
    /** The app's PostgreSQL (embedded: the app's descendants, the postmaster and its backends). */
    const postgresTicks = () => {
      const children = new Map<number, number[]>();
      for (const entry of readdirSync('/proc')) {
        if (!/^\d+$/.test(entry)) continue;
        try {
          const ppid = Number(readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
          children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
        } catch {
          /* gone meanwhile */
        }
      }
      let ticks = 0;
      const walk = (pid: number) => {
        for (const child of children.get(pid) ?? []) {
          ticks += ticksOf(child);
          walk(child);
        }
      };
      walk(appPid);
      return ticks;
    };
    const ticksPerSecond = 100; // USER_HZ on Linux
    /** The whole machine's CPU ticks, busy and all (the first line of /proc/stat). */
    const machineTicks = () => {
      const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
      const all = fields.reduce((a, b) => a + b, 0);
      return { busy: all - fields[3]! - fields[4]!, all };
    };
    const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

    // Warm-up: the stream path's code loaded and compiled, so "before" is the app at rest, not cold.
    for (let i = 0; i < 20; i++) {
      const s = streams[i]!;
      const opened = await openRawStream(port, s.path, s.cookie, () => undefined);
      if (opened.status !== 200) throw new Error(`a warm-up stream answered ${opened.status}:\n${tail(logFile)}`);
      opened.held!.req.destroy();
    }
    await pause(3000);
    const cpuOver = async (ms: number) => {
      const ticks = cpuTicks();
      const t0 = now();
      await pause(ms);
      return (cpuTicks() - ticks) / ticksPerSecond / ((now() - t0) / 1000);
    };
    const restCpu = await cpuOver(5000);
    const before = { rss: rssKb(), fds: fds() };
    log(`app at rest: RSS ${fmt(before.rss / 1024, 1)} MB, ${before.fds} open files, CPU ${fmt(restCpu * 100, 1)} %`);

    // ---- open every stream ----
    const here = fileURLToPath(import.meta.url);
    const inbox = new Map<string, number[]>();
    const started: Promise<unknown>[] = [];
    for (let k = 0; k < clientCount; k++) {
      const child = fork(here, ['--client'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
      // Timed from when every client has loaded, not from when it was forked.
      started.push(new Promise<void>((resolve) => child.on('message', (m: FromClient) => m.type === 'started' && resolve())));
      child.on('message', (m: FromClient) => {
        if (m.type !== 'received') return;
        for (const [id, at] of m.items) {
          const list = inbox.get(id);
          if (list) list.push(at);
          else inbox.set(id, [at]);
        }
      });
      clients.push(child);
    }
    await Promise.all(started);
    log(`opening ${fmt(streamCount)} chat streams from ${clientCount} client processes (${concurrency} at a time each)…`);
    const openStarted = now();
    const opened = await Promise.all(
      clients.map((child, k) => {
        const share = streams.filter((_, i) => i % clientCount === k);
        const done = new Promise<FromClient & { type: 'opened' }>((resolve) => {
          const onMessage = (m: FromClient) => {
            if (m.type === 'opened') {
              child.off('message', onMessage);
              resolve(m);
            }
          };
          child.on('message', onMessage);
        });
        child.send({ type: 'open', port, streams: share, concurrency } satisfies ToClient);
        return done;
      }),
    );
    const openMs = now() - openStarted;
    const openOk = opened.reduce((n, o) => n + o.ok, 0);
    const refusedWhileOpening: Record<string, number> = {};
    for (const o of opened) for (const [status, n] of Object.entries(o.refused)) refusedWhileOpening[status] = (refusedWhileOpening[status] ?? 0) + n;
    log(`${fmt(openOk)} open in ${fmt(openMs / 1000, 1)} s (${fmt(openOk / (openMs / 1000))}/s); not opened: ${JSON.stringify(refusedWhileOpening)}`);
    if (openOk !== streamCount) throw new Error(`only ${openOk} of ${streamCount} streams opened:\n${tail(logFile)}`);

    await pause(5000); // let the opening's garbage go before reading RSS
    const idleCpu = await cpuOver(10_000);
    const withAll = { rss: rssKb(), fds: fds() };
    const perStreamKb = (withAll.rss - before.rss) / streamCount;
    log(`with ${fmt(streamCount)} open: RSS ${fmt(withAll.rss / 1024, 1)} MB (${fmt(perStreamKb, 1)} kB a stream), ${fmt(withAll.fds)} open files, idle CPU ${fmt(idleCpu * 100, 1)} %`);

    // ---- chat messages to caucuses whose ten members all listen ----
    log(`posting ${posts} messages at ${rate}/s…`);
    const sentAt = new Map<string, number>();
    const answeredAt = new Map<string, number>();
    const postMs: number[] = [];
    let postErrors = 0;
    const postOne = async (i: number) => {
      const c = i % caucusCount;
      const author = members[c * CAUCUS_SIZE + (Math.floor(i / caucusCount) % CAUCUS_SIZE)]!;
      const t0 = now();
      const res = await fetch(`${baseUrl}/api/caucuses/${caucusRows[c]!.id}/chat`, {
        method: 'POST',
        headers: { cookie: sessions.get(author.user.id)!.cookie, origin, 'content-type': 'application/json' },
        body: JSON.stringify({ message: `bench message ${i}` }),
      });
      postMs.push(now() - t0);
      if (res.status !== 201) {
        postErrors += 1;
        await res.text();
        return;
      }
      const t1 = now();
      const id = ((await res.json()) as { id: string }).id;
      sentAt.set(id, t0);
      answeredAt.set(id, t1);
    };
    const postTicks = cpuTicks();
    const postMachine = machineTicks();
    const postPostgres = postgresTicks();
    const postClients = clients.reduce((n, c) => n + ticksOf(c.pid!), 0);
    const postBench = process.cpuUsage();
    const postsStarted = now();
    const inFlight: Promise<void>[] = [];
    for (let i = 0; i < posts; i++) {
      const due = postsStarted + (i * 1000) / rate;
      if (due > now()) await pause(due - now());
      inFlight.push(postOne(i));
    }
    await Promise.all(inFlight);
    const expected = sentAt.size * CAUCUS_SIZE;
    const delivered = () => [...sentAt.keys()].reduce((n, id) => n + (inbox.get(id)?.length ?? 0), 0);
    const drainDeadline = now() + 15_000;
    while (delivered() < expected && now() < drainDeadline) await pause(100);
    // The app's CPU per message: its post, and its delivery to ten streams, beyond the idle cost.
    const postSeconds = (now() - postsStarted) / 1000;
    // Busy share of every core of the machine meanwhile, and the app's part of it (both in cores).
    const machineEnd = machineTicks();
    const machineBusyCores = ((machineEnd.busy - postMachine.busy) / (machineEnd.all - postMachine.all)) * os.cpus().length;
    const appBusyCores = (cpuTicks() - postTicks) / ticksPerSecond / postSeconds;
    const postgresBusyCores = (postgresTicks() - postPostgres) / ticksPerSecond / postSeconds;
    const benchUsage = process.cpuUsage(postBench);
    const clientsBusyCores = (clients.reduce((n, c) => n + ticksOf(c.pid!), 0) - postClients) / ticksPerSecond / postSeconds + (benchUsage.user + benchUsage.system) / 1e6 / postSeconds;
    const otherBusyCores = Math.max(0, machineBusyCores - appBusyCores - postgresBusyCores - clientsBusyCores);
    const postCpuMs = Math.max(0, ((cpuTicks() - postTicks) / ticksPerSecond - idleCpu * postSeconds) * 1000) / Math.max(1, sentAt.size);
    const latencies = [...sentAt].flatMap(([id, t0]) => (inbox.get(id) ?? []).map((at) => at - t0)).sort((a, b) => a - b);
    const at = (list: number[], q: number) => (list.length ? list[Math.min(list.length - 1, Math.max(0, Math.ceil(q * list.length) - 1))]! : NaN);
    const sortedPosts = [...postMs].sort((a, b) => a - b);
    // From the POST's answer (the message committed, its NOTIFY sent) to each member: the fan-out alone.
    const fanOut = [...answeredAt].flatMap(([id, t1]) => (inbox.get(id) ?? []).map((arrived) => arrived - t1)).sort((a, b) => a - b);
    const deliveries = { count: latencies.length, expected, p50: at(latencies, 0.5), p95: at(latencies, 0.95), p99: at(latencies, 0.99), max: latencies.at(-1) ?? NaN };
    log(
      `delivered ${fmt(deliveries.count)} of ${fmt(expected)}: p50 ${fmt(deliveries.p50)} ms, p95 ${fmt(deliveries.p95)} ms, p99 ${fmt(deliveries.p99)} ms, max ${fmt(deliveries.max)} ms; ` +
        `POST p50 ${fmt(at(sortedPosts, 0.5))} ms, p95 ${fmt(at(sortedPosts, 0.95))} ms, ${postErrors} failed; ` +
        `after the POST's answer p50 ${fmt(at(fanOut, 0.5))} ms, p95 ${fmt(at(fanOut, 0.95))} ms; app CPU ${fmt(postCpuMs, 1)} ms a message; ` +
        `machine busy ${fmt(machineBusyCores, 2)} of ${os.cpus().length} cores: the app ${fmt(appBusyCores, 2)}, its PostgreSQL ${fmt(postgresBusyCores, 2)}, ` +
        `the bench's clients ${fmt(clientsBusyCores, 2)}, other work ${fmt(otherBusyCores, 2)}`,
    );
    const afterPosts = { rss: rssKb() };

    // ---- past the cap: stream cap + 1 ----
    const refusal = await new Promise<{ status: number; retryAfter?: string; body: string; ms: number }>((resolve, reject) => {
      const s = streams[0]!;
      const t0 = now();
      const req = http.request({ host: '127.0.0.1', port, path: s.path, agent: false, headers: { cookie: s.cookie, accept: 'text/event-stream' } });
      req.on('response', (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, retryAfter: res.headers['retry-after'], body, ms: now() - t0 }));
      });
      req.on('error', reject);
      req.end();
    });
    const healthStarted = now();
    const health = await fetch(`${baseUrl}/api/health`);
    const healthMs = now() - healthStarted;
    const refusalCode = (JSON.parse(refusal.body || '{}') as { error?: { code?: string } }).error?.code;
    log(`stream ${fmt(streamCount + 1)}: ${refusal.status} (Retry-After ${refusal.retryAfter}, ${refusalCode}) in ${fmt(refusal.ms, 1)} ms; /api/health ${health.status} in ${fmt(healthMs, 1)} ms`);
    const appAlive = app.exitCode === null && app.signalCode === null;

    // ---- close them all; the places come back ----
    await Promise.all(
      clients.map(async (child) => {
        const exited = once(child, 'exit');
        child.send({ type: 'close' } satisfies ToClient);
        await exited;
      }),
    );
    let reopened = 0;
    const reopenDeadline = now() + 30_000;
    while (now() < reopenDeadline) {
      const s = streams[1]!;
      const r = await openRawStream(port, s.path, s.cookie, () => undefined);
      r.held?.req.destroy();
      reopened = r.status;
      if (r.status === 200) break;
      await pause(200);
    }
    log(`after closing every stream, a new one answers ${reopened}`);

    // ---- the report ----
    const ok = (met: boolean) => (met ? '✓' : '✗');
    const p95Met = deliveries.count === expected && deliveries.p95 < TARGET_P95_MS;
    const capMet = refusal.status === 503 && refusal.retryAfter !== undefined && refusalCode === 'too_many_streams' && health.status === 200 && appAlive;
    const cpuModel = os.cpus()[0]?.model.trim() ?? 'unknown CPU';
    const table = [
      MARK_START,
      `Measured ${new Date().toISOString().slice(0, 10)} on this ${os.cpus().length}-core machine (${cpuModel}, ${fmt(os.totalmem() / 2 ** 30)} GB), Node ${process.version}, ` +
        `${databaseUrl ? 'a PostgreSQL server' : 'embedded PostgreSQL'}, load average ${loadAtStart.toFixed(1)} at the start (other work on the machine counts), one app process (\`WORKERS=1\`, \`LIVE_STREAMS_MAX=${streamCount}\`): ` +
        `\`npm run bench:streams -- --streams ${streamCount} --posts ${posts} --rate ${rate} --clients ${clientCount}\`. ` +
        `The clients (${clientCount} processes of bare sockets) share the machine with the app and PostgreSQL.`,
      '',
      '| Measure | Result |',
      '| --- | --- |',
      `| Chat streams opened (${fmt(caucusCount)} caucuses of ${CAUCUS_SIZE}, ${concurrency} opening at a time per client) | ${fmt(openOk)} in ${fmt(openMs / 1000, 1)} s (${fmt(openOk / (openMs / 1000))}/s) |`,
      `| App RSS at rest → with all open → after the messages | ${fmt(before.rss / 1024)} MB → ${fmt(withAll.rss / 1024)} MB → ${fmt(afterPosts.rss / 1024)} MB |`,
      `| **Memory per open stream** | **${fmt(perStreamKb, 1)} kB** |`,
      `| App open files (sockets included) | ${fmt(before.fds)} → ${fmt(withAll.fds)} |`,
      `| App CPU at rest → with all open and idle (heartbeats every 25 s) | ${fmt(restCpu * 100, 1)} % → ${fmt(idleCpu * 100, 1)} % of a core |`,
      `| **Chat message → each of its ${CAUCUS_SIZE} members** (${fmt(sentAt.size)} messages at ${rate}/s, all ${fmt(streamCount)} open) | p50 ${fmt(deliveries.p50)} ms, **p95 ${fmt(deliveries.p95)} ms**, p99 ${fmt(deliveries.p99)} ms, max ${fmt(deliveries.max)} ms; ${fmt(deliveries.count)} of ${fmt(expected)} delivered ${ok(p95Met)} |`,
      `| POST /api/caucuses/{id}/chat meanwhile | p50 ${fmt(at(sortedPosts, 0.5))} ms, p95 ${fmt(at(sortedPosts, 0.95))} ms, ${postErrors} failed |`,
      `| The fan-out alone: from the POST's answer to each member | p50 ${fmt(at(fanOut, 0.5))} ms, p95 ${fmt(at(fanOut, 0.95))} ms |`,
      `| App CPU per message (the POST and its ${CAUCUS_SIZE} deliveries) | ${fmt(postCpuMs, 1)} ms |`,
      `| Busy cores meanwhile (of ${os.cpus().length}) | ${fmt(machineBusyCores, 2)}: the app ${fmt(appBusyCores, 2)}, its PostgreSQL ${fmt(postgresBusyCores, 2)}, the bench's clients ${fmt(clientsBusyCores, 2)}, other work on the machine ${fmt(otherBusyCores, 2)} |`,
      `| Stream ${fmt(streamCount + 1)} (past the cap) | ${refusal.status}, \`Retry-After: ${refusal.retryAfter ?? '—'}\`, \`${refusalCode ?? '—'}\`, in ${fmt(refusal.ms, 1)} ms ${ok(capMet)} |`,
      `| /api/health at the cap | ${health.status} in ${fmt(healthMs, 1)} ms; the app ${appAlive ? 'kept running' : 'DIED'} |`,
      `| A new stream once all closed | ${reopened} |`,
      '',
      `Goals: ${fmt(streamCount)} open streams ${ok(openOk === streamCount)}, delivery p95 < ${TARGET_P95_MS} ms ${ok(p95Met)}, a clean refusal past the cap ${ok(capMet && reopened === 200)}.`,
      MARK_END,
    ].join('\n');
    console.log(table);
    const doc = existsSync(args.out) ? readFileSync(args.out, 'utf8') : '# Benchmarks\n';
    const start = doc.indexOf(MARK_START);
    const end = doc.indexOf(MARK_END);
    writeFileSync(args.out, start >= 0 && end > start ? doc.slice(0, start) + table + doc.slice(end + MARK_END.length) : `${doc.trimEnd()}\n\n## Live streams\n\n${table}\n`);
    log(`written to ${args.out}`);
  } finally {
    await stopEverything();
  }
}
