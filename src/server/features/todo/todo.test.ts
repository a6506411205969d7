import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { TodoList } from '../../../domain/todo/todo-answer';
import type { Database } from '../../db/client';
import { users } from '../../db/schema/auth';
import { caucusMembers } from '../../db/schema/caucuses';
import { rewardClaims } from '../../db/schema/points';
import { addOrganizer, createCaucusRow } from '../../test/caucus-factories';
import { createUser } from '../../test/factories';
import { createTestApp } from '../../test/test-app';
import { createTestDatabase } from '../../test/test-database';
import { awardBadges } from '../points/awards.service';
import { readTodoFacts } from './todo.service';

let database: Database;
let t: ReturnType<typeof createTestApp>;

beforeAll(async () => {
  database = await createTestDatabase();
  t = createTestApp(database.db);
});

let district = 0;
/** A district of its own for each caucus, so no test meets another's caucuses. */
const home = () => ({ state: 'CA', district: (district++ % 52) + 1 });

async function member() {
  const user = await createUser(database.db);
  return { ...user, cookie: await t.signIn(user.email, user.password) };
}

const listOf = async (cookie: string) => {
  const res = await t.request('/api/todo', { cookie });
  expect(res.status).toBe(200);
  return ((await res.json()) as { list: TodoList | null }).list;
};
const doneKeys = (list: TodoList | null) => list?.items.filter((i) => i.done).map((i) => i.key);

/** A finalized caucus at `level` whose voting members include `voterIds` and whose delegate is `delegateId`. */
async function finalizedCaucus(level: number, delegateId: string, voterIds: string[]) {
  const caucus = await createCaucusRow(database.db, { ...home(), level });
  for (const userId of new Set([delegateId, ...voterIds])) await database.db.insert(caucusMembers).values({ caucusId: caucus.id, userId, isVotingMember: true });
  await database.db.execute(sql`update caucuses set election_finalized = true, voting_finalized = true, elected_delegate_id = ${delegateId} where id = ${caucus.id}`);
  return caucus;
}

describe('GET /api/todo: the list that fits the user', () => {
  it('a newcomer sees list 1, nothing checked', async () => {
    const user = await member();
    const list = await listOf(user.cookie);
    expect(list?.kind).toBe('newcomer');
    expect(list?.items).toHaveLength(5);
    expect(doneKeys(list)).toEqual([]);
  });

  it('a newcomer with a claim, a voting membership, the Friend badge and a Spark has those checked', async () => {
    const user = await member();
    await database.db.insert(rewardClaims).values({ userId: user.id, rewardType: 'welcome_voucher', status: 'processed', voucherCode: `GUC-TEST-${user.id.slice(0, 8)}` });
    const caucus = await createCaucusRow(database.db, home());
    await database.db.insert(caucusMembers).values({ caucusId: caucus.id, userId: user.id, isVotingMember: true });
    await awardBadges(database.db, user.id, ['Friend'], new Date());
    await database.db.update(users).set({ sparks: 1 }).where(eq(users.id, user.id));
    expect(doneKeys(await listOf(user.cookie))).toEqual(['claim_welcome', 'join_caucus', 'fill_caucus', 'first_spark']);
  });

  it('a member of a caucus with an elected delegate sees list 2, and no list once all three are done', async () => {
    const delegate = await createUser(database.db);
    const user = await member();
    await finalizedCaucus(1, delegate.id, [user.id]);
    let list = await listOf(user.cookie);
    expect(list?.kind).toBe('member');
    expect(doneKeys(list)).toEqual([]);

    await createCaucusRow(database.db, { ...home(), organizerId: user.id });
    await database.db.update(users).set({ sparks: 10 }).where(eq(users.id, user.id));
    expect(doneKeys(await listOf(user.cookie))).toEqual(['ten_sparks', 'organize_caucus']);

    await database.db.update(users).set({ banners: 1 }).where(eq(users.id, user.id));
    list = await listOf(user.cookie);
    expect(list).toBeNull();
  });

  it('an elected delegate sees list 3; two organized caucuses and a level 2 seat check their items', async () => {
    const user = await member();
    await finalizedCaucus(1, user.id, []);
    let list = await listOf(user.cookie);
    expect(list?.kind).toBe('delegate');
    expect(doneKeys(list)).toEqual([]);

    // One caucus as organizer_id, one as a co-organizer: two organized caucuses.
    await createCaucusRow(database.db, { ...home(), organizerId: user.id });
    expect(doneKeys(await listOf(user.cookie))).toEqual([]);
    const coOrganized = await createCaucusRow(database.db, home());
    await addOrganizer(database.db, coOrganized.id, user.id);
    const level2 = await createCaucusRow(database.db, { ...home(), level: 2 });
    await database.db.insert(caucusMembers).values({ caucusId: level2.id, userId: user.id, isVotingMember: true });
    list = await listOf(user.cookie);
    expect(doneKeys(list)).toEqual(['level_two', 'organize_another']);
  });

  it('a visitor is refused', async () => {
    expect((await t.request('/api/todo')).status).toBe(401);
  });

  it('reads the facts in one query, however much the user has done', async () => {
    const light = await createUser(database.db);
    const heavy = await createUser(database.db);
    await finalizedCaucus(1, heavy.id, []);
    for (let i = 0; i < 3; i++) await createCaucusRow(database.db, { ...home(), organizerId: heavy.id });
    await awardBadges(database.db, heavy.id, ['Friend', 'Believer'], new Date());
    const spy = vi.spyOn(database.pool, 'query');
    try {
      await readTodoFacts({ db: database.db }, light.id);
      const forLight = spy.mock.calls.length;
      const facts = await readTodoFacts({ db: database.db }, heavy.id);
      expect(forLight).toBe(1);
      expect(spy.mock.calls.length - forLight).toBe(1);
      expect(facts).toMatchObject({ isElectedDelegate: true, organizedCaucuses: 3, hasFriendBadge: true, votingMemberships: 1 });
    } finally {
      spy.mockRestore();
    }
  });
});
