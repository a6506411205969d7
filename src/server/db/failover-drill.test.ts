// The failover drill of issue 31, all real: a pg_auto_failover formation of Debian's PostgreSQL 15
// (a monitor and three data nodes, each commit on two of them: number-sync-standbys 1, decision
// 062; the fast-failover timeouts of decision 048), two app processes (WORKERS=1 each) on the
// formation's multi-host DATABASE_URL, and eight clients writing joins, votes, brownies and chat
// messages through HTTP the whole time. Three rounds: kill -9 of the primary's PostgreSQL; kill -9 of the whole primary node (keeper too);
// `pg_autoctl perform switchover`. After each: every write the app acknowledged (2xx) is in the
// database, no answer other than 2xx, 409/429 (rules) and 503 with Retry-After (never a 500, never
// silence), the bench's invariants count 0, every election record verifies, and a chat stream
// opened before the fault receives a message sent after it. The figures (seconds without an
// acknowledged write, counts) are printed for docs/benchmarks.md.
//
// Needs `apt-get install postgresql-15 postgresql-15-auto-failover` (scripts/test.sh installs them).
import { randomBytes, randomUUID } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { mintSessions } from '../../../scripts/bench/bench-kit';
import { invitationCodeFrom } from '../../domain/caucuses/caucus-schemas';
import { checkRestoredDatabase } from '../backup/restored-database-check';
import { hasExited, outputTail, startApp, stopApp, type AppProcess } from '../test/app-process';
import { buildUser, insertUsersBatch } from '../test/factories';
import { describeEvent, missingHaPackages, startFormation, type Formation, type HaNode } from '../test/ha-cluster';
import { sseReader, type SseReader } from '../test/sse-client';
import { migrateDatabase, openDatabase, type Database } from './client';
import { caucusMembers, caucuses } from './schema/caucuses';
import { waitUntil } from '../test/wait-until';

const AUTH_SECRET = `failover-drill-${randomBytes(24).toString('hex')}`;
const CLIENTS = 8;
/** Fresh users per client and round: each joins one caucus and gives one brownie. */
const NEWCOMERS = 50;
/** Members of each client's caucus: they vote (alternating candidates) and chat, in turn. */
const MEMBERS = 16;
/** Acknowledged writes before the fault, and after it (sent after it) before the round ends. */
const WARM_ACKS = 150;
const RECOVERED_ACKS = 150;
const REQUEST_TIMEOUT_MS = 30_000;
/** 4xx answers the rules give under this load: a full caucus or a spent brownie (409), a rate limit (429). */
const RULE_STATUSES = new Set([409, 429]);

type Kind = 'join' | 'vote' | 'chat' | 'brownie';
const ROTATION: Kind[] = ['vote', 'chat', 'join', 'vote', 'brownie', 'chat'];

/** One write sent, and what became of it. */
interface Write {
  kind: Kind;
  client: number;
  app: number;
  userId: string;
  caucusId?: string;
  candidateId?: string;
  receiverId?: string;
  /** The chat message's id from the answer. */
  messageId?: string;
  sentAt: number;
  doneAt: number;
  /** HTTP status, or 0 when no answer came (connection refused or reset, timeout). */
  status: number;
  retryAfter: string | null;
  error?: string;
}

interface Member {
  id: string;
}

interface ClientWorld {
  caucusId: string;
  members: Member[];
  /** Per voter: how many votes were sent (the candidate alternates), and whether one ended in doubt (then the voter stops). */
  votes: Map<string, { sent: number; retired: boolean }>;
  nextMember: number;
}

interface RoundWorld {
  /** Per client: newcomers free to join `joinCaucus` and to give a brownie. */
  joiners: Member[][];
  joinCaucuses: string[];
  nextJoiner: number[];
  nextGiver: number[];
}

const ack = (w: Write) => w.status >= 200 && w.status < 300;
const inDoubt = (w: Write) => w.status === 503 || w.status === 0 || w.status >= 500;

let formation: Formation | undefined;
const apps: AppProcess[] = [];
let folder: string | undefined;
const figures: string[] = [];

afterAll(async () => {
  if (figures.length > 0) console.info(`failover drill:\n${figures.join('\n')}`);
  await Promise.all(apps.map((app) => stopApp(app, 10_000)));
  await formation?.stop();
  if (folder) rmSync(folder, { recursive: true, force: true });
}, 120_000);

const missing = missingHaPackages();
const title = 'the failover drill: a pg_auto_failover formation, two app processes under writes, three faults';

/** Fails at once when an app process died (the drill would otherwise wait for writes that cannot come). */
function appsAlive(): string | undefined {
  const dead = apps.filter(hasExited);
  return dead.length === 0 ? undefined : dead.map((a) => `the app on port ${a.port} exited (${a.child.exitCode ?? a.child.signalCode}):\n${outputTail(a, 40)}`).join('\n');
}

/**
 * A caucus row, open, level 1, with `seats` seats; with an organizer (a non-voting member), who
 * can read its election record before anyone joined (the record check reads as the organizer).
 */
async function insertCaucus(database: Database, district: number, seats: number, name: string, organizerId?: string): Promise<string> {
  const [row] = await database.db
    .insert(caucuses)
    .values({ name, state: 'OH', district, level: 1, requiredVotingMembers: seats, invitationCode: invitationCodeFrom(randomBytes(6)), organizerId })
    .returning({ id: caucuses.id });
  if (organizerId) await database.db.insert(caucusMembers).values({ caucusId: row!.id, userId: organizerId, isVotingMember: false, isOrganizer: true });
  return row!.id;
}

/** `n` confirmed users of OH-`district`, in one batch. */
async function insertUsers(database: Database, n: number, district: number): Promise<Member[]> {
  const rows = Array.from({ length: n }, (_, i) => buildUser(Date.now() * 1000 + i, Math.random, { state: 'OH', district }));
  await insertUsersBatch(database.db, rows);
  return rows.map((r) => ({ id: r.id }));
}

async function openOnPrimary(max = 4): Promise<Database> {
  const primary = await formation!.primary();
  return openDatabase(formation!.connection(primary), { max });
}

if (missing.length > 0) {
  describe(title, () => {
    it('has what it needs installed', () => {
      expect.fail(`The failover drill needs Debian's ${missing.join(' and ')}: apt-get install -y ${missing.join(' ')} (npm test installs them as root).`);
    });
  });
} else {
  describe(title, () => {
    it('loses no acknowledged write, answers no 500, keeps the invariants and the records, and streams on', async () => {
      const drillStarted = Date.now();
      const seconds = (ms: number) => (ms / 1000).toFixed(1);
      folder = mkdtempSync(path.join(tmpdir(), 'caucus-failover-'));
      chmodSync(folder, 0o755);

      // The formation: a monitor, node1 primary, node2 and node3 its standbys, one of which must
      // have each commit before it is acknowledged (number-sync-standbys 1, decision 062).
      let started = Date.now();
      formation = await startFormation({ nodes: 3, syncStandbys: 1 });
      figures.push(`formation started in ${seconds(Date.now() - started)} s (${Object.entries(formation.startTimings).map(([k, v]) => `${k} ${v.toFixed(1)}`).join(', ')})`);

      // The schema by the test (the apps would migrate too; this way the setup runs beside their start).
      started = Date.now();
      const database = await openOnPrimary();
      const { rows: sync } = await database.pool.query<{ names: string }>('select current_setting($1) as names', ['synchronous_standby_names']);
      expect(sync[0]!.names, 'the primary waits for one of its two standbys').toMatch(/^ANY 1 \(pgautofailover_standby_\d+, ?pgautofailover_standby_\d+\)$/);
      await migrateDatabase(database.db);
      const appsStarting = Promise.all(
        [0, 1].map((i) => {
          const dataDir = path.join(folder!, `app${i}`);
          mkdirSync(dataDir);
          return startApp({ dataDir, databaseUrl: formation!.url, env: { AUTH_SECRET, WORKERS: '1', APP_TIME_ZONE: 'UTC' } }, 240_000);
        }),
      );
      appsStarting.catch(() => undefined); // awaited below; its failure is reported there

      // Each client: its own caucus of MEMBERS voters; per round, NEWCOMERS fresh users and a caucus for them to join.
      const clients: ClientWorld[] = [];
      for (let c = 0; c < CLIENTS; c++) {
        const caucusId = await insertCaucus(database, 10 + c, 100, `Drill caucus ${c}`);
        const members = await insertUsers(database, MEMBERS, 10 + c);
        await database.db.insert(caucusMembers).values(members.map((m) => ({ caucusId, userId: m.id, isVotingMember: true })));
        clients.push({ caucusId, members, votes: new Map(members.map((m) => [m.id, { sent: 0, retired: false }])), nextMember: 0 });
      }
      const rounds: RoundWorld[] = [];
      for (let r = 0; r < 3; r++) {
        const world: RoundWorld = { joiners: [], joinCaucuses: [], nextJoiner: [], nextGiver: [] };
        for (let c = 0; c < CLIENTS; c++) {
          const district = 30 + r * CLIENTS + c;
          world.joinCaucuses.push(await insertCaucus(database, district, 100, `Drill joins ${r}-${c}`, clients[c]!.members[MEMBERS - 1]!.id));
          world.joiners.push(await insertUsers(database, NEWCOMERS, district));
          world.nextJoiner.push(0);
          world.nextGiver.push(0);
        }
        rounds.push(world);
      }
      // The chat stream's caucus: two members, one listening, one sending, nobody else writing there.
      const streamCaucus = await insertCaucus(database, 90, 10, 'Drill stream');
      const [listener, speaker] = await insertUsers(database, 2, 90);
      await database.db.insert(caucusMembers).values([listener!, speaker!].map((m) => ({ caucusId: streamCaucus, userId: m.id, isVotingMember: true })));

      const everyone = [...clients.flatMap((c) => c.members), ...rounds.flatMap((r) => r.joiners.flat()), listener!, speaker!];
      const sessions = await mintSessions(database.pool, everyone.map((m) => m.id), AUTH_SECRET);
      const cookie = (userId: string) => sessions.get(userId)!.cookie;
      const receivers = clients.flatMap((c) => c.members.map((m) => m.id));
      await database.close();
      figures.push(`setup by SQL: ${everyone.length} users, ${CLIENTS + 3 * CLIENTS + 1} caucuses in ${seconds(Date.now() - started)} s`);
      apps.push(...(await appsStarting));
      figures.push(`two app processes healthy ${seconds(Date.now() - started)} s after the migration began`);

      const writes: Write[] = [];
      /** Each round's first write (its index in `writes`) and the times of its fault, for the loss report. */
      const marks: RoundMark[] = [];
      const send = async (w: Omit<Write, 'sentAt' | 'doneAt' | 'status' | 'retryAfter'>, method: string, route: string, body: unknown): Promise<Write> => {
        const baseUrl = apps[w.app]!.baseUrl;
        const write: Write = { ...w, sentAt: Date.now(), doneAt: 0, status: 0, retryAfter: null };
        try {
          const res = await fetch(`${baseUrl}${route}`, {
            method,
            headers: { 'content-type': 'application/json', origin: baseUrl, cookie: cookie(w.userId) },
            body: JSON.stringify(body),
            signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
          });
          write.status = res.status;
          write.retryAfter = res.headers.get('retry-after');
          const text = await res.text();
          if (ack(write) && w.kind === 'chat') write.messageId = (JSON.parse(text) as { id: string }).id;
          if (!ack(write)) write.error = text.slice(0, 300);
        } catch (error) {
          write.error = (error as Error).message;
        }
        write.doneAt = Date.now();
        writes.push(write);
        return write;
      };

      /** One client's next write, in ROTATION; joins and brownies while its newcomers last. */
      const nextWrite = async (c: number, round: RoundWorld, step: number): Promise<void> => {
        const world = clients[c]!;
        const app = c % 2;
        for (let k = 0; k < ROTATION.length; k++) {
          const kind = ROTATION[(step + k) % ROTATION.length]!;
          if (kind === 'join' && round.nextJoiner[c]! < NEWCOMERS) {
            const user = round.joiners[c]![round.nextJoiner[c]!++]!;
            await send({ kind, client: c, app, userId: user.id, caucusId: round.joinCaucuses[c]! }, 'POST', `/api/caucuses/${round.joinCaucuses[c]}/join`, {});
            return;
          }
          if (kind === 'brownie' && round.nextGiver[c]! < NEWCOMERS) {
            const giver = round.joiners[c]![round.nextGiver[c]!++]!;
            const receiverId = receivers[Math.floor(Math.random() * receivers.length)]!;
            await send({ kind, client: c, app, userId: giver.id, receiverId }, 'POST', '/api/brownies', { receiverId });
            return;
          }
          if (kind === 'vote' || kind === 'chat') {
            const member = world.members[world.nextMember++ % MEMBERS]!;
            if (kind === 'chat') {
              await send({ kind, client: c, app, userId: member.id, caucusId: world.caucusId }, 'POST', `/api/caucuses/${world.caucusId}/chat`, { message: `drill ${randomUUID()}` });
              return;
            }
            const votes = world.votes.get(member.id)!;
            if (votes.retired) continue;
            // Candidates alternate, so each vote changes the voter's choice and adds an entry to the record.
            const candidateId = world.members[votes.sent++ % 2 === 0 ? 0 : 1]!.id;
            const w = await send({ kind, client: c, app, userId: member.id, caucusId: world.caucusId, candidateId }, 'PUT', `/api/caucuses/${world.caucusId}/vote`, { candidateId });
            // A vote whose outcome is unknown ends this voter's votes: the next one might repeat the choice and record nothing.
            if (!ack(w) && !(w.status >= 400 && w.status < 500)) votes.retired = true;
            return;
          }
        }
      };

      /** Runs the clients until `stop()`; resolves when all have finished their last write. */
      const load = (round: RoundWorld) => {
        let stopped = false;
        const loops = clients.map(async (_, c) => {
          for (let step = c; !stopped; step++) await nextWrite(c, round, step);
        });
        return {
          stop: async () => {
            stopped = true;
            await Promise.all(loops);
          },
        };
      };

      /** Every acknowledged write of `list` that the database of the current primary lacks. */
      const lost = async (list: Write[]): Promise<Loss[]> => {
        const db = await openOnPrimary();
        try {
          const missingOnes: Loss[] = [];
          const acked = list.filter(ack);
          const joins = acked.filter((w) => w.kind === 'join');
          const present = await db.pool.query<{ user_id: string }>(
            `select m.user_id from caucus_members m join unnest($1::uuid[], $2::uuid[]) as a(c, u) on m.caucus_id = a.c and m.user_id = a.u where m.is_voting_member`,
            [joins.map((j) => j.caucusId), joins.map((j) => j.userId)],
          );
          const joined = new Set(present.rows.map((r) => r.user_id));
          for (const j of joins) if (!joined.has(j.userId)) missingOnes.push({ kind: 'join', text: `join of ${j.userId}`, write: j });
          const chats = acked.filter((w) => w.kind === 'chat');
          const found = await db.pool.query<{ id: string }>(`select id from chat_messages where id = any($1::uuid[])`, [chats.map((w) => w.messageId)]);
          const ids = new Set(found.rows.map((r) => r.id));
          for (const w of chats) if (!ids.has(w.messageId!)) missingOnes.push({ kind: 'chat', text: `chat message ${w.messageId}`, write: w });
          const brownies = acked.filter((w) => w.kind === 'brownie');
          const given = await db.pool.query<{ giver: string }>(
            `select b.giver_user_id as giver from brownies b join unnest($1::uuid[], $2::uuid[]) as a(g, r) on b.giver_user_id = a.g and b.receiver_user_id = a.r`,
            [brownies.map((w) => w.userId), brownies.map((w) => w.receiverId)],
          );
          const givers = new Set(given.rows.map((r) => r.giver));
          for (const w of brownies) if (!givers.has(w.userId)) missingOnes.push({ kind: 'brownie', text: `brownie of ${w.userId}`, write: w });
          // Votes: each voter's acknowledged choices, in order, are their entries of the election record
          // (plus at most one more, the last vote, sent in doubt); the vote row holds the last entry's choice.
          const voters = new Map<string, { caucusId: string; acked: string[]; acks: Write[]; doubt?: string }>();
          for (const w of list.filter((x) => x.kind === 'vote')) {
            const v = voters.get(w.userId) ?? { caucusId: w.caucusId!, acked: [], acks: [] };
            if (ack(w)) {
              v.acked.push(w.candidateId!);
              v.acks.push(w);
            }
            else if (inDoubt(w)) v.doubt = w.candidateId!;
            voters.set(w.userId, v);
          }
          const entries = await db.pool.query<{ actor_id: string; subjects: string[]; times: string[]; current: string | null }>(
            `select r.actor_id, array_agg(r.subject_id::text order by r.seq) as subjects, array_agg(r.occurred_at order by r.seq) as times,
               (select v.candidate_id::text from votes v where v.caucus_id = r.caucus_id and v.voter_id = r.actor_id) as current
             from election_records r where r.kind = 'vote' and r.actor_id = any($1::uuid[]) group by r.caucus_id, r.actor_id`,
            [[...voters.keys()]],
          );
          const recorded = new Map(entries.rows.map((r) => [r.actor_id, r]));
          for (const [voter, v] of voters) {
            const row = recorded.get(voter);
            const subjects = row?.subjects ?? [];
            const exact = subjects.length === v.acked.length && subjects.every((s, i) => s === v.acked[i]);
            const withDoubt = v.doubt !== undefined && subjects.length === v.acked.length + 1 && subjects.every((s, i) => s === (i < v.acked.length ? v.acked[i] : v.doubt));
            if (!exact && !withDoubt)
              missingOnes.push({
                kind: 'vote',
                text: `votes of ${voter}: acknowledged ${v.acked.length}${v.doubt ? ` (then one in doubt)` : ''}, recorded ${subjects.length}: ${v.acked.join(' ')} / ${subjects.join(' ')}`,
                short: v.acked.length - subjects.length,
                // The acknowledged votes no entry matches: same choice, recorded between the request and its answer.
                voter: v.acks.filter((w) => !subjects.some((s, i) => s === w.candidateId && Date.parse(row!.times[i]!) >= w.sentAt - 5 && Date.parse(row!.times[i]!) <= w.doneAt + 5)),
              });
            else if (subjects.length > 0 && row?.current !== subjects.at(-1)) missingOnes.push({ kind: 'vote', text: `vote of ${voter}: the row says ${row?.current}, the record ${subjects.at(-1)}` });
          }
          return missingOnes;
        } finally {
          await db.close();
        }
      };

      const openStream = async (): Promise<{ events: SseReader; abort: () => void }> => {
        const controller = new AbortController();
        const res = await fetch(`${apps[0]!.baseUrl}/api/caucuses/${streamCaucus}/chat/stream`, { headers: { cookie: cookie(listener!.id), accept: 'text/event-stream' }, signal: controller.signal });
        expect(res.status, 'the chat stream opens').toBe(200);
        const events = sseReader(res.body!);
        await events.until((e) => e.event === 'ready', 15_000);
        return { events, abort: () => controller.abort() };
      };

      /** A chat message from the speaker through the other app, sent until acknowledged (a 503 says try again). */
      const sendProbe = async (): Promise<string> => {
        let last = '';
        for (const deadline = Date.now() + 30_000; Date.now() < deadline; ) {
          const res = await fetch(`${apps[1]!.baseUrl}/api/caucuses/${streamCaucus}/chat`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', origin: apps[1]!.baseUrl, cookie: cookie(speaker!.id) },
            body: JSON.stringify({ message: `after the fault ${randomUUID()}` }),
            signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
          });
          if (res.status === 201) return ((await res.json()) as { id: string }).id;
          last = `${res.status} ${await res.text()}`;
          await new Promise((r) => setTimeout(r, 200));
        }
        throw new Error(`the message after the fault was not acknowledged: ${last}`);
      };

      const faults: Array<{ name: string; fault: (primary: HaNode) => Promise<void>; after?: (primary: HaNode) => void }> = [
        { name: 'kill -9 of the primary PostgreSQL', fault: async (p) => void formation!.killPostgres(p) },
        { name: 'kill -9 of the primary node (keeper and PostgreSQL)', fault: (p) => formation!.killNode(p), after: (p) => formation!.restartNode(p) },
        { name: 'pg_autoctl perform switchover', fault: () => formation!.switchover() },
      ];

      for (const [r, { name, fault, after }] of faults.entries()) {
        const roundStarted = Date.now();
        let { primary } = await formation.waitForHealthy();
        const stream = await openStream();
        const first = writes.length;
        const loadStarted = Date.now();
        const running = load(rounds[r]!);
        const roundWrites = () => writes.slice(first);
        let faultAt = 0;
        let faultDone = 0;
        let probeId = '';
        let warmRate = 0;
        let stableWait = 0;
        try {
          await waitUntil(`${WARM_ACKS} acknowledged writes before the fault`, () => roundWrites().filter(ack).length >= WARM_ACKS, 60_000, { intervalMs: 20, detail: () => summary(roundWrites()), failFast: appsAlive });
          // The fault meets a formation in sync at that moment, under the load: if the monitor judged
          // a node unhealthy meanwhile (a busy machine), the fault would be a second one, which the
          // drill does not claim to survive. Then the load goes on until they are in sync again.
          const stableAsked = Date.now();
          ({ primary } = await formation.waitForHealthy(120_000));
          stableWait = Date.now() - stableAsked;
          faultAt = Date.now();
          marks.push({ round: r + 1, first, faultAt, faultDone: 0 });
          warmRate = roundWrites().filter(ack).length / ((faultAt - loadStarted) / 1000);
          await fault(primary);
          faultDone = Date.now();
          marks.at(-1)!.faultDone = faultDone;
          await waitUntil(
            `${RECOVERED_ACKS} acknowledged writes sent after the fault`,
            () => roundWrites().filter((w) => ack(w) && w.sentAt > faultDone).length >= RECOVERED_ACKS,
            120_000,
            { intervalMs: 20, detail: () => `${summary(roundWrites())}\n${apps.map((a, i) => `app ${i}:\n${outputTail(a, 15)}`).join('\n')}`, failFast: appsAlive },
          );
          probeId = await sendProbe();
        } finally {
          await running.stop();
        }
        after?.(primary);
        // The stream opened before the fault gets the message sent after it, on the same connection.
        const received = await stream.events.until((e) => e.event === 'message' && e.id === probeId, 30_000).then(
          () => true,
          (e: Error) => e.message,
        );
        stream.abort();
        const healthy = await formation.waitForHealthy(120_000);

        const list = roundWrites();
        const acked = list.filter(ack);
        const acks = acked.map((w) => w.doneAt).sort((a, b) => a - b);
        let gap = 0;
        for (let i = 1; i < acks.length; i++) if (acks[i]! >= faultAt) gap = Math.max(gap, acks[i]! - Math.max(acks[i - 1]!, faultAt));
        const firstAfter = Math.min(...acked.filter((w) => w.sentAt > faultAt).map((w) => w.doneAt)) - faultAt;
        const bad = list.filter((w) => !ack(w) && w.status !== 503 && !RULE_STATUSES.has(w.status));
        const noRetryAfter = list.filter((w) => w.status === 503 && !w.retryAfter);
        // Every write so far (a voter's record spans the rounds), against the primary of now.
        const missingWrites = await lost(writes);
        const db = await openOnPrimary();
        const check = await checkRestoredDatabase(db).finally(() => db.close());
        // What the monitor did in the round: one promotion is the fault's; more, or unhealthy marks of
        // a node the fault did not touch, are the machine's load (health checks that timed out).
        const events = await formation.events(200);
        const inRound = events.filter((e) => e.at >= roundStarted);
        const promotions = inRound.filter((e) => e.goal === 'prepare_promotion' && e.description.startsWith('Setting goal state')).length;
        const marksOf = (node: string) => inRound.filter((e) => e.node === node && e.description.includes('marked as unhealthy')).length;
        const line =
          `round ${r + 1}, ${name}: primary ${primary.name} → ${healthy.primary.name}` +
          (stableWait > 1000 ? ` (the formation was back in sync ${seconds(stableWait)} s after the warm-up)` : '') +
          `; monitor: ${promotions} promotion${promotions === 1 ? '' : 's'}, unhealthy marks ${formation.nodes.map((n) => `${n.name} ${marksOf(n.name)}`).join(', ')}` +
          `; ${list.length} writes, ${acked.length} acknowledged` +
          ` (${countBy(acked)}; ${warmRate.toFixed(0)} a second before the fault); longest time without an acknowledged write ${seconds(gap)} s, first write sent after the fault acknowledged ${seconds(firstAfter)} s after it` +
          (faultDone - faultAt > 100 ? ` (the fault's command took ${seconds(faultDone - faultAt)} s)` : '') +
          `; 503 ${list.filter((w) => w.status === 503).length}, 409/429 ${list.filter((w) => RULE_STATUSES.has(w.status)).length}, other ${bad.length}; lost ${missingWrites.length};` +
          ` election records ${check.records.checked} checked, ${check.records.broken.length} broken; invariants violated ${check.invariants.reduce((n, i) => n + i.violations, 0)};` +
          ` stream ${received === true ? 'received' : 'missed'} the message; round ${seconds(Date.now() - roundStarted)} s`;
        figures.push(line);
        console.info(line);

        const report = missingWrites.length === 0 ? '' : lossReport(missingWrites, writes, marks, events.slice(-80).map(describeEvent));
        if (report) console.info(report);
        expect(missingWrites.length, `acknowledged writes missing from the database:\n${report}`).toBe(0);
        expect(bad.map((w) => `${w.kind} → ${w.status || 'no answer'}: ${w.error}`), 'answers other than 2xx, 409/429 or 503').toEqual([]);
        expect(noRetryAfter.length, '503 answers without Retry-After').toBe(0);
        expect(check.records.broken, 'election records that do not verify').toEqual([]);
        expect(check.invariants.filter((i) => i.violations > 0)).toEqual([]);
        expect(received, 'the chat stream opened before the fault receives a message sent after it').toBe(true);
        expect(apps.filter(hasExited).length, 'app processes that exited').toBe(0);
        if (r === 0) {
          // The count of lost writes can fail: acknowledgments the database never saw are found.
          const someone = clients[0]!.members[2]!.id;
          const invented: Write[] = [
            { kind: 'chat', client: 0, app: 0, userId: someone, caucusId: clients[0]!.caucusId, messageId: randomUUID(), sentAt: 0, doneAt: 0, status: 201, retryAfter: null },
            { kind: 'join', client: 0, app: 0, userId: speaker!.id, caucusId: clients[1]!.caucusId, sentAt: 0, doneAt: 0, status: 200, retryAfter: null },
            { kind: 'brownie', client: 0, app: 0, userId: listener!.id, receiverId: someone, sentAt: 0, doneAt: 0, status: 201, retryAfter: null },
            { kind: 'vote', client: 0, app: 0, userId: someone, caucusId: clients[0]!.caucusId, candidateId: someone, sentAt: 0, doneAt: 0, status: 200, retryAfter: null },
          ];
          const inventedLosses = await lost([...writes, ...invented]);
          expect(inventedLosses, 'invented acknowledgments').toHaveLength(4);
          // And the report a real loss would print names them, with the monitor's events.
          expect(promotions, "the standby's promotion, among the monitor's events").toBeGreaterThanOrEqual(1);
          expect(lossReport(inventedLosses, writes, marks, events.map(describeEvent))).toMatch(/^4 losses: 1 joins, 1 chats, 1 brownies, 1 votes\n[^]*short by 1[^]*the monitor's events:\n {2}\S/);
        }
      }
      figures.push(`drill total ${seconds(Date.now() - drillStarted)} s`);
    }, 420_000);
  });
}

/** A lost write; for a voter, the acknowledged votes no entry of the record matches, and how many entries are missing. */
interface Loss {
  kind: Kind;
  text: string;
  write?: Write;
  voter?: Write[];
  short?: number;
}

interface RoundMark {
  round: number;
  /** The round's first write: its index in the list of every write. */
  first: number;
  faultAt: number;
  faultDone: number;
}

/**
 * What was lost, short enough to read in a CI log: counts by kind; for each round, its lost
 * writes' times around its fault; how many votes voters miss; a few lost writes as they are; and
 * the monitor's events (the states the formation went through, and why).
 */
function lossReport(losses: Loss[], writes: Write[], marks: RoundMark[], events: string[]): string {
  const index = new Map(writes.map((w, i) => [w, i]));
  const roundOf = (w: Write) => [...marks].reverse().find((m) => (index.get(w) ?? -1) >= m.first) ?? marks[0]!;
  const lines = [`${losses.length} losses: ${countBy(losses.map((l) => ({ kind: l.kind }) as Write))}`];
  for (const m of marks) {
    const at = (w: Write) => (w.doneAt - m.faultAt) / 1000;
    const timed = losses.flatMap((l) => (l.write ? [l.write] : (l.voter ?? []))).filter((w) => roundOf(w) === m);
    if (timed.length === 0) continue;
    const times = timed.map(at).sort((a, b) => a - b);
    lines.push(
      `round ${m.round} (fault command ${((m.faultDone - m.faultAt) / 1000).toFixed(1)} s): ${countBy(timed)} lost, answered ${times[0]!.toFixed(1)} … ${times.at(-1)!.toFixed(1)} s after the fault`,
    );
  }
  const shorts = new Map<number, number>();
  for (const l of losses) if (l.short !== undefined) shorts.set(l.short, (shorts.get(l.short) ?? 0) + 1);
  if (shorts.size > 0) lines.push(`voters short of acknowledged votes in the record: ${[...shorts].map(([n, k]) => `${k} short by ${n}`).join(', ')}`);
  lines.push('first lost:', ...losses.slice(0, 4).map((l) => `  ${l.text.slice(0, 400)}`));
  lines.push("the monitor's events:", ...events.map((e) => `  ${e}`));
  return lines.join('\n');
}

function countBy(list: Write[]): string {
  const counts = new Map<string, number>();
  for (const w of list) counts.set(w.kind, (counts.get(w.kind) ?? 0) + 1);
  return [...counts].map(([k, n]) => `${n} ${k}s`).join(', ');
}

function summary(list: Write[]): string {
  const byStatus = new Map<number, number>();
  for (const w of list) byStatus.set(w.status, (byStatus.get(w.status) ?? 0) + 1);
  const lastErrors = list.filter((w) => !ack(w)).slice(-3).map((w) => `${w.kind} ${w.status}: ${w.error}`);
  return `writes so far: ${[...byStatus].map(([s, n]) => `${s || 'no answer'} ×${n}`).join(', ')}${lastErrors.length ? `\nlast refusals: ${lastErrors.join('\n')}` : ''}`;
}
