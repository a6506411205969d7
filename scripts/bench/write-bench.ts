// The writes of `npm run bench` (issue 16): join, vote, brownie and private message, each with
// cases enough for the whole run (no case used twice), and the invariants counted in the
// database afterwards (src/server/db/database-invariants.ts) — a bench that went fast by breaking a rule must not pass.
import type pg from 'pg';
import { mintSessions, pick, type Endpoint } from './bench-kit';


export interface WriteBenchContext {
  pool: pg.Pool;
  secret: string;
  baseUrl: string;
  /** How many requests each write must be able to make without using a case twice. */
  casesPerWrite: number;
  log: (message: string) => void;
  fmt: (n: number, digits?: number) => string;
}

/** The write goal of issue 16, per endpoint, on the bench's machine. */
export const WRITE_GOAL_PER_SECOND = 1000;

const shuffle = <T>(list: T[]): T[] => {
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [list[i], list[j]] = [list[j]!, list[i]!];
  }
  return list;
};

export async function writeEndpoints(ctx: WriteBenchContext): Promise<Endpoint[]> {
  const { pool, secret, baseUrl, casesPerWrite: n, log, fmt } = ctx;

  // Joins: voters with no membership yet, each to a seat of an open public level-1 caucus of
  // their district, one seat of each caucus left free so that no caucus fills during the run
  // (a full caucus would answer 409 and end the measurement of joins).
  const joinCases = shuffle(
    (
      await pool.query<{ user_id: string; caucus_id: string }>(
        `with seats as (
           select c.id, c.state, c.district, row_number() over (partition by c.state, c.district order by random()) as rn
           from caucuses c, generate_series(1, c.required_voting_members - c.voting_member_count - 1) as s
           where c.level = 1 and c.is_open and not c.election_finalized),
         free as (
           select u.id, u.state, u.district, row_number() over (partition by u.state, u.district order by random()) as rn
           from users u
           where u.deleted_at is null and u.email_verified_at is not null
             and not exists (select 1 from caucus_members m where m.user_id = u.id)
             and not exists (select 1 from caucuses d where d.elected_delegate_id = u.id and d.election_finalized))
         select f.id as user_id, s.id as caucus_id from seats s join free f using (state, district, rn) limit $1`,
        [n],
      )
    ).rows,
  );
  // Votes: voting members of unfinalized caucuses vote or change their vote for a member drawn
  // at random, so no caucus reaches a unanimous vote (a finalized one would answer 409).
  const voteCases = (
    await pool.query<{ voter_id: string; caucus_id: string; candidates: string[] }>(
      `select m.user_id as voter_id, m.caucus_id, array(
         select o.user_id from caucus_members o where o.caucus_id = m.caucus_id and o.is_voting_member) as candidates
       from caucus_members m join caucuses c on c.id = m.caucus_id
       where m.is_voting_member and not c.election_finalized and c.voting_member_count >= 3
       order by random() limit 2000`,
    )
  ).rows;
  // Brownies: each giver once (one brownie per giver per day), to someone drawn at random;
  // givers who gave in the last two days are left out whatever the app's time zone.
  const givers = (
    await pool.query<{ id: string }>(
      `select u.id from users u
       where u.deleted_at is null and u.email_verified_at is not null
         and not exists (select 1 from brownies b where b.giver_user_id = u.id and b.given_at > now() - interval '2 days')
       order by random() limit $1`,
      [n],
    )
  ).rows.map((r) => r.id);
  const receivers = (await pool.query<{ id: string }>(`select id from users where deleted_at is null order by random() limit 5000`)).rows.map((r) => r.id);
  // Private messages: each sender at most 20 in the run (the limit is 30 a minute), to people
  // drawn at random who have not blocked them.
  const senders = (
    await pool.query<{ id: string }>(`select id from users where deleted_at is null and email_verified_at is not null order by random() limit $1`, [
      Math.ceil(n / 20),
    ])
  ).rows.map((r) => r.id);
  if (!joinCases.length || !voteCases.length || !givers.length || !senders.length) {
    throw new Error('The database lacks voters free to join, caucuses with votes, or people: seed it (npm run seed).');
  }
  for (const [what, have] of [
    ['joins', joinCases.length],
    ['brownie givers', givers.length],
  ] as const) {
    if (have < n) log(`  only ${fmt(have)} ${what} for ${fmt(n)} requests: the run uses each once and then answers 409`);
  }

  const sessions = await mintSessions(pool, [...new Set([...joinCases.map((j) => j.user_id), ...voteCases.map((v) => v.voter_id), ...givers, ...senders])], secret);
  const cookieOf = (userId: string) => sessions.get(userId)!.cookie;
  let nextJoin = 0;
  let nextVote = 0;
  let nextGiver = 0;
  let nextMessage = 0;
  return [
    {
      name: 'join',
      route: 'POST /api/caucuses/:id/join',
      note: `a different voter free to join per request (${fmt(joinCases.length)} prepared), to a seat of an open caucus of their district`,
      write: true,
      request: () => {
        const j = joinCases[nextJoin++ % joinCases.length]!;
        return { method: 'POST', path: `/api/caucuses/${j.caucus_id}/join`, json: {}, headers: { cookie: cookieOf(j.user_id), origin: baseUrl } };
      },
      raw: null,
      rawNote: 'a transaction with row locks (not replayed)',
      explain: [],
    },
    {
      name: 'vote',
      route: 'PUT /api/caucuses/:id/vote',
      note: `${fmt(voteCases.length)} voting members voting or changing their vote`,
      write: true,
      request: () => {
        const v = voteCases[nextVote++ % voteCases.length]!;
        return { method: 'PUT', path: `/api/caucuses/${v.caucus_id}/vote`, json: { candidateId: pick(v.candidates) }, headers: { cookie: cookieOf(v.voter_id), origin: baseUrl } };
      },
      raw: null,
      rawNote: 'a transaction with row locks (not replayed)',
      explain: [],
    },
    {
      name: 'brownie',
      route: 'POST /api/brownies',
      note: `a different giver per request (${fmt(givers.length)} prepared, none gave today), to someone drawn at random`,
      write: true,
      request: () => {
        const giver = givers[nextGiver++ % givers.length]!;
        let receiverId = pick(receivers);
        if (receiverId === giver) receiverId = receivers.find((r) => r !== giver)!;
        return { method: 'POST', path: '/api/brownies', json: { receiverId }, headers: { cookie: cookieOf(giver), origin: baseUrl } };
      },
      raw: null,
      rawNote: 'a transaction with row locks (not replayed)',
      explain: [],
    },
    {
      name: 'message',
      route: 'POST /api/messages',
      note: `${fmt(senders.length)} senders in turn (at most 20 each), to people drawn at random`,
      write: true,
      request: () => {
        const i = nextMessage++;
        const sender = senders[i % senders.length]!;
        let recipientId = pick(receivers);
        if (recipientId === sender) recipientId = receivers.find((r) => r !== sender)!;
        return { method: 'POST', path: '/api/messages', json: { recipientId, message: `Bench message ${i}: see you at the caucus.` }, headers: { cookie: cookieOf(sender), origin: baseUrl } };
      },
      raw: null,
      rawNote: 'a transaction (not replayed)',
      explain: [],
    },
  ];
}
