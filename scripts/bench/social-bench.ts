// The social reads of issue 5 in `npm run bench`: the conversation list, one conversation and
// the broadcast list of a voter deep in a district's election tree, on a database with
// millions of private messages (written here when the database lacks them).
import type pg from 'pg';
import { systemClock } from '../../src/server/clock';
import type { Db } from '../../src/server/db/client';
import * as broadcastService from '../../src/server/features/broadcasts/broadcasts.service';
import * as messageService from '../../src/server/features/messages/messages.service';
import { seedBroadcasts, seedDistrictTree, seedPrivateMessages } from '../../src/server/test/social-seed';
import { mintSessions, pick, recordQueries, replay, type Endpoint } from './bench-kit';

export interface SocialBenchContext {
  db: Db;
  pool: pg.Pool;
  /** The app's AUTH_SECRET, to mint session cookies. */
  secret: string;
  log: (message: string) => void;
  fmt: (n: number, digits?: number) => string;
}

const one = async <T extends pg.QueryResultRow>(pool: pg.Pool, text: string): Promise<T> => (await pool.query<T>(text)).rows[0]!;

/** Writes what the database lacks: a district's full election tree, `messages` private messages, broadcasts. */
export async function ensureSocialData(ctx: SocialBenchContext, options: { messages: number; seed: number }): Promise<void> {
  const { pool, db, log, fmt } = ctx;
  const hasTree = (await one<{ yes: boolean }>(pool, 'select exists(select 1 from caucuses where level = 5 and election_finalized) as yes')).yes;
  if (!hasTree) {
    log('No finalized election tree yet: building one district’s whole tree (100,000 voters, 11,111 caucuses)…');
    const started = performance.now();
    const tree = await seedDistrictTree(db, { label: `bench${options.seed}` });
    log(`  ${tree.state}-${tree.district}: ${fmt(tree.voters)} voters, ${fmt(tree.caucuses)} caucuses in ${fmt((performance.now() - started) / 1000, 1)} s.`);
  }
  const have = Number((await one<{ n: string }>(pool, 'select count(*) as n from private_messages')).n);
  if (have < options.messages) {
    const missing = options.messages - have;
    log(`The database has ${fmt(have)} private messages: writing ${fmt(missing)} more (seedPrivateMessages)…`);
    let last = 0;
    const result = await seedPrivateMessages(db, {
      messages: missing,
      seed: options.seed,
      onProgress: (done, total) => {
        if (done < total && performance.now() - last < 5000) return;
        last = performance.now();
        log(`  messages ${fmt(done)}/${fmt(total)}`);
      },
    });
    log(`  ${fmt(result.messages)} messages, ${fmt(result.conversations)} conversation rows in ${fmt(result.ms / 1000, 1)} s.`);
  }
  const broadcasts = Number((await one<{ n: string }>(pool, 'select count(*) as n from broadcasts')).n);
  if (broadcasts === 0) {
    // The seed's administrator, or the first user.
    const sender = await one<{ id: string }>(pool, 'select id from users where deleted_at is null order by is_administrator desc, created_at limit 1');
    const written = await seedBroadcasts(db, { administratorId: sender.id });
    log(`Wrote ${fmt(written)} broadcasts (everyone, each state, each district, each finalized caucus's constituents).`);
  }
}

/**
 * The endpoints, with sessions minted for the people they read as. A part the database lacks
 * (no private messages with `--messages 0`, no finished district tree) is left out and named
 * in `skipped`, rather than failing the whole bench.
 */
export async function socialEndpoints(ctx: SocialBenchContext): Promise<{ endpoints: Endpoint[]; counts: Record<string, number>; skipped: string[] }> {
  const { pool, secret, fmt } = ctx;
  const ids = async (text: string) => (await pool.query<{ id: string }>(text)).rows.map((r) => r.id);
  // The busiest people (most conversations) and people drawn at random among those who have any.
  const busiest = await ids('select owner_id as id from private_conversations group by owner_id order by count(*) desc limit 50');
  const typical = await ids('select distinct owner_id as id from private_conversations tablesample system (0.5) limit 2000');
  // Pairs: the longest conversations, and pairs drawn at random.
  const longPairs = (
    await pool.query<{ a: string; b: string; n: string }>(
      'select sender_id as a, recipient_id as b, count(*) as n from private_messages group by 1, 2 order by 3 desc limit 50',
    )
  ).rows;
  const randomPairs = (
    await pool.query<{ a: string; b: string }>('select owner_id as a, partner_id as b from private_conversations tablesample system (0.5) limit 2000')
  ).rows;
  // Voters at the bottom of a finalized tree (level-1 voters who are nobody's delegate).
  const deepVoters = await ids(`
    select m.user_id as id from caucuses c join caucus_members m on m.caucus_id = c.id and m.is_voting_member
    where c.level = 1 and c.election_finalized and c.elected_delegate_id <> m.user_id
      and exists (select 1 from caucuses top where top.level = 5 and top.election_finalized and top.state = c.state and top.district = c.district)
    order by random() limit 2000`);
  const hasMessages = busiest.length > 0 && typical.length > 0 && longPairs.length > 0 && randomPairs.length > 0;
  const hasTree = deepVoters.length > 0;
  const skipped = [
    ...(hasMessages ? [] : ['private messages (GET /api/messages/*): the database has none (--messages 0)']),
    ...(hasTree ? [] : ['broadcasts (GET /api/broadcasts): the database has no finished five-level district tree']),
  ];

  const people = [...new Set([...busiest, ...typical, ...longPairs.map((p) => p.a), ...randomPairs.map((p) => p.a), ...deepVoters])];
  const sessions = await mintSessions(pool, people, secret);
  const cookie = (id: string) => ({ cookie: sessions.get(id)!.cookie });

  const deps = (db: Db) => ({ db, clock: systemClock });
  const swapUser = (from: string, list: string[]) => () => new Map<unknown, unknown>([[from, pick(list)]]);
  const swapPair = (from: { a: string; b: string }, list: Array<{ a: string; b: string }>) => () => {
    const p = pick(list);
    return new Map<unknown, unknown>([
      [from.a, p.a],
      [from.b, p.b],
    ]);
  };

  const endpoints: Endpoint[] = [];
  if (hasMessages) {
    const busiestConversations = Number(
      (await one<{ n: string }>(pool, `select count(*) as n from private_conversations where owner_id = '${busiest[0]}'`)).n,
    );
    const listSql = await recordQueries(pool, (db) => messageService.listConversations(deps(db), typical[0]!));
    const threadSql = await recordQueries(pool, (db) => messageService.getConversation(deps(db), longPairs[0]!.a, longPairs[0]!.b));
    const unreadSql = await recordQueries(pool, (db) => messageService.countUnread(deps(db), typical[0]!));
    endpoints.push(
      {
        name: 'conversations: busiest people',
        route: 'GET /api/messages/conversations (busiest)',
        note: `the ${busiest.length} people with the most conversations (up to ${fmt(busiestConversations)}), first page`,
        request: () => ({ path: '/api/messages/conversations', headers: cookie(pick(busiest)) }),
        raw: replay(listSql, swapUser(typical[0]!, busiest)),
        rawNote: 'same query',
        explain: await recordQueries(pool, (db) => messageService.listConversations(deps(db), busiest[0]!)),
      },
      {
        name: 'conversations: random people',
        route: 'GET /api/messages/conversations',
        note: `${fmt(typical.length)} random people with conversations, first page`,
        request: () => ({ path: '/api/messages/conversations', headers: cookie(pick(typical)) }),
        raw: replay(listSql, swapUser(typical[0]!, typical)),
        rawNote: 'same query',
        explain: listSql,
      },
      {
        name: 'one conversation: longest',
        route: 'GET /api/messages/conversations/:userId (longest)',
        note: `the ${longPairs.length} longest conversations (up to ${fmt(Number(longPairs[0]!.n))} messages one way), newest page`,
        request: () => {
          const p = pick(longPairs);
          return { path: `/api/messages/conversations/${p.b}`, headers: cookie(p.a) };
        },
        raw: replay(threadSql, swapPair(longPairs[0]!, longPairs)),
        rawNote: `same queries (${threadSql.length} statements)`,
        explain: threadSql,
      },
      {
        name: 'one conversation: random',
        route: 'GET /api/messages/conversations/:userId',
        note: `${fmt(randomPairs.length)} random conversations, newest page`,
        request: () => {
          const p = pick(randomPairs);
          return { path: `/api/messages/conversations/${p.b}`, headers: cookie(p.a) };
        },
        raw: replay(threadSql, swapPair(longPairs[0]!, randomPairs)),
        rawNote: `same queries (${threadSql.length} statements)`,
        explain: await recordQueries(pool, (db) => messageService.getConversation(deps(db), randomPairs[0]!.a, randomPairs[0]!.b)),
      },
      {
        name: 'unread count',
        route: 'GET /api/messages/unread-count',
        note: `${fmt(typical.length)} random people with conversations`,
        request: () => ({ path: '/api/messages/unread-count', headers: cookie(pick(typical)) }),
        raw: replay(unreadSql, swapUser(typical[0]!, typical)),
        rawNote: 'same query',
        explain: unreadSql,
      },
    );
  }
  if (hasTree) {
    const broadcastSql = await recordQueries(pool, (db) => broadcastService.listBroadcasts(deps(db), deepVoters[0]!));
    endpoints.push({
      name: 'broadcasts: deep voter',
      route: 'GET /api/broadcasts',
      note: `${fmt(deepVoters.length)} level-1 voters under a full five-level district tree`,
      request: () => ({ path: '/api/broadcasts', headers: cookie(pick(deepVoters)) }),
      raw: replay(broadcastSql, swapUser(deepVoters[0]!, deepVoters)),
      rawNote: `same queries (${broadcastSql.length} statements)`,
      explain: broadcastSql,
    });
  }
  const total = async (table: string) => Number((await one<{ n: string }>(pool, `select count(*) as n from ${table}`)).n);
  return {
    endpoints,
    counts: { privateMessages: await total('private_messages'), conversations: await total('private_conversations'), broadcasts: await total('broadcasts') },
    skipped,
  };
}
