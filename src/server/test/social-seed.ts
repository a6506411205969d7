import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

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
 *   before `now`; messages older than two days are read. The conversation trigger is switched
 *   off inside each batch's transaction (ALTER TABLE is transactional: other sessions never
 *   see it off, and they wait on the batch's lock instead of writing past the trigger), and
 *   private_conversations is rebuilt from the messages at the end, as migration 0009 does.
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
  /** Messages per transaction (default 500,000). */
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

/** The seeded people, numbered in id order, in a temporary table of this connection's session. */
async function numberPeople(tx: Db): Promise<number> {
  await tx.execute(sql`create temporary table if not exists seed_people (n int primary key, id uuid not null) on commit drop`);
  await tx.execute(sql`truncate seed_people`);
  await tx.execute(sql`
    insert into seed_people (n, id)
    select row_number() over (order by id), id from users where deleted_at is null`);
  await tx.execute(sql`analyze seed_people`);
  return Number((await tx.execute<{ n: string }>(sql`select count(*)::bigint as n from seed_people`)).rows[0]!.n);
}

export async function seedPrivateMessages(db: Db, options: MessageSeedOptions): Promise<{ messages: number; conversations: number; ms: number }> {
  const started = performance.now();
  const batchSize = options.batchSize ?? 500_000;
  const now = (options.now ?? new Date()).toISOString();
  const texts = sql.raw(`array[${MESSAGE_TEXTS.map((t) => `'${t.replace(/'/g, "''")}'`).join(', ')}]`);
  let done = 0;
  let batch = 0;
  while (done < options.messages) {
    const size = Math.min(batchSize, options.messages - done);
    await db.transaction(async (tx) => {
      // setseed makes random() repeatable within this session: one seed per batch.
      await tx.execute(sql`select setseed(${(((options.seed ?? 1) * 7919 + batch) % 10_000) / 10_000 - 0.5})`);
      const people = await numberPeople(tx as unknown as Db);
      if (people < 2) throw new Error('seedPrivateMessages needs at least two users');
      await tx.execute(sql`alter table private_messages disable trigger private_messages_touch_conversations`);
      await tx.execute(sql`
        insert into private_messages (sender_id, recipient_id, message, created_at, read_at)
        select s.id, r.id, (${texts})[1 + floor(random() * ${MESSAGE_TEXTS.length})::int], m.at,
          case when m.at < ${now}::timestamptz - interval '2 days' then m.at + interval '1 hour' end
        from (
          select
            1 + floor(power(random(), 2) * ${people})::int as a,
            1 + floor(power(random(), 3) * least(60, ${people - 1}))::int as step,
            random() < 0.5 as swap,
            ${now}::timestamptz - random() * interval '365 days' as at
          from generate_series(1, ${size})
        ) m
        join seed_people s on s.n = case when m.swap then 1 + (m.a - 1 + m.step) % ${people} else m.a end
        join seed_people r on r.n = case when m.swap then m.a else 1 + (m.a - 1 + m.step) % ${people} end`);
      await tx.execute(sql`alter table private_messages enable trigger private_messages_touch_conversations`);
    });
    done += size;
    batch += 1;
    options.onProgress?.(done, options.messages);
  }
  const conversations = await rebuildConversations(db);
  return { messages: done, conversations, ms: performance.now() - started };
}

/** private_conversations from the messages themselves: each pair's newest message, for both people. */
export async function rebuildConversations(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local work_mem = '512MB'`);
    await tx.execute(sql`
      with newest as (
        select distinct on (a, b) a, b, id, created_at
        from (
          select least(sender_id, recipient_id) as a, greatest(sender_id, recipient_id) as b, id, created_at
          from private_messages
        ) m
        order by a, b, created_at desc, id desc
      )
      insert into private_conversations as c (owner_id, partner_id, last_message_id, last_message_at)
      select a, b, id, created_at from newest
      union all
      select b, a, id, created_at from newest
      on conflict (owner_id, partner_id) do update
        set last_message_id = excluded.last_message_id, last_message_at = excluded.last_message_at
        where (excluded.last_message_at, excluded.last_message_id) > (c.last_message_at, c.last_message_id)`);
    return Number((await tx.execute<{ n: string }>(sql`select count(*)::bigint as n from private_conversations`)).rows[0]!.n);
  });
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
  return db.transaction(async (tx) => {
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
    for (let attempt = 0; ; attempt++) {
      await tx.execute(sql`
        update tree_caucuses set code = upper(substr(md5(random()::text || level || '.' || i), 1, 6))
        where code is null
           or code in (select invitation_code from caucuses)
           or (level, i) in (select level, i from (select level, i, row_number() over (partition by code order by level, i) as k from tree_caucuses) d where k > 1)`);
      const clash = (
        await tx.execute<{ n: number }>(sql`
          select count(*)::int as n from tree_caucuses t
          where t.code in (select invitation_code from caucuses)
             or t.code in (select code from tree_caucuses group by code having count(*) > 1)`)
      ).rows[0]!.n;
      if (clash === 0) break;
      if (attempt > 20) throw new Error('seedDistrictTree: could not draw unique invitation codes');
    }
    await tx.execute(sql`
      insert into caucuses (id, name, state, district, level, political_alignment, is_open, invitation_code, required_voting_members, created_at, updated_at)
      select t.id, 'Tree L' || t.level || ' #' || (t.i + 1), ${home.state}, ${home.district}, t.level, 'Independent', true, t.code, ${fanOut},
        ${now}::timestamptz - make_interval(days => 190 - t.level * 30), ${now}::timestamptz - make_interval(days => 180 - t.level * 30)
      from tree_caucuses t`);
    await tx.execute(sql`
      insert into caucus_members (caucus_id, user_id, is_voting_member, is_organizer)
      select t.id, v.id, true, false
      from tree_caucuses t cross join generate_series(0, ${fanOut - 1}) k
      join tree_voters v on v.n = (t.i * ${fanOut} + k) * power(${fanOut}, t.level - 1)::int + 1`);
    await tx.execute(sql`
      insert into votes (caucus_id, voter_id, candidate_id)
      select t.id, m.user_id, d.id
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
    const picked = (
      await tx.execute<{ deep: string; candidate: string }>(sql`
        select (select id from tree_voters where n = ${voters}) as deep,
          (select id from tree_voters where n = 1) as candidate`)
    ).rows[0]!;
    const caucusCount = TREE_LEVELS.reduce((n, level) => n + caucusesAt(level, fanOut), 0);
    return { state: home.state, district: home.district, deepVoterId: picked.deep, candidateId: picked.candidate, caucuses: caucusCount, voters };
  });
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
