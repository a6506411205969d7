// The debate page and the challenge view (issue 6) in `npm run bench`: a debate with about
// 1,000 contributions and their votes, and a challenge whose scores are read out of more than
// a million ledger rows (both written here when the database lacks them).
import type pg from 'pg';
import { systemClock } from '../../src/server/clock';
import type { Db } from '../../src/server/db/client';
import * as challengeService from '../../src/server/features/challenges/challenges.service';
import * as debateService from '../../src/server/features/debates/debates.service';
import { seedChallengeForBench } from '../../src/server/test/challenge-factories';
import { seedDebateForBench } from '../../src/server/test/debate-factories';
import { mintSessions, pick, recordQueries, replay, type Endpoint } from './bench-kit';

export interface EngageBenchContext {
  db: Db;
  pool: pg.Pool;
  /** The app's AUTH_SECRET, to mint session cookies. */
  secret: string;
  log: (message: string) => void;
  fmt: (n: number, digits?: number) => string;
}

const BENCH_CONTRIBUTIONS = 1_000;
const BENCH_VOTERS = 40;
const BENCH_LEDGER_ROWS = 1_000_000;

const rowsOf = async <T extends pg.QueryResultRow>(pool: pg.Pool, text: string, values: unknown[] = []) => (await pool.query<T>(text, values)).rows;

/** The debate with the most contributions, if it has at least `min`. */
async function biggestDebate(pool: pg.Pool, min: number): Promise<{ id: string; contributions: number } | null> {
  const [row] = await rowsOf<{ id: string; n: number }>(
    pool,
    `select r.debate_id as id,
       (count(distinct r.id) + count(distinct b.id) + count(distinct d.id))::int as n
     from debate_responses r
     left join debate_rebuttals b on b.response_id = r.id
     left join debate_defenses d on d.rebuttal_id = b.id
     group by r.debate_id order by n desc limit 1`,
  );
  return row && row.n >= min ? { id: row.id, contributions: row.n } : null;
}

/** An active challenge with a full team list whose members hold many in-window Sparks. */
async function benchChallenge(pool: pg.Pool): Promise<string | null> {
  const [row] = await rowsOf<{ id: string }>(
    pool,
    `select c.id from challenges c
     where c.status = 'active' and c.end_date > now() + interval '1 day' and c.member_count = 12
     order by c.created_at desc limit 1`,
  );
  return row?.id ?? null;
}

export async function engageEndpoints(ctx: EngageBenchContext): Promise<{ endpoints: Endpoint[]; counts: Record<string, number> }> {
  const { pool, db, log, fmt, secret } = ctx;

  let debate = await biggestDebate(pool, BENCH_CONTRIBUTIONS * 0.9);
  if (!debate) {
    log(`No debate with ${fmt(BENCH_CONTRIBUTIONS)} contributions yet: writing one (seedDebateForBench)…`);
    const seeded = await seedDebateForBench(db, { contributions: BENCH_CONTRIBUTIONS, voters: BENCH_VOTERS });
    const c = seeded.contributions;
    debate = { id: seeded.debateId, contributions: c.responses + c.rebuttals + c.defenses };
  }
  const debateVoters = (
    await rowsOf<{ id: string }>(
      pool,
      `select distinct v.user_id as id from debate_votes v join debate_responses r on r.id = v.content_id and v.content_type = 'response'
       where r.debate_id = $1 limit 200`,
      [debate.id],
    )
  ).map((r) => r.id);
  const [votes] = await rowsOf<{ n: number }>(
    pool,
    `select ((select coalesce(sum(upvotes + downvotes), 0) from debate_responses where debate_id = $1)
       + (select coalesce(sum(b.upvotes + b.downvotes), 0) from debate_rebuttals b join debate_responses r on r.id = b.response_id where r.debate_id = $1)
       + (select coalesce(sum(d.upvotes + d.downvotes), 0) from debate_defenses d join debate_rebuttals b on b.id = d.rebuttal_id
          join debate_responses r on r.id = b.response_id where r.debate_id = $1))::int as n`,
    [debate.id],
  );

  const sparksBefore = Number((await rowsOf<{ n: string }>(pool, 'select count(*) as n from sparks'))[0]!.n);
  let challengeId = await benchChallenge(pool);
  if (!challengeId || sparksBefore < BENCH_LEDGER_ROWS) {
    log(`No 12-member challenge over ${fmt(BENCH_LEDGER_ROWS)} Sparks yet: writing one (seedChallengeForBench)…`);
    const seeded = await seedChallengeForBench(db, { members: 12, ledgerRows: BENCH_LEDGER_ROWS });
    challengeId = seeded.challengeId;
  }
  const challengeMembers = (await rowsOf<{ id: string }>(pool, 'select user_id as id from challenge_members where challenge_id = $1', [challengeId])).map((r) => r.id);
  const sparks = Number((await rowsOf<{ n: string }>(pool, 'select count(*) as n from sparks'))[0]!.n);
  const [inWindow] = await rowsOf<{ n: number }>(
    pool,
    `select count(*)::int as n from sparks s join challenge_members m on m.user_id = s.user_id join challenges c on c.id = m.challenge_id
     where c.id = $1 and s.timestamp >= c.start_date and s.timestamp < c.end_date`,
    [challengeId],
  );

  const sessions = await mintSessions(pool, [...new Set([...debateVoters, ...challengeMembers])], secret);
  const cookie = (id: string) => ({ cookie: sessions.get(id)!.cookie });
  const deps = (d: Db) => ({ db: d, clock: systemClock });
  const debateSql = await recordQueries(pool, (d) => debateService.getDebateDetail(deps(d), debate.id, debateVoters[0]!));
  const challengeSql = await recordQueries(pool, (d) => challengeService.getChallengeView(deps(d), challengeMembers[0]!, challengeId));
  const swapUser = (from: string, list: string[]) => () => new Map<unknown, unknown>([[from, pick(list)]]);

  const endpoints: Endpoint[] = [
    {
      name: 'debate page',
      route: 'GET /api/debates/:id',
      note: `the first page (20 responses with their rebuttals and defenses, the viewer's votes) of a debate with ${fmt(debate.contributions)} contributions and ${fmt(votes!.n)} votes, read by ${debateVoters.length} voters`,
      request: () => ({ path: `/api/debates/${debate.id}`, headers: cookie(pick(debateVoters)) }),
      raw: replay(debateSql, swapUser(debateVoters[0]!, debateVoters)),
      rawNote: `same queries (${debateSql.length} statements, whatever the size of the debate)`,
      explain: debateSql,
    },
    {
      name: 'challenge view',
      route: 'GET /api/challenges/:id',
      note: `a 12-member Sparks challenge: team scores and ranking from ${fmt(inWindow!.n)} in-window rows among ${fmt(sparks)} Sparks`,
      request: () => ({ path: `/api/challenges/${challengeId}`, headers: cookie(pick(challengeMembers)) }),
      raw: replay(challengeSql, swapUser(challengeMembers[0]!, challengeMembers)),
      rawNote: `same queries (${challengeSql.length} statements)`,
      explain: challengeSql,
    },
  ];
  return { endpoints, counts: { debateContributions: debate.contributions, debateVotes: votes!.n, sparks } };
}
