import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkElectionRecord, sha256Hex } from '../../domain/caucuses/election-record';
import type { Database } from '../db/client';
import { listBroadcastsFor, readSender } from '../features/broadcasts/broadcasts.service';
import { readElectionRecord } from '../features/caucuses/election-record.service';
import { listConversations } from '../features/messages/messages.service';
import { systemClock } from '../clock';
import { createUser } from './factories';
import { seedBroadcasts, seedDistrictTree, seedPrivateMessages } from './social-seed';
import { createTestDatabase, directDatabaseOf } from './test-database';

let database: Database;

beforeAll(async () => {
  // The seeders keep settings in their session (bulk loads): direct, as scripts/seed.ts runs behind PgBouncer.
  database = directDatabaseOf(await createTestDatabase());
  for (let i = 0; i < 40; i++) await createUser(database.db, { state: 'TX', district: 1 + (i % 3) });
});

const rows = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) => (await database.db.execute<T>(query)).rows;

/** The indexes of a table, as PostgreSQL would recreate them. */
const indexesOf = async (table: string) =>
  (await rows<{ indexdef: string }>(sql`select indexdef from pg_indexes where schemaname = 'public' and tablename = ${table} order by indexname`)).map((r) => r.indexdef);

describe('seedPrivateMessages', () => {
  it('writes the messages in batches and leaves private_conversations exactly as the trigger would', async () => {
    const before = { messages: await indexesOf('private_messages'), conversations: await indexesOf('private_conversations') };
    expect(before.messages.length).toBeGreaterThan(2);
    const result = await seedPrivateMessages(database.db, { messages: 3000, batchSize: 700, seed: 3 });
    // The empty tables were loaded without their secondary indexes: they are back as they were.
    expect({ messages: await indexesOf('private_messages'), conversations: await indexesOf('private_conversations') }).toEqual(before);
    expect(result.messages).toBe(3000);
    const [total] = await rows<{ n: number }>(sql`select count(*)::int as n from private_messages`);
    expect(total?.n).toBe(3000);
    const [self] = await rows<{ n: number }>(sql`select count(*)::int as n from private_messages where sender_id = recipient_id`);
    expect(self?.n).toBe(0);

    // What the trigger keeps: for each person and partner, their newest message.
    const expected = await rows<{ owner_id: string; partner_id: string; id: string }>(sql`
      select distinct on (owner_id, partner_id) owner_id, partner_id, id from (
        select sender_id as owner_id, recipient_id as partner_id, id, created_at from private_messages
        union all select recipient_id, sender_id, id, created_at from private_messages) m
      order by owner_id, partner_id, created_at desc, id desc`);
    const actual = await rows<{ owner_id: string; partner_id: string; id: string }>(sql`
      select owner_id, partner_id, last_message_id as id from private_conversations order by owner_id, partner_id`);
    expect(actual).toEqual(expected);
    expect(result.conversations).toBe(expected.length);

    // The trigger is on again: a message sent now moves its conversation.
    const [pair] = await rows<{ sender_id: string; recipient_id: string }>(sql`select sender_id, recipient_id from private_messages limit 1`);
    const [fresh] = await rows<{ id: string }>(sql`
      insert into private_messages (sender_id, recipient_id, message, created_at)
      values (${pair!.sender_id}, ${pair!.recipient_id}, 'hello', now() + interval '1 day') returning id`);
    const list = await listConversations({ db: database.db, clock: systemClock }, pair!.sender_id);
    expect(list.conversations[0]!.lastMessage.id).toBe(fresh!.id);

    // A second seed into the filled tables upserts the conversations, still as the trigger would.
    await seedPrivateMessages(database.db, { messages: 500, batchSize: 200, seed: 4 });
    const [again] = await rows<{ n: number }>(sql`
      select count(*)::int as n from private_conversations c
      where c.last_message_id <> (
        select m.id from private_messages m
        where (m.sender_id, m.recipient_id) in ((c.owner_id, c.partner_id), (c.partner_id, c.owner_id))
        order by m.created_at desc, m.id desc limit 1)`);
    expect(again?.n).toBe(0);
    const [pairs] = await rows<{ n: number }>(sql`
      select count(*)::int as n from (select distinct sender_id, recipient_id from private_messages
        union select recipient_id, sender_id from private_messages) p`);
    const [conversations] = await rows<{ n: number }>(sql`select count(*)::int as n from private_conversations`);
    expect(conversations?.n).toBe(pairs?.n);

    // A top-up with the first run's seed (the bench's, raising --messages) draws new rows, ids included.
    await seedPrivateMessages(database.db, { messages: 700, batchSize: 700, seed: 3 });
    const [after] = await rows<{ n: number }>(sql`select count(*)::int as n from private_messages`);
    expect(after?.n).toBe(3000 + 1 + 500 + 700);
  });
});

describe('seedDistrictTree and seedBroadcasts', () => {
  it('builds a finalized tree whose deepest voter hears every delegate above them, and only them', async () => {
    const admin = await createUser(database.db, { isAdministrator: true });
    const tree = await seedDistrictTree(database.db, { fanOut: 2, label: 'seedtest' });
    expect(tree).toMatchObject({ caucuses: 16 + 8 + 4 + 2 + 1, voters: 32 });

    const levels = await rows<{ level: number; n: number; full: number }>(sql`
      select c.level, count(*)::int as n, count(*) filter (where c.voting_member_count = 2 and c.election_finalized)::int as full
      from caucuses c where c.state = ${tree.state} and c.district = ${tree.district} and c.name like 'Tree %'
      group by c.level order by c.level`);
    expect(levels).toEqual([
      { level: 1, n: 16, full: 16 },
      { level: 2, n: 8, full: 8 },
      { level: 3, n: 4, full: 4 },
      { level: 4, n: 2, full: 2 },
      { level: 5, n: 1, full: 1 },
    ]);
    // Every vote names the caucus's delegate: the elections are unanimous.
    const [split] = await rows<{ n: number }>(sql`
      select count(*)::int as n from votes v join caucuses c on c.id = v.caucus_id
      where c.name like 'Tree %' and v.candidate_id <> c.elected_delegate_id`);
    expect(split?.n).toBe(0);

    // Each caucus's election record checks, and elects its delegate: creation, 2 joins, 2 votes, finalization.
    const [records] = await rows<{ n: number }>(sql`
      select count(*)::int as n from election_records r join caucuses c on c.id = r.caucus_id where c.name like 'Tree %'`);
    expect(records?.n).toBe(31 * 6);
    for (const level of [1, 5]) {
      const [caucus] = await rows<{ id: string }>(sql`select id from caucuses where name like 'Tree %' and level = ${level} order by name limit 1`);
      const file = await readElectionRecord({ db: database.db }, caucus!.id, null);
      expect(file.entries.map((e) => e.kind)).toEqual(['created', 'joined', 'joined', 'vote', 'vote', 'finalized']);
      expect(await checkElectionRecord(file, sha256Hex)).toMatchObject({ ok: true, result: { holds: true, members: 2 } });
    }

    const candidate = await readSender(database.db, tree.candidateId);
    expect(candidate?.constituency?.level).toBe(5);

    const written = await seedBroadcasts(database.db, { administratorId: admin.id, perEveryone: 2, perState: 1, perDistrict: 1, perCaucus: 1 });
    expect(written).toBeGreaterThan(31);

    // The deepest voter's list: everyone, their state, their district, and the 5 caucuses above them.
    const seen = await listBroadcastsFor(database.db, tree.deepVoterId, 100);
    const constituents = seen.filter((b) => b.scope === 'constituents');
    expect(constituents.map((b) => b.level).sort()).toEqual([1, 2, 3, 4, 5]);
    expect(seen.filter((b) => b.scope === 'everyone')).toHaveLength(2);
    expect(seen.filter((b) => b.scope === 'state').every((b) => b.targetState === tree.state)).toBe(true);
    expect(seen.filter((b) => b.scope === 'district').every((b) => b.targetState === tree.state && b.targetDistrict === tree.district)).toBe(true);

    // A voter of another district hears none of the tree's delegates.
    const outsider = await createUser(database.db, { state: 'VT', district: 1 });
    expect((await listBroadcastsFor(database.db, outsider.id, 100)).filter((b) => b.scope === 'constituents')).toEqual([]);
  });
});
