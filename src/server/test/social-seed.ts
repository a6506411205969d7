import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Db } from '../db/client';
import { dropIndexesForBulkLoad, inTransaction, isSuperuser, prepareBulkSession, rebuildIndexes, type Queryable } from './bulk-load';
import { writeRecordChains } from './seed-data';

/**
 * Benchmark data for the social features (issue 5): private messages, a district's whole
 * election tree, and broadcasts to every kind of audience. Used by `npm run bench` (which
 * writes what a database lacks) and `npm run seed -- --messages N`; tested at a small size by
 * social-seed.test.ts. Everything is set-based SQL (INSERT … SELECT over generate_series), so
 * ten million messages take minutes, not hours.
 *
 * - `seedPrivateMessages`: `messages` messages between existing users. Senders are skewed
 *   towards a few busy people (the first of the users in id order send thousands), partners
 *   are near neighbours in that order (so people have a few dozen conversations, busy ones a
 *   few hundred, and the busiest pairs thousands of messages); times spread over the year
 *   before `now`; messages older than two days are read. The conversation trigger does not run
 *   during the load (see seedPrivateMessages), and private_conversations is rebuilt from the
 *   messages at the end, as migration 0009 does.
 * - `seedDistrictTree`: a full tree in one district without a level-5 caucus: 100,000 new
 *   voters in 10,000 level-1 caucuses, whose 10,000 delegates fill 1,000 level-2 caucuses, and
 *   so on up to one level-5 caucus whose delegate is the district's Candidate. Every caucus is
 *   finalized by a unanimous vote for its first member. (Banners, badges and activities of
 *   these elections are not written: the tree exists for the broadcast audience query;
 *   `npm run badges:recompute -- --fix` adds the badges.)
 * - `seedBroadcasts`: an administrator's broadcasts to everyone, to each state and each
 *   district, and each tree delegate's broadcasts to their constituents.
 */

export interface MessageSeedOptions {
  messages: number;
  /** Messages per statement (default 1,000,000), all in one transaction. */
  batchSize?: number;
  /** The anchor of every timestamp (default now). */
  now?: Date;
  /** Makes the draw repeatable (PostgreSQL's setseed). */
  seed?: number;
  onProgress?: (done: number, total: number) => void;
}

const MESSAGE_TEXTS = [
  'Are you coming to the caucus meeting on Thursday?',
  'I read the platform draft. Section two needs work, but I like where it is going.',
  'Thanks for the brownie!',
  'Can you invite your neighbours? We still need three voting members.',
  'Who do you think should be our delegate?',
  'I verified my profile this morning, it took two minutes.',
  'The town hall moved to the library, 7 pm.',
  'Good debate yesterday. You changed my mind on the transit question.',
  'Let me know when the vote opens.',
  'Welcome to the district! Happy to answer questions.',
  'Our caucus is full now, voting starts this week.',
  'Could you share the referral link with your book club?',
  'I will bring coffee.',
  'Did you see the broadcast from our Candidate?',
  'Count me in for the challenge.',
  'What time works for you?',
];

/**
 * The people in id order, as one array in a temporary table of the transaction: a message's
 * sender and recipient are two subscripts of it. (Joining a numbered table instead costs two
 * hash builds of every user per statement: 22 s per million messages at 10 million users,
 * against 1 s to read the array.)
 */
async function listPeople(client: Queryable): Promise<number> {
  await client.query(`
    create temporary table seed_people on commit drop as
    select array_agg(id order by id) as ids, count(*)::int as n from users where deleted_at is null`);
  return (await client.query<{ n: number }>('select n from seed_people')).rows[0]!.n;
}

/** A v4-shaped UUID from two draws of random(): the ids follow setseed like the rest of a message. */
const RANDOM_UUID = `encode(int8send(((random() * 9223372036854775807)::bigint & -61441) | 16384)
  || int8send(((random() * 9223372036854775807)::bigint & 4611686018427387903) | (-9223372036854775808)::bigint), 'hex')::uuid`;

/**
 * Batch `batch` of the messages: after `select setseed(…)` (see `seedFor`), the same rows, ids
 * included, on any connection that sees the same people; `seed_people` must hold them.
 */
function messageBatch(size: number, people: number, now: string): string {
  const texts = `array[${MESSAGE_TEXTS.map((t) => `'${t.replace(/'/g, "''")}'`).join(', ')}]`;
  // The draws are fenced (offset 0) so each runs once per row, in this order, on every connection.
  return `
    with people as materialized (select ids || '{}'::uuid[] as ids from seed_people)
    select d.id, p.ids[case when d.swap then 1 + (d.a - 1 + d.step) % ${people} else d.a end] as sender_id,
      p.ids[case when d.swap then d.a else 1 + (d.a - 1 + d.step) % ${people} end] as recipient_id,
      (${texts})[1 + floor(d.t * ${MESSAGE_TEXTS.length})::int] as message, d.at as created_at,
      case when d.at < '${now}'::timestamptz - interval '2 days' then d.at + interval '1 hour' end as read_at
    from people p cross join (
      select ${RANDOM_UUID} as id,
        1 + floor(power(random(), 2) * ${people})::int as a,
        1 + floor(power(random(), 3) * least(60, ${people - 1}))::int as step,
        random() < 0.5 as swap,
        random() as t,
        '${now}'::timestamptz - random() * interval '365 days' as at
      from generate_series(1, ${size})
      offset 0
    ) d`;
}

/**
 * setseed makes random() repeatable within a session: one seed per batch, drawn from the run's
 * seed, the batch and how many messages the table held before the run (a top-up draws other
 * rows, ids included, than the run that wrote the first ones), over 2^52 values.
 */
const seedFor = (seed: number, batch: number, before: number) =>
  Number(createHash('sha256').update(`${seed}:${before}:${batch}`).digest().readBigUInt64BE() >> 12n) / 2 ** 52 * 2 - 1;

/**
 * `messages` private messages among the existing users (see the file's comment), in one
 * transaction of statements of `batchSize`, then private_conversations to match.
 *
 * Into an empty table the messages go without its secondary indexes, built at the end
 * (bulk-load.ts), in primary-key order, so the index on the random ids grows by appending. As
 * a superuser the statements skip triggers and foreign-key checks (session_replication_role =
 * replica; every sender and recipient is an existing user); otherwise the conversation trigger
 * is switched off inside the transaction (ALTER TABLE is transactional: other sessions never see
 * it off, and they wait on the lock instead of writing past the trigger).
 *
 * When both tables start empty, a second connection builds private_conversations at the same
 * time: it imports the first one's snapshot (so both see the same people), draws the same
 * batches after the same setseed, keeps each pair's newest message, and commits after the
 * messages do. Otherwise the conversations are rebuilt from all messages afterwards.
 */
export async function seedPrivateMessages(db: Db, options: MessageSeedOptions): Promise<{ messages: number; conversations: number; ms: number }> {
  const started = performance.now();
  const batchSize = Math.max(1, options.batchSize ?? 1_000_000);
  const seed = options.seed ?? 1;
  const now = (options.now ?? new Date()).toISOString();
  const pool = poolOf(db);
  const client = await pool.connect();
  let done = 0;
  let conversations: number | null = null;
  try {
    const superuser = await isSuperuser(client);
    await prepareBulkSession(client, { skipTriggers: superuser });
    let snapshot!: (id: string) => void;
    const exported = new Promise<string>((resolve) => (snapshot = resolve));
    let messagesCommitted!: (ok: boolean) => void;
    const committed = new Promise<boolean>((resolve) => (messagesCommitted = resolve));
    let companion: Promise<number | null> = Promise.resolve(null);
    await inTransaction(client, async () => {
      if (!superuser) await client.query('alter table private_messages disable trigger private_messages_touch_conversations');
      const dropped = await dropIndexesForBulkLoad(client, 'private_messages');
      const empty = dropped.length > 0 || (await client.query('select 1 from private_messages limit 1')).rowCount === 0;
      const before = empty ? 0 : Number((await client.query<{ n: string }>('select count(*) as n from private_messages')).rows[0]!.n);
      // The second connection must not wait for the pool's only one, which this transaction holds.
      if (empty && (pool.options.max ?? 10) >= 2) {
        snapshot((await client.query<{ id: string }>('select pg_export_snapshot() as id')).rows[0]!.id);
        companion = conversationsAlongside(pool, { exported, committed, batchSize, messages: options.messages, seed, now, superuser });
        companion.catch(() => undefined);
      }
      const people = await listPeople(client);
      if (people < 2) throw new Error('seedPrivateMessages needs at least two users');
      for (let batch = 0; done < options.messages; batch++) {
        const size = Math.min(batchSize, options.messages - done);
        await client.query('select setseed($1)', [seedFor(seed, batch, before)]);
        await client.query(`
          insert into private_messages (id, sender_id, recipient_id, message, created_at, read_at)
          select * from (${messageBatch(size, people, now)}) m order by 1`);
        done += size;
        options.onProgress?.(done, options.messages);
      }
      await rebuildIndexes(client, dropped);
      if (!superuser) await client.query('alter table private_messages enable trigger private_messages_touch_conversations');
    }).then(
      () => messagesCommitted(true),
      async (e: unknown) => {
        messagesCommitted(false);
        await companion.catch(() => undefined); // it rolls back on hearing it
        throw e;
      },
    );
    conversations = await companion;
  } finally {
    client.release(true); // the session settings go with the connection
  }
  conversations ??= await rebuildConversations(db);
  return { messages: done, conversations, ms: performance.now() - started };
}

/**
 * The conversations of messages being written by another connection into empty tables (see
 * seedPrivateMessages). Returns null, having written nothing, when private_conversations is not
 * empty (the caller rebuilds it from all messages); throws when the messages do not commit.
 */
async function conversationsAlongside(
  pool: pg.Pool,
  o: { exported: Promise<string>; committed: Promise<boolean>; batchSize: number; messages: number; seed: number; now: string; superuser: boolean },
): Promise<number | null> {
  const client = await pool.connect();
  try {
    await prepareBulkSession(client, { skipTriggers: o.superuser, workMem: '512MB' });
    await client.query('begin isolation level repeatable read');
    try {
      await client.query(`set transaction snapshot '${await o.exported}'`);
      const dropped = await dropIndexesForBulkLoad(client, 'private_conversations');
      if (dropped.length === 0 && (await client.query('select 1 from private_conversations limit 1')).rowCount !== 0) {
        await client.query('rollback');
        return null;
      }
      const people = await listPeople(client);
      await client.query('create temporary table seed_sent (a uuid, b uuid, id uuid, created_at timestamptz) on commit drop');
      for (let batch = 0, done = 0; done < o.messages; batch++) {
        const size = Math.min(o.batchSize, o.messages - done);
        await client.query('select setseed($1)', [seedFor(o.seed, batch, 0)]);
        await client.query(`
          insert into seed_sent
          select least(sender_id, recipient_id), greatest(sender_id, recipient_id), id, created_at from (${messageBatch(size, people, o.now)}) m`);
        done += size;
      }
      const { rowCount } = await client.query(`
        with newest as (
          select distinct on (a, b) a, b, id, created_at from seed_sent order by a, b, created_at desc, id desc
        )
        insert into private_conversations (owner_id, partner_id, last_message_id, last_message_at)
        select a, b, id, created_at from newest
        union all
        select b, a, id, created_at from newest
        ${dropped.some((d) => d.definition.includes(' PRIMARY KEY ')) ? '' : 'order by 1, 2'}`);
      await rebuildIndexes(client, dropped);
      // No conversation may name a message that is not committed.
      if (!(await o.committed)) throw new Error('The messages were not written.');
      await client.query('commit');
      return rowCount ?? 0;
    } catch (e) {
      await client.query('rollback').catch(() => undefined);
      throw e;
    }
  } finally {
    client.release(true);
  }
}

/**
 * private_conversations from the messages themselves: each pair's newest message, for both
 * people. An empty table is filled without its indexes (primary key included), built at the
 * end; otherwise each pair's row is upserted.
 */
export async function rebuildConversations(db: Db): Promise<number> {
  const client = await poolOf(db).connect();
  try {
    // Every pair comes from messages between existing users: as a superuser, skip the
    // foreign-key checks (two per row).
    await prepareBulkSession(client, { skipTriggers: await isSuperuser(client), workMem: '512MB' });
    return await inTransaction(client, async () => {
      const dropped = await dropIndexesForBulkLoad(client, 'private_conversations');
      const empty = dropped.length > 0 || (await client.query('select 1 from private_conversations limit 1')).rowCount === 0;
      await client.query(`
        with newest as (
          select distinct on (a, b) a, b, id, created_at
          from (
            select least(sender_id, recipient_id) as a, greatest(sender_id, recipient_id) as b, id, created_at
            from private_messages
          ) m
          order by a, b, created_at desc, id desc
        )
        insert into private_conversations as c (owner_id, partner_id, last_message_id, last_message_at)
        select * from (
          select a, b, id, created_at from newest
          union all
          select b, a, id, created_at from newest
        ) x
        ${empty ? (dropped.some((d) => d.definition.includes(' PRIMARY KEY ')) ? '' : 'order by 1, 2') : `on conflict (owner_id, partner_id) do update
          set last_message_id = excluded.last_message_id, last_message_at = excluded.last_message_at
          where (excluded.last_message_at, excluded.last_message_id) > (c.last_message_at, c.last_message_id)`}`);
      await rebuildIndexes(client, dropped);
      return Number((await client.query<{ n: string }>('select count(*)::bigint as n from private_conversations')).rows[0]!.n);
    });
  } finally {
    client.release(true);
  }
}

/** The pg pool under a drizzle database: bulk loads hold one connection for their temporary tables. */
function poolOf(db: Db): pg.Pool {
  return (db as unknown as { $client: pg.Pool }).$client;
}

export interface DistrictTree {
  state: string;
  district: number;
  /** A level-1 voter who is nobody's delegate: the deepest place in the tree. */
  deepVoterId: string;
  /** The district's Candidate (the level-5 caucus's delegate). */
  candidateId: string;
  caucuses: number;
  voters: number;
}

/** Caucuses per level of a full tree (fan-out 10): 10,000 at level 1 … 1 at level 5. */
const TREE_LEVELS = [1, 2, 3, 4, 5] as const;
const caucusesAt = (level: number, fanOut: number) => fanOut ** (5 - level);

/**
 * A district's full election tree (see the file's comment). `fanOut` (default 10) is the
 * caucus size: 10 gives 100,000 voters and 11,111 caucuses; tests use 2 (16 voters, 31 caucuses).
 */
export async function seedDistrictTree(db: Db, options: { now?: Date; fanOut?: number; label?: string } = {}): Promise<DistrictTree> {
  const fanOut = options.fanOut ?? 10;
  const now = (options.now ?? new Date()).toISOString();
  const label = options.label ?? `tree${Date.now().toString(36)}`;
  const voters = fanOut ** 5;
  const tree = await db.transaction(async (tx) => {
    // A superuser skips the per-row triggers (measured: 120 s for this tree, 104 s of it the
    // caucus_members and votes triggers) and writes their effects: the voter counts with the
    // caucuses, the election records at the end.
    const fast = (await tx.execute<{ on: boolean }>(sql`select current_setting('is_superuser') = 'on' as on`)).rows[0]?.on === true;
    if (fast) await tx.execute(sql`set local session_replication_role = replica`);
    // The district with the most voters among those without a level-5 caucus.
    const home = (
      await tx.execute<{ state: string; district: number }>(sql`
        select u.state, u.district from users u
        where not exists (select 1 from caucuses c where c.level = 5 and c.state = u.state and c.district = u.district)
        group by u.state, u.district order by count(*) desc, u.state, u.district limit 1`)
    ).rows[0];
    if (!home) throw new Error('seedDistrictTree: every district with users already has a level-5 caucus');

    await tx.execute(sql`create temporary table tree_voters (n int primary key, id uuid not null default gen_random_uuid()) on commit drop`);
    await tx.execute(sql`insert into tree_voters (n) select generate_series(1, ${voters})`);
    await tx.execute(sql`
      insert into users (id, email, email_verified, email_verified_at, name, political_alignment, state, district, verified, created_at, updated_at)
      select id, ${label} || '.voter.' || n || '@example.test', true, ${now}::timestamptz - interval '200 days',
        (array['Ada','Ben','Carla','Dev','Elena','Frank','Grace','Hector','Iris','Jamal'])[1 + n % 10] || ' ' ||
        (array['Adams','Brooks','Chen','Diaz','Evans','Foster','Garcia','Hughes','Kim','Lopez','Nguyen'])[1 + n % 11],
        'Independent', ${home.state}, ${home.district}, true,
        ${now}::timestamptz - interval '200 days', ${now}::timestamptz - interval '200 days'
      from tree_voters`);

    // Caucus (level, i): members k = 0..fanOut-1 are voter n = (i*fanOut + k) * fanOut^(level-1) + 1;
    // its delegate is its first member, voter i * fanOut^level + 1.
    await tx.execute(sql`
      create temporary table tree_caucuses (level int, i int, id uuid not null default gen_random_uuid(), code text, primary key (level, i)) on commit drop`);
    for (const level of TREE_LEVELS) {
      await tx.execute(sql`insert into tree_caucuses (level, i) select ${level}, generate_series(0, ${caucusesAt(level, fanOut) - 1})`);
    }
    // Unique 6-character invitation codes that no existing caucus holds.
    // EXISTS probes the unique index on invitation codes; an IN over every caucus's code (a
    // million at 10 million users) no longer fits a hash in work_mem and rescans them all per row.
    for (let attempt = 0; ; attempt++) {
      await tx.execute(sql`
        update tree_caucuses set code = upper(substr(md5(random()::text || level || '.' || i), 1, 6))
        where code is null
           or exists (select 1 from caucuses c where c.invitation_code = tree_caucuses.code)
           or (level, i) in (select level, i from (select level, i, row_number() over (partition by code order by level, i) as k from tree_caucuses) d where k > 1)`);
      const clash = (
        await tx.execute<{ n: number }>(sql`
          select count(*)::int as n from tree_caucuses t
          where exists (select 1 from caucuses c where c.invitation_code = t.code)
             or t.code in (select code from tree_caucuses group by code having count(*) > 1)`)
      ).rows[0]!.n;
      if (clash === 0) break;
      if (attempt > 20) throw new Error('seedDistrictTree: could not draw unique invitation codes');
    }
    await tx.execute(sql`
      insert into caucuses (id, name, state, district, level, political_alignment, is_open, invitation_code, required_voting_members, created_at, updated_at, voting_member_count)
      select t.id, 'Tree L' || t.level || ' #' || (t.i + 1), ${home.state}, ${home.district}, t.level, 'Independent', true, t.code, ${fanOut},
        ${now}::timestamptz - make_interval(days => 190 - t.level * 30), ${now}::timestamptz - make_interval(days => 180 - t.level * 30),
        ${fast ? fanOut : 0}
      from tree_caucuses t`);
    // Members join in the caucus's first hours, vote five days later; it is finalized after ten.
    await tx.execute(sql`
      insert into caucus_members (caucus_id, user_id, is_voting_member, is_organizer, created_at)
      select t.id, v.id, true, false, ${now}::timestamptz - make_interval(days => 190 - t.level * 30, hours => -1 - k)
      from tree_caucuses t cross join generate_series(0, ${fanOut - 1}) k
      join tree_voters v on v.n = (t.i * ${fanOut} + k) * power(${fanOut}, t.level - 1)::int + 1`);
    await tx.execute(sql`
      insert into votes (caucus_id, voter_id, candidate_id, created_at, updated_at)
      select t.id, m.user_id, d.id, m.created_at + interval '5 days', m.created_at + interval '5 days'
      from tree_caucuses t
      join tree_voters d on d.n = t.i * power(${fanOut}, t.level)::int + 1
      join caucus_members m on m.caucus_id = t.id`);
    const pioneerBase = (
      await tx.execute<{ n: number }>(sql`
        select coalesce(max(pioneer_rank), 0)::int as n from caucuses where state = ${home.state} and district = ${home.district}`)
    ).rows[0]!.n;
    await tx.execute(sql`
      update caucuses c set voting_started = true, voting_finalized = true, election_finalized = true,
        elected_delegate_id = d.id, finalized_at = c.updated_at,
        pioneer_rank = case when t.level = 1 then ${pioneerBase} + t.i + 1 end
      from tree_caucuses t join tree_voters d on d.n = t.i * power(${fanOut}, t.level)::int + 1
      where c.id = t.id`);
    if (fast) {
      // What the triggers would have recorded, in order: the creation, the joins, the votes, the finalization.
      await tx.execute(sql`
        create temporary table seed_entries on commit drop as
        with c as (
          select row_number() over (order by t.level, t.i)::int as j, c.* from tree_caucuses t join caucuses c on c.id = t.id
        )
        select j, c.id as caucus_id, c.record_salt as salt, 1 as seq, 'created'::text as kind, c.organizer_id as actor, null::uuid as subject,
          c.level::text as detail, c.created_at as at
        from c
        union all
        select j, c.id, c.record_salt, (1 + row_number() over (partition by c.id order by m.created_at, m.user_id))::int, 'joined', m.user_id, null, null, m.created_at
        from c join caucus_members m on m.caucus_id = c.id
        union all
        select j, c.id, c.record_salt, (1 + ${fanOut} + row_number() over (partition by c.id order by v.created_at, v.voter_id))::int, 'vote', v.voter_id, v.candidate_id, null, v.created_at
        from c join votes v on v.caucus_id = c.id
        union all
        select j, c.id, c.record_salt, 2 + 2 * ${fanOut}, 'finalized', null, c.elected_delegate_id, c.required_voting_members::text, c.finalized_at
        from c`);
      await writeRecordChains((text) => tx.execute(sql.raw(text)));
    }
    const picked = (
      await tx.execute<{ deep: string; candidate: string }>(sql`
        select (select id from tree_voters where n = ${voters}) as deep,
          (select id from tree_voters where n = 1) as candidate`)
    ).rows[0]!;
    const caucusCount = TREE_LEVELS.reduce((n, level) => n + caucusesAt(level, fanOut), 0);
    return { state: home.state, district: home.district, deepVoterId: picked.deep, candidateId: picked.candidate, caucuses: caucusCount, voters };
  });
  // The tree's finalized caucuses are too few for autovacuum to analyze a large table again
  // (at a million caucuses it waits for 100,000 changes): without fresh statistics PostgreSQL
  // believed almost no caucus finalized and walked the (level, finalized) index instead of
  // primary keys (broadcasts at 10 million users, issue 16).
  await db.execute(sql`analyze caucuses, caucus_members, votes, users`);
  return tree;
}

export interface BroadcastSeedOptions {
  /** Who sends the administrator's broadcasts (an administrator). */
  administratorId: string;
  now?: Date;
  /** Broadcasts to everyone, to each state, to each district, and per finalized caucus to its constituents. */
  perEveryone?: number;
  perState?: number;
  perDistrict?: number;
  perCaucus?: number;
}

/** Broadcasts at every audience (see the file's comment); returns how many were written. */
export async function seedBroadcasts(db: Db, options: BroadcastSeedOptions): Promise<number> {
  const now = (options.now ?? new Date()).toISOString();
  const o = { perEveryone: 300, perState: 20, perDistrict: 5, perCaucus: 3, ...options };
  const at = sql`${now}::timestamptz - random() * interval '180 days'`;
  const body = sql`'Update from your representatives: meeting notes, dates and the next vote. (' || g || ')'`;
  return db.transaction(async (tx) => {
    const before = Number((await tx.execute<{ n: string }>(sql`select count(*)::bigint as n from broadcasts`)).rows[0]!.n);
    await tx.execute(sql`
      insert into broadcasts (sender_id, message, scope, created_at)
      select ${o.administratorId}, ${body}, 'everyone', ${at} from generate_series(1, ${o.perEveryone}) g`);
    await tx.execute(sql`
      insert into broadcasts (sender_id, message, scope, target_state, created_at)
      select ${o.administratorId}, ${body}, 'state', s.state, ${at}
      from (select distinct state from users) s cross join generate_series(1, ${o.perState}) g`);
    await tx.execute(sql`
      insert into broadcasts (sender_id, message, scope, target_state, target_district, created_at)
      select ${o.administratorId}, ${body}, 'district', d.state, d.district, ${at}
      from (select distinct state, district from users) d cross join generate_series(1, ${o.perDistrict}) g`);
    await tx.execute(sql`
      insert into broadcasts (sender_id, message, scope, level, caucus_id, created_at)
      select c.elected_delegate_id, ${body}, 'constituents', c.level, c.id, ${at}
      from caucuses c cross join generate_series(1, ${o.perCaucus}) g
      where c.election_finalized`);
    const after = Number((await tx.execute<{ n: string }>(sql`select count(*)::bigint as n from broadcasts`)).rows[0]!.n);
    return after - before;
  });
}
